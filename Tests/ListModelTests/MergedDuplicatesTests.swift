import ListModel
import Testing

/// Which operations of a batch UIKit merged into an earlier identical one (`CommitReport.mergedOperations`).
@Suite struct MergedDuplicatesTests {
    static func p(_ s: Int, _ r: Int) -> IndexPath { IndexPath(section: s, row: r) }

    @Test(arguments: [
        ("no duplicates", [Edit.deleteRow(p(0, 0)), .deleteRow(p(0, 1))], [Int]()),
        ("a delete twice", [.deleteRow(p(0, 1)), .deleteRow(p(0, 1))], [1]),
        (
            "a delete three times, apart",
            [.deleteRow(p(0, 1)), .reloadRow(p(0, 2), nil), .deleteRow(p(0, 1)), .deleteRow(p(0, 1))], [2, 3]
        ),
        ("a reload twice", [.reloadRow(p(0, 0), nil), .reloadRow(p(0, 0), nil)], [1]),
        ("a move twice", [.moveRow(from: p(0, 0), to: p(0, 2)), .moveRow(from: p(0, 0), to: p(0, 2))], [1]),
        ("a section reload twice", [.reloadSection(1, rows: nil), .reloadSection(1, rows: nil)], [1]),
        ("a row and another section are not duplicates", [.reloadRow(p(0, 0), nil), .reloadSection(1, rows: nil)], []),
    ])
    func merged(_ name: String, _ edits: [Edit], _ expected: [Int]) throws {
        var model = TableModel()
        try model.reset([Section(rows: ["A", "B", "C"]), Section(rows: ["D"])])
        model.begin()
        for edit in edits { _ = try model.perform(edit) }
        let report = try #require(try model.end())
        #expect(report.mergedOperations == expected, "\(name)")
    }
}
