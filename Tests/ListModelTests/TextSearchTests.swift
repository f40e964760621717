import Testing

@testable import ListModel

// `TextSearch.firstIndex` (of a byte, and of a byte followed by another) and `lastIndex` search eight
// bytes at a time; the judge is the standard library's search of the same slice, at every alignment and length, with the byte sought among bytes
// that differ from it by one bit and bytes with the high bit set (where a borrow or a carry would mislead).

@Suite("Byte search eight bytes at a time")
struct TextSearchTests {
    @Test(
        "finds the first and last byte, and the first pair, as the standard library does",
        arguments: [0x0A, 0x00, 0x80, 0xFF, 0x61])
    func findsAsTheStandardLibrary(byte: Int) {
        let target = UInt8(byte)
        var generator = SeededGenerator(seed: UInt64(byte) + 7)
        let alphabet: [UInt8] = [target, target ^ 1, target ^ 0x80, target &+ 1, target &- 1, 0x00, 0xFF, 0x7F]
        for length in 0..<26 {
            for density in [0, 1, 4] {
                let bytes: [UInt8] = (0..<length).map { _ in
                    Int.random(in: 0..<8, using: &generator) < density
                        ? target : alphabet[Int.random(in: 1..<alphabet.count, using: &generator)]
                }
                bytes.withUnsafeBufferPointer { buffer in
                    for from in 0...length {
                        for end in from...length {
                            #expect(
                                TextSearch.firstIndex(of: target, in: buffer, from: from, to: end)
                                    == bytes[from..<end].firstIndex(of: target), "first: \(bytes) \(from)..<\(end)")
                            #expect(
                                TextSearch.lastIndex(of: target, in: buffer, from: from, to: end)
                                    == bytes[from..<end].lastIndex(of: target), "last: \(bytes) \(from)..<\(end)")
                            let pair = bytes.indices.first {
                                from <= $0 && $0 + 1 < end && bytes[$0] == target && bytes[$0 + 1] == target ^ 1
                            }
                            #expect(
                                TextSearch.firstIndex(
                                    of: target, followedBy: target ^ 1, in: buffer, from: from, to: end)
                                    == pair, "pair: \(bytes) \(from)..<\(end)")
                        }
                    }
                }
            }
        }
    }

    /// A window's checksum changes with its bytes: any one byte changed anywhere (at every offset of a window that
    /// does not end on a word), a byte added at the end, and the changes a sum of words alone misses, which a review
    /// found in its first version: a byte raised and another lowered 2,048 bytes later, or the same byte of three
    /// words in a row changed by +1, -2 and +1 (both sums unchanged). Two different windows of the same literal lines
    /// differ too.
    @Test func theChecksumChangesWithTheBytes() {
        let line = Array("insert 3:17 \"text number 00098\"\ndelete 0:1\n".utf8)
        let window = Array((0..<120).map { _ in line }.joined())
        let sum = TextSearch.checksum(window)
        #expect(TextSearch.checksum(window) == sum, "the same bytes, the same checksum")
        var changed = 0
        for offset in window.indices {
            for delta: UInt8 in [1, 0x80] {
                var other = window
                other[offset] &+= delta
                if TextSearch.checksum(other) != sum { changed += 1 }
            }
        }
        #expect(changed == 2 * window.count, "\(2 * window.count - changed) changes missed")
        #expect(TextSearch.checksum(window + [0x0A]) != sum && TextSearch.checksum(Array(window.dropLast())) != sum)
        for word in stride(from: 0, to: window.count / 8 - 260, by: 37) {
            var paired = window
            paired[8 * word + 7] &+= 1
            paired[8 * (word + 256) + 7] &-= 1
            #expect(TextSearch.checksum(paired) != sum, "paired at word \(word)")
            var three = window
            three[8 * word] &+= 1
            three[8 * (word + 1)] &-= 2
            three[8 * (word + 2)] &+= 1
            #expect(TextSearch.checksum(three) != sum, "three at word \(word)")
        }
    }
}
