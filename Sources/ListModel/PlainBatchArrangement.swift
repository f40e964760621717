/// How a batch of plain commands edits the data source "as meant" (SPEC §5 item 5; reference rule 4
/// and the expected arrangement of its algorithm summary): deletes remove rows, inserts add them at
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
    /// The data source after `edits`, applied to `old` as a batch.
    static func apply(_ edits: [Edit], to old: [Section]) -> [Section] {
        let commands = Commands(edits)
        let origins = arrangeSections(commands, oldCount: old.count)
        let newCount = origins.count

        // Row moves: per source, the first (in issue order) whose ends are valid.
        var moves: [RowCommand] = []
        moves.reserveCapacity(commands.rowMoves.count)
        for move in commands.rowMoves.sorted(by: RowCommand.isBefore)
        where move.path != moves.last?.path && rowExists(move.path, in: old) && move.destination.section < newCount {
            moves.append(move)
        }
        // Rows that leave their place: deleted or moved.
        let removed = [IndexPath].mergingSorted(
            commands.rowDeletes.filter { rowExists($0, in: old) }.sorted(), moves.map(\.path))
        // Reloaded rows that stay, with their new texts: the first reload of each row decides.
        var replacements: [(path: IndexPath, text: String)] = []
        var nextRemoved = 0
        for reload in firstOfEachPath(commands.rowReloads) where rowExists(reload.path, in: old) {
            while nextRemoved < removed.count && removed[nextRemoved] < reload.path { nextRemoved += 1 }
            let isRemoved = nextRemoved < removed.count && removed[nextRemoved] == reload.path
            if !isRemoved, let text = commands.reloadTexts[reload.payload] {
                replacements.append((reload.path, text))
            }
        }
        // What lands at a given place of a new section: inserts (the first at each path), then move
        // destinations, merged in order of place.
        let inserts = firstOfEachPath(commands.rowInserts).filter { $0.path.section < newCount }
        let arrivals = moves.sorted { $0.destination != $1.destination ? $0.destination < $1.destination : $0.path < $1.path }
        var entries: [RowEntry] = []
        entries.reserveCapacity(inserts.count + arrivals.count)
        var nextInsert = 0
        var nextArrival = 0
        while nextInsert < inserts.count || nextArrival < arrivals.count {
            if nextArrival == arrivals.count
                || (nextInsert < inserts.count && inserts[nextInsert].path <= arrivals[nextArrival].destination)
            {
                let insert = inserts[nextInsert]
                entries.append(RowEntry(target: insert.path, movedRow: nil, text: insert.payload))
                nextInsert += 1
            } else {
                let move = arrivals[nextArrival]
                entries.append(RowEntry(target: move.destination, movedRow: move.path, text: 0))
                nextArrival += 1
            }
        }

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
            case .old(let oldIndex):
                section = old[oldIndex]
                if let rows = commands.reloadedRows(ofSection: oldIndex) {
                    survivors = Survivors(rows: rows, removed: [], replacements: [])
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
                section.rows = place(sectionEntries, among: &survivors, old: old, texts: commands.insertTexts)
            }
            result.append(section)
        }
        return result
    }

    /// The new sections in order, each an old section or an inserted one.
    private static func arrangeSections(_ commands: Commands, oldCount: Int) -> [SectionOrigin] {
        var isMoved = [Bool](repeating: false, count: oldCount)
        var isDeleted = [Bool](repeating: false, count: oldCount)
        var entries: [(index: Int, isMove: Bool, source: Int, origin: SectionOrigin)] = []
        var previousSource = -1
        for move in commands.sectionMoves.sorted(by: SectionCommand.isBefore)
        where move.section < oldCount && move.section != previousSource {
            previousSource = move.section
            isMoved[move.section] = true
            entries.append((move.destination, true, move.section, .old(move.section)))
        }
        for delete in commands.sectionDeletes where delete < oldCount && !isMoved[delete] {
            isDeleted[delete] = true
        }
        var previousIndex = -1
        for insert in commands.sectionInserts.sorted(by: SectionCommand.isBefore) where insert.section != previousIndex {
            previousIndex = insert.section
            entries.append((insert.section, false, 0, .inserted(header: insert.header)))
        }
        entries.sort { ($0.index, $0.isMove ? 1 : 0, $0.source) < ($1.index, $1.isMove ? 1 : 0, $1.source) }
        var origins: [SectionOrigin] = []
        origins.reserveCapacity(oldCount + entries.count)
        var nextSurvivor = 0
        /// Appends the next `count` old sections that are neither deleted nor moved.
        func appendSurvivors(_ count: Int) {
            var remaining = count
            while remaining > 0 && nextSurvivor < oldCount {
                if !isMoved[nextSurvivor] && !isDeleted[nextSurvivor] {
                    origins.append(.old(nextSurvivor))
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
    private static func place(
        _ entries: ArraySlice<RowEntry>, among survivors: inout Survivors, old: [Section], texts: [String]
    ) -> [String] {
        var rows: [String] = []
        rows.reserveCapacity(survivors.count + entries.count)
        for entry in entries {
            if entry.target.row > rows.count {
                survivors.copy(Swift.min(entry.target.row - rows.count, survivors.remaining), into: &rows)
            }
            if let source = entry.movedRow {
                rows.append(old[source.section].rows[source.row])
            } else {
                rows.append(texts[entry.text])
            }
        }
        survivors.copy(survivors.remaining, into: &rows)
        return rows
    }

    /// True when `path` names a row of `sections`.
    private static func rowExists(_ path: IndexPath, in sections: [Section]) -> Bool {
        path.section < sections.count && path.row < sections[path.section].rows.count
    }

    /// The first command (in issue order) at each path, sorted by path.
    private static func firstOfEachPath(_ commands: [RowCommand]) -> [RowCommand] {
        var first: [RowCommand] = []
        first.reserveCapacity(commands.count)
        for command in commands.sorted(by: RowCommand.isBefore) where first.last?.path != command.path {
            first.append(command)
        }
        return first
    }
}

/// The rows of an old section that keep their place, in order, with reloaded texts: copied out in
/// runs.
private struct Survivors {
    let rows: [String]
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

    init(rows: [String], removed: ArraySlice<IndexPath>, replacements: ArraySlice<(path: IndexPath, text: String)>) {
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

    /// Appends the next `wanted` survivors to `output`.
    mutating func copy(_ wanted: Int, into output: inout [String]) {
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
            if nextReplacement < replacements.endIndex { runEnd = Swift.min(runEnd, replacements[nextReplacement].path.row) }
            let run = Swift.min(runEnd - nextRow, wanted)
            output.append(contentsOf: rows[nextRow..<nextRow + run])
            nextRow += run
            wanted -= run
            remaining -= run
        }
    }
}

/// Where a section of the edited data source comes from.
private enum SectionOrigin {
    case old(Int)
    case inserted(header: String?)
}

/// A row command reduced to plain values: its path, a move's destination, its issue index, and
/// where its text is (an index into the insert or reload texts).
private struct RowCommand {
    var path: IndexPath
    var destination: IndexPath
    var order: Int
    var payload: Int

    /// By path, then issue order.
    static func isBefore(_ a: RowCommand, _ b: RowCommand) -> Bool {
        a.path != b.path ? a.path < b.path : a.order < b.order
    }
}

/// A section command reduced to plain values.
private struct SectionCommand {
    var section: Int
    var destination: Int
    var header: String?
    var order: Int

    /// By section, then issue order.
    static func isBefore(_ a: SectionCommand, _ b: SectionCommand) -> Bool {
        a.section != b.section ? a.section < b.section : a.order < b.order
    }
}

/// An insert or a move destination: something that takes a place in a new section.
private struct RowEntry {
    var target: IndexPath
    /// The old path of a moved row; nil for an insert.
    var movedRow: IndexPath?
    /// An insert's text, as an index into the insert texts.
    var text: Int
}

/// A batch's plain commands, filed by kind.
private struct Commands {
    var sectionMoves: [SectionCommand] = []
    var sectionDeletes: [Int] = []
    var sectionInserts: [SectionCommand] = []
    var rowMoves: [RowCommand] = []
    var rowDeletes: [IndexPath] = []
    var rowReloads: [RowCommand] = []
    var rowInserts: [RowCommand] = []
    /// The texts of the row inserts, by payload.
    var insertTexts: [String] = []
    /// The texts of the row reloads (nil keeps the text), by payload.
    var reloadTexts: [String?] = []
    /// The rows given by the first reload of each section, when it gave rows.
    private var sectionReloadRows: [Int: [String]?] = [:]

    /// Files `edits`.
    init(_ edits: [Edit]) {
        for (order, edit) in edits.enumerated() {
            switch edit {
            case .insertRow(let path, let text):
                rowInserts.append(RowCommand(path: path, destination: path, order: order, payload: insertTexts.count))
                insertTexts.append(text)
            case .deleteRow(let path):
                rowDeletes.append(path)
            case .reloadRow(let path, let text):
                rowReloads.append(RowCommand(path: path, destination: path, order: order, payload: reloadTexts.count))
                reloadTexts.append(text)
            case .moveRow(let from, let to):
                rowMoves.append(RowCommand(path: from, destination: to, order: order, payload: 0))
            case .insertSection(let index, let header):
                sectionInserts.append(SectionCommand(section: index, destination: index, header: header, order: order))
            case .deleteSection(let index):
                sectionDeletes.append(index)
            case .reloadSection(let index, let rows):
                if sectionReloadRows.index(forKey: index) == nil { sectionReloadRows[index] = .some(rows) }
            case .moveSection(let from, let to):
                sectionMoves.append(SectionCommand(section: from, destination: to, header: nil, order: order))
            }
        }
    }

    /// The rows the first reload of old section `section` gives it, if it gives any.
    func reloadedRows(ofSection section: Int) -> [String]? {
        sectionReloadRows[section] ?? nil
    }
}

extension Array where Element == (path: IndexPath, text: String) {
    /// The range of the entries of section `section`, from this array sorted by path.
    fileprivate func sliceRange(ofSection section: Int) -> Range<Int> {
        let start = partitioningIndex { $0.path.section >= section }
        return start..<self[start...].partitioningIndex { $0.path.section > section }
    }
}
