import ListFormats
import ListModel

/// What parsing a source file produced: the statements it could parse, every syntax error,
/// and whether the input merely stopped too early.
public struct ParseResult: Sendable {
    /// The statements parsed; incomplete when there are diagnostics, so run it only when there are none.
    public var program: Program
    /// Every syntax error, in source order (at most 20, then "too many errors; stopping").
    public var diagnostics: [Diagnostic]
    /// True when parsing failed only because the input ended inside an unclosed `{`, `[`, `(`
    /// or string: the REPL then asks for more lines with a continuation prompt.
    public var isIncomplete: Bool
    /// Set when a reading check stopped the parse (Ctrl-C, the memory limit): its diagnostic is the last,
    /// and the command's exit status is the limit's, not a syntax error's.
    public var stop: ReadingStop?

    /// Creates a result.
    public init(program: Program, diagnostics: [Diagnostic], isIncomplete: Bool, stop: ReadingStop? = nil) {
        self.program = program
        self.diagnostics = diagnostics
        self.isIncomplete = isIncomplete
        self.stop = stop
    }
}

/// What parsing part of a file produced (see `Parser.joined`).
public struct PartialParse: Sendable {
    public var statements: [Stmt]
    public var diagnostics: [Diagnostic]
    public var isIncomplete: Bool
    /// True when the part ended with no `(`, `[` or `{` open.
    public var endsOutsideBrackets: Bool
    /// Set when a reading check stopped the parse (see `ParseResult.stop`).
    public var stop: ReadingStop?
}

/// Why a parse method gave up: `recover` skips to the next statement, `stop` ends the parse.
enum ParseFailure: Error {
    case recover
    case stop
}

/// A recursive-descent parser for ListDSL (grammar.md): one method per grammar rule, named
/// `parse` + the rule's name; panic-mode recovery at statement boundaries, so one run reports
/// every syntax error up to a limit.
public struct Parser {
    /// How deep brackets, blocks, prefix operators and operator chains may nest.
    package static let maximumNesting = 200
    /// How many errors are reported before giving up.
    static let maximumErrors = 20

    /// Parses a whole file. Never traps, whatever the bytes. `fastPaths: false` turns off the
    /// byte-level reading of the commonest statements, so tests can check it changes nothing. `checks`
    /// are the reading checks (Ctrl-C, the memory limit: a syntax tree takes up to about 50 bytes a byte
    /// of source), run every 64 KiB of source and before the statements' array is reserved.
    public static func parse(_ file: SourceFile, fastPaths: Bool = true, checks: ReadingChecks = .none) -> ParseResult {
        let whole = parse(file, part: 0..<file.bytes.count, fastPaths: fastPaths, checks: checks)
        return ParseResult(
            program: Program(statements: whole.statements), diagnostics: whole.diagnostics,
            isIncomplete: whole.isIncomplete, stop: whole.stop)
    }

    private let file: SourceFile
    let bytes: [UInt8]
    var lexer: Lexer
    /// The token being looked at, and the one before it.
    var current: Token
    var previous: Token
    /// The token after `current`, once something has peeked at it.
    var lookahead: Token?
    private(set) var diagnostics: [Diagnostic] = []
    /// Errors so far, including those of enclosing parsers (for interpolations).
    private var errorCount: Int
    /// Errors that only say the input ended inside an open bracket or string.
    var incompleteErrors = 0
    /// True after "too many errors".
    private(set) var stopped = false
    /// Where the last error pointed, so a stray `}` is not reported twice.
    private var lastErrorOffset = -1
    /// Current nesting of brackets, blocks, prefix operators and operator chains.
    var depth: Int
    /// How many blocks enclose the current statement (`proc` only at 0).
    private var blockDepth = 0
    /// How many procedures or hook blocks enclose the current statement (`return` only inside one).
    private var functionDepth = 0
    /// Whether `literalRun` may read the commonest statements straight from the bytes.
    var fastPaths = true
    /// False for a parse whose one answer is whether the text parses (`windowParses`): top-level
    /// statements are parsed and checked, then dropped, and the fast path builds none.
    var keepsStatements = true
    /// True for the parser of a `\( … )` interpolation, whose end of input is the `)`.
    private let isInterpolation: Bool
    /// The reading checks, run when parsing passes `nextCheck`; `readingStop` is what stopped it.
    var checks = ReadingChecks.none
    private var nextCheck = 0
    private(set) var readingStop: ReadingStop?

    /// A parser reading `lexer`'s tokens from `file`.
    init(file: SourceFile, lexer: Lexer, depth: Int = 0, errorCount: Int = 0, isInterpolation: Bool = false) {
        self.file = file
        self.bytes = file.bytes
        self.lexer = lexer
        self.depth = depth
        self.errorCount = errorCount
        self.isInterpolation = isInterpolation
        current = Token(.endOfInput, .at(0))
        previous = current
        current = self.lexer.nextToken()
        drainLexerErrors()
    }

    // MARK: Token verbs

    /// Moves to the next token.
    @inline(__always)
    private mutating func advance() {
        previous = current
        if let next = lookahead {
            current = next
            lookahead = nil
        } else {
            current = lexer.nextToken()
            if !lexer.errors.isEmpty { drainLexerErrors() }
        }
    }

    /// The token after `current`, without moving.
    private mutating func peekNext() -> Token {
        if let next = lookahead { return next }
        let next = lexer.nextToken()
        if !lexer.errors.isEmpty { drainLexerErrors() }
        lookahead = next
        return next
    }

    /// True when the current token is `kind`.
    @inline(__always)
    private func check(_ kind: TokenKind) -> Bool { current.kind == kind }

    /// Consumes the current token when it is `kind`.
    @inline(__always)
    private mutating func match(_ kind: TokenKind) -> Bool {
        guard current.kind == kind else { return false }
        advance()
        return true
    }

    /// Consumes a token of `kind` or fails with "expected `what`, found …".
    private mutating func consume(_ kind: TokenKind, _ what: String) throws(ParseFailure) {
        guard match(kind) else { throw expected(what) }
    }

    /// Consumes the word `keyword` or fails with "expected `what`, found …".
    private mutating func consumeWord(_ keyword: Keyword, _ what: String) throws(ParseFailure) {
        guard current.isWord(keyword) else { throw expected(what) }
        advance()
    }

    /// Consumes the bracket that closes `opener`: "expected ')' (to close '(' at line N), found …".
    @inline(__always)
    private mutating func consumeClosing(_ kind: TokenKind, opener: Token) throws(ParseFailure) {
        guard !match(kind) else { return }
        throw unclosed(kind, opener: opener)
    }

    /// The error for a missing closing bracket.
    @inline(never)
    private mutating func unclosed(_ kind: TokenKind, opener: Token) -> ParseFailure {
        let close = kind == .rightParen ? ")" : kind == .rightBracket ? "]" : "}"
        let open = kind == .rightParen ? "(" : kind == .rightBracket ? "[" : "{"
        let line = file.location(of: opener.range.lowerBound).line
        return fail(.unclosed(close: close, open: open, line: line, found: describe(current)))
    }

    /// True when the current token can start an operand, i.e. it is not `,`, a separator, `}` or the end.
    private var hasOperand: Bool {
        !(current.kind == .comma || current.endsStatement)
    }

    /// Skips statement separators: newlines and `;`.
    private mutating func skipSeparators() {
        while current.kind == .newline || current.kind == .semicolon { advance() }
    }

    /// The source text of `token`.
    private func text(_ token: Token) -> String {
        decodedText(token.range.lowerBound..<token.range.upperBound)
    }

    /// The bytes of `range` as a String (invalid UTF-8 repaired), without retaining the array.
    @inline(__always)
    func decodedText(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { buffer in
            let upper = min(max(0, range.upperBound), buffer.count)
            let lower = min(max(0, range.lowerBound), upper)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[lower..<upper]), as: UTF8.self)
        }
    }

    /// A token as messages name it: quoted source text, or "end of line" / "end of input".
    @inline(never)
    private func describe(_ token: Token) -> String {
        switch token.kind {
        case .newline: "end of line"
        case .endOfInput: isInterpolation ? "end of interpolation" : "end of input"
        default: MessageQuoting.quote(bytes[token.range.lowerBound..<token.range.upperBound])
        }
    }

    // MARK: Errors and recovery

    /// Records an error at `token` without stopping.
    @inline(never)
    private mutating func error(_ error: ParseError, at token: Token) {
        let incomplete =
            !isInterpolation && token.kind == .endOfInput
            && (!lexer.openBrackets.isEmpty || lexer.sawUnterminatedString)
        record(Diagnostic(error, file: file, range: token.range), incomplete: incomplete)
    }

    /// Records "expected `what`, found …" at the current token and returns the failure to throw.
    /// Kept out of line so the hot parse methods do not carry message-building frames.
    @inline(never)
    private mutating func expected(_ what: String) -> ParseFailure {
        fail(.expected(what, found: describe(current)))
    }

    /// Records an error at `token` (the current one unless given) and returns the failure to throw.
    @inline(never)
    mutating func fail(_ error: ParseError, at token: Token? = nil) -> ParseFailure {
        self.error(error, at: token ?? current)
        return stopped ? .stop : .recover
    }

    /// Adds a diagnostic, counting it against the limit; the 21st error becomes "too many errors; stopping".
    @inline(never)
    private mutating func record(_ diagnostic: Diagnostic, incomplete: Bool) {
        guard !stopped else { return }
        if errorCount >= Parser.maximumErrors {
            diagnostics.append(
                Diagnostic(ParseError.tooManyErrors, file: file, range: diagnostic.range))
            stopped = true
            return
        }
        errorCount += 1
        if incomplete { incompleteErrors += 1 }
        lastErrorOffset = diagnostic.range.lowerBound
        diagnostics.append(diagnostic)
    }

    /// Moves the lexer's errors into the diagnostics (once each: a re-lexed token repeats them).
    @inline(never)
    mutating func drainLexerErrors() {
        for lexical in lexer.errors {
            let message = lexical.error.message
            let repeated = diagnostics.contains { $0.range == lexical.range && $0.message == message }
            if !repeated {
                let diagnostic = Diagnostic(lexical.error, file: file, range: lexical.range)
                record(diagnostic, incomplete: lexical.isIncomplete)
            }
        }
        lexer.errors.removeAll(keepingCapacity: true)
    }

    /// The diagnostics in source order, "too many errors" last.
    func sortedDiagnostics() -> [Diagnostic] {
        var errors = diagnostics
        let final = stopped ? errors.popLast() : nil
        // Lexical errors of a peeked token can arrive before an error at the current one.
        let order = errors.indices.sorted { (errors[$0].range.lowerBound, $0) < (errors[$1].range.lowerBound, $1) }
        var sorted = order.map { errors[$0] }
        if let final { sorted.append(final) }
        return sorted
    }

    /// Panic mode: skips to the next statement separator (or the `}` closing the current block),
    /// skipping whole `{ … }` blocks on the way. Newlines end statements again even inside an
    /// unclosed `(` or `[`, so one missing `)` does not swallow the rest of the file.
    private mutating func synchronize() {
        if lookahead != nil {
            lexer.rewind(to: current.range.upperBound)
            lookahead = nil
        }
        lexer.forgetOpenParentheses()
        var braces = 0
        while !stopped {
            switch current.kind {
            case .endOfInput:
                return
            case .newline, .semicolon:
                if braces == 0 { return }
            case .leftBrace:
                braces += 1
            case .rightBrace:
                if braces == 0 { return }
                braces -= 1
            default:
                break
            }
            advance()
        }
    }

    /// Enters one more level of nesting, or fails when that is too deep.
    @inline(__always)
    private mutating func enterNesting(at token: Token) throws(ParseFailure) {
        guard depth < Parser.maximumNesting else { throw tooDeep(at: token) }
        depth += 1
    }

    /// Runs the reading checks when parsing has passed `nextCheck` (at each statement, each element of a
    /// list or of a call's arguments, each line of a literal run).
    @inline(__always)
    mutating func checkReading(at offset: Int) throws(ParseFailure) {
        if offset >= nextCheck { try checkReadingNow(at: offset) }
    }

    /// Runs the reading checks, with `more` bytes about to be reserved; when they stop the parse, records
    /// the diagnostic that says why (last, as "too many errors" is) and stops.
    @inline(never)
    mutating func checkReadingNow(at offset: Int, more: Int = 0) throws(ParseFailure) {
        nextCheck = offset &+ ReadingChecks.bytesBetweenChecks
        do throws(ReadingStop) { try checks.check(more: more) } catch {
            guard !stopped else { throw .stop }
            readingStop = error
            diagnostics.append(
                Diagnostic(
                    ParseError.readingStopped(error, offset: offset), file: file, range: SourceRange(offset, offset)))
            stopped = true
            throw .stop
        }
    }

    /// The "nesting too deep" error.
    @inline(never)
    private mutating func tooDeep(at token: Token) -> ParseFailure {
        fail(.nestingTooDeep(limit: Parser.maximumNesting), at: token)
    }

    // MARK: Program, blocks and statements

    /// program = separators { statement terminator separators } EOF
    mutating func parseProgram(reserving capacity: Int) -> [Stmt] {
        var statements: [Stmt] = []
        // Growing a million-statement array by doubling copies it again and again: reserve about
        // one statement per line. Pages never written are never touched, so overestimating is cheap;
        // those written come in huge pages where they can (but they count against an address-space limit).
        guard (try? checkReadingNow(at: current.range.lowerBound, more: capacity &* MemoryLayout<Stmt>.stride)) != nil
        else { return statements }
        statements.reserveAdvising(capacity)
        skipSeparators()
        while !stopped && current.kind != .endOfInput {
            if current.kind == .rightBrace {
                if lastErrorOffset != current.range.lowerBound {
                    error(.strayClosingBrace, at: current)
                }
                advance()
            } else {
                statementOrRecovery(into: &statements)
            }
            skipSeparators()
        }
        return statements
    }

    /// About one statement per line, and never more than one per four bytes (`end;` is the shortest).
    static func estimatedStatementCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        let range = range.clamped(to: 0..<bytes.count)
        return estimatedStatementCount(lineFeeds: lineFeedCount(bytes, range), byteCount: range.count)
    }

    /// The same estimate for `byteCount` bytes holding `lineFeeds` line feeds.
    static func estimatedStatementCount(lineFeeds: Int, byteCount: Int) -> Int {
        min(lineFeeds + 1, byteCount / 4 + 1)
    }

    /// How many line feeds `range` of `bytes` holds.
    package static func lineFeedCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        let range = range.clamped(to: 0..<bytes.count)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            // Eight bytes at a time (bench/NOTES.md): a line feed's byte is marked in its top bit; moved to
            // the bottom, the multiplication sums the eight bytes into the top one (at most 8), without a
            // population count, which the baseline x86-64 has no instruction for.
            let pattern = TextSearch.broadcast(Byte.newline)
            let ones = TextSearch.broadcast(1)
            var count = 0
            var index = range.lowerBound
            while index + 8 <= range.upperBound {
                let marks = TextSearch.zeroBytes(TextSearch.word(base, index) ^ pattern)
                count &+= Int(truncatingIfNeeded: ((marks &>> 7) &* ones) &>> 56)
                index += 8
            }
            while index < range.upperBound {
                if base[index] == Byte.newline { count += 1 }
                index += 1
            }
            return count
        }
    }

    /// One statement and its terminator, appended to `statements`; after an error, skips to
    /// where the next statement can start instead.
    private mutating func statementOrRecovery(into statements: inout [Stmt]) {
        do throws(ParseFailure) {
            try checkReading(at: current.range.lowerBound)
            if try literalRun(into: &statements) { return }
            let statement = try parseStatement()
            try parseTerminator()
            if keepsStatements { statements.append(statement) }
        } catch {
            if error == .recover { synchronize() }
        }
    }

    /// terminator = NEWLINE | ";" | (* before *) "}" | EOF
    mutating func parseTerminator() throws(ParseFailure) {
        guard !current.endsStatement else { return }
        let startsStatement = current.kind == .identifier && Vocabulary.statementKeywords.contains(text(current))
        throw fail(.expectedEndOfStatement(found: describe(current), nextStartsStatement: startsStatement))
    }

    /// block = "{" separators { statement terminator separators } "}"
    private mutating func parseBlock(_ owner: String) throws(ParseFailure) -> Block {
        let open = current
        guard open.kind == .leftBrace else { throw expected("'{' to start the body of \(owner)") }
        advance()
        try enterNesting(at: open)
        defer { depth -= 1 }
        blockDepth += 1
        defer { blockDepth -= 1 }
        var statements: [Stmt] = []
        skipSeparators()
        while current.kind != .rightBrace && current.kind != .endOfInput {
            statementOrRecovery(into: &statements)
            if stopped { throw .stop }
            skipSeparators()
        }
        try consumeClosing(.rightBrace, opener: open)
        return Block(statements: statements, range: open.range.union(previous.range))
    }

    /// statement = assignment | letStatement | ifStatement | forStatement | whileStatement
    ///           | repeatStatement | procDeclaration | returnStatement | command | simpleStatement
    ///           | titleCommand | styleCommand | printStatement | expectStatement | runStatement
    ///           | hookStatement | switchStatement | gestureStatement | dragStatement | callStatement
    ///           | applyStatement | viewCommand | messagesCommand | iosCommand | accessoryCommand
    ///           | undoStatement | fileStatement | defaultsStatement | scrollStatement
    private mutating func parseStatement() throws(ParseFailure) -> Stmt {
        // A literal `insert S:R "text"` or `delete S:R` never gets here: `literalRun` took it first.
        let token = current
        // `NAME = …` assigns, even to a command word; `true = 1` gets a clear error, but a
        // reserved word that starts a statement (`let = 1`) is parsed as that statement.
        let assignable =
            token.kind == .identifier || (token.kind == .reserved && !token.keyword.startsStatement)
        if assignable && peekNext().kind == .assign {
            return try parseAssignment()
        }
        if token.kind == .reserved {
            switch token.keyword {
            case .let: return try parseLetStatement()
            case .if: return try parseIfStatement()
            case .for: return try parseForStatement()
            case .while: return try parseWhileStatement()
            case .repeat: return try parseRepeatStatement()
            case .proc: return try parseProcDeclaration()
            case .return: return try parseReturnStatement()
            case .else:
                throw fail(.elseWithoutIf)
            default: break
            }
        } else if token.kind == .identifier {
            switch token.keyword {
            case .insert, .delete, .move, .reload, .append, .reset:
                return try parseCommand()
            case .data, .table:
                let next = peekNext()
                if next.kind == .identifier && next.keyword.takesLayerPrefix { return try parseCommand() }
            case .begin, .end, .reloadData, .show, .dump:
                return try parseSimpleStatement()
            case .header, .footer, .indexTitle:
                return try parseTitleCommand()
            case .style: return try parseStyleCommand()
            case .print: return try parsePrintStatement()
            case .expect: return try parseExpectStatement()
            case .run: return try parseRunStatement()
            case .on: return try parseHookStatement()
            case .edit, .trace: return try parseSwitchStatement()
            case .tap, .swipe, .select: return try parseGestureStatement()
            case .drag: return try parseDragStatement()
            case .scroll: return try parseScrollStatement()
            case .apply: return try parseApplyStatement()
            case .view: return try parseViewCommand()
            case .messages: return try parseMessagesCommand()
            case .ios: return try parseIosCommand()
            case .accessory: return try parseAccessoryCommand()
            case .undo, .redo: return try parseUndoStatement()
            case .save, .load: return try parseFileStatement()
            case .defaults: return try parseDefaultsStatement()
            default: break
            }
            if peekNext().kind == .leftParen { return try parseCallStatement() }
            throw fail(.expectedStatement(found: describe(token), word: text(token)))
        }
        let next = peekNext()
        if token.kind == .dot, next.kind == .identifier || next.kind == .reserved,
            next.range.lowerBound == token.range.upperBound, Vocabulary.dotCommands.contains("." + text(next))
        {
            throw fail(.dotCommandInScript("." + text(next)))
        }
        throw fail(.expectedStatement(found: describe(token), word: nil))
    }

    /// assignment = NAME "=" expression
    private mutating func parseAssignment() throws(ParseFailure) -> Stmt {
        let name = current
        checkBindable(name, as: "assigned to")
        advance()
        advance()  // "="
        let value = try parseExpression()
        return Stmt(.assignment(name: text(name), nameRange: name.range, value: value), name.range.union(value.range))
    }

    /// letStatement = "let" NAME "=" expression
    private mutating func parseLetStatement() throws(ParseFailure) -> Stmt {
        let start = current.range
        advance()
        let name = try bindableName(as: "a variable name", after: "'let'")
        try consume(.assign, "'=' after the variable name")
        let value = try parseExpression()
        return Stmt(.letBinding(name: text(name), nameRange: name.range, value: value), start.union(value.range))
    }

    /// ifStatement = "if" expression block { "else" "if" expression block } [ "else" block ]
    private mutating func parseIfStatement() throws(ParseFailure) -> Stmt {
        let start = current.range
        advance()
        var arms = [ConditionalArm(condition: try parseExpression(), body: try parseBlock("'if'"))]
        var otherwise: Block?
        while true {
            // `else` may start the next line.
            if current.kind == .newline && peekNext().isWord(.else) { advance() }
            guard current.isWord(.else) else { break }
            advance()
            if current.isWord(.if) {
                advance()
                arms.append(ConditionalArm(condition: try parseExpression(), body: try parseBlock("'else if'")))
            } else {
                otherwise = try parseBlock("'else'")
                break
            }
        }
        return Stmt(.conditional(arms: arms, otherwise: otherwise), start.union(previous.range))
    }

    /// forStatement = "for" NAME "in" expression block
    private mutating func parseForStatement() throws(ParseFailure) -> Stmt {
        let start = current.range
        advance()
        let variable = try bindableName(as: "a loop variable", after: "'for'")
        try consumeWord(.in, "'in' after the loop variable")
        let sequence = try parseExpression()
        let body = try parseBlock("'for'")
        return Stmt(
            .forLoop(variable: text(variable), variableRange: variable.range, sequence: sequence, body: body),
            start.union(body.range))
    }

    /// whileStatement = "while" expression block
    private mutating func parseWhileStatement() throws(ParseFailure) -> Stmt {
        let start = current.range
        advance()
        let condition = try parseExpression()
        let body = try parseBlock("'while'")
        return Stmt(.whileLoop(condition: condition, body: body), start.union(body.range))
    }

    /// repeatStatement = "repeat" expression block
    private mutating func parseRepeatStatement() throws(ParseFailure) -> Stmt {
        let start = current.range
        advance()
        let count = try parseExpression()
        let body = try parseBlock("'repeat'")
        return Stmt(.repeatLoop(count: count, body: body), start.union(body.range))
    }

    /// procDeclaration = "proc" NAME "(" [ NAME { "," NAME } ] ")" block      (top level only)
    private mutating func parseProcDeclaration() throws(ParseFailure) -> Stmt {
        let keyword = current
        if blockDepth > 0 { error(.procedureNotAtTopLevel, at: keyword) }
        advance()
        let name = try bindableName(as: "a procedure name", after: "'proc'")
        let nameText = text(name)
        if name.kind == .identifier && !name.keyword.isEditingStyle && Vocabulary.statementKeywords.contains(nameText) {
            error(.procedureNamedAfterStatement(nameText), at: name)
        }
        let open = current
        try consume(.leftParen, "'(' after the procedure name")
        var parameters: [String] = []
        if !check(.rightParen) {
            repeat {
                let parameter = try bindableName(as: "a parameter name", after: "'(' or ','")
                let parameterText = text(parameter)
                if parameters.contains(parameterText) {
                    error(.duplicateParameter(parameterText), at: parameter)
                }
                parameters.append(parameterText)
            } while match(.comma)
        }
        try consumeClosing(.rightParen, opener: open)
        functionDepth += 1
        defer { functionDepth -= 1 }
        let body = try parseBlock("procedure '\(nameText)'")
        let declaration = ProcDecl(name: nameText, nameRange: name.range, parameters: parameters, body: body)
        return Stmt(.procedure(declaration), keyword.range.union(body.range))
    }

    /// returnStatement = "return" [ expression ]      (inside a procedure or hook block only)
    private mutating func parseReturnStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        if functionDepth == 0 { error(.returnOutsideFunction, at: keyword) }
        advance()
        let value = hasOperand ? try parseExpression() : nil
        return Stmt(.returnStmt(value), keyword.range.union(previous.range))
    }

    /// A name being declared (`let`, `for`, `proc`, parameters): reserved words and editing
    /// styles are reported but accepted, so parsing goes on.
    private mutating func bindableName(as role: String, after place: String) throws(ParseFailure) -> Token {
        let name = current
        guard name.kind == .identifier || name.kind == .reserved else {
            throw expected("\(role) after \(place)")
        }
        checkBindable(name, as: role)
        advance()
        return name
    }

    /// Reports `token` when it cannot name a variable: a reserved word or `delete`/`insert`/`none`.
    private mutating func checkBindable(_ token: Token, as role: String) {
        if token.kind == .reserved {
            error(.reservedWord(text(token), role: role), at: token)
        } else if token.keyword.isEditingStyle {
            error(.editingStyleName(text(token), role: role), at: token)
        }
    }

    // MARK: Commands

    /// command = [ "data" | "table" ] ( insertCommand | deleteCommand | moveCommand
    ///           | reloadCommand | appendCommand | resetCommand )
    private mutating func parseCommand() throws(ParseFailure) -> Stmt {
        let start = current.range
        var layer = Layer.both
        if current.keyword == .data || current.keyword == .table {
            layer = current.keyword == .data ? .data : .table
            advance()
        }
        let verb = current
        advance()
        let kind: StmtKind
        switch verb.keyword {
        case .insert: kind = try parseInsertCommand(layer)
        case .delete: kind = try parseDeleteCommand(layer)
        case .move: kind = try parseMoveCommand(layer)
        case .reload: kind = try parseReloadCommand(layer)
        case .append:
            guard layer != .table else {
                throw fail(.noTableForm(command: "append"), at: verb)
            }
            kind = try parseAppendCommand(layer)
        default:
            guard layer != .table else {
                throw fail(.noTableForm(command: "reset"), at: verb)
            }
            kind = try parseResetCommand(layer)
        }
        return Stmt(kind, start.union(previous.range))
    }

    /// True when the current token is the word `section` of a section form: after a command
    /// verb, unless `:` or `.` follows (then it is a name starting an index path).
    private mutating func atSectionKeyword() -> Bool {
        guard current.kind == .identifier && current.keyword == .section else { return false }
        let next = peekNext().kind
        return next != .colon && next != .dot
    }

    /// Fails when a `table` command is given a value.
    private mutating func rejectValue(_ command: String) throws(ParseFailure) {
        guard !hasOperand else {
            throw fail(.tableTakesNoValue(command: command, what: "value"))
        }
    }

    /// insertCommand = "insert" ( "section" expression [ expression ] | rowValue { "," rowValue } )
    /// rowValue = expression expression            (after "table": expression only)
    private mutating func parseInsertCommand(_ layer: Layer) throws(ParseFailure) -> StmtKind {
        if atSectionKeyword() {
            advance()
            let section = try parseExpression()
            var title: Expr?
            if hasOperand {
                if layer == .table {
                    throw fail(.tableTakesNoValue(command: "table insert section", what: "title"))
                }
                title = try parseExpression()
            }
            return .insertSection(layer, section, title: title)
        }
        var rows: [RowValue] = []
        repeat {
            let path = try parseExpression()
            if layer == .table {
                try rejectValue("table insert")
                rows.append(RowValue(path: path, value: nil))
            } else {
                guard hasOperand else { throw expected("the new row's text after the index path") }
                rows.append(RowValue(path: path, value: try parseExpression()))
            }
        } while match(.comma)
        return .insertRows(InsertedRows(layer, rows))
    }

    /// deleteCommand = "delete" ( "section" expression { "," expression } | expression { "," expression } )
    private mutating func parseDeleteCommand(_ layer: Layer) throws(ParseFailure) -> StmtKind {
        let sections = atSectionKeyword()
        if sections { advance() }
        var targets: [Expr] = []
        repeat {
            targets.append(try parseExpression())
        } while match(.comma)
        return sections ? .deleteSections(layer, targets) : .deleteRows(DeletedRows(layer, targets))
    }

    /// moveCommand = "move" [ "section" ] expression "to" expression
    private mutating func parseMoveCommand(_ layer: Layer) throws(ParseFailure) -> StmtKind {
        let sections = atSectionKeyword()
        if sections { advance() }
        let from = try parseExpression()
        try consumeWord(.to, sections ? "'to' after the section to move" : "'to' after the row to move")
        let to = try parseExpression()
        return sections ? .moveSection(layer, from: from, to: to) : .moveRow(layer, from: from, to: to)
    }

    /// reloadCommand = "reload" ( "section" expression [ expression ]
    ///               | expression [ expression ] { "," expression [ expression ] } )
    ///               (after "table": no values)
    private mutating func parseReloadCommand(_ layer: Layer) throws(ParseFailure) -> StmtKind {
        if atSectionKeyword() {
            advance()
            let section = try parseExpression()
            var rows: Expr?
            if hasOperand {
                if layer == .table {
                    throw fail(.tableTakesNoValue(command: "table reload section", what: "rows"))
                }
                rows = try parseExpression()
            }
            return .reloadSection(layer, section, rows: rows)
        }
        var reloads: [RowValue] = []
        repeat {
            let path = try parseExpression()
            if layer == .table {
                try rejectValue("table reload")
                reloads.append(RowValue(path: path, value: nil))
            } else {
                reloads.append(RowValue(path: path, value: hasOperand ? try parseExpression() : nil))
            }
        } while match(.comma)
        return .reloadRows(layer, reloads)
    }

    /// appendCommand = "append" expression expression { "," expression }
    private mutating func parseAppendCommand(_ layer: Layer) throws(ParseFailure) -> StmtKind {
        let section = try parseExpression()
        guard hasOperand else { throw expected("the row's text after the section") }
        var values: [Expr] = []
        repeat {
            values.append(try parseExpression())
        } while match(.comma)
        return .append(layer, section: section, values: values)
    }

    /// resetCommand = "reset" expression
    private mutating func parseResetCommand(_ layer: Layer) throws(ParseFailure) -> StmtKind {
        .reset(layer, try parseExpression())
    }

    /// simpleStatement = "begin" | "end" | "reloadData" | "show" [ "json" ] | "dump"
    private mutating func parseSimpleStatement() throws(ParseFailure) -> Stmt {
        let token = current
        advance()
        let kind: StmtKind
        switch token.keyword {
        case .begin: kind = .begin
        case .end: kind = .end
        case .reloadData: kind = .reloadData
        case .show:
            // `json` is a word only here (like `on` after `edit`), on the same line.
            if current.kind == .identifier, text(current) == "json" {
                let json = current
                advance()
                return Stmt(.showJSON, token.range.union(json.range))
            }
            kind = .show
        default: kind = .dump
        }
        return Stmt(kind, token.range)
    }

    /// titleCommand = ( "header" | "footer" | "indexTitle" ) expression expression
    private mutating func parseTitleCommand() throws(ParseFailure) -> Stmt {
        let keyword = current
        let kind: SectionTitleKind =
            keyword.keyword == .header ? .header : keyword.keyword == .footer ? .footer : .indexTitle
        advance()
        let section = try parseExpression()
        guard hasOperand else { throw expected("the title after the section") }
        let title = try parseExpression()
        return Stmt(.sectionTitle(kind, section: section, title: title), keyword.range.union(title.range))
    }

    /// styleCommand = "style" ( "plain" | "grouped" )
    private mutating func parseStyleCommand() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        let grouped = try choose([(.plain, false), (.grouped, true)], "'plain' or 'grouped' after 'style'")
        return Stmt(.tableStyle(grouped: grouped), keyword.range.union(previous.range))
    }

    /// The value of the choice the current word names, after a statement's keyword (`style grouped`,
    /// `view collection`); `what` says what was expected.
    private mutating func choose<T>(_ choices: [(Keyword, T)], _ what: String) throws(ParseFailure) -> T {
        guard let choice = choices.first(where: { current.isWord($0.0) }) else { throw expected(what) }
        advance()
        return choice.1
    }

    // MARK: Scripting and the teaching layer

    /// printStatement = "print" expression { "," expression }
    private mutating func parsePrintStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        var values: [Expr] = []
        repeat {
            values.append(try parseExpression())
        } while match(.comma)
        return Stmt(.print(values), keyword.range.union(previous.range))
    }

    /// expectStatement = "expect" "error" [ expression ] block | "expect" expression [ "," expression ]
    ///                   (the first form when "error" is followed by a string or "{")
    private mutating func parseExpectStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        if current.isWord(.error) {
            let next = peekNext().kind
            if next == .string || next == .leftBrace {
                advance()
                let text = check(.leftBrace) ? nil : try parseExpression()
                let body = try parseBlock("'expect error'")
                return Stmt(.expectError(text: text, body: body), keyword.range.union(body.range))
            }
        }
        let condition = try parseExpression()
        let message = match(.comma) ? try parseExpression() : nil
        return Stmt(.expect(condition, message: message), keyword.range.union(previous.range))
    }

    /// runStatement = "run" expression
    private mutating func parseRunStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        let path = try parseExpression()
        return Stmt(.run(path), keyword.range.union(path.range))
    }

    /// hookStatement = "on" HOOK ( "=" expression | block )
    private mutating func parseHookStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        let name = current
        guard name.kind == .identifier || name.kind == .reserved else {
            throw fail(.expectedHookName(found: describe(current)))
        }
        let nameText = text(name)
        if !Vocabulary.hookNames.contains(nameText) {
            error(.unknownHook(nameText), at: name)
        }
        advance()
        let body: HookBody
        if match(.assign) {
            body = .expression(try parseExpression())
        } else if check(.leftBrace) {
            functionDepth += 1
            defer { functionDepth -= 1 }
            body = .block(try parseBlock("hook '\(nameText)'"))
        } else {
            throw expected("'=' or '{' after the hook name")
        }
        return Stmt(.hook(name: nameText, nameRange: name.range, body: body), keyword.range.union(previous.range))
    }

    /// switchStatement = ( "edit" | "trace" ) ( "on" | "off" )
    private mutating func parseSwitchStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        let on = current.isWord(.on)
        guard on || current.isWord(.off) else {
            throw expected("'on' or 'off' after '\(text(keyword))'")
        }
        advance()
        let kind: StmtKind = keyword.keyword == .edit ? .edit(on) : .trace(on)
        return Stmt(kind, keyword.range.union(previous.range))
    }

    /// gestureStatement = ( "tap" | "swipe" | "select" ) expression | "swipe" "close"
    ///                  | "tap" ( "index" | "accessory" ) expression
    private mutating func parseGestureStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        // `swipe close` closes the open row; `close` followed by more is a name in an expression.
        if keyword.isWord(.swipe) && current.isWord(.close) && peekNext().endsStatement {
            let word = current
            advance()
            return Stmt(.swipeClose, keyword.range.union(word.range))
        }
        // `tap index TITLE` and `tap accessory PATH`; the word followed by anything else is a name.
        if keyword.isWord(.tap) && (current.isWord(.index) || current.isWord(.accessory)) {
            let next = peekNext().kind
            if next == .string || next == .identifier || next == .integer || next == .leftParen {
                let isIndex = current.isWord(.index)
                advance()
                let operand = try parseExpression()
                return Stmt(isIndex ? .tapIndex(operand) : .tapAccessory(operand), keyword.range.union(operand.range))
            }
        }
        let path = try parseExpression()
        let kind: StmtKind
        switch keyword.keyword {
        case .tap: kind = .tap(path)
        case .swipe: kind = .swipe(path)
        default: kind = .select(path)
        }
        return Stmt(kind, keyword.range.union(path.range))
    }

    /// scrollStatement = "scroll" expression
    private mutating func parseScrollStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        let path = try parseExpression()
        return Stmt(.scroll(path), keyword.range.union(path.range))
    }

    /// dragStatement = "drag" expression "to" expression
    private mutating func parseDragStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        let from = try parseExpression()
        try consumeWord(.to, "'to' after the row to drag")
        let to = try parseExpression()
        return Stmt(.drag(from: from, to: to), keyword.range.union(to.range))
    }

    /// viewCommand = "view" ( "table" | "collection" )
    private mutating func parseViewCommand() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        let kind = try choose(
            [(.table, ViewKind.table), (.collection, .collection)], "'table' or 'collection' after 'view'")
        return Stmt(.view(kind), keyword.range.union(previous.range))
    }

    /// messagesCommand = "messages" ( "classic" | "modern" | "suffix" ( "on" | "off" ) )
    private mutating func parseMessagesCommand() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        if current.keyword == .suffix {
            advance()
            let on = try choose([(.on, true), (.off, false)], "'on' or 'off' after 'messages suffix'")
            return Stmt(.messagesSuffix(on), keyword.range.union(previous.range))
        }
        let style = try choose(
            [(.classic, MessageStyle.classic), (.modern, .modern)],
            "'classic', 'modern' or 'suffix' after 'messages'")
        return Stmt(.messages(style), keyword.range.union(previous.range))
    }

    /// iosCommand = "ios" INTEGER [ "." INTEGER ]
    /// (no space around the dot: `ios 16.4`)
    private mutating func parseIosCommand() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        guard case .integer = current.kind else { throw expected("an iOS version after 'ios', such as 12 or 16.4") }
        let first = current
        var last = current
        advance()
        if current.kind == .dot && current.range.lowerBound == last.range.upperBound {
            let dot = current
            advance()
            guard case .integer = current.kind, current.range.lowerBound == dot.range.upperBound else {
                throw expected("the minor version after '.', as in 'ios 16.4'")
            }
            last = current
            advance()
        }
        let range = first.range.union(last.range)
        let written = decodedText(range.lowerBound..<range.upperBound)
        guard let version = IOSVersion(written) else {
            throw fail(.unknownIOSVersion(written), at: Token(first.kind, range))
        }
        return Stmt(.ios(version), keyword.range.union(range))
    }

    /// accessoryCommand = "accessory" expression expression
    private mutating func parseAccessoryCommand() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        let path = try parseExpression()
        guard hasOperand else { throw expected("the accessory type after the row") }
        let type = try parseExpression()
        return Stmt(.accessory(path: path, type: type), keyword.range.union(type.range))
    }

    /// undoStatement = "undo" | "redo"
    private mutating func parseUndoStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        return Stmt(.undo(redo: keyword.keyword == .redo), keyword.range)
    }

    /// fileStatement = ( "save" | "load" ) expression
    private mutating func parseFileStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        guard hasOperand else { throw expected("a file name after '\(text(keyword))'") }
        let file = try parseExpression()
        return Stmt(keyword.keyword == .save ? .save(file) : .load(file), keyword.range.union(file.range))
    }

    /// defaultsStatement = "defaults" ( "set" expression expression | "remove" expression )
    private mutating func parseDefaultsStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        let isSet = try choose([(.set, true), (.remove, false)], "'set' or 'remove' after 'defaults'")
        let key = try parseExpression()
        guard isSet else { return Stmt(.defaultsRemove(key), keyword.range.union(key.range)) }
        guard hasOperand else { throw expected("the value after the key") }
        let value = try parseExpression()
        return Stmt(.defaultsSet(key: key, value: value), keyword.range.union(value.range))
    }

    /// applyStatement = "apply" expression [ "sections" expression ] applyOptions
    private mutating func parseApplyStatement() throws(ParseFailure) -> Stmt {
        let keyword = current
        advance()
        var apply = ApplySnapshot(snapshot: try parseExpression())
        if current.isWord(.sections) {
            advance()
            apply.sections = try parseExpression()
        }
        try parseApplyOptions(into: &apply)
        return Stmt(.apply(apply), keyword.range.union(previous.range))
    }

    /// applyOptions = [ "valueIdentifiers" ] [ "reloading" expression ] [ "reconfiguring" expression ] applyMode
    /// applyMode = [ "withoutAnimation" | "usingReloadData" ]
    private mutating func parseApplyOptions(into apply: inout ApplySnapshot) throws(ParseFailure) {
        if current.isWord(.valueIdentifiers) {
            advance()
            apply.valueIdentifiers = true
        }
        if current.isWord(.reloading) {
            advance()
            apply.reloading = try parseExpression()
        }
        if current.isWord(.reconfiguring) {
            advance()
            apply.reconfiguring = try parseExpression()
        }
        if current.isWord(.withoutAnimation) || current.isWord(.usingReloadData) {
            apply.mode = current.isWord(.withoutAnimation) ? .withoutAnimation : .usingReloadData
            advance()
        }
    }

    /// callStatement = NAME arguments
    private mutating func parseCallStatement() throws(ParseFailure) -> Stmt {
        let name = current
        advance()
        let arguments = try parseArguments()
        return Stmt(
            .call(name: text(name), nameRange: name.range, arguments: arguments), name.range.union(previous.range))
    }

    // MARK: Expressions

    /// expression = disjunction
    private mutating func parseExpression() throws(ParseFailure) -> Expr {
        try enterNesting(at: current)
        defer { depth -= 1 }
        return try parseDisjunction()
    }

    /// disjunction = conjunction { "or" conjunction }
    @inline(__always)
    private mutating func parseDisjunction() throws(ParseFailure) -> Expr {
        var links = 0
        defer { depth -= links }
        var left = try parseConjunction()
        while current.kind == .reserved && current.keyword == .or {
            try enterNesting(at: current)
            links += 1
            advance()
            let right = try parseConjunction()
            left = Expr(.binary(.or, left, right), left.range.union(right.range))
        }
        return left
    }

    /// conjunction = negation { "and" negation }
    @inline(__always)
    private mutating func parseConjunction() throws(ParseFailure) -> Expr {
        var links = 0
        defer { depth -= links }
        var left = try parseNegation()
        while current.kind == .reserved && current.keyword == .and {
            try enterNesting(at: current)
            links += 1
            advance()
            let right = try parseNegation()
            left = Expr(.binary(.and, left, right), left.range.union(right.range))
        }
        return left
    }

    /// negation = "not" negation | comparison
    private mutating func parseNegation() throws(ParseFailure) -> Expr {
        guard current.kind == .reserved && current.keyword == .not else { return try parseComparison() }
        let keyword = current
        advance()
        try enterNesting(at: keyword)
        defer { depth -= 1 }
        let operand = try parseNegation()
        return Expr(.unary(.not, operand), keyword.range.union(operand.range))
    }

    /// comparison = range [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) range ]     (non-associative)
    @inline(__always)
    private mutating func parseComparison() throws(ParseFailure) -> Expr {
        let left = try parseRange()
        guard let op = Parser.comparisonOperator(current.kind) else { return left }
        try enterNesting(at: current)
        defer { depth -= 1 }
        advance()
        let right = try parseRange()
        if Parser.comparisonOperator(current.kind) != nil {
            throw fail(.chainedComparison)
        }
        return Expr(.binary(op, left, right), left.range.union(right.range))
    }

    /// The comparison operator a token spells, if any.
    private static func comparisonOperator(_ kind: TokenKind) -> BinaryOperator? {
        switch kind {
        case .equal: .equal
        case .notEqual: .notEqual
        case .less: .less
        case .lessEqual: .lessEqual
        case .greater: .greater
        case .greaterEqual: .greaterEqual
        default: nil
        }
    }

    /// range = additive [ ( "..<" | "..." ) additive ]      (non-associative)
    @inline(__always)
    private mutating func parseRange() throws(ParseFailure) -> Expr {
        let lower = try parseAdditive()
        guard current.kind == .halfOpenRange || current.kind == .closedRange else { return lower }
        let closed = current.kind == .closedRange
        try enterNesting(at: current)
        defer { depth -= 1 }
        advance()
        let upper = try parseAdditive()
        if current.kind == .halfOpenRange || current.kind == .closedRange {
            throw fail(.chainedRange)
        }
        return Expr(.range(lower, upper, closed: closed), lower.range.union(upper.range))
    }

    /// additive = multiplicative { ( "+" | "-" ) multiplicative }
    @inline(__always)
    private mutating func parseAdditive() throws(ParseFailure) -> Expr {
        var links = 0
        defer { depth -= links }
        var left = try parseMultiplicative()
        while current.kind == .plus || current.kind == .minus {
            let op: BinaryOperator = current.kind == .plus ? .add : .subtract
            try enterNesting(at: current)
            links += 1
            advance()
            let right = try parseMultiplicative()
            left = Expr(.binary(op, left, right), left.range.union(right.range))
        }
        return left
    }

    /// multiplicative = unary { ( "*" | "/" | "%" ) unary }
    @inline(__always)
    private mutating func parseMultiplicative() throws(ParseFailure) -> Expr {
        var links = 0
        defer { depth -= links }
        var left = try parseUnary()
        while true {
            let op: BinaryOperator
            switch current.kind {
            case .star: op = .multiply
            case .slash: op = .divide
            case .percent: op = .remainder
            default: return left
            }
            try enterNesting(at: current)
            links += 1
            advance()
            let right = try parseUnary()
            left = Expr(.binary(op, left, right), left.range.union(right.range))
        }
    }

    /// unary = "-" unary | indexPath
    private mutating func parseUnary() throws(ParseFailure) -> Expr {
        guard current.kind == .minus else { return try parseIndexPath() }
        let minus = current
        advance()
        try enterNesting(at: minus)
        defer { depth -= 1 }
        let operand = try parseUnary()
        return Expr(.unary(.negate, operand), minus.range.union(operand.range))
    }

    /// indexPath = postfix [ ":" [ "-" ] postfix ]
    @inline(__always)
    private mutating func parseIndexPath() throws(ParseFailure) -> Expr {
        let section = try parsePostfix("an expression")
        guard current.kind == .colon else { return section }
        try enterNesting(at: current)
        defer { depth -= 1 }
        advance()
        // A row may carry a sign, so `delete 0:-1` reaches the model and fails there with UIKit's words.
        let row: Expr
        if current.kind == .minus {
            let minus = current
            advance()
            let operand = try parsePostfix("a row after '-'")
            row = Expr(.unary(.negate, operand), minus.range.union(operand.range))
        } else {
            row = try parsePostfix("a row after ':'")
        }
        if current.kind == .colon {
            throw fail(.nestedIndexPath)
        }
        if case .integer(let s) = section.kind, case .integer(let r) = row.kind {
            return Expr(
                .literalIndexPath(section: Int(clamping: s), row: Int(clamping: r)), section.range.union(row.range))
        }
        return Expr(.indexPath(section: section, row: row), section.range.union(row.range))
    }

    /// postfix = primary { "[" expression "]" | "." NAME }       ("[" must touch what it follows)
    @inline(__always)
    private mutating func parsePostfix(_ what: String) throws(ParseFailure) -> Expr {
        var links = 0
        defer { depth -= links }
        var expr = try parsePrimary(what)
        while true {
            if current.kind == .leftBracket && current.range.lowerBound == previous.range.upperBound {
                let open = current
                try enterNesting(at: open)
                links += 1
                advance()
                let index = try parseExpression()
                try consumeClosing(.rightBracket, opener: open)
                expr = Expr(.subscripted(expr, index: index), expr.range.union(previous.range))
            } else if current.kind == .dot {
                try enterNesting(at: current)
                links += 1
                advance()
                guard current.kind == .identifier else {
                    throw expected("a member name after '.'")
                }
                let name = current
                advance()
                expr = Expr(.member(expr, name: text(name)), expr.range.union(name.range))
            } else {
                return expr
            }
        }
    }

    /// primary = INTEGER | string | "true" | "false" | "delete" | "insert" | "none"
    ///         | NAME arguments | NAME | "(" expression ")" | list
    private mutating func parsePrimary(_ what: String) throws(ParseFailure) -> Expr {
        let token = current
        switch token.kind {
        case .integer:
            advance()
            return Expr(.integer(integerValue(token)), token.range)
        case .string:
            return parseString()
        case .reserved where token.keyword == .true || token.keyword == .false:
            advance()
            return Expr(.boolean(token.keyword == .true), token.range)
        case .identifier:
            advance()
            switch token.keyword {
            case .delete: return Expr(.editingStyle(.delete), token.range)
            case .insert: return Expr(.editingStyle(.insert), token.range)
            case .none: return Expr(.editingStyle(.none), token.range)
            default: break
            }
            if check(.leftParen) {
                let arguments = try parseArguments()
                return Expr(
                    .call(name: text(token), nameRange: token.range, arguments: arguments),
                    token.range.union(previous.range))
            }
            return Expr(.name(text(token)), token.range)
        case .leftParen:
            advance()
            let inner = try parseExpression()
            try consumeClosing(.rightParen, opener: token)
            return Expr(inner.kind, token.range.union(previous.range))
        case .leftBracket:
            return try parseList()
        default:
            throw expected(what)
        }
    }

    /// arguments = "(" [ expression { "," expression } ] ")"
    private mutating func parseArguments() throws(ParseFailure) -> [Expr] {
        let open = current
        advance()
        var arguments: [Expr] = []
        if !check(.rightParen) {
            repeat {
                try checkReading(at: current.range.lowerBound)
                arguments.append(try parseExpression())
            } while match(.comma)
        }
        try consumeClosing(.rightParen, opener: open)
        return arguments
    }

    /// list = "[" [ expression { "," expression } [ "," ] ] "]"
    private mutating func parseList() throws(ParseFailure) -> Expr {
        let open = current
        advance()
        var elements: [Expr] = []
        while !check(.rightBracket) {
            try checkReading(at: current.range.lowerBound)
            elements.appendAdvising(try parseExpression())
            guard match(.comma) else { break }
        }
        try consumeClosing(.rightBracket, opener: open)
        return Expr(.list(elements), open.range.union(previous.range))
    }

    /// The value of an integer token; one too big was reported by the lexer and wraps here.
    private func integerValue(_ token: Token) -> Int64 {
        var value: Int64 = 0
        for index in token.range.lowerBound..<token.range.upperBound {
            value = value &* 10 &+ Int64(bytes[index] &- Byte.zero)
        }
        return value
    }

    // MARK: Strings

    /// string = '"' { character | escape | interpolation } '"'
    private mutating func parseString() -> Expr {
        let token = current
        advance()
        let flags = token.flags
        guard !flags.contains(.unterminated) else { return Expr(.string(""), token.range) }
        let contentStart = token.range.lowerBound + 1
        let contentEnd = max(contentStart, token.range.upperBound - 1)
        if flags.isEmpty {
            return Expr(.string(decodedText(contentStart..<contentEnd)), token.range)
        }
        var parts: [StringPart] = []
        var literal: [UInt8] = []
        var index = contentStart
        while index < contentEnd {
            let byte = bytes[index]
            guard byte == Byte.backslash, index + 1 < contentEnd else {
                literal.append(byte)
                index += 1
                continue
            }
            if bytes[index + 1] == Byte.leftParen {
                // Interpolations are balanced: the lexer found the end of this string.
                index += 2
                let close = Lexer.interpolationEnd(in: bytes, from: index, to: contentEnd) ?? contentEnd
                if !literal.isEmpty {
                    parts.append(.literal(String(decoding: literal, as: UTF8.self)))
                    literal.removeAll(keepingCapacity: true)
                }
                if let expression = parseInterpolation(index..<close) { parts.append(.expression(expression)) }
                index = min(close + 1, contentEnd)
                continue
            }
            switch StringEscape.read(bytes, at: index, end: contentEnd) {
            case .scalar(let scalar, let next):
                literal.append(contentsOf: String(scalar).utf8)
                index = next
            case .invalid(let next, _):
                index = max(next, index + 2)  // the lexer reported it; the program will not run
            }
        }
        if parts.isEmpty && !flags.contains(.interpolations) {
            return Expr(.string(String(decoding: literal, as: UTF8.self)), token.range)
        }
        if !literal.isEmpty { parts.append(.literal(String(decoding: literal, as: UTF8.self))) }
        return Expr(.interpolated(parts), token.range)
    }

    /// How many nesting levels one interpolation counts as: each takes a parser of its own,
    /// so it uses several times the stack of a bracket.
    static let interpolationNesting = 4

    /// interpolation = "\(" expression ")"
    ///
    /// Parses the expression of one interpolation with a parser of its own over `range`,
    /// sharing this parser's nesting depth and error count.
    private mutating func parseInterpolation(_ range: Range<Int>) -> Expr? {
        var inner = Parser(
            file: file, lexer: Lexer(bytes: bytes, range: range, parenthesized: true),
            depth: depth + Parser.interpolationNesting - 1, errorCount: errorCount,
            isInterpolation: true)
        var expression: Expr?
        if !inner.stopped {
            do throws(ParseFailure) {
                let parsed = try inner.parseExpression()
                if !inner.check(.endOfInput) {
                    throw inner.fail(.unclosedInterpolation(found: inner.describe(inner.current)))
                }
                expression = parsed
            } catch {
                expression = nil
            }
        }
        diagnostics += inner.diagnostics
        errorCount = inner.errorCount
        if let last = inner.diagnostics.last { lastErrorOffset = last.range.lowerBound }
        if inner.stopped { stopped = true }
        return expression
    }
}
