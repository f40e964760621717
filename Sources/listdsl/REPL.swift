import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Platform

/// The interactive session (README, "The REPL"): reads entries with readline, runs them in one interpreter, shows
/// what each statement changed, and keeps the history.
///
/// Each entry is one `SourceFile` named `<repl>`. A statement that fails or is interrupted leaves the
/// session as it was before that statement; an error while a batch is open abandons the batch as a failed
/// commit does (batch depth back to 0), so the prompt goes back to `list> `.
final class REPL {
    /// The session; `.reset` replaces it.
    private(set) var interpreter: Interpreter
    let console: Console
    let options: RunSettings
    /// Show the changed sections after each statement that changed the table (`.autoshow on|off`).
    var autoshow = true
    /// The commits of the statement running, from the session's events (the interpreter must send its
    /// events here).
    let changes: ChangeCollector
    /// The session's successful statements, for `.save`.
    private(set) var journal = Journal()
    /// The input history, in memory and on disk.
    let history: History

    /// Creates the REPL around a session; `journal` holds the statements already run into it (`-i FILE`),
    /// which `.save` writes first.
    init(
        interpreter: Interpreter, changes: ChangeCollector, console: Console, options: RunSettings,
        journal: Journal = Journal()
    ) {
        self.interpreter = interpreter
        self.changes = changes
        interpreter.eventDetail.insert(.commits)  // the change view draws each statement's commits
        interpreter.options.recordsUndo = true
        self.console = console
        self.options = options
        self.journal = journal
        history = History(path: History.defaultPath(environment: environmentValue, home: REPL.homeDirectory()))
    }

    /// The prompt for a new entry: it shows an open batch.
    var prompt: String { InteractiveStatement.prompt(interpreter) }
    /// The prompt for the following lines of an unfinished entry, its `>` under the main prompt's.
    var continuationPrompt: String { String(repeating: " ", count: max(0, prompt.count - 5)) + "...> " }
    /// Whether `.timer` is on: each statement's time is printed after it.
    var timer = false

    /// Runs the session until `.quit`, `quit` or Ctrl-D on an empty line; returns the exit status.
    func run() -> Int32 {
        // Never readline() on a pipe: the script runner runs standard input as a script instead.
        guard isatty(0) != 0 else {
            console.report(.replNeedsTerminal)
            return Exit.usage.rawValue
        }
        // Ctrl-\ in pasted junk must not kill the session with a core dump.
        signal(SIGQUIT, SIG_IGN)
        // Ctrl-C must reach this thread even when the parent started us with SIGINT blocked.
        var interrupt = sigset_t()
        sigemptyset(&interrupt)
        sigaddset(&interrupt, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &interrupt, nil)
        let reader = LineReader(historyLimit: history.limit)
        if let warning = history.load() { console.report(warning) }
        for entry in history.entries { reader.addHistory(entry) }
        reader.complete = { [unowned self] before, word in
            self.completer(continuation: self.inContinuation).offer(before: before, word: word)
        }
        defer { reader.complete = nil }
        if isatty(1) != 0 {
            console.write("listdsl \(listdslVersion): type .help for help, Ctrl-D to quit\n")
            console.write("try: reset [[\"Milk\", \"Eggs\"]]   then: insert 0:1 \"Tea\"   then: .help batches\n")
        }

        while true {
            console.flush()
            _ = takeInterrupt()  // a Ctrl-C that came after the last statement finished is spent
            switch readEntry(reader) {
            case .end:
                return leave()
            case .cancelled:
                continue
            case .entry(let bytes, let parsed):
                let text = String(decoding: bytes, as: UTF8.self)
                let remembered = history.add(text)
                if remembered.added { reader.addHistory(text) }
                if let warning = remembered.warning { console.report(warning) }
                if let parsed {
                    runEntry(parsed.source, parsed.result)
                } else if dotCommand(bytes) == .quit {
                    return leave()
                }
            }
        }
    }

    /// Whether the line being read continues an entry (for completion).
    private var inContinuation = false

    /// What reading an entry produced.
    enum EntryInput {
        /// A whole entry: statements (parsed) or a dot command or `quit` (not parsed).
        case entry([UInt8], parsed: (source: SourceFile, result: ParseResult)?)
        /// Ctrl-C: the line or the unfinished entry was dropped.
        case cancelled
        /// Ctrl-D on an empty line.
        case end
    }

    /// Reads one entry: a line, and more lines while the parser says the input is unfinished.
    func readEntry(_ reader: LineReader) -> EntryInput {
        inContinuation = false
        var bytes: [UInt8]
        switch reader.read(prompt: prompt) {
        case .endOfInput: return .end
        case .interrupted: return .cancelled
        case .line(let line): bytes = line
        }
        if REPL.isCommandLine(bytes) { return .entry(bytes, parsed: nil) }
        while true {
            let source = SourceFile(name: "<repl>", bytes: bytes)
            let result = Parser.parse(source)
            if !result.isIncomplete { return .entry(bytes, parsed: (source, result)) }
            inContinuation = true
            switch reader.read(prompt: continuationPrompt) {
            case .line(let more):
                bytes.append(0x0A)
                bytes.append(contentsOf: more)
            case .interrupted:
                return .cancelled
            case .endOfInput:
                // Ctrl-D inside an unfinished entry: report what is missing and start afresh.
                return .entry(bytes, parsed: (source, result))
            }
        }
    }

    /// Whether a line is a dot command or bare `quit`/`exit` rather than statements.
    static func isCommandLine(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self).trimmingBlanks()
        return text.hasPrefix(".") || ["quit", "exit", "help", "?"].contains(text)
    }

    // MARK: - Statements

    /// Reports the parse diagnostics of an entry and, when there are no errors, runs its statements.
    func runEntry(_ source: SourceFile, _ parsed: ParseResult) {
        for d in parsed.diagnostics { console.report(d) }
        if parsed.diagnostics.contains(where: { $0.severity == .error }) { return }
        _ = execute(parsed.program.statements, in: source, showChanges: autoshow)
    }

    /// Runs statements one at a time, showing what each changed; stops at the first failure. Returns
    /// whether all of them succeeded.
    func execute(_ statements: Program.Statements, in source: SourceFile, showChanges: Bool) -> Bool {
        for statement in statements {
            let before = BatchMark(interpreter.model)
            let started = timer ? monotonicSeconds() : 0
            let drawn: String
            switch InteractiveStatement.run(
                statement, in: source, by: interpreter, changes: changes, drawingChanges: showChanges)
            {
            case .success(let change): drawn = change
            case .failure(let failure):
                report(failure)
                return false
            }
            if timer { console.write(REPL.elapsed(monotonicSeconds() - started)) }
            journal.record(statement, in: source, before: before, after: BatchMark(interpreter.model))
            // In `.mode json` a change shows the whole table view as JSON instead of the change view.
            if interpreter.options.showsJSON {
                if !drawn.isEmpty { console.write(ShowRenderer.json(interpreter.shownTableWithoutHooks()) + "\n") }
            } else {
                console.write(drawn)
            }
            console.flush()
        }
        return true
    }

    /// After a failed or interrupted statement (the session already put back as it was before it):
    /// reports it, and that the batch was abandoned when it was.
    func report(_ failure: InteractiveStatement.Failure) {
        console.flush()
        switch failure.error {
        case .interrupted(let d):
            // Ctrl-C: the terminal echoed ^C without a newline.
            console.error("\n")
            console.report(d)
        case .runtime(let d):
            console.report(d)
        case .syntax(let ds):
            for d in ds { console.report(d) }
        }
        if failure.abandonedBatch {
            journal.abandonBatch()
            console.report(.batchAbandoned)
        }
    }

    // MARK: - Dot commands

    /// Writes `text`, through a pager when it is longer than the terminal, as Python's `help()` does:
    /// `$PAGER` (a shell command; empty: none), else `less` when it is installed. Never when standard
    /// output is not a terminal.
    func page(_ text: String) {
        var size = winsize()
        let rows = isatty(1) != 0 && ioctl(1, UInt(TIOCGWINSZ), &size) == 0 ? Int(size.ws_row) : 0
        let lines = text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        let pager = getenv("PAGER").map { String(cString: $0) } ?? (access("/usr/bin/less", X_OK) == 0 ? "less" : "")
        guard rows > 0, lines >= rows, !pager.isEmpty else { return console.write(text) }
        console.flush()
        // less (unless the user set these): quit at the end of a short text, keep colours, leave the text on
        // the screen, and quit on Ctrl-C, which brings back the prompt; no shell commands, editor or
        // files from inside the pager.
        setenv("LESS", "FRXK", 0)
        setenv("LESSSECURE", "1", 0)
        guard let pipe = popen(pager, "w") else { return console.write(text) }
        let previous = signal(SIGPIPE, SIG_IGN)  // a pager that quits early must not end the session
        _ = Array(text.utf8).withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, pipe) }
        pclose(pipe)
        signal(SIGPIPE, previous)
    }

    /// `.timer`'s line: `time: 0.42 ms`.
    static func elapsed(_ seconds: Double) -> String {
        let milliseconds = seconds * 1000
        let rounded = (milliseconds * 100).rounded() / 100
        return milliseconds < 1000 ? "time: \(rounded) ms\n" : "time: \((seconds * 1000).rounded() / 1000) s\n"
    }

    /// What a dot command asks of the loop.
    enum CommandOutcome { case next, quit }

    /// Runs a dot command line (or bare `quit`/`exit`).
    @discardableResult
    func dotCommand(_ bytes: [UInt8]) -> CommandOutcome {
        let line = String(decoding: bytes, as: UTF8.self)
        let text = line.trimmingBlanks()
        if text == "quit" || text == "exit" { return .quit }
        if text == "help" || text == "?" {
            page(help(""))
            return .next
        }
        let name = String(text.prefix { !$0.isWhitespace })
        let argument = String(text.dropFirst(name.count)).trimmingBlanks()
        switch name {
        case ".quit", ".exit":
            return .quit
        case ".help":
            page(help(argument))
        case ".read":
            guard let path = fileArgument(argument, line: line, command: name) else { break }
            read(path)
        case ".show":
            runHidden("show")
        case ".reset":
            reset()
        case ".trace":
            setSwitch(\.interpreter.options.trace, argument, line: line, command: name)
        case ".autoshow":
            setSwitch(\.autoshow, argument, line: line, command: name)
        case ".mode":
            switch argument {
            case "json": interpreter.options.showsJSON = true
            case "text": interpreter.options.showsJSON = false
            case "": console.write("mode is \(interpreter.options.showsJSON ? "json" : "text")\n")
            default: usageError(line, .needsMode(given: argument), usage: name)
            }
        case ".notes":
            setSwitch(\.interpreter.options.notes, argument, line: line, command: name)
        case ".timer":
            setSwitch(\.timer, argument, line: line, command: name)
        case ".save":
            guard let path = fileArgument(argument, line: line, command: name) else { break }
            save(to: path)
        case ".history":
            console.write(REPL.listing(history.entries))
        case ".undo", ".redo":
            // The statement itself, shown and journaled as if typed.
            let source = SourceFile(name: "<repl>", text: String(name.dropFirst()))
            _ = execute(Parser.parse(source).program.statements, in: source, showChanges: autoshow)
        default:
            let source = SourceFile(name: "<repl>", text: line)
            let offset = line.utf8.count - line.drop { $0.isWhitespace }.utf8.count
            console.report(
                Diagnostic(
                    UsageError.unknownDotCommand(name), file: source,
                    range: SourceRange(offset, offset + name.utf8.count)))
        }
        return .next
    }

    /// The file a `.read` or `.save` names (quotes optional), or nil after reporting that it is missing.
    func fileArgument(_ argument: String, line: String, command: String) -> String? {
        var path = argument
        if path.count >= 2 && path.hasPrefix("\"") && path.hasSuffix("\"") {
            path = String(path.dropFirst().dropLast())
        }
        if path.isEmpty {
            usageError(line, .needsFileName(command: command), usage: command)
            return nil
        }
        return path
    }

    /// `on` or `off` for a switch (`.trace`, `.autoshow`, `.notes`, `.timer`): sets it; with no
    /// argument, prints it.
    func setSwitch(_ setting: ReferenceWritableKeyPath<REPL, Bool>, _ argument: String, line: String, command: String) {
        switch argument {
        case "on": self[keyPath: setting] = true
        case "off": self[keyPath: setting] = false
        case "": console.write("\(command.dropFirst()) is \(self[keyPath: setting] ? "on" : "off")\n")
        default: usageError(line, .needsOnOrOff(command: command, given: argument), usage: command)
        }
    }

    /// Reports a misused dot command with its usage line from the table.
    func usageError(_ line: String, _ error: UsageError, usage command: String) {
        let source = SourceFile(name: "<repl>", text: line)
        let offset = line.utf8.count - line.drop { $0.isWhitespace }.utf8.count
        console.report(Diagnostic(error, file: source, range: SourceRange(offset, offset + command.utf8.count)))
    }

    /// `.read FILE`: runs a script in this session, statement by statement, as if typed; stops at the first
    /// error. Shows the net change at the end.
    func read(_ path: String) {
        guard case .success(let file) = readScript(path, limits: options.limits, console: console) else {
            return
        }
        let parsed = Parser.parse(file, checks: readingChecks(options.limits))
        for d in parsed.diagnostics { console.report(d) }
        if parsed.failureStatus != nil { return }
        let before = interpreter.model
        _ = execute(parsed.program.statements, in: file, showChanges: false)
        let model = interpreter.model
        if autoshow && model.batchDepth == 0
            && (before.tableView != model.tableView || before.dataSource != model.dataSource)
        {
            console.write(
                ChangeRenderer.render(
                    before: before.tableView, after: model.tableView, dataSource: model.dataSource, commit: nil,
                    commitCount: 0,
                    color: interpreter.options.color))
        }
    }

    /// Runs a statement the user did not type (`.show` runs `show`): not journaled, no change display.
    func runHidden(_ text: String) {
        let source = SourceFile(name: "<repl>", text: text)
        let parsed = Parser.parse(source)
        for statement in parsed.program.statements {
            if case .failure(let failure) = InteractiveStatement.run(
                statement, in: source, by: interpreter, changes: changes, drawingChanges: false)
            {
                return report(failure)
            }
        }
    }

    /// `.reset`: a fresh session with an empty table and no variables, procedures or hooks; the trace
    /// setting stays.
    func reset() {
        let trace = interpreter.options.trace
        interpreter = ScriptRunner(options: options).makeInterpreter(
            console: console, color: interpreter.options.color, changes: changes)
        interpreter.options.trace = trace
        interpreter.eventDetail.insert(.commits)
        interpreter.options.recordsUndo = true
        journal = Journal()
        console.write("the session is reset: empty table, no variables, procedures or hooks\n")
    }

    /// `.save FILE`: writes the session's statements as a script, atomically, then checks that running it
    /// reproduces the session and warns when it does not.
    func save(to path: String) {
        let script = journal.script()
        if let problem = AtomicFile.write(Array(script.utf8), to: path, mode: 0o644) {
            console.report(.cannotSave(problem))
            return
        }
        let count = journal.records.count
        console.write("saved \(count) statement\(count == 1 ? "" : "s") to \(path)\n")
        if interpreter.model.batchDepth > 0 {
            console.report(.savedInsideBatch)
        }
        if let difference = replayDifference(script, path: path) {
            console.report(.saveNotExact(difference))
        }
    }

    /// Runs `script` in a fresh, silent session and says how its end state differs from this session's.
    func replayDifference(_ script: String, path: String) -> String? {
        let source = SourceFile(name: path, text: script, directory: directoryName(path))
        let parsed = Parser.parse(source)
        if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
            return "it has a syntax error: \(error.message)"
        }
        // The replay writes no file: `save` and `defaults set` already did, in the session.
        var io = ScriptRunner.io(limits: options.limits, emit: { _ in })
        io.write = { _, _, _ in nil }
        let replay = Interpreter(
            io: io,
            options: options.interpreterOptions(color: false, trace: false))
        do {
            try replay.run(parsed.program, in: source)
        } catch {
            switch error {
            case .interrupted: return "the check was interrupted"
            case .runtime(let d): return "running it fails: \(d.message)"
            case .syntax(let ds): return "running it fails: \(ds.first?.message ?? "syntax error")"
            }
        }
        let mine = interpreter.model
        let theirs = replay.model
        if mine.dataSource != theirs.dataSource { return "the data source differs" }
        if mine.tableView != theirs.tableView { return "the table view differs" }
        if mine.batchDepth != theirs.batchDepth { return "the batch depth differs" }
        if mine.isEditing != theirs.isEditing || mine.style != theirs.style || mine.selection != theirs.selection {
            return "the editing mode, style or selection differs"
        }
        if interpreter.variableNames != replay.variableNames || interpreter.procedureNames != replay.procedureNames {
            return "the variables or procedures differ"
        }
        return nil
    }

    /// Leaves the REPL: reports a batch left open, and exits 0.
    func leave() -> Int32 {
        do {
            try interpreter.finish()
        } catch {
            if case .runtime(let d) = error { console.report(d) }
        }
        console.flush()
        return Exit.ok.rawValue
    }

    // MARK: - Help, history, completion

    /// `.help` (every word, by category) or `.help TOPIC` (each role of one word, with its usage).
    func help(_ topic: String) -> String {
        if topic.isEmpty {
            var out = "Type a statement, or one of the commands below. `.help WORD` explains a word.\n"
            out += "Tab completes; Ctrl-R searches the history; Ctrl-C cancels; Ctrl-D (or quit, exit) leaves.\n"
            out += "Topics: " + Vocabulary.topics.map { ".help " + $0.name }.joined(separator: ", ")
            out += " (why a cell can show something other than the data source).\n"
            for category in REPL.helpOrder {
                let entries = Vocabulary.entries.filter { $0.category == category }
                if entries.isEmpty { continue }
                out += "\n" + REPL.heading(category) + ":\n"
                let width = entries.map(\.word.count).max() ?? 0
                for entry in entries {
                    out +=
                        "  " + entry.word + String(repeating: " ", count: width - entry.word.count) + "  "
                        + entry.summary + "\n"
                }
            }
            return out
        }
        if let text = Vocabulary.topics.first(where: { $0.name == topic })?.text { return text + "\n" }
        var word = topic
        if Vocabulary.entries(named: word).isEmpty && Vocabulary.entries(named: "." + word).count > 0 {
            word = "." + word
        }
        let entries = Vocabulary.entries(named: word)
        if entries.isEmpty {
            console.report(.noHelp(topic))
            return ""
        }
        return entries.map {
            "\($0.usage)\n    \($0.summary) (\(REPL.heading($0.category).lowercased()))\n    example: \($0.example)\n"
        }.joined()
    }

    /// The order of the categories in `.help`.
    static let helpOrder: [Vocabulary.Category] = [
        .dotCommand, .command, .layerPrefix, .batch, .scripting, .gesture, .hook, .builtin, .value, .optionWord,
        .operatorWord,
    ]

    /// A category's heading in `.help`.
    static func heading(_ category: Vocabulary.Category) -> String {
        switch category {
        case .dotCommand: return "REPL commands"
        case .command: return "List commands"
        case .layerPrefix: return "Layer prefixes"
        case .batch: return "Batches"
        case .scripting: return "Scripting"
        case .gesture: return "Gestures and modes"
        case .hook: return "Hooks (on HOOK = EXPR)"
        case .builtin: return "Built-in functions"
        case .value: return "Values"
        case .optionWord: return "Words inside statements"
        case .operatorWord: return "Operators"
        }
    }

    /// `.history`: the entries numbered, continuation lines indented under their entry.
    static func listing(_ entries: [String]) -> String {
        let width = String(entries.count).count
        var out = ""
        for (i, entry) in entries.enumerated() {
            let number = String(i + 1)
            let pad = String(repeating: " ", count: width - number.count)
            let lines = REPL.visible(entry).split(separator: "\n", omittingEmptySubsequences: false)
            out += "  " + pad + number + "  " + (lines.first.map(String.init) ?? "") + "\n"
            for line in lines.dropFirst() { out += "  " + String(repeating: " ", count: width) + "  " + line + "\n" }
        }
        return out
    }

    /// `text` safe to print on a terminal: control characters other than tab and newline shown as `^X`
    /// or `\u{XX}`, so a recalled entry cannot send escape sequences.
    static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A: out.unicodeScalars.append(scalar)
            case 0x00..<0x20: out += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: out += "^?"
            case 0x80..<0xA0: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The completer for the session as it is now.
    func completer(continuation: Bool) -> Completer {
        Completer(
            variables: interpreter.variableNames, procedures: interpreter.procedureNames, isContinuation: continuation,
            listDirectory: Completer.listFileSystem)
    }

    /// The user's home directory from the password database (when HOME is unset).
    static func homeDirectory() -> String? {
        guard let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir else { return nil }
        return String(cString: dir)
    }
}
