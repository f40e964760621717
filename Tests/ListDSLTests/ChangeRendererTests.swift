import ListModel
import Testing

@testable import ListDSL

/// The REPL's change view of a commit.
@Suite struct ChangeRendererTests {
    /// A session of `rows` rows in one section that has just committed one batch deleting every other row.
    static func halvedTable(rows: Int) throws -> (before: [Section], interpreter: Interpreter, changes: ChangeCollector)
    {
        let changes = ChangeCollector()
        let interpreter = Interpreter(
            io: InterpreterIO(
                emit: changes.receive, detail: .commits, load: { _ in .failure(LoadError("no files")) },
                isInterrupted: { false }))
        let setup = SourceFile(
            name: "setup", text: "reset [[]]\nfor i in 0..<\(rows) { data append 0 \"r\\(i)\" }\nreloadData")
        try interpreter.run(Parser.parse(setup).program, in: setup)
        let before = interpreter.model.tableView
        let batch = SourceFile(name: "batch", text: "begin\nfor i in 0..<\(rows / 2) { delete 0:(2 * i) }\nend")
        for statement in Parser.parse(batch).program.statements { try interpreter.runTopLevel(statement, in: batch) }
        return (before, interpreter, changes)
    }

    /// A batch deleting every other row of a long section: the deleted rows are drawn at their old paths,
    /// between the rows that stay, which slide up to their new paths.
    @Test func deletedRowsAreDrawnWhereTheyWere() throws {
        let (before, interpreter, changes) = try Self.halvedTable(rows: 2_000)
        let model = interpreter.model
        #expect(model.tableView[0].rows.count == 1_000)
        let text = ChangeRenderer.render(
            before: before, after: model.tableView, dataSource: model.dataSource, commits: changes.commits,
            color: false)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "section 0")
        #expect(lines[1].hasPrefix("  - 0:0 ") && lines[1].hasSuffix("  r0"), "\(lines.prefix(5))")
        #expect(lines[2].contains("0:1 → 0:0") && lines[2].hasSuffix("  r1"), "\(lines.prefix(5))")
        #expect(lines[3].hasPrefix("  - 0:2 ") && lines[3].hasSuffix("  r2"), "\(lines.prefix(5))")
        #expect(lines[4].contains("0:3 → 0:1") && lines[4].hasSuffix("  r3"), "\(lines.prefix(5))")
        #expect(lines.count == ChangeRenderer.lineLimit + 1)
        #expect(lines.last == "… 1601 more lines (use 'show')")
    }
}
