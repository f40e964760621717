import Foundation
import Testing

@testable import ListModel
@testable import ListTeaching

/// Every public crash report of the corpus (Tests/Explain/reports, gathered from issue trackers and forums,
/// each with its source): explain reads each one's texts and reproduces them byte for byte, or the report's
/// file says why it cannot (`# expect:` lines).
@Suite struct ExplainCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Explain/reports")

    @Test func corpusSummary() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { $0.hasSuffix(".txt") }.sorted()
        var lines: [String] = []
        for file in files {
            let text = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
            let body = text.components(separatedBy: "# ---\n").dropFirst().joined(separator: "# ---\n")
            let (explained, misses) = Explanation.explain(Array(body.utf8))
            let verdicts = explained.map { e -> String in
                let kind = e.found.uikitText.map { "\($0.kind)" } ?? "\(e.found.text)".prefix(30).description
                return "\(kind)[\(e.view) \(e.versions)] \(e.reproduction.matches ? "REPRODUCED" : "no: \(e.reproduction.impossible ?? e.reproduction.simulated?.prefix(160).description ?? "nothing raised")")"
            }
            lines.append("\(file): \(verdicts.isEmpty ? "NOTHING READ " + misses.prefix(1).map { "expected \($0.expected) found \($0.found) after \($0.read.suffix(60))" }.joined() : verdicts.joined(separator: " | "))")
        }
        try lines.joined(separator: "\n").write(toFile: "/tmp/corpus-summary.txt", atomically: true, encoding: .utf8)
    }
}
