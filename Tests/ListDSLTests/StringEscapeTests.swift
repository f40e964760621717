import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

/// String escapes: the language's own and JSON's, read in one place, so `dump` is always valid source.
@Suite struct StringEscapeTests {
    /// What a literal's source gives: its string, or the first error.
    enum Decoded: Equatable {
        case text(String)
        case error(String)
    }

    /// Parses a string literal.
    static func decode(_ literal: String) -> Decoded {
        let file = SourceFile(name: "t", text: "print " + literal)
        let parsed = Parser.parse(file)
        if let error = parsed.diagnostics.first { return .error(error.message) }
        guard case .print(let values)? = parsed.program.statements.first?.kind,
            case .string(let s)? = values.first?.kind
        else { return .error("not a string literal") }
        return .text(s)
    }

    @Test(arguments: [
        (#""\\ \" \/ \n \t \r \b \f \0""#, "\\ \" / \n \t \r \u{8} \u{C} \0"),
        (#""\u{1F600}\u{e9}\u{0}""#, "😀é\0"),
        (#""\u00e9\u0000\u001B\u007f""#, "é\0\u{1B}\u{7F}"),
        (#""\uD83D\uDE00!""#, "😀!"),
        (#""\ud83d\ude00""#, "😀"),
    ])
    func escapesStandForTheirCharacters(_ literal: String, _ expected: String) {
        #expect(Self.decode(literal) == .text(expected))
    }

    @Test(arguments: [
        (#""\q""#, "invalid escape '\\q' in string"),
        (#""\é""#, "invalid escape '\\é' in string"),
        (#""\u12""#, "expected '{' or 4 hex digits after '\\u' in a unicode escape"),
        (#""\u{}""#, "a unicode escape is '\\u{' with 1 to 8 hex digits and '}'"),
        (#""\u{123456789}""#, "a unicode escape is '\\u{' with 1 to 8 hex digits and '}'"),
        (#""\u{D800}""#, "'\\u{D800}' is not a valid unicode scalar"),
        (#""\uD83D""#, "'\\uD83D' is half of a UTF-16 surrogate pair; write the pair, or the character as '\\u{…}'"),
        (#""\uD83Dx""#, "'\\uD83D' is half of a UTF-16 surrogate pair; write the pair, or the character as '\\u{…}'"),
        (
            #""\uDE00\uD83D""#,
            "'\\uDE00' is half of a UTF-16 surrogate pair; write the pair, or the character as '\\u{…}'"
        ),
    ])
    func malformedEscapesAreReported(_ literal: String, _ message: String) {
        #expect(Self.decode(literal) == .error(message))
    }

    /// `dump`'s output, read back by `reset`, gives the same data source, for every kind of character:
    /// each C0 control, DEL, C1 controls, quotes, backslashes, slashes, and characters beyond the BMP.
    @Test func dumpIsAlwaysValidResetInput() throws {
        let special: [Unicode.Scalar] =
            (0x00...0x20).compactMap(Unicode.Scalar.init) + ["\"", "\\", "/", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}"]
            + ["é", "→", "\u{FFFF}", "\u{10000}", "😀", "\u{10FFFF}", "\u{200B}", "a", "u", "{", "}"]
        var g = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let sections = (0..<Int.random(in: 1...3, using: &g)).map { _ in
                Section(
                    rows: (0..<Int.random(in: 0...4, using: &g)).map { _ in
                        var text = ""
                        for _ in 0..<Int.random(in: 0...8, using: &g) {
                            text.unicodeScalars.append(special[Int.random(in: 0..<special.count, using: &g)])
                        }
                        return text
                    })
            }
            let dumped = JSON.encode(sections)
            let file = SourceFile(name: "t", text: "reset " + dumped)
            let parsed = Parser.parse(file)
            #expect(parsed.diagnostics.isEmpty, "\(dumped): \(parsed.diagnostics.first?.message ?? "")")
            let interpreter = Interpreter(
                io: InterpreterIO(
                    write: { _ in }, report: { _ in }, load: { _ in .failure(LoadError("none")) },
                    isInterrupted: { false }))
            try interpreter.run(parsed.program, in: file)
            #expect(interpreter.model.dataSource.map(\.rows) == sections.map(\.rows), "\(dumped)")
            #expect(JSON.encode(interpreter.model.dataSource) == dumped)
        }
    }
}
