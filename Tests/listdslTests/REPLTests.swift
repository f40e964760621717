import Foundation
import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Testing

@testable import listdsl

/// The REPL driven through a real pseudo-terminal (tmux), one private tmux server per test.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, TerminalSession.unavailable))
struct REPLTerminalTests {
    @Test func promptAndContinuationPrompt() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.enter("proc twice(n) {")
        #expect(TerminalSession.lastLine(t.screen()) == " ...>", "its > under the main prompt's")
        try t.enter("print n * 2")
        try t.enter("}")
        #expect(try t.enter("twice(21)") == "42")
        try t.enter("print [1,")
        #expect(TerminalSession.lastLine(t.screen()) == " ...>", "its > under the main prompt's")
        #expect(try t.enter("2]") == "[1, 2]")
        let screen = t.screen()
        #expect(screen.contains("list> proc twice(n) {\n ...> print n * 2\n ...> }\nlist> twice(21)"))
    }

    /// A loop of appends in the REPL (which records undo and draws the change view) keeps memory in
    /// proportion to the table, not to the commits times the table (issue 34, findings 1 and 2: 40,000
    /// appends took 4.5 GiB); undo then puts back the table before the loop.
    @Test func aLongLoopStaysWithinMemory() throws {
        let t = try TerminalSession(["--limit", "memory=200M"])
        defer { t.close() }
        t.waitForPrompt()
        try t.enter(".autoshow off")
        try t.enter("reset [[]]")
        let loop = try t.enter(#"repeat 40000 { append 0 "x" }"#)
        #expect(!loop.contains("error"), "\(loop)")
        #expect(try t.enter("print rows(0)") == "40000")
        try t.enter("undo")
        #expect(try t.enter("print rows(0)") == "0")
    }

    /// Every dot command the vocabulary lists (which completion and `.help` use) is one the REPL runs.
    @Test func everyDotCommandOfTheVocabularyRuns() throws {
        let t = try TerminalSession(height: 200)  // tall enough that `.help` needs no pager
        defer { t.close() }
        t.waitForPrompt()
        for word in Vocabulary.dotCommands where word != ".quit" && word != ".exit" {
            let answer = try t.enter(word)
            #expect(!answer.contains("unknown command"), "\(word): \(answer)")
        }
    }

    /// A new user's first contact: the banner suggests a first command; `help` and `?` answer with the
    /// overview; `.help batches` explains batches; a nested batch's prompt shows its depth; `.timer`.
    @Test func firstContactTopicsDepthAndTimer() throws {
        let t = try TerminalSession(height: 200)
        defer { t.close() }
        let banner = t.waitForPrompt()
        #expect(banner.contains("try: reset [[\"Milk\", \"Eggs\"]]"))
        #expect(try t.enter("help").contains("Topics: .help batches"))
        #expect(try t.enter("?").contains("Type a statement"))
        let batches = try t.enter(".help batches")
        #expect(batches.contains("Deletes and reloads name OLD index paths"))
        #expect(try t.enter(".help hooks").contains("tableView(_:commit:forRowAt:)"))
        #expect(try t.enter(".help gestures").contains("drag A to B"))
        try t.enter("reset [[\"a\"]]")
        try t.enter("begin")
        try t.enter("begin")
        #expect(TerminalSession.lastLine(t.screen()) == "list[batch 2]>")
        try t.enter("end")
        #expect(TerminalSession.lastLine(t.screen()) == "list[batch 1]>")
        try t.enter("end")
        try t.enter(".timer on")
        let timed = try t.enter("print 1")
        #expect(timed.contains("1\ntime: "), "\(timed)")
        try t.enter(".timer off")
        #expect(try t.enter("print 2") == "2")
        try t.enter(".mode json")
        let json = try t.enter("insert 0:1 \"b\"")
        #expect(
            json.contains(
                "\"sections\":[{\"header\":null,\"footer\":null,\"indexTitle\":null,\"rows\":[\"a\",\"b\"]}]"),
            "\(json)")
        #expect(try t.enter("show").hasPrefix("{\"style\":\"plain\""))
        try t.enter(".mode text")
        #expect(try t.enter("show").hasPrefix("section 0"))
    }

    /// The init file runs before the first prompt (its state is the session's, and `.save` keeps it);
    /// `-q` skips it; `LISTDSL_INIT` names another; an error in it is reported and the REPL starts.
    @Test func theInitFileRunsFirst() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("listdsl-init-\(UUID().uuidString)")
        let config = home.appendingPathComponent(".config/listdsl")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try "let greeting = \"hello from init\"\nreset [[\"x\"]]\n".write(
            to: config.appendingPathComponent("init.list"), atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": ""]
        do {
            let t = try TerminalSession(environment: environment, directory: home)
            defer { t.close() }
            t.waitForPrompt()
            #expect(try t.enter("print greeting, rows(0)") == "hello from init 1")
        }
        do {
            let t = try TerminalSession(["-q"], environment: environment, directory: home)
            defer { t.close() }
            t.waitForPrompt()
            #expect(try t.enter("print sections()") == "0")
        }
        let other = home.appendingPathComponent("other.list")
        try "reset [[\"a\", \"b\"]]\ndelete 0:5\nprint \"never\"\n".write(to: other, atomically: true, encoding: .utf8)
        do {
            let t = try TerminalSession(environment: ["LISTDSL_INIT": other.path], directory: home)
            defer { t.close() }
            let screen = t.waitForPrompt()
            #expect(screen.contains("other.list:2:8: error: attempt to delete row 5 from section 0"))
            #expect(!screen.contains("never"))
            #expect(try t.enter("print rows(0)") == "2")
        }
    }

    /// Help longer than the terminal goes through the pager (`$PAGER`, else less); shorter help does not.
    @Test func longHelpGoesThroughThePager() throws {
        let t = try TerminalSession(environment: ["PAGER": "cat > paged.txt"], height: 20)
        defer { t.close() }
        t.waitForPrompt()
        let screen = try t.enter(".help")
        #expect(!screen.contains("Built-in functions"), "the overview went to the pager, not the screen")
        let paged = try String(contentsOf: t.directory.appendingPathComponent("paged.txt"), encoding: .utf8)
        #expect(paged.contains("Built-in functions") && paged.contains("Topics: .help batches"))
        #expect(try t.enter(".help append").contains("append N VALUE"), "a short help is written directly")
    }

    @Test func lessPagesTheOverviewAndQReturnsToThePrompt() throws {
        let t = try TerminalSession(environment: ["PAGER": "less"], height: 20)
        defer { t.close() }
        t.waitForPrompt()
        try t.type(".help")
        try t.press("Enter")
        t.waitFor("less showing the overview") { $0.contains("Type a statement") && !$0.hasSuffix("list>") }
        try t.press("q")
        t.waitFor("the prompt after less") { TerminalSession.lastLine($0) == "list>" }
        #expect(try t.enter("print 1") == "1")
        // Ctrl-C leaves the pager too (the key fuzzer found a session left inside less, deaf to Ctrl-C).
        try t.type(".help")
        try t.press("Enter")
        t.waitFor("less showing the overview again") { TerminalSession.lastLine($0).hasPrefix(":") }
        try t.press("C-c")
        t.waitFor("the prompt after Ctrl-C in less") { TerminalSession.lastLine($0) == "list>" }
        #expect(try t.enter("print 2") == "2")
    }

    @Test func batchPromptAndFailedBatch() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.enter("reset [[\"a\", \"b\"]]")
        try t.enter("begin")
        #expect(TerminalSession.lastLine(t.screen()) == "list[batch 1]>")
        try t.enter("begin")
        try t.enter("end")
        #expect(TerminalSession.lastLine(t.screen()) == "list[batch 1]>", "an inner end keeps the batch open")
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

    /// `undo` and `.undo` tell the table view the inverse batch, which the change view shows; `.redo`
    /// makes the change again; `.save` keeps them as statements.
    @Test func undoAndRedoShowTheirChanges() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        try t.enter("reset [[\"a\", \"b\"]]")
        try t.enter("insert 0:0 \"new\"")
        let undone = try t.enter(".undo")
        #expect(undone == "section 0\n  - 0:0        new\n    0:1 → 0:0  a\n    0:2 → 0:1  b", "\(undone)")
        let redone = try t.enter("redo")
        #expect(redone == "section 0\n  + 0:0        new\n    0:0 → 0:1  a\n    0:1 → 0:2  b", "\(redone)")
        try t.enter(".undo")
        #expect(try t.enter("dump") == #"[["a","b"]]"#)
        try t.enter(".redo")
        let nothing = try t.enter(".redo")
        #expect(nothing.contains("error: nothing to redo"), "\(nothing)")
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
        t.waitFor("reverse search") { TerminalSession.showsReverseSearch($0, for: "shou") }
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
        t.waitFor("the continuation typed") { $0.hasSuffix(" ...> print \"never\"") }
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
        // The REPL shows each statement's output when it ends, so the print marks the loop's start.
        try t.type("print \"counting\"; while true { n = n + 1 }")
        t.waitFor("the loop typed") { $0.hasSuffix("while true { n = n + 1 }") }
        try t.press("Enter")
        t.waitFor("the loop running") { TerminalSession.lastLine($0) == "counting" }
        try t.press("C-c")
        let after = t.waitFor("the interruption") { TerminalSession.lastLine($0) == "list[batch 1]>" }
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

    /// Ctrl-Z at the prompt stops the REPL as it stops any program, and after `fg` the prompt and the line
    /// typed so far are drawn again and each key echoes once (issue 57: the prompt was not redrawn, and
    /// under libedit the typed line echoed twice, the terminal left in the shell's mode).
    @Test func ctrlZThenFgRedrawsThePromptAndTheLine() throws {
        let t = try TerminalSession(inShell: true)
        defer { t.close() }
        t.waitFor("the shell's prompt") { TerminalSession.lastLine($0) == "$" }
        try t.type(TerminalSession.quote(listdslBinary.path))
        try t.press("Enter")
        t.waitForPrompt()
        try t.type("print 12")
        t.waitFor("the line typed") { TerminalSession.lastLine($0) == "list> print 12" }
        try t.press("C-z")
        t.waitFor("the shell to say the REPL stopped") { $0.contains("Stopped") && TerminalSession.lastLine($0) == "$" }
        try t.type("fg")
        try t.press("Enter")
        let again = t.waitFor("the prompt and the line drawn again") {
            TerminalSession.lastLine($0) == "list> print 12"
        }
        #expect(again.components(separatedBy: "list> print 12").count == 3, "\(again)")
        try t.type("3")
        let typed = t.waitFor("the key echoed once") { TerminalSession.lastLine($0).hasSuffix("3") }
        #expect(TerminalSession.lastLine(typed) == "list> print 123", "\(typed)")
        try t.press("Enter")
        let ran = t.waitFor("the statement's output") { $0.hasSuffix("123\nlist>") }
        #expect(!ran.contains("\n3\n"), "a key echoed twice: \(ran)")
        try t.press("C-d")
        t.waitFor("the shell's prompt after the REPL") { TerminalSession.lastLine($0) == "$" }
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
        #expect(one.contains("example: " + (Vocabulary.entry(named: "append")?.example ?? "?")))
        let dot = try t.enter(".help read")
        #expect(dot.contains(".read FILE"))
        #expect(all.contains(".help cells"))
        let cells = try t.enter(".help cells")
        #expect(cells.contains("tableView(_:cellForRowAt:)") && cells.contains("stale"))
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
        t.waitFor("the continuation prompt", timeout: 60) { TerminalSession.lastLine($0) == " ...>" }
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
