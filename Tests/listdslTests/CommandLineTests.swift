import Foundation
import Testing

/// End-to-end runs of the built binary: arguments, standard input, exit statuses, diagnostics.
@Suite struct CommandLineTests {
    /// A command line and what it must do.
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        var arguments: [String]
        var stdin: String?
        var stdout: String?
        var stderrContains: [String] = []
        /// The whole of standard error, when given.
        var stderr: String? = nil
        var status: Int32
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "-e runs code", arguments: ["-e", #"reset [["a"]]"#, "-e", "dump"], stdout: "[[\"a\"]]\n", status: 0),
        Case(
            id: "-e is named in diagnostics", arguments: ["-e", "delete 0:"], stdout: "",
            stderrContains: ["-e:1:10: error:"], status: 65),
        Case(id: "stdin when not a terminal", arguments: [], stdin: "print 1 + 1\n", stdout: "2\n", status: 0),
        Case(id: "dash reads stdin", arguments: ["-"], stdin: "print \"x\"\n", stdout: "x\n", status: 0),
        Case(
            id: "stdin diagnostics are named <stdin>", arguments: [], stdin: "print nope\n",
            stderrContains: ["<stdin>:1:7: error: unknown name 'nope'"], status: 70),
        Case(
            id: "missing file is 66", arguments: ["/nonexistent/x.list"],
            stderrContains: ["cannot read '/nonexistent/x.list'"], status: 66),
        // The change view keeps one commit a statement, not each with its tables (issue 34, finding 1:
        // 20,000 appends took 3.2 GB).
        Case(
            id: "--changes on a long loop stays within memory",
            arguments: [
                "--changes", "--limit", "memory=200M", "-e", "reset [[]]", "-e", #"repeat 20000 { append 0 "x" }"#,
                "-e", "print rows(0)",
            ], stderr: "", status: 0),
        Case(
            id: "undo across -e sources",
            arguments: ["-e", #"reset [["A","B"]]"#, "-e", "delete 0:0", "-e", "undo", "-e", "dump"],
            stdout: "[[\"A\",\"B\"]]\n", status: 0),
        Case(id: "unknown option is 64", arguments: ["--bogus"], status: 64),
        Case(id: "syntax error runs nothing", arguments: ["-e", "print 1", "-e", "print ("], stdout: "", status: 65),
        Case(
            id: "runtime error is 70", arguments: ["-e", #"reset [["a"]]"#, "-e", "delete 0:5"],
            stderrContains: ["attempt to delete row 5 from section 0 which only contains 1 rows before the update"],
            status: 70),
        Case(
            id: "expect failure is 1", arguments: ["-e", "expect 1 == 2"], stderrContains: ["expectation failed"],
            status: 1),
        Case(
            id: "a merged duplicate gets a note",
            arguments: ["-e", #"reset [["a","b"]]; begin; delete 0:1; delete 0:1; end; dump"#],
            stdout: "[[\"a\"]]\n", stderrContains: ["note: this repeats an earlier operation of the batch exactly"],
            status: 0),
        Case(
            id: "--no-notes leaves it out",
            arguments: ["--no-notes", "-e", #"reset [["a","b"]]; begin; delete 0:1; delete 0:1; end; dump"#],
            stdout: "[[\"a\"]]\n", stderr: "", status: 0),
        Case(
            id: "max steps stops a runaway loop", arguments: ["--max-steps", "1000", "-e", "while true { }"],
            stderrContains: ["step limit of 1000 exceeded"], status: 70),
        Case(
            id: "trace prints table-view calls", arguments: ["--trace", "-e", #"reset [["a"]]"#, "-e", "delete 0:0"],
            stdout: """
                reloadData()
                numberOfSections(in:) -> 1
                tableView(_:numberOfRowsInSection:) 0 -> 1
                tableView(_:cellForRowAt:) [0, 0] -> "a"
                deleteRows(at: [[0, 0]], with: .automatic)
                numberOfSections(in:) -> 1
                tableView(_:numberOfRowsInSection:) 0 -> 0

                """, status: 0),
        Case(id: "help lists exit codes", arguments: ["--help"], status: 0),
        Case(id: "check clean file", arguments: ["check", "-"], stdin: "print 1\n", stdout: "", status: 0),
        Case(
            id: "check reports every error", arguments: ["check", "-"], stdin: "delte 0:0\nprint (\nlet = 2\n",
            stderrContains: ["<stdin>:1:1: error:", "did you mean 'delete'?", "<stdin>:3:"], status: 65),
        Case(id: "check needs a file", arguments: ["check"], status: 64),
        Case(id: "check missing file is 66", arguments: ["check", "/nonexistent.list"], status: 66),
        Case(id: "check --ast prints the tree", arguments: ["check", "--ast", "-"], stdin: "delete 0:1\n", status: 0),
        Case(
            id: "no colour when not a terminal", arguments: ["-e", "print nope"],
            stderrContains: ["error: unknown name"], status: 70),
    ]

    @Test(arguments: CommandLineTests.cases)
    func commandLine(_ c: Case) throws {
        let run = try runListdsl(c.arguments, stdin: c.stdin ?? "")
        #expect(run.status == c.status, "exit \(run.status); stderr: \(run.stderr)")
        if let stdout = c.stdout { #expect(run.stdout == stdout) }
        for text in c.stderrContains { #expect(run.stderr.contains(text), "stderr: \(run.stderr)") }
        if let stderr = c.stderr { #expect(run.stderr == stderr) }
        #expect(!run.stderr.contains("\u{1B}["), "escape sequences in plain output")
        #expect(!run.stdout.contains("\u{1B}["), "escape sequences in plain output")
    }

    /// `listdsl diff`: the printed batch, run after `reset OLD`, gives NEW exactly; bad input is a
    /// diagnostic with exit 65; a missing file 66.
    /// A file a script names is found from the script's folder, but an error names it as the script
    /// did: run from elsewhere, `save` and `load` never show the machine's path of the file (nor does
    /// a lesson page made of the run).
    @Test(arguments: [
        ("save \"nodir/x.json\"", "cannot save 'nodir/x.json': cannot write 'nodir/x.json': no such file or directory"),
        ("save \"d.json\"", "cannot save 'd.json': 'd.json' is a directory; refusing to replace it"),
        ("load \"d.json\"", "cannot load 'd.json': it is a directory"),
    ])
    func fileErrorsNameTheFileAsTheScriptDid(_ statement: String, _ message: String) throws {
        let work = try scratchDirectory("file-errors")
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("d.json"), withIntermediateDirectories: true)
        let script = work.appendingPathComponent("s.list")
        try "reset [[\"a\"]]\n\(statement)\n".write(to: script, atomically: true, encoding: .utf8)
        let run = try runListdsl([realPath(script)], directory: packageRoot)
        #expect(run.status == 70)
        #expect(run.stderr.contains("error: " + message), "\(run.stderr)")
        #expect(!run.stderr.contains(realPath(work) + "/d.json") && !run.stderr.contains(realPath(work) + "/nodir"))
        let page = try runListdsl(["html", realPath(script)], directory: packageRoot)
        #expect(page.stdout.contains(message) && !page.stdout.contains(realPath(work)), "the page names no folder")
    }

    @Test func diffPrintsABatchThatTurnsOldIntoNew() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = #"[["Milk","Eggs","Tea","Jam"],["Bread"],["Gone"]]"#
        let new = #"[["Jam","Milk","Eggs","Oat \"milk\"\n"],["Tea","Bread"]]"#
        try old.write(to: dir.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try new.write(to: dir.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        let diff = try runListdsl(["diff", "old.json", "new.json"], directory: dir)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("begin\n") && diff.stdout.hasSuffix("end\n"))
        #expect(diff.stdout.contains("  move 0:3 to 0:0\n"), "a rotation is one move: \(diff.stdout)")
        let replay = try runListdsl(["-"], stdin: "reset " + old + "\n" + diff.stdout + "dump\n")
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout == new + "\n")

        try #"[["a", 3]]"#.write(to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let bad = try runListdsl(["diff", "old.json", "bad.json"], directory: dir)
        #expect(bad.status == 65)
        #expect(bad.stderr.hasPrefix("bad.json:1:8: error: expected a string (a row's text)"))
        try #"[["a"],["a"]]"#.write(to: dir.appendingPathComponent("dup.json"), atomically: true, encoding: .utf8)
        let dup = try runListdsl(["diff", "dup.json", "new.json"], directory: dir)
        #expect(dup.status == 65)
        #expect(dup.stderr.contains(#"rows are not unique: "a" appears more than once"#))
        // The caret is at the repeated row, not at the start of the file (issue 34, finding 12).
        #expect(dup.stderr.hasPrefix("dup.json:1:9: error: rows are not unique"), "\(dup.stderr)")
        #expect(try runListdsl(["diff", "missing.json", "new.json"], directory: dir).status == 66)
    }

    /// Ctrl-C (SIGINT) stops a runaway script with exit status 130 and says where it stopped.
    @Test func interruptExits130() throws {
        let dir = try scratchDirectory("interrupt")
        defer { try? FileManager.default.removeItem(at: dir) }
        // The saved file marks the loop's start: a batch run's output waits for its end.
        let run = try runInterrupted(
            ["-e", "let n = 0", "-e", #"save "started.json""#, "-e", "while true { n = n + 1 }"], directory: dir,
            once: .saved("started.json"))
        #expect(run.status == 130)
        #expect(run.stderr.contains("-e:1:1: error: interrupted"), "stderr: \(run.stderr)")
    }

    @Test func helpDocumentsExitCodes() throws {
        let run = try runListdsl(["--help"])
        for code in ["64", "65", "66", "70", "130"] { #expect(run.stdout.contains(code)) }
    }

    @Test func colorAlwaysColoursDiagnostics() throws {
        let run = try runListdsl(["--color=always", "-e", "print nope"])
        #expect(run.stderr.contains("\u{1B}["))
    }

    @Test func astIsAnSExpression() throws {
        let run = try runListdsl(["check", "--ast", "-"], stdin: "delete 0:1\n")
        #expect(run.stdout.hasPrefix("("))
    }

    @Test func filesShareOneSession() throws {
        let dir = try scratchDirectory("session")
        defer { try? FileManager.default.removeItem(at: dir) }
        try "reset [[\"a\"]]\nlet x = 41\n".write(
            to: dir.appendingPathComponent("one.list"), atomically: true, encoding: .utf8)
        try "append 0 \"b\"\nprint x + 1\ndump\n".write(
            to: dir.appendingPathComponent("two.list"), atomically: true, encoding: .utf8)
        let run = try runListdsl([
            dir.appendingPathComponent("one.list").path, dir.appendingPathComponent("two.list").path,
        ])
        #expect(run.status == 0)
        #expect(run.stdout == "42\n[[\"a\",\"b\"]]\n")
    }

    /// A script of over 4 MB is parsed in two halves at once; a run must not show it. `lines` rows
    /// are appended and counted, optionally inside a block that spans the cut (the halves cannot
    /// join) or with a syntax error at a given line (nothing runs, and the error names that line).
    static func bigScript(lines: Int, inBlock: Bool = false, errorAtLine: Int? = nil) -> String {
        var text = "reset [[]]\nlet n = 0\n" + (inBlock ? "if true {\n" : "")
        var line = inBlock ? 4 : 3
        for i in 0..<lines {
            text += line == errorAtLine ? "append 0 \"row \(i)\" +\n" : "append 0 \"row \(i)\"\n"
            text += "n = n + 1\n"
            line += 2
        }
        return text + (inBlock ? "}\n" : "") + "print rows(0), n\n"
    }

    @Test(arguments: [false, true])
    func bigScriptsRunAsSmallOnesDo(inBlock: Bool) throws {
        let script = Self.bigScript(lines: 150_000, inBlock: inBlock)
        #expect(script.utf8.count > 4 << 20)
        let run = try runListdsl(["-"], stdin: script)
        #expect(run.status == 0, "\(run.stderr.prefix(300))")
        #expect(run.stdout == "150000 150000\n")
    }

    @Test(arguments: [3, 150_001, 299_999])
    func bigScriptsReportTheirSyntaxErrorsBeforeRunning(line: Int) throws {
        let run = try runListdsl(["-"], stdin: Self.bigScript(lines: 150_000, errorAtLine: line) + "print 1\n")
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(
            run.stderr.hasPrefix("<stdin>:\(line):")
                && run.stderr.contains("error: expected an expression, found end of line"),
            "\(run.stderr.prefix(300))")
    }

    /// Bad input never crashes the runner: binary junk, NUL, huge numbers, deep nesting.
    @Test(arguments: [
        "\u{0}\u{1}\u{2}garbage\u{FF}",
        String(repeating: "[", count: 10_000),
        "print 99999999999999999999999999",
        "print " + String(repeating: "(", count: 5000) + "1" + String(repeating: ")", count: 5000),
        "print \"unterminated",
        "proc f() { f() }\nf()",
    ])
    func badInputGetsADiagnostic(_ text: String) throws {
        let run = try runListdsl(["-"], stdin: text)
        #expect([65, 70].contains(run.status), "exit \(run.status): \(run.stderr.prefix(300))")
        #expect(run.stderr.contains("error:"))
    }
}
