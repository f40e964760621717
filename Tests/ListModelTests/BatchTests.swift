import ListModel
import Testing

/// Batches: nesting, atomicity, layers, usage errors, reports.
@Suite("Batches: nesting, atomicity, layers and usage errors")
struct BatchTests {
    /// Begin/end nest; only the outermost end commits; depth and pending count.
    @Test("begin/end nest; only the outermost end commits; depth and pending count")
    func nesting() throws {
        var model = TableModel(sections: sections([["A"]]))
        model.begin()
        model.begin()
        #expect(model.batchDepth == 2)
        _ = try model.perform(.insertRow(path(0, 0), "X"))
        _ = try model.tell(.insertRow(path(0, 1)))
        #expect(model.pendingCount == 2)
        #expect(try model.end() == nil)
        #expect(model.batchDepth == 1)
        #expect(rows(model.dataSource) == [["A"]])
        // The table insert 0:1 is not matched by the data source: the plain insert adds one row only.
        let error = try #require(updateError { () throws(UpdateError) in _ = try model.end() })
        #expect(error.message == rowCountMessage(section: 0, after: 2, before: 1, inserted: 2, deleted: 0))
        #expect(model.batchDepth == 0)
        #expect(model.pendingCount == 0)
        #expect(rows(model.dataSource) == [["A"]])
    }

    /// Plain and table commands share a batch.
    @Test("plain and table commands share a batch")
    func plainAndTableTogether() throws {
        // A plain insert, plus a table delete whose data-source half the app did not make: fails.
        // With a plain delete instead, the same batch passes.
        var model = TableModel(sections: sections([["A", "B"]]))
        model.begin()
        _ = try model.perform(.insertRow(path(0, 0), "X"))
        _ = try model.tell(.reloadRow(path(0, 1)))
        let report = try #require(try model.end())
        #expect(rows(model.tableView) == [["X", "A", "B"]])
        #expect(report.insertedRows == [path(0, 0)])
        #expect(report.reloadedRows == [RowChange(from: path(0, 1), to: path(0, 2))])
    }

    /// An empty batch still runs the count check.
    @Test("an empty batch still runs the count check")
    func emptyBatchChecksCounts() throws {
        var model = TableModel(sections: sections([["A", "B"]]))
        try model.apply(.deleteRow(path(0, 0)))
        model.begin()
        let error = try #require(updateError { () throws(UpdateError) in _ = try model.end() })
        #expect(
            error
                == UpdateError(
                    .invalidUpdate, rowCountMessage(section: 0, after: 1, before: 2, inserted: 0, deleted: 0)))
        // In sync, an empty batch is fine.
        try model.reloadData()
        model.begin()
        #expect(try model.end() == CommitReport())
    }

    /// A failed table+data batch keeps the data edits and restores the table view.
    @Test("a failed table+data batch keeps the data edits and restores the table view")
    func failedTableAndDataBatch() throws {
        var model = TableModel(sections: sections([["A", "B", "C"]]))
        model.begin()
        try model.apply(.deleteRow(path(0, 0)))
        _ = try model.tell(.deleteRow(path(0, 0)))
        _ = try model.tell(.deleteRow(path(0, 1)))
        let error = try #require(updateError { () throws(UpdateError) in _ = try model.end() })
        #expect(error.message == rowCountMessage(section: 0, after: 2, before: 3, inserted: 0, deleted: 2))
        #expect(rows(model.dataSource) == [["B", "C"]])
        #expect(rows(model.tableView) == [["A", "B", "C"]])
        #expect(!model.isInSync)
        #expect(model.batchDepth == 0 && model.pendingCount == 0)
    }

    /// A failed plain batch undoes its edits; abandonBatch does the same.
    @Test("a failed plain batch undoes its edits; abandonBatch does the same")
    func failedPlainBatch() throws {
        var model = TableModel(sections: sections([["A", "B", "C"]]))
        try model.select(path(0, 2))
        model.begin()
        _ = try model.perform(.deleteRow(path(0, 0)))
        _ = try model.perform(.insertRow(path(0, 9), "Z"))
        #expect(updateError { () throws(UpdateError) in _ = try model.end() } != nil)
        #expect(rows(model.dataSource) == [["A", "B", "C"]])
        #expect(rows(model.tableView) == [["A", "B", "C"]])
        #expect(model.selection == path(0, 2))

        model.begin()
        model.begin()
        _ = try model.perform(.deleteRow(path(0, 0)))
        model.abandonBatch()
        #expect(model.batchDepth == 0 && model.pendingCount == 0)
        #expect(rows(model.dataSource) == [["A", "B", "C"]])
        model.abandonBatch()  // no batch open: nothing happens
        #expect(model.batchDepth == 0)
    }

    /// Mixing plain and data commands is a usage error that abandons the batch.
    @Test("mixing plain and data commands is a usage error that abandons the batch")
    func mixingLayers() throws {
        var plainFirst = TableModel(sections: sections([["A", "B"]]))
        plainFirst.begin()
        _ = try plainFirst.perform(.deleteRow(path(0, 0)))
        let error = try #require(
            updateError { () throws(UpdateError) in try plainFirst.apply(.append(section: 0, rows: ["C"])) })
        #expect(
            error
                == UpdateError(
                    .usage,
                    "cannot mix plain and 'data' commands in one batch: a plain command already edits the data source"))
        #expect(plainFirst.batchDepth == 0)
        #expect(rows(plainFirst.dataSource) == [["A", "B"]])

        var dataFirst = TableModel(sections: sections([["A", "B"]]))
        dataFirst.begin()
        try dataFirst.apply(.append(section: 0, rows: ["C"]))
        let other = try #require(
            updateError { () throws(UpdateError) in _ = try dataFirst.perform(.deleteRow(path(0, 0))) })
        #expect(
            other
                == UpdateError(
                    .usage,
                    "cannot mix plain and 'data' commands in one batch: a 'data' command already edited the data source"
                ))
        #expect(dataFirst.batchDepth == 0)
        #expect(rows(dataFirst.dataSource) == [["A", "B", "C"]])
        #expect(rows(dataFirst.tableView) == [["A", "B"]])
    }

    /// Append, reset and reloadData are usage errors inside a batch.
    @Test("append, reset and reloadData are usage errors inside a batch")
    func commandsNotAllowedInBatch() throws {
        var model = TableModel(sections: sections([["A"]]))
        for attempt in 0..<3 {
            model.begin()
            _ = try model.perform(.insertRow(path(0, 0), "X"))
            let error = try #require(
                updateError { () throws(UpdateError) in
                    switch attempt {
                    case 0: _ = try model.append(section: 0, rows: ["B"])
                    case 1: try model.reset(sections([["Q"]]))
                    default: try model.reloadData()
                    }
                })
            #expect(error.kind == .usage)
            #expect(error.message.contains("inside a batch"))
            #expect(model.batchDepth == 0)
            #expect(rows(model.dataSource) == [["A"]])
        }
    }

    /// End without begin.
    @Test("end without begin")
    func endWithoutBegin() {
        var model = TableModel()
        #expect(
            updateError { () throws(UpdateError) in _ = try model.end() }
                == UpdateError(.usage, "'end' without a matching 'begin'"))
    }

    /// Negative indexes are usage errors and never trap.
    @Test("negative indexes are usage errors and never trap")
    func negativeIndexes() throws {
        var model = TableModel(sections: sections([["A"]]))
        #expect(
            updateError { () throws(UpdateError) in _ = try model.perform(.deleteRow(path(0, -1))) }
                == UpdateError(.usage, "index path 0:-1 has a negative row"))
        #expect(
            updateError { () throws(UpdateError) in _ = try model.tell(.insertRow(path(-2, 0))) }
                == UpdateError(.usage, "index path -2:0 has a negative section"))
        #expect(
            updateError { () throws(UpdateError) in _ = try model.perform(.moveSection(from: 0, to: -1)) }
                == UpdateError(.usage, "section -1 is negative"))
        #expect(updateError { () throws(UpdateError) in try model.apply(.deleteSection(-1)) }?.kind == .usage)
        #expect(
            updateError { () throws(UpdateError) in try model.apply(.moveRow(from: path(0, 0), to: path(0, -5))) }?.kind
                == .usage)
        #expect(
            updateError { () throws(UpdateError) in _ = try model.append(section: -1, rows: ["x"]) }?.kind == .usage)
        #expect(updateError { () throws(UpdateError) in try model.select(path(-1, 0)) }?.kind == .usage)
        #expect(
            updateError { () throws(UpdateError) in try model.setTitle(.header, section: -1, to: "x") }?.kind == .usage)
        // Inside a batch, the failure abandons it.
        model.begin()
        _ = try model.perform(.insertRow(path(0, 0), "X"))
        #expect(updateError { () throws(UpdateError) in _ = try model.perform(.deleteRow(path(0, -1))) } != nil)
        #expect(model.batchDepth == 0)
        #expect(rows(model.dataSource) == [["A"]])
    }

    /// Huge indexes get UIKit's or Foundation's texts, never a trap.
    @Test("huge indexes get UIKit's or Foundation's texts, never a trap")
    func hugeIndexes() throws {
        let huge = Int.max
        var model = TableModel(sections: sections([["A", "B"]]))
        #expect(
            updateError { () throws(UpdateError) in _ = try model.perform(.insertRow(path(0, huge), "X")) }?.message
                == "attempt to insert row \(huge) into section 0, but there are only 3 rows in section 0 after the update"
        )
        #expect(
            updateError { () throws(UpdateError) in _ = try model.perform(.deleteRow(path(huge, huge))) }?.message
                == "attempt to delete row \(huge) from section \(huge), but there are only 1 sections before the update"
        )
        #expect(
            updateError { () throws(UpdateError) in _ = try model.perform(.moveRow(from: path(0, 0), to: path(0, huge)))
            }?.message
                == "attempt to move index path (\(ip(0, 0))) to index path (\(ip(0, huge))) that does not exist - there are only 2 rows in section 0 after the update"
        )
        #expect(
            updateError { () throws(UpdateError) in _ = try model.perform(.insertSection(huge, header: nil)) }?.message
                == "attempt to insert section \(huge) but there are only 2 sections after the update")
        #expect(
            updateError { () throws(UpdateError) in _ = try model.perform(.moveSection(from: huge, to: huge)) }?.message
                == "attempt to move section \(huge), but there are only 1 sections before the update")
        // A reload in a deleted section whose insert half is shifted past Int.max saturates.
        model.begin()
        _ = try model.tell(.deleteSection(0))
        _ = try model.tell(.reloadRow(path(0, huge)))
        _ = try model.tell(.insertRow(path(0, 0)))
        #expect(updateError { () throws(UpdateError) in _ = try model.end() }?.kind == .invalidUpdate)
        #expect(
            updateError { () throws(UpdateError) in try model.apply(.insertRow(path(0, huge), "X")) }
                == UpdateError(.outOfBounds, "index \(huge) beyond bounds [0 .. 1]"))
        #expect(updateError { () throws(UpdateError) in try model.select(path(0, huge)) }?.kind == .usage)
        #expect(rows(model.dataSource) == [["A", "B"]])
    }

    /// Append: both layers, one commit; a missing section fails as NSMutableArray does.
    @Test("append: both layers, one commit; a missing section fails as NSMutableArray does")
    func appendRows() throws {
        var model = TableModel(sections: sections([["A"], []]))
        let report = try model.append(section: 1, rows: ["B", "C"])
        #expect(report.insertedRows == [path(1, 0), path(1, 1)])
        #expect(rows(model.tableView) == [["A"], ["B", "C"]])
        #expect(rows(model.dataSource) == [["A"], ["B", "C"]])
        #expect(
            updateError { () throws(UpdateError) in _ = try model.append(section: 2, rows: ["x"]) }
                == UpdateError(.outOfBounds, "index 2 beyond bounds [0 .. 1]"))
        // On a stale table the append is checked as a batch, and fails the count check.
        try model.apply(.deleteRow(path(0, 0)))
        let stale = try #require(
            updateError { () throws(UpdateError) in _ = try model.append(section: 0, rows: ["D"]) })
        #expect(stale.message == rowCountMessage(section: 0, after: 1, before: 1, inserted: 1, deleted: 0))
        try model.reloadData()
        _ = try model.append(section: 0, rows: ["D"])
        #expect(rows(model.tableView) == [["D"], ["B", "C"]])
    }

    /// Reset replaces both layers, clears selection and resynchronises.
    @Test("reset replaces both layers, clears selection and resynchronises")
    func resetBothLayers() throws {
        var model = TableModel(sections: sections([["A"]]))
        try model.apply(.append(section: 0, rows: ["B"]))
        try model.select(path(0, 0))
        try model.reset([Section(rows: ["X"], header: "H")])
        #expect(model.tableView == [Section(rows: ["X"], header: "H")])
        #expect(model.dataSource == model.tableView)
        #expect(model.selection == nil)
        #expect(model.isInSync)
    }

    /// IsInSync follows the layers.
    @Test("isInSync follows the layers")
    func inSync() throws {
        var model = TableModel(sections: sections([["A", "B"]]))
        #expect(model.isInSync)
        try model.apply(.reloadRow(path(0, 0), "A"))  // same text: still equal
        #expect(model.isInSync)
        try model.apply(.reloadRow(path(0, 0), "Z"))
        #expect(!model.isInSync)
        _ = try model.tell(.reloadRow(path(0, 0)))
        #expect(model.isInSync)
        #expect(rows(model.tableView) == [["Z", "B"]])
    }

    /// A plain batch that reloads among other operations, the cells UIKit shows after it. Rule 11 puts
    /// a reload's insert where the deletes and inserts shift it: where the data source puts the row
    /// too, unless a move or a section operation displaces one of the two.
    static let reloadsAmongOthers: [(start: [[String]], edits: [Edit], dataSource: [[String]], cells: [[String]])] = [
        // Deletes and inserts only: the reload's insert lands on the row's new text.
        (
            [["A", "B", "C", "D"]],
            [.deleteRow(path(0, 0)), .reloadRow(path(0, 2), "c2"), .insertRow(path(0, 1), "N")],
            [["B", "N", "c2", "D"]], [["B", "N", "c2", "D"]]
        ),
        (
            [["A", "B"], ["C", "D"]],
            [.reloadRow(path(1, 1), nil), .reloadRow(path(0, 1), "b2"), .insertRow(path(1, 0), "N")],
            [["A", "b2"], ["N", "C", "D"]], [["A", "b2"], ["N", "C", "D"]]
        ),
        // A move: the reload's insert ignores it, so it fetches C, and the kept C shows at 0:0.
        (
            [["A", "B", "C"]], [.moveRow(from: path(0, 0), to: path(0, 2)), .reloadRow(path(0, 1), "b2")],
            [["b2", "C", "A"]], [["C", "C", "A"]]
        ),
        // A row delete in the deleted section just below the reload's shifts the reload too (UIKit's loop).
        (
            [["X"], ["A", "B", "C"]],
            [.deleteSection(0), .deleteRow(path(0, 0)), .deleteRow(path(1, 0)), .reloadRow(path(1, 2), "c2")],
            [["B", "c2"]], [["B", "B"]]
        ),
    ]

    /// Reloads among other operations: the layers stay equal when nothing displaces the reloads' inserts.
    @Test("reloads among other operations leave the cells UIKit shows", arguments: reloadsAmongOthers.indices)
    func reloadsAmongOtherOperations(_ index: Int) throws {
        let scenario = Self.reloadsAmongOthers[index]
        var model = TableModel(sections: sections(scenario.start))
        model.begin()
        for edit in scenario.edits { _ = try model.perform(edit) }
        _ = try model.end()
        #expect(rows(model.dataSource) == scenario.dataSource)
        #expect(rows(model.tableView) == scenario.cells)
        #expect(model.isInSync == (scenario.cells == scenario.dataSource))
    }

    /// SetTitle sets both layers; a missing section is a usage error.
    @Test("setTitle sets both layers; a missing section is a usage error")
    func titles() throws {
        var model = TableModel(sections: sections([["A"]]))
        try model.setTitle(.header, section: 0, to: "Head")
        try model.setTitle(.footer, section: 0, to: "Foot")
        try model.setTitle(.indexTitle, section: 0, to: "I")
        #expect(model.tableView[0] == Section(rows: ["A"], header: "Head", footer: "Foot", indexTitle: "I"))
        #expect(model.dataSource[0] == model.tableView[0])
        #expect(
            updateError { () throws(UpdateError) in try model.setTitle(.header, section: 1, to: "x") }
                == UpdateError(.usage, "no section 1 in the data source, which has 1 section"))
        // Titles travel with their sections through a commit.
        _ = try model.perform(.insertSection(0, header: "New"))
        #expect(model.tableView.map(\.header) == ["New", "Head"])
    }

    /// A section reload without rows keeps them; with rows replaces them.
    @Test("a section reload without rows keeps them; with rows replaces them")
    func sectionReloads() throws {
        var model = TableModel(sections: sections([["A", "B"], ["C"]]))
        let report = try #require(try model.perform(.reloadSection(1, rows: nil)))
        #expect(report.reloadedSections == [1])
        #expect(rows(model.tableView) == [["A", "B"], ["C"]])
        _ = try model.perform(.reloadSection(0, rows: ["P", "Q", "R"]))
        #expect(rows(model.tableView) == [["P", "Q", "R"], ["C"]])
    }

    /// The report drops row inserts in inserted sections and row deletes in deleted ones.
    @Test("the report drops row inserts in inserted sections and row deletes in deleted ones")
    func reportDropsRowsOfWholeSections() throws {
        var model = TableModel(sections: sections([["A", "B"], ["C"]]))
        model.begin()
        _ = try model.perform(.deleteSection(0))
        _ = try model.perform(.deleteRow(path(0, 1)))
        _ = try model.perform(.insertSection(1, header: nil))
        _ = try model.perform(.insertRow(path(1, 0), "X"))
        _ = try model.perform(.insertRow(path(0, 1), "Y"))
        let report = try #require(try model.end())
        #expect(report.insertedRows == [path(0, 1)])
        #expect(report.deletedRows == [])
        #expect(report.insertedSections == [1])
        #expect(report.deletedSections == [0])
        #expect(rows(model.tableView) == [["C", "Y"], ["X"]])
    }

    /// A commit's report lists what it did.
    @Test("a commit's report lists what it did")
    func commitReport() throws {
        var model = TableModel(sections: sections([["A", "B", "C"], ["D"], ["E"]]))
        model.begin()
        _ = try model.perform(.deleteRow(path(0, 0)))
        _ = try model.perform(.deleteRow(path(0, 0)))
        _ = try model.perform(.insertRow(path(0, 2), "X"))
        _ = try model.perform(.reloadRow(path(0, 2), "C'"))
        _ = try model.perform(.moveRow(from: path(0, 1), to: path(0, 0)))
        _ = try model.perform(.deleteSection(1))
        _ = try model.perform(.insertSection(2, header: nil))
        let report = try #require(try model.end())
        var expected = CommitReport()
        expected.insertedRows = [path(0, 2)]
        expected.deletedRows = [path(0, 0)]
        // The reload's insert: row 2, minus 1 for the delete; the insert at 0:2 comes after it.
        expected.reloadedRows = [RowChange(from: path(0, 2), to: path(0, 1))]
        expected.movedRows = [RowChange(from: path(0, 1), to: path(0, 0))]
        expected.insertedSections = [2]
        expected.deletedSections = [1]
        #expect(report.insertedRows == expected.insertedRows)
        #expect(report.deletedRows == expected.deletedRows)
        #expect(report.reloadedRows == expected.reloadedRows)
        #expect(report.movedRows == expected.movedRows)
        #expect(report.insertedSections == expected.insertedSections)
        #expect(report.deletedSections == expected.deletedSections)
        // The mapping: old section 2 fills the free index 1; new section 2 is the inserted one.
        let sections = report.sectionOrigins(count: 3)
        #expect(sections == [.kept(from: 0), .kept(from: 2), .inserted])
        let origins = report.rowOrigins(sections: sections, rowCounts: [3, 1, 0], oldRowCounts: [3, 1, 1])
        #expect(origins[0] == [.moved(from: path(0, 1)), .reloaded(from: path(0, 2)), .inserted])
        #expect(origins[1] == [.kept(from: path(2, 0))])
        #expect(origins[2] == [])
        #expect(report.newPath(forOld: path(2, 0), sectionCount: 3) == path(1, 0))
        #expect(report.newPath(forOld: path(0, 0), sectionCount: 3) == nil)
        #expect(rows(model.tableView) == [["B", "C'", "X"], ["E"], []])
    }
}
