import Foundation
import Testing

/// `listdsl explain` end to end: a crash text in, in the forms a developer has it; the explanation and a
/// script that reproduces it out, as text, JSON, files and a page; and a clear refusal of what is not one.
@Suite struct ExplainCommandTests {
    /// UIKit's row-count text as iOS 12 raised it (two spaces after its first sentence).
    static let rowCount =
        "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."

    /// The same text as an Xcode console shows the exception.
    static let console = """
        2019-05-02 10:11:12.123456+0200 Shop[4242:123456] *** Assertion failure in -[UITableView _endCellAnimationsWithContext:], /BuildRoot/Library/Caches/com.apple.xbs/Sources/UIKitCore_Sim/UIKit-3698.84.15/UITableView.m:2055
        2019-05-02 10:11:12.130000+0200 Shop[4242:123456] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(rowCount)'
        *** First throw call stack:
        (0x1 0x2 0x3)
        libc++abi.dylib: terminating with uncaught exception of type NSException
        """

    @Test func aPastedTextIsExplainedAndReproduced() throws {
        let run = try runListdsl(["explain", "-e", Self.rowCount])
        #expect(run.status == 0, "\(run.stderr)")
        for expected in [
            "-e:1: UITableView raised:",
            "What failed: UIKit's last check, the count of rows in each section (section 0 failed).",
            "  3 before + 1 inserted − 0 deleted + 0 moved in − 0 moved out = 4 expected",
            "the table view was told of 1 change, but the data source still answered 3 rows in section 0",
            "The view and the iOS: a table view, as its words say; iOS 5 to 12.",
            "Likely causes, most likely first:",
            "Reproduced: this script makes the simulator raise the same text, word for word:",
            "  ios 12\n  reset [[\"A\", \"B\", \"C\"]]\n  begin\n    table insert 0:0\n  end\n",
        ] {
            #expect(run.stdout.contains(expected), "missing: \(expected)\n\(run.stdout)")
        }
    }

    /// A console on standard input, an `.ips` report's JSON, several texts in one log: each text read where it
    /// is, with its line.
    @Test func theFormsADeveloperHas() throws {
        let fromStdin = try runListdsl(["explain"], stdin: Self.console)
        #expect(
            fromStdin.status == 0 && fromStdin.stdout.hasPrefix("<stdin>:2: UITableView raised:"), "\(fromStdin.stdout)"
        )
        #expect(fromStdin.stdout.contains("Reproduced:"))
        let dir = try scratchDirectory("explain")
        defer { try? FileManager.default.removeItem(at: dir) }
        let escaped = Self.rowCount.replacingOccurrences(of: "  ", with: " ")
        let ips = """
            {"app_name":"Shop","timestamp":"2024-01-01 10:00:00.00 +0000","bug_type":"309","os_version":"iPhone OS 17.2 (21C62)"}
            {
              "exception" : {"codes":"0x0000000000000000, 0x0000000000000000","type":"EXC_CRASH","signal":"SIGABRT"},
              "lastExceptionBacktrace" : [],
              "asi" : {"CoreFoundation":["*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(escaped)'"]}
            }
            """
        try Data(ips.utf8).write(to: dir.appendingPathComponent("Shop.ips"))
        let report = try runListdsl(["explain", "Shop.ips"], directory: dir)
        #expect(report.status == 0 && report.stdout.hasPrefix("Shop.ips:5: UITableView raised:"), "\(report.stdout)")
        #expect(report.stdout.contains("Reproduced:"), "\(report.stdout)")
    }

    /// `--json`: the versioned document, with the script under `script`.
    @Test func theJSONDocument() throws {
        let run = try runListdsl(["explain", "--json", "-e", Self.rowCount])
        #expect(run.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(document["format"] as? String == "listdsl-explain" && document["version"] as? Int == 1)
        let text = try #require((document["texts"] as? [[String: Any]])?.first)
        #expect(text["kind"] as? String == "invalidRowCount" && text["view"] as? String == "table")
        #expect(text["reproduced"] as? Bool == true)
        #expect((text["script"] as? String)?.contains("table insert 0:0") == true)
        #expect((text["versions"] as? [String])?.last == "12")
        #expect((text["causes"] as? [[String: Any]])?.isEmpty == false)
    }

    /// What is not a batch-update text gets a clear answer and exit 65, never a guess; a text that stops
    /// short says what it expected.
    @Test func notATextAndAlmostOne() throws {
        let none = try runListdsl(["explain", "-e", "*** -[__NSArrayM objectAtIndex:]: index 5 beyond bounds [0 .. 4]"])
        #expect(none.status == 65)
        #expect(none.stdout == "-e: no UIKit batch-update text found\n", "\(none.stdout)")
        let cut = String(Self.rowCount.prefix { $0 != "(" }) + "("
        let almost = try runListdsl(["explain", "-e", cut])
        #expect(almost.status == 65)
        #expect(almost.stdout.contains("-e:1: almost one: after \""), "\(almost.stdout)")
        #expect(almost.stdout.contains("expected a number, found the end of the text"), "\(almost.stdout)")
    }

    /// `--scripts DIR` writes the script, which run by `listdsl` raises the text; `--html` writes a lesson
    /// page that opens at the crash.
    @Test func theScriptAndThePage() throws {
        let dir = try scratchDirectory("explain")
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.console.utf8).write(to: dir.appendingPathComponent("crash.log"))
        let run = try runListdsl(["explain", "crash.log", "--scripts", "."], directory: dir)
        #expect(run.status == 0)
        let replay = try runListdsl(["crash-1.list"], directory: dir)
        #expect(replay.status == 70)
        #expect(replay.stderr.contains(Self.rowCount), "\(replay.stderr)")
        let page = try runListdsl(["explain", "crash.log", "--html", "-o", "page.html"], directory: dir)
        #expect(page.status == 0 && page.stderr.isEmpty, "\(page.stderr)")
        let html = try String(contentsOf: dir.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(html.contains("window.listdslStartStep = "))
        #expect(html.contains("explain: crash.log"))
    }
}
