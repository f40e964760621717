import ListModel
import Testing

/// Where a reload's insert half lands (a reload is a delete at its old path and an insert at a path
/// shifted by the batch's deletes and inserts, moves ignored), seen through the commit report and the
/// errors it causes.
@Suite("Reload decomposition")
struct ReloadDecompositionTests {
    /// The report of committing `edits` as one plain batch on `start`, or the error.
    private func commit(_ start: [[String]], _ edits: [Edit]) -> Result<CommitReport, UpdateError> {
        var model = TableModel(sections: sections(start))
        do {
            model.begin()
            for edit in edits { _ = try model.perform(edit) }
            return .success(try model.end() ?? CommitReport())
        } catch {
            return .failure(error)
        }
    }

    /// Shifted by explicit deletes and inserts, sections included (cases 28–30).
    @Test("shifted by explicit deletes and inserts, sections included (cases 28–30)")
    func shiftedByDeletesAndInserts() throws {
        #expect(
            try commit([["A", "B", "C", "D"]], [.deleteRow(path(0, 0)), .reloadRow(path(0, 2), "C'")]).get()
                .reloadedRows
                == [RowChange(from: path(0, 2), to: path(0, 1))])
        #expect(
            try commit([["A", "B", "C"]], [.insertRow(path(0, 0), "X"), .reloadRow(path(0, 1), "B'")]).get()
                .reloadedRows
                == [RowChange(from: path(0, 1), to: path(0, 2))])
        let sectionInserted = try commit(
            [["A"], ["B", "C"]],
            [.insertSection(0, header: nil), .insertRow(path(0, 0), "X"), .reloadRow(path(1, 1), "C'")]
        ).get()
        #expect(sectionInserted.reloadedRows == [RowChange(from: path(1, 1), to: path(2, 1))])
        // A section reload's insert half moves with the section deletes too: reloading old section 2
        // after deleting section 0 inserts new section 1, which a move to section 1 then collides with.
        let sectionReload = commit(
            [["A"], ["B"], ["C"]], [.deleteSection(0), .reloadSection(2, rows: nil), .moveSection(from: 1, to: 1)])
        #expect(sectionReload.failure?.message == "attempt to perform an insert and a move to the same section (1)")
        #expect(
            try commit([["A"], ["B"], ["C"]], [.deleteSection(0), .reloadSection(2, rows: nil)]).get().reloadedSections
                == [2])
    }

    /// Moves are ignored, so a reload's insert can collide with a move destination (case 52).
    @Test("moves are ignored, so a reload's insert can collide with a move destination (case 52)")
    func movesIgnored() {
        let result = commit(
            [["A", "B", "C"]], [.reloadRow(path(0, 1), "B'"), .moveRow(from: path(0, 0), to: path(0, 1))])
        // As meant, B' stays between the moved A and C... but UIKit puts the reload's insert at 0:1.
        #expect(
            result.failure?.message == "attempt to perform an insert and a move to the same index path (\(ip(0, 1)))")
    }

    /// Row deletes count when their section equals the reload's adjusted section.
    @Test("row deletes count when their section equals the reload's adjusted section")
    func rowDeletesInDeletedSectionsBelow() throws {
        // Section 0 is deleted, so the reload of 1:2 moves to section 0, where UIKit's loop then also
        // counts the (dropped) row delete 0:0: the insert lands at 0:1, not 0:2.
        let report = try commit(
            [["A"], ["B", "C", "D"]], [.deleteSection(0), .deleteRow(path(0, 0)), .reloadRow(path(1, 2), "D'")]
        ).get()
        #expect(report.reloadedRows == [RowChange(from: path(1, 2), to: path(0, 1))])
        let collision = commit(
            [["A"], ["B", "C", "D"]],
            [
                .deleteSection(0), .deleteRow(path(0, 0)), .reloadRow(path(1, 2), "D'"),
                .moveRow(from: path(1, 0), to: path(0, 1)),
            ])
        #expect(
            collision.failure?.message == "attempt to perform an insert and a move to the same index path (\(ip(0, 1)))"
        )
    }

    /// Row inserts count while the loop's adjusted section passes an inserted section.
    @Test("row inserts count while the loop's adjusted section passes an inserted section")
    func rowInsertsInInsertedSectionAtTheReloadsIndex() {
        // The reload of 0:1 moves to section 1 when section 0 is inserted; the insert 0:0 (a row of
        // the new section, sorted before it) is compared while the adjusted section is still 0, so it
        // shifts the reload's insert to 1:2, past the end of section 1.
        let result = commit(
            [["A", "B"]], [.insertSection(0, header: nil), .insertRow(path(0, 0), "X"), .reloadRow(path(0, 1), "B'")])
        #expect(
            result.failure?.message
                == "attempt to insert row 2 into section 1, but there are only 2 rows in section 1 after the update")
        #expect(result.failure?.operationIndex == 2)
    }

    /// Reloading one row twice is harmless; delete and reload of one row is not.
    @Test("reloading one row twice is harmless; delete and reload of one row is not")
    func duplicates() throws {
        #expect(
            try commit([["A", "B"]], [.reloadRow(path(0, 1), "X"), .reloadRow(path(0, 1), "Y")]).get().reloadedRows
                == [RowChange(from: path(0, 1), to: path(0, 1))])
        #expect(
            commit([["A", "B"]], [.reloadRow(path(0, 1), "X"), .deleteRow(path(0, 1))]).failure?.operationIndex == 0)
    }
}

extension Result {
    /// The error, if this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
