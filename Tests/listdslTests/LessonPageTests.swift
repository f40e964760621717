import Foundation
import Testing

/// `listdsl html`: every example exports, runs with the exit status of `listdsl FILE`, and its page,
/// opened in headless Chromium (Debian's `chromium`; `.ci/run` installs it), steps through every
/// step with the → key drawing, at each step, exactly the rows the interpreter's table view holds
/// after that statement (the reference is `listdsl --events`: each statement's end carries the
/// table), shows UIKit's text for each rejected batch, and opens at `#step=N`. A screenshot of each
/// example's last step is written to `.build/lesson-screenshots/`.
@Suite(.serialized) struct LessonPageTests {
    static let examples: [String] = ExampleTests.examples

    /// The browser: `chromium` (or `chromium-browser`) on the PATH.
    static let chromium: String? = executableOnPath("chromium") ?? executableOnPath("chromium-browser")

    /// In CI the browser must be there (`.ci/run` installs it); elsewhere the browser tests need it.
    static let browserRequired = chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil

    /// Runs a page driver of Tests/Browser/ and returns the JSON object it prints, after checking it
    /// reported no error; `about` names the page in failures.
    static func drive(_ driver: String, _ arguments: [String], timeout: Double, about: String) throws -> [String: Any] {
        let run = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "Tests/Browser/" + driver] + arguments,
            directory: packageRoot, timeout: timeout)
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
            "\(about): the driver printed \(run.stdout) \(run.stderr)")
        #expect(result["error"] == nil, "\(about): \(result["error"] ?? "")")
        return result
    }

    /// What the page must show at each step, from the event stream: the table after each statement that
    /// is a step (not `if` or a loop), the rejection message a step caused, the statement's range (the
    /// columns the source pane highlights) and the calls made since the step before, in order (at most
    /// 64: the page counts the rest). A statement inside another (a hook's, a procedure's) first gives the
    /// running one a step of what happened since the last step, when anything did: a call, a hook or the
    /// user's gesture.
    static func expectedSteps(events: String) throws -> [[String: Any]] {
        var steps: [[String: Any]] = [
            ["table": [[String]](), "rejection": NSNull(), "range": NSNull(), "calls": [String]()]
        ]
        var rejection: Any = NSNull()
        var table: Any = [[String]]()
        var running: [[String: Any]] = []
        var calls: [String] = []
        let gestures: Set<String> = ["tap", "swipe", "drag", "select", "edit"]
        func range(_ event: [String: Any]) -> [Int] {
            ["line", "column", "endLine", "endColumn"].map { event[$0] as? Int ?? 0 }
        }
        func step(_ statement: [String: Any]) {
            steps.append([
                "table": table, "rejection": rejection, "range": range(statement), "calls": Array(calls.prefix(64)),
            ])
            rejection = NSNull()
            calls = []
        }
        for line in events.split(separator: "\n") {
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            switch event["event"] as? String {
            case "statement":
                if let outer = running.last, !calls.isEmpty { step(outer) }
                running.append(event)
                let text = event["text"] as? String ?? ""
                if event["depth"] as? Int == 0 && gestures.contains(String(text.prefix { $0.isLetter })) {
                    calls.append(text)
                }
            case "hook": calls.append("\(event["method"] ?? "") \(event["arguments"] ?? "")")
            case "dataSource":
                let arguments = event["arguments"] as? String ?? ""
                calls.append((event["method"] as? String ?? "") + (arguments.isEmpty ? "" : " " + arguments))
            case "call": calls.append(event["call"] as? String ?? "")
            case "tableView":
                calls.append(event["text"] as? String ?? "")
                if let after = event["table"], !(after is NSNull) { table = after }
            case "commit": if let after = event["table"], !(after is NSNull) { table = after }
            case "rejected": rejection = event["message"] ?? NSNull()
            case "statementEnd":
                running.removeLast()
                if let after = event["table"] { table = after }
                if event["compound"] as? Bool != true { step(event) }
            default: break
            }
        }
        // What came after the last statement joins the last step.
        if !calls.isEmpty, var lastStep = steps.popLast() {
            lastStep["calls"] = (lastStep["calls"] as? [String] ?? []) + calls.prefix(64)
            steps.append(lastStep)
        }
        return steps
    }

    @Test(.enabled(if: browserRequired), arguments: LessonPageTests.examples)
    func theLessonStepsThroughTheRun(_ name: String) throws {
        let chromium = try #require(Self.chromium, "install Debian's chromium package (.ci/run does)")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("lesson-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let script = "examples/" + name
        let page = work.appendingPathComponent("lesson.html")
        let export = try runListdsl(["html", script, "-o", page.path], directory: packageRoot)
        let plain = try runListdsl([script], directory: packageRoot)
        #expect(export.status == plain.status, "\(name): html exits as a plain run does")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://"), "\(name): the page loads nothing")

        let events = try runListdsl(["--events", script], directory: packageRoot)
        let expected = try Self.expectedSteps(events: events.stdout)
        let expectedFile = work.appendingPathComponent("expected.json")
        try JSONSerialization.data(withJSONObject: ["steps": expected]).write(to: expectedFile)
        let shots = packageRoot.appendingPathComponent(".build/lesson-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let shot = shots.appendingPathComponent(name.replacingOccurrences(of: ".list", with: ".png"))
        try? FileManager.default.removeItem(at: shot)

        let result = try Self.drive(
            "drive.py", [chromium, page.path, expectedFile.path, shot.path], timeout: 300, about: name)
        #expect(result["steps"] as? Int == expected.count, "\(name): stepped through every step")
        let mismatches = result["mismatches"] as? [Any] ?? []
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(3))")
        let hash = result["hash"] as? [String: Int]
        #expect(hash?["asked"] != nil && hash?["asked"] == hash?["seen"], "\(name): #step=N opens at step N")
        #expect(FileManager.default.fileExists(atPath: shot.path), "\(name): the last step's screenshot")
    }

    /// Each example's page read wide (1400 px), narrow (420 px) and printed, at every step
    /// (Tests/Browser/layout.py says what it measures): text contrast of at least 4.5:1, a slider that says
    /// the step, a sequence diagram with lifelines whose calls and notes are never cut; at 420 px nothing
    /// cut off at the edge and the table view first; on paper no deleted row over a header, the step and the
    /// script's name, nothing clipped or scrolling, inserted rows drawn and marked; and Alt+← is left to the
    /// browser. Whole-page screenshots of a middle step go to `.build/lesson-screenshots/`.
    @Test(.enabled(if: browserRequired), arguments: LessonPageTests.examples)
    func theLessonReadsWideNarrowAndPrinted(_ name: String) throws {
        let chromium = try #require(Self.chromium, "install Debian's chromium package (.ci/run does)")
        let work = try scratchDirectory("lesson-layout")
        defer { try? FileManager.default.removeItem(at: work) }
        let page = work.appendingPathComponent("lesson.html")
        _ = try runListdsl(["html", "examples/" + name, "-o", page.path], directory: packageRoot)
        let shots = packageRoot.appendingPathComponent(".build/lesson-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let prefix = shots.appendingPathComponent(name.replacingOccurrences(of: ".list", with: "")).path

        let result = try Self.drive("layout.py", [chromium, page.path, prefix], timeout: 600, about: name)
        let steps = result["steps"] as? [String: Int] ?? [:]
        #expect(steps.count == 3 && Set(steps.values).count == 1 && (steps["wide"] ?? 0) > 1, "\(name): \(steps)")
        let problems = (result["problems"] as? [[String: Any]] ?? []).map { problem in
            "step \(problem["step"] ?? ""), \(problem["mode"] ?? ""): \(problem["what"] ?? "") (\(problem["detail"] ?? ""))"
        }
        let count = result["problemCount"] ?? 0
        let first = problems.prefix(12).joined(separator: "\n")
        #expect(problems.isEmpty, "\(name): \(count) problems; the first:\n\(first)")
        let keys = result["keys"] as? [String: Any] ?? [:]
        let altLeftIsTheBrowsers = keys["step"] as? Int == 2 && keys["taken"] as? Bool == false
        #expect(altLeftIsTheBrowsers, "\(name): Alt+← is the browser's, yet the page took it: \(keys)")
    }

    /// The WebAssembly interpreter a playground page carries (`scripts/wasm.sh` builds it; CI does first).
    static let wasmModule = packageRoot.appendingPathComponent(".build-wasm/listdsl.wasm.pack")
    static let playgroundRequired =
        FileManager.default.fileExists(atPath: wasmModule.path) || ProcessInfo.processInfo.environment["CI"] != nil

    /// `listdsl html --playground`: the page carries the real interpreter. Every example, typed into the
    /// page's editor and run there, draws exactly the stream `listdsl html --events` writes for it; a
    /// crashing batch edited into a valid one commits; a shared link opens the same script at the same
    /// step; hostile scripts (an endless loop, ten million rows, deep recursion, a 2 MB script in a link)
    /// stop with a message while the page keeps answering; hostile links (long, wide, deep), a lesson's
    /// big output and console entries of 8 and 32 MiB keep the main thread's longest task under 250 ms,
    /// and each console entry has its own step budget (issue 57); and no request leaves the machine
    /// (Tests/Browser/playground.py). Screenshots go to `.build/lesson-screenshots/playground-*.png`.
    @Test(.enabled(if: browserRequired && playgroundRequired))
    func thePlaygroundRunsTheRealInterpreterInThePage() throws {
        let chromium = try #require(Self.chromium, "install Debian's chromium package (.ci/run does)")
        #expect(FileManager.default.fileExists(atPath: Self.wasmModule.path), "run scripts/wasm.sh first")
        let work = try scratchDirectory("playground")
        defer { try? FileManager.default.removeItem(at: work) }
        var examples: [[String: String]] = []
        for name in Self.examples {
            let script = "examples/" + name
            let page = work.appendingPathComponent(name + ".html")
            let export = try runListdsl(["html", "--playground", script, "-o", page.path], directory: packageRoot)
            #expect(
                export.stderr.isEmpty || export.status != 0 || !export.stderr.contains("interpreter"),
                "\(export.stderr)")
            let events = try runListdsl(["html", "--events", script], directory: packageRoot)
            let stream = work.appendingPathComponent(name + ".jsonl")
            try events.stdout.write(to: stream, atomically: true, encoding: .utf8)
            examples.append([
                "page": page.path, "script": packageRoot.appendingPathComponent(script).path, "events": stream.path,
            ])
        }
        let tour = try #require(examples.first { $0["script"]?.hasSuffix("tour.list") == true }?["page"])
        let manifest = work.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: ["examples": examples, "tour": tour]).write(to: manifest)
        let shots = packageRoot.appendingPathComponent(".build/lesson-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let result = try Self.drive(
            "playground.py", [chromium, manifest.path, shots.appendingPathComponent("playground").path], timeout: 600,
            about: "playground")
        #expect(result["examples"] as? Int == examples.count)
        let problems = (result["problems"] as? [[String: Any]] ?? []).map {
            "\($0["what"] ?? ""): \($0["detail"] ?? "")"
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
        #expect((result["requests"] as? Int ?? 0) >= 0)
    }

    /// A crash text as a public report quotes it (Tests/Explain/reports): the part after its header's `# ---`.
    static func reportText(_ name: String) throws -> String {
        let file = packageRoot.appendingPathComponent("Tests/Explain/reports/" + name)
        let whole = try String(contentsOf: file, encoding: .utf8)
        let header = try #require(whole.range(of: "# ---\n"), "\(name) has no '# ---' line")
        return String(whole[header.upperBound...])
    }

    /// The texts "Explain a crash" is tried on (issue 58): the five the issue names and a near miss; a name,
    /// the text, and the heading the panel gives it (nil: none is found).
    static func explainCases() throws -> [(name: String, text: String, heading: String?)] {
        [
            // A classic count text in an Xcode console (iOS 7: two spaces), with its assertion and stack.
            ("classic-count", try reportText("064-devhide-rows-ios7-console.txt"), "UITableView raised"),
            // The modern text, over several lines of an Xcode console, with its Updates list.
            ("modern", try reportText("114-deltachat-modern-console-multiline.txt"), "UICollectionView raised"),
            (
                "out-of-range-delete",
                "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to delete row 5 from section 0 which only contains 5 rows before the update'\n",
                "UITableView raised"
            ),
            // What UICollectionView logs on iOS 13 to 16.3 (and then reloads), with the log's prefix.
            (
                "collection-view-log",
                "2020-05-14 10:21:07.113 Photos[28933:533995] [UICollectionView] Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). - will perform reloadData. UICollectionView instance: <UICollectionView: 0x7fd1c8826200; frame = (0 0; 375 667); clipsToBounds = YES; autoresize = W+H; gestureRecognizers = <NSArray: 0x600000c3c2a0>; layer = <CALayer: 0x60000024f0a0>; contentOffset: {0, 0}; contentSize: {375, 200}; adjustedContentInset: {0, 0, 0, 0}; layout: <UICollectionViewFlowLayout: 0x7fd1c7d0a6b0>; dataSource: <Photos.GridViewController: 0x7fd1c7d09e40>>\n",
                "UICollectionView logged"
            ),
            // Not UIKit's batch updates: Foundation's range exception.
            (
                "not-uikit",
                "*** Terminating app due to uncaught exception 'NSRangeException', reason: '*** -[__NSArrayM objectAtIndex:]: index 5 beyond bounds [0 .. 4]'\n",
                nil
            ),
            // Almost one: a count written out where UIKit prints a number (a near miss: what was expected).
            (
                "near-miss",
                "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (three), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).\n",
                nil
            ),
        ]
    }

    /// Issue 58: every playground's "Explain a crash", offline in Chromium (Tests/Browser/explain.py). For a
    /// classic count text in an Xcode console, a modern text, an out-of-range delete, a collection view's
    /// log, a text that is not UIKit's and one that almost is: the panel opens and closes from the keyboard;
    /// the module's report is `listdsl explain --json`'s; the panel shows each text, its check, arithmetic,
    /// causes and whether the script reproduces it (or "no UIKit batch-update text found", with what was
    /// expected where); "Open the script" runs it in the editor and shows the crash step with the
    /// simulator's text (the step `listdsl explain --html` opens at); the panel reads at 390 px; the main
    /// thread's longest task stays under 250 ms; no request leaves the machine. A class site's index opens
    /// the panel in its playground (`playground.html#explain`), which explains too. Screenshots go to
    /// `.build/lesson-screenshots/explain-*.png`.
    @Test(.enabled(if: browserRequired && playgroundRequired))
    func thePlaygroundExplainsAPastedCrash() throws {
        let chromium = try #require(Self.chromium, "install Debian's chromium package (.ci/run does)")
        #expect(FileManager.default.fileExists(atPath: Self.wasmModule.path), "run scripts/wasm.sh first")
        let work = try scratchDirectory("explain-page")
        defer { try? FileManager.default.removeItem(at: work) }
        let page = work.appendingPathComponent("tour.html")
        let export = try runListdsl(
            ["html", "--playground", "examples/tour.list", "-o", page.path], directory: packageRoot)
        #expect(export.status == 0, "\(export.stderr)")
        var cases: [[String: Any]] = []
        for (name, text, heading) in try Self.explainCases() {
            let report = try runListdsl(["explain", "--json", "-"], stdin: text, directory: packageRoot)
            #expect(report.status == (heading == nil ? 65 : 0), "\(name): \(report.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8))
            // The step the command's page opens at: the first statement that did not complete (none for a log).
            let lesson = try runListdsl(["explain", "--html", "-"], stdin: text, directory: packageRoot)
            let start = lesson.stdout.firstMatch(of: /window\.listdslStartStep = (\d+);/).map { Int($0.1) ?? -1 }
            cases.append([
                "name": name, "text": text, "report": json, "heading": heading ?? NSNull(),
                "startStep": start ?? NSNull(),
            ])
        }
        let site = work.appendingPathComponent("site")
        let made = try runListdsl(
            ["site", site.path, "examples/tour.list"], directory: packageRoot, environment: ["LISTDSL_DEFAULTS": ""])
        #expect(made.status == 0, "\(made.stderr)")
        let manifest = work.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: ["page": page.path, "site": site.path, "cases": cases]).write(
            to: manifest)
        let shots = packageRoot.appendingPathComponent(".build/lesson-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let result = try Self.drive(
            "explain.py", [chromium, manifest.path, shots.appendingPathComponent("explain").path], timeout: 600,
            about: "explain")
        #expect((result["cases"] as? [String: Any])?.count == cases.count, "\(result["cases"] ?? "")")
        let problems = (result["problems"] as? [[String: Any]] ?? []).map {
            "\($0["what"] ?? ""): \($0["detail"] ?? "")"
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
    }

    /// WebKit (Safari's engine): `WebKitWebDriver` (Debian's webkit2gtk-driver) and Xvfb (Debian's xvfb), which
    /// `.ci/run` installs; elsewhere the test passes without them, saying so.
    static let webkitRequired = ProcessInfo.processInfo.environment["CI"] != nil

    /// The pages the Chromium drivers drive, in WebKit's MiniBrowser through the W3C WebDriver protocol
    /// (Tests/Browser/webkit.py): the tour's lesson loads with no JavaScript error and → steps it, each step
    /// drawing the interpreter's rows; the tour's playground runs its script and console entries in the page's
    /// WebAssembly interpreter; its "Explain a crash" gives the command's report for a pasted UIKit text and
    /// says the script reproduces it, and reads a 1 MiB log with the main thread's longest task under 250 ms;
    /// nothing is loaded from the network. Screenshots go to `.build/lesson-screenshots/webkit/`.
    @Test(.enabled(if: playgroundRequired))
    func thePagesWorkInWebKit() throws {
        #expect(FileManager.default.fileExists(atPath: Self.wasmModule.path), "run scripts/wasm.sh first")
        let work = try scratchDirectory("webkit")
        defer { try? FileManager.default.removeItem(at: work) }
        let script = "examples/tour.list"
        let lesson = work.appendingPathComponent("tour.html")
        let export = try runListdsl(["html", script, "-o", lesson.path], directory: packageRoot)
        #expect(export.status == 0, "\(export.stderr)")
        let events = try runListdsl(["--events", script], directory: packageRoot)
        let playground = work.appendingPathComponent("tour-playground.html")
        let made = try runListdsl(["html", "--playground", script, "-o", playground.path], directory: packageRoot)
        #expect(made.status == 0, "\(made.stderr)")
        for page in [lesson, playground] {
            let html = try String(contentsOf: page, encoding: .utf8)
            #expect(!html.contains("http://") && !html.contains("https://"), "\(page.lastPathComponent) loads nothing")
        }
        let crash =
            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
        let report = try runListdsl(["explain", "--json", "-"], stdin: crash, directory: packageRoot)
        #expect(report.status == 0, "\(report.stderr)")
        let steps = try Self.expectedSteps(events: events.stdout)
        // The console goes on from the run's end: `rows(0)` is the last table's count.
        let lastRows = ((steps.last?["table"] as? [[String]])?.first?.count).map { "rows(0)\n\($0)\n" } ?? "?"
        let manifest = work.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: [
            "lesson": ["page": lesson.path, "steps": steps],
            "playground": playground.path,
            "console": [
                ["entry": "print \"hello from WebKit\"", "wanted": "hello from WebKit"],
                ["entry": "print rows(0)", "wanted": lastRows],
            ],
            "explain": ["text": crash, "report": try JSONSerialization.jsonObject(with: Data(report.stdout.utf8))],
            "log": try Self.explainCases()[0].text,
        ]).write(to: manifest)
        let shots = packageRoot.appendingPathComponent(".build/lesson-screenshots/webkit")
        try? FileManager.default.removeItem(at: shots)
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let run = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "Tests/Browser/webkit.py", manifest.path, shots.path],
            directory: packageRoot, timeout: 600)
        // 77: WebKitWebDriver, MiniBrowser or Xvfb is missing; a failure only in CI, which installs them.
        if run.status == 77 && !Self.webkitRequired {
            print("thePagesWorkInWebKit: not run: \(run.stderr)")
            return
        }
        let result = try #require(
            try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
            "webkit.py exited \(run.status) and printed \(run.stdout.prefix(600)) \(run.stderr.prefix(600))")
        #expect(run.status == 0, "webkit.py exited \(run.status): \(run.stderr.prefix(2000))")
        #expect(result["error"] == nil, "\(result["error"] ?? "")")
        let problems = (result["problems"] as? [[String: Any]] ?? []).map { "\($0["what"] ?? ""): \($0["detail"] ?? "")" }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
        #expect((result["screenshots"] as? [String] ?? []).count >= 8, "\(result["screenshots"] ?? "")")
    }

    /// The WebAssembly module itself, unpacked (`scripts/wasm.sh` writes it beside the pack).
    static let wasmBinary = packageRoot.appendingPathComponent(".build-wasm/listdsl.wasm")
    static let nodePath: String? = executableOnPath("node")
    static let moduleRequired =
        (FileManager.default.fileExists(atPath: wasmBinary.path) && nodePath != nil)
        || ProcessInfo.processInfo.environment["CI"] != nil

    /// Runs `script` as the playground's lesson (with at most `steps` steps) and then each of `entries` in
    /// its console, through the module under node as the page's worker runs them
    /// (Tests/Browser/module-console.mjs); returns what it printed.
    static func console(_ script: String, steps: Int, _ entries: [String]) throws -> [String: Any] {
        let node = try #require(nodePath, "install Debian's nodejs package (.ci/run does)")
        #expect(FileManager.default.fileExists(atPath: wasmBinary.path), "run scripts/wasm.sh first")
        let work = try scratchDirectory("module-console")
        defer { try? FileManager.default.removeItem(at: work) }
        let file = work.appendingPathComponent("lesson.list")
        try script.write(to: file, atomically: true, encoding: .utf8)
        let run = try runProcess(
            URL(fileURLWithPath: node),
            [
                "--max-old-space-size=2048", "Tests/Browser/module-console.mjs", wasmBinary.path, file.path,
                String(steps),
            ]
                + entries,
            directory: packageRoot, timeout: 300)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any],
            "module-console.mjs printed \(run.stdout.prefix(400)) \(run.stderr.prefix(400))")
    }

    /// The answers of `console`'s entries, each the module's JSON.
    static func answers(_ result: [String: Any]) -> [[String: Any]] {
        (result["entries"] as? [[String: Any]] ?? []).map { $0["answer"] as? [String: Any] ?? [:] }
    }

    /// Issue 57, finding 5: after a run that met the step limit, every console entry failed with the same
    /// limit ("step limit of 10000000 exceeded"), and the hint said to raise it with --max-steps, which a
    /// page cannot. Each entry has its own budget (an entry that meets it leaves the next one its own), and
    /// a limit's hint in the page names what the page offers.
    @Test(.enabled(if: moduleRequired))
    func eachConsoleEntryHasItsOwnStepBudget() throws {
        let result = try Self.console(
            "reset [[\"A\", \"B\", \"C\"]]\nwhile true { }\n", steps: 200_000,
            ["print rows(0)", "delete 0:0", "undo", "redo", "while true { }", "print rows(0)"])
        let lesson = result["lesson"] as? [String: Any] ?? [:]
        #expect(lesson["status"] as? Int == 70, "\(lesson)")
        let ran = lesson["lastDiagnostic"] as? [String: Any] ?? [:]
        #expect(ran["message"] as? String == "step limit of 200000 exceeded", "\(ran)")
        let runHint = ran["hint"] as? String ?? ""
        #expect(!runHint.contains("--") && runHint.contains("each console entry"), "the run's hint: \(runHint)")
        let answers = Self.answers(result)
        try #require(answers.count == 6)
        for (i, entry) in ["print rows(0)", "delete 0:0", "undo", "redo"].enumerated() {
            #expect(answers[i]["status"] as? String == "ok", "\(entry): \(answers[i])")
            #expect((answers[i]["errors"] as? String ?? "x").isEmpty, "\(entry): \(answers[i])")
        }
        #expect((answers[0]["output"] as? String ?? "").hasPrefix("3\n"), "\(answers[0])")
        let limited = answers[4]["errors"] as? String ?? ""
        #expect(answers[4]["status"] as? String == "error", "\(answers[4])")
        #expect(limited.contains("step limit of 200000 exceeded"), "\(limited)")
        #expect(!limited.contains("--max-steps") && limited.contains("hint: the page gives"), "\(limited)")
        #expect(answers[5]["status"] as? String == "ok", "the entry after one that met the limit: \(answers[5])")
        #expect((answers[5]["output"] as? String ?? "").hasPrefix("2\n"), "\(answers[5])")
    }

    /// Issue 57, finding 4: a console entry that printed 8 MiB handed all of it to the page, whose main
    /// thread then drew it for seconds. The module keeps an entry's first `ConsoleSession.outputLimit` bytes
    /// (256 KiB) and says how many it left out; the error that ends the entry still shows in full, and the
    /// entry after is whole.
    @Test(.enabled(if: moduleRequired))
    func theModuleCutsAConsoleEntrysOutput() throws {
        let big = "let s = \"xxxxxxxx\"\nfor i in 0..<20 { s = s + s }\nprint s\n"
        let result = try Self.console(
            "reset [[\"A\"]]\n", steps: 10_000_000,
            [big, big + "delete 0:9", "repeat 100000 { print \"line\" }", "print rows(0)"])
        let entries = result["entries"] as? [[String: Any]] ?? []
        let answers = Self.answers(result)
        try #require(answers.count == 4)
        let limit = 256 << 10
        for (i, answer) in answers.prefix(3).enumerated() {
            // The JSON escapes each line break as two characters.
            let bytes = entries[i]["bytes"] as? Int ?? 0
            #expect(bytes < 2 * limit, "entry \(i + 1) handed the page \(bytes) characters")
            let output = answer["output"] as? String ?? ""
            let errors = answer["errors"] as? String ?? ""
            #expect(
                output.utf8.count <= limit + errors.utf8.count, "entry \(i + 1): \(output.utf8.count) bytes of output")
            let cutAt = answer["cutAt"] as? Int ?? -1
            #expect(
                cutAt > limit - 64 && cutAt <= limit && cutAt <= output.utf16.count, "entry \(i + 1): cut at \(cutAt)")
        }
        // 8 MiB and the line break: the bytes left out, counted.
        #expect(
            answers[0]["cut"] as? Int == (8 << 20) + 1 - (answers[0]["cutAt"] as? Int ?? 0),
            "\(answers[0]["cut"] ?? "")")
        #expect(answers[0]["status"] as? String == "ok")
        let failed = answers[1]["output"] as? String ?? ""
        #expect(answers[1]["status"] as? String == "error")
        #expect(
            failed.hasSuffix(answers[1]["errors"] as? String ?? "?")
                && failed.contains("error: attempt to delete row 9 from section 0"), "\(failed.suffix(300))")
        #expect(answers[2]["cut"] as? Int == 100_000 * 5 - (answers[2]["cutAt"] as? Int ?? 0))
        #expect(answers[3]["output"] as? String == "1\n" && answers[3]["cut"] as? Int == 0, "\(answers[3])")
    }

    /// The golden scripts that read files (`run FILE`): in a page there are none, and the page says so.
    static let goldensReadingFiles: Set<String> = [
        "gestures/target-for-move-other-file.list", "run/runs-a-file.list", "run/runs-inside-a-block.list",
        "run/cycle.list", "run/restores-a-procedure.list",
    ]

    /// The golden scripts that recurse to the call-depth limit: the page's is 100 (its worker's stack is
    /// small), the command's 1,000.
    static let goldensMeetingTheCallDepth: Set<String> = [
        "errors/call-depth.list", "gestures/recursion-caught-leaves-model.list", "gestures/recursive-commit-hook.list",
        "gestures/recursive-show-hook.list",
    ]

    /// `listdsl site DIR FILE…`: a class site that works from `file://` and from a static server on the
    /// loopback address with no request leaving the machine; every golden script, run by the module in the
    /// site's playground, draws what `listdsl html --events` writes for it; the console goes on from the
    /// end of the run as the REPL does (`--changes` is the oracle), with undo, errors and the batch prompt;
    /// the quiz asks the terminal's questions and gives its feedback and score (and a link with malformed
    /// escapes, `seed=%ff`, still makes one); and a hostile script leaves
    /// the page's main thread free (its longest task, traced through the DevTools protocol).
    /// Screenshots go to `.build/lesson-screenshots/site-*.png` (Tests/Browser/site.py).
    @Test(.enabled(if: browserRequired && playgroundRequired))
    func aClassSiteWorksFromItsFilesAndFromAStaticServer() throws {
        let chromium = try #require(Self.chromium, "install Debian's chromium package (.ci/run does)")
        let work = try scratchDirectory("site")
        defer { try? FileManager.default.removeItem(at: work) }
        let site = work.appendingPathComponent("site")
        let made = try runListdsl(
            ["site", site.path] + Self.examples.map { "examples/" + $0 }, directory: packageRoot,
            environment: ["LISTDSL_DEFAULTS": ""])
        #expect(made.stderr.contains("wrote \(Self.examples.count + 4) files"), "\(made.stderr)")
        for page in ["index.html", "playground.html", "quiz.html", "listdsl-wasm.js", "lessons/tour.html"] {
            #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent(page).path), "\(page)")
        }
        let root = packageRoot.appendingPathComponent("Tests/Scripts")
        let scripts = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".list") && !$0.contains("lib/") }.sorted()
        var goldens: [[String: Any]] = []
        for script in scripts {
            let file = root.appendingPathComponent(script)
            let name = file.lastPathComponent
            let events = try runListdsl(
                ["html", "--events", name], directory: file.deletingLastPathComponent(),
                environment: ["LISTDSL_DEFAULTS": ""])
            let stream = work.appendingPathComponent(script.replacingOccurrences(of: "/", with: "-") + ".jsonl")
            try events.stdout.write(to: stream, atomically: true, encoding: .utf8)
            goldens.append([
                "script": file.path, "name": name, "events": stream.path,
                "files": Self.goldensReadingFiles.contains(script),
                "depth": Self.goldensMeetingTheCallDepth.contains(script),
            ])
        }
        #expect(goldens.count > 100)
        let manifest = work.appendingPathComponent("manifest.json")
        try JSONSerialization.data(withJSONObject: [
            "goldens": goldens, "quiz": ["level": 3, "seed": 7, "count": 4, "view": "table"],
            "console": ["delete 0:0", "insert 0:1 \"Kiwi\"", "move 0:0 to 0:2", "undo", "print rows(0)"],
        ]).write(to: manifest)
        let shots = packageRoot.appendingPathComponent(".build/lesson-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let result = try Self.drive(
            "site.py",
            [chromium, listdslBinary.path, site.path, manifest.path, shots.appendingPathComponent("site").path],
            timeout: 900, about: "site")
        #expect(result["goldens"] as? Int == goldens.count)
        #expect(result["console"] as? Int == 5)
        #expect((result["quiz"] as? [String: Any])?["questions"] as? Int == 4)
        let problems = (result["problems"] as? [[String: Any]] ?? []).map {
            "\($0["what"] ?? ""): \($0["detail"] ?? "")"
        }
        #expect(problems.isEmpty, "\(problems.prefix(8).joined(separator: "\n"))")
        let requests = result["requests"] as? [String: Int] ?? [:]
        #expect((requests["file"] ?? 0) > 0 && (requests["http"] ?? 0) > 0, "\(requests)")
    }

    /// A page holds no path of the machine that made it: each script is named as the user gave it, or by
    /// its file name when that was a path of the machine (absolute, or up through '..'); a file a script
    /// runs is named from the script's folder. In the source pane, the diagnostics and the page's title.
    @Test func thePageHoldsNoPathOfTheMachine() throws {
        let work = try scratchDirectory("lesson-paths")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("lessons/sub"), withIntermediateDirectories: true)
        try "reset [[\"a\"]]\nrun \"sub/two.list\"\n".write(
            to: work.appendingPathComponent("lessons/one.list"), atomically: true, encoding: .utf8)
        try "print \"two\"\ndelete 0:5\n".write(
            to: work.appendingPathComponent("lessons/sub/two.list"), atomically: true, encoding: .utf8)
        let machine = realPath(work)
        for (given, directory) in [
            (machine + "/lessons/one.list", packageRoot),
            ("../one.list", work.appendingPathComponent("lessons/sub")),
        ] {
            let page = work.appendingPathComponent("page.html")
            let run = try runListdsl(["html", given, "-o", page.path], directory: directory)
            #expect(run.status == 70, "\(run.stderr)")
            let html = try String(contentsOf: page, encoding: .utf8)
            let holds = { (text: String) in html.contains(text) }
            #expect(!holds(machine) && !holds(work.path), "\(given): the page names the machine's folders")
            #expect(!holds("../"), "\(given): the page names a folder above the script's")
            #expect(holds("\"name\":\"one.list\""), "\(given): the script is named by its file name")
            #expect(holds("\"name\":\"sub/two.list\""), "\(given): a file it runs is named from its folder")
            #expect(holds("sub/two.list:2:8: error: attempt to delete row 5"), "\(given)")
            #expect(holds("<title>one.list · ListDSL lesson</title>"), "\(given)")
        }
        // A name that is no path of the machine stays as the user gave it.
        let relative = try runListdsl(["html", "examples/tour.list"], directory: packageRoot)
        #expect(relative.stdout.contains("\"name\":\"examples/tour.list\""))
    }

    /// A run longer than a lesson records: the page holds the first steps and says so, and a warning says
    /// so on standard error; the run itself finishes.
    @Test func aLongRunIsCutAndSaysSo() throws {
        let run = try runListdsl(["html", "-"], stdin: "reset [[]]\nfor i in 1...25000 { print i }\nprint \"done\"\n")
        #expect(run.status == 0)
        #expect(
            run.stderr.contains(
                "warning: the lesson shows the first 20000 steps of the run (a lesson records at most 20000 steps)"))
        #expect(run.stdout.contains(#"{"event":"truncated","reason":"steps","steps":20000}"#))
    }

    /// A page of many steps grows with the steps, not with the steps times the table: 2,000 sections
    /// added one by one made a 312 MB page and took 1.4 GB (issue 34, finding 6); a thousand reloads of
    /// a thousand rows stay within `--limit memory` while recording.
    @Test func manySectionsAndCallsMakeASmallPage() throws {
        let sections = try runListdsl(
            ["html", "-"], stdin: "reset []\nfor i in 0..<2000 { insert section i \"S\\(i)\" }\n")
        #expect(sections.status == 0, "\(sections.stderr)")
        #expect(sections.stdout.utf8.count < 40 << 20, "a page of \(sections.stdout.utf8.count) bytes")
        #expect(sections.stdout.contains("\"sectionCount\":2000"))
        let rows = (0..<1000).map { "\"r\($0)\"" }.joined(separator: ",")
        let reloads = try runListdsl(
            ["html", "--limit", "memory=200M", "-"], stdin: "reset [[\(rows)]]\nrepeat 1000 { reloadData }\n")
        #expect(reloads.status == 0, "\(reloads.stderr)")
        #expect(reloads.stdout.utf8.count < 40 << 20, "a page of \(reloads.stdout.utf8.count) bytes")
        #expect(reloads.stdout.contains("\"moreCalls\":"))
    }

    /// A syntax error runs nothing and exits 65; a runtime error exits 70: either way the page is
    /// written, with the error in its console.
    @Test(arguments: [
        ("reset [[\"a\"]]\ndelete 0:\n", Int32(65), "expected a row after ':'"),
        ("reset [[\"a\"]]\ntable delete 0:0\n", Int32(70), "Invalid update: invalid number of rows in section 0"),
    ])
    func errorsExitAsARunDoesAndReachThePage(_ source: String, _ status: Int32, _ text: String) throws {
        let run = try runListdsl(["html", "-"], stdin: source)
        #expect(run.status == status)
        #expect(run.stdout.hasPrefix("<!DOCTYPE html>"))
        #expect(run.stdout.contains(text))
        #expect(run.stderr.contains(text), "the error is reported on standard error too")
    }
}
