/// Finding text in text, byte for byte by its UTF-8, as `TextEquality` compares it. The standard
/// library's `String.contains(_:)` and `replacing(_:with:)` on strings come from `_StringProcessing`,
/// which Embedded Swift does not have; these are the same everywhere, so the native and WebAssembly
/// builds find the same things.
public enum TextSearch {
    /// Whether `part`'s bytes occur in `text`'s (an empty `part` occurs everywhere).
    public static func contains(_ text: String, _ part: String) -> Bool {
        firstOffset(of: Array(part.utf8), in: Array(text.utf8), from: 0) != nil
    }

    /// `text` with every occurrence of `target`'s bytes, left to right and not overlapping, replaced by
    /// `replacement`; `text` itself when `target` is empty.
    public static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let pattern = Array(target.utf8)
        let bytes = Array(text.utf8)
        guard !pattern.isEmpty, var found = firstOffset(of: pattern, in: bytes, from: 0) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var from = 0
        while true {
            out.append(contentsOf: bytes[from..<found])
            out.append(contentsOf: replacement.utf8)
            from = found + pattern.count
            guard let next = firstOffset(of: pattern, in: bytes, from: from) else { break }
            found = next
        }
        out.append(contentsOf: bytes[from...])
        return String(decoding: out, as: UTF8.self)
    }

    /// The offset of the first `pattern` in `bytes` at or after `from`.
    static func firstOffset(of pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = pattern.first else { return from <= bytes.count ? from : nil }
        guard bytes.count >= pattern.count else { return nil }
        let last = bytes.count - pattern.count
        var i = from
        while i <= last {
            guard let at = firstIndex(of: first, in: bytes, from: i, to: last + 1) else { return nil }
            var j = 1
            while j < pattern.count && bytes[at + j] == pattern[j] { j += 1 }
            if j == pattern.count { return at }
            i = at + 1
        }
        return nil
    }

    /// The first index of `byte` in `bytes[from..<end]`.
    public static func firstIndex(of byte: UInt8, in bytes: [UInt8], from: Int, to end: Int) -> Int? {
        guard from < end else { return nil }
        return bytes.withUnsafeBufferPointer { firstIndex(of: byte, in: $0, from: from, to: end) }
    }

    /// The first index of `byte` in `buffer[from..<end]`: eight bytes at a time, as the C library's
    /// `memchr` compares a word at a time (bench/NOTES.md), in Swift, so the library needs no system and
    /// the WebAssembly module finds the same.
    public static func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from: Int, to end: Int)
        -> Int?
    {
        guard from < end, let base = buffer.baseAddress else { return nil }
        let pattern = broadcast(byte)
        var i = from
        while i &+ 8 <= end {
            // The lowest byte marked is a true match, and the first in memory once read as little-endian.
            let zeros = zeroBytesFromBelow(word(base, i) ^ pattern)
            if zeros != 0 { return i &+ zeros.trailingZeroBitCount &>> 3 }
            i &+= 8
        }
        while i < end {
            if base[i] == byte { return i }
            i &+= 1
        }
        return nil
    }

    /// The first index `i` in `buffer[from..<end]` where `first` is followed by `second` (both within
    /// `from..<end`): eight bytes at a time, each `first` among them then checked byte by byte.
    public static func firstIndex(
        of first: UInt8, followedBy second: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from: Int, to end: Int
    ) -> Int? {
        guard from < end, let base = buffer.baseAddress else { return nil }
        let pattern = broadcast(first)
        var i = from
        while i &+ 8 <= end {
            // Candidates for `first` (false ones above a true one among them): each is checked.
            var candidates = zeroBytesFromBelow(word(base, i) ^ pattern)
            while candidates != 0 {
                let k = i &+ candidates.trailingZeroBitCount &>> 3
                if k &+ 1 < end && base[k] == first && base[k &+ 1] == second { return k }
                candidates &= candidates &- 1
            }
            i &+= 8
        }
        while i &+ 1 < end {
            if base[i] == first && base[i &+ 1] == second { return i }
            i &+= 1
        }
        return nil
    }

    /// The last index of `byte` in `buffer[from..<end]`, eight bytes at a time from the end.
    public static func lastIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from: Int, to end: Int)
        -> Int?
    {
        guard from < end, let base = buffer.baseAddress else { return nil }
        let pattern = broadcast(byte)
        var i = end
        while i &- 8 >= from {
            // Exact marks, so the highest is the last match.
            let zeros = zeroBytes(word(base, i &- 8) ^ pattern)
            if zeros != 0 { return i &- 8 &+ (63 &- zeros.leadingZeroBitCount) &>> 3 }
            i &-= 8
        }
        while i > from {
            i &-= 1
            if base[i] == byte { return i }
        }
        return nil
    }

    // MARK: Eight bytes at a time (inlinable: the parser counts line feeds with them)

    /// `byte` in each of a word's eight bytes.
    @inlinable package static func broadcast(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// The eight bytes at `offset` as one word, the first in its lowest byte.
    @inlinable package static func word(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The high bit of each zero byte of `word`, exactly: adding 0x7F to a byte's low seven bits carries
    /// into its own high bit only.
    @inlinable package static func zeroBytes(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & lows) &+ lows) | word) & 0x8080_8080_8080_8080
    }

    /// The high bit of each zero byte of `word`, in fewer steps, but a borrow can also mark bytes above a
    /// zero one: the lowest mark is always a true one.
    @inlinable package static func zeroBytesFromBelow(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// A checksum of `bytes`, eight at a time: each word is mixed (a multiply by an odd constant, then its
    /// high half folded into its low) before it joins two sums, Fletcher's, of the words and of those sums.
    /// Without the mixing, a byte raised and another lowered 2,048 bytes later left both sums as they were
    /// (a review found it). Bytes read again that give the checksum they gave before are, but for a chance
    /// of about one in 2^64, the bytes they were (a big script's window, between its check and its run). Not
    /// a defence against bytes chosen to collide: it is for a file changed by accident.
    package static func checksum(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { buffer in
            var (sum, sums) = (UInt64(truncatingIfNeeded: buffer.count), UInt64(0))
            guard let base = buffer.baseAddress else { return sum }
            @inline(__always) func add(_ word: UInt64) {
                let mixed = word &* 0x9E37_79B9_7F4A_7C15
                sum &+= mixed ^ (mixed &>> 29)
                sums &+= sum
            }
            var i = 0
            while i &+ 8 <= buffer.count {
                add(word(base, i))
                i &+= 8
            }
            var last: UInt64 = 0
            var shift: UInt64 = 0
            while i < buffer.count {
                last |= UInt64(base[i]) &<< shift
                shift &+= 8
                i &+= 1
            }
            add(last)
            return sum ^ (sums &* 0xFF51_AFD7_ED55_8CCD)
        }
    }
}
