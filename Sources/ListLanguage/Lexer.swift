import ListFormats
import ListModel

/// A problem the lexer found in the source bytes.
struct LexicalError: Sendable, Equatable {
    var error: ParseError
    var range: SourceRange
    /// True when the problem is only that the input ended too early (an unterminated string).
    var isIncomplete: Bool = false
}

/// Turns a source file's bytes into tokens, one at a time, on demand (the lexical rules of grammar.md §1).
///
/// Tokens are a kind and a byte range; no text is copied. Errors are collected in `errors`
/// and the bad bytes skipped, so the parser always gets a token stream it can use.
struct Lexer {
    /// The whole file's bytes; the lexer reads only `position..<end`.
    let bytes: [UInt8]
    /// One past the last byte this lexer may read.
    let end: Int
    /// The next byte to read.
    private(set) var position: Int
    /// The brackets open at `position`, innermost last: `(`, `[` or `{`.
    private(set) var openBrackets: [UInt8] = []
    /// True while the innermost open bracket is `(` or `[`: newlines there do not end statements.
    private(set) var newlinesIgnored = false
    /// What the last token did to `openBrackets` (+1 pushed, -1 popped `lastPopped`, 0 nothing), for `rewind`.
    private var lastBracketChange = 0
    private var lastPopped: UInt8 = 0
    /// Problems found so far; the parser drains them.
    var errors: [LexicalError] = []
    /// True once a string ran to the end of the input.
    private(set) var sawUnterminatedString = false
    /// Where the last error ended, so a run of bad characters becomes one error.
    private var endOfLastError = -1
    /// Looks up keywords without making a String.
    private let keywords: KeywordTable

    /// A lexer for the whole of `file`; a UTF-8 byte order mark at the start is skipped.
    init(file: SourceFile) {
        self.init(file: file, range: 0..<file.bytes.count)
    }

    /// A lexer for `range` of `file`, which is the whole file or a part starting at a line; a UTF-8
    /// byte order mark at the start of the file (not of a window after its first line) is skipped.
    init(file: SourceFile, range: Range<Int>) {
        self.init(bytes: file.bytes, range: range)
        if position == 0 && file.firstLine == 1 && end >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
    }

    /// A lexer for `range` of `bytes`; `parenthesized` lexes as if inside `( )`, for an interpolation.
    init(bytes: [UInt8], range: Range<Int>, parenthesized: Bool = false) {
        self.bytes = bytes
        self.end = min(range.upperBound, bytes.count)
        self.position = max(0, range.lowerBound)
        self.keywords = KeywordTable.shared
        if parenthesized {
            openBrackets = [Byte.leftParen]
            newlinesIgnored = true
        }
    }

    // MARK: Scanner verbs

    /// True when every byte has been read.
    @inline(__always)
    private var isAtEnd: Bool { position >= end }

    /// The byte at `position + offset`, or nil past the end.
    @inline(__always)
    private func peek(_ offset: Int = 0) -> UInt8? {
        let index = position + offset
        return index < end ? bytes[index] : nil
    }

    /// True when the next byte is `byte`.
    @inline(__always)
    private func check(_ byte: UInt8) -> Bool {
        position < end && bytes[position] == byte
    }

    /// Consumes the next byte when it is `byte`.
    @inline(__always)
    private mutating func match(_ byte: UInt8) -> Bool {
        guard check(byte) else { return false }
        position += 1
        return true
    }

    /// Consumes and returns the next byte; only called when not at the end.
    @inline(__always)
    private mutating func advance() -> UInt8 {
        let byte = bytes[position]
        position += 1
        return byte
    }

    // MARK: Tokens

    /// The next token; `.endOfInput` forever once the bytes run out.
    mutating func nextToken() -> Token {
        lastBracketChange = 0
        while position < end {
            let start = position
            let byte = advance()
            switch byte {
            case Byte.space, Byte.tab, Byte.carriageReturn:
                continue
            case Byte.newline:
                if newlinesIgnored { continue }
                skipBlankLines()
                return Token(.newline, SourceRange(start, start + 1))
            case Byte.hash:
                skipComment()
            case Byte.lowerA...Byte.lowerZ, Byte.upperA...Byte.upperZ, Byte.underscore:
                return identifier(from: start)
            case Byte.zero...Byte.nine:
                return integer(from: start)
            case Byte.quote:
                return string(from: start)
            case Byte.leftParen: return openBracket(.leftParen, start)
            case Byte.leftBracket: return openBracket(.leftBracket, start)
            case Byte.leftBrace: return openBracket(.leftBrace, start)
            case Byte.rightParen: return closeBracket(.rightParen, Byte.leftParen, start)
            case Byte.rightBracket: return closeBracket(.rightBracket, Byte.leftBracket, start)
            case Byte.rightBrace: return closeBracket(.rightBrace, Byte.leftBrace, start)
            case Byte.comma: return Token(.comma, SourceRange(start, position))
            case Byte.semicolon: return Token(.semicolon, SourceRange(start, position))
            case Byte.colon: return Token(.colon, SourceRange(start, position))
            case Byte.plus: return Token(.plus, SourceRange(start, position))
            case Byte.minus: return Token(.minus, SourceRange(start, position))
            case Byte.star: return Token(.star, SourceRange(start, position))
            case Byte.slash: return Token(.slash, SourceRange(start, position))
            case Byte.percent: return Token(.percent, SourceRange(start, position))
            case Byte.equal:
                return Token(match(Byte.equal) ? .equal : .assign, SourceRange(start, position))
            case Byte.less:
                return Token(match(Byte.equal) ? .lessEqual : .less, SourceRange(start, position))
            case Byte.greater:
                return Token(match(Byte.equal) ? .greaterEqual : .greater, SourceRange(start, position))
            case Byte.bang:
                if match(Byte.equal) { return Token(.notEqual, SourceRange(start, position)) }
                report(.bangForNot, start, position)
            case Byte.dot:
                if check(Byte.dot) && peek(1) == Byte.less {
                    position += 2
                    return Token(.halfOpenRange, SourceRange(start, position))
                }
                if check(Byte.dot) && peek(1) == Byte.dot {
                    position += 2
                    return Token(.closedRange, SourceRange(start, position))
                }
                return Token(.dot, SourceRange(start, position))
            default:
                unexpectedCharacter(byte, at: start)
            }
        }
        return Token(.endOfInput, .at(end))
    }

    /// identifier = letter { letter | digit } ; letter = "A"…"Z" | "a"…"z" | "_"
    private mutating func identifier(from start: Int) -> Token {
        // A million-line script is mostly `insert` and `delete` lines: their first word is known from
        // one 8-byte load, without scanning it and looking it up.
        if start + 8 <= end {
            let word = bytes.withUnsafeBytes {
                UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            }
            if !Byte.isIdentifierByte(UInt8(truncatingIfNeeded: word >> 48)),
                let (keyword, reserved) = keywords.commonest(word & 0xFFFF_FFFF_FFFF)
            {
                position = start + 6
                return Token(reserved ? .reserved : .identifier, SourceRange(start, position), keyword: keyword)
            }
        }
        while position < end {
            let byte = bytes[position]
            guard Byte.isIdentifierByte(byte) else { break }
            position += 1
        }
        let (keyword, reserved) = keywords.lookup(bytes, start, position - start)
        return Token(reserved ? .reserved : .identifier, SourceRange(start, position), keyword: keyword)
    }

    /// integer = digit { digit } ; its value must fit in 64 bits (`Int64`, on every platform).
    private mutating func integer(from start: Int) -> Token {
        position = start
        var value: Int64 = 0
        var overflowed = false
        while position < end, case let byte = bytes[position], byte >= Byte.zero && byte <= Byte.nine {
            position += 1
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(Int64(byte - Byte.zero))
            value = sum
            overflowed = overflowed || o1 || o2
        }
        if overflowed {
            report(start, position) { .integerTooBig(MessageQuoting.quote($0)) }
        }
        return Token(.integer, SourceRange(start, position))
    }

    /// string = '"' { character | escape | "\(" expression ")" } '"'
    ///
    /// The whole literal is one token. Escapes and UTF-8 are checked here for the outer literal;
    /// the parser decodes it and lexes each interpolation's bytes with a lexer of its own,
    /// which checks the strings nested inside.
    private mutating func string(from start: Int) -> Token {
        var flags: StringFlags = []
        while position < end {
            let byte = bytes[position]
            if byte == Byte.quote {
                position += 1
                return Token(.string, SourceRange(start, position), flags: flags)
            }
            if byte == Byte.backslash {
                guard let escaped = peek(1) else { break }
                if escaped == Byte.leftParen {
                    flags.insert(.interpolations)
                    guard let close = Lexer.interpolationEnd(in: bytes, from: position + 2, to: end) else {
                        position = end
                        break
                    }
                    position = close + 1
                } else {
                    flags.insert(.escapes)
                    escape()
                }
            } else if byte < 0x80 {
                if byte == 0 { report(.nulByte(.string), position, position + 1) }
                position += 1
            } else {
                utf8Character()
            }
        }
        // Strings may span lines, so an unterminated one always runs to the end of the input.
        position = end
        let incomplete = end == bytes.count
        sawUnterminatedString = sawUnterminatedString || incomplete
        errors.append(
            LexicalError(
                error: .unterminatedString, range: SourceRange(start, start + 1),
                isIncomplete: incomplete))
        return Token(.string, SourceRange(start, end), flags: flags.union(.unterminated))
    }

    /// escape (see `StringEscape`) — position is at the backslash.
    private mutating func escape() {
        let start = position
        switch StringEscape.read(bytes, at: start, end: end) {
        case .scalar(_, let next):
            position = next
        case .invalid(let next, let error):
            position = next
            report(start, next, error)
        }
    }

    /// Reads one non-ASCII character, reporting it when its UTF-8 is invalid.
    private mutating func utf8Character() {
        if let length = Lexer.utf8Length(bytes, at: position, end: end) {
            position += length
        } else {
            invalidByte(at: position)
            position += 1
        }
    }

    /// Skips to the end of the line; `#!` lines are comments too.
    private mutating func skipComment() {
        while position < end {
            let byte = bytes[position]
            if byte == Byte.newline { return }
            if byte < 0x80 {
                if byte == 0 { report(.nulByte(.comment), position, position + 1) }
                position += 1
            } else {
                utf8Character()
            }
        }
    }

    /// After a newline token: skips the blank lines, spaces and comments that follow, so a run
    /// of line ends is one token.
    private mutating func skipBlankLines() {
        while position < end {
            switch bytes[position] {
            case Byte.space, Byte.tab, Byte.carriageReturn, Byte.newline:
                position += 1
            case Byte.hash:
                position += 1
                skipComment()
            default:
                return
            }
        }
    }

    /// `(`, `[` or `{`: remembered, so newlines inside `( )` and `[ ]` can be ignored.
    private mutating func openBracket(_ kind: TokenKind, _ start: Int) -> Token {
        let byte = bytes[start]
        openBrackets.append(byte)
        newlinesIgnored = byte != Byte.leftBrace
        lastBracketChange = 1
        return Token(kind, SourceRange(start, position))
    }

    /// `)`, `]` or `}`: closes the innermost bracket when it matches (the parser reports a mismatch).
    private mutating func closeBracket(_ kind: TokenKind, _ opener: UInt8, _ start: Int) -> Token {
        if openBrackets.last == opener {
            openBrackets.removeLast()
            lastBracketChange = -1
            lastPopped = opener
            updateNewlineMode()
        }
        return Token(kind, SourceRange(start, position))
    }

    /// Newlines are ignored exactly when the innermost open bracket is `(` or `[`.
    private mutating func updateNewlineMode() {
        if let innermost = openBrackets.last {
            newlinesIgnored = innermost != Byte.leftBrace
        } else {
            newlinesIgnored = false
        }
    }

    /// Forgets the open `(` and `[`, so the next newline ends a statement again; used by the
    /// parser to recover after a syntax error. Open `{` are kept: they still close blocks.
    mutating func forgetOpenParentheses() {
        openBrackets.removeAll { $0 != Byte.leftBrace }
        updateNewlineMode()
    }

    /// Continues reading at `offset`, past bytes the parser read itself; they must hold no brackets or
    /// comments, so skipping them leaves the state lexing them would. A line feed among them is the
    /// parser's to account for (`Parser.literalRun` skips one only where it ends a statement, and makes
    /// the token it would have been).
    mutating func skip(to offset: Int) {
        lastBracketChange = 0
        position = max(position, min(offset, end))
    }

    /// Undoes the last token: reading starts again at `offset`, with the brackets as they were
    /// before that token. The parser uses this to drop a lookahead token when it recovers.
    mutating func rewind(to offset: Int) {
        if lastBracketChange == 1, !openBrackets.isEmpty {
            openBrackets.removeLast()
        } else if lastBracketChange == -1 {
            openBrackets.append(lastPopped)
        }
        lastBracketChange = 0
        updateNewlineMode()
        position = max(0, min(offset, end))
    }

    // MARK: Errors

    /// Records an error for `start..<stop`. A bad character right after the previous one only
    /// widens that error, and one token reports at most `maximumErrors`, so a megabyte of
    /// binary junk costs one diagnostic, not a million.
    private mutating func report(_ start: Int, _ stop: Int, _ error: (ArraySlice<UInt8>) -> ParseError) {
        if start == endOfLastError, let last = errors.indices.last {
            errors[last].range = SourceRange(errors[last].range.lowerBound, stop)
        } else if errors.count < Lexer.maximumErrors {
            // The error is only made when it is kept, from the bad bytes it is given.
            let text = bytes[start..<min(stop, end)]
            errors.append(LexicalError(error: error(text), range: SourceRange(start, stop)))
        }
        endOfLastError = stop
    }

    /// Records an error that does not quote the bad bytes.
    private mutating func report(_ error: ParseError, _ start: Int, _ stop: Int) {
        report(start, stop) { _ in error }
    }

    /// Errors kept per token; the parser drains them after each token and stops at 20 anyway.
    static let maximumErrors = 32

    /// A byte that cannot start a token (position is past it).
    private mutating func unexpectedCharacter(_ byte: UInt8, at start: Int) {
        if byte == 0 {
            report(.nulByte(.source), start, position)
        } else if byte < 0x20 || byte == 0x7F {
            report(.controlCharacter(UInt32(byte)), start, position)
        } else if byte < 0x80 {
            report(start, position) { .unexpectedCharacter(MessageQuoting.quote($0)) }
        } else if let length = Lexer.utf8Length(bytes, at: start, end: end) {
            position = start + length
            report(start, position) { .unexpectedCharacter(MessageQuoting.quote($0)) }
        } else {
            invalidByte(at: start)
        }
    }

    /// A byte that is not valid UTF-8.
    private mutating func invalidByte(at offset: Int) {
        report(offset, offset + 1) { .invalidUTF8($0.first ?? 0) }
    }

    // MARK: Helpers shared with the parser

    /// The offset of the `)` that ends the interpolation whose expression starts at `start`
    /// (just after `\(`), or nil when the input ends first. Nested strings and their own
    /// interpolations are skipped with an explicit stack, so any depth is safe.
    static func interpolationEnd(in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        // Each frame is an interpolation's count of open parentheses, or -1 for a string inside one.
        var frames = [0]
        var index = start
        while index < end, let top = frames.last {
            let byte = bytes[index]
            if top < 0 {
                if byte == Byte.backslash {
                    if index + 1 < end && bytes[index + 1] == Byte.leftParen { frames.append(0) }
                    index += 2
                    continue
                }
                if byte == Byte.quote { frames.removeLast() }
            } else if byte == Byte.leftParen {
                frames[frames.count - 1] = top + 1
            } else if byte == Byte.rightParen {
                if top == 0 {
                    frames.removeLast()
                    if frames.isEmpty { return index }
                } else {
                    frames[frames.count - 1] = top - 1
                }
            } else if byte == Byte.quote {
                frames.append(-1)
            }
            index += 1
        }
        return nil
    }

    /// The length of the valid UTF-8 sequence starting at `offset`, or nil when it is invalid.
    static func utf8Length(_ bytes: [UInt8], at offset: Int, end: Int) -> Int? {
        guard offset < end else { return nil }
        let lead = bytes[offset]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return nil
        }
        guard offset + length <= end else { return nil }
        let second = bytes[offset + 1]
        guard second >= low && second <= high else { return nil }
        for index in offset + 2..<offset + length where bytes[index] & 0xC0 != 0x80 { return nil }
        return length
    }
}
