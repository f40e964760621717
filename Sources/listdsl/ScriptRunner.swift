import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Platform

/// Runs scripts, `-e` code and standard input in one session, with the exit statuses of `Exit`.
struct ScriptRunner {
    let options: RunSettings
    /// Whether a REPL session first runs the init file (`-q`/`--no-init` turns it off).
    var runsInitFile = true

    /// The init file a REPL session runs first, as `~/.sqliterc` or `PYTHONSTARTUP`: `LISTDSL_INIT`
    /// (empty: none), else `$XDG_CONFIG_HOME/listdsl/init.list`, else `~/.config/listdsl/init.list`.
    static func initPath(environment: (String) -> String?, home: String?) -> String? {
        userFile(
            override: "LISTDSL_INIT", xdg: "XDG_CONFIG_HOME", underHome: ".config", name: "init.list",
            environment: environment, home: home)
    }

    /// Parses every input first (a syntax error anywhere runs nothing), then runs them in order.
    func main(files: [String], code: [String], interactive: String?) -> Int32 {
        let console = Console(errorColor: colorWanted(fd: 2, mode: options.color))
        defer { console.flush() }
        installInterruptHandler()
        // With --events, standard output is the stream: the scripts' output and diagnostics go in it.
        let stream = options.events ? JSONLinesRenderer(write: { console.write($0) }) : nil
        if stream != nil { console.write(JSONLinesRenderer.header(trace: options.trace)) }
        let report: (Diagnostic) -> Void = { d in
            if let stream { stream.render(.diagnostic(d)) } else { console.report(d) }
        }

        var paths = files
        if let interactive { paths.append(interactive) }
        let stdinIsTerminal = isatty(0) != 0
        let wantsREPL = interactive != nil || (files.isEmpty && code.isEmpty && stdinIsTerminal && stream == nil)
        if files.isEmpty && code.isEmpty && interactive == nil && (!stdinIsTerminal || stream != nil) {
            paths.append("-")
        }
        // A big file runs a window at a time when nothing needs its statements after they ran (the REPL's
        // journal, the change view, the event stream): its windows are checked here, with the other inputs.
        let streams = !(wantsREPL && stdinIsTerminal) && !options.changes && stream == nil
        var inputs: [Input] = []
        for path in paths {
            if streams, path != "-", let streamed = StreamedScript(path: path, limit: options.limits.scriptBytes),
                streamed.check(forRun: true)
            {
                inputs.append(.streamed(streamed))
                continue
            }
            switch readScript(path, limits: options.limits, console: console) {
            case .success(let file): inputs.append(.whole(file, Program(statements: [])))
            case .failure(let exit): return exit.status
            }
        }
        for c in code { inputs.append(.whole(SourceFile(name: "-e", text: c, directory: ""), Program(statements: []))) }

        var failed: Int32?
        for (k, input) in inputs.enumerated() {
            guard case .whole(let file, _) = input else { continue }
            let result = parseFile(file, limits: options.limits)
            for d in result.diagnostics { report(d) }
            // A limit that stopped a parse stops the run at once; syntax errors are reported for every input.
            if result.stop != nil { return result.failureStatus ?? Exit.runtime.rawValue }
            if failed == nil { failed = result.failureStatus }
            inputs[k] = .whole(file, result.program)
        }
        if let failed { return failed }

        let changes = wantsREPL || options.changes ? ChangeCollector() : nil
        let interpreter = makeInterpreter(
            console: console, color: colorWanted(fd: 1, mode: options.color), changes: changes, stream: stream)
        // Before a REPL, each statement is journaled as it runs, so `.save` can write it.
        var journal: Journal? = wantsREPL && stdinIsTerminal ? Journal() : nil
        // Undo history is the run's: a source that mentions undo turns it on for every source before it
        // too, and a REPL after the scripts (`-i`) can undo what they did.
        if wantsREPL && stdinIsTerminal { interpreter.options.recordsUndo = true }
        for input in inputs {
            switch input {
            case .whole(let file, _): interpreter.willRun(file)
            case .streamed(let streamed): if streamed.mentionsUndo { interpreter.options.recordsUndo = true }
            }
        }
        let view = options.changes ? changes : nil
        if view != nil { interpreter.eventDetail.insert(.commits) }
        if wantsREPL && stdinIsTerminal && runsInitFile {
            runInitFile(interpreter, report: report, journal: &journal, console: console)
        }
        for input in inputs {
            if let status = ScriptError.status(
                reporting: report,
                { () throws(ScriptError) in
                    switch input {
                    case .streamed(let streamed): try streamed.run(interpreter)
                    case .whole(let source, let program) where journal == nil && view == nil:
                        try interpreter.run(program, in: source)
                    case .whole(let source, let program):
                        interpreter.willRun(source)
                        for statement in program.statements {
                            let before = BatchMark(interpreter.model)
                            let change = view.map { StatementChange(interpreter, $0) }
                            try interpreter.runTopLevel(statement, in: source)
                            journal?.record(statement, in: source, before: before, after: BatchMark(interpreter.model))
                            if let change { console.write(change.render(interpreter)) }
                        }
                    }
                })
            {
                return status
            }
        }
        if wantsREPL {
            if !stdinIsTerminal && interactive != nil {
                console.report(.interactiveNeedsTerminal(file: interactive ?? ""))
            } else if let journal {
                console.flush()
                return REPL(
                    interpreter: interpreter, changes: changes ?? ChangeCollector(), console: console,
                    options: options, journal: journal
                ).run()
            }
        }
        keepUntilExit((inputs, interpreter))  // the process ends right after this
        if let status = ScriptError.status(reporting: report, { () throws(ScriptError) in try interpreter.finish() }) {
            return status
        }
        return interpreter.failedExpectations > 0 ? Exit.expectFailed.rawValue : Exit.ok.rawValue
    }

    /// A script to run: a file read and parsed whole, or a big file run a window at a time.
    enum Input {
        case whole(SourceFile, Program)
        case streamed(StreamedScript)
    }

    /// Runs the init file, when there is one, before the REPL's first prompt: its statements are journaled
    /// like typed ones (so `.save` rebuilds what it did); an error in it is reported and the REPL starts
    /// anyway, with what ran before the error.
    func runInitFile(
        _ interpreter: Interpreter, report: (Diagnostic) -> Void, journal: inout Journal?, console: Console
    ) {
        guard let path = ScriptRunner.initPath(environment: environmentValue, home: REPL.homeDirectory()),
            access(path, F_OK) == 0
        else { return }
        guard case .success(let file) = readScript(path, limits: options.limits, console: console) else {
            return
        }
        let result = parseFile(file, limits: options.limits)
        for d in result.diagnostics { report(d) }
        if result.failureStatus != nil { return }
        _ = ScriptError.status(reporting: report) { () throws(ScriptError) in
            interpreter.willRun(file)
            for statement in result.program.statements {
                let before = BatchMark(interpreter.model)
                try interpreter.runTopLevel(statement, in: file)
                journal?.record(statement, in: file, before: before, after: BatchMark(interpreter.model))
            }
        }
    }

    /// Creates the session's interpreter, its events drawn as text on the console and, when given,
    /// collected for the change view.
    func makeInterpreter(
        console: Console, color: Bool, changes: ChangeCollector? = nil, stream: JSONLinesRenderer? = nil
    ) -> Interpreter {
        let draw: (Event) -> Void
        if let stream {
            draw = stream.render
        } else {
            draw = TextRenderer(write: { console.write($0) }, report: { console.report($0) }, color: color).render
        }
        let emit: (Event) -> Void
        if let changes {
            emit = {
                changes.receive($0)
                draw($0)
            }
        } else {
            emit = draw
        }
        return Interpreter(
            io: ScriptRunner.io(limits: options.limits, emit: emit, detail: stream == nil ? [] : .all),
            options: options.interpreterOptions(color: color))
    }

    /// A session's I/O: events go to `emit`, `run` reads files within `limits`, and Ctrl-C is the SIGINT
    /// handler's flag.
    static func io(limits: Limits, emit: @escaping (Event) -> Void, detail: EventDetail = []) -> InterpreterIO {
        InterpreterIO(
            emit: emit, detail: detail,
            load: { path in
                readInput(path: path, limit: limits.scriptBytes, checks: readingChecks(limits)).map {
                    SourceFile(name: path, bytes: $0, directory: directoryName(path))
                }
            },
            isInterrupted: { takeInterrupt() }, memoryInUse: memoryInUse,
            write: { path, bytes, createDirectory in
                let directory = directoryName(path)
                if createDirectory, !directory.isEmpty, let problem = History.makeDirectory(directory) {
                    return problem
                }
                return AtomicFile.write(bytes, to: path, mode: 0o644)
            },
            update: { path, change in
                AtomicFile.update(path, mode: 0o644, limit: limits.scriptBytes, createDirectory: true) { read in
                    change(read.map { SourceFile(name: path, bytes: $0, directory: directoryName(path)) })
                }
            },
            defaultsFile: defaultsFile())
    }

    /// The user-defaults store's file: `LISTDSL_DEFAULTS` (empty: none, the store lasts one run), else
    /// `$XDG_DATA_HOME/listdsl/defaults.json` when XDG_DATA_HOME is absolute, else
    /// `~/.local/share/listdsl/defaults.json`.
    static func defaultsFile() -> String? {
        userFile(
            override: "LISTDSL_DEFAULTS", xdg: "XDG_DATA_HOME", underHome: ".local/share", name: "defaults.json",
            environment: environmentValue, home: environmentValue("HOME") == nil ? REPL.homeDirectory() : nil)
    }

}

/// Keeps `value` alive until the process exits, which comes soon after: freeing a million syntax-tree
/// nodes and a session one by one would cost a noticeable part of a large script's run
/// (bench/NOTES.md), and the operating system takes the memory back at once. The one place the command skips a teardown.
func keepUntilExit<T>(_ value: T) {
    _ = Unmanaged.passRetained(KeptUntilExit(value))
}

private final class KeptUntilExit<T> {
    let value: T
    init(_ value: T) { self.value = value }
}
