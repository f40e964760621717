import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

/// A big file is parsed in two halves at once, cut at a line start. Whenever the halves join, the
/// result must be the whole file's parse; whenever the whole file has a syntax error, or a
/// statement runs across the cut, they must not join (the command then parses the whole file).
/// Every cut of every source below is tried.
@Suite struct ParserSplitTests {
    static let sources: [String] = [
        "insert 0:0 \"a\"\ninsert 1:0 \"b\"\ndelete 0:0\nprint rows(0)\n",
        "for i in 0..<2 {\n  insert 0:0 \"x\"\n  delete 0:0\n}\nprint 1\n",
        "if true {\n  print 1\n}\nelse {\n  print 2\n}\nprint 3\n",
        "if true {\n  print 1\n}\n\n\nelse if false {\n  print 2\n}\nprint 3\n",
        "print (1 +\n  2)\nprint [1,\n  2]\nprint 3\n",
        "print \"a\nb\"\nprint 1\nprint 2\n",
        "proc f(a) {\n  return a + 1\n}\nprint f(1)\nprint f(2)\n",
        "on commit {\n  print 1\n}\nbegin\ninsert 0:0 \"x\"\nend\n",
        "# a comment\ninsert 0:0 \"x\" # another\n\n\ndelete 0:0 ; print 1\n",
        "\u{FEFF}print 1\nprint 2\nprint 3\n",
        "print 1\r\nprint 2\r\nprint 3\r\n",
        "expect error \"bounds\" {\n  delete 9:9\n}\nprint 1\n",
        "let x = 1\nwhile x < 3 {\n  x = x + 1\n}\nprint x\n",
        // Syntax errors, before and after any cut.
        "insert 0:0\nprint 1\nprint 2\n",
        "print 1\nprint 2\ninsert 0:0\n",
        "print 1\n}\nprint 2\nprint 3\n",
        "print 1\nelse {\n}\nprint 2\n",
        "print 1\nfor i in 0..<2 {\n  print i\nprint 2\n",
        "print 1\nprint (2\nprint 3\n",
        "print 1\nprint \"open\nprint 2\n",
        "print 1\nprint 2\nprint 3)\n",
        "print 1\n\u{FEFF}print 2\nprint 3\n",
    ]

    @Test(arguments: sources)
    func joinedHalvesAreTheWholeParse(_ source: String) {
        let file = SourceFile(name: "t.list", text: source)
        let whole = Parser.parse(file)
        var joins = 0
        var cuts: Set<Int> = []
        for offset in 1..<file.bytes.count {
            guard let cut = Parser.splitPoint(of: file, near: offset), cuts.insert(cut).inserted else { continue }
            #expect(cut > 0 && cut < file.bytes.count && file.bytes[cut - 1] == 0x0A)
            let first = Parser.parse(file, part: 0..<cut)
            let second = Parser.parse(file, part: cut..<file.bytes.count)
            guard let joined = Parser.joined(first, second) else { continue }
            joins += 1
            let context = Comment(rawValue: "cut at \(cut)")
            #expect(whole.diagnostics.isEmpty, context)
            #expect(joined.diagnostics.isEmpty && !joined.isIncomplete, context)
            #expect(sexpr(joined.program) == sexpr(whole.program), context)
            #expect(
                joined.program.statements.flatMap(ParserFastPathTests.ranges)
                    == whole.program.statements.flatMap(ParserFastPathTests.ranges), context)
            #expect(joined.program.statements.parts.count == 2, context)
        }
        // A file without errors joins at least at the cut before its last line.
        if whole.diagnostics.isEmpty { #expect(joins > 0) }
    }

    /// A big file run a window at a time (the command's `StreamedScript`): cut into three windows at every
    /// two line starts, each window a source file of its own starting at its line. Whenever every window
    /// parses on its own, the windows' programs one after the other are the whole file's, each statement at
    /// the whole file's lines and columns; whenever the whole file has a syntax error, some window does not
    /// parse (a byte order mark starting a later window is not the file's, and is an error there too).
    /// `windowParses`, which builds no tree, says of every window what `parseWindow` says.
    @Test(arguments: sources)
    func windowsThatParseAreTheWholeParse(_ source: String) {
        let file = SourceFile(name: "t.list", text: source)
        let whole = Parser.parse(file)
        let lines = LineIndex(file)
        let starts =
            [0] + file.bytes.indices.filter { file.bytes[$0] == 0x0A && $0 + 1 < file.bytes.count }.map { $0 + 1 }
        var allParsed = 0
        for i in starts.indices {
            for j in i..<starts.count where i > 0 || j > 0 {
                let cuts = [0, starts[i], starts[j], file.bytes.count]
                var programs: [Program] = []
                var locations: [ListLanguage.SourceLocation] = []
                var line = 1
                for k in 0..<3 where cuts[k] < cuts[k + 1] {
                    let bytes = Array(file.bytes[cuts[k]..<cuts[k + 1]])
                    let window = SourceFile(name: "t.list", bytes: bytes, firstLine: line)
                    line += bytes.filter { $0 == 0x0A }.count
                    let program = Parser.parseWindow(window)
                    #expect(Parser.windowParses(window) == (program != nil), "window at \(cuts[k])")
                    guard let program else { break }
                    programs.append(program)
                    locations += program.statements.flatMap(ParserFastPathTests.ranges).flatMap {
                        [window.location(of: $0.lowerBound), window.location(of: $0.upperBound)]
                    }
                }
                let context = Comment(rawValue: "windows cut at \(cuts)")
                guard programs.count == cuts.indices.dropLast().filter({ cuts[$0] < cuts[$0 + 1] }).count else {
                    continue
                }
                allParsed += 1
                #expect(whole.diagnostics.isEmpty, context)
                let statements = programs.flatMap { $0.statements.map { sexpr($0) } }
                #expect(statements == whole.program.statements.map { sexpr($0) }, context)
                let wholeLocations = whole.program.statements.flatMap(ParserFastPathTests.ranges).flatMap {
                    [lines.location(of: $0.lowerBound), lines.location(of: $0.upperBound)]
                }
                #expect(locations == wholeLocations, context)
            }
        }
        if whole.diagnostics.isEmpty { #expect(allParsed > 0) }
    }

    /// No cut without a line after it, and none at the very start.
    @Test func cutsFallOnLineStarts() {
        let file = SourceFile(name: "t.list", text: "print 1\nprint 2")
        #expect(Parser.splitPoint(of: file, near: 0) == nil)
        #expect(Parser.splitPoint(of: file, near: 3) == 8)
        #expect(Parser.splitPoint(of: file, near: 9) == nil)
        #expect(Parser.splitPoint(of: SourceFile(name: "t", text: "print 1\n"), near: 2) == nil)
    }
}

/// The line count that sizes the statement array, checked against a plain count at every offset.
@Suite struct StatementEstimateTests {
    @Test func countsEveryNewline() {
        let text = Array("a\nbb\n\n\nccc\n\u{0A}\u{8A}\u{0B}\u{09}x\ny\n\n\u{FF}\n12345678\n".utf8)
        for lower in 0...text.count {
            for upper in lower...text.count {
                let lines = 1 + text[lower..<upper].filter { $0 == 0x0A }.count
                #expect(
                    Parser.estimatedStatementCount(text, lower..<upper) == min(lines, (upper - lower) / 4 + 1),
                    "\(lower)..<\(upper)")
            }
        }
    }

    /// Eight bytes are counted at once: words of nothing but line feeds, of none, and of line feeds among
    /// bytes one bit away from one (0x0B, 0x8A) and bytes with the high bit set.
    @Test func countsLineFeedsEightBytesAtATime() {
        var random = SeededGenerator(seed: 10)
        let others: [UInt8] = [0x0B, 0x8A, 0x0A ^ 0x80, 0xFF, 0x00, 0x61]
        for density in [0, 2, 5, 8] {
            let text: [UInt8] = (0..<64).map { _ in
                Int.random(in: 0..<8, using: &random) < density
                    ? 0x0A : others[Int.random(in: 0..<others.count, using: &random)]
            }
            for lower in 0...text.count {
                for upper in lower...text.count {
                    #expect(
                        Parser.lineFeedCount(text, lower..<upper) == text[lower..<upper].filter { $0 == 0x0A }.count,
                        "\(density): \(lower)..<\(upper)")
                }
            }
        }
    }
}
