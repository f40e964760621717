import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

/// Renders every diagnostic of `source` without colour.
func rendered(_ source: String, name: String = "t.list") -> String {
    let result = Parser.parse(SourceFile(name: name, text: source))
    let renderer = DiagnosticRenderer(color: false)
    return result.diagnostics.map(renderer.render).joined()
}

/// An error at `range` of a file holding `text`.
func diagnostic(_ text: String, _ range: Range<Int>, _ message: String = "bad", name: String = "t.list") -> Diagnostic {
    Diagnostic(
        file: SourceFile(name: name, text: text), range: SourceRange(range.lowerBound, range.upperBound),
        message: message)
}

/// A table case: a diagnostic and its exact rendering.
struct RenderCase: CustomTestStringConvertible, Sendable {
    var name: String
    var diagnostic: Diagnostic
    var expected: String
    var testDescription: String { name }
}

@Suite struct DiagnosticRendererTests {
    static let file = SourceFile(name: "demo.list", text: "begin\ndelete 0:3\nend\n")

    static let cases: [RenderCase] = [
        RenderCase(
            name: "error with a note and a hint",
            diagnostic: Diagnostic(
                .error, file: file, range: SourceRange(13, 16),
                message: "attempt to delete row 3 from section 0 which only contains 3 rows before the update",
                notes: [Diagnostic.Note(file: file, range: SourceRange(0, 5), message: "batch began here")],
                hint: "did you mean 'delete'?"),
            expected: """
                demo.list:2:8: error: attempt to delete row 3 from section 0 which only contains 3 rows before the update
                    2 | delete 0:3
                      |        ^~~
                demo.list:1:1: note: batch began here
                    1 | begin
                      | ^~~~~
                hint: did you mean 'delete'?

                """),
        RenderCase(
            name: "warning",
            diagnostic: Diagnostic(
                .warning, file: file, range: SourceRange(17, 20), message: "row moved into an inserted section"),
            expected: """
                demo.list:3:1: warning: row moved into an inserted section
                    3 | end
                      | ^~~

                """),
        RenderCase(
            name: "empty range",
            diagnostic: diagnostic("show x", 4..<4),
            expected: """
                t.list:1:5: error: bad
                    1 | show x
                      |     ^

                """),
        RenderCase(
            name: "columns count characters, not bytes",
            diagnostic: diagnostic("print \"naïve ✓\" @", 19..<20),
            expected: """
                t.list:1:17: error: bad
                    1 | print "naïve ✓" @
                      |                 ^

                """),
        RenderCase(
            name: "tabs before the caret stay tabs",
            diagnostic: diagnostic("\tprint\t@@", 7..<9),
            expected: "t.list:1:8: error: bad\n    1 | \tprint\t@@\n      | \t     \t^~\n"),
        RenderCase(
            name: "a range running past the line end stops at it",
            diagnostic: diagnostic("if x {\n  show\n}", 5..<15),
            expected: """
                t.list:1:6: error: bad
                    1 | if x {
                      |      ^

                """),
        RenderCase(
            name: "the end of a file after its last newline",
            diagnostic: diagnostic("if x {\n", 7..<7),
            expected: "t.list:2:1: error: bad\n    2 | \n      | ^\n"),
        RenderCase(
            name: "the line end itself",
            diagnostic: diagnostic("delete 0:\nshow", 9..<10),
            expected: """
                t.list:1:10: error: bad
                    1 | delete 0:
                      |          ^

                """),
        RenderCase(
            name: "CRLF line ends",
            diagnostic: diagnostic("show\r\ndump x\r\n", 11..<12),
            expected: """
                t.list:2:6: error: bad
                    2 | dump x
                      |      ^

                """),
        RenderCase(
            name: "control characters and invalid bytes are shown as replacement characters",
            diagnostic: Diagnostic(
                file: SourceFile(name: "t.list", bytes: [0x61, 0x1B, 0x5B, 0xFF, 0x62, 0x00, 0x63]),
                range: SourceRange(4, 5), message: "bad"),
            expected: """
                t.list:1:5: error: bad
                    1 | a\u{FFFD}[\u{FFFD}b\u{FFFD}c
                      |     ^

                """),
        RenderCase(
            name: "control characters in messages and file names are escaped",
            diagnostic: diagnostic("x", 0..<1, "expected \u{1B}[31m, found\nx", name: "a\u{7}.list"),
            expected: """
                a\\u{7}.list:1:1: error: expected \\u{1B}[31m, found\\nx
                    1 | x
                      | ^

                """),
        RenderCase(
            name: "a long line is shown as a window around the caret",
            diagnostic: diagnostic(
                String(repeating: "a", count: 1000) + "@@" + String(repeating: "b", count: 1000), 1000..<1002),
            expected: "t.list:1:1001: error: bad\n    1 | …" + String(repeating: "a", count: 60) + "@@"
                + String(repeating: "b", count: 88) + "…\n      | " + String(repeating: " ", count: 61) + "^~\n"),
        RenderCase(
            name: "a long line with the caret near its start",
            diagnostic: diagnostic("@" + String(repeating: "b", count: 400), 0..<1),
            expected: "t.list:1:1: error: bad\n    1 | @" + String(repeating: "b", count: 149) + "…\n      | ^\n"),
        RenderCase(
            name: "a long line with the caret at its end",
            diagnostic: diagnostic(String(repeating: "a", count: 400), 400..<400),
            expected: "t.list:1:401: error: bad\n    1 | …" + String(repeating: "a", count: 150) + "\n      | "
                + String(repeating: " ", count: 151) + "^\n"),
        RenderCase(
            name: "a caret range cut by the window",
            diagnostic: diagnostic(String(repeating: "a", count: 100) + String(repeating: "b", count: 300), 100..<400),
            expected: "t.list:1:101: error: bad\n    1 | …" + String(repeating: "a", count: 60)
                + String(repeating: "b", count: 90) + "…\n      | " + String(repeating: " ", count: 61) + "^"
                + String(repeating: "~", count: 89) + "\n"),
    ]

    @Test(arguments: cases)
    func golden(_ test: RenderCase) {
        #expect(DiagnosticRenderer(color: false).render(test.diagnostic) == test.expected)
    }

    @Test func colour() {
        let rendered = DiagnosticRenderer(color: true).render(Self.cases[0].diagnostic)
        let expected = """
            \u{1B}[1mdemo.list:2:8:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1mattempt to delete row 3 from section 0 which only contains 3 rows before the update\u{1B}[0m
                2 | delete 0:3
                  |        \u{1B}[1;32m^~~\u{1B}[0m
            \u{1B}[1mdemo.list:1:1:\u{1B}[0m \u{1B}[1;36mnote:\u{1B}[0m \u{1B}[1mbatch began here\u{1B}[0m
                1 | begin
                  | \u{1B}[1;32m^~~~~\u{1B}[0m
            \u{1B}[1mhint:\u{1B}[0m did you mean 'delete'?

            """
        #expect(rendered == expected)
        let warning = DiagnosticRenderer(color: true).render(Self.cases[1].diagnostic)
        #expect(warning.contains("\u{1B}[1;35mwarning:\u{1B}[0m"))
    }

    @Test(arguments: cases)
    func noColourMeansNoEscapeBytes(_ test: RenderCase) {
        #expect(!DiagnosticRenderer(color: false).render(test.diagnostic).utf8.contains(0x1B))
    }

    @Test func theGutterWidensForLongFiles() {
        let text = String(repeating: "\n", count: 123_456) + "x"
        let rendered = DiagnosticRenderer(color: false).render(diagnostic(text, 123_456..<123_457))
        #expect(rendered == "t.list:123457:1: error: bad\n123457 | x\n       | ^\n")
    }

    @Test func severalSyntaxErrorsInOneFile() {
        let source = """
            reset [["A", "B"]]
            delet 0:0
            insert 0:0
            on comit { return 1 }
            print "naïve \\q" + (1 2
            show
            """
        let expected = """
            demo.list:2:1: error: expected a statement, found 'delet'
                2 | delet 0:0
                  | ^~~~~
            hint: did you mean 'delete'?
            demo.list:3:11: error: expected the new row's text after the index path, found end of line
                3 | insert 0:0
                  |           ^
            demo.list:4:4: error: unknown hook 'comit'
                4 | on comit { return 1 }
                  |    ^~~~~
            hint: did you mean 'commit'?
            demo.list:5:14: error: invalid escape '\\q' in string
                5 | print "naïve \\q" + (1 2
                  |              ^~
            demo.list:5:23: error: expected ')' (to close '(' at line 5), found '2'
                5 | print "naïve \\q" + (1 2
                  |                       ^

            """
        #expect(rendered(source, name: "demo.list") == expected)
    }
}
