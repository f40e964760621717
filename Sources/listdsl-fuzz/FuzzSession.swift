import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

/// Files kept in memory: what `save`, `load`, `run` and the user-defaults store read and write while
/// fuzzing, so an input can write a file and read it back without touching the disk.
final class MemoryFiles {
    /// The files by path.
    var contents: [String: [UInt8]] = [:]

    /// Creates the files `contents` holds.
    init(_ contents: [String: [UInt8]] = [:]) {
        self.contents = contents
    }

    /// The file at `path`, or a missing file's error (as the command reports one).
    func load(_ path: String) -> Result<SourceFile, LoadError> {
        guard let bytes = contents[path] else {
            var error = LoadError("no such file or directory")
            error.isMissing = true
            return .failure(error)
        }
        return .success(SourceFile(name: path, bytes: bytes))
    }

    /// Keeps `bytes` as the file at `path`; never fails.
    func write(_ path: String, _ bytes: [UInt8], _ createDirectory: Bool) -> String? {
        contents[path] = bytes
        return nil
    }
}

/// A session that runs statements as the REPL runs an entry's: one at a time, a failed statement
/// undone (the whole session put back), and an error inside an open batch abandoning the batch.
final class FuzzSession {
    let interpreter: Interpreter
    let files: MemoryFiles
    /// The commits of the statement running, for the change view.
    let changes = ChangeCollector()
    /// Every diagnostic is rendered, so a renderer's crash is a finding too.
    let renderer = DiagnosticRenderer(color: false)
    /// The bytes the session's events and change views drew (counted so the drawing is not optimised away).
    let drawn = Tally()

    /// A session under `limits`, with its files in `files`; `recordsUndo` keeps undo history as the REPL does.
    init(limits: Limits, files: MemoryFiles, recordsUndo: Bool = false, defaultsFile: String? = nil) {
        self.files = files
        let changes = changes
        let renderer = renderer
        let drawn = drawn
        let text = TextRenderer(write: { drawn.bytes &+= $0.utf8.count }, report: { _ = renderer.render($0) })
        let io = InterpreterIO(
            emit: {
                changes.receive($0)
                text.render($0)
            },
            detail: .all, load: files.load, isInterrupted: { false }, write: files.write,
            defaultsFile: defaultsFile)
        var options = InterpreterOptions(limits: limits)
        options.recordsUndo = recordsUndo
        interpreter = Interpreter(io: io, options: options)
    }

    /// Runs one top-level statement of `file` as the REPL does and draws its change view; returns the
    /// error that stopped it (the session is then as before the statement, but for an abandoned batch's
    /// `data` edits), or nil.
    @discardableResult
    func run(_ statement: Stmt, in file: SourceFile) -> ScriptError? {
        let snapshot = interpreter.snapshot()
        let change = StatementChange(interpreter, changes)
        do {
            try interpreter.runTopLevel(statement, in: file)
        } catch {
            switch error {
            case .runtime(let d), .interrupted(let d): _ = renderer.render(d)
            case .syntax(let ds): for d in ds { _ = renderer.render(d) }
            }
            interpreter.restore(snapshot)
            if interpreter.model.batchDepth > 0 { interpreter.abandonBatch() }
            return error
        }
        drawn.bytes &+= change.render(interpreter).utf8.count
        return nil
    }

    /// Runs `text` (statements the fuzzer itself writes, such as `save "a.json"`) statement by statement;
    /// returns the first error, after which nothing more of it runs.
    @discardableResult
    func run(_ text: String) -> ScriptError? {
        let file = SourceFile(name: "<fuzz>", bytes: Array(text.utf8))
        let parsed = Parser.parse(file)
        if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
            FuzzTarget.finding("the fuzzer's own statements do not parse: \(text): \(error.message)")
        }
        for statement in parsed.program.statements {
            if let error = run(statement, in: file) { return error }
        }
        return nil
    }

    /// `error` as listdsl prints it: the message, the line it is about and any notes.
    func describe(_ error: ScriptError) -> String {
        switch error {
        case .runtime(let d), .interrupted(let d): renderer.render(d)
        case .syntax(let ds): ds.map(renderer.render).joined()
        }
    }

    /// Runs `text` with no step limit (the fuzzer's own statements must not fail for steps the input spent).
    @discardableResult
    func runUnlimited(_ text: String) -> ScriptError? {
        let steps = interpreter.options.maxSteps
        interpreter.options.maxSteps = nil
        defer { interpreter.options.maxSteps = steps }
        return run(text)
    }

    /// The whole state as `save` writes it (both layers, titles, modes, selection and accessories): the
    /// state undo puts back, as exact bytes. Nil when `save` fails (inside a batch).
    func savedState() -> [UInt8]? {
        files.contents["fuzz-state.json"] = nil
        if runUnlimited("save \"fuzz-state.json\"") != nil { return nil }
        return files.contents["fuzz-state.json"]
    }
}

extension ScriptError {
    /// The message of the diagnostic (the first, for syntax errors).
    var message: String {
        switch self {
        case .runtime(let d), .interrupted(let d): d.message
        case .syntax(let ds): ds.first?.message ?? ""
        }
    }
}

/// A count kept by reference, for closures made before their owner exists.
final class Tally {
    var bytes = 0
}
