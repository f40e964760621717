import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

// The entry points exist only in the WebAssembly build; a native build of the package compiles this
// target empty (`Package.swift` lists it so SwiftPM builds it for wasm32 with the libraries).
#if arch(wasm32)

    /// The WebAssembly module's entry points: the host copies a script into memory it asks for
    /// (`listdsl_alloc`), runs it (`listdsl_run`), and reads what the native command would have written to
    /// standard output and standard error (`listdsl_stdout`, `listdsl_stderr` and their lengths).
    ///
    /// The session is wired as `Sources/listdsl/ScriptRunner.swift` wires the command's, with the same
    /// renderers: `TextRenderer` for output and the trace, `DiagnosticRenderer` for diagnostics, and with
    /// `--events` a `JSONLinesRenderer` that takes both. `run` reads its file through the host (`listdsl.read_file`);
    /// `save` and the user-defaults store's file fail with a diagnostic, and the defaults last the one run.
    enum WasmSession {
        /// `--events`, in `listdsl_run`'s flags.
        static let eventsFlag: Int32 = 1
        /// `--trace`.
        static let traceFlag: Int32 = 2

        /// What the last run wrote to standard output, then to standard error.
        nonisolated(unsafe) static var standardOutput: [UInt8] = []
        nonisolated(unsafe) static var standardError: [UInt8] = []

        /// The exit statuses of the native command's `Exit` that a script can end with.
        enum Status: Int32 {
            case ok = 0
            case expectFailed = 1
            case syntax = 65
            case runtime = 70

            /// A script that parsed so: nil when it has no error; 70 when the memory limit stopped the parse
            /// (the limit's status, as natively), else 65.
            init?(_ parsed: ParseResult) {
                if parsed.stop != nil {
                    self = .runtime
                } else if parsed.diagnostics.contains(where: { $0.severity == .error }) {
                    self = .syntax
                } else {
                    return nil
                }
            }
        }

        /// Runs the script `bytes`, named `name` as on the native command line, with `flags`; returns the exit
        /// status the native command would.
        static func run(name: String, bytes: [UInt8], flags: Int32) -> Int32 {
            standardOutput = []
            standardError = []
            let events = flags & eventsFlag != 0
            let trace = flags & traceFlag != 0
            let diagnostics = DiagnosticRenderer(color: false)
            let stream = events ? JSONLinesRenderer(write: { standardOutput.append(contentsOf: $0.utf8) }) : nil
            if stream != nil { standardOutput.append(contentsOf: JSONLinesRenderer.header(trace: trace).utf8) }
            let report: (Diagnostic) -> Void = { d in
                if let stream {
                    stream.render(.diagnostic(d))
                } else {
                    standardError.append(contentsOf: diagnostics.render(d).utf8)
                }
            }

            let file = SourceFile(name: name, bytes: bytes, directory: directoryName(name))
            let parsed = Parser.parse(file, checks: readingChecks)
            for d in parsed.diagnostics { report(d) }
            if let failed = Status(parsed) { return failed.rawValue }

            let draw: (Event) -> Void
            if let stream {
                draw = stream.render
            } else {
                draw =
                    TextRenderer(
                        write: { standardOutput.append(contentsOf: $0.utf8) },
                        report: { standardError.append(contentsOf: diagnostics.render($0).utf8) }, color: false
                    ).render
            }
            let io = hostIO(
                emit: draw, detail: stream == nil ? [] : .all,
                refusingWrites: "files cannot be written in the WebAssembly build")
            let interpreter = Interpreter(
                io: io, options: InterpreterOptions(limits: Limits(), trace: trace, color: false))
            return status(running: parsed.program, in: file, by: interpreter, reporting: report)
        }

        /// What every parse here checks as it goes (`ReadingChecks`): the module's memory against the limit a
        /// run has, so a script whose tree would pass the module's bound meets the limit's message instead.
        static var readingChecks: ReadingChecks {
            ReadingChecks(
                isInterrupted: { false }, memoryInUse: { Int(clamping: wasmMemoryBytes()) },
                memoryLimit: Limits.defaultMemoryBytes)
        }

        /// A session's I/O here: events go to `emit`, `run` reads its file through the host, and a write is
        /// refused with `refusingWrites`.
        static func hostIO(emit: @escaping (Event) -> Void, detail: EventDetail, refusingWrites: String)
            -> InterpreterIO
        {
            InterpreterIO(
                emit: emit, detail: detail,
                load: { path in
                    readHostFile(path).map { SourceFile(name: path, bytes: $0, directory: directoryName(path)) }
                },
                isInterrupted: { false }, memoryInUse: { Int(clamping: wasmMemoryBytes()) },
                write: { _, _, _ in refusingWrites })
        }

        /// Runs `program` of `file` to its end, reporting the error that stops it; returns the exit status
        /// the native command would.
        static func status(
            running program: Program, in file: SourceFile, by interpreter: Interpreter,
            reporting report: (Diagnostic) -> Void
        ) -> Int32 {
            interpreter.willRun(file)
            if let status = ScriptError.status(
                reporting: report, { () throws(ScriptError) in try interpreter.run(program, in: file) })
            {
                return status
            }
            if let status = ScriptError.status(
                reporting: report, { () throws(ScriptError) in try interpreter.finish() })
            {
                return status
            }
            return interpreter.failedExpectations > 0 ? Status.expectFailed.rawValue : Status.ok.rawValue
        }

        /// Runs the script `bytes`, named `name`, as `listdsl html` does, and leaves the lesson's event stream
        /// (docs/events.md, "States") in standard output: what the page draws. `stepLimit` (when above 0)
        /// bounds the statements it runs, as `--limit steps`; returns the exit status the native command would.
        static func lesson(name: String, bytes: [UInt8], stepLimit: Int) -> Int32 {
            standardOutput = []
            standardError = []
            let recorder = LessonRecorder()
            // The page reads the lesson on its one thread, a line at a time: 4 MiB of it (a few thousand steps
            // of a loop) is read in well under the time a click may wait, where the command's 32 MiB froze
            // the page for seconds.
            recorder.byteLimit = 4 << 20
            var limits = Limits()
            if stepLimit > 0 { limits.steps = stepLimit }
            // Below the module's memory bound (1 GiB, scripts/wasm.sh), so a script meets the interpreter's
            // limit and its message, not a trap.
            limits.memoryBytes = 768 << 20
            // A browser's worker has a far smaller stack than the command's thread: the page's recursion must
            // meet the interpreter's limit before the engine's stack runs out. In Chromium a hook that calls
            // itself through a gesture (the costliest nesting) ran out between 120 and 130 levels.
            limits.callDepth = 100
            // A page's limits are fixed: a limit's hint names what the page offers, not the command's flags.
            limits.setBy = .page
            // The session's events go to the recorder, then, once the lesson is written, to the console
            // (`console(_:)`), which goes on with the same session.
            consoleSession = nil
            sink = recorder.receive
            let io = hostIO(
                emit: { sink($0) }, detail: .all,
                refusingWrites: "files cannot be written in the page: save needs the command-line tool")
            let interpreter = Interpreter(io: io, options: InterpreterOptions(limits: limits, color: false))
            recorder.interpreter = interpreter
            let file = SourceFile(name: name, bytes: bytes, directory: directoryName(name))
            recorder.addFile(file)
            let report: (Diagnostic) -> Void = { recorder.receive(.diagnostic($0)) }
            let parsed = Parser.parse(file, checks: readingChecks)
            for d in parsed.diagnostics { report(d) }
            let failed = Status(parsed)
            let status =
                failed?.rawValue ?? Self.status(running: parsed.program, in: file, by: interpreter, reporting: report)
            recorder.finish()
            standardOutput = recorder.lesson.streamBytes
            sink = { _ in }
            if failed == nil { consoleSession = ConsoleSession(interpreter) }
            return status
        }

        /// Where the lesson's session sends its events: the recorder while it runs, then the console.
        nonisolated(unsafe) static var sink: (Event) -> Void = { _ in }
        /// The session the last lesson ran, which the console goes on with (nil before a lesson, or after a
        /// lesson whose script did not parse).
        nonisolated(unsafe) static var consoleSession: ConsoleSession?

        /// Runs the entry `bytes` against the last lesson's session, as the REPL runs a line: each
        /// statement's output, then the change view (with undo history, so `undo` and `redo` work). Leaves
        /// in standard output one JSON object: `status` (`ok`, `error`, `incomplete`: the entry needs more
        /// lines, `none`: no session), `output` (the text, as the REPL prints it, cut after
        /// `ConsoleSession.outputLimit` bytes), `errors` (the part of it that went to standard error),
        /// `prompt` (the REPL's next prompt), `cut` (the bytes of output left out), `cutAt` (where in
        /// `output` they were, in UTF-16 units, as a page's string counts; -1 when nothing was cut),
        /// `outputBytes` (all the entry wrote) and `outputLimit`.
        static func console(bytes: [UInt8]) -> Int32 {
            standardOutput = []
            standardError = []
            var w = JSONWriter()
            w.beginObject()
            defer {
                w.endObject()
                standardOutput = w.bytes
            }
            guard let session = consoleSession else {
                w.member("status", "none")
                return 1
            }
            let status = session.run(bytes)
            w.member("status", status)
            w.member("output", session.output)
            w.member("errors", session.errors)
            w.member("prompt", session.prompt)
            w.member("cut", session.cutBytes)
            w.member("cutAt", session.cutAt)
            w.member("outputBytes", session.writtenBytes)
            w.member("outputLimit", ConsoleSession.outputLimit)
            return status == "ok" ? 0 : 1
        }

        /// Makes the quiz a request asks for, or grades an answer to one of its questions, with the code of
        /// `listdsl quiz` (same seeds, same questions, same feedback). The request is a line `LEVEL SEED COUNT
        /// VIEW`; for an answer, a second line with the question's number (from 1) and a third with the
        /// answer as the terminal reads it. Leaves JSON in standard output: the questions
        /// (`QuizPage.json`), or `{"right": …, "text": …}` (`text` empty when the answer cannot be read);
        /// returns 0, or 64 for a request it cannot read (its reason in standard error).
        static func quiz(request bytes: [UInt8]) -> Int32 {
            standardOutput = []
            standardError = []
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let words = lines.first.map { $0.split(separator: " ") } ?? []
            guard words.count == 4, let level = Int64(words[0]), (1...5).contains(level), let seed = UInt64(words[1]),
                let count = Int64(words[2]), (1...50).contains(count), let view = ViewKind(rawValue: String(words[3]))
            else {
                standardError = Array(
                    "a quiz is asked for as 'LEVEL SEED COUNT VIEW': level 1 to 5, 1 to 50 questions, view table or collection\n"
                        .utf8)
                return 64
            }
            let questions = Quiz.questions(level: Int(level), seed: seed, count: Int(count), view: view)
            guard lines.count >= 3 else {
                standardOutput = Array(QuizPage.json(questions, level: Int(level), seed: seed).utf8)
                return 0
            }
            guard let index = Int64(lines[1]).flatMap({ Int(exactly: $0) }), questions.indices.contains(index - 1)
            else {
                standardError = Array("no question \(lines[1]) in this quiz\n".utf8)
                return 64
            }
            let answer = lines[2...].joined(separator: "\n")
            let verdict = Quiz.verdict(answer, for: questions[index - 1])
            var w = JSONWriter()
            w.beginObject()
            w.member("right", verdict?.right ?? false)
            w.member("text", verdict?.text ?? "")
            w.endObject()
            standardOutput = w.bytes
            return 0
        }

        /// The most bytes of pasted text `explain` reads: the page's limit on a script (a crash report or a
        /// console excerpt is a few KiB; the page says so before it sends more).
        static let explainLimit = 1 << 20

        /// Reads the pasted text `bytes` as `listdsl explain` reads a file: leaves the report's JSON
        /// (`ExplainReport.json`, format `listdsl-explain`, named `pasted`) in standard output. Returns the
        /// command's exit status: 0 when a text was explained, 65 when none was found, 64 for a text past
        /// `explainLimit` (its reason in standard error, nothing read).
        static func explain(bytes: [UInt8]) -> Int32 {
            standardOutput = []
            standardError = []
            guard bytes.count <= explainLimit else {
                standardError = Array(
                    "the text is larger than \(explainLimit >> 20) MiB: paste the part around the crash\n".utf8)
                return 64
            }
            let report = ExplainReport(name: "pasted", input: bytes)
            standardOutput = Array(report.json.utf8)
            return report.explained.isEmpty ? 65 : 0
        }

        /// Parses the script `bytes`, named `name`, without running it, and leaves its diagnostics in standard
        /// output as the event stream's `diagnostic` lines (docs/events.md): what an editor shows as you type.
        /// Returns the number of errors.
        static func check(name: String, bytes: [UInt8]) -> Int32 {
            standardOutput = []
            standardError = []
            let renderer = JSONLinesRenderer(write: { standardOutput.append(contentsOf: $0.utf8) })
            let file = SourceFile(name: name, bytes: bytes, directory: directoryName(name))
            let diagnostics = Parser.parse(file, checks: readingChecks).diagnostics
            for d in diagnostics { renderer.render(.diagnostic(d)) }
            return Int32(diagnostics.filter { $0.severity == .error }.count)
        }

        /// The directory part of `path`, as the native command computes it for `run`.
        static func directoryName(_ path: String) -> String {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
            return slash == path.startIndex ? "/" : String(path[..<slash])
        }

        /// The file at `path`, read by the host, or why it could not be (in the native command's words).
        static func readHostFile(_ path: String) -> Result<[UInt8], LoadError> {
            var path = path
            let answer = path.withUTF8 { hostReadFile($0.baseAddress, Int32($0.count)) }
            let count = answer >= 0 ? Int(answer) : Int(-1 - answer)
            let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                if let base = buffer.baseAddress { hostTakeFile(base) }
                initialized = count
            }
            if answer >= 0 { return .success(bytes) }
            var error = LoadError(String(decoding: bytes, as: UTF8.self))
            error.isMissing = TextEquality.same(error.message, "no such file or directory")
            return .failure(error)
        }
    }

    /// The page's console: the REPL's way of running an entry, on the session a lesson ran. Its events reach
    /// the change view's collector and a text renderer, as the REPL's do.
    final class ConsoleSession {
        let interpreter: Interpreter
        let changes = ChangeCollector()
        /// What the last entry printed, standard output and error in the order written; and the error part.
        var output = ""
        var errors = ""
        /// The most bytes of an entry's output the page is handed: the page draws an entry's output on its
        /// one thread, and 8 MiB of it kept that thread busy for seconds (issue 57). A lesson's own
        /// output is capped too (`recorder.byteLimit`).
        static let outputLimit = 256 << 10
        /// The bytes the last entry wrote, kept or not; those left out past `outputLimit`; and where in
        /// `output` the cut is, in UTF-16 units (-1: nothing was cut).
        var writtenBytes = 0
        var cutBytes = 0
        var cutAt = -1

        // The closures hold the session strongly (Embedded Swift has no `unowned`): the sink, which holds
        // them, is replaced when the next lesson starts, and nothing else holds them.
        init(_ interpreter: Interpreter) {
            self.interpreter = interpreter
            let text = TextRenderer(
                write: { self.show($0) }, report: { self.reportDiagnostic($0) },
                color: false)
            let changes = self.changes
            WasmSession.sink = { event in
                changes.receive(event)
                text.render(event)
            }
            interpreter.eventDetail = [.commits]  // the change view draws each statement's commits
            interpreter.options.recordsUndo = true
        }

        /// A diagnostic, as the command prints it on standard error. The error that ends an entry is shown
        /// whatever the entry printed before it (one an entry, and the renderer shows a window of a long
        /// line); a warning or a note counts against the output's limit, as a loop can give thousands.
        func reportDiagnostic(_ d: Diagnostic) {
            let shown = DiagnosticRenderer(color: false).render(d)
            if d.severity == .error {
                writtenBytes += shown.utf8.count
                output += shown
                errors += shown
            } else if show(shown) {
                errors += shown
            }
        }

        /// Adds `text` to the entry's output while it stays within `outputLimit`; past it, keeps the part
        /// that fits (to a character's end) and counts the rest. Returns whether all of it was kept.
        @discardableResult
        func show(_ text: String) -> Bool {
            let count = text.utf8.count
            writtenBytes += count
            if cutAt >= 0 {
                cutBytes += count
                return false
            }
            let room = ConsoleSession.outputLimit - (output.utf8.count)
            if count <= room {
                output += text
                return true
            }
            // The first `room` bytes, back to the start of a character (a UTF-8 continuation byte is
            // 0b10xxxxxx).
            let bytes = text.utf8
            var kept = max(room, 0)
            while kept > 0, kept < count, bytes[bytes.index(bytes.startIndex, offsetBy: kept)] & 0xC0 == 0x80 {
                kept -= 1
            }
            output += String(decoding: bytes.prefix(kept), as: UTF8.self)
            cutAt = output.utf16.count
            cutBytes += count - kept
            return false
        }

        /// The REPL's prompt: it shows an open batch.
        var prompt: String { InteractiveStatement.prompt(interpreter) }

        /// Runs one entry; returns `ok`, `error` or `incomplete`. Each entry has the step budget a run has,
        /// whatever the run or the entries before it took.
        func run(_ bytes: [UInt8]) -> String {
            output = ""
            errors = ""
            writtenBytes = 0
            cutBytes = 0
            cutAt = -1
            interpreter.startStepBudget()
            let source = SourceFile(name: "<console>", bytes: bytes)
            let parsed = Parser.parse(source, checks: WasmSession.readingChecks)
            if parsed.isIncomplete { return "incomplete" }
            let report: (Diagnostic) -> Void = { d in self.reportDiagnostic(d) }
            for d in parsed.diagnostics { report(d) }
            if parsed.diagnostics.contains(where: { $0.severity == .error }) { return "error" }
            for statement in parsed.program.statements {
                switch InteractiveStatement.run(
                    statement, in: source, by: interpreter, changes: changes, drawingChanges: true)
                {
                case .success(let drawn): show(drawn)
                case .failure(let failure):
                    switch failure.error {
                    case .interrupted(let d), .runtime(let d): report(d)
                    case .syntax(let ds): ds.forEach(report)
                    }
                    if failure.abandonedBatch {
                        report(
                            Diagnostic(
                                .note, file: .program, range: SourceRange(0, 0),
                                message: InteractiveStatement.abandonedBatchNote))
                    }
                    return "error"
                }
            }
            return "ok"
        }
    }

    /// Asks the host for the file at the `count` bytes of path at `path`: returns its length, or for a file it
    /// cannot read -1 minus the length of the reason. `hostTakeFile` then copies the file or the reason.
    @_extern(wasm, module: "listdsl", name: "read_file")
    func hostReadFile(_ path: UnsafePointer<UInt8>?, _ count: Int32) -> Int32

    /// Copies the bytes of the last `hostReadFile` answer to `to`.
    @_extern(wasm, module: "listdsl", name: "take_file")
    func hostTakeFile(_ to: UnsafeMutablePointer<UInt8>)

    /// The bytes of linear memory the module has, for the memory limit (the C runtime's).
    @_extern(c, "listdsl_memory_bytes")
    func wasmMemoryBytes() -> UInt64

    /// Memory for the host to copy a script or a name into; `listdsl_free` gives it back.
    @_cdecl("listdsl_alloc")
    public func listdslAlloc(_ count: Int32) -> UnsafeMutableRawPointer {
        UnsafeMutableRawPointer.allocate(byteCount: Int(max(count, 1)), alignment: 16)
    }

    /// Frees memory from `listdsl_alloc`.
    @_cdecl("listdsl_free")
    public func listdslFree(_ pointer: UnsafeMutableRawPointer?) {
        pointer?.deallocate()
    }

    /// The `count` bytes the host copied to `at`.
    func hostBytes(_ at: UnsafePointer<UInt8>?, _ count: Int32) -> [UInt8] {
        at.map { Array(UnsafeBufferPointer(start: $0, count: Int(count))) } ?? []
    }

    /// The `count` bytes the host copied to `at`, as text.
    func hostText(_ at: UnsafePointer<UInt8>?, _ count: Int32) -> String {
        String(decoding: hostBytes(at, count), as: UTF8.self)
    }

    /// Runs the script of `count` bytes at `script`, named by the `nameCount` bytes at `name` (as the native
    /// command is given its path), with `flags` (1: `--events`, 2: `--trace`); returns the exit status.
    @_cdecl("listdsl_run")
    public func listdslRun(
        _ name: UnsafePointer<UInt8>?, _ nameCount: Int32, _ script: UnsafePointer<UInt8>?, _ count: Int32,
        _ flags: Int32
    ) -> Int32 {
        WasmSession.run(name: hostText(name, nameCount), bytes: hostBytes(script, count), flags: flags)
    }

    /// Runs the script of `count` bytes at `script`, named by the `nameCount` bytes at `name`, as `listdsl
    /// html` does, with at most `stepLimit` statements (0: the default limits); the lesson's event stream
    /// is then the standard output (`listdsl_stdout`). Returns the exit status.
    @_cdecl("listdsl_lesson")
    public func listdslLesson(
        _ name: UnsafePointer<UInt8>?, _ nameCount: Int32, _ script: UnsafePointer<UInt8>?, _ count: Int32,
        _ stepLimit: Int32
    ) -> Int32 {
        WasmSession.lesson(name: hostText(name, nameCount), bytes: hostBytes(script, count), stepLimit: Int(stepLimit))
    }

    /// Parses the script of `count` bytes at `script`, named by the `nameCount` bytes at `name`, without
    /// running it: its diagnostics, as JSON lines, are then the standard output. Returns the error count.
    @_cdecl("listdsl_check")
    public func listdslCheck(
        _ name: UnsafePointer<UInt8>?, _ nameCount: Int32, _ script: UnsafePointer<UInt8>?, _ count: Int32
    ) -> Int32 {
        WasmSession.check(name: hostText(name, nameCount), bytes: hostBytes(script, count))
    }

    /// Runs the entry of `count` bytes at `script` in the console, on the last lesson's session (the name is
    /// not used: an entry is `<console>`); its answer, as JSON, is then the standard output.
    @_cdecl("listdsl_console")
    public func listdslConsole(
        _ name: UnsafePointer<UInt8>?, _ nameCount: Int32, _ script: UnsafePointer<UInt8>?, _ count: Int32
    ) -> Int32 {
        WasmSession.console(bytes: hostBytes(script, count))
    }

    /// Makes a quiz, or grades an answer, for the request of `count` bytes at `script` (`WasmSession.quiz`);
    /// the JSON is then the standard output.
    @_cdecl("listdsl_quiz")
    public func listdslQuiz(
        _ name: UnsafePointer<UInt8>?, _ nameCount: Int32, _ script: UnsafePointer<UInt8>?, _ count: Int32
    ) -> Int32 {
        WasmSession.quiz(request: hostBytes(script, count))
    }

    /// Explains the pasted text of `count` bytes at `script` (`WasmSession.explain`; the name is not used);
    /// the report's JSON is then the standard output. Returns the exit status `listdsl explain` would.
    @_cdecl("listdsl_explain")
    public func listdslExplain(
        _ name: UnsafePointer<UInt8>?, _ nameCount: Int32, _ script: UnsafePointer<UInt8>?, _ count: Int32
    ) -> Int32 {
        WasmSession.explain(bytes: hostBytes(script, count))
    }

    /// Where the last run's standard output is; valid until the next run.
    @_cdecl("listdsl_stdout")
    public func listdslStdout() -> UnsafePointer<UInt8>? {
        WasmSession.standardOutput.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// How many bytes the last run wrote to standard output.
    @_cdecl("listdsl_stdout_count")
    public func listdslStdoutCount() -> Int32 { Int32(WasmSession.standardOutput.count) }

    /// Where the last run's standard error is; valid until the next run.
    @_cdecl("listdsl_stderr")
    public func listdslStderr() -> UnsafePointer<UInt8>? {
        WasmSession.standardError.withUnsafeBufferPointer { $0.baseAddress }
    }

    /// How many bytes the last run wrote to standard error.
    @_cdecl("listdsl_stderr_count")
    public func listdslStderrCount() -> Int32 { Int32(WasmSession.standardError.count) }

#endif
