import Foundation
import ListFormats
import ListRuntime
import Platform
import Testing

@testable import listdsl

/// A script file of 4 MB or more is checked, then run, a window of about 256 KB at a time
/// (`StreamedScript`), so its bytes and its syntax tree are never held whole. Each case below pads a
/// script past that size with comment lines between its statements, and the run of the file must be
/// exactly the run of the same text from standard input, which is read and parsed whole: the same
/// output, the same diagnostics at the same lines and columns, the same exit status — and so must
/// `listdsl check`.
@Suite struct StreamedScriptTests {
    /// `count` bytes of comment lines, 1,000 bytes each.
    static func padding(_ count: Int) -> String {
        let line = "# " + String(repeating: "padding ", count: 124) + "\n"
        return String(repeating: line, count: max(1, count / line.utf8.count))
    }

    /// A script of `parts` with padding between them, past the 4 MB a file must have to be streamed.
    static func padded(_ parts: [String]) -> String {
        let gap = padding((4 << 20) / max(1, parts.count - 1) + 4096)
        return parts.joined(separator: "\n" + gap)
    }

    /// A script past the 4 MB a file must have to be streamed, of `first`, then literal edits alone (an insert at
    /// 0:0 and a delete at 0:1, so the table stays one row) with `middle` in their midst, then `last`: its windows
    /// after the first hold literal lines alone, which run with no tree (`Parser.literalLines`).
    /// Each text is `length` bytes and more, and there are enough pairs to pass 4 MB.
    static func literalLines(_ first: String, middle: String = "", _ last: String, length: Int = 200) -> String {
        let text = String(repeating: "x", count: length)
        let pairs = (4 << 20) / (length + 20) + 1
        var lines = [first]
        for n in 0..<pairs {
            if n == pairs / 2 && !middle.isEmpty { lines.append(middle) }
            lines.append("insert 0:0 \"row \(n) \(text)\"")
            lines.append("delete 0:1")
        }
        return (lines + [last]).joined(separator: "\n") + "\n"
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        /// A script run before it, in the same session, when there is one.
        var setup: String?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "literal edits between the windows",
            text: padded([
                #"reset [["a", "b"], ["c"]]"#, #"insert 0:0 "x""#, "delete 1:0", #"insert 1:0 "y"; move 0:0 to 1:1"#,
                "show",
            ])),
        Case(
            name: "a runtime error in the last window", text: padded([#"reset [["a"]]"#, "show", "delete 5:5", "show"])),
        Case(
            name: "a syntax error in the last window runs nothing",
            text: padded([#"print "ran""#, "show", "insert 0:0"])),
        Case(
            name: "a statement across two windows",
            text: padded([
                #"print "before""#,
                "reset [\n" + String(repeating: #"  ["row", "row"],"# + "\n", count: 30_000) + "  []\n]",
                "print rows(0) + rows(1)",
            ])),
        Case(
            name: "undo in the last window",
            text: padded([#"reset [["a"]]"#, #"insert 0:1 "b""#, #"insert 0:2 "c""#, "undo", "undo", "show"])),
        Case(
            name: "a procedure from the first window",
            text: padded([
                "proc add(text) {\n  insert 0:0 text\n  delete 9:9\n}", #"reset [["a"]]"#, "show", #"add("c")"#,
            ])),
        Case(
            name: "a batch across windows",
            text: padded([#"reset [["a", "b"]]"#, "begin", "delete 0:0", #"insert 0:0 "n""#, "end", "show"])),
        Case(name: "a batch left open", text: padded([#"reset [["a"]]"#, "begin", "delete 0:0"])),
        Case(name: "a byte order mark first", text: "\u{FEFF}" + padded([#"reset [["a"]]"#, "show"])),
        Case(
            name: "a byte order mark after the first line",
            text: padded([#"print "ran""#, "\u{FEFF}show"])),
        // A line longer than a window: the window runs to its end (the first window's tree is kept for the run).
        Case(
            name: "a first line longer than a window",
            text: padded([
                "reset [[" + String(repeating: #""row","#, count: 50_000) + #""end"]]"#, "print rows(0), item(0:50000)",
            ])),
        Case(
            name: "a line longer than a window after the first",
            text: padded([
                #"print "before""#, "reset [[" + String(repeating: #""r","#, count: 80_000) + #""e"]]"#,
                "print rows(0), item(0:80000)",
            ])),
        Case(
            name: "one line past the size, with no line feed",
            text: "reset [[" + String(repeating: #""r","#, count: 1_050_000) + #""e"]]; print rows(0), item(0:1050000)"#
        ),
        // Windows of literal lines alone, run with no tree.
        Case(name: "windows of literal lines alone", text: literalLines(#"reset [["a"]]"#, "print rows(0), item(0:0)")),
        Case(
            name: "a runtime error among literal lines",
            text: literalLines(#"reset [["a"]]"#, middle: "delete   0:7", "print rows(0)")),
        // Long lines, so a window holds about a hundred edits, and 500 undos reach back past several windows.
        Case(
            name: "undo after literal lines",
            text: literalLines(
                #"reset [["a"]]"#, String(repeating: "undo\n", count: 500) + "print rows(0), item(0:0)", length: 2_000)),
        Case(name: "trace on, then literal lines", text: literalLines("trace on\nreset [[\"a\"]]", "trace off")),
        // The first window of literal lines too (the check keeps its commands for the run), with short texts.
        Case(
            name: "literal lines from the first, short texts",
            text: String(repeating: "insert 0:0 \"row\"\ndelete 0:1\n", count: (4 << 20) / 27 + 1)
                + #"insert 0:0 "a short one""# + "\nprint rows(0), item(0:0)\n",
            setup: #"reset [["z"]]"#),
    ]

    @Test(arguments: cases)
    func aBigFileRunsAsTheSameTextReadWhole(_ c: Case) throws {
        #expect(c.text.utf8.count > 4 << 20, "the script is big enough to be streamed")
        let dir = try scratchDirectory("streamed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("big.list")
        try c.text.write(to: file, atomically: true, encoding: .utf8)
        var setup: [String] = []
        if let text = c.setup {
            let path = dir.appendingPathComponent("setup.list")
            try text.write(to: path, atomically: true, encoding: .utf8)
            setup = [path.path]
        }
        for command in [[], ["check"]] {
            let streamed = try runListdsl(command + setup + [file.path])
            let whole = try runListdsl(command + setup + ["-"], stdin: c.text)
            let context = Comment(rawValue: "\(c.name), listdsl \(command.first ?? "run")")
            #expect(streamed.status == whole.status, context)
            #expect(streamed.stdout == whole.stdout, context)
            #expect(streamed.stderr.replacingOccurrences(of: file.path, with: "<stdin>") == whole.stderr, context)
        }
    }

    /// The cases' own marks, so the comparison above cannot pass on two runs that both went wrong.
    @Test func theRunsSayWhatTheyShould() throws {
        let dir = try scratchDirectory("streamed-marks")
        defer { try? FileManager.default.removeItem(at: dir) }
        func run(_ k: Int) throws -> Run {
            let file = dir.appendingPathComponent("big.list")
            try Self.cases[k].text.write(to: file, atomically: true, encoding: .utf8)
            guard let setup = Self.cases[k].setup else { return try runListdsl([file.path]) }
            let setupFile = dir.appendingPathComponent("setup.list")
            try setup.write(to: setupFile, atomically: true, encoding: .utf8)
            return try runListdsl([setupFile.path, file.path])
        }
        /// The line of case `k` that `statement` starts.
        func line(_ k: Int, _ statement: String) -> Int {
            let text = Self.cases[k].text
            guard let at = text.range(of: "\n" + statement) else { return 0 }
            return text[..<at.lowerBound].filter { $0 == "\n" }.count + 2
        }

        let edits = try run(0)
        #expect(edits.status == 0 && edits.stderr.isEmpty, "\(edits.stderr)")
        let runtime = try run(1)
        #expect(runtime.status == 70 && runtime.stdout == "section 0\n  0:0  a\n", "\(runtime.stdout)")
        #expect(runtime.stderr.contains("big.list:\(line(1, "delete 5:5")):8: error:"), "\(runtime.stderr)")
        #expect(line(1, "delete 5:5") > 2000)
        let syntax = try run(2)
        #expect(syntax.status == 65 && syntax.stdout.isEmpty, "\(syntax.stdout)")
        #expect(syntax.stderr.contains("big.list:\(line(2, "insert 0:0")):"), "\(syntax.stderr)")
        let across = try run(3)
        #expect(across.status == 0 && across.stdout == "before\n4\n", "\(across.stdout)")
        let undo = try run(4)
        #expect(undo.status == 0 && undo.stdout == "section 0\n  0:0  a\n", "\(undo.stdout)")
        let procedure = try run(5)
        #expect(procedure.status == 70 && procedure.stderr.contains("big.list:3:10: error:"), "\(procedure.stderr)")
        let open = try run(7)
        #expect(open.status == 70 && open.stderr.contains("big.list:\(line(7, "begin")):1:"), "\(open.stderr)")
        let bomLater = try run(9)
        #expect(bomLater.status == 65 && bomLater.stdout.isEmpty, "\(bomLater.stderr)")
        let longFirst = try run(10)
        #expect(longFirst.status == 0 && longFirst.stdout == "50001 end\n", "\(longFirst.stdout)\(longFirst.stderr)")
        let longLater = try run(11)
        #expect(
            longLater.status == 0 && longLater.stdout == "before\n80001 e\n", "\(longLater.stdout)\(longLater.stderr)")
        let literal = try run(13)
        #expect(literal.status == 0 && literal.stdout.hasPrefix("1 row 19065 xx"), "\(literal.stdout)\(literal.stderr)")
        let literalError = try run(14)
        #expect(literalError.status == 70 && literalError.stdout.isEmpty, "\(literalError.stdout)")
        #expect(literalError.stderr.contains("big.list:19068:10: error:"), "\(literalError.stderr)")
        let literalUndo = try run(15)
        #expect(literalUndo.status == 0 && literalUndo.stdout.hasPrefix("1 row 1826 xx"), "\(literalUndo.stdout)")
        let traced = try run(16)
        #expect(traced.status == 0 && traced.stdout.split(separator: "\n").count > 40_000, "\(traced.stderr)")
        let first = try run(17)
        #expect(first.status == 0 && first.stdout == "2 a short one\n", "\(first.stdout)\(first.stderr)")
        let oneLine = try run(12)
        #expect(oneLine.status == 0 && oneLine.stdout == "1050001 e\n", "\(oneLine.stdout)\(oneLine.stderr)")
    }

    /// How a big file is written to between its check and its run (issue 57): each must stop the run at the
    /// window it changed, with a diagnostic that says so, after the windows before it ran and before any of it
    /// runs. Before windows were checked when read again, a file truncated meanwhile ended its run with status 0
    /// and most of it not run, and one saved a byte shorter in place failed with syntax errors at lines neither
    /// version holds, as if nothing had run.
    enum Change: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// Truncated to half its size (a short read).
        case truncated
        /// A byte taken out in the middle, saved in place: every later window is shifted by one.
        case oneByteShorter
        /// A byte of a literal window changed in place (`ins3rt`): the same size, the windows where they were.
        case byteChangedInLiteralWindow
        /// Not written to: the run goes to its end.
        case unchanged
        var testDescription: String { rawValue }
    }

    @Test(arguments: Change.allCases)
    func aFileWrittenToWhileItRunsStopsAtTheChangedWindow(_ change: Change) throws {
        let dir = try scratchDirectory("streamed-changed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("big.list")
        // Literal windows (inserts and deletes alone), or windows of appends between comment lines.
        let text =
            change == .byteChangedInLiteralWindow
            ? Self.literalLines(#"reset [["a"]]"#, "append 0 \"end\"")
            : Self.padded([#"reset [[]]"#] + (1...40).map { "append 0 \"\($0)\"" })
        try text.write(to: file, atomically: true, encoding: .utf8)
        let script = try #require(StreamedScript(path: file.path, limit: Int.max))
        #expect(script.check(forRun: true) && script.windows.count > 4)
        let middle = text.utf8.count / 2
        // The first byte that differs from what was checked.
        var changedAt = middle
        let handle = try FileHandle(forUpdating: file)
        switch change {
        case .truncated:
            try handle.truncate(atOffset: UInt64(middle))
        case .oneByteShorter:
            var bytes = Array(text.utf8)
            bytes.remove(at: middle)
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: Data(bytes))
            try handle.truncate(atOffset: UInt64(bytes.count))
        case .byteChangedInLiteralWindow:
            // The `e` of the first `insert` past the middle: reading it as checked would run `ins3rt` as an insert.
            let after = text.utf8.index(text.startIndex, offsetBy: middle)
            let line = try #require(text.range(of: "\ninsert ", range: after..<text.endIndex))
            changedAt = text.utf8.distance(from: text.startIndex, to: line.lowerBound) + 4
            try handle.seek(toOffset: UInt64(changedAt))
            try handle.write(contentsOf: Data("3".utf8))
        case .unchanged:
            break
        }
        try handle.close()
        let changedWindow = try #require(script.windows.firstIndex { $0.bytes.contains(changedAt) })
        let interpreter = Interpreter(io: ScriptRunner.io(limits: Limits(), emit: { _ in }))
        do {
            try script.run(interpreter)
            #expect(change == .unchanged, "the changed file ran to its end")
        } catch {
            guard case .runtime(let diagnostic) = error else {
                Issue.record("expected the run to stop with a runtime error, got \(error)")
                return
            }
            let line = script.windows[changedWindow].firstLine
            #expect(change != .unchanged)
            #expect(
                diagnostic.message
                    == "'\(file.path)' changed after it was checked: the run stopped before line \(Quantity.grouped(line)); the lines before it ran"
            )
        }
        // What ran: every window before the changed one, none of it or after it.
        let rows = interpreter.model.dataSource.first?.rows.count ?? -1
        if change == .byteChangedInLiteralWindow {
            // One row, and one more when the window before stopped between an insert and its delete.
            let ran = Array(text.utf8)[..<script.windows[changedWindow].bytes.lowerBound]
            let inserts = String(decoding: ran, as: UTF8.self).components(separatedBy: "\ninsert ").count - 1
            let deletes = String(decoding: ran, as: UTF8.self).components(separatedBy: "\ndelete ").count - 1
            #expect(rows == 1 + inserts - deletes, "the final append did not run")
        } else {
            let appendsBefore = (1...40).filter { n in
                let at = try? #require(text.range(of: "append 0 \"\(n)\"\n"))
                return at.map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
                    .map { $0 < script.windows[changedWindow].bytes.lowerBound } ?? false
            }.count
            #expect(rows == (change == .unchanged ? 40 : appendsBefore) && (change == .unchanged || rows < 40))
        }
    }

    /// What makes a long script cheap to hold: its peak memory does not grow with its length. Twice as many
    /// literal edits (an insert and a delete each, so the table stays small) take about the same memory;
    /// held whole, 320,000 more statements were 9 MB of text and about 15 MB of tree.
    @Test func aLongerScriptTakesNoMoreMemory() throws {
        let dir = try scratchDirectory("streamed-memory")
        defer { try? FileManager.default.removeItem(at: dir) }
        var peaks: [Int] = []
        for pairs in [160_000, 320_000] {
            let file = dir.appendingPathComponent("edits-\(pairs).list")
            var text = #"reset [["a"], ["b"]]"# + "\n"
            text.reserveCapacity(pairs * 30)
            for n in 0..<pairs { text += "insert \(n % 2):0 \"row \(n)\"\ndelete \(n % 2):0\n" }
            text += "show\n"
            try text.write(to: file, atomically: true, encoding: .utf8)
            let child = try BigFileTests.Child.start([file.path], environment: [:], in: dir, measured: true)
            let (status, peak, stderr) = child.wait(timeout: 300)
            #expect(status == 0, "\(stderr)")
            peaks.append(peak)
        }
        #expect(peaks[1] - peaks[0] < 4 << 20, "peak memory \(peaks[0] >> 10) KiB, then \(peaks[1] >> 10) KiB")
    }
}
