import Foundation
import Testing

/// Every script in examples/ runs clean (exit 0) and prints exactly its golden output,
/// `examples/NAME.out`, and on stderr nothing, or exactly `examples/NAME.err` when the lesson shows
/// warnings (run from examples/, so they name the script as `NAME.list`). Re-record with
/// `LISTDSL_RECORD=1 swift test --filter ExampleTests`: that run writes the files and fails, so a
/// recording run never passes for a checking one.
@Suite struct ExampleTests {
    static let examples: [String] = {
        let dir = packageRoot.appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".list") }.sorted()
    }()

    @Test func theTourIsThere() {
        #expect(ExampleTests.examples.contains("tour.list"))
    }

    @Test(arguments: ExampleTests.examples)
    func example(_ name: String) throws {
        let dir = packageRoot.appendingPathComponent("examples")
        // Each example starts with an empty user-defaults store of its own; one with a golden
        // `NAME.rerun.out` runs a second time with the store the first run left (a list that comes back).
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("listdsl-defaults-\(UUID())")
        defer { try? FileManager.default.removeItem(at: store) }
        let environment = ["LISTDSL_DEFAULTS": store.appendingPathComponent("defaults.json").path]
        try check(name, run: try runListdsl([name], directory: dir, environment: environment), golden: ".out")
        let rerun = dir.appendingPathComponent(name.replacingOccurrences(of: ".list", with: ".rerun.out"))
        if FileManager.default.fileExists(atPath: rerun.path) {
            try check(name, run: try runListdsl([name], directory: dir, environment: environment), golden: ".rerun.out")
        }
    }

    /// Checks a run of example `name` against `NAME<suffix>` (and `NAME.err`), or records them.
    func check(_ name: String, run: Run, golden suffix: String) throws {
        let dir = packageRoot.appendingPathComponent("examples")
        #expect(run.status == 0, "\(name) exited \(run.status): \(run.stderr)")
        let golden = dir.appendingPathComponent(name.replacingOccurrences(of: ".list", with: suffix))
        let goldenErrors = dir.appendingPathComponent(name.replacingOccurrences(of: ".list", with: ".err"))
        if ProcessInfo.processInfo.environment["LISTDSL_RECORD"] == "1" {
            try run.stdout.write(to: golden, atomically: true, encoding: .utf8)
            if !run.stderr.isEmpty { try run.stderr.write(to: goldenErrors, atomically: true, encoding: .utf8) }
            Issue.record("recorded \(golden.lastPathComponent); run again without LISTDSL_RECORD to check it")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(run.stdout == expected, "\(name): output differs from \(golden.lastPathComponent)")
        let expectedErrors = (try? String(contentsOf: goldenErrors, encoding: .utf8)) ?? ""
        #expect(run.stderr == expectedErrors, "\(name) wrote to stderr: \(run.stderr)")
    }

    /// Each example is listed in the README.
    @Test(arguments: ExampleTests.examples)
    func documented(_ name: String) throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("examples/\(name)"), "README.md does not list examples/\(name)")
    }

    /// The README's language tour is real code: it runs clean.
    @Test func readmeTourRuns() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "## A short tour of the language") else {
            Issue.record("README.md has no language tour")
            return
        }
        let rest = readme[start.upperBound...]
        guard let open = rest.range(of: "```\n"), let close = rest[open.upperBound...].range(of: "```") else {
            Issue.record("the tour has no code block")
            return
        }
        let code = String(rest[open.upperBound..<close.lowerBound])
        let run = try runListdsl(["-"], stdin: code)
        #expect(run.status == 0, "the README tour failed: \(run.stderr)")
        #expect(run.stdout.contains("Cherries"))
    }
}
