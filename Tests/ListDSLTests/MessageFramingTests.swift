import ListFormats
import Testing

@testable import ListEditor

/// The language server's framing and positions, table by table.
@Suite struct MessageFramingTests {
    /// `input` given to a reader in pieces of `piece` bytes: the items it gives, in order.
    static func items(_ input: String, piece: Int, limit: Int = 1 << 20) -> [MessageReader.Item] {
        var reader = MessageReader(maximumLength: limit)
        var found: [MessageReader.Item] = []
        let bytes = Array(input.utf8)
        var at = 0
        while at < bytes.count {
            let end = min(bytes.count, at + piece)
            bytes[at..<end].withUnsafeBytes { reader.append($0) }
            at = end
            while let item = reader.next() { found.append(item) }
        }
        return found
    }

    static func message(_ text: String) -> MessageReader.Item { .message(Array(text.utf8)) }

    /// A message the memory limit has no room for is skipped and said to be, before its bytes are held
    /// (issue 57: the reader's buffer grew by doubling until an allocation failed), and the next is read.
    @Test func aMessageWithNoRoomUnderTheMemoryLimitIsSkipped() {
        var reader = MessageReader()
        let checks = ReadingChecks(isInterrupted: { false }, memoryInUse: { 100 << 20 }, memoryLimit: 128 << 20)
        let big = "Content-Length: \(64 << 20)\r\n\r\n"
        Array(big.utf8).withUnsafeBytes { reader.append($0) }
        #expect(
            reader.next(within: checks)
                == .malformed(
                    "a message of 67108864 bytes would take the server past its memory limit: listdsl is using 100.0 MiB and needs 64.0 MiB more; the limit is 128 MiB"
                ))
        // Its bytes as they arrive are dropped, not kept; the message after it is read.
        let chunk = [UInt8](repeating: 0x20, count: 1 << 20)
        for _ in 0..<64 { chunk.withUnsafeBytes { reader.append($0) } }
        Array("Content-Length: 2\r\n\r\n{}".utf8).withUnsafeBytes { reader.append($0) }
        #expect(reader.next(within: checks) == Self.message("{}"))
        // A message that fits is taken with its room made at once.
        Array("Content-Length: 5\r\n\r\n[1,2]".utf8).withUnsafeBytes { reader.append($0) }
        #expect(reader.next(within: checks) == Self.message("[1,2]"))
    }

    @Test(arguments: [1, 2, 7, 1000])
    func messagesArriveWhateverTheReadsCut(_ piece: Int) {
        let input = "Content-Length: 2\r\n\r\n{}content-length:4\r\nContent-Type: x\r\n\r\n[1,2]"
        #expect(Self.items(input, piece: piece) == [Self.message("{}"), Self.message("[1,2")])
    }

    @Test(arguments: [
        ("Content-Length: x\r\n\r\n{}", "a header block without a valid Content-Length"),
        ("Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", "a header block without a valid Content-Length"),
        ("Content-Length: 20\r\n\r\n{}", "a message of 20 bytes, over the limit of 10"),
    ])
    func aBadHeaderIsSaidAndSkipped(_ input: String, _ why: String) {
        let items = Self.items(input + "Content-Length: 1\r\n\r\n1", piece: 3, limit: 10)
        #expect(items.first == .malformed(why))
        // After a message over the limit, its bytes are skipped (here they include the next message).
        if !why.contains("over the limit") { #expect(items.last == Self.message("1")) }
    }

    @Test func aHeaderThatNeverEndsIsRefused() {
        let items = Self.items(String(repeating: "x", count: 9000), piece: 512)
        #expect(items == [.malformed("a header block longer than 8192 bytes without its blank line")])
    }

    @Test(arguments: [
        // text, offset, UTF-16 position, UTF-8 position
        ("ab\ncd", 4, [1, 1], [1, 1]),
        ("é😀x", 6, [0, 3], [0, 6]),  // é is 2 bytes and 1 unit, 😀 4 bytes and 2 units
        ("a\r\nb", 3, [1, 0], [1, 0]),
        ("a\rb", 2, [1, 0], [1, 0]),
        ("abc", 99, [0, 3], [0, 3]),
    ])
    func positionsCountAsTheClientCounts(_ text: String, _ offset: Int, _ utf16: [Int], _ utf8: [Int]) {
        for (index, expected) in [
            (LineIndex(Array(text.utf8), utf16: true), utf16), (LineIndex(Array(text.utf8), utf16: false), utf8),
        ] {
            let position = index.position(of: offset)
            #expect([position.line, position.character] == expected)
            #expect(index.offset(line: position.line, character: position.character) == min(offset, text.utf8.count))
        }
    }

    @Test func aPositionPastTheEndIsClamped() {
        let index = LineIndex(Array("ab\ncd".utf8), utf16: true)
        #expect(index.offset(line: 0, character: 99) == 2)
        #expect(index.offset(line: 7, character: 0) == 5)
        #expect(index.offset(line: -1, character: 0) == 0)
    }
}
