import Foundation
import Testing

/// Bad input of every kind a user, a pipe or a file system can give, run through the real binary: each
/// gets its exit status, a clear first line on standard error and its standard output (none where the
/// input is refused), leaves its directory as it was, and nothing crashes, hangs or runs away.
@Suite struct BadInputTests {
    /// One kind of bad input.
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        /// Arguments; files are in the case's scratch directory, which is the working directory.
        var arguments: [String] = ["-"]
        /// Bytes on standard input.
        var stdin: [UInt8] = []
        /// Makes the files the case needs in its scratch directory.
        var setup: @Sendable (URL) throws -> Void = { _ in }
        /// Sends SIGINT once the child is ready for it (has its handler, and is at the statement under test).
        var interruptWhen: Readiness? = nil
        /// Environment variables to set (a relative path is in the scratch directory).
        var environment: [String: String] = [:]
        var exit: Int32
        /// The first line of standard error, exactly but for `{size}`, which stands for a size the binary
        /// measured, such as `497.4 MiB` (empty: standard error must be empty).
        var firstLine: String
        /// Standard output, exactly.
        var stdout: String
        var testDescription: String { id }

        init(
            _ id: String, _ arguments: [String] = ["-"], stdin: String = "", bytes: [UInt8]? = nil,
            setup: @escaping @Sendable (URL) throws -> Void = { _ in }, interruptWhen: Readiness? = nil,
            environment: [String: String] = [:], exit: Int32, _ firstLine: String, stdout: String = ""
        ) {
            self.id = id
            self.arguments = arguments
            self.stdin = bytes ?? Array(stdin.utf8)
            self.setup = setup
            self.interruptWhen = interruptWhen
            self.environment = environment
            self.exit = exit
            self.firstLine = firstLine
            self.stdout = stdout
        }
    }

    /// Writes `text` to `name` in `dir`.
    static func file(_ name: String, _ text: String) -> @Sendable (URL) throws -> Void {
        { dir in try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
    }

    static let cases: [Case] = [
        // Bytes that are not text.
        Case(
            "invalid UTF-8", bytes: Array("print \"a".utf8) + [0xFF] + Array("b\"\n".utf8), exit: 65,
            "<stdin>:1:9: error: invalid UTF-8 byte 0xFF"),
        Case(
            "a NUL byte", bytes: Array("print 1".utf8) + [0] + [0x0A], exit: 65,
            "<stdin>:1:8: error: NUL byte in source"),
        Case(
            "an escape sequence in source", stdin: "print 1\u{1B}[31m\n", exit: 65,
            "<stdin>:1:8: error: unexpected control character U+001B"),
        Case(
            "binary junk", bytes: (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 167 &+ 13) }, exit: 65,
            "<stdin>:1:2: error: invalid UTF-8 byte 0xB4"),
        Case(
            "a byte-order mark and CRLF line ends", stdin: "\u{FEFF}print 1\r\nprint 2\r\n", exit: 0, "",
            stdout: "1\n2\n"),
        Case("an empty file", ["empty.list"], setup: file("empty.list", ""), exit: 0, ""),
        // Size.
        Case(
            "a 10 MB line", ["long.list"],
            setup: file("long.list", "print \"" + String(repeating: "x", count: 10 << 20) + "\" +\n"),
            exit: 65, "long.list:1:10485771: error: expected an expression, found end of line"),
        Case(
            "a million statements on one line", ["many.list"],
            setup: file("many.list", String(repeating: "let x = 1;", count: 1_000_000) + "print x\n"), exit: 0, "",
            stdout: "1\n"),
        Case(
            "a 100 GB sparse file", ["big.list"],
            setup: { dir in
                let path = dir.appendingPathComponent("big.list").path
                _ = FileManager.default.createFile(atPath: path, contents: nil)
                _ = truncate(path, 100 << 30)
            }, exit: 66,
            "listdsl: error: cannot read 'big.list': it is 107,374,182,400 bytes, larger than the script size limit of 256 MiB (--limit script-size=SIZE)"
        ),
        Case(
            "/dev/zero", ["/dev/zero"], exit: 66,
            "listdsl: error: cannot read '/dev/zero': it is larger than the script size limit of 256 MiB (--limit script-size=SIZE)"
        ),
        Case(
            "run \"/dev/zero\"", ["-e", #"run "/dev/zero""#], exit: 70,
            "-e:1:5: error: cannot run '/dev/zero': it is larger than the script size limit of 256 MiB (--limit script-size=SIZE)"
        ),
        Case(
            "a huge reset", ["huge.list"],
            setup: file(
                "huge.list",
                "reset [[" + Array(repeating: "\"r\"", count: 1_000_000).joined(separator: ",") + "]]\nprint rows(0)\n"),
            exit: 0, "", stdout: "1000000\n"),
        Case(
            "a reset over the table size limit",
            [
                "--limit", "table-size=1000", "-e", "let r = []", "-e", #"repeat 1000 { r = r + ["r"] }"#, "-e",
                "reset [r]",
            ],
            exit: 70,
            "-e:1:1: error: table size limit exceeded: the data source would hold more than 1,000 rows and sections"),
        // Numbers.
        Case(
            "a huge integer", stdin: "print 99999999999999999999\n", exit: 65,
            "<stdin>:1:7: error: integer literal '99999999999999999999' does not fit in 64 bits"),
        Case(
            "overflow at run time", stdin: "print 9223372036854775807 + 1\n", exit: 70,
            "<stdin>:1:7: error: integer overflow: 9223372036854775807 + 1 does not fit in 64 bits"),
        Case("division by zero", stdin: "print 1 % 0\n", exit: 70, "<stdin>:1:7: error: division by zero: 1 % 0"),
        Case(
            "a negative index", stdin: "reset [[\"a\"]]\ndelete 0:-1\n", exit: 70,
            "<stdin>:2:8: error: index path 0:-1 has a negative row"),
        Case(
            "an index past the end", stdin: "reset [[\"a\"]]\ndelete 0:9223372036854775807\n", exit: 70,
            "<stdin>:2:8: error: attempt to delete row 9223372036854775807 from section 0 which only contains 1 rows before the update"
        ),
        // Unfinished input.
        Case(
            "100,000 nested brackets", stdin: "print " + String(repeating: "[", count: 100_000) + "\n", exit: 65,
            "<stdin>:1:207: error: nesting too deep"),
        Case(
            "100,000 nested blocks", stdin: String(repeating: "if true {", count: 100_000) + "\n", exit: 65,
            "<stdin>:1:1804: error: nesting too deep"),
        // Each block is compiled once: compiling an `else` block twice made this 2^60 compiles.
        Case(
            "an if nested in the else of another, 60 deep",
            stdin: "let x = 60\n" + String(repeating: "if x == 0 { print 0 } else {\n", count: 60) + "print x\n"
                + String(repeating: "}\n", count: 60),
            exit: 0, "", stdout: "60\n"),
        Case("an unterminated string", stdin: "print \"abc\n", exit: 65, "<stdin>:1:7: error: unterminated string"),
        Case(
            "an unterminated block", stdin: "if true {\n  print 1\n", exit: 65,
            "<stdin>:3:1: error: expected '}' (to close '{' at line 1), found end of input"),
        Case(
            "an unterminated interpolation", stdin: "print \"a \\(1 + \"\n", exit: 65,
            "<stdin>:1:7: error: unterminated string"),
        Case(
            "half a surrogate pair", stdin: "print \"\\uD83D\"\n", exit: 65,
            "<stdin>:1:8: error: '\\uD83D' is half of a UTF-16 surrogate pair; write the pair, or the character as '\\u{…}'"
        ),
        Case(
            "a batch left open", stdin: "begin\ninsert 0:0 \"x\"\n", exit: 70,
            "<stdin>:1:1: error: 'begin' has no matching 'end'; the batch was not committed"),
        Case("end without begin", stdin: "end\n", exit: 70, "<stdin>:1:1: error: 'end' without a matching 'begin'"),
        // Files that are not scripts.
        Case(
            "a directory", ["sub"],
            setup: {
                try FileManager.default.createDirectory(
                    at: $0.appendingPathComponent("sub"), withIntermediateDirectories: true)
            },
            exit: 66, "listdsl: error: cannot read 'sub': it is a directory"),
        Case(
            "a missing file", ["missing.list"], exit: 66,
            "listdsl: error: cannot read 'missing.list': no such file or directory"),
        Case(
            "a file that cannot be opened (a socket)", ["socket"],
            setup: { dir in
                let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
                var address = sockaddr_un()
                address.sun_family = sa_family_t(AF_UNIX)
                let path = dir.appendingPathComponent("socket").path
                withUnsafeMutableBytes(of: &address.sun_path) { raw in
                    for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
                }
                _ = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                    }
                }
            }, exit: 66, "listdsl: error: cannot read 'socket': no such device or address"),
        Case(
            "a loop of symbolic links", ["loop.list"],
            setup: { dir in
                try FileManager.default.createSymbolicLink(
                    atPath: dir.appendingPathComponent("loop.list").path, withDestinationPath: "loop.list")
            }, exit: 66, "listdsl: error: cannot read 'loop.list': too many levels of symbolic links"),
        Case(
            "a FIFO nobody writes to, then Ctrl-C", ["fifo.list"],
            setup: { _ = mkfifo($0.appendingPathComponent("fifo.list").path, 0o600) },
            interruptWhen: .holdsOpen("fifo.list"), exit: 130, "listdsl: error: interrupted while reading 'fifo.list'"),
        Case(
            "a script that runs itself", ["self.list"], setup: file("self.list", "run \"self.list\"\n"), exit: 70,
            "self.list:1:5: error: run cycle: 'self.list' is already running"),
        Case(
            "a NUL in a file name", ["-e", #"reset [["A"]]; save "real.json\0.plist""#], exit: 70,
            #"-e:1:21: error: file name 'real.json\0.plist' holds a NUL byte"#),
        Case(
            "a stored string longer than a value may be",
            ["--limit", "value-size=100", "-e", #"print defaults("k", "")"#],
            setup: file("store.json", #"{"k": "\#(String(repeating: "x", count: 1000))"}"#),
            environment: ["LISTDSL_DEFAULTS": "store.json"], exit: 70,
            "-e:1:7: error: value size limit exceeded: this string would have a size of 1,000; the limit is 100 bytes"),
        Case(
            "a stored list nested deeper than a value may",
            ["--limit", "value-depth=3", "-e", #"print defaults("k", 0)"#],
            setup: file("store.json", #"{"k": [[[[1]]]]}"#), environment: ["LISTDSL_DEFAULTS": "store.json"], exit: 70,
            "-e:1:7: error: value nesting limit exceeded: this list would nest 4 levels deep; the limit is 3"),
        // Runaway programs.
        Case(
            "runaway recursion", stdin: "proc f(n) { f(n + 1) }\nf(0)\n", exit: 70,
            "<stdin>:1:13: error: call depth limit of 1000 exceeded"),
        // A batch run's output waits for its end, so the script marks the loop's start with a file.
        Case(
            "an endless loop, then Ctrl-C", ["-e", #"save "started.json""#, "-e", "while true { }"],
            interruptWhen: .saved("started.json"), exit: 130, "-e:1:1: error: interrupted"),
        Case(
            "an endless loop under --max-steps", ["--max-steps", "1000", "-e", "while true { }"], exit: 70,
            "-e:1:1: error: step limit of 1000 exceeded"),
        Case(
            "a string doubled", stdin: "let s = \"x\"\nrepeat 40 { s = s + s }\n", exit: 70,
            "<stdin>:2:17: error: value size limit exceeded: this string would have a size of 536,870,912; the limit is 256 MiB"
        ),
        Case(
            "a list doubled", stdin: "let l = [1]\nrepeat 40 { l = l + l }\n", exit: 70,
            "<stdin>:2:17: error: value size limit exceeded: this list would have a size of 402,653,264; the limit is 256 MiB"
        ),
        Case(
            "a list nested ever deeper", stdin: "let l = []\nrepeat 2000 { l = [l] }\n", exit: 70,
            "<stdin>:2:19: error: value nesting limit exceeded: this list would nest 1,001 levels deep; the limit is 1000"
        ),
        Case(
            "a table doubled",
            ["--limit", "table-size=5000", "-e", "reset [[\"r\"]]", "-e", "while true { append 0 \"r\" }"], exit: 70,
            "-e:1:14: error: table size limit exceeded: the data source would hold more than 5,000 rows and sections"),
        Case(
            "memory held by a deep recursion",
            [
                "--limit", "memory=256M", "-e", "let s = \"x\"; repeat 24 { s = s + s }",
                "-e", "proc f(n) { let t = s + str(n); if n > 0 { f(n - 1) } }", "-e", "f(900)",
            ], exit: 70,
            "-e:1:21: error: memory limit exceeded: listdsl is using {size} and needs 20.0 MiB more; the limit is 256 MiB"
        ),
        // Loops that kept a copy of the table per step (issue 34, findings 1 and 2): within a small limit.
        Case(
            "a long loop under --changes",
            ["--changes", "--limit", "memory=64M", "-e", "reset [[]]", "-e", "repeat 200000 { append 0 \"x\" }"],
            exit: 0, "",
            // The change view: the new section, the first 399 rows appended, and how many more there are.
            stdout: "section 0 (new)\n    (no rows)\nsection 0\n"
                + (0..<399).map { "  + " + "0:\($0)".padding(toLength: 10, withPad: " ", startingAt: 0) + "x\n" }
                .joined() + "… 199601 more lines (use 'show')\n"),
        Case(
            "a long loop in a script that undoes",
            [
                "--limit", "memory=64M", "-e", "reset [[]]", "-e", "repeat 200000 { append 0 \"x\" }", "-e", "undo",
                "-e", "print rows(0)",
            ],
            exit: 0, "", stdout: "0\n"),
        // Files that are almost a state document (issue 34, finding 12).
        Case(
            "a property list with garbage in its declaration", ["-e", "load \"g.plist\""],
            setup: file("g.plist", "<?xml garbage\u{1}?>\n<plist version=\"1.0\"><dict/></plist>\n"), exit: 70,
            "-e:1:6: error: cannot load 'g.plist': expected '=' after the attribute 'garbage' in the XML declaration, found '\\u{1}?>'"
        ),
        Case(
            "diff of a table that repeats a row", ["diff", "old.json", "new.json"],
            setup: { dir in
                try file("old.json", "[[\"A\",\"B\"],\n [\"C\",\"A\"]]\n")(dir)
                try file("new.json", "[[\"A\"]]\n")(dir)
            }, exit: 65,
            "old.json:2:7: error: rows are not unique: \"A\" appears more than once (a diff identifies rows by their text)"
        ),
        // The command line.
        Case("an unknown option", ["--frobnicate"], exit: 64, "listdsl: error: Unknown option '--frobnicate'"),
        Case(
            "a limit that does not exist", ["--limit", "speed=3", "-e", "print 1"], exit: 64,
            "listdsl: error: --limit: there is no limit called 'speed'; the limits are script-size, value-size, value-depth, table-size, table-text, call-depth, memory"
        ),
        Case(
            "a limit without a value", ["--limit", "memory", "-e", "print 1"], exit: 64,
            "listdsl: error: The value 'memory' is invalid for '--limit <name=value>'"),
    ]

    @Test(arguments: cases) func badInputGetsItsStatusAndDiagnostic(_ c: Case) throws {
        let dir = try scratchDirectory("bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        try c.setup(dir)
        let before = try Self.contents(of: dir)
        let run: Run
        if let readiness = c.interruptWhen {
            run = try runInterrupted(c.arguments, directory: dir, environment: c.environment, once: readiness)
        } else {
            run = try runProcess(
                listdslBinary, c.arguments, stdinBytes: c.stdin, directory: dir, environment: c.environment,
                timeout: 90)
        }
        #expect(run.status == c.exit, "exit \(run.status): \(run.stderr.prefix(400))")
        let first =
            run.stderr.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init)
            ?? ""
        if c.firstLine.isEmpty {
            #expect(run.stderr.isEmpty, "\(run.stderr.prefix(400))")
        } else {
            #expect(Self.line(first, matches: c.firstLine), "first line: \(first.prefix(400))")
        }
        #expect(run.stdout == c.stdout, "stdout: \(run.stdout.prefix(400))")
        // Nothing is written, removed or changed (no half-saved file, no file under a cut-short name) but
        // the file a script saves to show it is ready for Ctrl-C.
        let after = try Self.contents(of: dir)
        var expected = before
        if case .saved(let name) = c.interruptWhen { expected[name] = after[name] }
        let changed = Set(after.keys).union(expected.keys).filter { after[$0] != expected[$0] }.sorted()
        #expect(changed.isEmpty, "the run added, removed or changed \(changed) in its directory")
    }

    /// Whether `line` is `expected`, where `{size}` in `expected` stands for a size such as `497.4 MiB`.
    static func line(_ line: String, matches expected: String) -> Bool {
        guard let hole = expected.range(of: "{size}") else { return line == expected }
        let (before, after) = (expected[..<hole.lowerBound], expected[hole.upperBound...])
        guard line.hasPrefix(before), line.hasSuffix(after), line.count >= before.count + after.count else {
            return false
        }
        let size = line.dropFirst(before.count).dropLast(after.count)
        return size.wholeMatch(of: /[0-9][0-9,]*(\.[0-9]+)? (bytes|KiB|MiB|GiB)/) != nil
    }

    /// One entry of a directory as `contents(of:)` sees it.
    struct Entry: Equatable {
        var kind: mode_t
        var size: Int
        /// A regular file's bytes, when it is small enough to read (a 100 GB sparse file is not).
        var bytes: Data?
    }

    /// What is in `dir`, by name (links not followed).
    static func contents(of dir: URL) throws -> [String: Entry] {
        var entries: [String: Entry] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) {
            let path = dir.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            let small = kind == S_IFREG && info.st_size <= 1 << 20
            entries[name] = Entry(
                kind: kind, size: Int(info.st_size),
                bytes: small ? FileManager.default.contents(atPath: path) : nil)
        }
        return entries
    }

    @Test func thereAreAtLeastThirtyCategories() {
        #expect(Self.cases.count >= 30)
    }
}
