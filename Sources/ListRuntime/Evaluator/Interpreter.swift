import ListFormats
import ListLanguage
import ListModel

/// How an interpreter talks to the outside world; the command supplies it.
///
/// The library never prints, reads files or exits on its own: everything goes through here. What a
/// session does reaches `emit` as events (`Event`), which a renderer turns into text, JSON or a view.
public struct InterpreterIO {
    /// Receives the session's events in order.
    public var emit: (Event) -> Void
    /// The events `emit` wants beyond output and diagnostics (the others are not built).
    public var detail: EventDetail
    /// Loads the script `run` names; `path` is already resolved. Returns the file, or a reason.
    public var load: (String) -> Result<SourceFile, LoadError>
    /// Whether Ctrl-C was pressed since the last check.
    public var isInterrupted: () -> Bool
    /// The bytes of memory the process uses now, or nil when that cannot be measured (the memory limit
    /// then goes unchecked).
    public var memoryInUse: () -> Int?
    /// Writes a whole file (`save`, the user-defaults store) or nothing; `createDirectory` makes its
    /// directory first. Returns why it could not, or nil when it did.
    public var write: (_ path: String, _ bytes: [UInt8], _ createDirectory: Bool) -> String?
    /// Changes a whole file (the user-defaults store) with no other writer in between: reads it, gives
    /// `change` what it read (a missing file is a failure whose `isMissing` is set) and writes back the
    /// bytes `change` returns (nil: nothing), its directory made first when missing. Two processes'
    /// changes to one file run one after the other. Returns why it could not write, or nil.
    public var update: (_ path: String, _ change: (Result<SourceFile, LoadError>) -> [UInt8]?) -> String?
    /// The user-defaults store's file; nil keeps the defaults in memory, for this session only.
    public var defaultsFile: String?

    /// Creates the I/O surface around an event receiver.
    public init(
        emit: @escaping (Event) -> Void, detail: EventDetail = [],
        load: @escaping (String) -> Result<SourceFile, LoadError>, isInterrupted: @escaping () -> Bool,
        memoryInUse: @escaping () -> Int? = { nil },
        write: @escaping (String, [UInt8], Bool) -> String? = { _, _, _ in "this session cannot write files" },
        update: ((String, (Result<SourceFile, LoadError>) -> [UInt8]?) -> String?)? = nil,
        defaultsFile: String? = nil
    ) {
        self.emit = emit
        self.detail = detail
        self.load = load
        self.isInterrupted = isInterrupted
        self.memoryInUse = memoryInUse
        self.write = write
        // Without a way to lock the file, a read and a write: enough where one session is the only writer.
        self.update =
            update ?? { path, change in
                change(load(path)).flatMap { write(path, $0, true) }
            }
        self.defaultsFile = defaultsFile
    }

    /// Creates the I/O surface of a text session: the events go through a `TextRenderer` to `write`
    /// (output and the trace) and `report` (diagnostics).
    public init(
        write: @escaping (String) -> Void, report: @escaping (Diagnostic) -> Void, color: Bool = false,
        load: @escaping (String) -> Result<SourceFile, LoadError>, isInterrupted: @escaping () -> Bool,
        memoryInUse: @escaping () -> Int? = { nil }
    ) {
        let renderer = TextRenderer(write: write, report: report, color: color)
        self.init(
            emit: { renderer.render($0) }, load: load, isInterrupted: isInterrupted, memoryInUse: memoryInUse)
    }
}

/// A script that could not be read.
public struct LoadError: Error, Sendable {
    /// Why, in the system's words or the limit's: `no such file or directory`.
    public var message: String
    /// Whether Ctrl-C ended the read (the run then ends as an interrupted one, exit 130).
    public var isInterrupt: Bool
    /// Whether there is no file at the path (the user-defaults store then starts empty).
    public var isMissing = false
    /// Whether the memory limit stopped the read (the run then ends as one that met a limit, exit 70).
    public var isMemoryLimit = false

    /// A read that failed for `message`.
    public init(_ message: String) {
        self.message = message
        isInterrupt = false
    }

    /// A read that Ctrl-C ended.
    public static let interrupted: LoadError = {
        var error = LoadError("interrupted")
        error.isInterrupt = true
        return error
    }()
}

/// Why execution stopped early.
public enum ScriptError: Error, Sendable {
    /// A runtime error, including every UIKit validation failure (exit 70).
    case runtime(Diagnostic)
    /// Ctrl-C (exit 130); the diagnostic says where.
    case interrupted(Diagnostic)
    /// A script loaded with `run` has syntax errors (reported, then exit 65).
    case syntax([Diagnostic])

    /// The diagnostics to report, in order.
    public var diagnostics: [Diagnostic] {
        switch self {
        case .runtime(let d), .interrupted(let d): [d]
        case .syntax(let ds): ds
        }
    }

    /// The exit status a run that ends with this error has, as the command and the WebAssembly entry
    /// point both give it: 70, 130 or 65.
    public var exitStatus: Int32 {
        switch self {
        case .runtime: 70
        case .interrupted: 130
        case .syntax: 65
        }
    }

    /// Runs `body`, as the command and the WebAssembly entry point run a script: when an error ends it,
    /// hands its diagnostics to `report` and returns its exit status; nil when it succeeded.
    public static func status(reporting report: (Diagnostic) -> Void, _ body: () throws(ScriptError) -> Void)
        -> Int32?
    {
        do {
            try body()
            return nil
        } catch {
            for d in error.diagnostics { report(d) }
            return error.exitStatus
        }
    }
}

/// Limits and switches for one session.
public struct InterpreterOptions: Sendable {
    /// What any input may do at most.
    public var limits: Limits
    /// Print every hook call and table-view method (`--trace`).
    public var trace: Bool
    /// Colour for `show` (only when the output is a terminal).
    public var color: Bool
    /// `show` prints the table view as JSON, as `show json` does (the REPL's `.mode json`).
    public var showsJSON = false
    /// Notes that explain what UIKit does silently (a merged duplicate); `--no-notes` turns them off.
    public var notes = true
    /// The class simulated at the start (`--view`); `view table|collection` switches it.
    public var view: ViewKind = .table
    /// The texts a failed count check gives at the start (`--messages`); `messages classic|modern` switches.
    public var messages: MessageStyle = .classic
    /// The iOS simulated at the start (`--ios`); `ios VERSION` switches it.
    public var ios: IOSVersion = .current
    /// Keep undo history (the REPL does; a script does once its text mentions `undo` or `redo`).
    public var recordsUndo = false

    /// Stop with an error after this many statements (nil: no limit).
    public var maxSteps: Int? {
        get { limits.steps }
        set { limits.steps = newValue }
    }
    /// Maximum depth of procedure and hook calls.
    public var maxCallDepth: Int {
        get { limits.callDepth }
        set { limits.callDepth = newValue }
    }

    /// Creates options; the defaults suit a script run.
    public init(limits: Limits = Limits(), trace: Bool = false, color: Bool = false) {
        self.limits = limits
        self.trace = trace
        self.color = color
    }

    /// Creates options with the step and call-depth limits given, the others at their defaults.
    public init(maxSteps: Int? = nil, maxCallDepth: Int = Limits().callDepth, trace: Bool = false, color: Bool = false)
    {
        self.init(limits: Limits(callDepth: maxCallDepth, steps: maxSteps), trace: trace, color: color)
    }
}

/// How a statement list finished.
enum Flow {
    case normal
    case returned(Value)

    /// What a call whose body ended this way gives back: the returned value, or nothing.
    var value: Value {
        if case .returned(let v) = self { return v }
        return .nothing
    }
}

/// A procedure as declared: its parameters' numbers, its body compiled, and the file it comes from. A
/// class, so a call keeps the one it found without copying its parts.
final class Procedure {
    let parameters: [Int]
    let body: CompiledStmt
    let file: SourceFile

    init(parameters: [Int], body: @escaping CompiledStmt, file: SourceFile) {
        self.parameters = parameters
        self.body = body
        self.file = file
    }

    /// Calls the procedure, named `name`, with the `count` arguments `push` pushes under its parameters'
    /// names. A method, so the procedure's parts are used in place while the caller holds it, not
    /// retained one by one.
    func call(
        _ name: String, given count: Int, pushing push: ArgumentPusher, _ range: SourceRange, in i: Interpreter
    ) throws(ScriptError) -> Value {
        if parameters.count != count {
            throw i.failure(
                range, .argumentCount(callee: "procedure '\(name)'", expected: parameters.count, given: count))
        }
        let start = i.variables.locals.bindings.count
        do throws(ScriptError) {
            try push(i, parameters)
        } catch {
            i.variables.dropArguments(to: start)
            throw error
        }
        let tracked = i.statementEvents
        if tracked { i.callFrames.append(CallFrame(name: name, method: nil, bindingStart: start)) }
        defer { if tracked { i.callFrames.removeLast() } }
        return try i.invoke(argumentsFrom: start, file: file, range: range, body)
    }
}

/// A hook as declared, its body compiled, with the file its body comes from.
struct Hook {
    var name: String
    var nameRange: SourceRange
    var body: CompiledStmt
    var file: SourceFile
}

/// Where the batch in progress began, for the "batch began here" note.
struct BatchOrigin {
    var file: SourceFile
    var range: SourceRange
}

/// Executes ListDSL programs against a `TableModel`.
///
/// One interpreter is one session: `run` and the REPL share its model, variables, procedures and hooks.
public final class Interpreter {
    // Its state is marked `@exclusivity(unchecked)`: the interpreter is single-threaded and never
    // holds an access across a call that could reach the same property, so the run-time checks (a
    // large part of a loop's instructions: bench/NOTES.md) guard against nothing input can cause.
    // scripts/exclusivity-check.sh (in CI) checks the invariant: it builds the command with the
    // checks back on and runs every example, golden script and conformance case through it.

    /// The list being edited.
    @exclusivity(unchecked) public var model: TableModel
    /// Limits and switches.
    @exclusivity(unchecked) public var options: InterpreterOptions {
        didSet { updateCommitDetail() }
    }
    /// Number of `expect` statements that failed so far (the script exits 1 when non-zero).
    @exclusivity(unchecked) public internal(set) var failedExpectations = 0
    /// The events sent beyond output and diagnostics; starts as the I/O's, and the REPL adds commits
    /// while its change view is on. Statement events are the I/O's alone (`statementEvents`).
    @exclusivity(unchecked) public var eventDetail: EventDetail {
        didSet { updateCommitDetail() }
    }
    /// Whether a commit's report must describe it in full, and the table before it be kept: for the
    /// commit events, and for the trace's questions to the data source (which cells a commit fetched).
    @exclusivity(unchecked) private(set) var wantsCommitReports = false
    /// The files `willRun` has read for `undo` and `redo` (kept, so no other file takes one's identity).
    @exclusivity(unchecked) var scannedForUndo: [ObjectIdentifier: SourceFile] = [:]
    /// Whether the next commit event carries its tables (`EventDetail.commitTables`); the change view sets
    /// it at each statement's start, and the commit's event clears it.
    @exclusivity(unchecked) public var tablesOfNextCommit = false
    /// Whether each statement's start and end are sent, as the I/O asked when the interpreter was made:
    /// statements are compiled with their events or without, so a run nobody listens to never asks.
    let statementEvents: Bool

    /// Works out `wantsCommitReports` after the options or the event detail change.
    private func updateCommitDetail() {
        wantsCommitReports =
            eventDetail.contains(.commits) || eventDetail.contains(.calls) || options.trace || options.recordsUndo
        model.reportsInPlaceChanges = wantsCommitReports
    }

    package let io: InterpreterIO
    /// The globals, and the block scopes of the running calls.
    @exclusivity(unchecked) var variables = Variables()
    /// The compiled operands of the command running inside compiled code, if one is.
    @exclusivity(unchecked) var operands: OperandCache?
    @exclusivity(unchecked) var procedures: [String: Procedure] = [:] {
        didSet { procedureGeneration &+= 1 }
    }
    /// Changes whenever `procedures` does, so a call can keep the procedure it found until then.
    @exclusivity(unchecked) var procedureGeneration = 0
    @exclusivity(unchecked) var hooks: [String: Hook] = [:]
    /// The file whose statements are executing.
    @exclusivity(unchecked) var file: SourceFile
    /// Files being run, for `run` cycle detection.
    @exclusivity(unchecked) var runStack: [String] = []
    @exclusivity(unchecked) var steps = 0
    @exclusivity(unchecked) var batchOrigin: BatchOrigin?
    /// Locations of the operations queued in the open batch, in the model's operation order.
    @exclusivity(unchecked) var pendingLocations: [(file: SourceFile, range: SourceRange)] = []
    /// The message of the last error an `expect error` block caught (`lastError()`).
    @exclusivity(unchecked) var lastCaughtError = ""
    // The app's state (`AppState`): the model above and these.
    /// The row left open showing its buttons (the delete confirmation or the row actions), for `show`.
    /// A gesture or a command that changes the table closes it.
    @exclusivity(unchecked) package var swipedRow: (path: IndexPath, buttons: [String])?
    /// Where the swipe that opened `swipedRow` was, for the note when closing it fails.
    @exclusivity(unchecked) var swipeOrigin: (file: SourceFile, range: SourceRange)?
    /// The row whose closing failed in its `didEndEditing` hook since the last snapshot: `restore` keeps
    /// it closed (see `closeSwipe`).
    @exclusivity(unchecked) var closedDespiteFailure: IndexPath?
    /// The section the last `tap index` scrolled to: the table view stays scrolled there, and `show`
    /// says so while the section exists.
    var scrolledSection: Int?
    /// How many hook calls are running, so only the outermost one notes the gesture that caused it.
    @exclusivity(unchecked) var hookDepth = 0
    /// The hooks and procedures running, outermost first: kept only while statement events are sent
    /// (a lesson draws them, `callStack()`).
    @exclusivity(unchecked) package internal(set) var callFrames: [CallFrame] = []
    /// The accessory the data source keeps for each item, by its text (`accessory PATH TYPE`).
    @exclusivity(unchecked) var accessories: [String: String] = [:]
    /// The undo and redo stacks.
    @exclusivity(unchecked) var undoHistory = UndoHistory()
    /// The user-defaults store as last read or written (nil until first used).
    @exclusivity(unchecked) var defaultsStore: [String: Value]?
    /// An upper bound of what the model holds, for the table limits (see `admit`).
    @exclusivity(unchecked) var tableBudget = TableSize()
    /// Bytes of large values made since memory was last measured (see `checkMemory`).
    @exclusivity(unchecked) var bytesSinceMemoryCheck = 0

    /// Creates a session with an empty table.
    public init(io: InterpreterIO, options: InterpreterOptions = InterpreterOptions()) {
        self.io = io
        self.options = options
        self.model = TableModel()
        self.model.view = options.view
        self.model.messages = options.messages
        self.model.ios = options.ios
        self.eventDetail = io.detail
        statementEvents = io.detail.contains(.statements)
        self.file = SourceFile(name: "<none>", bytes: [])
        updateCommitDetail()
    }

    /// Names of the global variables, for completion.
    public var variableNames: [String] { variables.globalNames.sorted() }
    /// Names of the declared procedures, for completion.
    public var procedureNames: [String] { procedures.keys.sorted() }

    /// Runs a whole program at the top level. `willRun` is called for `file` first, unless the caller
    /// did that for the whole file already (`scanningForUndo: false`, for a window of a big file, which is
    /// then not kept).
    public func run(_ program: Program, in file: SourceFile, scanningForUndo: Bool = true) throws(ScriptError) {
        let saved = self.file
        self.file = file
        defer { self.file = saved }
        if scanningForUndo { willRun(file) }
        for part in program.statements.parts {
            // Read in place, so no statement is copied to be run (see `execLiteral`).
            try part.withUnsafeBufferPointer { (statements) throws(ScriptError) in
                guard var next = statements.baseAddress else { return }
                let end = next + statements.count
                while next < end {
                    if options.recordsUndo {
                        try execTopLevel(next.pointee)
                    } else if operands != nil || statementEvents {
                        _ = try exec(next.pointee)
                    } else if !(try execLiteral(at: next)) {
                        _ = try exec(next.pointee)
                    }
                    next += 1
                }
            }
        }
    }

    /// Runs `literal`, the literal commands that are all a window of a big file holds (`Parser.literalLines`),
    /// as `run` runs the program the parser builds for the window, statement by statement, with no tree built.
    public func run(_ literal: LiteralLines, in file: SourceFile) throws(ScriptError) {
        let saved = self.file
        self.file = file
        defer { self.file = saved }
        var (inserted, deleted) = (0, 0)
        for line in literal.lines {
            // The range made here: `line.range` was called, not inlined (1% of edits-1m's time).
            let range = SourceRange(Int(line.start), Int(line.end))
            // `run`'s branches, in its order: the statement is built only for the first two.
            if options.recordsUndo || operands != nil || statementEvents {
                try runWatched(
                    line.isInsert ? Stmt(literal.inserts[inserted], range) : Stmt(literal.deletes[deleted], range))
            } else {
                try tick(range)
                if line.isInsert {
                    try execInsert(literal.inserts[inserted], range)
                } else {
                    try execDelete(literal.deletes[deleted], range)
                }
            }
            if line.isInsert { inserted += 1 } else { deleted += 1 }
        }
    }

    /// Runs a top-level statement of a literal line as `run` does when undo history is kept, or when
    /// operands or statement events are watched.
    private func runWatched(_ statement: Stmt) throws(ScriptError) {
        if options.recordsUndo {
            try execTopLevel(statement)
        } else {
            _ = try exec(statement)
        }
    }

    /// Readies the session for the statements of `file`, which the caller then runs one by one with
    /// `runTopLevel`: undo history starts when the file mentions `undo` or `redo`. (`run` does this itself.)
    /// A file is read for the words once: a runner that readies every source before the first runs
    /// (so one source's `undo` records the history of those before it) does not pay for it again.
    public func willRun(_ file: SourceFile) {
        guard !options.recordsUndo, scannedForUndo[ObjectIdentifier(file)] == nil else { return }
        scannedForUndo[ObjectIdentifier(file)] = file
        if Interpreter.mentionsUndo(file.bytes) { options.recordsUndo = true }
    }

    /// Runs one top-level statement; on an error the statement's partial effects stay as the model left them.
    public func runTopLevel(_ statement: Stmt, in file: SourceFile) throws(ScriptError) {
        let saved = self.file
        self.file = file
        defer { self.file = saved }
        try execTopLevel(statement)
    }

    /// Reports an error if a batch is still open at the end of the session's input.
    public func finish() throws(ScriptError) {
        if model.batchDepth > 0, let origin = batchOrigin {
            model.abandonBatch()
            pendingLocations = []
            batchOrigin = nil
            throw .runtime(Diagnostic(RuntimeError.unclosedBatch, file: origin.file, range: origin.range))
        }
    }

    /// Rolls back an open batch (the REPL does this after an error inside one).
    public func abandonBatch() {
        model.abandonBatch()
        pendingLocations = []
        batchOrigin = nil
        closeUndoGroup()  // the batch's data edits stay, one undo group
    }

    /// A snapshot of everything a statement can change, for `expect error` and Ctrl-C in the REPL: the
    /// app's state and the evaluator's.
    public struct Snapshot {
        fileprivate var app: AppState
        fileprivate var globals: [Value?]
        fileprivate var procedures: [String: Procedure]
        fileprivate var hooks: [String: Hook]
        fileprivate var batchOrigin: BatchOrigin?
        fileprivate var pendingLocations: [(file: SourceFile, range: SourceRange)]
        fileprivate var trace: Bool
        fileprivate var undoHistory: UndoHistory
    }

    /// Captures the session's state (cheap: copy-on-write). A row closed despite its failed hook before
    /// this is no longer news to a later `restore`.
    public func snapshot() -> Snapshot {
        closedDespiteFailure = nil
        return Snapshot(
            app: app, globals: variables.globals, procedures: procedures, hooks: hooks, batchOrigin: batchOrigin,
            pendingLocations: pendingLocations, trace: options.trace, undoHistory: undoHistory)
    }

    /// Puts the session back as `snapshot` found it.
    public func restore(_ snapshot: Snapshot) {
        app = snapshot.app
        variables.globals = snapshot.globals
        procedures = snapshot.procedures
        hooks = snapshot.hooks
        batchOrigin = snapshot.batchOrigin
        pendingLocations = snapshot.pendingLocations
        options.trace = snapshot.trace
        if let closed = closedDespiteFailure, swipedRow?.path == closed { swipedRow = nil }
        closedDespiteFailure = nil
        undoHistory = snapshot.undoHistory
        variables.locals = Variables.Locals()
    }

    // MARK: - Errors

    /// A runtime error at `range` in the current file.
    func failure(_ range: SourceRange, _ error: RuntimeError) -> ScriptError {
        var diagnostic = Diagnostic(error, file: file, range: range)
        // A limit's hint names a way to raise it where the limits were set (a page has no flags).
        if options.limits.setBy != .commandLine { diagnostic.hint = error.hint(limitsSetBy: options.limits.setBy) }
        return .runtime(diagnostic)
    }

    /// Starts a fresh step budget: the statements from here may take `limits.steps` steps again, whatever
    /// ran before (a page's console gives each entry its own budget, as each run has).
    public func startStepBudget() {
        steps = 0
    }

    /// The error for a name bound nowhere visible, with the names that are.
    @inline(never)
    func unknownName(_ name: String, _ range: SourceRange) -> ScriptError {
        failure(range, .unknownName(name, candidates: variables.visibleNames))
    }

    /// Counts one step and checks the step limit and Ctrl-C (every 1,024 steps) and memory (every 16,384).
    @inline(__always)
    func tick(_ range: SourceRange) throws(ScriptError) {
        steps &+= 1
        if steps & 0x3FF == 0 || options.limits.steps != nil { try checkStep(range) }
    }

    /// `tick`'s checks.
    @inline(never)
    func checkStep(_ range: SourceRange) throws(ScriptError) {
        if let limit = options.maxSteps, steps > limit {
            throw failure(range, .stepLimit(limit))
        }
        if steps & 0x3FF == 0 {
            if io.isInterrupted() { throw .interrupted(Diagnostic(RuntimeError.interrupted, file: file, range: range)) }
            if steps & 0x3FFF == 0 { try checkMemory(range) }
        }
    }

    /// Checks Ctrl-C at once (loops call this every iteration).
    func checkInterrupt(_ range: SourceRange) throws(ScriptError) {
        if io.isInterrupted() {
            throw .interrupted(Diagnostic(RuntimeError.interrupted, file: file, range: range))
        }
    }

    // MARK: - Statements

    /// Executes one statement at the top level (of the session, a script, or a script `run` ran). A loop,
    /// a condition, a declaration or any statement that evaluates expressions of its own is compiled
    /// first; a row inserted or deleted with literals, and a command, go straight to their code.
    func exec(_ statement: Stmt) throws(ScriptError) -> Flow {
        // A script `run` by a command runs with no operand cache of its own: its operands are its own.
        if operands != nil { return try withOperands(nil) { () throws(ScriptError) -> Flow in try exec(statement) } }
        if statement.kind.isCompiled { return try compile(statement)(self) }
        if statementEvents {
            return try sending(statement.range, compound: false) { () throws(ScriptError) -> Flow in
                try execQuietly(statement)
            }
        }
        return try execQuietly(statement)
    }

    /// Executes a statement that is not compiled, without statement events.
    @inline(__always)
    func execQuietly(_ statement: Stmt) throws(ScriptError) -> Flow {
        let done = try withUnsafePointer(to: statement) { (p) throws(ScriptError) in try execLiteral(at: p) }
        if !done { try execStatement(statement) }
        return .normal
    }

    /// Runs the statement at `statement` if it is a row inserted or deleted with literals, the commonest
    /// statements of generated scripts; false when it is something else. It reads the statement in
    /// place: a statement matched by value would be copied whole, which costs more than the row's edit.
    @inline(__always)
    private func execLiteral(at statement: UnsafePointer<Stmt>) throws(ScriptError) -> Bool {
        let range = statement.pointee.range
        if let literal = statement.pointee.kind.literalDelete {
            try tick(range)
            try execDelete(literal, range)
            return true
        }
        if let literal = statement.pointee.kind.literalInsert {
            try tick(range)
            try execInsert(literal, range)
            return true
        }
        return false
    }

    /// Runs `body`, a statement at `range`, between its start and end events.
    func sending(_ range: SourceRange, compound: Bool, _ body: () throws(ScriptError) -> Flow) throws(ScriptError)
        -> Flow
    {
        var event = StatementEvent(file: file, range: range, depth: variables.locals.depth)
        event.isCompound = compound
        io.emit(.statementStarted(event))
        do {
            let flow = try body()
            event.tableView = model.tableView
            io.emit(.statementEnded(event, completed: true))
            return flow
        } catch {
            event.tableView = model.tableView
            io.emit(.statementEnded(event, completed: false))
            throw error
        }
    }

    /// Executes a command, a gesture or another statement that is not compiled.
    func execStatement(_ statement: Stmt) throws(ScriptError) {
        try tick(statement.range)
        switch statement.kind {
        case .expect(let expr, let message):
            try execExpect(expr, message, statement.range)
        case .run(let pathExpr):
            try execRun(pathExpr, statement.range)
        case .trace(let on):
            options.trace = on
            io.emit(.traceSwitched(on))
        case .edit, .tap, .tapIndex, .tapAccessory, .swipe, .swipeClose, .drag, .select:
            try execGesture(statement)
        case .undo(let redo):
            try execUndo(redo: redo, statement.range)
        case .save(let name):
            try execSave(name, statement.range)
        case .load(let name):
            try execLoad(name, statement.range)
        case .defaultsSet(let key, let value):
            try setDefault(key, value)
        case .defaultsRemove(let key):
            try setDefault(key, nil)
        case .accessory(let path, let type):
            try execAccessory(path, type)
        case .scroll(let path):
            try execScroll(path)
        default:
            try execCommand(statement)
        }
    }

    /// `proc NAME(…) { … }`: compiles the body and keeps it under its name.
    func declare(_ declaration: ProcDecl) throws(ScriptError) {
        if Vocabulary.arities.keys.contains(declaration.name) {
            throw failure(declaration.nameRange, .procedureNamedAfterBuiltin(declaration.name))
        }
        procedures[declaration.name] = Procedure(
            parameters: declaration.parameters.map { variables.number(of: $0) },
            body: compile(declaration.body.statements), file: file)
    }

    /// `on NAME …`: compiles the body and keeps it as the hook's.
    func declareHook(_ name: String, _ nameRange: SourceRange, _ body: HookBody) {
        let code: CompiledStmt
        switch body {
        case .expression(let e):
            let value = compileStorable(e)
            code = { (i) throws(ScriptError) in .returned(try value(i)) }
        case .block(let b):
            code = compile(b.statements)
        }
        hooks[name] = Hook(name: name, nameRange: nameRange, body: code, file: file)
    }

    /// `expect EXPR [, MESSAGE]`: a failure is reported and counted; execution goes on.
    func execExpect(_ expr: Expr, _ message: Expr?, _ range: SourceRange) throws(ScriptError) {
        var detail = ""
        let ok: Bool
        if case .binary(let op, let lhs, let rhs) = expr.kind, Interpreter.isComparison(op) {
            let l = try evaluate(lhs)
            let r = try evaluate(rhs)
            ok = try compare(op, l, r, expr.range)
            detail = "\(l.literal) \(op.rawValue) \(r.literal)"
        } else {
            let v = try evaluate(expr)
            guard case .boolean(let b) = v else {
                throw failure(
                    expr.range, .statementNeeds(statement: "expect", needs: "a boolean condition", found: v.found()))
            }
            ok = b
            detail = "\(file.text(expr.range)) is false"
        }
        if ok { return }
        failedExpectations += 1
        var text = file.text(expr.range)
        if let message { text = try self.text(of: try storable(message), message.range) }
        report(
            Diagnostic(
                RuntimeError.expectationFailed(text, detail: detail.isEmpty ? nil : detail), file: file,
                range: expr.range))
    }

    /// `expect error [TEXT] { … }`: the block must fail (with a message containing TEXT); its effects are undone.
    func execExpectError(_ textExpr: Expr?, _ range: SourceRange, _ body: () throws(ScriptError) -> Flow)
        throws(ScriptError)
    {
        let wanted = try textExpr.map { (e) throws(ScriptError) -> String in try text(of: try storable(e), e.range) }
        let saved = snapshot()
        let savedLocals = variables.locals.snapshot()
        var outcome: String?  // the error message, or nil when the block succeeded
        do {
            _ = try body()
        } catch {
            switch error {
            case .runtime(let d): outcome = d.message
            case .syntax(let ds): outcome = ds.first?.message ?? "syntax error"
            case .interrupted: throw error
            }
        }
        restore(saved)
        variables.locals = savedLocals
        io.emit(.restored(StatementEvent(file: file, range: range, depth: variables.locals.depth)))
        if let outcome { lastCaughtError = outcome }
        let where_ = textExpr?.range ?? range
        if let message = outcome {
            if let wanted, !TextSearch.contains(Interpreter.normalised(message), Interpreter.normalised(wanted)) {
                failedExpectations += 1
                report(
                    Diagnostic(
                        RuntimeError.errorDidNotContain(wanted: wanted, error: message), file: file, range: where_))
            }
        } else {
            failedExpectations += 1
            report(Diagnostic(RuntimeError.blockSucceeded(wanted: wanted), file: file, range: where_))
        }
    }

    /// Collapses runs of whitespace, as the conformance runner compares texts.
    static func normalised(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// `run "other.list"`: runs another script in this session, relative to the running one.
    func execRun(_ pathExpr: Expr, _ range: SourceRange) throws(ScriptError) {
        let name = try fileNameOperand(pathExpr, for: "run")
        let path = resolvedPath(name)
        if runStack.contains(path) {
            throw failure(pathExpr.range, .runCycle(name))
        }
        if runStack.count >= 64 { throw failure(pathExpr.range, .runTooDeep(limit: 64)) }
        let loaded: SourceFile
        switch io.load(path) {
        case .success(let f): loaded = f
        case .failure(let e) where e.isInterrupt:
            throw .interrupted(Diagnostic(RuntimeError.interrupted, file: file, range: pathExpr.range))
        case .failure(let e): throw failure(pathExpr.range, .cannotRun(name, reason: e.message))
        }
        let parsed = Parser.parse(loaded, checks: readingChecks)
        if parsed.stop == .interrupted {
            throw .interrupted(Diagnostic(RuntimeError.interrupted, file: file, range: pathExpr.range))
        }
        // The memory limit's diagnostic, last, is the error; a parse it did not stop has syntax errors only.
        if parsed.stop != nil, let why = parsed.diagnostics.last { throw .runtime(why) }
        if !parsed.diagnostics.isEmpty { throw .syntax(parsed.diagnostics) }
        // History starts here for a script run from one that did not mention undo.
        if !options.recordsUndo && Interpreter.mentionsUndo(loaded.bytes) { options.recordsUndo = true }
        // Run at the top level, its top-level statements are undone one by one, as the session's are.
        let topLevel = variables.locals.depth == 0 && hookDepth == 0
        runStack.append(path)
        defer { runStack.removeLast() }
        let savedFile = file
        file = loaded
        defer { file = savedFile }
        for statement in parsed.program.statements {
            if topLevel && options.recordsUndo { try execTopLevel(statement) } else { _ = try exec(statement) }
        }
    }

    /// Removes `.` and `x/..` segments so one script has one name in the run stack.
    static func normalisePath(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
    }

    // MARK: - Calls

    /// Runs `body` in a new call frame whose first scope holds the arguments, named, pushed since there
    /// were `start` bindings, in `file`; enforces the call-depth limit.
    func invoke(argumentsFrom start: Int, file callee: SourceFile, range: SourceRange, _ body: CompiledStmt)
        throws(ScriptError) -> Value
    {
        do throws(ScriptError) {
            if variables.locals.depth >= options.maxCallDepth {
                throw failure(range, .callDepthLimit(options.maxCallDepth))
            }
            try checkInterrupt(range)
        } catch {
            variables.dropArguments(to: start)
            throw error
        }
        let saved = variables.enterFrame(start: start)
        // A call from code of the same file with no command's operands around it (a procedure calling
        // itself, a loop calling a procedure) has nothing of the caller's to put aside.
        if operands == nil && file === callee {
            defer { variables.leaveFrame(saved) }
            return try body(self).value
        }
        let caller = (file: file, operands: operands)
        file = callee
        operands = nil  // the operands of the command that called a hook are not the hook's
        defer {
            variables.leaveFrame(saved)
            file = caller.file
            operands = caller.operands
        }
        return try body(self).value
    }
}

/// A hook or procedure running, for `Interpreter.callStack()`.
package struct CallFrame {
    /// The procedure's name, or the hook's word (`commit`).
    var name: String
    /// For a hook: the method UIKit calls (`tableView(_:commit:forRowAt:)`).
    var method: String?
    /// Where its bindings start in the binding stack.
    var bindingStart: Int
}

/// A running hook or procedure as a lesson draws it: its name, and its local variables' values.
package struct StackFrame: Sendable, Equatable {
    /// `proc NAME`, or `on WORD` for a hook.
    package var name: String
    /// For a hook: the method UIKit calls.
    package var method: String?
    /// Its local variables (arguments first), each with its value as the language writes it (at most
    /// about 60 characters).
    package var locals: [Local]

    package struct Local: Sendable, Equatable {
        package var name: String
        package var value: String
    }
}

extension Interpreter {
    /// The hooks and procedures running, outermost first, each with its local variables: the innermost
    /// `limit` of them (a deep recursion has a thousand); empty at the top level, and when statement
    /// events are not sent.
    package func callStack(innermost limit: Int = Int.max) -> [StackFrame] {
        let count = variables.locals.bindings.count
        let first = max(0, callFrames.count - limit)
        return callFrames.enumerated().dropFirst(first).map { k, frame in
            let end = k + 1 < callFrames.count ? callFrames[k + 1].bindingStart : count
            var locals: [StackFrame.Local] = []
            var i = frame.bindingStart
            while i < end && i < count {
                let number = variables.locals.bindings[i].number
                // An argument still being evaluated (numbered -1) has no name yet.
                if number >= 0 && number < variables.names.count {
                    let value = variables.locals.bindings[i].value.literal
                    locals.append(StackFrame.Local(name: variables.names[number], value: value))
                }
                i += 1
            }
            return StackFrame(
                name: frame.method == nil ? "proc " + frame.name : "on " + frame.name, method: frame.method,
                locals: locals)
        }
    }
}
