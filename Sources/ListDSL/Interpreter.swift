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
    /// The user-defaults store's file; nil keeps the defaults in memory, for this session only.
    public var defaultsFile: String?

    /// Creates the I/O surface around an event receiver.
    public init(
        emit: @escaping (Event) -> Void, detail: EventDetail = [],
        load: @escaping (String) -> Result<SourceFile, LoadError>, isInterrupted: @escaping () -> Bool,
        memoryInUse: @escaping () -> Int? = { nil },
        write: @escaping (String, [UInt8], Bool) -> String? = { _, _, _ in "this session cannot write files" },
        defaultsFile: String? = nil
    ) {
        self.emit = emit
        self.detail = detail
        self.load = load
        self.isInterrupted = isInterrupted
        self.memoryInUse = memoryInUse
        self.write = write
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
}

/// A procedure as declared, with the file its body comes from.
struct Procedure {
    var declaration: ProcDecl
    var file: SourceFile
}

/// A hook as declared, with the file its body comes from.
struct Hook {
    var name: String
    var nameRange: SourceRange
    var body: HookBody
    var file: SourceFile
}

/// The variables of one block: the few names a block declares, found by comparing names in order, which
/// costs less than hashing them (a name is almost always a small string, compared in one step).
struct Scope {
    private(set) var names: [String] = []
    private var values: [Value] = []

    /// An empty scope.
    init() {}
    /// A scope holding one variable.
    init(_ name: String, _ value: Value) {
        names = [name]
        values = [value]
    }
    /// A scope holding `bindings` (a call's parameters).
    init(_ bindings: [String: Value]) {
        for (name, value) in bindings {
            names.append(name)
            values.append(value)
        }
    }

    /// How many variables it holds.
    var count: Int { names.count }

    /// Forgets every variable.
    mutating func removeAll() {
        names.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }

    /// The value of `name`, if the scope holds it; setting nil is not used.
    subscript(name: String) -> Value? {
        get {
            var i = 0
            while i < names.count {
                if names[i] == name { return values[i] }
                i += 1
            }
            return nil
        }
        set {
            guard let newValue else { return }
            var i = 0
            while i < names.count {
                if names[i] == name {
                    values[i] = newValue
                    return
                }
                i += 1
            }
            names.append(name)
            values.append(newValue)
        }
    }
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
    // holds an access across a call that could reach the same property, so the run-time checks
    // (a tenth of a generated script's run time) guard against nothing input can cause.

    /// The list being edited.
    @exclusivity(unchecked) public var model: TableModel
    /// Limits and switches.
    @exclusivity(unchecked) public var options: InterpreterOptions {
        didSet { updateCommitDetail() }
    }
    /// Number of `expect` statements that failed so far (the script exits 1 when non-zero).
    @exclusivity(unchecked) public internal(set) var failedExpectations = 0
    /// The events sent beyond output and diagnostics; starts as the I/O's, and the REPL adds commits
    /// while its change view is on.
    @exclusivity(unchecked) public var eventDetail: EventDetail {
        didSet { updateCommitDetail() }
    }
    /// Whether a commit's report must describe it in full, and the table before it be kept: for the
    /// commit events, and for the trace's questions to the data source (which cells a commit fetched).
    @exclusivity(unchecked) private(set) var wantsCommitReports = false

    /// Works out `wantsCommitReports` after the options or the event detail change.
    private func updateCommitDetail() {
        wantsCommitReports =
            eventDetail.contains(.commits) || eventDetail.contains(.calls) || options.trace || options.recordsUndo
        model.reportsInPlaceChanges = wantsCommitReports
    }

    let io: InterpreterIO
    @exclusivity(unchecked) var globals: [String: Value] = [:]
    /// The call stack; each frame holds its block scopes, innermost last. Frame 0 is the top level.
    @exclusivity(unchecked) var frames: [[Scope]] = [[]]
    @exclusivity(unchecked) var procedures: [String: Procedure] = [:]
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
    /// The row left open showing its buttons (the delete confirmation or the row actions), for `show`.
    /// A gesture or a command that changes the table closes it.
    @exclusivity(unchecked) var swipedRow: (path: IndexPath, buttons: [String])?
    /// The section the last `tap index` scrolled to: the table view stays scrolled there, and `show`
    /// says so while the section exists.
    var scrolledSection: Int?
    /// How many hook calls are running, so only the outermost one notes the gesture that caused it.
    @exclusivity(unchecked) var hookDepth = 0
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
        self.eventDetail = io.detail
        self.file = SourceFile(name: "<none>", bytes: [])
        updateCommitDetail()
    }

    /// Names of the global variables, for completion.
    public var variableNames: [String] { globals.keys.sorted() }
    /// Names of the declared procedures, for completion.
    public var procedureNames: [String] { procedures.keys.sorted() }

    /// Runs a whole program at the top level.
    public func run(_ program: Program, in file: SourceFile) throws(ScriptError) {
        let saved = self.file
        self.file = file
        defer { self.file = saved }
        willRun(file)
        for part in program.statements.parts {
            for index in part.indices {
                if options.recordsUndo { try execTopLevel(part[index]) } else { _ = try exec(part[index]) }
            }
        }
    }

    /// Readies the session for the statements of `file`, which the caller then runs one by one with
    /// `runTopLevel`: undo history starts when the file mentions `undo` or `redo`. (`run` does this itself.)
    public func willRun(_ file: SourceFile) {
        if !options.recordsUndo && Interpreter.mentionsUndo(file.bytes) { options.recordsUndo = true }
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

    /// A snapshot of everything a statement can change, for `expect error` and Ctrl-C in the REPL.
    public struct Snapshot {
        fileprivate var model: TableModel
        fileprivate var globals: [String: Value]
        fileprivate var procedures: [String: Procedure]
        fileprivate var hooks: [String: Hook]
        fileprivate var batchOrigin: BatchOrigin?
        fileprivate var pendingLocations: [(file: SourceFile, range: SourceRange)]
        fileprivate var trace: Bool
        fileprivate var swipedRow: (path: IndexPath, buttons: [String])?
        fileprivate var tableBudget: TableSize
        fileprivate var accessories: [String: String]
        fileprivate var undoHistory: UndoHistory
    }

    /// Captures the session's state (cheap: copy-on-write).
    public func snapshot() -> Snapshot {
        Snapshot(
            model: model, globals: globals, procedures: procedures, hooks: hooks, batchOrigin: batchOrigin,
            pendingLocations: pendingLocations, trace: options.trace, swipedRow: swipedRow, tableBudget: tableBudget,
            accessories: accessories, undoHistory: undoHistory)
    }

    /// Puts the session back as `snapshot` found it.
    public func restore(_ snapshot: Snapshot) {
        model = snapshot.model
        globals = snapshot.globals
        procedures = snapshot.procedures
        hooks = snapshot.hooks
        batchOrigin = snapshot.batchOrigin
        pendingLocations = snapshot.pendingLocations
        options.trace = snapshot.trace
        swipedRow = snapshot.swipedRow
        tableBudget = snapshot.tableBudget
        accessories = snapshot.accessories
        undoHistory = snapshot.undoHistory
        frames = [[]]
    }

    // MARK: - Errors

    /// A runtime error at `range` in the current file.
    func failure(_ range: SourceRange, _ error: RuntimeError) -> ScriptError {
        .runtime(Diagnostic(error, file: file, range: range))
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

    // MARK: - Names

    /// Looks a name up: the current frame's scopes innermost first, then the globals.
    func lookup(_ name: String) -> Value? {
        let scopes = frames[frames.count - 1]
        var i = scopes.count - 1
        while i >= 0 {
            if let v = scopes[i][name] { return v }
            i -= 1
        }
        return globals[name]
    }

    /// Declares `name` in the innermost scope (the globals at the top level).
    func declare(_ name: String, _ value: Value) {
        let f = frames.count - 1
        if frames[f].isEmpty {
            if f == 0 {
                globals[name] = value
            } else {
                frames[f].append(Scope(name, value))
            }
        } else {
            frames[f][frames[f].count - 1][name] = value
        }
    }

    /// Assigns to an existing binding; false when there is none.
    func assign(_ name: String, _ value: Value) -> Bool {
        let f = frames.count - 1
        var i = frames[f].count - 1
        while i >= 0 {
            if frames[f][i][name] != nil {
                frames[f][i][name] = value
                return true
            }
            i -= 1
        }
        if globals[name] != nil {
            globals[name] = value
            return true
        }
        return false
    }

    /// Runs `body` inside a new block scope.
    func withScope<T>(_ body: () throws(ScriptError) -> T) throws(ScriptError) -> T {
        let f = frames.count - 1
        frames[f].append(Scope())
        defer { frames[f].removeLast() }
        return try body()
    }

    /// Every name visible here, for "did you mean" suggestions.
    func visibleNames() -> [String] {
        var names = Set(globals.keys)
        for scope in frames[frames.count - 1] { names.formUnion(scope.names) }
        return Array(names)
    }

    // MARK: - Statements

    /// Executes statements in order until one returns.
    func exec(_ statements: [Stmt]) throws(ScriptError) -> Flow {
        for statement in statements {
            if case .returned(let v) = try exec(statement) { return .returned(v) }
        }
        return .normal
    }

    /// Executes a block in its own scope.
    func execBlock(_ block: Block) throws(ScriptError) -> Flow {
        try withScope { () throws(ScriptError) -> Flow in try exec(block.statements) }
    }

    /// Executes one statement. The commonest, a row inserted or deleted with literals, go straight
    /// to their own small function; the rest through `execStatement`.
    @inline(__always)
    func exec(_ statement: Stmt) throws(ScriptError) -> Flow {
        if eventDetail.contains(.statements) { return try execSending(statement) }
        return try execQuietly(statement)
    }

    /// Executes one statement without statement events.
    @inline(__always)
    func execQuietly(_ statement: Stmt) throws(ScriptError) -> Flow {
        // The commonest statements of generated scripts go straight to their command.
        switch statement.kind {
        case .insertRows(let rows):
            try tick(statement.range)
            try execInsertRows(rows, statement.range)
        case .deleteRows(let paths):
            try tick(statement.range)
            try execDeleteRows(paths, statement.range)
        default:
            return try execStatement(statement)
        }
        return .normal
    }

    /// Executes one statement between its start and end events.
    func execSending(_ statement: Stmt) throws(ScriptError) -> Flow {
        var event = StatementEvent(file: file, range: statement.range, depth: frames.count - 1)
        switch statement.kind {
        case .conditional, .forLoop, .whileLoop, .repeatLoop: event.isCompound = true
        default: break
        }
        io.emit(.statementStarted(event))
        do {
            let flow = try execQuietly(statement)
            event.tableView = model.tableView
            io.emit(.statementEnded(event, completed: true))
            return flow
        } catch {
            event.tableView = model.tableView
            io.emit(.statementEnded(event, completed: false))
            throw error
        }
    }

    /// Executes one statement other than a compact literal command (those are `exec`'s).
    func execStatement(_ statement: Stmt) throws(ScriptError) -> Flow {
        try tick(statement.range)
        switch statement.kind {
        case .letBinding(let name, _, let value):
            declare(name, try storable(value))
        case .assignment(let name, let nameRange, let value):
            let v = try storable(value)
            if !assign(name, v) {
                throw failure(nameRange, .assignmentToUndeclared(name))
            }
        case .conditional(let arms, let otherwise):
            for arm in arms where try condition(arm.condition) {
                return try execBlock(arm.body)
            }
            if let otherwise { return try execBlock(otherwise) }
        case .forLoop(let variable, _, let sequence, let body):
            return try execFor(variable, sequence, body)
        case .whileLoop(let cond, let body):
            while try condition(cond) {
                try checkInterrupt(statement.range)
                try tick(statement.range)  // an empty body still counts as a step
                if case .returned(let v) = try execBlock(body) { return .returned(v) }
            }
        case .repeatLoop(let countExpr, let body):
            let count = try integer(countExpr, "repeat count")
            var i = 0
            while i < count {
                try checkInterrupt(statement.range)
                try tick(statement.range)
                if case .returned(let v) = try execBlock(body) { return .returned(v) }
                i += 1
            }
        case .procedure(let decl):
            if Vocabulary.arities.keys.contains(decl.name) {
                throw failure(decl.nameRange, .procedureNamedAfterBuiltin(decl.name))
            }
            procedures[decl.name] = Procedure(declaration: decl, file: file)
        case .call(let name, let nameRange, let arguments):
            _ = try call(name, nameRange, arguments, range: statement.range)
        case .returnStmt(let value):
            return .returned(try value.map { (e) throws(ScriptError) -> Value in try evaluate(e) } ?? .nothing)
        case .print(let values):
            var parts: [String] = []
            parts.reserveCapacity(values.count)
            for v in values { parts.append(try text(of: try storable(v), v.range)) }
            io.emit(.output(OutputEvent(kind: .print, text: parts.joined(separator: " ") + "\n")))
        case .expect(let expr, let message):
            try execExpect(expr, message, statement.range)
        case .expectError(let text, let body):
            try execExpectError(text, body, statement.range)
        case .run(let pathExpr):
            try execRun(pathExpr, statement.range)
        case .hook(let name, let nameRange, let body):
            hooks[name] = Hook(name: name, nameRange: nameRange, body: body, file: file)
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
        default:
            try execCommand(statement)
        }
        return .normal
    }

    /// `for NAME in EXPR { … }` over a range or a list.
    func execFor(_ variable: String, _ sequence: Expr, _ body: Block) throws(ScriptError) -> Flow {
        let seq = try evaluate(sequence)
        let f = frames.count - 1
        frames[f].append(Scope())
        defer { frames[f].removeLast() }
        let scope = frames[f].count - 1
        /// Runs one iteration with a fresh scope holding only the loop variable.
        func iterate(_ value: Value) throws(ScriptError) -> Flow {
            // A scope holding only the loop variable is reused as it is.
            if frames[f][scope].count != 1 { frames[f][scope].removeAll() }
            frames[f][scope][variable] = value
            try checkInterrupt(sequence.range)
            try tick(sequence.range)
            return try exec(body.statements)
        }
        switch seq {
        case .range(let lo, let hi, let closed):
            if hi < lo || (!closed && hi == lo) { return .normal }
            var i = lo
            while true {
                if case .returned(let v) = try iterate(.integer(i)) { return .returned(v) }
                if closed ? i >= hi : i >= hi - 1 { break }
                i += 1
            }
        case .list(let list):
            for item in list.elements {
                if case .returned(let v) = try iterate(item) { return .returned(v) }
            }
        case .string(let s):
            for ch in s {
                if case .returned(let v) = try iterate(.string(String(ch))) { return .returned(v) }
            }
        default:
            throw failure(sequence.range, .notIterable(seq.found()))
        }
        return .normal
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
    func execExpectError(_ textExpr: Expr?, _ body: Block, _ range: SourceRange) throws(ScriptError) {
        let wanted = try textExpr.map { (e) throws(ScriptError) -> String in try text(of: try storable(e), e.range) }
        let saved = snapshot()
        let savedFrames = frames
        var outcome: String?  // the error message, or nil when the block succeeded
        do {
            _ = try execBlock(body)
        } catch {
            switch error {
            case .runtime(let d): outcome = d.message
            case .syntax(let ds): outcome = ds.first?.message ?? "syntax error"
            case .interrupted: throw error
            }
        }
        restore(saved)
        frames = savedFrames
        io.emit(.restored(StatementEvent(file: file, range: range, depth: frames.count - 1)))
        if let outcome { lastCaughtError = outcome }
        let where_ = textExpr?.range ?? range
        if let message = outcome {
            if let wanted, !Interpreter.normalised(message).contains(Interpreter.normalised(wanted)) {
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
        let name = try stringOperand(pathExpr, for: "run")
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
        let parsed = Parser.parse(loaded)
        if !parsed.diagnostics.isEmpty { throw .syntax(parsed.diagnostics) }
        // History starts here for a script run from one that did not mention undo.
        if !options.recordsUndo && Interpreter.mentionsUndo(loaded.bytes) { options.recordsUndo = true }
        // Run at the top level, its top-level statements are undone one by one, as the session's are.
        let topLevel = frames.count == 1 && hookDepth == 0
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

    /// Calls a built-in or a procedure.
    func call(_ name: String, _ nameRange: SourceRange, _ arguments: [Expr], range: SourceRange) throws(ScriptError)
        -> Value
    {
        if let procedure = procedures[name] {
            let params = procedure.declaration.parameters
            if params.count != arguments.count {
                throw failure(
                    range, .argumentCount(callee: "procedure '\(name)'", expected: params.count, given: arguments.count)
                )
            }
            var bindings = Scope()
            for (p, a) in zip(params, arguments) { bindings[p] = try storable(a) }
            return try invoke(bindings, file: procedure.file, range: range) { () throws(ScriptError) -> Flow in
                try exec(procedure.declaration.body.statements)
            }
        }
        if Vocabulary.arities.keys.contains(name) {
            var values: [Value] = []
            values.reserveCapacity(arguments.count)
            for a in arguments { values.append(try storable(a)) }
            return try builtin(name, values, arguments, range)
        }
        throw failure(nameRange, .unknownFunction(name, candidates: Array(procedures.keys) + Vocabulary.builtinNames))
    }

    /// Runs `body` in a new call frame holding `bindings`, in `file`; enforces the call-depth limit.
    func invoke(
        _ bindings: Scope, file callee: SourceFile, range: SourceRange, _ body: () throws(ScriptError) -> Flow
    ) throws(ScriptError) -> Value {
        if frames.count > options.maxCallDepth {
            throw failure(range, .callDepthLimit(options.maxCallDepth))
        }
        try checkInterrupt(range)
        frames.append([bindings])
        let caller = file
        file = callee
        defer {
            frames.removeLast()
            file = caller
        }
        if case .returned(let v) = try body() { return v }
        return .nothing
    }
}
