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
        var edits: [Edit] = []

        // Sections by position: those past the common count are deleted or inserted, whole.
        for s in stride(from: old.count - 1, through: common, by: -1) { edits.append(.deleteSection(s)) }
        for s in common..<max(common, new.count) {
            edits.append(.insertSection(s, header: nil))
            for (r, text) in new[s].enumerated() { edits.append(.insertRow(IndexPath(section: s, row: r), text)) }
        }

        // Rows: deleted (gone, or bound for an inserted section), inserted (new, or coming from a deleted
        // section), and kept or moved.
        var deletes: [IndexPath] = []
        var inserts: [(IndexPath, String)] = []
        var moves: [(IndexPath, IndexPath)] = []
        var oldFlat = 0
        for s in 0..<common {
            // The rows staying in section s, in old order, with their new rows: the longest run whose new
            // rows increase stays; the others move.
            var stayingOld: [Int] = []
            var stayingNew: [Int] = []
            for r in old[s].indices {
                defer { oldFlat += 1 }
                let place = rows.newPlace(ofOld: oldFlat)
                guard let place else {
                    deletes.append(IndexPath(section: s, row: r))
                    continue
                }
                if place.section == s {
                    stayingOld.append(r)
                    stayingNew.append(place.row)
                } else if place.section >= common {
                    deletes.append(IndexPath(section: s, row: r))  // bound for an inserted section
                } else {
                    moves.append((IndexPath(section: s, row: r), place))
                }
            }
            let keep = longestIncreasingRun(stayingNew)
            for (i, r) in stayingOld.enumerated() where !keep[i] {
                moves.append((IndexPath(section: s, row: r), IndexPath(section: s, row: stayingNew[i])))
            }
        }
        var newFlat = 0
        for s in 0..<common {
            for (r, text) in new[s].enumerated() {
                defer { newFlat += 1 }
                if let origin = rows.oldSection(ofNew: newFlat), origin < common { continue }
                inserts.append((IndexPath(section: s, row: r), text))
            }
        }
        edits.reserveCapacity(edits.count + deletes.count + inserts.count + moves.count)
        edits += deletes.map { .deleteRow($0) }
        edits += inserts.map { .insertRow($0.0, $0.1) }
        edits += moves.map { .moveRow(from: $0.0, to: $0.1) }
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

/// Which old row each new row is, by text: one open-addressing table over both states, hashed with
/// FNV-1a over the UTF-8 bytes (each text hashed once), rather than two dictionaries.
private struct RowIdentities {
    /// For each row of the new state, flattened in order: the old row with its text (flattened), or -1.
    private var oldOfNew: [Int32]
    /// For each row of the old state: the new row with its text, or -1.
    private var newOfOld: [Int32]
    /// Each flattened row's section and row, in each state.
    private let newPlaces: [(section: Int32, row: Int32)]
    private let oldSections: [Int32]
    /// The first repeated texts, when a state has any.
    private(set) var failure: SnapshotDiff.Failure?

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
        var newDuplicates: [String] = []
        var oldDuplicates: [String] = []
        /// Linear probing: the slot of `table` holding `text` (a 1-based index into `texts`) and its
        /// index, or the empty slot where it would go.
        func probe(_ table: [Int32], _ texts: [String], _ text: String, _ hash: Int) -> (slot: Int, index: Int?) {
            var slot = hash & mask
            while table[slot] != 0 {
                let index = Int(table[slot]) - 1
                if texts[index] == text { return (slot, index) }
                slot = (slot + 1) & mask
            }
            return (slot, nil)
        }
        func noteRepeat(_ text: String, in list: inout [String]) {
            if list.count < 10 && !list.contains(text) { list.append(text) }
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
        if !oldDuplicates.isEmpty {
            failure = SnapshotDiff.Failure(state: "old", duplicates: oldDuplicates)
        } else if !newDuplicates.isEmpty {
            failure = SnapshotDiff.Failure(state: "new", duplicates: newDuplicates)
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
