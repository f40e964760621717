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
///   Deletes and reloads of existing rows that are not moved remove the row or replace its text.
///   Inserts (the first at each path) into sections that will exist add rows; others are dropped.
/// - Placing. The survivors keep their order; inserts and move destinations take their indexes in
///   ascending order (at one index: inserts first, then moves by source); an index already taken
///   or past the end gives the next free place, so an out-of-range insert lands at the end.
///
/// Untouched sections keep their row arrays (shared, not copied); touched ones are rebuilt by copying
/// runs of rows, so a batch of k commands on n rows costs O(n + k log k).
enum PlainBatchArrangement {
    /// The data source after `edits`, applied to `old` as a batch.
    static func apply(_ edits: [Edit], to old: [Section]) -> [Section] {
        var commands = Commands()
        for edit in edits { commands.add(edit) }

        // Sections.
        var movedSections = Set<Int>()
        var sectionEntries: [Placement<SectionOrigin>] = []
        for move in commands.sectionMoves where move.from < old.count && !movedSections.contains(move.from) {
            movedSections.insert(move.from)
            sectionEntries.append(Placement(index: move.to, isMove: true, source: IndexPath(section: move.from, row: 0), value: .old(move.from)))
        }
        for insert in commands.sectionInserts {
            sectionEntries.append(Placement(index: insert.index, isMove: false, source: IndexPath(section: 0, row: 0), value: .inserted(header: insert.header)))
        }
        let deletedSections = Set(commands.sectionDeletes.filter { $0 < old.count && !movedSections.contains($0) })
        let survivingSections = (0..<old.count).filter { !deletedSections.contains($0) && !movedSections.contains($0) }
        let newOrigins = place(sectionEntries, among: survivingSections.map { SectionOrigin.old($0) })

        // Rows.
        var movedRows = Set<IndexPath>()
        var removedRows: [Int: [Int]] = [:]
        var rowEntries: [Int: [Placement<String>]] = [:]
        for move in commands.rowMoves
        where rowExists(move.from, in: old) && move.to.section < newOrigins.count && !movedRows.contains(move.from) {
            movedRows.insert(move.from)
            removedRows[move.from.section, default: []].append(move.from.row)
            rowEntries[move.to.section, default: []].append(
                Placement(index: move.to.row, isMove: true, source: move.from, value: old[move.from.section].rows[move.from.row]))
        }
        for path in commands.rowDeletes where rowExists(path, in: old) && !movedRows.contains(path) {
            removedRows[path.section, default: []].append(path.row)
        }
        var replacements: [Int: [(row: Int, text: String)]] = [:]
        for reload in commands.rowReloads where rowExists(reload.path, in: old) && !movedRows.contains(reload.path) {
            if let text = reload.text { replacements[reload.path.section, default: []].append((reload.path.row, text)) }
        }
        for insert in commands.rowInserts where insert.path.section < newOrigins.count {
            rowEntries[insert.path.section, default: []].append(
                Placement(index: insert.path.row, isMove: false, source: insert.path, value: insert.text))
        }

        var result: [Section] = []
        result.reserveCapacity(newOrigins.count)
        for (newIndex, origin) in newOrigins.enumerated() {
            var section: Section
            switch origin {
            case .old(let oldIndex):
                section = old[oldIndex]
                if let reloadedRows = commands.sectionReloadRows[oldIndex] {
                    section.rows = reloadedRows
                } else {
                    section.rows = survivingRows(
                        of: old[oldIndex].rows, removing: removedRows[oldIndex] ?? [],
                        replacing: replacements[oldIndex] ?? [])
                }
            case .inserted(let header):
                section = Section(rows: [], header: header)
            }
            if let entries = rowEntries[newIndex] {
                section.rows = place(entries, among: section.rows)
            }
            result.append(section)
        }
        return result
    }

    /// True when `path` names a row of `sections`.
    private static func rowExists(_ path: IndexPath, in sections: [Section]) -> Bool {
        path.section < sections.count && path.row < sections[path.section].rows.count
    }

    /// `rows` without the rows at `removed` (any order, duplicates allowed), with `replacements`
    /// (rows not removed) given their new texts. Returns `rows` itself when nothing changes.
    private static func survivingRows(of rows: [String], removing removed: [Int], replacing replacements: [(row: Int, text: String)])
        -> [String]
    {
        if removed.isEmpty && replacements.isEmpty { return rows }
        var removed = removed.sorted()
        removed.removeConsecutiveDuplicates()
        var survivors: [String] = []
        survivors.reserveCapacity(rows.count - removed.count)
        var start = 0
        for row in removed {
            survivors.append(contentsOf: rows[start..<row])
            start = row + 1
        }
        survivors.append(contentsOf: rows[start...])
        for replacement in replacements {
            let before = removed.countLess(than: replacement.row)
            if before < removed.count && removed[before] == replacement.row { continue }
            survivors[replacement.row - before] = replacement.text
        }
        return survivors
    }

    /// Places `entries` among `survivors`: survivors keep their order; entries, in ascending order of
    /// index (inserts before moves, moves by source), take their index, or the next free place when
    /// it is taken or past the end.
    private static func place<Value>(_ entries: [Placement<Value>], among survivors: [Value]) -> [Value] {
        let entries = entries.sorted { $0.isBefore($1) }
        var result: [Value] = []
        result.reserveCapacity(survivors.count + entries.count)
        var next = 0
        for entry in entries {
            if entry.index > result.count, next < survivors.count {
                let count = Swift.min(entry.index - result.count, survivors.count - next)
                result.append(contentsOf: survivors[next..<next + count])
                next += count
            }
            result.append(entry.value)
        }
        result.append(contentsOf: survivors[next...])
        return result
    }
}

/// Where a section of the edited data source comes from.
private enum SectionOrigin {
    case old(Int)
    case inserted(header: String?)
}

/// An insert or a move destination: a value that wants a given index.
private struct Placement<Value> {
    var index: Int
    var isMove: Bool
    /// A move's source, to order moves to the same index.
    var source: IndexPath
    var value: Value

    /// Ascending by index; at one index inserts before moves, moves by source.
    func isBefore(_ other: Placement) -> Bool {
        if index != other.index { return index < other.index }
        if isMove != other.isMove { return !isMove }
        return source < other.source
    }
}

/// A batch's plain commands, sorted by kind, keeping the first of each insert and reload.
private struct Commands {
    var sectionMoves: [(from: Int, to: Int)] = []
    var sectionDeletes: [Int] = []
    var sectionInserts: [(index: Int, header: String?)] = []
    private var insertedSectionIndexes = Set<Int>()
    /// The rows of the first reload of each section that gave rows (a reload that keeps its rows
    /// changes nothing in the data source).
    var sectionReloadRows: [Int: [String]] = [:]
    private var reloadedSections = Set<Int>()
    var rowMoves: [(from: IndexPath, to: IndexPath)] = []
    var rowDeletes: [IndexPath] = []
    var rowReloads: [(path: IndexPath, text: String?)] = []
    private var reloadedRows = Set<IndexPath>()
    var rowInserts: [(path: IndexPath, text: String)] = []
    private var insertedRows = Set<IndexPath>()

    /// Files `edit` under its kind.
    mutating func add(_ edit: Edit) {
        switch edit {
        case .insertRow(let path, let text):
            if insertedRows.insert(path).inserted { rowInserts.append((path, text)) }
        case .deleteRow(let path):
            rowDeletes.append(path)
        case .reloadRow(let path, let text):
            if reloadedRows.insert(path).inserted { rowReloads.append((path, text)) }
        case .moveRow(let from, let to):
            rowMoves.append((from, to))
        case .insertSection(let index, let header):
            if insertedSectionIndexes.insert(index).inserted { sectionInserts.append((index, header)) }
        case .deleteSection(let index):
            sectionDeletes.append(index)
        case .reloadSection(let index, let rows):
            if reloadedSections.insert(index).inserted, let rows { sectionReloadRows[index] = rows }
        case .moveSection(let from, let to):
            sectionMoves.append((from, to))
        }
    }
}

extension Array where Element == Int {
    /// Keeps one of each run of equal neighbours (on a sorted array: removes duplicates).
    mutating func removeConsecutiveDuplicates() {
        var kept = 0
        for index in indices where kept == 0 || self[kept - 1] != self[index] {
            self[kept] = self[index]
            kept += 1
        }
        removeLast(count - kept)
    }
}
