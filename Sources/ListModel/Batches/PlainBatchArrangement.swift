/// How a batch of plain commands edits the data source "as meant", as an app would: deletes remove rows, inserts add them at
/// their new paths, moves carry rows, a reload replaces a row's text in place, a section reload
/// replaces its rows, and everything else keeps its order, filling the free new places.
///
/// UIKit's checks then run against the result, so the edit must also be lenient where the commands
/// are wrong, keeping the counts the checks will report on:
/// - Sections. A move is used when its source exists and was not moved by an earlier command; a
///   moved section is not deleted. Deletes of existing sections remove them; a reload of an existing
///   section with rows replaces its surviving rows (the first reload of a section decides); inserts
///   (the first at each index) add empty sections.
/// - Rows. A move is used when its source row exists, its destination section will exist and its
///   source was not moved by an earlier command; it carries the row, even out of a deleted section.
///   Deletes and reloads of existing rows that are not moved remove the row or replace its text
///   (the first reload of a row decides). Inserts (the first at each path) into sections that will
///   exist add rows; others are dropped.
/// - Placing. The survivors keep their order; inserts and move destinations take their indexes in
///   ascending order (at one index: inserts first, then moves by source); an index already taken
///   or past the end gives the next free place, so an out-of-range insert lands at the end.
///
/// Each kind of command is sorted once, as plain values (texts are looked up by index), the rest is
/// merging; each surviving row is copied once, in runs, and untouched sections keep their row
/// arrays (shared, not copied). A batch of k commands on n rows in s sections costs O(n + s + k log k).
enum PlainBatchArrangement {
    /// The data source after the batch's plain commands, applied to `old`. `operations` are all the
    /// batch's operations, sorted; `pending[i]` is operation i, a plain command or a `table` one.
    static func apply(_ operations: SortedOperations, pending: [PendingOperation], to old: [Section]) -> [Section] {
        let edits = PlainEdits(pending)
        // Compact, so that looking it up by operation stays in cache.
        let isPlainOperation = pending.map { $0.isPlain }
        /// True when operation `operation` is a plain command.
        func isPlain(_ operation: Int) -> Bool { isPlainOperation[operation] }
        let origins = arrangeSections(operations, edits: edits, isPlain: isPlain, oldCount: old.count)
        let newCount = origins.count

        // Row moves: per source, the first (in issue order) whose ends are valid.
        var moves: [MoveItem] = []
        moves.reserveCapacity(operations.moves.count)
        var isUsedMove = [Bool](repeating: false, count: operations.moves.count)
        var position = 0
        while position < operations.moves.count {
            let source = operations.moves[position].from
            var end = position
            var chosen: Int?
            while end < operations.moves.count && operations.moves[end].from.isSamePlace(as: source) {
                let move = operations.moves[end]
                if !move.isSection && isPlain(move.operation) && move.to.section < newCount
                    && chosen.map({ move.operation < operations.moves[$0].operation }) ?? true
                {
                    chosen = end
                }
                end += 1
            }
            if let chosen, rowExists(source.path, in: old) {
                isUsedMove[chosen] = true
                moves.append(operations.moves[chosen])
            }
            position = end
        }
        // Rows that leave their place: deleted or moved.
        let deletes = operations.deletes.mapping(where: {
            !$0.isSection && isPlain($0.operation) && rowExists($0.path, in: old)
        }) { $0.path }
        let removed = [IndexPath].mergingSorted(deletes, moves.map { $0.from.path })
        // Reloaded rows that stay, with their new texts: the first reload of each row decides.
        var replacements: [(path: IndexPath, text: String)] = []
        replacements.reserveCapacity(operations.reloads.count)
        var nextRemoved = 0
        var previousReload: IndexPath?
        for reload in operations.reloads where !reload.isSection && isPlain(reload.operation) {
            let path = reload.path
            if path == previousReload { continue }
            previousReload = path
            guard rowExists(path, in: old) else { continue }
            while nextRemoved < removed.count && removed[nextRemoved] < path { nextRemoved += 1 }
            if nextRemoved < removed.count && removed[nextRemoved] == path { continue }
            if case .reloadRow(_, let text?)? = edits[reload.operation] { replacements.append((path, text)) }
        }
        // What lands at a given place of a new section: inserts (the first at each path) and move
        // destinations, merged in order of place, inserts first.
        var inserts: [RowEntry] = []
        inserts.reserveCapacity(operations.inserts.count)
        for insert in operations.inserts where !insert.isSection && isPlain(insert.operation) {
            guard insert.section < newCount, inserts.last?.target != insert.path,
                case .insertRow(_, let text)? = edits[insert.operation]
            else { continue }
            inserts.append(RowEntry(target: insert.path, movedRow: nil, text: text))
        }
        var entries: [RowEntry] = []
        entries.reserveCapacity(inserts.count + moves.count)
        var nextInsert = 0
        for position in operations.movesByDestination where isUsedMove[position] {
            let move = operations.moves[position]
            while nextInsert < inserts.count && inserts[nextInsert].target <= move.to.path {
                entries.append(inserts[nextInsert])
                nextInsert += 1
            }
            entries.append(RowEntry(target: move.to.path, movedRow: move.from.path, text: ""))
        }
        entries += inserts[nextInsert...]

        var result: [Section] = []
        result.reserveCapacity(newCount)
        var nextEntry = 0
        for (newIndex, origin) in origins.enumerated() {
            let firstEntry = nextEntry
            while nextEntry < entries.count && entries[nextEntry].target.section == newIndex { nextEntry += 1 }
            let sectionEntries = entries[firstEntry..<nextEntry]
            var section: Section
            var survivors: Survivors
            switch origin {
            case .old(let oldIndex, let reloadedRows):
                section = old[oldIndex]
                if let reloadedRows {
                    survivors = Survivors(rows: Rows(reloadedRows), removed: [], replacements: [])
                } else {
                    survivors = Survivors(
                        rows: old[oldIndex].rows, removed: removed.slice(ofSection: oldIndex),
                        replacements: replacements[replacements.sliceRange(ofSection: oldIndex)])
                }
            case .inserted(let header):
                section = Section(rows: [], header: header)
                survivors = Survivors(rows: [], removed: [], replacements: [])
            }
            if sectionEntries.isEmpty && survivors.isUnchanged {
                section.rows = survivors.rows  // shared, not copied
            } else {
                section.rows = place(sectionEntries, among: &survivors, old: old)
            }
            result.append(section)
        }
        return result
    }

    /// The new sections in order, each an old section (with the rows its first reload gives it, if
    /// any) or an inserted one.
    private static func arrangeSections(
        _ operations: SortedOperations, edits: PlainEdits, isPlain: (Int) -> Bool, oldCount: Int
    ) -> [SectionSource] {
        var isMoved = [Bool](repeating: false, count: oldCount)
        var isDeleted = [Bool](repeating: false, count: oldCount)
        var reloadedRows = [[String]?](repeating: nil, count: oldCount)
        var previousReload = -1
        for reload in operations.reloads where reload.isSection && isPlain(reload.operation) {
            if reload.section == previousReload { continue }  // the first reload of a section decides
            previousReload = reload.section
            if reload.section < oldCount, case .reloadSection(_, let rows?)? = edits[reload.operation] {
                reloadedRows[reload.section] = rows
            }
        }
        var entries: [(index: Int, isMove: Bool, source: Int, origin: SectionSource)] = []
        let plainMoves = operations.moves.filter { $0.isSection && isPlain($0.operation) }
            .sorted { $0.operation < $1.operation }
        for move in plainMoves where move.from.section < oldCount && !isMoved[move.from.section] {
            isMoved[move.from.section] = true
            let origin = SectionSource.old(move.from.section, reloadedRows: reloadedRows[move.from.section])
            entries.append((move.to.section, true, move.from.section, origin))
        }
        for delete in operations.deletes
        where delete.isSection && isPlain(delete.operation) && delete.section < oldCount && !isMoved[delete.section] {
            isDeleted[delete.section] = true
        }
        var previousInsert = -1
        for insert in operations.inserts where insert.isSection && isPlain(insert.operation) {
            if insert.section == previousInsert { continue }  // the first insert at an index decides
            previousInsert = insert.section
            if case .insertSection(_, let header)? = edits[insert.operation] {
                entries.append((insert.section, false, 0, .inserted(header: header)))
            }
        }
        entries.sort { ($0.index, $0.isMove ? 1 : 0, $0.source) < ($1.index, $1.isMove ? 1 : 0, $1.source) }
        var origins: [SectionSource] = []
        origins.reserveCapacity(oldCount + entries.count)
        var nextSurvivor = 0
        /// Appends the next `count` old sections that are neither deleted nor moved.
        func appendSurvivors(_ count: Int) {
            var remaining = count
            while remaining > 0 && nextSurvivor < oldCount {
                if !isMoved[nextSurvivor] && !isDeleted[nextSurvivor] {
                    origins.append(.old(nextSurvivor, reloadedRows: reloadedRows[nextSurvivor]))
                    remaining -= 1
                }
                nextSurvivor += 1
            }
        }
        for entry in entries {
            if entry.index > origins.count { appendSurvivors(entry.index - origins.count) }
            origins.append(entry.origin)
        }
        appendSurvivors(oldCount)
        return origins
    }

    /// Places `entries` (sorted) among the survivors: survivors keep their order; an entry takes its
    /// index, or the next free place when that is taken or past the end.
    private static func place(_ entries: ArraySlice<RowEntry>, among survivors: inout Survivors, old: [Section])
        -> Rows
    {
        Rows.build { rows in
            for entry in entries {
                if entry.target.row > rows.count {
                    survivors.copy(Swift.min(entry.target.row - rows.count, survivors.remaining), into: &rows)
                }
                if let source = entry.movedRow {
                    rows.append(old[source.section].rows[source.row])
                } else {
                    rows.append(entry.text)
                }
            }
            survivors.copy(survivors.remaining, into: &rows)
        }
    }

    /// True when `path` names a row of `sections`.
    private static func rowExists(_ path: IndexPath, in sections: [Section]) -> Bool {
        path.section < sections.count && path.row < sections[path.section].rows.count
    }
}

/// The rows of an old section that keep their place, in order, with reloaded texts: copied out in
/// runs.
private struct Survivors {
    let rows: Rows
    /// Removed rows of this section, ascending, distinct.
    let removed: ArraySlice<IndexPath>
    /// Rows of this section that stay with a new text, ascending.
    let replacements: ArraySlice<(path: IndexPath, text: String)>
    /// How many survivors there are, and how many are still to copy.
    let count: Int
    private(set) var remaining: Int
    private var nextRow = 0
    private var nextRemoved: Int
    private var nextReplacement: Int

    /// The survivors of `rows` without `removed`, with `replacements`.
    init(rows: Rows, removed: ArraySlice<IndexPath>, replacements: ArraySlice<(path: IndexPath, text: String)>) {
        self.rows = rows
        self.removed = removed
        self.replacements = replacements
        count = rows.count - removed.count
        remaining = count
        nextRemoved = removed.startIndex
        nextReplacement = replacements.startIndex
    }

    /// True when the survivors are exactly the rows.
    var isUnchanged: Bool { removed.isEmpty && replacements.isEmpty }

    /// Appends the next `wanted` survivors to `output` (a run of them shares the chunks it covers whole).
    mutating func copy(_ wanted: Int, into output: inout Rows.Builder) {
        var wanted = wanted
        while wanted > 0 {
            while nextRemoved < removed.endIndex && removed[nextRemoved].row == nextRow {
                nextRow += 1
                nextRemoved += 1
            }
            if nextReplacement < replacements.endIndex && replacements[nextReplacement].path.row == nextRow {
                output.append(replacements[nextReplacement].text)
                nextReplacement += 1
                nextRow += 1
                wanted -= 1
                remaining -= 1
                continue
            }
            var runEnd = rows.count
            if nextRemoved < removed.endIndex { runEnd = removed[nextRemoved].row }
            if nextReplacement < replacements.endIndex {
                runEnd = Swift.min(runEnd, replacements[nextReplacement].path.row)
            }
            let run = Swift.min(runEnd - nextRow, wanted)
            output.append(rows, nextRow..<nextRow + run)
            nextRow += run
            wanted -= run
            remaining -= run
        }
    }
}

/// The plain commands of a batch, by operation index (nil for a `table` command).
private struct PlainEdits {
    let pending: [PendingOperation]

    /// The plain commands among `pending`.
    init(_ pending: [PendingOperation]) { self.pending = pending }

    /// Operation `operation`'s plain command, or nil for a `table` command.
    subscript(operation: Int) -> Edit? {
        if case .plain(let edit) = pending[operation] { return edit }
        return nil
    }
}

/// Where a section of the edited data source comes from.
private enum SectionSource {
    /// An old section; a reload that gave rows replaces its surviving rows with them.
    case old(Int, reloadedRows: [String]?)
    case inserted(header: String?)
}

/// An insert or a move destination: something that takes a place in a new section.
private struct RowEntry {
    var target: IndexPath
    /// The old path of a moved row; nil for an insert.
    var movedRow: IndexPath?
    /// An insert's text.
    var text: String
}

extension Array where Element == (path: IndexPath, text: String) {
    /// The range of the entries of section `section`, from this array sorted by path.
    fileprivate func sliceRange(ofSection section: Int) -> Range<Int> {
        let start = partitioningIndex { $0.path.section >= section }
        return start..<self[start...].partitioningIndex { $0.path.section > section }
    }
}
