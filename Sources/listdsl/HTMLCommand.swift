import ArgumentParser
import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

#if canImport(Glibc)
    import Glibc
#endif

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

    @OptionGroup var options: RunOptions

    func validate() throws {
        if files.isEmpty { throw ValidationError("html needs at least one FILE") }
        if options.events { throw ValidationError("--events writes the run as JSON lines; html writes a page") }
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
        let recorder = LessonRecorder()
        var inputs: [SourceFile] = []
        for path in files {
            switch readScript(path, limit: options.settings.limits.scriptBytes, console: console) {
            case .success(let file): inputs.append(file)
            case .failure(let exit): return exit.status
            }
        }
        let report: (Diagnostic) -> Void = { d in
            console.report(d)
            recorder.receive(.diagnostic(d))
        }
        let interpreter = Interpreter(
            io: ScriptRunner.io(limits: options.settings.limits, emit: recorder.receive, detail: .all),
            options: options.settings.interpreterOptions(color: false))
        recorder.interpreter = interpreter
        var status = Exit.ok.rawValue
        var programs: [(SourceFile, Program)] = []
        for input in inputs {
            recorder.addFile(input)
            let result = parseFile(input)
            for d in result.diagnostics { report(d) }
            if result.diagnostics.contains(where: { $0.severity == .error }) { status = Exit.syntax.rawValue }
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
        let name = title ?? files[0].split(separator: "/").last.map(String.init) ?? files[0]
        let page = LessonPage.html(recorder.lesson, title: name)
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
