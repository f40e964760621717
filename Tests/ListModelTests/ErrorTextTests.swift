import ListModel
import Testing

/// A batch that must fail with one of UIKit's texts (UITableView's format strings, verbatim), compared
/// exactly, with the operation the check is about.
struct ErrorTextCase: Sendable, CustomTestStringConvertible {
    var name: String
    var start: [[String]]
    var batch: [Edit]
    var message: String
    var operationIndex: Int?

    var testDescription: String { name }
}

let errorTextCases: [ErrorTextCase] = [
    .init(
        name: "T1", start: [["A", "B", "C"]], batch: [.deleteRow(path(0, 1)), .reloadRow(path(0, 1), "B'")],
        message: "attempt to delete and reload the same index path (\(ip(0, 1)))", operationIndex: 1),
    .init(
        name: "T1 for a section", start: [["A"], ["B"]], batch: [.deleteSection(1), .reloadSection(1, rows: nil)],
        message: "attempt to delete and reload the same index path (\(ip(1, Int.max)))", operationIndex: 1),
    .init(
        name: "T2", start: [["A"], ["B"]], batch: [.deleteSection(0), .moveSection(from: 0, to: 1)],
        message: "attempt to perform a delete and a move from the same section (0)", operationIndex: 0),
    .init(
        name: "T3", start: [["A", "B", "C"]],
        batch: [.moveRow(from: path(0, 1), to: path(0, 0)), .deleteRow(path(0, 1))],
        message: "attempt to perform a delete and a move from the same index path (\(ip(0, 1)))", operationIndex: 1),
    .init(
        name: "T4", start: [["A"], ["B"]], batch: [.deleteSection(5)],
        message: "attempt to delete section 5, but there are only 2 sections before the update", operationIndex: 0),
    .init(
        name: "T5", start: [["A"]], batch: [.insertRow(path(0, 0), "X"), .deleteRow(path(3, 0))],
        message: "attempt to delete row 0 from section 3, but there are only 1 sections before the update",
        operationIndex: 1),
    .init(
        name: "T6", start: [["A", "B"]], batch: [.deleteRow(path(0, 2))],
        message: "attempt to delete row 2 from section 0 which only contains 2 rows before the update",
        operationIndex: 0),
    .init(
        name: "T7", start: [["A"], ["B"]], batch: [.insertSection(1, header: nil), .moveSection(from: 0, to: 1)],
        message: "attempt to perform an insert and a move to the same section (1)", operationIndex: 0),
    .init(
        name: "T8", start: [["A", "B"]],
        batch: [.moveRow(from: path(0, 0), to: path(0, 1)), .insertRow(path(0, 1), "X")],
        message: "attempt to perform an insert and a move to the same index path (\(ip(0, 1)))", operationIndex: 1),
    .init(
        name: "T9", start: [["A"]], batch: [.insertSection(3, header: nil)],
        message: "attempt to insert section 3 but there are only 2 sections after the update", operationIndex: 0),
    .init(
        name: "T10", start: [["A"]], batch: [.insertRow(path(2, 0), "X")],
        message: "attempt to insert row 0 into section 2, but there are only 1 sections after the update",
        operationIndex: 0),
    .init(
        name: "T11", start: [["A"]], batch: [.insertRow(path(0, 3), "X")],
        message: "attempt to insert row 3 into section 0, but there are only 2 rows in section 0 after the update",
        operationIndex: 0),
    .init(
        name: "T11 for a reload's insert", start: [["A", "B"], ["C"]],
        batch: [.moveSection(from: 0, to: 1), .reloadRow(path(0, 1), "B'")],
        message: "attempt to insert row 1 into section 0, but there are only 1 rows in section 0 after the update",
        operationIndex: 1),
    .init(
        name: "T12", start: [["A"]], batch: [.moveSection(from: 3, to: 0)],
        message: "attempt to move section 3, but there are only 1 sections before the update", operationIndex: 0),
    .init(
        name: "T13", start: [["A"], ["B"]], batch: [.moveSection(from: 0, to: 5)],
        message: "attempt to to move section 0 to section 5, but there are only 2 sections after the update",
        operationIndex: 0),
    .init(
        name: "T14", start: [["A"]], batch: [.moveRow(from: path(2, 0), to: path(0, 0))],
        message:
            "attempt to move index path (\(ip(2, 0))) from a section that does not exist - there are only 1 sections before the update",
        operationIndex: 0),
    .init(
        name: "T15", start: [["A"]], batch: [.moveRow(from: path(0, 4), to: path(0, 0))],
        message:
            "attempt to move index path (\(ip(0, 4))) that does not exist - there are only 1 rows in section 0 before the update",
        operationIndex: 0),
    .init(
        name: "T16", start: [["A"]], batch: [.moveRow(from: path(0, 0), to: path(3, 0))],
        message:
            "attempt to move index path (\(ip(0, 0))) to index path (\(ip(3, 0))) in section that does not exist - there are only 1 sections after the update",
        operationIndex: 0),
    .init(
        name: "T17", start: [["A", "B"]], batch: [.moveRow(from: path(0, 0), to: path(0, 5))],
        message:
            "attempt to move index path (\(ip(0, 0))) to index path (\(ip(0, 5))) that does not exist - there are only 2 rows in section 0 after the update",
        operationIndex: 0),
    .init(
        name: "T18", start: [["A"], ["B"], ["C"]], batch: [.moveSection(from: 0, to: 1), .moveSection(from: 0, to: 2)],
        message: "attempt to move section 0 to both section 1 and section 2", operationIndex: 1),
    .init(
        name: "T19", start: [["A", "B", "C"]],
        batch: [.moveRow(from: path(0, 0), to: path(0, 2)), .moveRow(from: path(0, 0), to: path(0, 1))],
        message: "attempt to move row at index path \(ip(0, 0)) to both \(ip(0, 1)) and \(ip(0, 2))", operationIndex: 0),
    .init(
        name: "T20", start: [["A"], ["B"], ["C"]], batch: [.moveSection(from: 1, to: 2), .moveSection(from: 0, to: 2)],
        message: "attempt to move both section 0 and section 1 to section 2", operationIndex: 0),
    .init(
        name: "T21", start: [["A", "B", "C"]],
        batch: [.moveRow(from: path(0, 0), to: path(0, 2)), .moveRow(from: path(0, 1), to: path(0, 2))],
        message: "attempt to move both row at index path \(ip(0, 0)) and \(ip(0, 1)) to \(ip(0, 2))", operationIndex: 1),
]

/// UIKit's error texts, exactly, with the operation each is about.
@Suite("UIKit's error texts")
struct ErrorTextTests {
    /// Each text exactly, raised by a plain batch (the data source edited as meant, leniently).
    @Test(arguments: errorTextCases)
    func plainBatchFailsWithText(_ textCase: ErrorTextCase) throws {
        var model = TableModel(sections: sections(textCase.start))
        let error = try #require(
            updateError { () throws(UpdateError) in
                model.begin()
                for edit in textCase.batch { _ = try model.perform(edit) }
                _ = try model.end()
            })
        #expect(error == UpdateError(.invalidUpdate, textCase.message, operationIndex: textCase.operationIndex))
        #expect(rows(model.dataSource) == textCase.start)
        #expect(rows(model.tableView) == textCase.start)
        #expect(model.batchDepth == 0)
    }

    /// The same texts when the batch is told with `table` commands and the data source is untouched:
    /// only the count-dependent ones may change, so compare the range and conflict texts.
    @Test(
        arguments: errorTextCases.filter {
            ["T1", "T2", "T3", "T4", "T5", "T6", "T12", "T14", "T15"].contains($0.name)
        })
    func tableBatchFailsWithSameText(_ textCase: ErrorTextCase) throws {
        var model = TableModel(sections: sections(textCase.start))
        model.begin()
        for edit in textCase.batch { _ = try model.tell(edit.update) }
        let error = try #require(updateError { () throws(UpdateError) in _ = try model.end() })
        #expect(error.message == textCase.message)
        #expect(error.operationIndex == textCase.operationIndex)
    }

    /// T22: the section count, reported at the end.
    @Test("T22: the section count, reported at the end")
    func sectionCountText() throws {
        // A stale data source: a section added outside any batch, then a plain delete.
        var model = TableModel(sections: sections([["A", "B"]]))
        try model.apply(.insertSection(1, header: nil))
        let error = try #require(
            updateError { () throws(UpdateError) in _ = try model.perform(.deleteRow(path(0, 0))) })
        #expect(error == UpdateError(.invalidUpdate, sectionCountMessage(after: 2, before: 1, inserted: 0, deleted: 0)))
        #expect(error.message.contains("sections. The number"))  // one space after the first sentence
    }

    /// T24: the row count, reported at the end (conformance 045).
    @Test("T24: the row count, reported at the end (conformance 045)")
    func rowCountText() throws {
        var model = TableModel(sections: sections([["A", "B"]]))
        try model.apply(.append(section: 0, rows: ["C"]))
        let error = try #require(
            updateError { () throws(UpdateError) in _ = try model.perform(.deleteRow(path(0, 0))) })
        #expect(
            error
                == UpdateError(
                    .invalidUpdate, rowCountMessage(section: 0, after: 2, before: 2, inserted: 0, deleted: 1)))
        #expect(error.operationIndex == nil)
        #expect(rows(model.dataSource) == [["A", "B", "C"]])
        #expect(rows(model.tableView) == [["A", "B"]])
    }

    /// T24 prints the new section and D1's mapped moved-in/out counts.
    @Test("T24 prints the new section and D1's mapped moved-in/out counts")
    func rowCountTextWithMovesAcrossMovedSections() throws {
        // [[A,B],[C]]: move section 0 to 1 and row 0:0 to 0:1 (into old section 1), but the data
        // source forgets the row move: new section 0 has 1 row where 2 were expected.
        var model = TableModel(sections: sections([["A", "B"], ["C"]]))
        model.begin()
        _ = try model.tell(.moveSection(from: 0, to: 1))
        _ = try model.tell(.moveRow(from: path(0, 0), to: path(0, 1)))
        try model.apply(.reset(sections([["C", "Z"], ["A", "B"]])))
        let error = try #require(updateError { () throws(UpdateError) in _ = try model.end() })
        #expect(
            error.message
                == rowCountMessage(section: 1, after: 2, before: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1))
    }

    /// An error's index paths print NSNotFound for a section.
    @Test("an error's index paths print NSNotFound for a section")
    func indexPathDescription() {
        #expect(IndexPath.forSection(3).description == "<NSIndexPath> {length = 2, path = 3 - 9223372036854775807}")
        #expect(path(0, 1).description == ip(0, 1))
        #expect(path(0, 1) < path(0, 2) && path(0, 9) < path(1, 0) && path(1, 5) < IndexPath.forSection(1))
    }
}
