import ListModel
import Testing

/// A `data` command on a start, and the data source it gives or Foundation's message.
struct DataEditCase: Sendable, CustomTestStringConvertible {
    var name: String
    var start: [[String]]
    var edit: DataEdit
    var result: Result<[[String]], UpdateError>

    var testDescription: String { name }
}

private func beyond(_ text: String) -> Result<[[String]], UpdateError> {
    .failure(UpdateError(.outOfBounds, text))
}

let dataEditCases: [DataEditCase] = [
    .init(
        name: "insert", start: [["A", "B"]], edit: .insertRow(path(0, 1), "X"), result: .success([["A", "X", "B"]])),
    .init(
        name: "insert at the count appends", start: [["A", "B", "C"]], edit: .insertRow(path(0, 3), "X"),
        result: .success([["A", "B", "C", "X"]])),
    .init(
        name: "insert past the count", start: [["A", "B", "C"]], edit: .insertRow(path(0, 5), "X"),
        result: beyond("index 5 beyond bounds [0 .. 2]")),
    .init(
        name: "insert into an empty section", start: [[]], edit: .insertRow(path(0, 1), "X"),
        result: beyond("index 1 beyond bounds for empty array")),
    .init(
        name: "insert into a missing section reports the outer index", start: [["A"]],
        edit: .insertRow(path(3, 0), "X"),
        result: beyond("index 3 beyond bounds [0 .. 0]")),
    .init(
        name: "row of a missing section, no sections", start: [], edit: .deleteRow(path(0, 0)),
        result: beyond("index 0 beyond bounds for empty array")),
    .init(name: "delete", start: [["A", "B", "C"]], edit: .deleteRow(path(0, 1)), result: .success([["A", "C"]])),
    .init(
        name: "delete past the end", start: [["A", "B", "C"]], edit: .deleteRow(path(0, 5)),
        result: beyond("index 5 beyond bounds [0 .. 2]")),
    .init(
        name: "delete from an empty section", start: [[]], edit: .deleteRow(path(0, 0)),
        result: beyond("index 0 beyond bounds for empty array")),
    .init(
        name: "reload with text", start: [["A", "B"]], edit: .reloadRow(path(0, 1), "B'"),
        result: .success([["A", "B'"]])),
    .init(
        name: "reload keeping the text", start: [["A", "B"]], edit: .reloadRow(path(0, 1), nil),
        result: .success([["A", "B"]])),
    .init(
        name: "reload past the end", start: [["A", "B"]], edit: .reloadRow(path(0, 2), "x"),
        result: beyond("index 2 beyond bounds [0 .. 1]")),
    .init(
        name: "move down", start: [["A", "B", "C"]], edit: .moveRow(from: path(0, 0), to: path(0, 2)),
        result: .success([["B", "C", "A"]])),
    .init(
        name: "move across sections", start: [["A", "B"], ["C"]], edit: .moveRow(from: path(0, 0), to: path(1, 1)),
        result: .success([["B"], ["C", "A"]])),
    .init(
        name: "move to past the end after removal", start: [["A", "B", "C"]],
        edit: .moveRow(from: path(0, 0), to: path(0, 3)),
        result: beyond("index 3 beyond bounds [0 .. 1]")),
    .init(
        name: "move from a missing row", start: [["A"]], edit: .moveRow(from: path(0, 1), to: path(0, 0)),
        result: beyond("index 1 beyond bounds [0 .. 0]")),
    .init(
        name: "move to a missing section", start: [["A"]], edit: .moveRow(from: path(0, 0), to: path(2, 0)),
        result: beyond("index 2 beyond bounds [0 .. 0]")),
    .init(name: "insert section", start: [["A"]], edit: .insertSection(0, header: nil), result: .success([[], ["A"]])),
    .init(
        name: "insert section at the end", start: [["A"]], edit: .insertSection(1, header: nil),
        result: .success([["A"], []])),
    .init(
        name: "insert section past the end", start: [["A"]], edit: .insertSection(2, header: nil),
        result: beyond("index 2 beyond bounds [0 .. 0]")),
    .init(name: "delete section", start: [["A"], ["B"]], edit: .deleteSection(0), result: .success([["B"]])),
    .init(
        name: "delete a missing section", start: [["A"], ["B"]], edit: .deleteSection(2),
        result: beyond("index 2 beyond bounds [0 .. 1]")),
    .init(
        name: "reload section with rows", start: [["A"], ["B"]], edit: .reloadSection(1, rows: ["X", "Y"]),
        result: .success([["A"], ["X", "Y"]])),
    .init(
        name: "reload a missing section", start: [["A"]], edit: .reloadSection(1, rows: nil),
        result: beyond("index 1 beyond bounds [0 .. 0]")),
    .init(
        name: "move section", start: [["A"], ["B"], ["C"]], edit: .moveSection(from: 0, to: 2),
        result: .success([["B"], ["C"], ["A"]])),
    .init(
        name: "move section past the end", start: [["A"], ["B"]], edit: .moveSection(from: 0, to: 2),
        result: beyond("index 2 beyond bounds [0 .. 0]")),
    .init(
        name: "append", start: [["A"], []], edit: .append(section: 1, rows: ["B", "C"]),
        result: .success([["A"], ["B", "C"]])),
    .init(
        name: "append to a missing section", start: [["A"]], edit: .append(section: 1, rows: ["B"]),
        result: beyond("index 1 beyond bounds [0 .. 0]")),
    .init(name: "reset", start: [["A"]], edit: .reset(sections([["X"], ["Y"]])), result: .success([["X"], ["Y"]])),
]

/// `data` commands: NSMutableArray semantics and words.
@Suite("data commands: NSMutableArray semantics and words")
struct DataEditTests {
    /// Each data command gives its result, or Foundation's message and no change.
    @Test(arguments: dataEditCases)
    func dataEdit(_ dataCase: DataEditCase) {
        var model = TableModel(sections: sections(dataCase.start))
        let error = updateError { () throws(UpdateError) in try model.apply(dataCase.edit) }
        switch dataCase.result {
        case .success(let expected):
            #expect(error == nil)
            #expect(rows(model.dataSource) == expected)
        case .failure(let expected):
            #expect(error == expected)
            #expect(rows(model.dataSource) == dataCase.start)  // nothing half applied
        }
        #expect(rows(model.tableView) == dataCase.start)  // the table view never changes
    }

    /// Data edits keep titles and give an inserted section its header.
    @Test("data edits keep titles and give an inserted section its header")
    func titlesSurvive() throws {
        var model = TableModel(sections: [Section(rows: ["A"], header: "H", footer: "F")])
        try model.apply(.insertSection(1, header: "New"))
        try model.apply(.moveSection(from: 0, to: 1))
        #expect(model.dataSource == [Section(rows: [], header: "New"), Section(rows: ["A"], header: "H", footer: "F")])
    }

    /// Outside a batch a data edit leaves the table view stale.
    @Test("outside a batch a data edit leaves the table view stale")
    func dataEditsLeaveTableStale() throws {
        var model = TableModel(sections: sections([["A"]]))
        try model.apply(.append(section: 0, rows: ["B"]))
        #expect(!model.isInSync)
        #expect(rows(model.tableView) == [["A"]])
    }
}
