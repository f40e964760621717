import ListFormats
import ListModel

/// Parsing a big file in two halves at once: where to cut it, each half as a program of its own,
/// and the whole file's parse from the two when they join cleanly. The command runs the halves on
/// two threads (`parseFile` in the listdsl target); a test checks the joined tree is the whole
/// file's.
extension Parser {
    /// Where a big file may be cut to be parsed in two halves at once (by two threads, which the
    /// command starts): the start of the first line at or after `offset`. Nil when there is none.
    public static func splitPoint(of file: SourceFile, near offset: Int) -> Int? {
        let bytes = file.bytes
        guard offset > 0, offset < bytes.count,
            let newline = bytes[offset...].firstIndex(of: Byte.newline), newline + 1 < bytes.count
        else { return nil }
        return newline + 1
    }

    /// Parses `range` of `file` as if it were a program of its own; `lineFeeds`, when the caller knows it,
    /// is how many line feeds the range holds; `checks` as `parse(_:fastPaths:checks:)` runs them.
    public static func parse(
        _ file: SourceFile, part range: Range<Int>, fastPaths: Bool = true, lineFeeds: Int? = nil,
        checks: ReadingChecks = .none
    ) -> PartialParse {
        var parser = Parser(file: file, lexer: Lexer(file: file, range: range))
        parser.fastPaths = fastPaths
        parser.checks = checks
        let capacity =
            lineFeeds.map { estimatedStatementCount(lineFeeds: $0, byteCount: range.count) }
            ?? estimatedStatementCount(file.bytes, range)
        let statements = parser.parseProgram(reserving: capacity)
        let diagnostics = parser.sortedDiagnostics()
        return PartialParse(
            statements: statements, diagnostics: diagnostics,
            isIncomplete: !diagnostics.isEmpty && parser.incompleteErrors == diagnostics.count,
            endsOutsideBrackets: parser.lexer.openBrackets.isEmpty, stop: parser.readingStop)
    }

    /// The whole file's parse from its two halves, cut at `splitPoint`, when they join cleanly;
    /// nil otherwise, and then the whole file must be parsed at once. They join when neither has
    /// an error and the first ends outside any bracket: every statement that runs on past a line
    /// (a block, a bracket, a string) leaves an error in the first half or, like an `else` on its
    /// own line, in the second.
    public static func joined(_ first: PartialParse, _ second: PartialParse) -> ParseResult? {
        guard first.diagnostics.isEmpty, second.diagnostics.isEmpty, first.endsOutsideBrackets else { return nil }
        return ParseResult(
            program: Program(parts: [first.statements, second.statements]), diagnostics: [], isIncomplete: false)
    }

    /// A window of a big file (`SourceFile.firstLine` says where it starts), which the command reads
    /// and runs a window at a time: its program when it parses as a program of its own, ending outside
    /// any bracket; nil otherwise, and then the whole file must be parsed at once. Windows that all
    /// parse run as the whole file does, one after the other: the rule `joined` states for two halves
    /// holds for every two neighbours. `lineFeeds` is how many line feeds the window holds, when the
    /// caller counted them.
    public static func parseWindow(_ file: SourceFile, lineFeeds: Int? = nil) -> Program? {
        let part = parse(file, part: 0..<file.bytes.count, lineFeeds: lineFeeds)
        guard part.diagnostics.isEmpty, part.endsOutsideBrackets else { return nil }
        return Program(parts: [part.statements])
    }

    /// Whether `parseWindow(file)` gives a program, found without building one: what checking a big
    /// file a window at a time needs before anything runs.
    public static func windowParses(_ file: SourceFile) -> Bool {
        var parser = Parser(file: file, lexer: Lexer(file: file, range: 0..<file.bytes.count))
        parser.keepsStatements = false
        _ = parser.parseProgram(reserving: 0)
        return parser.sortedDiagnostics().isEmpty && parser.lexer.openBrackets.isEmpty
    }
}
