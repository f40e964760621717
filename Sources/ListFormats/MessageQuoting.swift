/// How messages show source text and characters: quoted, control characters escaped, long text
/// shortened, code points as `U+001B` and bytes as `0F`. The diagnostics of every layer use it.
package enum MessageQuoting {
    /// Source text in single quotes for a message: control characters escaped, long text shortened.
    package static func quote(_ slice: ArraySlice<UInt8>, limit: Int = 32) -> String {
        var text = ""
        var count = 0
        // Decode no more than the shown characters need (at most 4 bytes each, plus one to see the cut).
        let prefix = slice.prefix(limit * 4 + 4)
        for scalar in String(decoding: prefix, as: UTF8.self).unicodeScalars {
            if count == limit {
                text += "…"
                break
            }
            text += escapedForMessage(scalar)
            count += 1
        }
        return "'\(text)'"
    }

    /// A scalar as it may appear in a message: printable ones as themselves, others as `\u{…}`.
    package static func escapedForMessage(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x0A: "\\n"
        case 0x09: "\\t"
        case 0x0D: "\\r"
        case 0x00..<0x20, 0x7F..<0xA0: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default: String(scalar)
        }
    }

    /// `U+001B` style.
    package static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// `0F` style.
    package static func twoHexDigits(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
