/// The text of an interpolated string as it is built: its bytes on the stack while they fit in 32, on
/// the heap after that; the string is made once, at the end. Integers are written in as digits, without
/// a string of their own.
struct TextBuilder {
    private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private static let inlineCapacity = 32
    /// The bytes, once they no longer fit in `inline` (`spilled`).
    private var heap: [UInt8] = []
    private var spilled = false
    /// How many bytes the text has.
    private(set) var count = 0

    /// Appends a string's bytes.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `n` written in decimal.
    mutating func append(decimal n: Int) {
        let magnitude = n.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 20 && magnitude >= power {  // 10^19 is the last power of ten a UInt holds
            digits += 1
            power &*= 10
        }
        let length = n < 0 ? digits + 1 : digits
        let start = count
        guard !spilled && start + length <= TextBuilder.inlineCapacity else {
            TextBuilder.withDecimal(n) { append($0) }
            return
        }
        count += length
        withUnsafeMutableBytes(of: &inline) { _ = TextBuilder.write(decimal: n, into: $0, endingAt: start + length) }
    }

    /// Appends bytes.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let start = count
        count += bytes.count
        if !spilled && count <= TextBuilder.inlineCapacity {
            // A byte at a time: the pieces are short, and a call to copy them would cost more.
            withUnsafeMutableBytes(of: &inline) { buffer in
                for k in 0..<bytes.count { buffer[start + k] = bytes[k] }
            }
            return
        }
        if !spilled {
            heap.reserveCapacity(2 * count)
            withUnsafeBytes(of: inline) { heap.append(contentsOf: $0[..<start]) }
            spilled = true
        }
        heap.append(contentsOf: bytes)
    }

    /// The text built.
    var string: String {
        if spilled { return String(decoding: heap, as: UTF8.self) }
        return withUnsafeBytes(of: inline) { String(decoding: $0[..<count], as: UTF8.self) }
    }

    /// Calls `body` with `n` written in decimal, in digits on the stack.
    static func withDecimal<R>(_ n: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for the longest, 20 digits and a sign
        return withUnsafeMutableBytes(of: &digits) { buffer in
            let start = write(decimal: n, into: buffer, endingAt: buffer.count)
            return body(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    /// Writes `n` in decimal into `buffer`, its last digit just before `end`; returns where it starts.
    @inline(__always)
    private static func write(decimal n: Int, into buffer: UnsafeMutableRawBufferPointer, endingAt end: Int) -> Int {
        var magnitude = n.magnitude
        var start = end
        repeat {
            start -= 1
            buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        if n < 0 {
            start -= 1
            buffer[start] = UInt8(ascii: "-")
        }
        return start
    }
}
