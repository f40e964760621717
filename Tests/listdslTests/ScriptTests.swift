import Foundation
import Testing

/// Every script under Tests/Scripts/<feature>/ runs through the real binary and meets the
/// expectations written in its comments (the conformance format: `# stdout:`, `# error:`, `# exit:`).
@Suite struct ScriptTests {
    /// The golden scripts, as paths relative to Tests/Scripts.
    static let scripts: [String] = {
        let root = packageRoot.appendingPathComponent("Tests/Scripts")
        let found = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".list") && !$0.contains("/lib/") }.sorted()
    }()

    @Test func corpusIsPresent() {
        #expect(ScriptTests.scripts.count >= 20)
    }

    @Test(arguments: ScriptTests.scripts)
    func script(_ name: String) throws {
        let url = packageRoot.appendingPathComponent("Tests/Scripts").appendingPathComponent(name)
        let text = try String(contentsOf: url, encoding: .utf8)
        let expectations = InlineExpectations(script: text)
        let run = try runListdsl([url.path])
        let problems = expectations.problems(run)
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
    }
}
