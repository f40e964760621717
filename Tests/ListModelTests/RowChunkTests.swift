import Testing

@testable import ListModel

// A chunk of rows keeps room before them, as a deque does (`RowChunk`): whatever the edits, it holds what a
// plain array holds, a copy taken before an edit keeps its rows, and the room stays within its bound.

/// Where a sequence of edits lands in a chunk.
enum ChunkEdits: String, CaseIterable, CustomTestStringConvertible, Sendable {
    /// Anywhere, inserts and removals alike.
    case random
    /// At the top: a feed's new rows and the oldest going.
    case top
    /// Inserted at the end, removed at the top: a queue (the room fills and must be freed).
    case queue
    /// Inserted at the top, removed at the end: the room is used up and made again.
    case stack
    /// Near the middle, on either side of it.
    case middle
    /// Grown at the top, then emptied from the end and the top in turn.
    case growThenEmpty

    var testDescription: String { rawValue }

    /// Step `step` of `steps` on rows `count` long: whether it inserts, and at which row.
    func edit(_ step: Int, of steps: Int, count: Int, _ random: inout SplitMix) -> (insert: Bool, at: Int) {
        let any = Int(random.next() % UInt64(count + 1))
        switch self {
        case .random: return count == 0 || random.next() % 2 == 0 ? (true, any) : (false, any % count)
        case .top: return count == 0 || random.next() % 2 == 0 ? (true, 0) : (false, 0)
        case .queue: return count < 50 || random.next() % 3 != 0 ? (true, count) : (false, 0)
        case .stack: return count < 50 || random.next() % 3 != 0 ? (true, 0) : (false, count - 1)
        case .middle:
            let near = Swift.max(0, Swift.min(count, count / 2 + Int(random.next() % 3) - 1))
            return count == 0 || random.next() % 2 == 0 ? (true, near) : (false, Swift.min(near, count - 1))
        case .growThenEmpty:
            if step < steps / 2 || count == 0 { return (true, 0) }
            return (false, step % 2 == 0 ? 0 : count - 1)
        }
    }
}

@Suite("RowChunk: a chunk's rows with room before them")
struct RowChunkTests {
    /// Every edit gives what a plain array gives, read by position, in place and as an array; the room is
    /// never more than the rows and `smallRoom`; and a copy taken before each edit keeps the rows it had.
    @Test(arguments: ChunkEdits.allCases, [1, 2, 3] as [UInt64])
    func editsGiveWhatAnArrayGives(_ edits: ChunkEdits, _ seed: UInt64) {
        var random = SplitMix(seed: seed)
        let startCount = Int(random.next() % 40)
        var expected = (0..<startCount).map { "s\($0)" }
        var chunk = RowChunk(expected)
        let steps = 3_000
        for step in 0..<steps {
            let (inserts, at) = edits.edit(step, of: steps, count: expected.count, &random)
            let copy = chunk
            let before = expected
            if inserts {
                let text = step % 5 == 0 ? "a longer text than a small string holds, \(step)" : "r\(step)"
                chunk.insert(text, at: at)
                expected.insert(text, at: at)
            } else {
                let removed = chunk.remove(at: at)
                #expect(removed == expected.remove(at: at), "step \(step)")
            }
            #expect(Array(copy) == before, "step \(step): the copy changed")
            guard chunk.count == expected.count, Array(chunk) == expected, chunk.texts == expected else {
                Issue.record(
                    "step \(step) (\(inserts ? "insert" : "remove") at \(at)): \(Array(chunk)) against \(expected)")
                return
            }
            #expect(chunk.head <= Swift.max(RowChunk.smallRoom, chunk.count), "step \(step): room \(chunk.head)")
            #expect(chunk.storage[..<chunk.head].allSatisfy { $0.isEmpty }, "step \(step): the room holds a text")
        }
        let inPlace = chunk.withUnsafeBufferPointer { Array($0) }
        #expect(inPlace == expected && chunk.isEmpty == expected.isEmpty)
        if !expected.isEmpty {
            let range = expected.count / 3..<expected.count
            #expect(chunk.texts(range) == Array(expected[range]))
        }
    }

    /// An insert at the top moves no row after it once there is room: the rows keep their storage, and the
    /// room is made at most once every half-count inserts.
    @Test func insertsAtTheTopUseTheRoom() {
        var chunk = RowChunk((0..<1_000).map { "s\($0)" })
        var madeRoom = 0
        for step in 0..<2_000 {
            let hadRoom = chunk.head > 0
            chunk.insert("r\(step)", at: 0)
            if !hadRoom { madeRoom += 1 }
        }
        // 1,000 rows: room for 500, then 1,500 rows: room for 750, then 2,250: room for 1,125.
        #expect(madeRoom == 3 && chunk.count == 3_000 && chunk[0] == "r1999" && chunk[2_999] == "s999")
    }
}
