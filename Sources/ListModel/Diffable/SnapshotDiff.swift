/// The batch that turns one state of a table into another, as a diffable data source derives it: rows
/// are identified by their text (unique across each state), sections by their position.
///
/// The batch is plain edits in UIKit's index spaces, so `TableModel` validates and applies it like any
/// other: deletes name old paths, inserts and move destinations new ones. What it guarantees, and
/// a property test checks on random pairs of states:
/// - UIKit's checks accept it (no fallback to `reloadData`), and applying it to the old state gives
///   the new state exactly;
/// - moves are few: within a section, the rows that keep their relative order are the longest such
///   run (a rotation is one move; a reversal of n rows is n − 1), and every other row that stays in
///   its section moves once; a row that changes section moves once;
/// - a row of a deleted section, or bound for an inserted one, is deleted and inserted rather than
///   moved (UITableView would otherwise end the update with `reloadData`).
///
/// Costs O(n log n) in the rows of both states (hashing, and the longest increasing run per section).
public enum SnapshotDiff {
    /// Why two states cannot be diffed: a text that is not unique in one of them.
    public struct Failure: Error, Equatable, Sendable {
        /// `"old"` or `"new"`.
        public var state: String
        /// The repeated texts, in order of first repetition (at most 10).
        public var duplicates: [String]

        public init(state: String, duplicates: [String]) {
            self.state = state
            self.duplicates = duplicates
        }
    }

    /// The edits, in the order a script would issue them: section deletes, section inserts (each with
    /// its rows), row deletes, row inserts, moves.
    public static func batch(from old: [[String]], to new: [[String]]) throws(Failure) -> [Edit] {
        let rows = RowIdentities(old: old, new: new)
        if let failure = rows.failure { throw failure }
        let common = min(old.count, new.count)
        // Sections by position: those past the common count are deleted or inserted, whole.
        let sections = SectionMatch(
            newOfOld: (0..<old.count).map { $0 < common ? $0 : -1 },
            oldOfNew: (0..<new.count).map { $0 < common ? $0 : -1 })
        let d = Derivation(old: old, new: new, rows: rows, sections: sections)
        var edits: [Edit] = []
        edits.reserveCapacity(
            d.deletedSections.count + d.deletedRows.count + d.insertedRows.count + d.rowMoves.count
                + d.insertedSections.reduce(0) { $0 + 1 + new[$1].count })
        for s in d.deletedSections.reversed() { edits.append(.deleteSection(s)) }
        for s in d.insertedSections {
            edits.append(.insertSection(s, header: nil))
            for (r, text) in new[s].enumerated() { edits.append(.insertRow(IndexPath(section: s, row: r), text)) }
        }
        edits += d.deletedRows.map { .deleteRow($0) }
        edits += d.insertedRows.map { .insertRow($0, new[$0.section][$0.row]) }
        edits += d.rowMoves.map { .moveRow(from: $0.from, to: $0.to) }
        return edits
    }

    /// Which elements of `values` (distinct) form a longest strictly increasing subsequence: patience
    /// sorting, O(n log n).
    static func longestIncreasingRun(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []  // index into values of the smallest tail of a run of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (i, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[i] = tails[low - 1] }
            if low == tails.count { tails.append(i) } else { tails[low] = i }
        }
        var keep = [Bool](repeating: false, count: values.count)
        var i = tails.last ?? -1
        while i >= 0 {
            keep[i] = true
            i = previous[i]
        }
        return keep
    }
}

/// Which old section each new section is, and back; -1 for a deleted or an inserted section.
struct SectionMatch {
    var newOfOld: [Int]
    var oldOfNew: [Int]
}

/// The difference between two states in UIKit's index spaces, before it is written as edits or calls.
///
/// Kept sections outside a longest run that keeps its order move. In a kept section, the rows that
/// stay form a longest run that keeps its order; the others move. A row of a deleted section, or bound
/// for an inserted one, is deleted and inserted (a move across them would make UITableView reload
/// everything). A reloaded row that moves is deleted and inserted, as IGListKit does; one that stays is
/// reloaded where it is, unless UIKit would put the reload's insert elsewhere (it shifts the insert by
/// the deletes and inserts, not by the moves: reference rule 11c), in which case it too is deleted and
/// inserted.
struct Derivation {
    /// Old sections deleted, ascending.
    var deletedSections: [Int] = []
    /// New sections inserted, ascending.
    var insertedSections: [Int] = []
    /// Kept sections that move, old to new, ascending by old section.
    var sectionMoves: [(from: Int, to: Int)] = []
    /// Rows deleted, old paths ascending.
    var deletedRows: [IndexPath] = []
    /// Rows inserted outside inserted sections, new paths ascending.
    var insertedRows: [IndexPath] = []
    /// Rows that move, ascending by their old path.
    var rowMoves: [(from: IndexPath, to: IndexPath)] = []
    /// Rows reloaded in place, old paths ascending.
    var reloadedRows: [IndexPath] = []
    /// Rows whose cell stays and is reconfigured, old paths ascending.
    var reconfiguredRows: [IndexPath] = []

    /// `reloaded` and `reconfigured` are rows of the old state (flattened) that are in both states.
    init(
        old: [[String]], new: [[String]], rows: RowIdentities, sections: SectionMatch, reloaded: Set<Int> = [],
        reconfigured: Set<Int> = []
    ) {
        for s in old.indices where sections.newOfOld[s] < 0 { deletedSections.append(s) }
        for t in new.indices where sections.oldOfNew[t] < 0 { insertedSections.append(t) }
        let keptSections = old.indices.filter { sections.newOfOld[$0] >= 0 }
        let keepOrder = SnapshotDiff.longestIncreasingRun(keptSections.map { sections.newOfOld[$0] })
        for (i, s) in keptSections.enumerated() where !keepOrder[i] {
            sectionMoves.append((s, sections.newOfOld[s]))
        }

        // Rows of kept sections: deleted, staying (reloaded or not), or moving.
        var replaced: [IndexPath: IndexPath] = [:]  // reloaded rows deleted and inserted, old → new
        var reloadsInPlace: [(old: IndexPath, new: IndexPath)] = []
        var oldFlat = 0
        for s in old.indices {
            let target = sections.newOfOld[s]
            guard target >= 0 else {
                oldFlat += old[s].count
                continue
            }
            var stayingOld: [Int] = []
            var stayingNew: [Int] = []
            var stayingFlat: [Int] = []
            for r in old[s].indices {
                defer { oldFlat += 1 }
                let from = IndexPath(section: s, row: r)
                guard let place = rows.newPlace(ofOld: oldFlat), sections.oldOfNew[place.section] >= 0 else {
                    deletedRows.append(from)  // gone, or bound for an inserted section
                    continue
                }
                if place.section == target {
                    stayingOld.append(r)
                    stayingNew.append(place.row)
                    stayingFlat.append(oldFlat)
                } else if reloaded.contains(oldFlat) {
                    replaced[from] = place
                } else {
                    rowMoves.append((from, place))
                    if reconfigured.contains(oldFlat) { reconfiguredRows.append(from) }
                }
            }
            let keep = SnapshotDiff.longestIncreasingRun(stayingNew)
            for (i, r) in stayingOld.enumerated() {
                let from = IndexPath(section: s, row: r)
                let to = IndexPath(section: target, row: stayingNew[i])
                if reloaded.contains(stayingFlat[i]) {
                    if keep[i] { reloadsInPlace.append((from, to)) } else { replaced[from] = to }
                    continue
                }
                if !keep[i] { rowMoves.append((from, to)) }
                if reconfigured.contains(stayingFlat[i]) { reconfiguredRows.append(from) }
            }
        }
        var newFlat = 0
        for t in new.indices {
            guard sections.oldOfNew[t] >= 0 else {
                newFlat += new[t].count
                continue
            }
            for r in new[t].indices {
                defer { newFlat += 1 }
                if let origin = rows.oldSection(ofNew: newFlat), sections.newOfOld[origin] >= 0 { continue }
                insertedRows.append(IndexPath(section: t, row: r))
            }
        }
        if !replaced.isEmpty || !reloadsInPlace.isEmpty {
            placeReloads(reloadsInPlace, replacing: replaced, new: new)
        }
        rowMoves.sort { $0.from < $1.from }
        reconfiguredRows.sort()
    }

    /// Adds the reloaded rows deleted and inserted, and keeps in place each reload whose insert UIKit
    /// puts where the row goes; any other is deleted and inserted too, until every remaining one lands
    /// right (each change shifts the others' inserts, so this repeats; at most once per reload).
    private mutating func placeReloads(
        _ inPlace: [(old: IndexPath, new: IndexPath)], replacing replaced: [IndexPath: IndexPath], new: [[String]]
    ) {
        var replaced = replaced
        var candidates = inPlace
        while true {
            var deletes = deletedSections.map { UpdateItem.section($0, operation: 0) }
            deletes += (deletedRows + replaced.keys).map { UpdateItem.row($0, operation: 0) }
            var inserts = insertedSections.map { UpdateItem.section($0, operation: 0) }
            inserts += (insertedRows + replaced.values).map { UpdateItem.row($0, operation: 0) }
            for t in insertedSections {
                inserts += new[t].indices.map { UpdateItem.row(IndexPath(section: t, row: $0), operation: 0) }
            }
            deletes.sort { $0.isBefore($1) }
            inserts.sort { $0.isBefore($1) }
            let decomposition = ReloadDecomposition(explicitDeletes: deletes, explicitInserts: inserts)
            let landing = candidates.map { decomposition.insertHalf(of: .row($0.old, operation: 0)).path == $0.new }
            if !landing.contains(false) { break }
            for (i, candidate) in candidates.enumerated() where !landing[i] { replaced[candidate.old] = candidate.new }
            candidates = candidates.indices.filter { landing[$0] }.map { candidates[$0] }
        }
        reloadedRows = candidates.map { $0.old }.sorted()
        deletedRows = (deletedRows + replaced.keys).sorted()
        insertedRows = (insertedRows + replaced.values).sorted()
    }
}

/// Which old row each new row is, by text: one open-addressing table over both states, hashed with
/// FNV-1a over the UTF-8 bytes (each text hashed once), rather than two dictionaries.
struct RowIdentities {
    /// For each row of the new state, flattened in order: the old row with its text (flattened), or -1.
    private var oldOfNew: [Int32]
    /// For each row of the old state: the new row with its text, or -1.
    private var newOfOld: [Int32]
    /// Each flattened row's section and row, in each state.
    private let newPlaces: [(section: Int32, row: Int32)]
    private let oldSections: [Int32]
    /// The first repeated texts of each state (at most 10 each, in order of first repetition).
    private(set) var oldDuplicates: [String] = []
    private(set) var newDuplicates: [String] = []
    /// The first repeated texts, when a state has any.
    var failure: SnapshotDiff.Failure? {
        if !oldDuplicates.isEmpty { return SnapshotDiff.Failure(state: "old", duplicates: oldDuplicates) }
        if !newDuplicates.isEmpty { return SnapshotDiff.Failure(state: "new", duplicates: newDuplicates) }
        return nil
    }

    init(old: [[String]], new: [[String]]) {
        let newTexts = new.flatMap { $0 }
        let oldTexts = old.flatMap { $0 }
        newPlaces = new.enumerated().flatMap { s, rows in rows.indices.map { (Int32(s), Int32($0)) } }
        oldSections = old.enumerated().flatMap { s, rows in [Int32](repeating: Int32(s), count: rows.count) }
        oldOfNew = [Int32](repeating: -1, count: newTexts.count)
        newOfOld = [Int32](repeating: -1, count: oldTexts.count)
        var capacity = 16
        while capacity < 2 * (newTexts.count + oldTexts.count) { capacity <<= 1 }
        let mask = capacity - 1
        // Each slot holds a new row's index + 1 (0: empty); texts only in the old state use a second table.
        var slots = [Int32](repeating: 0, count: capacity)
        var oldOnly = [Int32](repeating: 0, count: capacity)
        /// Linear probing: the slot of `table` holding `text` (a 1-based index into `texts`) and its
        /// index, or the empty slot where it would go.
        func probe(_ table: [Int32], _ texts: [String], _ text: String, _ hash: Int) -> (slot: Int, index: Int?) {
            var slot = hash & mask
            while table[slot] != 0 {
                let index = Int(table[slot]) - 1
                if TextEquality.same(texts[index], text) { return (slot, index) }
                slot = (slot + 1) & mask
            }
            return (slot, nil)
        }
        func noteRepeat(_ text: String, in list: inout [String]) {
            if list.count < 10 && !list.contains(where: { TextEquality.same($0, text) }) { list.append(text) }
        }
        for (i, text) in newTexts.enumerated() {
            let (slot, index) = probe(slots, newTexts, text, Self.hash(text))
            if index != nil { noteRepeat(text, in: &newDuplicates) } else { slots[slot] = Int32(i + 1) }
        }
        for (i, text) in oldTexts.enumerated() {
            let hash = Self.hash(text)
            if let n = probe(slots, newTexts, text, hash).index {
                if oldOfNew[n] >= 0 {
                    noteRepeat(text, in: &oldDuplicates)
                } else {
                    oldOfNew[n] = Int32(i)
                    newOfOld[i] = Int32(n)
                }
                continue
            }
            // Only in the old state: still checked for repeats.
            let (slot, index) = probe(oldOnly, oldTexts, text, hash)
            if index != nil { noteRepeat(text, in: &oldDuplicates) } else { oldOnly[slot] = Int32(i + 1) }
        }
    }

    /// Where old row `flat` is in the new state, or nil when it is gone.
    func newPlace(ofOld flat: Int) -> IndexPath? {
        let n = newOfOld[flat]
        guard n >= 0 else { return nil }
        let place = newPlaces[Int(n)]
        return IndexPath(section: Int(place.section), row: Int(place.row))
    }

    /// The old section of new row `flat`, or nil when it is new.
    func oldSection(ofNew flat: Int) -> Int? {
        let o = oldOfNew[flat]
        return o >= 0 ? Int(oldSections[Int(o)]) : nil
    }

    /// FNV-1a over the text's UTF-8 bytes.
    private static func hash(_ text: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var text = text
        text.withUTF8 { bytes in
            for byte in bytes {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        return Int(truncatingIfNeeded: hash >> 1)
    }
}
