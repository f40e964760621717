import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

/// The parser reads `insert S:R "text"` and `delete S:R` straight from the bytes. With that fast
/// path on or off, every input must give the same tree, the same ranges and the same diagnostics;
/// and the inputs it is for must really take it.
@Suite struct ParserFastPathTests {
    /// Sources and how many of their statements the fast path must take.
    static let cases: [(source: String, fast: Int)] = [
        (#"insert 0:0 "x""#, 1),
        ("delete 3:12", 1),
        ("insert 1:0 \"item 0\"\ninsert 4:0 \"item 1\"\ndelete 1:0\n", 3),
        ("insert\t0:0\t\"tab\"  # a comment\ndelete  2:1 ;delete 0:0", 3),
        ("insert 0:0 \"crlf\"\r\ndelete 0:0\r\n", 2),
        (#"begin; delete 2:0; delete 1:0; insert 0:0 "hlw"; insert 3:0 "hlw"; end"#, 4),
        ("for i in 0..<3 {\n  insert 0:0 \"a\"\n  delete 0:0}\nif true { delete 1:1 }", 3),
        (#"insert 999999999:0 "nine digits""#, 1),
        (#"insert 0:0 "" "#, 1),
        (#"insert 0:0 "punctuation !#$%&'()*+,-./:;<=>?@[]^_`{|}~""#, 1),
        // Runs of them, one a line, and what breaks a run.
        ("insert 0:0 \"a\"\n  delete 0:0\n\tinsert 1:0 \"b\"\n", 3),
        ("insert 0:0 \"a\"\n\n  \ndelete 0:0\n# note\ninsert 0:0 \"b\"", 3),
        ("delete 0:0\r\ninsert\t0:0 \"a\"\r\n  delete 1:1", 3),
        ("delete 0:0\ninsert 0:0 \"a\", 1:0 \"b\"\ndelete 1:1\ndelete 2:2", 3),
        ("delete 0:0\ninsert 0:0" + String(repeating: " ", count: 256) + "\"far\"\ndelete 1:1", 2),
        ("delete 0:0\ninsertx 0:0\ndelete 1:1\ndelete", 2),
        ("delete 0:0\ndelete 0:0 0\ninsert 0:0 \"a\"", 2),
        ("delete 0:0\ndelete 1:1 # c\ndelete 2:2\ninsert 0:0 \"x\" + \"y\"", 3),
        ("delete 0:0;\ndelete 1:1\ndelete = 2\ndelete 3:3", 3),
        ("if true {\n  delete 0:0\n  delete 1:1\n}\ndelete 2:2\n}\ndelete 3:3", 4),
        // Error recovery can leave a `(` open, where a line feed does not end a statement.
        ("x = 1 2 (\n}\ninsert 0:0 \"a\"\ndelete 0:0\nend", 0),
        // A `[` left open: the general rules read on past the line feed into `==` (the script fuzzer's find).
        ("t[;delete 0:3\n==", 0),
        ("t[;insert 0:0 \"a\" # c\n== 1", 0),
        // The general rules only: more than one row, expressions, escapes, non-ASCII, big numbers.
        (#"insert 0:0 "a", 1:0 "b""#, 0),
        ("delete 0:0, 1:1", 0),
        (#"insert 0:0 "x" + "y""#, 0),
        (#"insert 0:0 "a"[0]"#, 0),
        ("delete 0:0.row", 0),
        ("delete 0:-1", 0),
        ("delete -1:0", 0),
        ("delete 0:0:1", 0),
        ("delete 1234567890:0", 0),
        ("delete 99999999999999999999:0", 0),
        (#"insert 0:0 "caf\u{E9}""#, 0),
        ("insert 0:0 \"café\"", 0),
        (#"insert 0:0 "line\n""#, 0),
        (#"insert 0:0 "\(1 + 1)""#, 0),
        (#"insert 0:0"glued""#, 0),
        ("insert 0:0 \"tab\tinside\"", 0),
        (#"insert 0:0 "unterminated"#, 0),
        ("insert 0:0", 0),
        ("insert 0:0 x", 0),
        ("delete 0 :0", 0),
        ("delete 0: 0", 0),
        ("insert = 3\ndelete(0)", 0),
        ("delete section 1", 0),
        (#"data insert 0:0 "x""#, 0),
        (#"table delete 0:0"#, 0),
        (#"insert 0:0 "a" insert 1:0 "b""#, 0),
        ("delete 0:0 }", 1),
    ]

    @Test(arguments: cases)
    func sameTreeEitherWay(_ source: String, _ fast: Int) {
        let file = SourceFile(name: "t.list", text: source)
        let withFastPath = Parser.parse(file, fastPaths: true)
        let without = Parser.parse(file, fastPaths: false)
        #expect(sexpr(withFastPath.program) == sexpr(without.program))
        #expect(
            withFastPath.program.statements.flatMap(Self.ranges) == without.program.statements.flatMap(Self.ranges))
        #expect(located(withFastPath) == located(without))
        #expect(withFastPath.isIncomplete == without.isIncomplete)
        #expect(withFastPath.program.statements.map(Self.fastCount).reduce(0, +) == fast)
        #expect(without.program.statements.map(Self.fastCount).reduce(0, +) == 0)
        // A check that keeps no tree (the fast path then only reads) gives the same verdict.
        #expect(Parser.windowParses(file) == (Parser.parseWindow(file) != nil))
        #expect(Self.literalLinesAgree(file))
    }

    /// Whether `Parser.literalLines`, when it takes `file`, gives the statements, ranges included, that the general
    /// rules give without the fast path (whose matcher it shares), and the file parses as a window; it may decline
    /// anything. And `Parser.literalLineFeeds`, when it takes `file`, counts its line feeds, the file parses, and
    /// `literalLines` reading it as already checked gives what it gives reading it with its checks.
    static func literalLinesAgree(_ file: SourceFile) -> Bool {
        let lineFeeds = file.bytes.filter { $0 == UInt8(ascii: "\n") }.count
        let general = Parser.parse(file, fastPaths: false)
        let parses = general.diagnostics.isEmpty && Parser.windowParses(file) && Parser.parseWindow(file) != nil
        if let counted = Parser.literalLineFeeds(file) {
            guard counted == lineFeeds, parses else { return false }
            let checked = Parser.literalLines(file, alreadyChecked: true)
            let read = Parser.literalLines(file)
            guard (checked == nil) == (read == nil) else { return false }
            if let checked, let read {
                guard checked.lineFeeds == read.lineFeeds, checked.lines.map(\.range) == read.lines.map(\.range),
                    sexpr(Program(statements: checked.statements)) == sexpr(Program(statements: read.statements)),
                    checked.statements.flatMap(ranges) == read.statements.flatMap(ranges)
                else { return false }
            }
        }
        guard let lines = Parser.literalLines(file) else { return true }
        guard parses, lines.lineFeeds == lineFeeds, Parser.literalLineFeeds(file) == lineFeeds else { return false }
        return sexpr(Program(statements: lines.statements)) == sexpr(general.program)
            && lines.statements.flatMap(ranges) == general.program.statements.flatMap(ranges)
    }

    /// A window of literal commands alone, one a line (blanks before and after them, a carriage return before
    /// the line feed, the last line feed or none), is taken whole: the statements the parse builds.
    @Test func aWindowOfLiteralLinesIsTakenWhole() throws {
        var random = SeededGenerator(seed: 41)
        for _ in 0..<2_000 {
            let (source, count) = Self.randomWindow(&random)
            let file = SourceFile(name: "t.list", text: source)
            let lines = try #require(Parser.literalLines(file), "declined: \(source.debugDescription)")
            #expect(lines.count == count)
            #expect(Self.literalLinesAgree(file), "\(source.debugDescription)")
        }
    }

    /// A window of `count` literal commands, one a line, with blanks before and after them, a carriage return
    /// before the line feed, and the last line feed or none.
    static func randomWindow(_ random: inout SeededGenerator) -> (source: String, count: Int) {
        var source = ""
        let count = Int.random(in: 1...12, using: &random)
        for k in 0..<count {
            source += ["", " ", "\t", "  "][Int.random(in: 0..<4, using: &random)]
            let path =
                "\(Int.random(in: 0...999_999_999, using: &random)):\(Int.random(in: 0...12_345, using: &random))"
            if Bool.random(using: &random) {
                let text = String(repeating: "ab c!", count: Int.random(in: 0...9, using: &random))
                source += "insert\(["\t", " ", "   "][k % 3])\(path)\([" ", "\t\t"][k % 2])\"\(text)\""
            } else {
                source += "delete \(path)"
            }
            source += ["", " ", "\t", "\r"][Int.random(in: 0..<4, using: &random)]
            if k < count - 1 || Bool.random(using: &random) { source += "\n" }
        }
        return (source, count)
    }

    /// Read as already checked, bytes the check did not take (a window changed since, which only a checksum
    /// collision lets through) are still read safely: every prefix of random windows and each with one byte
    /// changed (to a byte beyond ASCII, a quote, a colon, a line feed, a blank, a digit, or removed), and every
    /// declined input, read without a trap or a read outside the bytes (a test build checks every subscript),
    /// and every text read is ASCII, as a small string made from its bytes must be valid UTF-8.
    @Test func bytesNotCheckedAreStillReadSafely() {
        var random = SeededGenerator(seed: 43)
        var sources: [[UInt8]] = Self.declined.map { Array($0.utf8) }
        // A review's case: a text of one byte beyond ASCII, short enough to be made a small string.
        sources.append(Array("insert 0:0 \"".utf8) + [0xF0] + Array("\"\ndelete 0:0\ndelete 0:0\n".utf8))
        for _ in 0..<400 {
            let window = Array(Self.randomWindow(&random).source.utf8)
            for end in 0...window.count { sources.append(Array(window[..<end])) }
            for _ in 0..<8 {
                var changed = window
                let at = Int.random(in: 0..<changed.count, using: &random)
                let byte = [0xF0, 0x80, 0xFF, 0x22, 0x3A, 0x0A, 0x20, 0x35, nil][Int.random(in: 0..<9, using: &random)]
                if let byte { changed[at] = UInt8(byte) } else { changed.remove(at: at) }
                sources.append(changed)
            }
        }
        for bytes in sources {
            guard let lines = Parser.literalLines(SourceFile(name: "t.list", bytes: bytes), alreadyChecked: true) else {
                continue
            }
            let texts = lines.inserts.map(\.text)
            #expect(texts.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }, "\(bytes)")
        }
    }

    /// Anything else in a window, and it is declined, to be parsed: statements of other kinds, a blank line, a
    /// comment, a `;`, a number the compact form cannot hold, a text with an escape or beyond ASCII.
    static let declined = [
        "insert 0:0 \"a\"\n\ndelete 0:0", "delete 0:0 # gone", "delete 0:0; delete 1:1", "# first\ndelete 0:0",
        "delete 0:0\nshow", "show\ndelete 0:0", "delete 1234567890:0", #"insert 0:0 "a\n""#, "insert 0:0 \"café\"",
        "\u{FEFF}delete 0:0", "delete 0:0\n ", "delete 0:0\n\n", "", "\n", "delete 0:0 }", "{ delete 0:0 }",
        #"insert 0:0 "a", 1:0 "b""#, "delete 0:0\rdelete 1:1", "delete 0:0\u{0}",
    ]

    @Test(arguments: declined)
    func anythingElseIsDeclined(_ source: String) {
        #expect(Parser.literalLines(SourceFile(name: "t.list", text: source)) == nil)
        #expect(Parser.literalLineFeeds(SourceFile(name: "t.list", text: source)) == nil)
    }

    /// A quoted text is read eight bytes at a time: a byte the fast path must refuse (a control byte, DEL,
    /// a byte of UTF-8, an escape) or end at (the closing quote) at every place of a long text, on its own
    /// and after another, gives the same tree and diagnostics as the general rules.
    @Test func longTextsWithEveryStopAtEveryPlace() {
        let stops: [[UInt8]] = [
            [0x1F], [0x00], [0x7F], [0xC3, 0xA9], [0x80], [0xFF], [0x5C, 0x6E], [0x22], [0x09], [0x7E],
        ]
        var mismatches: [String] = []
        for length in [7, 8, 9, 16, 23] {
            for place in 0...length {
                for stop in stops {
                    for second in [nil, stops[(place + length) % stops.count]] {
                        var text = Array(repeating: UInt8(ascii: "x"), count: length)
                        text.insert(contentsOf: stop, at: place)
                        if let second { text.insert(contentsOf: second, at: (place * 7) % (text.count + 1)) }
                        let bytes = Array("insert 0:0 \"".utf8) + text + Array("\"\ndelete 0:0\n".utf8)
                        let file = SourceFile(name: "t.list", bytes: bytes)
                        let fast = Parser.parse(file, fastPaths: true)
                        let general = Parser.parse(file, fastPaths: false)
                        if located(fast) != located(general) || sexpr(fast.program) != sexpr(general.program)
                            || Parser.windowParses(file) != (Parser.parseWindow(file) != nil)
                            || !Self.literalLinesAgree(file)
                        {
                            mismatches.append("\(bytes)")
                        }
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) differ; first: \(mismatches.first ?? "")")
    }

    /// Lines of literal edits mixed with what can break a run of them (other statements, blanks,
    /// comments, errors, brackets left open): the same tree and diagnostics either way.
    @Test func runsOfLiteralLinesParseAsTheGeneralRulesDo() {
        // Half the pieces are literal edits, so runs of them meet every other piece often.
        let literals = [#"insert 0:0 "a""#, "delete 1:1", #"insert 1:2 "b""#, "  delete 2:0", "\tinsert 0:1 \"c\""]
        let others = [
            "delete 0:0 0", "insert", "delete", "  ", "\t", "\r", "# c", "}", "{", "if true {", "x = 1", "insert = 2",
            "delete 0:0;", "(", ")", "[", "]", "\"", #"insert 0:0 "a" + 1"#, "deletex 0:0", "print 1", "else",
            "for i in 0..<2 {", ";", "\u{0}", "x = 1 2 (", "x = [1,",
        ]
        var random = SeededGenerator(seed: 40)
        var mismatches: [String] = []
        for _ in 0..<5_000 {
            var source = ""
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let pieces = Bool.random(using: &random) ? literals : others
                source += pieces[Int.random(in: 0..<pieces.count, using: &random)]
                source += ["\n", "\n", "\n  ", " ", "\n\n", ""][Int.random(in: 0..<6, using: &random)]
            }
            let file = SourceFile(name: "t.list", text: source)
            let fast = Parser.parse(file, fastPaths: true)
            let general = Parser.parse(file, fastPaths: false)
            if located(fast) != located(general) || fast.isIncomplete != general.isIncomplete
                || sexpr(fast.program) != sexpr(general.program)
                || Parser.windowParses(file) != (Parser.parseWindow(file) != nil) || !Self.literalLinesAgree(file)
            {
                mismatches.append(source)
            }
        }
        #expect(
            mismatches.isEmpty,
            "\(mismatches.count) differ; the shortest: \(mismatches.min { $0.count < $1.count }.debugDescription)")
    }

    /// The compact form keeps the text exactly as written, and reads back as the general form.
    @Test func keepsTheTextAndTheNumbers() throws {
        let result = Parser.parse(SourceFile(name: "t.list", text: #"insert 12:345 "item 6""#))
        let statement = try #require(result.program.statements.first)
        guard case .insertRows(let rows) = statement.kind, rows.literal != nil, rows.layer == .both else {
            Issue.record("the fast path did not take it")
            return
        }
        let literal = try #require(rows.literal)
        #expect(literal.path.indexPath == IndexPath(section: 12, row: 345) && literal.text == "item 6")
        #expect(ASTPrinter.statement(statement) == #"(insert-rows both ((: 12 345) "item 6"))"#)
    }

    /// The compact form keeps a statement as small as the general form's boxed cases.
    @Test func aStatementStaysSmall() {
        #expect(MemoryLayout<Stmt>.stride <= 48)
    }

    /// How many statements, blocks included, are in compact form.
    static func fastCount(_ statement: Stmt) -> Int {
        switch statement.kind {
        case .insertRows(let rows) where rows.literal != nil: 1
        case .deleteRows(let paths) where paths.literal != nil: 1
        default: blocks(statement).flatMap(\.statements).map(fastCount).reduce(0, +)
        }
    }

    /// Every range of a statement that commands report errors at, blocks included.
    static func ranges(_ statement: Stmt) -> [SourceRange] {
        var result = [statement.range]
        switch statement.kind {
        case .insertRows(let rows):
            for row in rows { result += [row.path.range] + (row.value.map { [$0.range] } ?? []) }
        case .deleteRows(let paths):
            result += paths.map(\.range)
        default:
            break
        }
        return result + blocks(statement).flatMap(\.statements).flatMap(ranges)
    }

    /// The blocks a statement holds.
    static func blocks(_ statement: Stmt) -> [Block] {
        switch statement.kind {
        case .conditional(let arms, let otherwise): arms.map(\.body) + (otherwise.map { [$0] } ?? [])
        case .forLoop(_, _, _, let body), .whileLoop(_, let body), .repeatLoop(_, let body): [body]
        default: []
        }
    }
}
