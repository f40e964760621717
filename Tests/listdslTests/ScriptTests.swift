import Foundation
import Testing

/// Every script under Tests/Scripts/<feature>/ runs through the real binary, in its own folder, and
/// meets the expectations written in its comments (`InlineExpectations`): its standard output, its
/// exit status, and standard error exactly, each diagnostic at its position.
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
        let expectations = InlineExpectations(script: text, file: url.lastPathComponent)
        #expect(
            expectations.positionless.isEmpty,
            "\(name): give each diagnostic's position: \(expectations.positionless)")
        let run = try runListdsl([url.lastPathComponent], directory: url.deletingLastPathComponent())
        let problems = expectations.problems(run)
        #expect(problems.isEmpty, "\(name):\n\(problems.joined(separator: "\n"))")
    }
}
