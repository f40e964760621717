/// Swift's small string, made from its two words: a text of at most 15 bytes that the standard library holds
/// in the string itself, with no storage of its own. `String(decoding:as:)` and
/// `String(unsafeUninitializedCapacity:…)` make the same string, but check the bytes again and copy them a
/// byte at a time: about 100 instructions, an eighth of a loop appending `"row \(i)"`, and 146 a row of the
/// texts `edits-1m.list` inserts (bench/NOTES.md).
package enum SmallString {
    /// The most bytes a small string holds.
    @inlinable package static var capacity: Int { 15 }

    /// The string of the first `count` bytes of `low` then `high` (first byte lowest), which must be UTF-8
    /// and at most `capacity` of them: nil where that form is not the one `words` writes.
    @inlinable @inline(__always)
    package static func make(_ low: UInt64, _ high: UInt64, count: Int) -> String? {
        guard let words = words(low, high, count: count) else { return nil }
        return unsafeBitCast(words, to: String.self)
    }

    /// The string of the `count` bytes at `offset` of `b`, UTF-8 and at most `capacity` of them, when `b` holds
    /// 16 bytes from `offset` (they are read as two words; those past the text are left out); nil otherwise.
    @inlinable @inline(__always)
    package static func make(_ b: UnsafeBufferPointer<UInt8>, at offset: Int, count: Int) -> String? {
        guard let base = b.baseAddress, offset >= 0, offset &+ 16 <= b.count else { return nil }
        return make(TextSearch.word(base, offset), TextSearch.word(base, offset &+ 8), count: count)
    }

    /// The two words of the small string of the first `count` bytes of `low` then `high`, on 64-bit
    /// platforms (the standard library's StringObject.swift; the ABI on Apple's, the same form on Linux;
    /// Android's arm64 keeps a byte for pointer tags, so it is left out): bytes 0-14 are the UTF-8, zero
    /// past `count`, and the last byte is 0xE0 + count when every byte is ASCII, 0xA0 + count otherwise.
    /// TextBuilderTests checks them against the strings `String(decoding:as:)` makes, at every length.
    @inlinable @inline(__always)
    package static func words(_ low: UInt64, _ high: UInt64, count: Int) -> (UInt64, UInt64)? {
        #if (arch(x86_64) || arch(arm64)) && _endian(little) && !os(Android)
            guard count >= 0 && count <= capacity else { return nil }
            let lowBits = min(count, 8) &* 8
            let highBits = max(count &- 8, 0) &* 8
            let l = lowBits == 64 ? low : low & ((1 &<< UInt64(lowBits)) &- 1)
            let h = high & ((1 &<< UInt64(highBits)) &- 1)
            let ascii = (l | h) & 0x8080_8080_8080_8080 == 0
            let discriminator: UInt64 = (ascii ? 0xE0 : 0xA0) | UInt64(count)
            return (l, h | discriminator &<< 56)
        #else
            return nil
        #endif
    }
}
