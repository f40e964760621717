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

/// Rows `row ..< row + count` of a new section and where they came from: `origin` is the first row's; a run
/// of more than one row is of rows that kept their order (`.kept`), from consecutive old rows.
public struct RowOriginRun: Equatable, Sendable {
    public var row: Int
    public var origin: RowOrigin
    public var count: Int

    public init(row: Int, origin: RowOrigin, count: Int) {
        self.row = row
        self.origin = origin
        self.count = count
    }
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
        let walk = RowOriginWalk(self, sections: sections, oldRowCounts: oldRowCounts)
        return sections.indices.map { n in
            var origins: [RowOrigin] = []
            origins.reserveCapacity(n < rowCounts.count ? rowCounts[n] : 0)
            walk.forEachRow(ofSection: n, count: n < rowCounts.count ? rowCounts[n] : 0) { origins.append($1) }
            return origins
        }
    }

    /// `rowOrigins`, for the new sections in `only` (keyed by section): what a view of the changed sections
    /// needs, in time proportional to those sections and the commit's changes, not to the table.
    public func rowOrigins(
        sections: [SectionOrigin], rowCounts: [Int], oldRowCounts: [Int], only: Set<Int>
    ) -> [Int: [RowOrigin]] {
        let walk = RowOriginWalk(self, sections: sections, oldRowCounts: oldRowCounts)
        var origins: [Int: [RowOrigin]] = [:]
        for n in only where n >= 0 && n < sections.count {
            var section: [RowOrigin] = []
            let count = n < rowCounts.count ? rowCounts[n] : 0
            section.reserveCapacity(count)
            walk.forEachRow(ofSection: n, count: count) { section.append($1) }
            origins[n] = section
        }
        return origins
    }

    /// `rowOrigins(sections:rowCounts:oldRowCounts:only:)` as runs: for each new section in `only`, its rows in
    /// order, rows that kept their order among those that stay joined into one run of consecutive old rows.
    /// Costs O(the commit's changes) a section, not O(its rows): a change view of one row in a section of
    /// 100,000 makes a few runs.
    public func rowOriginRuns(
        sections: [SectionOrigin], rowCounts: [Int], oldRowCounts: [Int], only: Set<Int>
    ) -> [Int: [RowOriginRun]] {
        let walk = RowOriginWalk(self, sections: sections, oldRowCounts: oldRowCounts)
        var runs: [Int: [RowOriginRun]] = [:]
        for n in only where n >= 0 && n < sections.count {
            var section: [RowOriginRun] = []
            walk.forEachRun(ofSection: n, count: n < rowCounts.count ? rowCounts[n] : 0) { section.append($0) }
            runs[n] = section
        }
        return runs
    }

    /// Where old row `path` is after the commit (nil when it was deleted, or its section deleted or
    /// reloaded), by the same rule as `rowOrigins`: where the selection goes, whether the commit was a
    /// batch or a single command done in place. Costs O(the commit's changes).
    public func newPath(forOld path: IndexPath, sectionCount: Int) -> IndexPath? {
        let newSection: Int
        if let origins = storedSectionOrigins {
            guard
                let n = origins.firstIndex(where: {
                    $0 == .kept(from: path.section) || $0 == .moved(from: path.section)
                })
            else { return nil }
            newSection = n
        } else {
            // No section changed: each kept its index (`sectionOrigins(count:)`), without making the list.
            guard path.section >= 0 && path.section < sectionCount else { return nil }
            newSection = path.section
        }
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
        var taken: [Int] = []  // the new section's fixed rows, which the row moves past
        for p in insertedRows where p.section == newSection { taken.append(p.row) }
        for r in reloadedRows where r.to.section == newSection { taken.append(r.to.row) }
        for m in movedRows where m.to.section == newSection { taken.append(m.to.row) }
        taken.sort()
        var row = path.row - removedBefore
        for takenRow in taken {
            if takenRow <= row { row += 1 } else { break }
        }
        return IndexPath(section: newSection, row: row)
    }
}

/// The row mapping of a commit (`CommitReport.rowOrigins`), walked a section at a time without
/// being stored: a commit that only looks at each row once (the table view's cells) need not
/// allocate an origin for each of a million rows.
struct RowOriginWalk {
    private let sections: [SectionOrigin]
    private let oldRowCounts: [Int]
    /// For each new section, its fixed rows (inserts, reload and move destinations) by row; for one
    /// row, the first given.
    private var pinned: [[(row: Int, origin: RowOrigin)]]
    /// For each old section, its rows that leave: deleted, reloaded or moved.
    private var leaving: [[Int]]

    /// The mapping `report` gives to new sections with origins `sections`, from old sections of
    /// `oldRowCounts` rows.
    init(_ report: CommitReport, sections: [SectionOrigin], oldRowCounts: [Int]) {
        self.sections = sections
        self.oldRowCounts = oldRowCounts
        var pinned = [[(row: Int, origin: RowOrigin)]](repeating: [], count: sections.count)
        var leaving = [[Int]](repeating: [], count: oldRowCounts.count)
        // Each section's list reserved for its rows first, not grown by doubling.
        var (pinCounts, leaveCounts) = (
            [Int](repeating: 0, count: pinned.count), [Int](repeating: 0, count: leaving.count)
        )
        func count(_ path: IndexPath, _ counts: inout [Int]) {
            if path.section >= 0 && path.section < counts.count { counts[path.section] += 1 }
        }
        for p in report.insertedRows { count(p, &pinCounts) }
        for changes in [report.reloadedRows, report.movedRows] {
            for change in changes {
                count(change.from, &leaveCounts)
                count(change.to, &pinCounts)
            }
        }
        for p in report.deletedRows { count(p, &leaveCounts) }
        for n in pinned.indices { pinned[n].reserveCapacity(pinCounts[n]) }
        for o in leaving.indices { leaving[o].reserveCapacity(leaveCounts[o]) }
        func pin(_ path: IndexPath, _ origin: RowOrigin) {
            if path.section >= 0 && path.section < pinned.count { pinned[path.section].append((path.row, origin)) }
        }
        func leave(_ path: IndexPath) {
            if path.section >= 0 && path.section < leaving.count { leaving[path.section].append(path.row) }
        }
        for p in report.insertedRows { pin(p, .inserted) }
        for r in report.reloadedRows {
            leave(r.from)
            pin(r.to, .reloaded(from: r.from))
        }
        for m in report.movedRows {
            leave(m.from)
            pin(m.to, .moved(from: m.from))
        }
        for p in report.deletedRows { leave(p) }
        // By row, stably, so the first given for a row comes first.
        for n in pinned.indices where pinned[n].count > 1 { pinned[n] = Self.sortedByRow(pinned[n]) }
        self.pinned = pinned
        self.leaving = leaving
    }

    /// `pins` in stable order of their rows: a radix sort of the rows (`RadixOrder`) when none is negative.
    private static func sortedByRow(_ pins: [(row: Int, origin: RowOrigin)]) -> [(row: Int, origin: RowOrigin)] {
        var largest = 0
        for pin in pins {
            guard pin.row >= 0 else { return stableSortedByRow(pins) }
            largest = Swift.max(largest, pin.row)
        }
        let keys = pins.map { UInt64($0.row) }
        guard let order = RadixOrder.stableOrder(of: keys, keyBits: Int.bitWidth - largest.leadingZeroBitCount) else {
            return stableSortedByRow(pins)
        }
        return order.map { pins[$0] }
    }

    /// `pins` in stable order of their rows, by comparisons (rows and then the order given).
    private static func stableSortedByRow(_ pins: [(row: Int, origin: RowOrigin)]) -> [(row: Int, origin: RowOrigin)] {
        pins.indices.sorted { pins[$0].row != pins[$1].row ? pins[$0].row < pins[$1].row : $0 < $1 }.map { pins[$0] }
    }

    /// Calls `body` with each row of new section `n` (of `count` rows) and where it came from, in
    /// order. An inserted section's rows are all inserted and a reloaded section's all reloaded (from
    /// the row at the same index, when the old section had one). Nothing when the map has no section `n`.
    @inline(__always)
    func forEachRow(ofSection n: Int, count: Int, _ body: (_ row: Int, _ origin: RowOrigin) -> Void) {
        guard n >= 0 && n < sections.count else { return }
        let count = Swift.max(count, 0)
        let origin = sections[n]
        guard let o = origin.old else {
            for row in 0..<count { body(row, .inserted) }
            return
        }
        let oldCount = o >= 0 && o < oldRowCounts.count ? oldRowCounts[o] : 0
        if case .reloaded = origin {
            for row in 0..<count {
                body(row, row < oldCount ? .reloaded(from: IndexPath(section: o, row: row)) : .inserted)
            }
            return
        }
        let pinned = self.pinned[n]
        var gone = [Bool](repeating: false, count: oldCount)
        if o >= 0 && o < leaving.count {
            for row in leaving[o] where row >= 0 && row < oldCount { gone[row] = true }
        }
        var p = 0
        var next = 0
        for row in 0..<count {
            while p < pinned.count && pinned[p].row < row { p += 1 }
            if p < pinned.count && pinned[p].row == row {
                body(row, pinned[p].origin)
                p += 1
                continue
            }
            while next < oldCount && gone[next] { next += 1 }
            // The counts passed UIKit's check, so an old row is left for every free slot.
            body(row, next < oldCount ? .kept(from: IndexPath(section: o, row: next)) : .inserted)
            next += 1
        }
    }

    /// `forEachRow` as runs (`RowOriginRun`): the rows that keep their order come as one run from each
    /// fixed row or leaving old row to the next, so the walk costs the section's changes, not its rows.
    func forEachRun(ofSection n: Int, count: Int, _ body: (RowOriginRun) -> Void) {
        var runs = self.runs(ofSection: n, count: count)
        while let run = runs.next() { body(run) }
    }

    /// The runs `forEachRun` gives, one at a time: a loop over them holds its state in its own variables,
    /// which a closure called for each run would capture.
    func runs(ofSection n: Int, count: Int) -> Runs {
        guard n >= 0 && n < sections.count else { return Runs(count: 0, old: -1, wholeSection: true) }
        let count = Swift.max(count, 0)
        let origin = sections[n]
        guard let o = origin.old else { return Runs(count: count, old: -1, wholeSection: true) }
        let oldCount = o >= 0 && o < oldRowCounts.count ? oldRowCounts[o] : 0
        if case .reloaded = origin { return Runs(count: count, old: o, oldCount: oldCount, wholeSection: true) }
        var gone = o >= 0 && o < leaving.count ? leaving[o].filter { $0 >= 0 && $0 < oldCount } : []
        gone.sort()
        return Runs(count: count, old: o, oldCount: oldCount, pinned: pinned[n], gone: gone)
    }

    /// The runs of rows of one new section, in order (`runs(ofSection:count:)`).
    struct Runs: IteratorProtocol {
        private let count: Int
        /// The old section the rows come from: -1 for a section inserted.
        private let old: Int
        private let oldCount: Int
        /// Whether every row is reloaded (or inserted past the old rows): a section inserted or reloaded.
        private let wholeSection: Bool
        private let pinned: [(row: Int, origin: RowOrigin)]
        private let gone: [Int]
        private var p = 0  // the next fixed row
        private var g = 0  // the next leaving old row
        private var nextOld = 0  // the next old row that stays
        private var row = 0

        fileprivate init(
            count: Int, old: Int, oldCount: Int = 0, wholeSection: Bool = false,
            pinned: [(row: Int, origin: RowOrigin)] = [], gone: [Int] = []
        ) {
            (self.count, self.old, self.oldCount, self.wholeSection) = (count, old, oldCount, wholeSection)
            (self.pinned, self.gone) = (pinned, gone)
        }

        mutating func next() -> RowOriginRun? {
            guard row < count else { return nil }
            if wholeSection {
                // A section inserted or reloaded: every row inserted or reloaded, one by one as `forEachRow` gives them.
                defer { row += 1 }
                let reloaded = old >= 0 && row < oldCount
                return RowOriginRun(
                    row: row, origin: reloaded ? .reloaded(from: IndexPath(section: old, row: row)) : .inserted,
                    count: 1)
            }
            while p < pinned.count && pinned[p].row < row { p += 1 }
            if p < pinned.count && pinned[p].row == row {
                defer { (p, row) = (p + 1, row + 1) }
                return RowOriginRun(row: row, origin: pinned[p].origin, count: 1)
            }
            while g < gone.count && gone[g] <= nextOld {
                if gone[g] == nextOld { nextOld += 1 }
                g += 1
            }
            guard nextOld < oldCount else {
                defer { row += 1 }
                return RowOriginRun(row: row, origin: .inserted, count: 1)
            }
            // Up to the next fixed row, the next old row that leaves, or either end.
            let length = Swift.min(
                (p < pinned.count ? pinned[p].row : count) - row, (g < gone.count ? gone[g] : oldCount) - nextOld)
            defer { (row, nextOld) = (row + length, nextOld + length) }
            return RowOriginRun(row: row, origin: .kept(from: IndexPath(section: old, row: nextOld)), count: length)
        }
    }
}
