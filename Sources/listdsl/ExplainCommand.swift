import ArgumentParser
import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

/// `listdsl explain [FILE…] [-e TEXT]`: reads UIKit's batch-update crash texts out of what a developer has
/// (a bare reason, an Xcode console, a crash report, a page copied as text), explains each and writes a
/// script that makes the simulator raise it.
struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explain a UIKit batch-update crash text, and write a script that reproduces it.",
        discussion: """
            Give it what you have: a crash's reason, an Xcode console, a crash report (.crash, .ips), a
            Crashlytics or Sentry page or a forum post copied as text; standard input when there is no FILE.
            For each UITableView, UICollectionView or diffable data source text in it, it says which of
            UIKit's checks failed, UIKit's arithmetic with the numbers, what they say the app did, the
            likely causes with their fixes, which views and iOS versions print the text so, and a script
            that makes the simulator raise it; it runs the script and says whether the text is the same,
            word for word (index paths' addresses and the view's description aside).

            EXIT STATUS:
              0    every text found was explained
              64   usage error
              65   no UIKit batch-update text was found (near misses are shown)
              66   a file cannot be read
            """
    )

    @Argument(
        help: ArgumentHelp("Files holding crash texts ('-' reads standard input).", valueName: "file"),
        completion: .file())
    var files: [String] = []

    @Option(name: .customShort("e"), help: ArgumentHelp("A crash text given on the command line.", valueName: "text"))
    var texts: [String] = []

    @Flag(help: "Write the report as JSON (format listdsl-explain, version 1; docs/explain.md).")
    var json = false

    @Option(
        help: ArgumentHelp(
            "Also write each reproducing script to DIR, as NAME-N.list, to run or step through with 'listdsl html'.",
            valueName: "dir"))
    var scripts: String?

    @Flag(help: "Write, instead of the report, the first text's reproducing script as an HTML lesson, at its crash.")
    var html = false

    @Flag(help: "As --html, with the interpreter in the page to edit the script and run it again.")
    var playground = false

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the page to FILE (default: standard output).", valueName: "file"),
        completion: .file(extensions: ["html"]))
    var output: String?

    func validate() throws {
        if json && (html || playground) {
            throw ValidationError("--json writes the report; --html and --playground a page")
        }
        if output != nil && !(html || playground) { throw ValidationError("-o goes with --html or --playground") }
    }

    @OptionGroup var reading: ReadingLimits

    func run() throws {
        let console = Console(errorColor: colorWanted(fd: 2, mode: .auto))
        defer { console.flush() }
        installInterruptHandler()
        var inputs: [(name: String, bytes: [UInt8])] = texts.map { ("-e", Array($0.utf8)) }
        for path in files.isEmpty && texts.isEmpty ? ["-"] : files {
            switch readScript(path, limits: reading.limits, console: console) {
            case .success(let file): inputs.append((path == "-" ? "<stdin>" : path, file.bytes))
            case .failure(let exit): throw ExitCode(exit.status)
            }
        }
        var foundAny = false
        var documents: [String] = []
        if html || playground { return try page(inputs, console: console) }
        for (k, input) in inputs.enumerated() {
            let report = ExplainReport(name: input.name, input: input.bytes)
            foundAny = foundAny || !report.explained.isEmpty
            if json {
                documents.append(report.json)
            } else {
                if k > 0 { console.write("\n") }
                console.write(report.text)
            }
            if let scripts { try write(report, to: scripts, console: console) }
        }
        if json { console.write(documents.joined()) }
        if !foundAny { throw ExitCode(Exit.syntax.rawValue) }
    }

    /// The first text's reproducing script as a lesson page (or a playground), written to `output`.
    func page(_ inputs: [(name: String, bytes: [UInt8])], console: Console) throws {
        guard
            let (name, explanation) = inputs.lazy.compactMap({ input in
                ExplainReport(name: input.name, input: input.bytes).explained.first.map { (input.name, $0) }
            }).first
        else {
            for input in inputs { console.error(ExplainReport(name: input.name, input: input.bytes).text) }
            throw ExitCode(Exit.syntax.rawValue)
        }
        var module: [UInt8]?
        if playground {
            switch HTML.interpreterModule(given: nil, limit: reading.limits.scriptBytes) {
            case .success(let bytes): module = bytes
            case .failure(let error):
                console.report(error)
                throw ExitCode(Exit.noInput.rawValue)
            }
        }
        let options = try RunOptions.parse([])
        let file = SourceFile(name: "reproduce.list", text: explanation.reproduction.script)
        let recorded: (lesson: Lesson, status: Int32)
        // The crash is the point of the page: it is not reported as the command's error.
        switch HTML.record([.source(file)], options: options, console: Console(errorColor: false, quiet: true)) {
        case .success(let run): recorded = run
        case .failure(let exit): throw ExitCode(exit.status)
        }
        let title = "explain: " + (name.split(separator: "/").last.map(String.init) ?? name)
        let page = LessonPage.html(
            recorded.lesson, title: title, interpreter: module.map { .embedded($0) }, opensEditor: playground,
            startsAt: recorded.lesson.crashStep)
        if let output {
            if let problem = AtomicFile.write(Array(page.utf8), to: output, mode: 0o644) {
                console.report(.cannotWritePage(problem))
                throw ExitCode(Exit.cannotCreate.rawValue)
            }
        } else {
            console.write(page)
        }
    }

    /// Writes each reproducing script of `report` to `directory` as NAME-N.list.
    func write(_ report: ExplainReport, to directory: String, console: Console) throws {
        let base = report.name.split(separator: "/").last.map(String.init) ?? "explained"
        let stem =
            base == "-e" || base == "<stdin>" ? "explained" : base.split(separator: ".").first.map(String.init) ?? base
        for (k, e) in report.explained.enumerated() where e.reproduction.impossible == nil {
            let path = directory + "/" + stem + "-\(k + 1).list"
            if let problem = AtomicFile.write(Array(e.reproduction.script.utf8), to: path, mode: 0o644) {
                console.report(.cannotWritePage(problem))
                throw ExitCode(Exit.cannotCreate.rawValue)
            }
        }
    }
}
