/// How a string is written in double quotes with escapes, in the language's style or JSON's; the
/// language's lexer reads the same escapes back (`StringEscape+Reading.swift` in ListLanguage).
package enum StringEscape {
    /// Whose escapes a quoted string uses.
    package enum Style {
        /// ListDSL's own: `\\ \" \n \t \r \0`, and `\u{1F}` for other control characters (C1 included).
        case language
        /// JSON's: `\\ \" \n \t \r \b \f`, and `\u001f` for other characters below U+0020.
        case json
    }

    /// Appends `text` in double quotes, escaped in `style`, to `out`.
    static func quote(_ text: String, _ style: Style, into out: inout String) {
        out += "\""
        // Most strings need no escapes (0xC2 may start a C1 control character).
        let plain = !text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }
        if plain {
            out += text
            out += "\""
            return
        }
        if style == .json {
            quoteJSON(text, into: &out)
            out += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch (scalar, style) {
            case ("\\", _): out += "\\\\"
            case ("\"", _): out += "\\\""
            case ("\n", _): out += "\\n"
            case ("\t", _): out += "\\t"
            case ("\r", _): out += "\\r"
            case ("\0", .language): out += "\\0"
            case ("\u{08}", .json): out += "\\b"
            case ("\u{0C}", .json): out += "\\f"
            case (_, .language) where scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value):
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            case (_, .json) where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `text` escaped as JSON (without its quotes): the runs between the bytes to escape are copied whole.
    private static func quoteJSON(_ text: String, into out: inout String) {
        var bytes: [UInt8] = []
        quoteJSON(text, into: &bytes)
        out += String(decoding: bytes[1..<(bytes.count - 1)], as: UTF8.self)
    }

    /// Appends `text` in double quotes, escaped as JSON, to the UTF-8 `out`: the runs between the bytes
    /// to escape are copied whole.
    package static func quoteJSON(_ text: String, into out: inout [UInt8]) {
        out.append(0x22)
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for i in bytes.indices {
                let byte = bytes[i]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                out.append(0x5C)
                switch byte {
                case 0x5C, 0x22: out.append(byte)
                case 0x0A: out.append(0x6E)  // n
                case 0x09: out.append(0x74)  // t
                case 0x0D: out.append(0x72)  // r
                case 0x08: out.append(0x62)  // b
                case 0x0C: out.append(0x66)  // f
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    out += [0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]  // u00XX
                }
                start = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(0x22)
    }

    /// `text` in double quotes, escaped in `style`.
    package static func quoted(_ text: String, _ style: Style) -> String {
        var out = ""
        quote(text, style, into: &out)
        return out
    }
}
