import ArgumentParser
import ListFormats
import ListLanguage
import ListTeaching
import Platform

/// `listdsl site DIR FILE…`: a class's static site: an index, an empty playground, each script as a
/// lesson that runs in the page, and the quiz made and graded in the page. It works from `file://` and
/// from any static host; the pages share one copy of the interpreter.
struct Site: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Write a class site: an index, a playground, each script as a lesson, and the quiz.",
        discussion: """
            DIR gets index.html, playground.html (an empty script to write and run), quiz.html (questions
            made and graded in the page by the interpreter, as 'listdsl quiz' makes and grades them), one
            page per script under lessons/, each recorded as 'listdsl html --playground' records it, and
            listdsl-wasm.js, the interpreter the pages share. Open DIR/index.html from the disk, or copy DIR
            to any static web host: nothing needs a server, and no page sends anything anywhere.

            Each script runs in a session of its own; its errors are reported on standard error and shown
            in its page. The exit status is the first failing script's, as 'listdsl FILE' gives it.
            """
    )

    @Argument(help: ArgumentHelp("The folder to write the site into (made when missing).", valueName: "dir"))
    var directory: String

    @Argument(
        help: ArgumentHelp("Scripts to make lessons of, each in its own session.", valueName: "file"),
        completion: .file(extensions: ["list"]))
    var files: [String] = []

    @Option(help: ArgumentHelp("The index page's title.", valueName: "text"))
    var title = "ListDSL lessons"

    @Option(
        help: ArgumentHelp(
            "The WebAssembly interpreter (listdsl.wasm, .wasm.pack or .wasm.gz).", valueName: "file"),
        completion: .file(extensions: ["pack", "gz", "wasm"]))
    var interpreter: String?

    /// The playground's first script: a batch to change and run.
    static let starter = """
        # The playground: write a script and press Run (or Ctrl+Enter). Every step shows the table view,
        # the calls UIKit makes and its texts; the console under the run goes on from its end.
        reset [["Milk", "Eggs", "Tea"]]
        begin
          delete 0:0
          insert 0:2 "Jam"
        end

        """

    func validate() throws {
        var names: [String] = []
        for file in files {
            let name = Self.pageName(file)
            if names.contains(name) { throw ValidationError("two scripts would make lessons/\(name).html") }
            names.append(name)
        }
    }

    func run() throws {
        let status = onLargeStack { [self] in write() }
        if status != 0 { throw ExitCode(status) }
    }

    /// The page name of a script: its file name without `.list`.
    static func pageName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.hasSuffix(".list") ? String(file.dropLast(5)) : file
    }

    /// Writes the site; returns the exit status.
    func write() -> Int32 {
        let console = Console(errorColor: colorWanted(fd: 2, mode: .auto))
        defer { console.flush() }
        installInterruptHandler()
        let options: RunOptions
        do { options = try RunOptions.parse([]) } catch { return Exit.usage.rawValue }
        let module: [UInt8]
        switch HTML.interpreterModule(given: interpreter, limit: options.settings.limits.scriptBytes) {
        case .success(let bytes): module = bytes
        case .failure(let error):
            console.report(error)
            return Exit.noInput.rawValue
        }
        for folder in [directory, directory + "/lessons"] where mkdir(folder, 0o755) != 0 && errno != EEXIST {
            console.report(.cannotWritePage("cannot make '\(folder)': \(errorDescription(errno))"))
            return Exit.cannotCreate.rawValue
        }
        // A site writes inside DIR only: a link in it that leads elsewhere is refused, never followed.
        if let link = AtomicFile.linkTarget(directory + "/lessons") {
            console.report(
                .cannotWritePage(
                    "'\(directory)/lessons' is a symbolic link to '\(link)'; a site writes inside '\(directory)' only"))
            return Exit.cannotCreate.rawValue
        }
        var pages: [(path: String, text: String)] = [
            (SitePages.moduleScriptName, SitePages.moduleScript(module)),
            ("quiz.html", SitePages.quiz(moduleScript: SitePages.moduleScriptName)),
        ]
        var status = Exit.ok.rawValue
        var entries: [SitePages.Entry] = []
        let starter = SourceFile(name: "playground.list", text: Self.starter)
        let lessons: [(path: String, file: SourceFile?)] =
            [("playground.list", starter)] + files.map { ($0, nil) }
        for (i, lesson) in lessons.enumerated() {
            let recorded: (lesson: Lesson, status: Int32)
            let script: HTML.Script = lesson.file.map { .source($0) } ?? .path(lesson.path)
            switch HTML.record([script], options: options, console: console) {
            case .success(let run): recorded = run
            case .failure(let exit): return exit.status
            }
            if status == Exit.ok.rawValue { status = recorded.status }
            let name = Self.pageName(lesson.path)
            let page = i == 0 ? "playground.html" : "lessons/\(name).html"
            let shared = i == 0 ? SitePages.moduleScriptName : "../" + SitePages.moduleScriptName
            let lessonPage = LessonPage.html(
                recorded.lesson, title: name, interpreter: .script(shared), opensEditor: i == 0)
            pages.append((page, lessonPage))
            if i > 0, let text = recorded.lesson.files.first?.lines.joined(separator: "\n") {
                entries.append(SitePages.Entry(page: page, title: name, summary: SitePages.summary(of: text)))
            }
        }
        pages.append(("index.html", SitePages.index(title: title, lessons: entries)))
        for page in pages {
            if let problem = AtomicFile.write(
                Array(page.text.utf8), to: directory + "/" + page.path, mode: 0o644, followingLinks: false)
            {
                console.report(.cannotWritePage(problem))
                return Exit.cannotCreate.rawValue
            }
        }
        console.error("wrote \(pages.count) files to \(directory): open \(directory)/index.html\n")
        return status
    }
}
