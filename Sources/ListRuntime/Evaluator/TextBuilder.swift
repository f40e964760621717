import ListFormats
import ListLanguage
import ListModel

/// The text of an interpolated string as it is built: its bytes on the stack while they fit in 32, on
/// the heap after that; the string is made once, at the end. Integers are written in as digits, without
/// a string of their own.
struct TextBuilder {
    private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private static let inlineCapacity = 32
    /// The bytes, once they no longer fit in `inline`; nil before, so a text that fits holds no array
    /// (not even the empty one, which would be released when the text is done).
    private var heap: [UInt8]? = nil
    /// How many bytes the text has.
    private(set) var count = 0
    /// The length up to which the memory its growth takes was checked (`Interpreter.checkTextSize`).
    var memoryCheckedUpTo = 0

    /// Appends a string's bytes.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `n` written in decimal.
    mutating func append(decimal n: Int64) {
        let magnitude = n.magnitude
        // log₁₀ 2 ≈ 1233 / 4096: the bit length gives the number of digits, or one less than it.
        let guess = ((UInt64.bitWidth &- magnitude.leadingZeroBitCount) &* 1233) &>> 12
        let digits = max(1, guess + (magnitude >= TextBuilder.powersOfTen[guess] ? 1 : 0))
        let length = n < 0 ? digits + 1 : digits
        let start = count
        guard heap == nil && start + length <= TextBuilder.inlineCapacity else {
            TextBuilder.withDecimal(n) { append($0) }
            return
        }
        count += length
        withUnsafeMutableBytes(of: &inline) { _ = TextBuilder.write(decimal: n, into: $0, endingAt: start + length) }
    }

    /// Appends the `length` (at most 8) bytes of `word`, the first in its lowest byte: a short literal
    /// piece, written with one store while the text is on the stack.
    mutating func append(word: UInt64, length: Int) {
        let start = count
        guard heap == nil && start + 8 <= TextBuilder.inlineCapacity else {
            withUnsafeBytes(of: word.littleEndian) { append(UnsafeRawBufferPointer(rebasing: $0[..<length])) }
            return
        }
        count += length
        // The bytes past `length` are written too, but lie beyond `count`, where nothing reads: the text
        // made (`string`) and a spill to the heap take only the first `count` bytes.
        withUnsafeMutableBytes(of: &inline) {
            $0.storeBytes(of: word.littleEndian, toByteOffset: start, as: UInt64.self)
        }
    }

    /// Appends bytes.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let start = count
        count += bytes.count
        if heap == nil && count <= TextBuilder.inlineCapacity {
            // A byte at a time: the pieces are short, and a call to copy them would cost more.
            withUnsafeMutableBytes(of: &inline) { buffer in
                for k in 0..<bytes.count { buffer[start + k] = bytes[k] }
            }
            return
        }
        if heap == nil {
            var spill: [UInt8] = []
            spill.reserveCapacity(2 * count)
            withUnsafeBytes(of: inline) { spill.append(contentsOf: $0[..<start]) }
            heap = spill
        }
        heap?.append(contentsOf: bytes)
    }

    /// The text built.
    var string: String {
        if let heap { return String(decoding: heap, as: UTF8.self) }
        if let small = SmallString.make(inline.0, inline.1, count: count) { return small }
        return withUnsafeBytes(of: inline) { bytes in
            let count = count
            return String(unsafeUninitializedCapacity: count) { buffer in
                let text = UnsafeRawBufferPointer(rebasing: bytes[..<count])
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: text)
                return count
            }
        }
    }

    /// Calls `body` with `n` written in decimal, in digits on the stack.
    static func withDecimal<R>(_ n: Int64, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for the longest, 20 digits and a sign
        return withUnsafeMutableBytes(of: &digits) { buffer in
            let start = write(decimal: n, into: buffer, endingAt: buffer.count)
            return body(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Writes `n` in decimal into `buffer`, its last digit just before `end`; returns where it starts.
    /// Two digits at a time, from a table of the hundred pairs: half the divisions of one at a time.
    @inline(__always)
    private static func write(decimal n: Int64, into buffer: UnsafeMutableRawBufferPointer, endingAt end: Int) -> Int {
        var magnitude = n.magnitude
        var start = end
        let pairs = digitPairs.utf8Start
        while magnitude >= 100 {
            let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
            magnitude /= 100
            start -= 2
            buffer[start] = pairs[pair]
            buffer[start + 1] = pairs[pair + 1]
        }
        if magnitude >= 10 {
            let pair = Int(truncatingIfNeeded: magnitude) &* 2
            start -= 2
            buffer[start] = pairs[pair]
            buffer[start + 1] = pairs[pair + 1]
        } else {
            start -= 1
            buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
        if n < 0 {
            start -= 1
            buffer[start] = UInt8(ascii: "-")
        }
        return start
    }

    /// 10⁰ to 10¹⁹, every power of ten a UInt64 holds (UInt64, so the table is the same where Int has 32 bits).
    private static let powersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
        1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
        10_000_000_000_000_000_000,
    ]

    /// "00", "01", … "99", one after the other.
    private static let digitPairs: StaticString = """
        00010203040506070809101112131415161718192021222324252627282930313233343536373839\
        40414243444546474849505152535455565758596061626364656667686970717273747576777879\
        8081828384858687888990919293949596979899
        """
}

/// A literal piece of up to 8 bytes, kept as the word `TextBuilder.append(word:length:)` writes.
struct ShortText {
    let word: UInt64
    let length: Int

    init(_ text: String) {
        word = Byte.word(text.utf8.prefix(8))
        length = min(text.utf8.count, 8)
    }

    /// Writes the piece, then checks the text's size, as each piece of an interpolated string is checked.
    @inline(__always)
    func write(into text: inout TextBuilder, _ i: Interpreter, _ range: SourceRange) throws(ScriptError) {
        text.append(word: word, length: length)
        try i.checkTextSize(&text, range)
    }
}
