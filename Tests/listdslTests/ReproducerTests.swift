import Foundation
import Testing

/// The fifteen ways the robustness rules were broken, each run as it was reported: none may crash the
/// binary, hang it past Ctrl-C or let it take all the machine's memory.
@Suite struct ReproducerTests {
    /// Runs `script` with `/bin/sh`, `$LISTDSL` naming the binary; killed after `timeout` seconds.
    static func shell(_ script: String, directory: URL? = nil, timeout: Double = 60) throws -> Run {
        let env = ["LISTDSL": listdslBinary.path]
        return try runShell(script, directory: directory, environment: env, timeout: timeout)
    }

    // 5. /dev/zero as a script, as standard input, to check and to run.
    @Test(arguments: [
        #""$LISTDSL" /dev/zero"#, #""$LISTDSL" - < /dev/zero"#, #""$LISTDSL" check /dev/zero"#,
        #""$LISTDSL" -e 'run "/dev/zero"'"#,
    ])
    func endlessInputStopsAtTheScriptSizeLimit(_ command: String) throws {
        let run = try Self.shell("ulimit -v 4000000; exec " + command, timeout: 30)
        #expect([66, 70].contains(run.status), "exit \(run.status): \(run.stderr.prefix(300))")
        #expect(run.stderr.contains("larger than the script size limit"), "\(run.stderr.prefix(300))")
    }

    // 6. A FIFO nobody writes to, as a script and through `run`: Ctrl-C ends the wait.
    @Test(arguments: [["fifo.list"], ["-e", #"run "fifo.list""#], ["check", "fifo.list"]])
    func aFIFONobodyWritesToIsInterruptible(_ arguments: [String]) throws {
        let dir = try scratchDirectory("repro")
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(mkfifo(dir.appendingPathComponent("fifo.list").path, 0o600) == 0)
        let run = try runInterrupted(arguments, directory: dir, once: .holdsOpen("fifo.list"))
        #expect(run.status == 130, "stderr: \(run.stderr)")
        #expect(run.stderr.contains("interrupted"), "stderr: \(run.stderr)")
    }

    // 7. A string or a list doubled forty times stops at the value size limit.
    @Test(arguments: [
        #"let s = "x"; repeat 40 { s = s + s }"#, "let l = [1]; repeat 40 { l = l + l }",
        "let l = [1]; repeat 40 { l = [l, l] }", #"let s = "x"; repeat 40 { s = "\(s)\(s)" }"#,
    ])
    func doublingAValueStopsAtTheValueSizeLimit(_ code: String) throws {
        let run = try runListdsl(["-e", code], timeout: 60, memoryLimitMB: 4000)
        #expect(run.status == 70, "exit \(run.status): \(run.stderr.prefix(300))")
        #expect(run.stderr.contains("value size limit"), "\(run.stderr.prefix(300))")
    }

    // 9. dump's output is valid reset input, control characters included.
    @Test func dumpOutputIsResetInput() throws {
        let table = #"reset [["a\u{1}b", "\u{8}", "\u{C}", "\0", "\u{1B}[0m", "\u{7F}", "\t\n\r\"\\", "é→😀"], []]"#
        let first = try runListdsl(["-e", table, "-e", "dump"])
        #expect(first.status == 0, "\(first.stderr)")
        let line = first.stdout.trimmingCharacters(in: .newlines)
        let second = try runListdsl(["-e", "reset " + line, "-e", "dump"])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == first.stdout)
    }

    // 11. A value nested ever deeper stops at the nesting limit instead of overflowing the stack when freed.
    @Test func deeplyNestedValuesStopAtTheDepthLimit() throws {
        let wrap = String(repeating: "[", count: 190) + "l" + String(repeating: "]", count: 190)
        let run = try runListdsl(
            ["-e", "let l = []", "-e", "repeat 45000 { l = \(wrap) }", "-e", "l = 0"], timeout: 60,
            memoryLimitMB: 4000)
        #expect(run.status == 70, "exit \(run.status): \(run.stderr.prefix(300))")
        #expect(run.stderr.contains("value nesting limit"), "\(run.stderr.prefix(300))")
    }

    // 12. str() of a deeply nested list: linear, and the nesting it can meet is bounded.
    @Test func strOfANestedListIsBounded() throws {
        let deep = try runListdsl(
            ["-e", "let l = []", "-e", "repeat 1100000 { l = [l] }", "-e", "print len(str(l))"], timeout: 30)
        #expect(deep.status == 70, "exit \(deep.status): \(deep.stderr.prefix(300))")
        #expect(deep.stderr.contains("value nesting limit"), "\(deep.stderr.prefix(300))")
        let legal = try runListdsl(["-e", "let l = []", "-e", "repeat 999 { l = [l] }", "-e", "print len(str(l))"])
        #expect(legal.status == 0, "\(legal.stderr.prefix(300))")
        #expect(legal.stdout == "2000\n")
    }

    // 13. A 100 GB (sparse) script is refused before anything is read.
    @Test(arguments: [["big.list"], ["check", "big.list"], ["-e", #"run "big.list""#]])
    func aHugeScriptIsRefused(_ arguments: [String]) throws {
        let dir = try scratchDirectory("repro")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.list").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 100 << 30) == 0)
        let run = try runListdsl(arguments, directory: dir, timeout: 30, memoryLimitMB: 4000)
        #expect([66, 70].contains(run.status), "exit \(run.status): \(run.stderr.prefix(300))")
        #expect(run.stderr.contains("larger than the script size limit"), "\(run.stderr.prefix(300))")
    }

    // 15. A range's last index is in range; section commands outside a batch cost no more than row commands.
    @Test func theLastIndexOfTheLongestRange() throws {
        let run = try runListdsl(["-e", "print (0...9223372036854775807)[9223372036854775807]"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "9223372036854775807\n")
    }

    @Test func sixteenThousandSectionCommandsAreQuick() throws {
        let run = try runListdsl(
            [
                "-e", "repeat 16000 { insert section 0 }", "-e", "print sections()", "-e",
                "repeat 16000 { delete section 0 }", "-e", "print sections()",
            ], timeout: 30)
        #expect(run.status == 0, "\(run.stderr.prefix(300))")
        #expect(run.stdout == "16000\n0\n")
    }
}

/// The REPL's reproducers, typed into the real binary through a pseudo-terminal.
@Suite(.serialized, .enabled(if: TerminalSession.isAvailable, TerminalSession.unavailable))
struct REPLReproducerTests {
    /// Clears whatever the keys left behind, then checks the REPL still answers.
    static func expectAnswering(
        _ t: TerminalSession, timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        // Let the keys' own output arrive first: a Ctrl-C while a statement runs is spent on it.
        var last = t.screen()
        var stableSince = Date()
        let deadline = Date().addingTimeInterval(timeout)
        while Date().timeIntervalSince(stableSince) < 0.5 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            let now = t.screen()
            if now != last { (last, stableSince) = (now, Date()) }
        }
        try t.press("C-c")
        t.waitFor("a fresh prompt", timeout: timeout, sourceLocation: sourceLocation) {
            let lines = $0.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 2 && lines[lines.count - 2].hasSuffix("^C") && lines[lines.count - 1] == "list>"
        }
        try t.type("print \"alive\"")
        try t.press("Enter")
        t.waitFor("the REPL answering", timeout: timeout, sourceLocation: sourceLocation) {
            $0.hasSuffix("alive\nlist>")
        }
    }

    /// Starts the REPL, waits for its prompt, lets `keys` drive it, then checks it still answers.
    static func expectAnswering(
        timeout: Double = 20, sourceLocation: SourceLocation = #_sourceLocation,
        after keys: (TerminalSession) throws -> Void
    ) throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt(sourceLocation: sourceLocation)
        try keys(t)
        try expectAnswering(t, timeout: timeout, sourceLocation: sourceLocation)
    }

    /// 1, 2 and 10: key sequences that drove readline's callback mode into a segmentation fault.
    @Test(
        arguments: [
            ("reverse search, then a paste's end, then Enter", [0x12, 0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E, 0x0D]),
            ("reverse search, Ctrl-X, x, Enter", [0x12, 0x18, 0x78, 0x0D]),
            ("character search, then ESC x", [0x1D, 0x1B, 0x78, 0x0D]),
            ("ESC Ctrl-], then ESC x", [0x1B, 0x1D, 0x1B, 0x78, 0x0D]),
        ] as [(String, [UInt8])])
    func keySequencesThatCrashedReadline(_ name: String, _ keys: [UInt8]) throws {
        try Self.expectAnswering { try $0.send(bytes: keys) }
    }

    /// Found by the key fuzzer: 5,000 characters typed into a reverse search took readline 37 s of CPU (it
    /// redraws the search prompt in time cubic in the search string), with Ctrl-C stuck behind them. The
    /// search now ends after 256 keys and the rest go to the line. libedit's search costs what typing
    /// costs and says nothing of its state: there the 1,000 keys stay in the search, and Ctrl-C still ends
    /// it at once.
    @Test func aLongStringTypedIntoAReverseSearchEndsTheSearch() throws {
        try Self.expectAnswering { t in
            try t.enter("print \"a line to find\"")
            try t.press("C-r")
            try t.type(String(repeating: "x", count: 1_000))
            switch TerminalSession.lineEditor {
            case .gnuReadline:
                let screen = t.waitFor("the search ended and the rest typed into the line") {
                    TerminalSession.lastLine($0).hasPrefix("list> ") && $0.hasSuffix(String(repeating: "x", count: 700))
                }
                #expect(!TerminalSession.lastLine(screen).contains("reverse-i-search"))
            case .libedit:
                t.waitFor("the keys typed into the search") { $0.hasSuffix(String(repeating: "x", count: 700)) }
            }
        }
    }

    // 4. With autoshow on, one batch deleting 120,000 of 240,000 rows is drawn at once (it took 23 s).
    @Test func aHugeBatchIsDrawnAtOnce() throws {
        try Self.expectAnswering { t in
            try t.enter("reset [[]]")
            try t.enter(#"for i in 0..<240000 { data append 0 "r\(i)" }"#)
            try t.enter("reloadData")
            let prompts = TerminalSession.promptCount(t.screen())
            try t.type("begin; for i in 0..<120000 { delete 0:(2 * i) }; end")
            try t.press("Enter")
            let after = t.waitFor("the change view and the prompt", timeout: 60) {
                TerminalSession.promptCount($0) > prompts && TerminalSession.lastLine($0) == "list>"
            }
            #expect(after.contains("more lines (use 'show')"), "\(after.suffix(500))")
        }
    }

    // 3. A paste that starts and is cut short by Ctrl-C.
    @Test func ctrlCDuringAPaste() throws {
        // The paste's start and its first characters are read (and held by readline, unshown) before Ctrl-C.
        try Self.expectAnswering(timeout: 10) {
            try $0.sendAndWaitForRead(bytes: [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E] + Array("print 1".utf8))
        }
    }

    // 8. `.save` never replaces a FIFO, and writes through a symbolic link to its target.
    @Test func saveRefusesAFIFOAndFollowsALink() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        let fifo = t.directory.appendingPathComponent("pipe.list").path
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: t.directory.appendingPathComponent("link.list").path,
            withDestinationPath: "target.list")
        try t.enter("reset [[\"a\"]]")
        let refused = try t.enter(".save pipe.list")
        #expect(refused.contains("cannot save"), "\(refused)")
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
        let saved = try t.enter(".save link.list")
        #expect(saved.contains("saved 1 statement"), "\(saved)")
        let link = t.directory.appendingPathComponent("link.list").path
        #expect(lstat(link, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK, "the link is still a link")
        let target = try String(contentsOf: t.directory.appendingPathComponent("target.list"), encoding: .utf8)
        #expect(target.contains("reset [[\"a\"]]"))
    }

    // 14. `.save` after a failed batch leaves out the loop that queued into it.
    @Test func saveAfterAFailedBatchLeavesOutItsLoops() throws {
        let t = try TerminalSession()
        defer { t.close() }
        t.waitForPrompt()
        for line in ["reset [[\"a\"]]", "begin", "repeat 1 { insert 0:0 \"y\" }", "insert 0:5 \"z\"", "end"] {
            try t.enter(line)
        }
        #expect(try t.enter("dump") == #"[["a"]]"#)
        try t.enter(".save session.list")
        #expect(!t.screen().contains("does not reproduce"), "\(t.screen().suffix(500))")
        let script = t.directory.appendingPathComponent("session.list")
        let run = try runListdsl([script.path, "-e", "dump"])
        #expect(run.stdout.split(separator: "\n").last == #"[["a"]]"#, "\(run.stdout)")
    }
}
