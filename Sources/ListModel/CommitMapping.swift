/// Where a section of the table after a commit came from.
public enum SectionOrigin: Equatable, Sendable {
    /// Inserted by the commit: it has no old section.
    case inserted
    /// Old section `from`, reloaded: its rows are new cells.
    case reloaded(from: Int)
    /// Old section `from`, moved here by a section move.
    case moved(from: Int)
    /// Old section `from`, which kept its place among the sections that stay.
    case kept(from: Int)

    /// The old section, unless the section is new.
    public var old: Int? {
        switch self {
        case .inserted: nil
        case .reloaded(let o), .moved(let o), .kept(let o): o
        }
    }

    /// The origins of the `newCount` sections after a commit from `oldCount` sections: inserted
    /// sections, move destinations and reload destinations are fixed, the other old sections keep their
    /// order and fill the rest (as the batch check maps them: survivors fill the free indexes in their old order). Nil when the commit changed no
    /// section, so every section kept its index.
    static func map(
        from oldCount: Int, to newCount: Int, inserted: [Int], deleted: [Int], moved: [SectionChange],
        reloaded: [SectionChange]
    ) -> [SectionOrigin]? {
        if inserted.isEmpty && deleted.isEmpty && moved.isEmpty && reloaded.isEmpty { return nil }
        var origins = [SectionOrigin?](repeating: nil, count: newCount)
        var leaving = Set(deleted)
        func fix(_ n: Int, _ origin: SectionOrigin) {
            if n >= 0 && n < newCount && origins[n] == nil { origins[n] = origin }
        }
        for n in inserted { fix(n, .inserted) }
        for m in moved {
            leaving.insert(m.from)
            fix(m.to, .moved(from: m.from))
        }
        for r in reloaded {
            leaving.insert(r.from)
            fix(r.to, .reloaded(from: r.from))
        }
        var next = 0
        return origins.map { slot in
            if let slot { return slot }
            while next < oldCount && leaving.contains(next) { next += 1 }
            defer { next += 1 }
            return next < oldCount ? .kept(from: next) : .inserted
        }
    }
}

/// Where a row of the table after a commit came from.
public enum RowOrigin: Equatable, Sendable {
    /// Inserted by the commit.
    case inserted
    /// Old row `from`, reloaded: its reload's insert landed here.
    case reloaded(from: IndexPath)
    /// Old row `from`, moved here by a row move.
    case moved(from: IndexPath)
    /// Old row `from`, which kept its order among the rows of its section that stay.
    case kept(from: IndexPath)
}

/// The old→new mapping of a commit, as UITableView maps its cells and its selection: inserts, reload
/// destinations and move destinations are fixed; the rows that stay keep their order and fill the
/// rest of their section (and the same for sections).
extension CommitReport {
    /// Where each section of the table after the commit came from, for a table of `count` sections.
    public func sectionOrigins(count: Int) -> [SectionOrigin] {
        storedSectionOrigins ?? (0..<count).map { .kept(from: $0) }
    }

    /// Where each row of each new section came from. `sections` are the new sections' origins
    /// (`sectionOrigins(count:)`), `rowCounts` their numbers of rows and `oldRowCounts` the old
    /// sections'. Costs O(rows + the commit's changes).
    ///
    /// An inserted section's rows are all inserted and a reloaded section's all reloaded (from the
    /// row at the same index, when the old section had one).
    public func rowOrigins(sections: [SectionOrigin], rowCounts: [Int], oldRowCounts: [Int]) -> [[RowOrigin]] {
        var fixed: [Int: [(row: Int, origin: RowOrigin)]] = [:]
        var leaving: [Int: [Int]] = [:]
        for p in insertedRows { fixed[p.section, default: []].append((p.row, .inserted)) }
        for r in reloadedRows {
            leaving[r.from.section, default: []].append(r.from.row)
            fixed[r.to.section, default: []].append((r.to.row, .reloaded(from: r.from)))
        }
        for m in movedRows {
            leaving[m.from.section, default: []].append(m.from.row)
            fixed[m.to.section, default: []].append((m.to.row, .moved(from: m.from)))
        }
        for p in deletedRows { leaving[p.section, default: []].append(p.row) }
        return sections.enumerated().map { n, origin in
            let count = n < rowCounts.count ? rowCounts[n] : 0
            guard let o = origin.old else { return Array(repeating: .inserted, count: count) }
            let oldCount = o < oldRowCounts.count ? oldRowCounts[o] : 0
            if case .reloaded = origin {
                return (0..<count).map { $0 < oldCount ? .reloaded(from: IndexPath(section: o, row: $0)) : .inserted }
            }
            // The fixed rows by row (the first given for a row wins), and the old rows that leave, as flags.
            let pinned = (fixed[n] ?? []).enumerated().sorted {
                ($0.element.row, $0.offset) < ($1.element.row, $1.offset)
            }
            var gone = [Bool](repeating: false, count: oldCount)
            for row in leaving[o] ?? [] where row >= 0 && row < oldCount { gone[row] = true }
            var origins: [RowOrigin] = []
            origins.reserveCapacity(count)
            var p = 0
            var next = 0
            for row in 0..<count {
                while p < pinned.count && pinned[p].element.row < row { p += 1 }
                if p < pinned.count && pinned[p].element.row == row {
                    origins.append(pinned[p].element.origin)
                    p += 1
                    continue
                }
                while next < oldCount && gone[next] { next += 1 }
                // The counts passed UIKit's check, so an old row is left for every free slot.
                origins.append(next < oldCount ? .kept(from: IndexPath(section: o, row: next)) : .inserted)
                next += 1
            }
            return origins
        }
    }

    /// Where old row `path` is after the commit (nil when it was deleted, or its section deleted or
    /// reloaded), by the same rule as `rowOrigins`. Costs O(the commit's changes).
    public func newPath(forOld path: IndexPath, sectionCount: Int) -> IndexPath? {
        let origins = sectionOrigins(count: sectionCount)
        guard
            let newSection = origins.firstIndex(where: {
                $0 == .kept(from: path.section) || $0 == .moved(from: path.section)
            })
        else { return nil }
        var removedBefore = 0
        for m in movedRows where m.from.section == path.section {
            if m.from.row == path.row { return m.to }
            if m.from.row < path.row { removedBefore += 1 }
        }
        for r in reloadedRows where r.from.section == path.section {
            if r.from.row == path.row { return r.to }
            if r.from.row < path.row { removedBefore += 1 }
        }
        for p in deletedRows where p.section == path.section {
            if p.row == path.row { return nil }
            if p.row < path.row { removedBefore += 1 }
        }
        var taken = insertedRows.filter { $0.section == newSection }.map(\.row)
        taken += reloadedRows.filter { $0.to.section == newSection }.map(\.to.row)
        taken += movedRows.filter { $0.to.section == newSection }.map(\.to.row)
        taken.sort()
        var row = path.row - removedBefore
        for takenRow in taken {
            if takenRow <= row { row += 1 } else { break }
        }
        return IndexPath(section: newSection, row: row)
    }
}
