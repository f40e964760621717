/// The text of an interpolated string as it is built: its bytes on the stack while they fit in 32, on
/// the heap after that; the string is made once, at the end. Integers are written in as digits, without
/// a string of their own.
struct TextBuilder {
    private var inline: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// The bytes, once they no longer fit in `inline`.
    private var heap: [UInt8]?
    /// How many bytes the text has.
    private(set) var count = 0

    /// Appends a string's bytes.
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `n` written in decimal.
    mutating func append(decimal n: Int) {
        TextBuilder.withDecimal(n) { append($0) }
    }

    /// Appends bytes.
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let start = count
        count += bytes.count
        if heap == nil && count <= MemoryLayout.size(ofValue: inline) {
            withUnsafeMutableBytes(of: &inline) {
                UnsafeMutableRawBufferPointer(rebasing: $0[start...]).copyMemory(from: bytes)
            }
            return
        }
        if heap == nil {
            var spilled: [UInt8] = []
            spilled.reserveCapacity(2 * count)
            withUnsafeBytes(of: inline) { spilled.append(contentsOf: $0[..<start]) }
            heap = spilled
        }
        heap?.append(contentsOf: bytes)
    }

    /// The text built.
    var string: String {
        if let heap { return String(decoding: heap, as: UTF8.self) }
        return withUnsafeBytes(of: inline) { String(decoding: $0[..<count], as: UTF8.self) }
    }

    /// Calls `body` with `n` written in decimal, in digits on the stack.
    static func withDecimal<R>(_ n: Int, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for the longest, 20 digits and a sign
        return withUnsafeMutableBytes(of: &digits) { buffer in
            var magnitude = n.magnitude
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if n < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            return body(UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }
}
