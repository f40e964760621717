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

    /// `text` in double quotes, escaped in `style`.
    package static func quoted(_ text: String, _ style: Style) -> String {
        var out = ""
        quote(text, style, into: &out)
        return out
    }
}
