/// A chunk of a section's rows (`Rows`): their texts in order, in an array that may keep room before them, as a
/// deque does. A row inserted or removed in the chunk's first half moves the rows before it, not the rows after
/// it, so an edit moves at most half the chunk, and an edit at the top moves none (a feed's new rows, a queue's
/// oldest ones). With one array and no room, each insert or delete at the top of a section of a few hundred rows
/// moved all of them: the most of `edits-1m`'s table edits.
///
/// The room is empty texts, which hold no storage: `head` of them, then the rows. It is made when a row is
/// inserted in the first half and there is none (half the chunk's rows, at least 8, so the next that many
/// inserts there move no row after it), and it shrinks back to half the rows when removals leave more room than
/// rows, so the room is never more than the rows and `smallRoom`.
@usableFromInline
struct RowChunk: RandomAccessCollection, MutableCollection, Sendable {
    /// `head` empty texts (the room), then the rows.
    @usableFromInline private(set) var storage: [String]
    /// How many empty texts come before the rows.
    @usableFromInline private(set) var head: Int

    /// The room of at most this many empty texts is kept whatever the count.
    static let smallRoom = 16

    /// A chunk of `texts` (the same array, not a copy) with no room before them.
    @inlinable init(_ texts: [String] = []) {
        storage = texts
        head = 0
    }

    @inlinable var startIndex: Int { 0 }
    @inlinable var endIndex: Int { storage.count &- head }
    @inlinable var count: Int { storage.count &- head }
    @inlinable var isEmpty: Bool { storage.count == head }

    /// Row `i` (in `0..<count`).
    @inlinable subscript(i: Int) -> String {
        get { storage[head &+ i] }
        set { storage[head &+ i] = newValue }
    }

    /// Calls `body` with the rows in place.
    @inlinable func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<String>) throws -> R) rethrows -> R {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[head...])) }
    }

    /// The rows, as an array: the array itself when there is no room before them.
    var texts: [String] { head == 0 ? storage : Array(storage[head...]) }

    /// Rows `range` (in `0...count`), as an array of their own.
    func texts(_ range: Range<Int>) -> [String] { Array(storage[head + range.lowerBound..<head + range.upperBound]) }

    /// Makes room for `count` rows in all.
    mutating func reserveCapacity(_ count: Int) { storage.reserveCapacity(head + count) }

    /// Appends `text` after the rows (taken, not copied: a copy was a retain and a release a row of loop-1m).
    mutating func append(_ text: consuming String) { storage.append(text) }

    /// Inserts `text` at row `i` (in `0...count`), moving the rows before it into the room when `i` is in the
    /// first half, else the rows after it.
    mutating func insert(_ text: String, at i: Int) {
        let n = count
        // The model checks every position first; as `Array` does, a position outside traps rather than
        // move memory outside the rows.
        precondition(i >= 0 && i <= n, "RowChunk.insert: position out of range")
        guard 2 &* i < n else {
            storage.insert(text, at: head + i)
            return
        }
        if head == 0 {
            let room = Swift.max(8, n / 2)
            storage.insert(contentsOf: repeatElement("", count: room), at: 0)
            head = room
        }
        let first = head
        storage.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // The empty text before the rows goes, the rows before `i` move down a place onto it, and `text`
            // takes the place the last of them left.
            let to = base + first - 1
            to.deinitialize(count: 1)
            to.moveInitialize(from: to + 1, count: i)
            (to + i).initialize(to: text)
        }
        head = first - 1
    }

    /// Removes and returns row `i` (in `0..<count`), moving the rows before it up a place when `i` is in the first
    /// half (an empty text takes the first one's place), else the rows after it down.
    @discardableResult
    mutating func remove(at i: Int) -> String {
        let n = count
        precondition(i >= 0 && i < n, "RowChunk.remove: position out of range")
        var removed = ""
        if 2 &* i < n {
            let first = head
            storage.withUnsafeMutableBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                let from = base + first
                removed = (from + i).move()
                (from + 1).moveInitialize(from: from, count: i)
                from.initialize(to: "")
            }
            head = first + 1
        } else {
            removed = storage.remove(at: head + i)
        }
        // Room past the rows and `smallRoom` goes, down to half the rows: it is freed at most once every
        // half-count removals, so a queue's removals at the top keep their cost and their memory bounded.
        if head > Self.smallRoom && head > n - 1 {
            let keep = (n - 1) / 2
            storage.removeSubrange(0..<head - keep)
            head = keep
        }
        return removed
    }
}
