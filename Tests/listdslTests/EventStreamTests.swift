import Foundation
import Testing

/// `listdsl --events`: every example and golden script, run as a JSON-lines event stream, carries what
/// the text run prints: the same output, the same trace, the same diagnostics, the same exit status.
@Suite struct EventStreamTests {
    /// The examples and the golden scripts, as paths relative to the package root.
    static let scripts: [String] =
        ExampleTests.examples.map { "examples/" + $0 } + ScriptTests.scripts.map { "Tests/Scripts/" + $0 }

    /// The stream's lines, each parsed as a JSON object.
    static func events(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(object as? [String: Any], "not an object: \(line)")
        }
    }

    /// What the text renderer prints for the stream's events on standard output: the output, and the
    /// calls and hooks while the trace is on.
    static func traceText(_ events: [[String: Any]]) -> String {
        var out = ""
        var trace = events.first?["trace"] as? Bool ?? false
        for e in events {
            switch e["event"] as? String {
            case "output": out += e["text"] as? String ?? ""
            case "outOfSync": out += "! " + (e["message"] as? String ?? "") + "\n"
            case "trace": trace = e["on"] as? Bool ?? false
            case "call" where trace: out += (e["call"] as? String ?? "") + "\n"
            case "tableView" where trace: out += "# " + (e["text"] as? String ?? "") + "\n"
            case "hook" where trace, "dataSource" where trace:
                let arguments = e["arguments"] as? String ?? ""
                out += (e["method"] as? String ?? "") + (arguments.isEmpty ? "" : " " + arguments)
                if let answer = e["answer"] as? String { out += " -> " + answer }
                if e["default"] as? Bool == true { out += " (default)" }
                out += "\n"
            default: break
            }
        }
        return out
    }

    @Test(arguments: EventStreamTests.scripts)
    func theStreamCarriesTheRun(_ script: String) throws {
        let text = try runListdsl(["--trace", script], directory: packageRoot)
        let stream = try runListdsl(["--events", "--trace", script], directory: packageRoot)
        #expect(stream.status == text.status, "\(script)")
        #expect(stream.stderr.isEmpty, "\(script): \(stream.stderr)")
        let events = try Self.events(stream.stdout)
        let header = try #require(events.first)
        #expect(header["event"] as? String == "stream" && header["version"] as? Int == 1)
        #expect(header["trace"] as? Bool == true)
        #expect(Self.traceText(events) == text.stdout, "\(script)")
        let rendered = events.filter { $0["event"] as? String == "diagnostic" }.map { $0["rendered"] as? String ?? "" }
        #expect(rendered.joined() == text.stderr, "\(script)")
        // Statements start and end in nested pairs, even those an error ended.
        var open: [String] = []
        for e in events {
            let place = "\(e["file"] ?? ""):\(e["line"] ?? 0):\(e["column"] ?? 0)"
            switch e["event"] as? String {
            case "statement": open.append(place)
            case "statementEnd": #expect(open.popLast() == place, "\(script): \(place)")
            default: break
            }
        }
        #expect(open.isEmpty, "\(script): \(open)")
    }

    /// A commit carries the table after it, its lists, and where each row came from.
    @Test func aCommitCarriesItsMapping() throws {
        let run = try runListdsl([
            "--events", "-e", "reset [[\"a\", \"b\", \"c\"]]", "-e",
            "begin; delete 0:0; insert 0:1 \"x\"; move 0:2 to 0:0; end",
        ])
        #expect(run.status == 0)
        let commit = try #require(try Self.events(run.stdout).first { $0["event"] as? String == "commit" })
        #expect(commit["table"] as? [[String]] == [["c", "x", "b"]])
        #expect(commit["deletedRows"] as? [[Int]] == [[0, 0]])
        #expect(commit["insertedRows"] as? [[Int]] == [[0, 1]])
        let rows = try #require(commit["rows"] as? [[Any]])
        #expect(rows[0][0] as? [Int] == [0, 2])  // c moved from 0:2
        #expect(rows[0][1] is NSNull)  // x is new
        #expect(rows[0][2] as? [Int] == [0, 1])  // b slid down from 0:1
        let sections = try #require(commit["sections"] as? [[String: Any]])
        #expect(sections[0]["from"] as? Int == 0 && sections[0]["how"] as? String == "kept")
    }

    /// A rejected batch says whose rule failed and that it was rolled back, then the error follows.
    @Test func aRejectionIsAnEvent() throws {
        let run = try runListdsl(["--events", "-e", "reset [[\"a\"]]\nbegin\ntable delete 0:0\nend"])
        #expect(run.status == 70)
        let events = try Self.events(run.stdout)
        let index = try #require(events.firstIndex { $0["event"] as? String == "rejected" })
        #expect(events[index]["kind"] as? String == "invalidUpdate")
        #expect(events[index]["rolledBack"] as? Bool == true)
        #expect((events[index]["message"] as? String)?.hasPrefix("Invalid update: invalid number of rows") == true)
        // The `end` ends without completing, then the error that ended the run.
        #expect(events[index + 1]["event"] as? String == "statementEnd")
        #expect(events[index + 1]["completed"] as? Bool == false)
        let error = events[index + 2]
        #expect(error["event"] as? String == "diagnostic" && error["severity"] as? String == "error")
        #expect(error["line"] as? Int == 4 && error["column"] as? Int == 1)
    }

    /// `--events` cannot start the REPL.
    @Test func notWithTheREPL() throws {
        let run = try runListdsl(["--events", "-i", "examples/tour.list"], directory: packageRoot)
        #expect(run.status == 64)
        #expect(run.stderr.contains("--events runs scripts"))
    }
}

/// `listdsl --changes`: a script shows what each statement changed, as the REPL's change view does.
@Suite struct ChangesFlagTests {
    @Test func eachStatementShowsItsChange() throws {
        let run = try runListdsl([
            "--changes", "-e", "reset [[\"a\", \"b\"]]\ninsert 0:1 \"new\"\nprint \"no change\"\ndata delete 0:0",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                section 0 (new)
                  + 0:0  a
                  + 0:1  b
                section 0
                    0:0        a
                  + 0:1        new
                    0:1 → 0:2  b
                no change
                table view unchanged; the data source now differs from it (reloadData re-reads it)

                """)
    }
}
