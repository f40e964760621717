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
}
