import Foundation
import Testing

/// Every reader of a whole input — a script's parse from standard input, `run`, `--changes`, `check`,
/// `html` and the REPL's `.read`, a table `diff` reads — counts memory against the limit as it reads
/// (`ReadingChecks`, as `load` does), so a big input ends in the memory limit's diagnostic (exit 70), never
/// in an allocation that fails and kills the process. Before (issue 57), under `ulimit -v` standard
/// input and `run` aborted (SIGABRT), `check -` and `diff` died (SIGSEGV).
@Suite struct ReadingLimitTests {
    /// A script of `count` calls: its syntax tree takes about 50 bytes a byte of source.
    static func calls(_ count: Int) -> Data {
        Data(("proc f(a, b) { return a }\n" + String(repeating: "f(1,2)\n", count: count)).utf8)
    }

    /// Where a whole input is read, how, and the start of the diagnostic its memory limit gives.
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        /// The shell command, in the scratch directory holding `calls.list` (10 MB of calls, more than
        /// the address space below allows for its tree) and `sections.json` (ten million empty sections).
        var command: String
        var diagnostic: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "standard input", command: "listdsl - < calls.list",
            diagnostic: "error: memory limit exceeded while parsing byte "),
        Case(
            id: "run FILE", command: #"listdsl -e 'run "calls.list"'"#,
            diagnostic: "error: memory limit exceeded while parsing byte "),
        Case(
            id: "--changes", command: "listdsl --changes calls.list",
            diagnostic: "error: memory limit exceeded while parsing byte "),
        Case(
            id: "check -", command: "listdsl check - < calls.list",
            diagnostic: "error: memory limit exceeded while parsing byte "),
        Case(
            id: "html", command: "listdsl html -o page.html calls.list",
            diagnostic: "error: memory limit exceeded while parsing byte "),
        Case(
            id: "diff", command: "listdsl diff sections.json sections.json",
            diagnostic: "error: memory limit exceeded at byte "),
    ]

    /// Under an address-space limit of 300 MB each reader stops with the memory limit's diagnostic.
    @Test(arguments: cases) func underUlimitEveryReaderMeetsTheMemoryLimit(_ c: Case) throws {
        let dir = try scratchDirectory("reading-limit")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.calls(1_400_000).write(to: dir.appendingPathComponent("calls.list"))
        try BigFileTests.tinyArrays(10_000_000).write(to: dir.appendingPathComponent("sections.json"))
        let command = c.command.replacingOccurrences(
            of: "listdsl ", with: "exec '" + listdslBinary.path + "' ", options: .anchored)
        let run = try runShell("ulimit -v 300000; " + command, directory: dir, timeout: 300)
        #expect(run.status == 70, "\(run.stderr.prefix(600))")
        #expect(run.stderr.contains(c.diagnostic), "\(run.stderr.prefix(600))")
        #expect(run.stderr.contains("hint: "), "\(run.stderr.prefix(600))")
    }

    /// Standard input through a pipe (its size not known in advance) grows its buffer only after the memory
    /// check for the bigger buffer: 200 MB of input under an address-space limit of 300 MB ends in the limit's
    /// diagnostic, for a run, `check` and `explain` alike (before, each died of SIGABRT as the buffer doubled).
    @Test(arguments: ["-", "check -", "explain -"]) func aPipeMeetsTheMemoryLimit(_ command: String) throws {
        let dir = try scratchDirectory("reading-limit")
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try runShell(
            "ulimit -v 300000; head -c 200000000 /dev/zero | tr '\\0' x | exec '" + listdslBinary.path + "' "
                + command, directory: dir, timeout: 300)
        #expect(run.status == 70, "\(run.stderr.prefix(600))")
        #expect(
            run.stderr.contains("error: cannot read standard input: memory limit exceeded at byte "),
            "\(run.stderr.prefix(600))")
        #expect(run.stderr.contains("hint: raise it with --limit memory=SIZE"), "\(run.stderr.prefix(600))")
    }

    /// A memory limit below the least a run may have is refused by the commands that only read, as by a run.
    @Test(arguments: [["check", "-"], ["explain", "-"], ["diff", "a.json", "b.json"], ["lsp"]])
    func aMemoryLimitTooLowIsRefused(_ command: [String]) throws {
        let run = try runListdsl(command + ["--limit", "memory=50M"], stdin: "")
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--limit: memory must be at least 64 MiB"), "\(run.stderr)")
    }

    /// `diff` checks the memory it will take before it starts: at 200 MiB, two tables of two million empty
    /// sections (read in about 150 MB) are refused before the diff, which would have passed the limit.
    @Test func diffChecksItsWorkingMemoryFirst() throws {
        let dir = try scratchDirectory("reading-limit")
        defer { try? FileManager.default.removeItem(at: dir) }
        try BigFileTests.tinyArrays(2_000_000).write(to: dir.appendingPathComponent("sections.json"))
        let run = try runListdsl(
            ["diff", "--limit", "memory=200M", "sections.json", "sections.json"], directory: dir, timeout: 300)
        #expect(run.status == 70, "\(run.stderr.prefix(600))")
        #expect(run.stderr.contains("error: memory limit exceeded before the diff: listdsl is using "))
        #expect(run.stdout.isEmpty)
        let enough = try runListdsl(
            ["diff", "--limit", "memory=1G", "sections.json", "sections.json"], directory: dir, timeout: 300)
        #expect(enough.status == 0 && enough.stdout == "begin\nend\n", "\(enough.stderr.prefix(600))")
    }

    /// The language server, given the same script in a `didOpen` under the same address-space limit,
    /// publishes the memory limit's diagnostic and goes on answering (before, it died: SIGABRT).
    @Test func theLanguageServerMeetsTheMemoryLimitAndGoesOn() throws {
        func framed(_ json: [String: Any]) throws -> Data {
            let body = try JSONSerialization.data(withJSONObject: json)
            return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        let text = String(decoding: Self.calls(1_400_000), as: UTF8.self)
        var input = Data()
        for message: [String: Any] in [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:] as [String: Any]]],
            [
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": [
                    "textDocument": ["uri": "file:///calls.list", "languageId": "listdsl", "version": 1, "text": text]
                ],
            ],
            [
                "jsonrpc": "2.0", "id": 2, "method": "textDocument/hover",
                "params": ["textDocument": ["uri": "file:///calls.list"], "position": ["line": 1, "character": 0]],
            ],
            ["jsonrpc": "2.0", "id": 3, "method": "shutdown"], ["jsonrpc": "2.0", "method": "exit"],
        ] {
            input += try framed(message)
        }
        let dir = try scratchDirectory("reading-limit")
        defer { try? FileManager.default.removeItem(at: dir) }
        try input.write(to: dir.appendingPathComponent("session.bin"))
        let run = try runShell(
            "ulimit -v 300000; exec '" + listdslBinary.path + "' lsp < session.bin", directory: dir, timeout: 300)
        #expect(run.status == 0, "\(run.stderr.prefix(600))")
        #expect(run.stdout.contains("memory limit exceeded while parsing byte "), "\(run.stdout.suffix(1200))")
        #expect(run.stdout.contains(#""id":2,"result""#) && run.stdout.contains(#""id":3,"result":null"#))
    }

    /// The REPL's `.read` of a script too big for the memory limit reports the limit, and the REPL goes on.
    @Test(.enabled(if: TerminalSession.isAvailable, TerminalSession.unavailable))
    func readInTheREPLMeetsTheMemoryLimit() throws {
        let t = try TerminalSession(["--limit", "memory=160M"])
        defer { t.close() }
        try Self.calls(1_400_000).write(to: t.directory.appendingPathComponent("calls.list"))
        t.waitForPrompt()
        try t.type(".read calls.list")
        try t.press("Enter")
        let screen = t.waitFor("the memory limit's diagnostic", timeout: 120) {
            $0.contains("memory limit exceeded while parsing byte ")
                && TerminalSession.isPrompt(TerminalSession.lastLine($0))
        }
        #expect(screen.contains("calls.list:"), "\(screen)")
        #expect(try t.enter("print 1 + 1") == "2")
    }
}
