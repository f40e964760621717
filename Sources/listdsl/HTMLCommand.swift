import ArgumentParser
import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Platform

/// `listdsl html FILE… [-o OUT.html]`: runs the scripts as `listdsl FILE…` does and writes the run as
/// one self-contained HTML lesson to step through in a browser.
struct HTML: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "html",
        abstract: "Run scripts and write the run as an HTML lesson to step through in a browser.",
        discussion: """
            The page is one self-contained file (no network): the source with the current statement, the
            table view as an iPhone draws it, each commit animated, a rejected batch's exception, the calls
            of each step as a sequence diagram, and the console. ← and → step; #step=N links to a step.
            Errors are reported on standard error too, with the exit statuses of 'listdsl FILE…'.

            With --events, it writes the page's data instead of the page: the run's event stream with the
            page's states, one JSON object per line (docs/events.md, "States"), which any tool can draw.

            \(exitCodeHelp)
            """
    )

    @Argument(
        help: ArgumentHelp(
            "Scripts to run in order, sharing one session; '-' reads standard input.", valueName: "file"),
        completion: .file(extensions: ["list"]))
    var files: [String]

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the page to FILE (default: standard output).", valueName: "file"),
        completion: .file(extensions: ["html"]))
    var output: String?

    @Option(help: ArgumentHelp("The page's title (default: the first script's name).", valueName: "text"))
    var title: String?

    @Flag(
        help: ArgumentHelp(
            "Make the page a playground: it carries the interpreter (WebAssembly) and runs an edited script.",
            discussion: "The module is scripts/wasm.sh's .build-wasm/listdsl.wasm.pack, or the one install.sh installs."
        ))
    var playground = false

    @Option(
        help: ArgumentHelp(
            "The WebAssembly interpreter for --playground (listdsl.wasm, .wasm.pack or .wasm.gz).", valueName: "file"),
        completion: .file(extensions: ["pack", "gz", "wasm"]))
    var interpreter: String?

    @OptionGroup var options: RunOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("html needs at least one FILE") }
        if interpreter != nil && !playground { throw ValidationError("--interpreter goes with --playground") }
        if playground && options.events { throw ValidationError("--playground makes a page; --events writes its data") }
    }

    func run() throws {
        let status = onLargeStack { [self] in export() }
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs the scripts into a lesson, writes the page, and returns the run's exit status.
    func export() -> Int32 {
        let console = Console(errorColor: colorWanted(fd: 2, mode: options.color))
        defer { console.flush() }
        installInterruptHandler()
        var module: [UInt8]?
        if playground {
            switch Self.interpreterModule(given: interpreter, limit: options.settings.limits.scriptBytes) {
            case .success(let bytes): module = bytes
            case .failure(let error):
                console.report(error)
                return Exit.noInput.rawValue
            }
        }
        let recorded: (lesson: Lesson, status: Int32)
        switch Self.record(files.map { .path($0) }, options: options, console: console) {
        case .success(let run): recorded = run
        case .failure(let exit): return exit.status
        }
        let status = recorded.status
        let name = title ?? files[0].split(separator: "/").last.map(String.init) ?? files[0]
        let page =
            options.events
            ? recorded.lesson.stream
            : LessonPage.html(recorded.lesson, title: name, interpreter: module.map { .embedded($0) })
        if let output {
            if let problem = AtomicFile.write(Array(page.utf8), to: output, mode: 0o644) {
                console.report(.cannotWritePage(problem))
                return Exit.cannotCreate.rawValue
            }
        } else {
            console.write(page)
        }
        return status
    }
}

extension HTML {
    /// A script to record: a path as given on the command line, or a text the command holds.
    enum Script {
        case path(String)
        case source(SourceFile)
    }

    /// Runs `files` in order in one session, as `listdsl FILE…` does, recording the run as a lesson; errors
    /// are reported to `console` too. Returns the lesson and the run's exit status, or how to exit when a
    /// file cannot be read.
    static func record(_ files: [Script], options: RunOptions, console: Console)
        -> Result<(lesson: Lesson, status: Int32), EarlyExit>
    {
        let recorder = LessonRecorder()
        var inputs: [SourceFile] = []
        var names = PageNames()
        for script in files {
            switch script {
            case .source(let file): inputs.append(file)
            case .path(let path):
                switch readScript(path, limits: options.settings.limits, console: console) {
                case .success(let file): inputs.append(names.named(file, given: path))
                case .failure(let exit): return .failure(exit)
                }
            }
        }
        let report: (Diagnostic) -> Void = { d in
            console.report(d)
            recorder.receive(.diagnostic(d))
        }
        var io = ScriptRunner.io(limits: options.settings.limits, emit: recorder.receive, detail: .all)
        let load = io.load
        io.load = { [names] path in load(path).map { names.named($0) } }
        let interpreter = Interpreter(io: io, options: options.settings.interpreterOptions(color: false))
        recorder.interpreter = interpreter
        var status = Exit.ok.rawValue
        var programs: [(SourceFile, Program)] = []
        for input in inputs {
            recorder.addFile(input)
            let result = parseFile(input, limits: options.settings.limits)
            for d in result.diagnostics { report(d) }
            if let failed = result.failureStatus, status == Exit.ok.rawValue { status = failed }
            programs.append((input, result.program))
        }
        if status == Exit.ok.rawValue {
            for (source, program) in programs {
                if let failed = ScriptError.status(
                    reporting: report, { () throws(ScriptError) in try interpreter.run(program, in: source) })
                {
                    status = failed
                    break
                }
            }
            if status == Exit.ok.rawValue,
                let failed = ScriptError.status(
                    reporting: report, { () throws(ScriptError) in try interpreter.finish() })
            {
                status = failed
            }
            if status == Exit.ok.rawValue && interpreter.failedExpectations > 0 { status = Exit.expectFailed.rawValue }
        }
        recorder.finish()
        if let why = recorder.lesson.truncation {
            console.report(.lessonTruncated(steps: recorder.lesson.steps.count - 1, why))
        }
        return .success((recorder.lesson, status))
    }
}

extension HTML {
    /// The WebAssembly module for a playground: `given`, else `$LISTDSL_WASM`, else the one installed beside
    /// the command (`../share/listdsl/listdsl.wasm.pack`), else the one scripts/wasm.sh built in the
    /// package the command was built in (`.build-wasm/listdsl.wasm.pack`, found upwards from the command).
    static func interpreterModule(given: String?, limit: Int) -> Result<[UInt8], UsageError> {
        var places: [String] = []
        if let given {
            places = [given]
        } else if let path = environmentValue("LISTDSL_WASM"), !path.isEmpty {
            places = [path]
        } else if let command = Host.executablePath() {
            var directory = directoryName(command)
            places.append(directory + "/../share/listdsl/listdsl.wasm.pack")
            for _ in 0..<4 {
                places.append(directory + "/.build-wasm/listdsl.wasm.pack")
                directory = directoryName(directory)
                if directory.isEmpty || directory == "/" { break }
            }
        }
        for place in places {
            if case .success(let bytes) = readInput(path: place, limit: limit, checks: defaultReadingChecks()) {
                return .success(bytes)
            }
        }
        if let given, case .failure(let error) = readInput(path: given, limit: limit, checks: defaultReadingChecks()) {
            return .failure(.cannotRead(what: "'\(given)'", reason: error.message))
        }
        return .failure(.noInterpreter(looked: places))
    }
}

/// How a page names the files it shows: no path of the machine that made it may appear in it. A name the
/// user gave that is no such path (relative, not up through '..') stays as given; a file under the folder
/// of a script given by such a path (a file it runs) is named from that folder; any other, by its file name.
/// The names are the files' names in their diagnostics too, on standard error as in the page.
struct PageNames {
    /// The folders, each ending in '/', of the scripts given by paths of the machine.
    private(set) var folders: [String] = []

    /// `file`, read from `path` as given on the command line, under the name the page shows.
    mutating func named(_ file: SourceFile, given path: String) -> SourceFile {
        if Self.isMachinePath(path), let slash = path.lastIndex(of: "/") {
            let folder = String(path[...slash])
            if !folders.contains(folder) { folders.append(folder) }
        }
        return named(file)
    }

    /// `file` (a script, or a file a script runs, by the path it was read from) under the name the page shows.
    func named(_ file: SourceFile) -> SourceFile {
        let name = name(of: file.name)
        return name == file.name ? file : SourceFile(name: name, bytes: file.bytes, directory: file.directory)
    }

    /// The name the page shows for the file read from `path`.
    func name(of path: String) -> String {
        if !Self.isMachinePath(path) { return path }
        for folder in folders where path.hasPrefix(folder) {
            let rest = String(path.dropFirst(folder.count))
            if !rest.isEmpty && !Self.isMachinePath(rest) { return rest }
        }
        return path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Whether `path` names a folder of the machine: it is absolute, or goes up through '..'.
    static func isMachinePath(_ path: String) -> Bool {
        path.hasPrefix("/") || path.split(separator: "/").contains("..")
    }
}
