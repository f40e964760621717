import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

/// Parses `bytes` and checks what must hold for any input: a bounded number of diagnostics,
/// ranges inside the file, renderable diagnostics, a printable AST. Returns the result.
@discardableResult
func parseChecked(_ bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ParseResult {
    let file = SourceFile(name: "fuzz.list", bytes: bytes)
    let result = Parser.parse(file)
    #expect(result.diagnostics.count <= Parser.maximumErrors + 1, sourceLocation: sourceLocation)
    let renderer = DiagnosticRenderer(color: false)
    for diagnostic in result.diagnostics {
        #expect(
            diagnostic.range.lowerBound >= 0 && diagnostic.range.upperBound <= bytes.count,
            sourceLocation: sourceLocation)
        let text = renderer.render(diagnostic)
        #expect(text.hasSuffix("\n") && !text.utf8.contains(0x1B), sourceLocation: sourceLocation)
    }
    if result.diagnostics.isEmpty { #expect(!result.isIncomplete, sourceLocation: sourceLocation) }
    _ = sexpr(result.program)
    return result
}

/// The message of every diagnostic.
func messages(_ result: ParseResult) -> [String] {
    result.diagnostics.map(\.message)
}

@Suite struct RobustnessTests {
    /// Pieces of real scripts, so random sequences reach deep into the parser.
    static let fragments: [String] = [
        "insert", "delete", "move", "reload", "append", "reset", "section", "to", "data", "table", "begin", "end",
        "show", "dump", "header", "style", "grouped", "let", "if", "else", "for", "in", "while", "repeat", "proc",
        "return", "print", "expect", "error", "run", "on", "commit", "canEdit", "edit", "off", "tap", "drag",
        "true", "not", "and", "or", "none", "x", "rows", "0", "1", "99999999999999999999", ":", ",", ";", "\n",
        "(", ")", "[", "]", "{", "}", "=", "==", "<", "..<", "...", "+", "-", "*", "/", "%", ".", "\"", "\"a\"",
        "\"\\(", "\\", "\\u{", "#", " ", "\t", "é", "\u{0}", "@",
    ]

    @Test func randomBytesNeverCrash() {
        var random = SeededGenerator(seed: 1)
        for _ in 0..<1500 {
            let length = Int.random(in: 0..<160, using: &random)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            parseChecked(bytes)
        }
    }

    @Test func randomFragmentsNeverCrash() {
        var random = SeededGenerator(seed: 2)
        for _ in 0..<2500 {
            let count = Int.random(in: 0..<40, using: &random)
            var text = ""
            for _ in 0..<count {
                text += Self.fragments[Int.random(in: 0..<Self.fragments.count, using: &random)]
                if Bool.random(using: &random) { text += " " }
            }
            parseChecked(Array(text.utf8))
        }
    }

    @Test func randomEditsOfTheConformanceStyleScriptNeverCrash() {
        let script = Array(
            """
            reset [["A","B","C"]]
            on commit { if style == delete { delete path } else { insert path "hlw \\(row)" } }
            proc fill(s, n) { for i in 0..<n { append s "x\\(i)" } }
            begin; delete 0:0; insert 0:1 "X", 0:2 "Y"; move 0:1 to 0:0; end
            expect error "only" { delete 0:9 }
            print rows(0) + len(items(0)), source.section:0, [1, 2,][0]
            """.utf8)
        var random = SeededGenerator(seed: 3)
        for _ in 0..<1000 {
            var bytes = script
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes.remove(at: index)
                case 1: bytes.insert(UInt8.random(in: 0...255, using: &random), at: index)
                default: bytes[index] = UInt8.random(in: 0...255, using: &random)
                }
                if bytes.isEmpty { bytes = [0] }
            }
            parseChecked(bytes)
        }
    }

    /// 10,000 levels of every nesting construct: "nesting too deep", never a stack overflow.
    @Test(arguments: nestings)
    func deepNesting(_ nesting: Nesting) {
        let result = parseChecked(Array(nesting.text(depth: 10_000).utf8))
        #expect(messages(result).contains("nesting too deep"))
    }

    /// Just under the limit everything still parses, in a debug build too.
    @Test(arguments: nestings)
    func nestingJustUnderTheLimitParses(_ nesting: Nesting) {
        let result = parseChecked(Array(nesting.text(depth: nesting.levelsUnderTheLimit).utf8))
        #expect(result.diagnostics.isEmpty, "\(messages(result))")
    }

    /// A construct that nests: `prefix open… middle …close`, and how many levels one use costs.
    struct Nesting: Sendable, CustomTestStringConvertible {
        var prefix: String
        var open: String
        var middle: String
        var close: String
        var levelsPerUse = 1
        var testDescription: String { prefix + open + middle + close }
        /// The most uses that stay safely under the limit.
        var levelsUnderTheLimit: Int { (Parser.maximumNesting - 4) / levelsPerUse }
        func text(depth: Int) -> String {
            prefix + String(repeating: open, count: depth) + middle + String(repeating: close, count: depth)
        }
    }

    static let nestings: [Nesting] = [
        Nesting(prefix: "print ", open: "[", middle: "1", close: "]"),
        Nesting(prefix: "print ", open: "(", middle: "1", close: ")"),
        Nesting(prefix: "print ", open: "f(", middle: "1", close: ")"),
        Nesting(prefix: "print ", open: "-", middle: "1", close: ""),
        Nesting(prefix: "print ", open: "not ", middle: "x", close: ""),
        Nesting(prefix: "", open: "if x { ", middle: "show", close: " }", levelsPerUse: 2),
        Nesting(prefix: "", open: "while x {\n", middle: "show", close: "\n}", levelsPerUse: 2),
        Nesting(prefix: "print ", open: "\"\\(", middle: "1", close: ")\"", levelsPerUse: Parser.interpolationNesting),
        Nesting(prefix: "print x", open: "[0]", middle: "", close: "", levelsPerUse: 2),
        Nesting(prefix: "print x", open: ".y", middle: "", close: ""),
        Nesting(prefix: "print 1", open: "+1", middle: "", close: ""),
        Nesting(prefix: "print 1", open: " or 1", middle: "", close: ""),
        Nesting(prefix: "print 1", open: " and 1", middle: "", close: ""),
        Nesting(prefix: "print 1", open: "*1", middle: "", close: ""),
    ]

    @Test func aTenMegabyteLine() {
        let big = String(repeating: "a", count: 10_000_000)
        let ok = parseChecked(Array("print \"\(big)\"\nshow".utf8))
        #expect(ok.diagnostics.isEmpty)
        #expect(ok.program.statements.count == 2)

        let bad = parseChecked(Array("print \(big) \(big)".utf8))
        #expect(messages(bad) == ["expected end of statement, found '\(String(repeating: "a", count: 32))…'"])
        let text = DiagnosticRenderer(color: false).render(bad.diagnostics[0])
        #expect(text.count < 500)
    }

    @Test func aHugeInteger() {
        let digits = String(repeating: "7", count: 100_000)
        let result = parseChecked(Array("x = \(digits)".utf8))
        #expect(messages(result) == ["integer literal '\(String(repeating: "7", count: 32))…' does not fit in 64 bits"])
        #expect(result.diagnostics.first?.range == SourceRange(4, 100_004))
    }

    @Test func integerBoundaries() {
        #expect(parseChecked(Array("x = 9223372036854775807".utf8)).diagnostics.isEmpty)
        #expect(messages(parseChecked(Array("x = 9223372036854775808".utf8))).count == 1)
        #expect(messages(parseChecked(Array("x = 18446744073709551616".utf8))).count == 1)
    }

    @Test func nulAndInvalidUTF8() {
        #expect(messages(parseChecked([0x73, 0x68, 0x6F, 0x77, 0x00])) == ["NUL byte in source"])
        #expect(
            messages(parseChecked(Array("print \"a".utf8) + [0xFF] + Array("b\"".utf8))) == ["invalid UTF-8 byte 0xFF"])
        #expect(messages(parseChecked([0xFE, 0xFF])) == ["invalid UTF-8 byte 0xFE"])
    }

    @Test func aMegabyteOfBinaryJunkIsOneDiagnostic() {
        var random = SeededGenerator(seed: 4)
        // Bytes that are never valid UTF-8 on their own, so the whole run is one bad stretch.
        let junk = (0..<1_000_000).map { _ in UInt8.random(in: 0xF8...0xFF, using: &random) }
        let result = parseChecked(junk)
        #expect(result.diagnostics.count == 1)
    }

    @Test func manyErrorsStopAtTheLimit() {
        let text = String(repeating: "@ 1 2\n", count: 100_000)
        let result = parseChecked(Array(text.utf8))
        #expect(result.diagnostics.count == Parser.maximumErrors + 1)
        #expect(result.diagnostics.last?.message == "too many errors; stopping")
    }

    @Test func aMillionEmptyStatements() {
        let result = parseChecked(Array(String(repeating: ";\n", count: 1_000_000).utf8))
        #expect(result.diagnostics.isEmpty)
        #expect(result.program.statements.isEmpty)
    }
}
