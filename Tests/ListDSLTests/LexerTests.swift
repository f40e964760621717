import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

/// Every token of `text`, as `kind` or `kind(text)` for tokens whose text varies, and the lexer's errors.
func lex(_ text: String) -> (tokens: [String], errors: [LexicalError]) {
    lex(bytes: Array(text.utf8))
}

/// Like `lex(_:)` for raw bytes.
func lex(bytes: [UInt8]) -> (tokens: [String], errors: [LexicalError]) {
    var lexer = Lexer(file: SourceFile(name: "t.list", bytes: bytes))
    var tokens: [String] = []
    var errors: [LexicalError] = []
    while true {
        let token = lexer.nextToken()
        errors += lexer.errors
        lexer.errors.removeAll()
        if token.kind == .endOfInput { break }
        let text = String(decoding: bytes[token.range.lowerBound..<token.range.upperBound], as: UTF8.self)
        switch token.kind {
        case .identifier, .integer, .string:
            tokens.append("\(token.kind)(\(text))")
        case .reserved:
            tokens.append("reserved(\(text))")
        default:
            tokens.append("\(token.kind)")
        }
    }
    return (tokens, errors)
}

/// A table case: source text and what it must lex to.
struct LexCase: CustomTestStringConvertible, Sendable {
    var source: String
    var tokens: [String]
    var testDescription: String { source.debugDescription }
    init(_ source: String, _ tokens: [String]) {
        self.source = source
        self.tokens = tokens
    }
}

/// A table case: source bytes and the one lexical error they must give.
struct LexErrorCase: CustomTestStringConvertible, Sendable {
    var bytes: [UInt8]
    var message: String
    var range: Range<Int>
    var incomplete = false
    var testDescription: String { message }
    init(_ source: String, _ message: String, _ range: Range<Int>, incomplete: Bool = false) {
        self.init(bytes: Array(source.utf8), message, range, incomplete: incomplete)
    }
    init(bytes: [UInt8], _ message: String, _ range: Range<Int>, incomplete: Bool = false) {
        self.bytes = bytes
        self.message = message
        self.range = range
        self.incomplete = incomplete
    }
}

@Suite struct LexerTests {
    static let tokenCases: [LexCase] = [
        LexCase(
            "( ) [ ] { } , ; : .",
            [
                "leftParen", "rightParen", "leftBracket", "rightBracket", "leftBrace", "rightBrace",
                "comma", "semicolon", "colon", "dot",
            ]),
        LexCase("= == != < <= > >=", ["assign", "equal", "notEqual", "less", "lessEqual", "greater", "greaterEqual"]),
        LexCase("+ - * / % ..< ...", ["plus", "minus", "star", "slash", "percent", "halfOpenRange", "closedRange"]),
        LexCase("0..<n", ["integer(0)", "halfOpenRange", "identifier(n)"]),
        LexCase("1...5", ["integer(1)", "closedRange", "integer(5)"]),
        LexCase("p.row", ["identifier(p)", "dot", "identifier(row)"]),
        LexCase("a==b", ["identifier(a)", "equal", "identifier(b)"]),
        LexCase("x=-1", ["identifier(x)", "assign", "minus", "integer(1)"]),
        LexCase("foo _bar x1 A_b9", ["identifier(foo)", "identifier(_bar)", "identifier(x1)", "identifier(A_b9)"]),
        LexCase(
            "0 42 007 9223372036854775807",
            ["integer(0)", "integer(42)", "integer(007)", "integer(9223372036854775807)"]),
        LexCase("12ab", ["integer(12)", "identifier(ab)"]),
        LexCase(
            "true false and or not if else for in while repeat proc return let",
            [
                "reserved(true)", "reserved(false)", "reserved(and)", "reserved(or)", "reserved(not)", "reserved(if)",
                "reserved(else)", "reserved(for)", "reserved(in)", "reserved(while)", "reserved(repeat)",
                "reserved(proc)", "reserved(return)", "reserved(let)",
            ]),
        // Command words are names to the lexer; the parser decides.
        LexCase(
            "insert section to data table none",
            [
                "identifier(insert)", "identifier(section)", "identifier(to)", "identifier(data)", "identifier(table)",
                "identifier(none)",
            ]),
        LexCase("Insert iff letter", ["identifier(Insert)", "identifier(iff)", "identifier(letter)"]),
        LexCase(#""" "abc" "naïve ✓""#, [#"string("")"#, #"string("abc")"#, #"string("naïve ✓")"#]),
        LexCase(#""a\"b\\" x"#, [#"string("a\"b\\")"#, "identifier(x)"]),
        LexCase(#""\(f("x\(1)")) b""#, [#"string("\(f("x\(1)")) b")"#]),
        LexCase(#""\(")") x""#, [#"string("\(")") x")"#]),
        LexCase("\"two\nlines\"", ["string(\"two\nlines\")"]),
        // Statement separators: a run of line ends, blank lines and comments is one newline token.
        LexCase("a\n\n  # note\n\nb", ["identifier(a)", "newline", "identifier(b)"]),
        LexCase("a;;b", ["identifier(a)", "semicolon", "semicolon", "identifier(b)"]),
        LexCase("a\r\nb\r\n", ["identifier(a)", "newline", "identifier(b)", "newline"]),
        LexCase("#!/usr/bin/env listdsl\nshow", ["newline", "identifier(show)"]),
        LexCase("show # trailing comment", ["identifier(show)"]),
        LexCase("\u{FEFF}show", ["identifier(show)"]),
        LexCase("\tshow\t", ["identifier(show)"]),
        // Newlines are ignored inside ( ) and [ ], not inside { }.
        LexCase("f(1,\n2)", ["identifier(f)", "leftParen", "integer(1)", "comma", "integer(2)", "rightParen"]),
        LexCase("[\n1\n]\n", ["leftBracket", "integer(1)", "rightBracket", "newline"]),
        LexCase("{\nx\n}", ["leftBrace", "newline", "identifier(x)", "newline", "rightBrace"]),
        LexCase(
            "(\n{\nx\n}\n)",
            ["leftParen", "leftBrace", "newline", "identifier(x)", "newline", "rightBrace", "rightParen"]),
        LexCase("(]\n)", ["leftParen", "rightBracket", "rightParen"]),
    ]

    @Test(arguments: tokenCases)
    func tokens(_ test: LexCase) {
        let result = lex(test.source)
        #expect(result.tokens == test.tokens)
        #expect(result.errors.isEmpty)
    }

    @Test(arguments: [
        ("insert", Keyword.insert), ("delete", .delete), ("none", .none), ("section", .section), ("to", .to),
        ("reloadData", .reloadData), ("indexTitle", .indexTitle), ("grouped", .grouped), ("error", .error),
        ("if", .if), ("true", .true), ("let", .let), ("in", .in),
        ("insertx", .plainName), ("inser", .plainName), ("Insert", .plainName), ("canEdit", .plainName),
        ("rows", .plainName), ("a", .plainName), ("averyveryverylongidentifier", .plainName),
    ])
    func keywords(_ word: String, _ keyword: Keyword) {
        var lexer = Lexer(file: SourceFile(name: "t", text: word))
        let token = lexer.nextToken()
        #expect(token.keyword == keyword)
        #expect(token.kind == (Vocabulary.reservedWords.contains(word) ? .reserved : .identifier))
    }

    @Test func everyKeywordIsInTheVocabulary() {
        for keyword in Keyword.allCases where keyword != .plainName {
            #expect(Vocabulary.entry(named: keyword.rawValue) != nil, "\(keyword) is missing from Vocabulary")
            var lexer = Lexer(file: SourceFile(name: "t", text: keyword.rawValue))
            #expect(lexer.nextToken().keyword == keyword)
        }
    }

    @Test(
        arguments: [
            (#""plain""#, StringFlags()),
            (#""a\nb""#, StringFlags.escapes),
            (#""\u{41}""#, StringFlags.escapes),
            (#""\(x)""#, StringFlags.interpolations),
            (#""\t\(x)""#, [StringFlags.escapes, .interpolations]),
            (#""open"#, StringFlags.unterminated),
        ] as [(String, StringFlags)])
    func stringFlags(_ source: String, _ flags: StringFlags) {
        var lexer = Lexer(file: SourceFile(name: "t", text: source))
        #expect(lexer.nextToken().flags == flags)
    }

    static let errorCases: [LexErrorCase] = [
        LexErrorCase(#"print "abc"#, "unterminated string", 6..<7, incomplete: true),
        LexErrorCase(#"print "a\(1"#, "unterminated string", 6..<7, incomplete: true),
        LexErrorCase(#"print "a\"#, "unterminated string", 6..<7, incomplete: true),
        LexErrorCase(#""\q""#, #"invalid escape '\q' in string"#, 1..<3),
        LexErrorCase(#""\é""#, #"invalid escape '\é' in string"#, 1..<4),
        LexErrorCase(#""\u41""#, #"expected '{' or 4 hex digits after '\u' in a unicode escape"#, 1..<3),
        LexErrorCase(#""\u{}""#, #"a unicode escape is '\u{' with 1 to 8 hex digits and '}'"#, 1..<4),
        LexErrorCase(#""\u{123456789}""#, #"a unicode escape is '\u{' with 1 to 8 hex digits and '}'"#, 1..<12),
        LexErrorCase(#""\u{41""#, #"a unicode escape is '\u{' with 1 to 8 hex digits and '}'"#, 1..<6),
        LexErrorCase(#""\u{110000}""#, #"'\u{110000}' is not a valid unicode scalar"#, 1..<11),
        LexErrorCase(#""\u{D800}""#, #"'\u{D800}' is not a valid unicode scalar"#, 1..<9),
        LexErrorCase(bytes: [0x61, 0xFF, 0x62], "invalid UTF-8 byte 0xFF", 1..<2),
        LexErrorCase(bytes: [0xC0, 0xAF], "invalid UTF-8 byte 0xC0", 0..<2),
        LexErrorCase(bytes: [0x22, 0xE2, 0x82, 0x22], "invalid UTF-8 byte 0xE2", 1..<3),
        LexErrorCase(bytes: [0x23, 0x80, 0x0A], "invalid UTF-8 byte 0x80", 1..<2),
        LexErrorCase(bytes: [0xED, 0xA0, 0x80], "invalid UTF-8 byte 0xED", 0..<3),
        LexErrorCase(bytes: [0x61, 0x00, 0x62], "NUL byte in source", 1..<2),
        LexErrorCase(bytes: [0x22, 0x00, 0x22], "NUL byte in string", 1..<2),
        LexErrorCase(bytes: [0x23, 0x00], "NUL byte in comment", 1..<2),
        LexErrorCase("a @ b", "unexpected character '@'", 2..<3),
        LexErrorCase("x = é", "unexpected character 'é'", 4..<6),
        LexErrorCase("if !x", "unexpected character '!'; use 'not' for negation", 3..<4),
        LexErrorCase("a \u{1B}[31m", "unexpected control character U+001B", 2..<3),
        LexErrorCase("9223372036854775808", "integer literal '9223372036854775808' does not fit in 64 bits", 0..<19),
        LexErrorCase(
            String(repeating: "9", count: 50),
            "integer literal '\(String(repeating: "9", count: 32))…' does not fit in 64 bits", 0..<50),
    ]

    @Test(arguments: errorCases)
    func errors(_ test: LexErrorCase) {
        let result = lex(bytes: test.bytes)
        #expect(result.errors.count == 1)
        guard let error = result.errors.first else { return }
        #expect(error.error.message == test.message)
        #expect(error.range == SourceRange(test.range.lowerBound, test.range.upperBound))
        #expect(error.isIncomplete == test.incomplete)
    }

    @Test func lexingGoesOnAfterAnError() {
        let result = lex("a @ b $ c")
        #expect(result.tokens == ["identifier(a)", "identifier(b)", "identifier(c)"])
        #expect(result.errors.map(\.error.message) == ["unexpected character '@'", "unexpected character '$'"])
    }

    @Test func aRunOfBadBytesIsOneError() {
        let result = lex(bytes: Array("print ".utf8) + [UInt8](repeating: 0xFF, count: 100_000) + Array(" x".utf8))
        #expect(result.tokens == ["identifier(print)", "identifier(x)"])
        #expect(result.errors.count == 1)
        #expect(result.errors.first?.range == SourceRange(6, 100_006))
    }

    @Test func oneTokenKeepsAtMostACappedNumberOfErrors() {
        let junk = Array(String(repeating: #"\q "#, count: 10_000).utf8)
        let result = lex(bytes: [0x22] + junk + [0x22])
        #expect(result.errors.count == Lexer.maximumErrors)
    }

    @Test func aTruncatedUnicodeEscapeAtTheEndIsUnterminated() {
        let result = lex(#""\u{4"#)
        #expect(result.errors.map(\.error.message).contains("unterminated string"))
    }

    @Test func interpolationEndSkipsNestedStringsAndParentheses() {
        let bytes = Array(#"a(b)")" + "\(c)") + x"#.utf8)
        // Starting just past a `\(`: the interpolation ends at the `)` before " + x".
        let end = Lexer.interpolationEnd(in: bytes, from: 0, to: bytes.count)
        #expect(end == 16)
        #expect(Lexer.interpolationEnd(in: Array("(((".utf8), from: 0, to: 3) == nil)
    }

    @Test(
        arguments: [
            ([UInt8]([0x41]), 1), ([0xC3, 0xA9], 2), ([0xE2, 0x9C, 0x93], 3), ([0xF0, 0x9F, 0x98, 0x80], 4),
            ([0xC3], nil), ([0xC1, 0x81], nil), ([0xE0, 0x80, 0x80], nil), ([0xF4, 0x90, 0x80, 0x80], nil),
            ([0xF5, 0x80, 0x80, 0x80], nil), ([0xE2, 0x28, 0xA1], nil),
        ] as [([UInt8], Int?)])
    func utf8Length(_ bytes: [UInt8], _ length: Int?) {
        #expect(Lexer.utf8Length(bytes, at: 0, end: bytes.count) == length)
    }

    /// `insert` and `delete` are known from one 8-byte load when 8 bytes remain: every word that
    /// starts like them, with every kind of byte after it, lexes as the keyword table says, whether
    /// or not the load can be made.
    @Test(arguments: ["insert", "delete", "inserted", "deleter", "insert_", "delete9", "Insert", "insertX", "inser"])
    func theCommonestWordsLexAsTheTableSays(_ word: String) {
        for follower in [" 0:0", "\n", "(", ":", "", "é", "_a", "1", "\t", ";", "#"] {
            for padding in ["", "        "] {
                let bytes = Array((word + follower + padding).utf8)
                var lexer = Lexer(file: SourceFile(name: "t.list", bytes: bytes))
                let token = lexer.nextToken()
                var length = 0
                while length < bytes.count && Byte.isIdentifierByte(bytes[length]) { length += 1 }
                let (keyword, reserved) = KeywordTable.shared.lookup(bytes, 0, length)
                #expect(token.range == SourceRange(0, length), "\(word + follower)")
                #expect(token.keyword == keyword, "\(word + follower)")
                #expect(token.kind == (reserved ? .reserved : .identifier), "\(word + follower)")
            }
        }
    }
}
