import Foundation
import ListDSL
import ListModel
import Testing

@testable import listdsl

/// The REPL driven through a real pseudo-terminal (tmux), one private tmux server per test.
@Suite(.serialized) struct REPLTerminalTests {
    @Test func promptAndContinuationPrompt() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.enter("proc twice(n) {")
        #expect(TerminalSession.lastLine(t.screen()) == "...>")
        try t.enter("print n * 2")
        try t.enter("}")
        #expect(try t.enter("twice(21)") == "42")
        try t.enter("print [1,")
        #expect(TerminalSession.lastLine(t.screen()) == "...>")
        #expect(try t.enter("2]") == "[1, 2]")
        let screen = t.screen()
        #expect(screen.contains("list> proc twice(n) {\n...> print n * 2\n...> }\nlist> twice(21)"))
    }

    @Test func batchPromptAndFailedBatch() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.enter("reset [[\"a\", \"b\"]]")
        try t.enter("begin")
        #expect(TerminalSession.lastLine(t.screen()) == "list[batch]>")
        try t.enter("begin")
        try t.enter("end")
        #expect(TerminalSession.lastLine(t.screen()) == "list[batch]>", "an inner end keeps the batch open")
        try t.enter("insert 0:0 \"new\"")
        let committed = try t.enter("end")
        #expect(committed == "section 0\n  + 0:0        new\n    0:0 → 0:1  a\n    0:1 → 0:2  b", "\(committed)")
        #expect(TerminalSession.lastLine(t.screen()) == "list>")
        // A batch whose commit fails: the error, then the prompt is back to list> and the table as before begin.
        try t.enter("begin")
        try t.enter("data append 0 \"d\"")
        try t.enter("table delete 0:5")
        let failed = try t.enter("end")
        #expect(failed.contains("attempt to delete row 5 from section 0"), "\(failed)")
        #expect(failed.contains("batch began here"))
        #expect(TerminalSession.lastLine(t.screen()) == "list>")
        #expect(try t.enter("dump") == #"[["new","a","b","d"]]"#, "the data edit is kept")
    }

    @Test func tabCompletesCommandsHooksAndShowsUsage() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.type(".he")
        try t.press("Tab")
        t.waitFor("'.help' completed") { TerminalSession.lastLine($0) == "list> .help" }
        try t.press("C-u")
        try t.type("appe")
        try t.press("Tab")
        t.waitFor("'append' completed") { TerminalSession.lastLine($0) == "list> append" }
        try t.press("C-u")
        try t.type("on canE")
        try t.press("Tab")
        t.waitFor("a hook name completed") { TerminalSession.lastLine($0) == "list> on canEdit" }
        try t.press("C-u")
        try t.enter("let total = 3")
        try t.type("print to")
        try t.press("Tab")
        t.waitFor("a variable completed") { TerminalSession.lastLine($0) == "list> print total" }
        try t.press("C-u")
        try t.type("delete ")
        try t.press("Tab")
        let expected = "usage: " + (Vocabulary.entry(named: "delete")?.usage ?? "?")
        let usage = t.waitFor("the usage line") { $0.contains(expected) }
        #expect(TerminalSession.lastLine(usage) == "list> delete", "the line is redisplayed after the usage")
    }

    @Test func tabCompletesFileNames() throws {
        let t = try TerminalSession()
        defer { t.close() }
        try Data("append 0 \"x\"\n".utf8).write(to: t.directory.appendingPathComponent("lesson-one.list"))
        try FileManager.default.createDirectory(
            at: t.directory.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data().write(to: t.directory.appendingPathComponent("scripts/deep.list"))
        t.waitForPrompt()
        try t.type(".read less")
        try t.press("Tab")
        t.waitFor("a file name after .read") { TerminalSession.lastLine($0) == "list> .read lesson-one.list" }
        try t.press("C-u")
        try t.type("run \"scr")
        try t.press("Tab")
        t.waitFor("a directory in a string") { TerminalSession.lastLine($0) == "list> run \"scripts/" }
        try t.press("Tab")
        t.waitFor("a file in that directory, the string closed") {
            TerminalSession.lastLine($0) == "list> run \"scripts/deep.list\""
        }
    }

    @Test func historyIsWrittenAndRecalledByANewProcess() throws {
        let directory = try scratchDirectory("history")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("state/listdsl-history")
        let environment = ["LISTDSL_HISTORY": file.path]
        do {
            let t = try TerminalSession(environment: environment, directory: directory)
            defer { t.close() }
            t.waitForPrompt()
            try t.enter("let greeting = \"hi\"")
            try t.enter("let greeting = \"hi\"")
            try t.enter("proc shout() {")
            try t.enter("print greeting + \"!\"")
            try t.enter("}")
            try t.press("C-d")
            #expect(t.exitStatus() == 0)
        }
        let saved = try String(contentsOf: file, encoding: .utf8)
        #expect(saved == "#listdsl history 1\nlet greeting = \"hi\"\nproc shout() {\\nprint greeting + \"!\"\\n}\n")
        let mode =
            try FileManager.default.attributesOfItem(atPath: file.deletingLastPathComponent().path)[.posixPermissions]
            as? Int
        #expect(mode == 0o700)

        let t = try TerminalSession(environment: environment, directory: directory)
        defer { t.close() }
        t.waitForPrompt()
        try t.press("Up")
        t.waitFor("the multi-line entry recalled as one") {
            $0.hasSuffix("list> proc shout() {\nprint greeting + \"!\"\n}")
        }
        try t.press("Up")
        t.waitFor("the previous entry") { TerminalSession.lastLine($0) == "list> let greeting = \"hi\"" }
        try t.press("Enter")
        t.waitFor("the prompt") { TerminalSession.lastLine($0) == "list>" }
        try t.press("C-r")
        try t.type("shou")
        t.waitFor("reverse search") { $0.contains("(reverse-i-search)`shou'") }
        try t.press("Enter")
        t.waitFor("the procedure defined") { TerminalSession.lastLine($0) == "list>" }
        #expect(try t.enter("shout()") == "hi!")
    }

    @Test func ctrlCClearsTheLineAndAbandonsAContinuation() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.type("insert 0:0 \"never\"")
        t.waitFor("the line typed") { $0.hasSuffix("list> insert 0:0 \"never\"") }
        try t.press("C-c")
        t.waitFor("a fresh prompt") { $0.hasSuffix("list> insert 0:0 \"never\"^C\nlist>") }
        try t.enter("if true {")
        try t.type("print \"never\"")
        t.waitFor("the continuation typed") { $0.hasSuffix("...> print \"never\"") }
        try t.press("C-c")
        t.waitFor("the main prompt after a continuation") { $0.hasSuffix("...> print \"never\"^C\nlist>") }
        #expect(try t.enter("dump") == "[]")
        #expect(!t.screen().contains("\nnever"))
    }

    @Test func ctrlCInterruptsALongStatementAndRestoresTheState() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.enter("let n = 0")
        try t.enter("begin")
        try t.type("while true { n = n + 1 }")
        t.waitFor("the loop typed") { $0.hasSuffix("while true { n = n + 1 }") }
        try t.press("Enter")
        Thread.sleep(forTimeInterval: 0.3)
        try t.press("C-c")
        let after = t.waitFor("the interruption") { TerminalSession.lastLine($0) == "list[batch]>" }
        #expect(after.contains("error: interrupted"))
        #expect(try t.enter("print n") == "0", "the loop's assignments are undone")
        try t.enter("end")
        #expect(TerminalSession.lastLine(t.screen()) == "list>")
    }

    @Test func ctrlDExitsWithStatusZero() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.enter("begin")
        try t.press("C-d")
        #expect(t.exitStatus() == 0)
    }

    @Test func ctrlDInAnUnfinishedEntryReportsItAndGoesOn() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.enter("proc f() {")
        try t.press("C-d")
        let after = t.waitFor("the main prompt") { TerminalSession.lastLine($0) == "list>" }
        #expect(after.contains("error: expected '}'"), "\(after)")
        #expect(try t.enter("print 2") == "2", "no stray blank line after an end of input")
        try t.press("C-d")
        #expect(t.exitStatus() == 0)
    }

    @Test func quitWordsExit() throws {
        for word in ["quit", ".exit"] {
            let t = try TerminalSession()
            defer { t.close() }
            t.waitForPrompt()
            try t.type(word)
            try t.press("Enter")
            #expect(t.exitStatus() == 0)
        }
    }

    @Test func anErrorDoesNotEndTheSession() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        let error = try t.enter("delete 3:0")
        #expect(error.contains("<repl>:1:8: error:"), "\(error)")
        #expect(error.contains("^"))
        let typo = try t.enter(".shwo")
        #expect(typo.contains("unknown command '.shwo'"))
        #expect(typo.contains("did you mean '.show'?"))
        let syntax = try t.enter("insert 0:0 \"a\" \"b\" )")
        #expect(syntax.contains("error:"))
        #expect(try t.enter("print \"still here\"") == "still here")
    }

    @Test func dotCommandsTraceHistoryResetAndMisuse() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        #expect(try t.enter(".trace") == "trace is off")
        try t.enter("reset [[\"a\"]]")
        try t.enter(".trace on")
        #expect(try t.enter("append 0 \"b\"").hasPrefix("insertRows(at: [[0, 1]], with: .automatic)"))
        try t.enter(".trace off")
        #expect(try t.enter("append 0 \"c\"").hasPrefix("section 0"))
        let history = try t.enter(".history")
        #expect(history.contains("  3  .trace on") && history.contains("  7  .history"), "\(history)")
        #expect(try t.enter(".reset").contains("reset"))
        #expect(try t.enter("dump") == "[]")
        #expect(try t.enter(".autoshow maybe").contains("error: .autoshow takes 'on' or 'off', not 'maybe'"))
        #expect(try t.enter(".save").contains("error: .save needs a file name"))
        #expect(try t.enter(".help nonsense").contains("no help for 'nonsense'"))
        #expect(try t.enter(".show") == "(no sections)")
    }

    @Test func colourOnATerminalUnlessNoColor() throws {
        let coloured = try TerminalSession(environment: ["NO_COLOR": ""])
        defer { coloured.close() }
        coloured.waitForPrompt()
        try coloured.enter("delete 3:0")
        #expect(coloured.screen(escapes: true).contains("\u{1B}["))
        let plain = try TerminalSession()
        defer { plain.close() }
        plain.waitForPrompt()
        try plain.enter("delete 3:0")
        try plain.enter("reset [[\"a\"]]")
        #expect(!plain.screen(escapes: true).contains("\u{1B}[3"), "no colour with NO_COLOR set")
    }

    @Test func aGarbageHistoryFileGetsOneWarning() throws {
        let directory = try scratchDirectory("garbage")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("history")
        let garbage = Data([0x00, 0xC3, 0x28, 0xFF, 0x0A])
        try garbage.write(to: file)
        let t = try TerminalSession(directory: directory)
        defer { t.close() }
        let start = t.waitForPrompt()
        #expect(start.components(separatedBy: "warning").count == 2, "\(start)")
        #expect(start.contains("history file"))
        try t.enter("print 1")
        #expect(t.screen().components(separatedBy: "warning").count == 2)
        #expect(try Data(contentsOf: file) == garbage, "the file is left alone")
    }

    @Test func readRunsAScriptInTheSession() throws {
        let t = try TerminalSession()
        defer { t.close() }
        try Data("append 0 \"one\", \"two\"\nlet count = rows(0)\n".utf8).write(
            to: t.directory.appendingPathComponent("setup.list"))
        t.waitForPrompt()
        try t.enter("reset [[]]")
        let shown = try t.enter(".read setup.list")
        #expect(shown.contains("+ 0:0  one"), "\(shown)")
        #expect(try t.enter("print count") == "2")
        let missing = try t.enter(".read nowhere.list")
        #expect(missing.contains("cannot read 'nowhere.list'"))
    }

    @Test func saveWritesAScriptThatReproducesTheState() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        for line in [
            "reset [[\"a\", \"b\", \"c\"], [\"x\"]]", "proc add(s, v) {", "append s v", "}", "add(1, \"y\")", "begin",
            "delete 0:1", "move 1:0 to 0:0", "end", "begin", "data delete 0:0", "insert 0:0 \"lost\"", "end",
            "header 0 \"Letters\"", "delete 9:9",
        ] {
            try t.enter(line)
        }
        let expected = try t.enter("dump")
        let saved = try t.enter(".save session.list")
        #expect(saved == "saved 10 statements to session.list", "\(saved)")
        let script = t.directory.appendingPathComponent("session.list")
        let run = try runListdsl([script.path, "-e", "dump"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.split(separator: "\n").last.map(String.init) == expected)
        #expect(!t.screen().contains("does not reproduce"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: t.directory.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func helpComesFromTheVocabularyTable() throws {
        let t = try TerminalSession(height: 200)
        defer { t.close() }
        t.waitForPrompt()
        let all = try t.enter(".help")
        for entry in Vocabulary.entries {
            #expect(all.contains(entry.word), "\(entry.word) is missing from .help")
        }
        let one = try t.enter(".help append")
        #expect(one.contains(Vocabulary.entry(named: "append")?.usage ?? "?"))
        let dot = try t.enter(".help read")
        #expect(dot.contains(".read FILE"))
    }

    @Test func autoshowMarksAndCanBeTurnedOff() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.enter("reset [[\"a\", \"b\", \"c\"]]")
        try t.enter("begin")
        try t.enter("delete 0:1")
        try t.enter("reload 0:2 \"C\"")
        try t.enter("insert 0:0 \"n\"")
        let shown = try t.enter("end")
        #expect(
            shown == """
                section 0
                  + 0:0        n
                    0:0 → 0:1  a
                  - 0:1        b
                  ~ 0:2        C
                """, "\(shown)")
        try t.enter(".autoshow off")
        #expect(try t.enter("append 0 \"z\"") == "")
    }

    @Test func interactiveFileEntersTheREPLWithItsState() throws {
        let directory = try scratchDirectory("i")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("reset [[\"from\", \"file\"]]\nlet ready = true\n".utf8).write(
            to: directory.appendingPathComponent("demo.list"))
        let t = try TerminalSession(["-i", "demo.list"], directory: directory)
        defer { t.close() }
        t.waitForPrompt()
        #expect(try t.enter("dump") == #"[["from","file"]]"#)
        #expect(try t.enter("print ready") == "true")
    }

    @Test func badInputNeverWedgesTheREPL() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.paste("print \"" + String(repeating: "x", count: 1 << 20) + "\"")
        try t.press("Enter")
        t.waitFor("the prompt after a 1 MB line", timeout: 90) { $0.hasSuffix("xxxx\nlist>") }
        // Seeded junk: printable ASCII and Latin-1, symbols, an emoji, a zero-width space. No C0 controls
        // (Ctrl-C, Ctrl-Z, Ctrl-\\ are the terminal's signals) and no C1 controls, which crash tmux 3.3a
        // itself even when the program under it is `cat`.
        let pool =
            Array((0x20...0x7E).compactMap(Unicode.Scalar.init)) + Array((0xA0...0xFF).compactMap(Unicode.Scalar.init))
            + ["✓", "→", "😀", "€", "\u{200B}"]
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var junk = ""
        for _ in 0..<2000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            junk.unicodeScalars.append(pool[Int((state >> 33) % UInt64(pool.count))])
        }
        let prompts = TerminalSession.promptCount(t.screen())
        try t.paste(junk)
        try t.press("Enter")
        let afterJunk = t.waitFor("a prompt after junk", timeout: 60) {
            TerminalSession.promptCount($0) > prompts && TerminalSession.isPrompt(TerminalSession.lastLine($0))
        }
        if TerminalSession.lastLine(afterJunk) != "list>" {
            // Junk with an open quote or bracket is unfinished input: Ctrl-C abandons it.
            try t.press("C-c")
            t.waitFor("the main prompt", timeout: 60) { TerminalSession.lastLine($0) == "list>" }
        }
        try t.type("print \"unterminated")
        try t.press("Enter")
        t.waitFor("the continuation prompt", timeout: 60) { TerminalSession.lastLine($0) == "...>" }
        try t.press("C-c")
        t.waitFor("the prompt", timeout: 60) { TerminalSession.lastLine($0) == "list>" }
        try t.type("print \"alive\"")
        try t.press("Enter")
        t.waitFor("the REPL answering", timeout: 60) { $0.hasSuffix("alive\nlist>") }
    }
}

/// Piped standard input never starts the REPL: no prompt, no escape sequence.
@Suite struct REPLPipeTests {
    @Test func pipedStandardInputRunsAsAScript() throws {
        let run = try runListdsl(
            [], stdin: "reset [[\"a\"]]\ndump\ndelete 4:4\n", environment: ["NO_COLOR": "", "TERM": "xterm-256color"])
        #expect(run.stdout == "[[\"a\"]]\n")
        #expect(run.status == 70)
        #expect(!run.stdout.contains("list>") && !run.stderr.contains("list>"))
        #expect(!run.stdout.contains("\u{1B}") && !run.stderr.contains("\u{1B}"))
    }

    @Test func interactiveFileWithoutATerminalRunsTheFileOnly() throws {
        let directory = try scratchDirectory("i")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("print \"ran\"\n".utf8).write(to: directory.appendingPathComponent("f.list"))
        let run = try runListdsl(["-i", "f.list"], stdin: "print \"not read\"\n", directory: directory)
        #expect(run.stdout == "ran\n")
        #expect(!run.stdout.contains("list>") && !run.stderr.contains("list>"))
    }
}

/// The history file: where it lives, its format, merging and atomic writes.
@Suite struct HistoryTests {
    struct PathCase: CustomTestStringConvertible, Sendable {
        var id: String
        var environment: [String: String]
        var home: String?
        var expected: String?
        var testDescription: String { id }
    }

    static let pathCases: [PathCase] = [
        PathCase(
            id: "override", environment: ["LISTDSL_HISTORY": "/tmp/h", "XDG_STATE_HOME": "/x"], expected: "/tmp/h"),
        PathCase(
            id: "empty override disables", environment: ["LISTDSL_HISTORY": "", "HOME": "/home/u"], expected: nil),
        PathCase(
            id: "xdg", environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/u"], expected: "/state/listdsl/history"),
        PathCase(
            id: "relative xdg ignored", environment: ["XDG_STATE_HOME": "state", "HOME": "/home/u"],
            expected: "/home/u/.local/state/listdsl/history"),
        PathCase(id: "home", environment: ["HOME": "/home/u/"], expected: "/home/u/.local/state/listdsl/history"),
        PathCase(
            id: "password database", environment: [:], home: "/home/pw",
            expected: "/home/pw/.local/state/listdsl/history"),
        PathCase(id: "nowhere", environment: [:], home: nil, expected: nil),
    ]

    @Test(arguments: pathCases) func defaultPath(_ c: PathCase) {
        #expect(History.defaultPath(environment: c.environment, home: c.home) == c.expected)
    }

    @Test(arguments: ["plain", "two\nlines", "back\\slash \\n literal", "cr\r", "ünïcödé → ✓", "trailing\\"])
    func entriesRoundTrip(_ entry: String) throws {
        let decoded = try History.decode(History.encode([entry, "next"])).get()
        #expect(decoded == [entry, "next"])
        #expect(History.encode([entry]).filter { $0 == 0x0A }.count == 2, "one line per entry after the header")
    }

    @Test(arguments: [
        ([0xFF, 0xFE, 0x41] as [UInt8], "not valid UTF-8"),
        (Array("#listdsl history 1\nok\u{0}\n".utf8), "NUL"),
        (Array("some other file\n".utf8), "not a listdsl history file"),
    ])
    func garbageIsRejected(_ bytes: [UInt8], _ reason: String) {
        guard case .failure(let error) = History.decode(bytes) else {
            Issue.record("accepted")
            return
        }
        #expect(error.message.contains(reason))
    }

    @Test func skipsRepeatsAndKeepsTheLastThousand() throws {
        let dir = try scratchDirectory("hist")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a/b/history").path
        #expect(History(path: nil).limit == 1000)
        let history = History(path: path, limit: 10)
        #expect(history.load() == nil)
        #expect(history.add("one").added)
        #expect(!history.add("one").added)
        #expect(!history.add("   ").added)
        #expect(!history.add(String(repeating: "x", count: History.maxEntryBytes + 1)).added)
        for i in 0..<15 { history.add("entry \(i)") }
        #expect(history.entries.count == 10)
        let reloaded = History(path: path, limit: 10)
        #expect(reloaded.load() == nil)
        #expect(reloaded.entries == (5..<15).map { "entry \($0)" })
        let mode =
            try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("a/b").path)[.posixPermissions]
            as? Int
        #expect(mode == 0o700)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("a/b").path) == ["history"])
    }

    @Test func twoSessionsMergeTheirEntries() throws {
        let dir = try scratchDirectory("hist")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("history").path
        let first = History(path: path)
        let second = History(path: path)
        #expect(first.load() == nil && second.load() == nil)
        first.add("from first")
        second.add("from second")
        first.add("first again")
        let merged = History(path: path)
        _ = merged.load()
        #expect(merged.entries == ["from first", "from second", "first again"])
    }

    @Test func aGarbageFileIsIgnoredWithOneWarningAndLeftAlone() throws {
        let dir = try scratchDirectory("hist")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("history")
        let garbage = Data([0x00, 0xFF, 0x13, 0x37])
        try garbage.write(to: url)
        let history = History(path: url.path)
        let warning = history.load()
        #expect(warning?.contains("warning") == true)
        #expect(history.entries.isEmpty)
        let later = history.add("still works in memory")
        #expect(later.added && later.warning == nil)
        #expect(history.entries == ["still works in memory"])
        #expect(try Data(contentsOf: url) == garbage)
    }

    @Test func anUnreadableFileIsIgnoredWithAWarning() throws {
        let dir = try scratchDirectory("hist")
        defer { try? FileManager.default.removeItem(at: dir) }
        let history = History(path: dir.path)  // a directory, not a file
        #expect(history.load()?.contains("not a regular file") == true)
    }
}

/// Tab completion decisions, without a terminal.
@Suite struct CompletionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        var before: String
        var word: String
        var continuation = false
        var includes: [String] = []
        var excludes: [String] = []
        /// The word whose table usage line is expected (`on X` means hook X's).
        var usageOf: String? = nil
        var suffix: String? = nil
        var testDescription: String { id }
    }

    static let files: [String: [Completer.DirectoryEntry]] = [
        "": [
            .init(name: "lesson.list", isDirectory: false), .init(name: "lib", isDirectory: true),
            .init(name: ".hidden", isDirectory: false),
        ],
        "lib/": [.init(name: "helpers.list", isDirectory: false)],
    ]

    static let cases: [Case] = [
        Case(id: "keyword", before: "", word: "ins", includes: ["insert"], excludes: [".help"]),
        Case(id: "dot command", before: "", word: ".he", includes: [".help"]),
        Case(id: "no dot command on a continuation line", before: "", word: ".he", continuation: true),
        Case(id: "keyword after ;", before: "begin; ", word: "del", includes: ["delete"]),
        Case(id: "keyword in a block", before: "if true { ", word: "pri", includes: ["print"]),
        Case(id: "procedure at the start", before: "", word: "ad", includes: ["addRow"]),
        Case(id: "hook after on", before: "on ", word: "can", includes: ["canEdit", "canMove"], excludes: ["insert"]),
        Case(id: "on/off after edit", before: "edit ", word: "o", includes: ["on", "off"]),
        Case(id: "variable in an argument", before: "print ", word: "to", includes: ["total"]),
        Case(id: "built-in in an argument", before: "print ", word: "ro", includes: ["rows"]),
        Case(id: "section after a verb", before: "delete ", word: "sec", includes: ["section"]),
        Case(id: "usage when nothing is typed", before: "delete ", word: "", usageOf: "delete"),
        Case(id: "usage when nothing matches", before: "insert 0:0 ", word: "zzz", usageOf: "insert"),
        Case(id: "usage inside a string", before: "insert 0:0 \"", word: "te", usageOf: "insert"),
        Case(id: "hook usage", before: "on canEdit ", word: "", usageOf: "on canEdit"),
        Case(id: "file after .read", before: ".read ", word: "le", includes: ["lesson.list"], suffix: " "),
        Case(id: "directory after .read", before: ".read ", word: "li", includes: ["lib/"], suffix: ""),
        Case(id: "file in a run string", before: "run \"", word: "lib/h", includes: ["lib/helpers.list"], suffix: "\""),
        Case(
            id: "hidden files only when asked", before: ".read ", word: "", includes: ["lesson.list", "lib/"],
            excludes: [".hidden"]),
        Case(id: "hidden file asked for", before: ".read ", word: ".h", includes: [".hidden"]),
        Case(id: "help topics", before: ".help ", word: "app", includes: ["append"]),
        Case(id: "nothing in a comment", before: "# ", word: "ins"),
    ]

    @Test(arguments: cases) func offer(_ c: Case) {
        let completer = Completer(
            variables: ["total"], procedures: ["addRow"], isContinuation: c.continuation,
            listDirectory: { CompletionTests.files[$0] })
        let offer = completer.offer(before: c.before, word: c.word)
        for word in c.includes { #expect(offer.candidates.contains(word), "\(offer.candidates)") }
        for word in c.excludes { #expect(!offer.candidates.contains(word), "\(offer.candidates)") }
        if c.includes.isEmpty {
            #expect(offer.candidates.isEmpty, "\(offer.candidates)")
            #expect(offer.usage == c.usageOf.map(CompletionTests.usage))
        }
        if let suffix = c.suffix { #expect(offer.suffix == suffix) }
        #expect(offer.candidates == offer.candidates.sorted())
    }

    /// The usage line the table gives `word` (`on HOOK` for a hook's).
    static func usage(_ word: String) -> String {
        if word.hasPrefix("on ") {
            let hook = Vocabulary.entries(named: String(word.dropFirst(3))).first { $0.category == .hook }
            return "usage: " + (hook?.usage ?? "?")
        }
        return "usage: " + (Vocabulary.entry(named: word)?.usage ?? "?")
    }

    @Test func everyCandidateStartsWithTheWord() {
        let completer = Completer(variables: [], procedures: [], isContinuation: false, listDirectory: { _ in [] })
        for word in ["", "d", "re", ".", "x"] {
            for candidate in completer.offer(before: "", word: word).candidates { #expect(candidate.hasPrefix(word)) }
        }
    }
}

/// The change display after a statement.
@Suite struct ChangeRendererTests {
    /// A model and the commits made on it, as the event stream would carry them.
    final class Session {
        var model: TableModel
        var commits: [CommitEvent] = []
        init(_ rows: [[String]]) { model = TableModel(sections: rows.map { Section(rows: $0) }) }

        /// Runs `operation`; when it commits, keeps the commit with the table view before and after it.
        func commit(_ operation: (inout TableModel) throws -> CommitReport?) rethrows {
            let before = model.tableView
            if let report = try operation(&model) {
                commits.append(CommitEvent(report: report, before: before, after: model.tableView))
            }
        }
    }

    /// Runs `body` on a model holding `rows` and renders what its commits did.
    func render(_ rows: [[String]], _ body: (Session) throws -> Void) throws -> String {
        let session = Session(rows)
        let before = session.model.tableView
        try body(session)
        let model = session.model
        return ChangeRenderer.render(
            before: before, after: model.tableView, dataSource: model.dataSource, commits: session.commits,
            color: false)
    }

    @Test func aSingleInsert() throws {
        let out = try render([["a", "b"], ["x"]]) { m in
            try m.commit { try $0.perform(.insertRow(ListModel.IndexPath(section: 0, row: 1), "new")) }
        }
        #expect(
            out == """
                section 0
                    0:0        a
                  + 0:1        new
                    0:1 → 0:2  b

                """)
    }

    /// The reload of 0:3 lands where UIKit puts its insert, 0:3 (shifted by the delete and the insert,
    /// not by the move), as the selection follows it; the row that stays, old 0:2, fills the free 0:4.
    /// The text beside each path is the data source's.
    @Test func aBatchShowsOldAndNewPaths() throws {
        let out = try render([["a", "b", "c", "d"], ["x", "y"]]) { m in
            m.model.begin()
            try m.commit { try $0.perform(.deleteRow(ListModel.IndexPath(section: 0, row: 1))) }
            try m.commit { try $0.perform(.insertRow(ListModel.IndexPath(section: 0, row: 0), "new")) }
            try m.commit { try $0.perform(.reloadRow(ListModel.IndexPath(section: 0, row: 3), "D!")) }
            try m.commit { try $0.perform(
                .moveRow(from: ListModel.IndexPath(section: 1, row: 0), to: ListModel.IndexPath(section: 0, row: 2))) }
            try m.commit { try $0.end() }
        }
        #expect(
            out == """
                section 0
                  + 0:0        new
                    0:0 → 0:1  a
                  → 1:0 → 0:2  x
                  - 0:1        b
                  ~ 0:3        c
                    0:2 → 0:4  D!
                section 1
                    1:1 → 1:0  y

                """)
    }

    @Test func sectionOperations() throws {
        let out = try render([["a"], ["b"], ["c"]]) { m in
            m.model.begin()
            try m.commit { try $0.perform(.deleteSection(0)) }
            try m.commit { try $0.perform(.insertSection(2, header: "New")) }
            try m.commit { try $0.perform(.moveSection(from: 2, to: 0)) }
            try m.commit { try $0.end() }
        }
        #expect(out.contains("section 0 (moved from 2)\n    2:0 → 0:0  c"), "\(out)")
        #expect(out.contains("section 2: New (inserted)\n    (no rows)"), "\(out)")
        #expect(
            out.contains("section 0 (deleted)\n  - 0:0        a") || out.contains("section 0 (deleted)\n  - 0:0  a"),
            "\(out)")
        #expect(!out.contains("section 1\n"), "an untouched section is not shown: \(out)")
    }

    @Test func aReloadedSection() throws {
        let out = try render([["a", "b"]]) { m in
            try m.commit { try $0.perform(.reloadSection(0, rows: ["p", "q", "r"])) }
        }
        #expect(out == "section 0 (reloaded)\n  ~ 0:0  p\n  ~ 0:1  q\n  ~ 0:2  r\n")
    }

    @Test func severalCommitsShowTheNetChange() throws {
        let out = try render([["a", "b"]]) { m in
            try m.commit { try $0.append(section: 0, rows: ["c"]) }
            try m.commit { try $0.perform(.deleteRow(ListModel.IndexPath(section: 0, row: 0))) }
        }
        #expect(out == "section 0\n  - 0:0        a\n    0:1 → 0:0  b\n  + 0:1        c\n")
    }

    @Test func aDataEditExplainsTheStaleTable() throws {
        let out = try render([["a"]]) { m in
            try m.model.apply(.insertRow(ListModel.IndexPath(section: 0, row: 0), "z"))
        }
        #expect(out.contains("table view unchanged; the data source now differs"))
    }

    @Test func nothingChangedRendersNothing() throws {
        #expect(try render([["a"]]) { _ in } == "")
    }

    @Test func longSectionsAreCollapsedAroundTheChange() throws {
        let rows = (0..<100).map { "row \($0)" }
        let out = try render([rows]) { m in
            try m.commit { try $0.perform(.reloadRow(ListModel.IndexPath(section: 0, row: 50), "changed")) }
        }
        #expect(out.contains("… 48 unchanged rows"))
        #expect(out.contains("~ 0:50  changed"))
        #expect(out.split(separator: "\n").count < 12)
    }

    @Test func colourOnlyWhenAsked() throws {
        var model = TableModel(sections: [Section(rows: ["a"])])
        let before = model.tableView
        let commit = CommitEvent(report: try model.append(section: 0, rows: ["b"]), before: before, after: model.tableView)
        let plain = ChangeRenderer.render(
            before: before, after: model.tableView, dataSource: model.dataSource, commits: [commit], color: false)
        let coloured = ChangeRenderer.render(
            before: before, after: model.tableView, dataSource: model.dataSource, commits: [commit], color: true)
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}[32m+\u{1B}[0m"))
    }
}
