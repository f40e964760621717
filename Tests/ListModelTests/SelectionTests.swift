import ListModel
import Testing

/// Selection through commits, reloads and the reorder gesture.
@Suite("Selection: mapped through commits like UITableView's")
struct SelectionTests {
    /// The selection after selecting `selected` in `start` and committing `edits` as one plain batch.
    private func selection(in start: [[String]], selecting selected: IndexPath, after edits: [Edit]) throws
        -> IndexPath?
    {
        var model = TableModel(sections: sections(start))
        try model.select(selected)
        model.begin()
        for edit in edits { _ = try model.perform(edit) }
        _ = try model.end()
        return model.selection
    }

    /// Single commands outside a batch shift, drop or carry the selection.
    @Test("single commands outside a batch shift, drop or carry the selection")
    func singleCommands() throws {
        var model = TableModel(sections: sections([["A", "B", "C"], ["D"]]))
        try model.select(path(0, 1))
        _ = try model.perform(.insertRow(path(0, 0), "X"))
        #expect(model.selection == path(0, 2))
        _ = try model.perform(.insertRow(path(1, 0), "Y"))
        #expect(model.selection == path(0, 2))
        _ = try model.perform(.deleteRow(path(0, 0)))
        #expect(model.selection == path(0, 1))
        _ = try model.perform(.reloadRow(path(0, 1), "B'"))
        #expect(model.selection == path(0, 1))
        _ = try model.perform(.moveRow(from: path(0, 1), to: path(1, 1)))
        #expect(model.selection == path(1, 1))
        _ = try model.perform(.moveRow(from: path(1, 0), to: path(0, 0)))
        #expect(model.selection == path(1, 0))
        _ = try model.perform(.deleteRow(path(1, 0)))
        #expect(model.selection == nil)
    }

    /// A batch maps the selection old → new.
    @Test("a batch maps the selection old → new")
    func batchMapping() throws {
        let start = [["A", "B", "C", "D"], ["E", "F"]]
        // Survivors fill the free slots: C (0:2) with 0:0 deleted and an insert at 0:0 stays at 0:2.
        #expect(
            try selection(
                in: start, selecting: path(0, 2), after: [.deleteRow(path(0, 0)), .insertRow(path(0, 0), "X")])
                == path(0, 2))
        // A moved row goes to its destination.
        #expect(
            try selection(in: start, selecting: path(0, 1), after: [.moveRow(from: path(0, 1), to: path(1, 2))])
                == path(1, 2))
        // A row whose section moves goes with it.
        #expect(try selection(in: start, selecting: path(1, 1), after: [.moveSection(from: 1, to: 0)]) == path(0, 1))
        // A reloaded row stays at the reload's new path.
        #expect(
            try selection(
                in: start, selecting: path(0, 2), after: [.deleteRow(path(0, 0)), .reloadRow(path(0, 2), "C'")])
                == path(0, 1))
        // A deleted row, or a row of a deleted or reloaded section, is deselected.
        #expect(try selection(in: start, selecting: path(0, 3), after: [.deleteRow(path(0, 3))]) == nil)
        #expect(try selection(in: start, selecting: path(1, 0), after: [.deleteSection(1)]) == nil)
        #expect(try selection(in: start, selecting: path(1, 0), after: [.reloadSection(1, rows: nil)]) == nil)
        // Sections inserted before it move it down.
        #expect(
            try selection(
                in: start, selecting: path(1, 1), after: [.insertSection(0, header: nil), .deleteRow(path(1, 0))])
                == path(2, 0))
    }

    /// The rule-9 fallback, reloadData and reset clear the selection.
    @Test("the rule-9 fallback, reloadData and reset clear the selection")
    func clearedByReloads() throws {
        #expect(
            try selection(
                in: [["A", "B"], ["C"]], selecting: path(1, 0),
                after: [.deleteSection(0), .moveRow(from: path(0, 1), to: path(0, 0))]) == nil)
        var model = TableModel(sections: sections([["A", "B"]]))
        try model.select(path(0, 1))
        try model.reloadData()
        #expect(model.selection == nil)
        try model.select(path(0, 1))
        try model.reset(sections([["A", "B"]]))
        #expect(model.selection == nil)
    }

    /// A failed commit keeps the selection; deselect clears it.
    @Test("a failed commit keeps the selection; deselect clears it")
    func failedCommitKeepsSelection() throws {
        var model = TableModel(sections: sections([["A", "B"]]))
        try model.select(path(0, 1))
        #expect(updateError { () throws(UpdateError) in _ = try model.tell(.deleteRow(path(0, 0))) } != nil)
        #expect(model.selection == path(0, 1))
        model.deselect()
        #expect(model.selection == nil)
    }

    /// Select must name a row of the table view.
    @Test("select must name a row of the table view")
    func selectValidates() throws {
        var model = TableModel(sections: sections([["A"]]))
        try model.apply(.append(section: 0, rows: ["B"]))  // the table view has not seen B
        #expect(
            updateError { () throws(UpdateError) in try model.select(path(0, 1)) }
                == UpdateError(.usage, "no row 0:1 in the table view: section 0 has 1 row"))
        #expect(
            updateError { () throws(UpdateError) in try model.select(path(1, 0)) }
                == UpdateError(.usage, "no row 1:0 in the table view, which has 1 section"))
    }

    /// The reorder gesture moves the table view's row only.
    @Test("the reorder gesture moves the table view's row only")
    func reorderGesture() throws {
        var model = TableModel(sections: sections([["A", "B", "C"], ["D"]]))
        try model.select(path(0, 0))
        try model.moveRowInTableView(from: path(0, 0), to: path(0, 2))
        #expect(rows(model.tableView) == [["B", "C", "A"], ["D"]])
        #expect(rows(model.dataSource) == [["A", "B", "C"], ["D"]])
        #expect(model.selection == path(0, 2))
        #expect(!model.isInSync)
        try model.apply(.moveRow(from: path(0, 0), to: path(0, 2)))  // the app's move hook catches up
        #expect(model.isInSync)
        try model.moveRowInTableView(from: path(0, 1), to: path(1, 1))
        #expect(rows(model.tableView) == [["B", "A"], ["D", "C"]])
        #expect(
            updateError { () throws(UpdateError) in try model.moveRowInTableView(from: path(0, 0), to: path(0, 2)) }?
                .kind == .usage)
        #expect(
            updateError { () throws(UpdateError) in try model.moveRowInTableView(from: path(0, 5), to: path(0, 0)) }?
                .kind == .usage)
        #expect(
            updateError { () throws(UpdateError) in try model.moveRowInTableView(from: path(0, 0), to: path(4, 0)) }?
                .kind == .usage)
        model.begin()
        #expect(
            updateError { () throws(UpdateError) in try model.moveRowInTableView(from: path(0, 0), to: path(0, 1)) }?
                .kind == .usage)
        #expect(model.batchDepth == 0)
    }
}

/// A single command done in place (outside a batch, on a table view in sync) and the same command
/// committed as a batch of its own move the selection alike: one rule, `newPath(forOld:)`.
extension SelectionTests {
    /// The table the commands edit: the selected row is one of section 0's or one of section 1's.
    static let table = [["A", "B", "C", "D"], ["E", "F", "G"], ["H"]]
    static let selected = [path(0, 2), path(1, 1)]

    /// Row commands before, at and after each selected row, in its section and in the others; moves
    /// into, out of and across them; and the section commands around them.
    static let edits: [Edit] =
        [path(0, 0), path(0, 2), path(0, 3), path(0, 4), path(1, 0), path(1, 1), path(1, 3), path(2, 0), path(2, 1)]
        .map { Edit.insertRow($0, "X") }
        + [path(0, 0), path(0, 1), path(0, 2), path(0, 3), path(1, 0), path(1, 1), path(1, 2), path(2, 0)].flatMap {
            [Edit.deleteRow($0), .reloadRow($0, "R")]
        }
        + [
            .moveRow(from: path(0, 0), to: path(0, 3)), .moveRow(from: path(0, 3), to: path(0, 0)),
            .moveRow(from: path(0, 2), to: path(0, 0)), .moveRow(from: path(0, 2), to: path(1, 3)),
            .moveRow(from: path(1, 0), to: path(0, 2)), .moveRow(from: path(1, 1), to: path(1, 0)),
            .moveRow(from: path(2, 0), to: path(1, 1)), .moveRow(from: path(0, 1), to: path(1, 0)),
            .insertSection(0, header: nil), .insertSection(1, header: nil), .insertSection(3, header: nil),
            .deleteSection(0), .deleteSection(1), .deleteSection(2),
            .moveSection(from: 0, to: 2), .moveSection(from: 2, to: 0), .moveSection(from: 1, to: 0),
            .reloadSection(0, rows: ["Y"]), .reloadSection(1, rows: nil), .reloadSection(2, rows: nil),
        ]

    @Test("a command in place moves the selection as its own batch does", arguments: edits, selected)
    func inPlaceAndCommitMapTheSelectionAlike(_ edit: Edit, _ selected: IndexPath) throws {
        var inPlace = TableModel(sections: sections(Self.table))
        try inPlace.select(selected)
        var committed = inPlace
        let report = try inPlace.perform(edit)
        committed.begin()
        _ = try committed.perform(edit)
        let batchReport = try committed.end()
        #expect(report == batchReport, "the two paths did not do the same")
        #expect(inPlace.selection == committed.selection)
        // Without reports (as a script runner asks) the selection still follows.
        var quiet = TableModel(sections: sections(Self.table))
        quiet.reportsInPlaceChanges = false
        try quiet.select(selected)
        _ = try quiet.perform(edit)
        #expect(quiet.selection == committed.selection)
    }

    /// The figures the rule gives for a few of them, so that both paths cannot drift together.
    @Test("the rule's figures")
    func ruleFigures() throws {
        func after(_ edit: Edit, selecting selected: IndexPath) throws -> IndexPath? {
            var model = TableModel(sections: sections(Self.table))
            try model.select(selected)
            _ = try model.perform(edit)
            return model.selection
        }
        #expect(try after(.insertRow(path(0, 2), "X"), selecting: path(0, 2)) == path(0, 3))
        #expect(try after(.insertRow(path(0, 3), "X"), selecting: path(0, 2)) == path(0, 2))
        #expect(try after(.insertRow(path(1, 0), "X"), selecting: path(0, 2)) == path(0, 2))
        #expect(try after(.deleteRow(path(0, 0)), selecting: path(0, 2)) == path(0, 1))
        #expect(try after(.deleteRow(path(0, 2)), selecting: path(0, 2)) == nil)
        #expect(try after(.deleteRow(path(0, 3)), selecting: path(0, 2)) == path(0, 2))
        #expect(try after(.moveRow(from: path(0, 2), to: path(1, 3)), selecting: path(0, 2)) == path(1, 3))
        #expect(try after(.moveRow(from: path(1, 0), to: path(0, 2)), selecting: path(0, 2)) == path(0, 3))
        #expect(try after(.insertSection(0, header: nil), selecting: path(1, 1)) == path(2, 1))
        #expect(try after(.deleteSection(0), selecting: path(1, 1)) == path(0, 1))
        #expect(try after(.deleteSection(1), selecting: path(1, 1)) == nil)
        #expect(try after(.moveSection(from: 0, to: 2), selecting: path(1, 1)) == path(0, 1))
        #expect(try after(.reloadSection(1, rows: nil), selecting: path(1, 1)) == nil)
    }

    /// The reorder gesture moves the selection as a committed move of the same row does.
    @Test("the reorder gesture moves the selection as a committed move does", arguments: selected)
    func gestureMapsTheSelectionAsACommit(_ selected: IndexPath) throws {
        for from in [path(0, 0), path(0, 2), path(0, 3), path(1, 1), path(2, 0)] {
            for to in [path(0, 0), path(0, 2), path(0, 3), path(1, 0), path(1, 2), path(2, 0)] {
                var gesture = TableModel(sections: sections(Self.table))
                try gesture.select(selected)
                var committed = gesture
                guard (try? gesture.moveRowInTableView(from: from, to: to)) != nil else { continue }
                committed.begin()
                _ = try committed.perform(.moveRow(from: from, to: to))
                _ = try committed.end()
                #expect(gesture.selection == committed.selection, "\(from) → \(to)")
            }
        }
    }
}
