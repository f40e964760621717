import ListFormats
import ListModel

/// What the text before the cursor says about the statement being typed, read with the language's
/// own lexer: the statement's words so far, and whether the cursor is inside a string or a comment.
/// The REPL's completion reads it.
public struct StatementPrefix: Equatable, Sendable {
    /// The words (names, keywords, numbers, and `.name` as one word) of the statement being typed.
    public var words: [String] = []
    /// True when no `;`, `{` or `}` came before it on the line: it is the line's first statement.
    public var isFirstOnLine = true
    /// The cursor is inside a string literal.
    public var inString = false
    /// The cursor is inside a `#` comment.
    public var inComment = false

    /// Reads `text`, the line before the word being completed.
    public init(_ text: String) {
        let bytes = Array(text.utf8)
        var lexer = Lexer(bytes: bytes, range: 0..<bytes.count)
        var end = 0
        var previous: Token?
        while true {
            let token = lexer.nextToken()
            if token.kind == .endOfInput { break }
            end = token.range.upperBound
            switch token.kind {
            case .semicolon, .leftBrace, .rightBrace, .newline:
                words.removeAll()
                isFirstOnLine = false
            case .identifier, .reserved, .integer:
                let word = String(decoding: bytes[token.range.lowerBound..<token.range.upperBound], as: UTF8.self)
                if let dot = previous, dot.kind == .dot, dot.range.upperBound == token.range.lowerBound,
                    token.kind != .integer
                {
                    words.append("." + word)
                } else {
                    words.append(word)
                }
            case .string:
                inString = token.flags.contains(.unterminated)
            default:
                break
            }
            previous = token
        }
        // Only blanks and a comment are skipped without a token.
        inComment = !inString && bytes[end...].contains(Byte.hash)
    }
}
