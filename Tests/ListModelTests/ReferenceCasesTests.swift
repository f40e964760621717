import ListModel
import Testing

/// One worked case of reference §3: a start, a batch, what the data source reports when the batch
/// ends (nil: "follows", the expected result), and what UITableView does.
struct ReferenceCase: Sendable, CustomTestStringConvertible {
    /// What UITableView does with the batch.
    enum Outcome: Sendable {
        case shows([[String]])
        case fails(String)
    }

    var number: Int
    var start: [[String]]
    var batch: [CaseOperation]
    var dataSourceAfter: [[String]]?
    var outcome: Outcome

    var testDescription: String { "case \(number): \(batch.map(\.description).joined(separator: "; "))" }
}

private let seed = [
    ["Item1", "Item2"], ["Item1", "Item2", "Item3"], ["Item1", "Item2", "Item3", "Item4"],
    ["Item1", "Item2", "Item3", "Item4", "Item5"],
]
private let seedResult = [
    ["hlw", "Item1", "Item2"], ["Item2", "Item3"], ["Item2", "Item3", "Item4"],
    ["hlw", "Item1", "Item2", "Item3", "Item4", "Item5"],
]

/// Reference §3, cases 1–61 (62–65 are about nesting and calls outside a batch: tests below).
let referenceCases: [ReferenceCase] = [
    // 3.1 Index spaces and the seed scenario
    .init(
        number: 1, start: seed, batch: [.delete(2, 0), .delete(1, 0), .insert(0, 0, "hlw"), .insert(3, 0, "hlw")],
        dataSourceAfter: nil, outcome: .shows(seedResult)),
    .init(
        number: 2, start: seed, batch: [.insert(0, 0, "hlw"), .insert(3, 0, "hlw"), .delete(1, 0), .delete(2, 0)],
        dataSourceAfter: nil, outcome: .shows(seedResult)),
    .init(
        number: 3, start: seed, batch: [.delete(2, 0), .delete(1, 0), .insert(0, 0, "hlw"), .insert(3, 0, "hlw")],
        dataSourceAfter: seed,
        outcome: .fails(rowCountMessage(section: 0, after: 2, before: 2, inserted: 1, deleted: 0))),
    .init(
        number: 4, start: [["A", "B", "C"]], batch: [.delete(0, 0), .insert(0, 0, "X")],
        dataSourceAfter: nil, outcome: .shows([["X", "B", "C"]])),
    .init(
        number: 5, start: [["A", "B", "C", "D"]], batch: [.insert(0, 1, "X"), .delete(0, 2)],
        dataSourceAfter: nil, outcome: .shows([["A", "X", "B", "D"]])),
    .init(
        number: 6, start: [["A", "B", "C", "D", "E"]], batch: [.delete(0, 1), .delete(0, 3)],
        dataSourceAfter: nil, outcome: .shows([["A", "C", "E"]])),
    .init(
        number: 7, start: [["A", "B"]], batch: [.insert(0, 0, "X"), .insert(0, 2, "Y")],
        dataSourceAfter: nil, outcome: .shows([["X", "A", "Y", "B"]])),
    .init(
        number: 8, start: [["A", "B"]], batch: [.insert(0, 2, "X")],
        dataSourceAfter: nil, outcome: .shows([["A", "B", "X"]])),
    // 3.2 Range and count errors
    .init(
        number: 9, start: [["A", "B", "C"]], batch: [.delete(0, 3)], dataSourceAfter: [["A", "B"]],
        outcome: .fails("attempt to delete row 3 from section 0 which only contains 3 rows before the update")),
    .init(
        number: 10, start: [["A"]], batch: [.delete(2, 0)], dataSourceAfter: [[]],
        outcome: .fails("attempt to delete row 0 from section 2, but there are only 1 sections before the update")),
    .init(
        number: 11, start: [["A", "B", "C"]], batch: [.insert(0, 5, "X")], dataSourceAfter: [["A", "B", "C", "X"]],
        outcome: .fails(
            "attempt to insert row 5 into section 0, but there are only 4 rows in section 0 after the update")),
    .init(
        number: 12, start: [["A"]], batch: [.insert(1, 0, "X")], dataSourceAfter: [["A", "X"]],
        outcome: .fails("attempt to insert row 0 into section 1, but there are only 1 sections after the update")),
    .init(
        number: 13, start: [["A", "B", "C"]], batch: [.delete(0, 1)], dataSourceAfter: [["A", "B", "C"]],
        outcome: .fails(rowCountMessage(section: 0, after: 3, before: 3, inserted: 0, deleted: 1))),
    .init(
        number: 14, start: [["A", "B"]], batch: [], dataSourceAfter: [["A", "B", "C"]],
        outcome: .fails(rowCountMessage(section: 0, after: 3, before: 2, inserted: 0, deleted: 0))),
    .init(
        number: 15, start: [["A"], ["B"]], batch: [.deleteSection(1)], dataSourceAfter: [["A"], ["B"]],
        outcome: .fails(sectionCountMessage(after: 2, before: 2, inserted: 0, deleted: 1))),
    .init(
        number: 16, start: [["A"], ["B"]], batch: [.deleteSection(2)], dataSourceAfter: [["A"]],
        outcome: .fails("attempt to delete section 2, but there are only 2 sections before the update")),
    .init(
        number: 17, start: [["A"]], batch: [.insertSection(2, ["X"])], dataSourceAfter: [["A"], ["X"]],
        outcome: .fails("attempt to insert section 2 but there are only 2 sections after the update")),
    // 3.3 Rows inside deleted, inserted and shifted sections
    .init(
        number: 18, start: [["A", "B"], ["C", "D"]], batch: [.deleteSection(0), .delete(0, 1), .delete(0, 7)],
        dataSourceAfter: nil, outcome: .shows([["C", "D"]])),
    .init(
        number: 19, start: [["A"]], batch: [.insertSection(0, ["X", "Y"]), .insert(0, 1, "Z")],
        dataSourceAfter: [["X", "Y"], ["A"]], outcome: .shows([["X", "Y"], ["A"]])),
    .init(
        number: 20, start: [["A"]], batch: [.insertSection(0, ["X", "Y"]), .insert(0, 5, "Z")],
        dataSourceAfter: [["X", "Y"], ["A"]],
        outcome: .fails(
            "attempt to insert row 5 into section 0, but there are only 2 rows in section 0 after the update")),
    .init(
        number: 21, start: [["A", "B"], ["C", "D"], ["E"]],
        batch: [.deleteSection(0), .delete(1, 0), .insert(0, 1, "X")],
        dataSourceAfter: nil, outcome: .shows([["D", "X"], ["E"]])),
    .init(
        number: 22, start: [["A"], ["B"]], batch: [.insertSection(1, ["X"]), .insert(2, 0, "Y")],
        dataSourceAfter: nil, outcome: .shows([["A"], ["X"], ["Y", "B"]])),
    .init(
        number: 23, start: [["A", "B"]], batch: [.insertSection(0, ["X"]), .insert(0, 1, "Y")],
        dataSourceAfter: [["X"], ["A", "Y", "B"]],
        outcome: .fails(
            "attempt to insert row 1 into section 0, but there are only 1 rows in section 0 after the update")),
    .init(
        number: 24, start: [["A", "B"], ["C"]], batch: [.delete(0, 0), .delete(0, 1)],
        dataSourceAfter: nil, outcome: .shows([[], ["C"]])),
    .init(
        number: 25, start: [["A"], ["B", "C"]], batch: [.delete(0, 0), .deleteSection(0)],
        dataSourceAfter: nil, outcome: .shows([["B", "C"]])),
    .init(
        number: 26, start: [["A"], ["B"], ["C"]], batch: [.deleteSection(0), .insertSection(2, ["X"])],
        dataSourceAfter: nil, outcome: .shows([["B"], ["C"], ["X"]])),
    // 3.4 Reloads
    .init(
        number: 27, start: [["A", "B", "C"]], batch: [.reload(0, 1, "B'")],
        dataSourceAfter: nil, outcome: .shows([["A", "B'", "C"]])),
    .init(
        number: 28, start: [["A", "B", "C", "D"]], batch: [.delete(0, 0), .reload(0, 2, "C'")],
        dataSourceAfter: nil, outcome: .shows([["B", "C'", "D"]])),
    .init(
        number: 29, start: [["A", "B", "C"]], batch: [.insert(0, 0, "X"), .reload(0, 1, "B'")],
        dataSourceAfter: nil, outcome: .shows([["X", "A", "B'", "C"]])),
    .init(
        number: 30, start: [["A"], ["B", "C"]], batch: [.insertSection(0, ["X"]), .reload(1, 1, "C'")],
        dataSourceAfter: nil, outcome: .shows([["X"], ["A"], ["B", "C'"]])),
    .init(
        number: 31, start: [["A", "B", "C"]], batch: [.delete(0, 0), .reload(0, 0, "A'")],
        dataSourceAfter: [["B", "C"]],
        outcome: .fails("attempt to delete and reload the same index path (\(ip(0, 0)))")),
    .init(
        number: 32, start: [["A", "B"], ["C"]], batch: [.reloadSection(0, ["P"]), .deleteSection(0)],
        dataSourceAfter: [["C"]],
        outcome: .fails("attempt to delete and reload the same index path (\(ip(0, 9_223_372_036_854_775_807)))")),
    .init(
        number: 33, start: [["A", "B"], ["C"]], batch: [.reloadSection(0, ["P", "Q", "R"])],
        dataSourceAfter: [["P", "Q", "R"], ["C"]], outcome: .shows([["P", "Q", "R"], ["C"]])),
    .init(
        number: 34, start: [["A", "B"], ["C", "D", "E"]], batch: [.reloadSection(0, ["A'", "B'"])],
        dataSourceAfter: [["A'", "B'"], ["C", "D"]],
        outcome: .fails(rowCountMessage(section: 1, after: 2, before: 3, inserted: 0, deleted: 0))),
    .init(
        number: 35, start: [["A", "B", "C", "D"]], batch: [.reload(0, 3, "D'"), .move(0, 3, to: 0, 0)],
        dataSourceAfter: [["D'", "A", "B", "C"]],
        outcome: .fails("attempt to perform a delete and a move from the same index path (\(ip(0, 3)))")),
    .init(
        number: 36, start: [["A", "B"], ["C"]], batch: [.moveSection(0, to: 1), .reload(0, 1, "B'")],
        dataSourceAfter: [["C"], ["A", "B'"]],
        outcome: .fails(
            "attempt to insert row 1 into section 0, but there are only 1 rows in section 0 after the update")),
    .init(
        number: 37, start: [["A", "B"], ["C"]], batch: [.deleteSection(0), .reload(0, 0, "A'")],
        dataSourceAfter: [["C"]],
        outcome: .fails(rowCountMessage(section: 0, after: 1, before: 1, inserted: 1, deleted: 0))),
    // 3.5 Moves
    .init(
        number: 38, start: [["A", "B", "C", "D"]], batch: [.move(0, 0, to: 0, 2)],
        dataSourceAfter: nil, outcome: .shows([["B", "C", "A", "D"]])),
    .init(
        number: 39, start: [["0", "1", "2", "3"]],
        batch: [.move(0, 1, to: 0, 2), .move(0, 2, to: 0, 1), .move(0, 3, to: 0, 0)],
        dataSourceAfter: nil, outcome: .shows([["3", "2", "1", "0"]])),
    .init(
        number: 40, start: [["A", "B", "C"], ["D", "E"]], batch: [.move(0, 0, to: 1, 2)],
        dataSourceAfter: nil, outcome: .shows([["B", "C"], ["D", "E", "A"]])),
    .init(
        number: 41, start: [["A", "B", "C"], ["D", "E"]], batch: [.move(0, 0, to: 1, 2)],
        dataSourceAfter: [["A", "B", "C"], ["D", "E"]],
        outcome: .fails(
            "attempt to move index path (\(ip(0, 0))) to index path (\(ip(1, 2))) that does not exist - there are only 2 rows in section 1 after the update"
        )),
    .init(
        number: 42, start: [["A", "B", "C"], ["D", "E"]], batch: [.move(0, 0, to: 1, 2)],
        dataSourceAfter: [["B", "C"], ["D", "E", "A", "Z"]],
        outcome: .fails(
            rowCountMessage(section: 1, after: 4, before: 2, inserted: 0, deleted: 0, movedIn: 1, movedOut: 0))),
    .init(
        number: 43, start: [["A", "B", "C"]], batch: [.move(0, 0, to: 0, 2)], dataSourceAfter: [["B", "C", "A", "D"]],
        outcome: .fails(rowCountMessage(section: 0, after: 4, before: 3, inserted: 0, deleted: 0))),
    .init(
        number: 44, start: [["A"], ["B", "C"]], batch: [.deleteSection(0), .move(1, 0, to: 0, 1)],
        dataSourceAfter: nil, outcome: .shows([["C", "B"]])),
    .init(
        number: 45, start: [["A"], ["B", "C"]], batch: [.deleteSection(0), .move(1, 0, to: 0, 1)],
        dataSourceAfter: [["C", "B", "Z"]],
        outcome: .fails(rowCountMessage(section: 0, after: 3, before: 2, inserted: 0, deleted: 0))),
    .init(
        number: 46, start: [["A", "B", "C"]], batch: [.delete(0, 1), .move(0, 1, to: 0, 0)],
        dataSourceAfter: [["A", "C"]],
        outcome: .fails("attempt to perform a delete and a move from the same index path (\(ip(0, 1)))")),
    .init(
        number: 47, start: [["A", "B", "C"]], batch: [.insert(0, 0, "X"), .move(0, 2, to: 0, 0)],
        dataSourceAfter: [["X", "C", "A", "B"]],
        outcome: .fails("attempt to perform an insert and a move to the same index path (\(ip(0, 0)))")),
    .init(
        number: 48, start: [["A", "B", "C"]], batch: [.move(0, 0, to: 0, 2), .move(0, 0, to: 0, 2)],
        dataSourceAfter: nil, outcome: .shows([["B", "C", "A"]])),
    .init(
        number: 49, start: [["A", "B", "C"]], batch: [.move(0, 0, to: 0, 1), .move(0, 0, to: 0, 2)],
        dataSourceAfter: [["B", "C", "A"]],
        outcome: .fails("attempt to move row at index path \(ip(0, 0)) to both \(ip(0, 1)) and \(ip(0, 2))")),
    .init(
        number: 50, start: [["A", "B", "C"]], batch: [.move(0, 0, to: 0, 2), .move(0, 1, to: 0, 2)],
        dataSourceAfter: [["C", "A", "B"]],
        outcome: .fails("attempt to move both row at index path \(ip(0, 0)) and \(ip(0, 1)) to \(ip(0, 2))")),
    .init(
        number: 51, start: [["1", "2", "3", "4", "5", "6"]],
        batch: [
            .delete(0, 0), .delete(0, 1), .delete(0, 2), .delete(0, 5), .insert(0, 0, "2'"), .insert(0, 3, "7"),
            .insert(0, 4, "6'"), .insert(0, 5, "3'"), .move(0, 4, to: 0, 1),
        ],
        dataSourceAfter: nil, outcome: .shows([["2'", "5", "4", "7", "6'", "3'"]])),
    .init(
        number: 52, start: [["0", "1", "2"]],
        batch: [.reload(0, 0, "0'"), .delete(0, 1), .insert(0, 1, "4"), .insert(0, 3, "3"), .move(0, 2, to: 0, 0)],
        dataSourceAfter: [["2", "4", "0'", "3"]],
        outcome: .fails("attempt to perform an insert and a move to the same index path (\(ip(0, 0)))")),
    // 3.6 Sections moved, combined with other operations
    .init(
        number: 53, start: [["A"], ["B"], ["C"]], batch: [.moveSection(0, to: 2)],
        dataSourceAfter: nil, outcome: .shows([["B"], ["C"], ["A"]])),
    .init(
        number: 54, start: [["0"], ["1"], ["2"]], batch: [.moveSection(1, to: 0), .moveSection(2, to: 1)],
        dataSourceAfter: nil, outcome: .shows([["1"], ["2"], ["0"]])),
    .init(
        number: 55, start: [["A", "B"], ["C"]], batch: [.moveSection(0, to: 1), .delete(0, 0), .insert(1, 0, "X")],
        dataSourceAfter: nil, outcome: .shows([["C"], ["X", "B"]])),
    .init(
        number: 56, start: [["A", "B"], ["C"]], batch: [.moveSection(0, to: 1), .move(0, 0, to: 0, 1)],
        dataSourceAfter: nil, outcome: .shows([["C", "A"], ["B"]])),
    .init(
        number: 57, start: [["A"], ["B"]], batch: [.deleteSection(0), .moveSection(0, to: 1)], dataSourceAfter: [["B"]],
        outcome: .fails("attempt to perform a delete and a move from the same section (0)")),
    .init(
        number: 58, start: [["A"], ["B"], ["C"]], batch: [.deleteSection(2), .moveSection(2, to: 1)],
        dataSourceAfter: [["A"], ["B"]],
        outcome: .fails("attempt to perform a delete and a move from the same section (2)")),
    .init(
        number: 59, start: [["A", "B"], ["C"]], batch: [.deleteSection(0), .move(0, 1, to: 0, 0)],
        dataSourceAfter: [["B", "C"]], outcome: .shows([["B", "C"]])),
    .init(
        number: 60, start: [["A", "B"]], batch: [.insertSection(1, []), .move(0, 0, to: 1, 0)],
        dataSourceAfter: [["B"], ["A"]], outcome: .shows([["B"], ["A"]])),
    // 3.7 Duplicates
    .init(
        number: 61, start: [["A", "B", "C"]], batch: [.delete(0, 1), .delete(0, 1)], dataSourceAfter: [["A", "C"]],
        outcome: .shows([["A", "C"]])),
]

/// The 65 worked cases of reference §3.
@Suite("Reference §3: the worked cases")
struct ReferenceCasesTests {
    /// A case with an explicit "DS after" runs in table mode: `table` commands, and the data source
    /// set to that state with `data reset` inside the batch. A "follows" case runs as plain commands.
    @Test(arguments: referenceCases)
    func workedCase(_ referenceCase: ReferenceCase) throws {
        var model = TableModel(sections: sections(referenceCase.start))
        let expectedDataSource: [[String]]
        let outcome = updateError { () throws(UpdateError) in
            model.begin()
            if let dataSourceAfter = referenceCase.dataSourceAfter {
                for operation in referenceCase.batch { _ = try model.tell(operation.update) }
                try model.apply(.reset(sections(dataSourceAfter)))
            } else {
                for operation in referenceCase.batch {
                    for edit in operation.edits { _ = try model.perform(edit) }
                }
            }
            _ = try model.end()
        }
        expectedDataSource = referenceCase.dataSourceAfter ?? referenceCase.start
        switch referenceCase.outcome {
        case .shows(let expected):
            #expect(outcome == nil)
            #expect(rows(model.tableView) == expected)
            #expect(rows(model.dataSource) == expected)
        case .fails(let message):
            let error = try #require(outcome)
            #expect(error.kind == .invalidUpdate)
            #expect(normalized(error.message) == normalized(message))
            // A failed commit leaves the table view as before `begin` and keeps the data edits.
            #expect(rows(model.tableView) == referenceCase.start)
            #expect(rows(model.dataSource) == expectedDataSource)
            #expect(model.batchDepth == 0)
            #expect(model.pendingCount == 0)
        }
    }

    /// Case 52 staged in three batches, as DifferenceKit does.
    @Test("case 52 staged in three batches, as DifferenceKit does")
    func case52InThreeBatches() throws {
        var model = TableModel(sections: sections([["0", "1", "2"]]))
        _ = try model.perform(.reloadRow(path(0, 0), "0'"))
        #expect(rows(model.dataSource) == [["0'", "1", "2"]])
        _ = try model.perform(.deleteRow(path(0, 1)))
        #expect(rows(model.dataSource) == [["0'", "2"]])
        model.begin()
        _ = try model.perform(.insertRow(path(0, 1), "4"))
        _ = try model.perform(.insertRow(path(0, 3), "3"))
        _ = try model.perform(.moveRow(from: path(0, 1), to: path(0, 0)))
        _ = try model.end()
        #expect(rows(model.tableView) == [["2", "4", "0'", "3"]])
    }

    /// Cases 59 and 60: the rule-9 fallback accepts, warns and skips the row count check.
    @Test("cases 59 and 60: the rule-9 fallback accepts, warns and skips the row count check")
    func reloadFallbackWarns() throws {
        var model = TableModel(sections: sections([["A", "B"], ["C"]]))
        model.begin()
        _ = try model.tell(.deleteSection(0))
        _ = try model.tell(.moveRow(from: path(0, 1), to: path(0, 0)))
        try model.apply(.reset(sections([["B", "C"]])))
        let report = try #require(try model.end())
        #expect(report.usedReloadFallback)
        #expect(
            report.warnings == [
                "row moved out of deleted section 0: UITableView skips the row-count check and reloads the table"
            ])

        var other = TableModel(sections: sections([["A", "B"]]))
        other.begin()
        _ = try other.tell(.insertSection(1))
        _ = try other.tell(.moveRow(from: path(0, 0), to: path(1, 0)))
        try other.apply(.reset(sections([["B"], ["A"]])))
        let otherReport = try #require(try other.end())
        #expect(otherReport.usedReloadFallback)
        #expect(
            otherReport.warnings == [
                "row moved into inserted section 1: UITableView skips the row-count check and reloads the table"
            ])
        #expect(rows(other.tableView) == [["B"], ["A"]])
    }

    /// Case 62: only the outermost end commits.
    @Test("case 62: only the outermost end commits")
    func case62NestedBatchIsOneBatch() throws {
        var model = TableModel(sections: sections([["A", "B", "C"]]))
        model.begin()
        _ = try model.perform(.insertRow(path(0, 0), "X"))
        model.begin()
        #expect(try model.end() == nil)
        _ = try model.perform(.deleteRow(path(0, 1)))
        #expect(try model.end() != nil)
        #expect(rows(model.tableView) == [["X", "A", "C"]])
        #expect(rows(model.dataSource) == [["X", "A", "C"]])
    }

    /// Case 63: outside a batch each call is its own batch.
    @Test("case 63: outside a batch each call is its own batch")
    func case63EachCallCommits() throws {
        var model = TableModel(sections: sections([["A", "B", "C"]]))
        _ = try model.perform(.insertRow(path(0, 0), "X"))
        #expect(rows(model.tableView) == [["X", "A", "B", "C"]])
        _ = try model.perform(.deleteRow(path(0, 1)))
        #expect(rows(model.tableView) == [["X", "B", "C"]])
    }

    /// Case 64: during a batch the table view keeps its old count.
    @Test("case 64: during a batch the table view keeps its old count")
    func case64CountsDuringBatch() throws {
        var model = TableModel(sections: sections([["A", "B", "C"]]))
        model.begin()
        _ = try model.perform(.deleteRow(path(0, 1)))
        #expect(model.tableView[0].rows.count == 3)
        _ = try model.end()
        #expect(model.tableView[0].rows.count == 2)
    }

    /// Case 65: nested batches complete together when the outer batch ends.
    @Test("case 65: nested batches complete together when the outer batch ends")
    func case65NestedBatchesCompleteAtOuterEnd() throws {
        // The model has no completion blocks; the outermost `end` returning the one report stands in
        // for "the completions run after the outer batch ends".
        var model = TableModel(sections: sections([["A"]]))
        model.begin()
        model.begin()
        _ = try model.perform(.insertRow(path(0, 1), "B"))
        #expect(try model.end() == nil)
        model.begin()
        _ = try model.perform(.insertRow(path(0, 2), "C"))
        #expect(try model.end() == nil)
        #expect(model.pendingCount == 2)
        #expect(rows(model.tableView) == [["A"]])
        let report = try #require(try model.end())
        #expect(report.insertedRows == [path(0, 1), path(0, 2)])
        #expect(rows(model.tableView) == [["A", "B", "C"]])
    }
}
