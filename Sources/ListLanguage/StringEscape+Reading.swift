import ListFormats
import ListModel

/// The escapes a string literal may hold, read in one place for the lexer (which reports the bad ones)
/// and the parser (which decodes the good ones).
///
/// escape = "\" ( "\" | '"' | "/" | "n" | "t" | "r" | "b" | "f" | "0"
///              | "u{" hex {hex} "}" | "u" hex hex hex hex )
///
/// They are the language's own and every escape JSON has, so the output of `dump` is always valid
/// source. A JSON `\uXXXX` is one UTF-16 code unit: a surrogate must come as a pair (`\uD83D\uDE00`).
extension StringEscape {
    /// What an escape after a backslash is.
    enum Reading {
        /// A character, and where the source goes on after the escape.
        case scalar(Unicode.Scalar, next: Int)
        /// A malformed escape: where the source goes on, and what is wrong given the escape's bytes.
        case invalid(next: Int, error: (ArraySlice<UInt8>) -> ParseError)
    }

    /// Reads the escape whose backslash is at `start` (not an interpolation `\(`), within `bytes[..<end]`.
    static func read(_ bytes: [UInt8], at start: Int, end: Int) -> Reading {
        guard start + 1 < end else { return .invalid(next: end) { _ in .backslashAtEnd } }
        let next = start + 2
        switch bytes[start + 1] {
        case Byte.backslash: return .scalar("\\", next: next)
        case Byte.quote: return .scalar("\"", next: next)
        case Byte.slash: return .scalar("/", next: next)
        case Byte.lowerN: return .scalar("\n", next: next)
        case Byte.lowerT: return .scalar("\t", next: next)
        case Byte.lowerR: return .scalar("\r", next: next)
        case Byte.lowerB: return .scalar("\u{8}", next: next)
        case Byte.lowerF: return .scalar("\u{C}", next: next)
        case Byte.zero: return .scalar("\0", next: next)
        case Byte.lowerU: return unicode(bytes, at: start, end: end)
        case let byte:
            // Quote the whole character after the backslash, even when it is not ASCII.
            let length = byte >= 0x80 ? Lexer.utf8Length(bytes, at: start + 1, end: end) ?? 1 : 1
            return .invalid(next: start + 1 + length) { .invalidEscape(MessageQuoting.quote($0)) }
        }
    }

    /// `\u{HEX}` (1 to 8 digits) or JSON's `\uXXXX`, a surrogate pair as two of them; `start` is at the backslash.
    private static func unicode(_ bytes: [UInt8], at start: Int, end: Int) -> Reading {
        let open = start + 2
        if open < end && bytes[open] == Byte.leftBrace {
            var index = open + 1
            var value: UInt32 = 0
            while index < end, index - open <= 8, let digit = Byte.hexValue(bytes[index]) {
                value = value << 4 | digit
                index += 1
            }
            guard index > open + 1, index - open <= 9, index < end, bytes[index] == Byte.rightBrace else {
                return .invalid(next: index) { _ in .malformedBracedUnicode }
            }
            guard let scalar = Unicode.Scalar(value) else {
                return .invalid(next: index + 1) { .invalidScalar(MessageQuoting.quote($0)) }
            }
            return .scalar(scalar, next: index + 1)
        }
        guard let unit = codeUnit(bytes, at: open, end: end) else {
            return .invalid(next: open) { _ in .malformedUnicodeEscape }
        }
        let afterUnit = open + 4
        if let scalar = Unicode.Scalar(unit) { return .scalar(scalar, next: afterUnit) }
        // A surrogate: only a high one followed by `\u` and a low one makes a character.
        if (0xD800..<0xDC00).contains(unit), afterUnit + 1 < end, bytes[afterUnit] == Byte.backslash,
            bytes[afterUnit + 1] == Byte.lowerU, let low = codeUnit(bytes, at: afterUnit + 2, end: end),
            (0xDC00..<0xE000).contains(low),
            let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
        {
            return .scalar(scalar, next: afterUnit + 6)
        }
        return .invalid(next: afterUnit) { .loneSurrogate(MessageQuoting.quote($0)) }
    }

    /// The value of the four hex digits at `index`, if there are four.
    private static func codeUnit(_ bytes: [UInt8], at index: Int, end: Int) -> UInt32? {
        guard index + 4 <= end else { return nil }
        var value: UInt32 = 0
        for i in index..<index + 4 {
            guard let digit = Byte.hexValue(bytes[i]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }
}
