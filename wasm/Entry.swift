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
            let parsed = Parser.parse(file)
            for d in parsed.diagnostics { report(d) }
            if parsed.diagnostics.contains(where: { $0.severity == .error }) { return Status.syntax.rawValue }

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
            var limits = Limits()
            if stepLimit > 0 { limits.steps = stepLimit }
            // Below the module's memory bound (1 GiB, scripts/wasm.sh), so a script meets the interpreter's
            // limit and its message, not a trap.
            limits.memoryBytes = 768 << 20
            // A browser's worker has a far smaller stack than the command's thread (Chromium's ran out at a
            // thousand nested procedure calls): the page's recursion meets the interpreter's limit first.
            limits.callDepth = 200
            let io = hostIO(
                emit: recorder.receive, detail: .all,
                refusingWrites: "files cannot be written in the page: save needs the command-line tool")
            let interpreter = Interpreter(io: io, options: InterpreterOptions(limits: limits, color: false))
            recorder.interpreter = interpreter
            let file = SourceFile(name: name, bytes: bytes, directory: directoryName(name))
            recorder.addFile(file)
            let report: (Diagnostic) -> Void = { recorder.receive(.diagnostic($0)) }
            let parsed = Parser.parse(file)
            for d in parsed.diagnostics { report(d) }
            let status =
                parsed.diagnostics.contains(where: { $0.severity == .error })
                ? Status.syntax.rawValue
                : Self.status(running: parsed.program, in: file, by: interpreter, reporting: report)
            recorder.finish()
            standardOutput = Array(recorder.lesson.stream.utf8)
            return status
        }

        /// Parses the script `bytes`, named `name`, without running it, and leaves its diagnostics in standard
        /// output as the event stream's `diagnostic` lines (docs/events.md): what an editor shows as you type.
        /// Returns the number of errors.
        static func check(name: String, bytes: [UInt8]) -> Int32 {
            standardOutput = []
            standardError = []
            let renderer = JSONLinesRenderer(write: { standardOutput.append(contentsOf: $0.utf8) })
            let file = SourceFile(name: name, bytes: bytes, directory: directoryName(name))
            let diagnostics = Parser.parse(file).diagnostics
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
