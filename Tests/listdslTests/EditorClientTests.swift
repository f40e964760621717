import Foundation
import Testing

/// `listdsl lsp` with real clients: pytest-lsp (PyPI), and Neovim's built-in client, headless. In CI both
/// must be there (`.ci/run` installs them); elsewhere each test needs its client.
@Suite(.serialized) struct EditorClientTests {
    static let inCI = ProcessInfo.processInfo.environment["CI"] != nil

    static let hasPytestLSP: Bool = {
        guard executableOnPath("python3") != nil else { return false }
        let run = try? runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import pytest_lsp"])
        return run?.status == 0
    }()

    @Test(.enabled(if: hasPytestLSP || inCI))
    func pytestLSPDrivesTheServer() throws {
        let run = try runProcess(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-m", "pytest", "Tests/Editors", "-q", "-p", "no:cacheprovider"],
            directory: packageRoot, environment: ["LISTDSL": listdslBinary.path], timeout: 300)
        #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stdout.contains("2 passed"), "\(run.stdout)")
    }

    static let neovim = executableOnPath("nvim")

    @Test(.enabled(if: neovim != nil || inCI))
    func neovimsClientGetsDiagnosticsCompletionHoverAndDefinition() throws {
        let nvim = try #require(Self.neovim, "install Debian's neovim package (.ci/run does)")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("listdsl-neovim-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = dir.appendingPathComponent("lesson.list")
        try "proc greet(who) {\n  print \"hi \\(who)\"\n}\nreset [[\"a\"]]\ngreet(\"x\")\ndelete 0:\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("result.json")
        let run = try runProcess(
            URL(fileURLWithPath: nvim),
            ["--headless", "--clean", "-u", "NONE", "-c", "luafile " + packageRoot.appendingPathComponent("Tests/Editors/neovim.lua").path],
            directory: dir,
            environment: [
                "LISTDSL": listdslBinary.path, "SCRIPT": script.path, "OUT": out.path, "HOVER_LINE": "3",
                "HOVER_COLUMN": "2", "CALL_LINE": "4", "CALL_COLUMN": "1",
            ], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        let result = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any], "\(run.stderr)")
        #expect(result["error"] == nil, "\(result["error"] ?? "")")
        let diagnostic = result["diagnostic"] as? [String: Any]
        #expect(diagnostic?["message"] as? String == "expected a row after ':', found end of line")
        #expect(diagnostic?["line"] as? Int == 5)
        let completion = result["completion"] as? [String] ?? []
        // At a statement's start: the statements and the script's procedure, not the built-ins.
        #expect(completion.contains("insert") && completion.contains("greet") && !completion.contains("tableRows"))
        #expect((result["hover"] as? String)?.hasPrefix("`reset TABLE`") == true, "\(result["hover"] ?? "")")
        let definition = result["definition"] as? [String: Int]
        #expect(definition == ["line": 0, "character": 5])
    }
}
