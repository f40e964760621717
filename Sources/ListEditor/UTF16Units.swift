/// How UTF-8 bytes count in UTF-16 code units, a byte at a time, so the units of any run of bytes are the
/// sum of its bytes' (and a table of sums answers for a long line): a sequence's first byte counts its
/// character's units (two for the four-byte sequences, a surrogate pair), a continuation byte none.
enum UTF16Units {
    /// The bytes between two entries of a table of sums (a power of two).
    static let blockShift = 8
    static let blockLength = 1 << blockShift

    /// The UTF-16 code units `byte` counts for.
    @inline(__always)
    static func of(_ byte: UInt8) -> Int {
        byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1
    }

    /// `offset` moved past the continuation bytes that follow it (a UTF-8 sequence has at most three),
    /// not beyond `end`: a position inside a character is its end. `byte` reads the text.
    static func endOfCharacter(from offset: Int, before end: Int, _ byte: (Int) -> UInt8) -> Int {
        var offset = offset
        var skipped = 0
        while offset < end && skipped < 3 && byte(offset) & 0xC0 == 0x80 {
            offset += 1
            skipped += 1
        }
        return offset
    }
}
