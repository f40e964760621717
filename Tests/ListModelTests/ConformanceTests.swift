import ListModel
import Testing

/// The conformance cases 001–050 that exercise the model, translated to the calls the interpreter
/// makes (the shared conformance cases, in `../shared/conformance/cases` beside the package).
@Suite("Conformance cases through the model")
struct ConformanceTests {
    private static let seed = sections([
        ["Item1", "Item2"], ["Item1", "Item2", "Item3"], ["Item1", "Item2", "Item3", "Item4"],
        ["Item1", "Item2", "Item3", "Item4", "Item5"],
    ])
    private static let seedResult = [
        ["hlw", "Item1", "Item2"], ["Item2", "Item3"], ["Item2", "Item3", "Item4"],
        ["hlw", "Item1", "Item2", "Item3", "Item4", "Item5"],
    ]

    /// Runs `edits` as one plain batch on `start`; returns the data source or the error message.
    private func plainBatch(_ start: [[String]], _ edits: [Edit]) -> Result<[[String]], UpdateError> {
        var model = TableModel(sections: sections(start))
        do {
            model.begin()
            for edit in edits { _ = try model.perform(edit) }
            _ = try model.end()
            #expect(model.isInSync)
            return .success(rows(model.dataSource))
        } catch {
            return .failure(error)
        }
    }

    /// The error's message, or nil.
    private func message(_ result: Result<[[String]], UpdateError>) -> String? {
        if case .failure(let error) = result { return error.message }
        return nil
    }

    /// 001, 002: the seed batch, in any order.
    @Test("001, 002: the seed batch, in any order")
    func seedBatch() throws {
        let edits: [Edit] = [
            .deleteRow(path(2, 0)), .deleteRow(path(1, 0)), .insertRow(path(0, 0), "hlw"),
            .insertRow(path(3, 0), "hlw"),
        ]
        #expect(try plainBatch(rows(Self.seed), edits).get() == Self.seedResult)
        #expect(try plainBatch(rows(Self.seed), edits.reversed()).get() == Self.seedResult)
    }

    /// 003: telling the table without changing the data source.
    @Test("003: telling the table without changing the data source")
    func seedTableOnly() throws {
        var model = TableModel(sections: Self.seed)
        model.begin()
        for update: Update in [
            .deleteRow(path(2, 0)), .deleteRow(path(1, 0)), .insertRow(path(0, 0)), .insertRow(path(3, 0)),
        ] {
            _ = try model.tell(update)
        }
        try model.apply(.reset(Self.seed))
        let error = try #require(updateError { () throws(UpdateError) in _ = try model.end() })
        #expect(error.message == rowCountMessage(section: 0, after: 2, before: 2, inserted: 1, deleted: 0))
    }

    /// 004–032: plain batches.
    @Test("004–032: plain batches")
    func plainBatches() throws {
        #expect(
            try plainBatch([["A", "B", "C", "D"]], [.insertRow(path(0, 1), "X"), .deleteRow(path(0, 2))]).get() == [
                ["A", "X", "B", "D"]
            ])
        #expect(
            message(plainBatch([["A", "B", "C"]], [.deleteRow(path(0, 3))]))
                == "attempt to delete row 3 from section 0 which only contains 3 rows before the update")
        #expect(
            message(plainBatch([["A"]], [.deleteRow(path(2, 0))]))
                == "attempt to delete row 0 from section 2, but there are only 1 sections before the update")
        #expect(
            message(plainBatch([["A", "B", "C"]], [.insertRow(path(0, 5), "X")]))
                == "attempt to insert row 5 into section 0, but there are only 4 rows in section 0 after the update")
        #expect(
            message(plainBatch([["A"]], [.insertRow(path(1, 0), "X")]))
                == "attempt to insert row 0 into section 1, but there are only 1 sections after the update")
        #expect(
            message(plainBatch([["A"], ["B"]], [.deleteSection(2)]))
                == "attempt to delete section 2, but there are only 2 sections before the update")
        #expect(
            message(plainBatch([["A"]], [.insertSection(2, header: nil)]))
                == "attempt to insert section 2 but there are only 2 sections after the update")
        #expect(
            try plainBatch(
                [["A", "B"], ["C", "D"]], [.deleteSection(0), .deleteRow(path(0, 1)), .deleteRow(path(0, 7))]
            ).get()
                == [["C", "D"]])
        #expect(
            try plainBatch(
                [["A", "B"], ["C", "D"], ["E"]],
                [.deleteSection(0), .deleteRow(path(1, 0)), .insertRow(path(0, 1), "X")]
            ).get()
                == [["D", "X"], ["E"]])
        #expect(
            try plainBatch([["A"], ["B"]], [.insertSection(1, header: nil), .insertRow(path(2, 0), "Y")]).get()
                == [["A"], [], ["Y", "B"]])
        #expect(
            try plainBatch([["A", "B"], ["C"]], [.deleteRow(path(0, 0)), .deleteRow(path(0, 1))]).get() == [[], ["C"]])
        #expect(try plainBatch([["A", "B", "C"]], [.reloadRow(path(0, 1), "B'")]).get() == [["A", "B'", "C"]])
        #expect(
            try plainBatch([["A", "B", "C", "D"]], [.deleteRow(path(0, 0)), .reloadRow(path(0, 2), "C'")]).get() == [
                ["B", "C'", "D"]
            ])
        #expect(
            message(plainBatch([["A", "B", "C"]], [.deleteRow(path(0, 0)), .reloadRow(path(0, 0), "A'")]))
                == "attempt to delete and reload the same index path (\(ip(0, 0)))")
        #expect(
            message(
                plainBatch(
                    [["A", "B", "C", "D"]], [.reloadRow(path(0, 3), "D'"), .moveRow(from: path(0, 3), to: path(0, 0))]))
                == "attempt to perform a delete and a move from the same index path (\(ip(0, 3)))")
        #expect(
            try plainBatch([["A", "B", "C", "D"]], [.moveRow(from: path(0, 0), to: path(0, 2))]).get() == [
                ["B", "C", "A", "D"]
            ])
        #expect(
            try plainBatch([["A", "B", "C"], ["D", "E"]], [.moveRow(from: path(0, 0), to: path(1, 2))]).get()
                == [["B", "C"], ["D", "E", "A"]])
        #expect(
            message(
                plainBatch([["A", "B", "C"]], [.deleteRow(path(0, 1)), .moveRow(from: path(0, 1), to: path(0, 0))]))
                == "attempt to perform a delete and a move from the same index path (\(ip(0, 1)))")
        #expect(
            message(
                plainBatch(
                    [["A", "B", "C"]], [.insertRow(path(0, 0), "X"), .moveRow(from: path(0, 2), to: path(0, 0))]))
                == "attempt to perform an insert and a move to the same index path (\(ip(0, 0)))")
        #expect(
            message(
                plainBatch(
                    [["A", "B", "C"]],
                    [.moveRow(from: path(0, 0), to: path(0, 2)), .moveRow(from: path(0, 1), to: path(0, 2))]))
                == "attempt to move both row at index path \(ip(0, 0)) and \(ip(0, 1)) to \(ip(0, 2))")
        #expect(
            message(
                plainBatch(
                    [["0", "1", "2"]],
                    [
                        .reloadRow(path(0, 0), "0'"), .deleteRow(path(0, 1)), .insertRow(path(0, 1), "4"),
                        .insertRow(path(0, 3), "3"),
                        .moveRow(from: path(0, 2), to: path(0, 0)),
                    ])) == "attempt to perform an insert and a move to the same index path (\(ip(0, 0)))")
        #expect(try plainBatch([["A"], ["B"], ["C"]], [.moveSection(from: 0, to: 2)]).get() == [["B"], ["C"], ["A"]])
        #expect(
            try plainBatch(
                [["A", "B"], ["C"]],
                [.moveSection(from: 0, to: 1), .deleteRow(path(0, 0)), .insertRow(path(1, 0), "X")]
            ).get()
                == [["C"], ["X", "B"]])
        #expect(
            message(plainBatch([["A"], ["B"]], [.deleteSection(0), .moveSection(from: 0, to: 1)]))
                == "attempt to perform a delete and a move from the same section (0)")
    }

    /// 027: IGListKit's mixed batch.
    @Test("027: IGListKit's mixed batch")
    func iglistkitBatch() throws {
        let edits: [Edit] = [
            .deleteRow(path(0, 0)), .deleteRow(path(0, 1)), .deleteRow(path(0, 2)), .deleteRow(path(0, 5)),
            .insertRow(path(0, 0), "2'"), .insertRow(path(0, 3), "7"), .insertRow(path(0, 4), "6'"),
            .insertRow(path(0, 5), "3'"),
            .moveRow(from: path(0, 4), to: path(0, 1)),
        ]
        #expect(try plainBatch([["1", "2", "3", "4", "5", "6"]], edits).get() == [["2'", "5", "4", "7", "6'", "3'"]])
    }

    /// 032: a row moved out of a deleted section warns and is accepted.
    @Test("032: a row moved out of a deleted section warns and is accepted")
    func moveOutOfDeletedSection() throws {
        var model = TableModel(sections: sections([["A", "B"], ["C"]]))
        model.begin()
        _ = try model.perform(.deleteSection(0))
        _ = try model.perform(.moveRow(from: path(0, 1), to: path(0, 0)))
        let report = try #require(try model.end())
        #expect(rows(model.dataSource) == [["B", "C"]])
        #expect(report.usedReloadFallback)
        #expect(
            report.warnings == [
                "row moved out of deleted section 0: UITableView skips the row-count check and reloads the table"
            ])
    }

    /// 040: the seed as written: data edits first, then the table.
    @Test("040: the seed as written: data edits first, then the table")
    func seedAsWritten() throws {
        var model = TableModel(sections: Self.seed)
        try model.apply(.deleteRow(path(2, 0)))
        try model.apply(.deleteRow(path(1, 0)))
        try model.apply(.insertRow(path(0, 0), "hlw"))
        try model.apply(.insertRow(path(3, 0), "hlw"))
        #expect(!model.isInSync)
        model.begin()
        _ = try model.tell(.deleteRow(path(2, 0)))
        _ = try model.tell(.deleteRow(path(1, 0)))
        _ = try model.tell(.insertRow(path(0, 0)))
        _ = try model.tell(.insertRow(path(3, 0)))
        _ = try model.end()
        #expect(rows(model.tableView) == Self.seedResult)
        #expect(model.isInSync)
    }

    /// 041, 042: Homepwner's add, wrong and right.
    @Test("041, 042: Homepwner's add, wrong and right")
    func homepwner() throws {
        var model = TableModel(sections: sections([["Item 0", "Item 1", "Item 2", "Item 3", "Item 4"]]))
        let error = try #require(updateError { () throws(UpdateError) in _ = try model.tell(.insertRow(path(0, 5))) })
        #expect(
            error
                == UpdateError(
                    .invalidUpdate,
                    "attempt to insert row 5 into section 0, but there are only 5 rows in section 0 after the update",
                    operationIndex: 0))

        var right = TableModel(sections: sections([["Item 0", "Item 1"]]))
        try right.apply(.append(section: 0, rows: ["Item 2"]))
        _ = try right.tell(.insertRow(path(0, 2)))
        #expect(rows(right.tableView) == [["Item 0", "Item 1", "Item 2"]])
    }

    /// 043, 044: outside a batch each command commits; nested batches commit once.
    @Test("043, 044: outside a batch each command commits; nested batches commit once")
    func outsideAndNested() throws {
        var model = TableModel(sections: sections([["A", "B", "C"]]))
        _ = try model.perform(.insertRow(path(0, 0), "X"))
        _ = try model.perform(.deleteRow(path(0, 1)))
        #expect(rows(model.dataSource) == [["X", "B", "C"]])
    }

    /// 045, 046: a stale table fails the count check; reloadData resynchronises.
    @Test("045, 046: a stale table fails the count check; reloadData resynchronises")
    func staleAndReloadData() throws {
        var stale = TableModel(sections: sections([["A", "B"]]))
        try stale.apply(.append(section: 0, rows: ["C"]))
        #expect(updateError { () throws(UpdateError) in _ = try stale.perform(.deleteRow(path(0, 0))) } != nil)

        var model = TableModel(sections: sections([["A", "B"]]))
        try model.apply(.append(section: 0, rows: ["C"]))
        try model.reloadData()
        _ = try model.perform(.deleteRow(path(0, 0)))
        #expect(rows(model.dataSource) == [["B", "C"]])
        #expect(rows(model.tableView) == [["B", "C"]])
    }

    /// 047: a failed batch leaves everything as it was.
    @Test("047: a failed batch leaves everything as it was")
    func failedBatchRollsBack() throws {
        var model = TableModel(sections: sections([["A", "B", "C"]]))
        let error = updateError { () throws(UpdateError) in
            model.begin()
            _ = try model.perform(.insertRow(path(0, 0), "X"))
            _ = try model.perform(.deleteRow(path(0, 3)))
            _ = try model.end()
        }
        #expect(error?.message.contains("which only contains 3 rows") == true)
        #expect(error?.operationIndex == 1)
        #expect(rows(model.dataSource) == [["A", "B", "C"]])
        _ = try model.perform(.insertRow(path(0, 0), "Y"))
        #expect(rows(model.dataSource) == [["Y", "A", "B", "C"]])
    }

    /// 048: data edits use NSMutableArray's words.
    @Test("048: data edits use NSMutableArray's words")
    func dataOutOfRange() throws {
        var model = TableModel(sections: sections([["A", "B", "C"]]))
        let error = updateError { () throws(UpdateError) in try model.apply(.deleteRow(path(0, 5))) }
        #expect(error == UpdateError(.outOfBounds, "index 5 beyond bounds [0 .. 2]"))
    }

    /// 049, 050: mixing data and plain; append inside a batch.
    @Test("049, 050: mixing data and plain; append inside a batch")
    func mixingAndAppend() throws {
        var model = TableModel(sections: sections([["A", "B"]]))
        model.begin()
        try model.apply(.append(section: 0, rows: ["C"]))
        let mixing = try #require(
            updateError { () throws(UpdateError) in _ = try model.perform(.deleteRow(path(0, 0))) })
        #expect(mixing.kind == .usage)
        #expect(model.batchDepth == 0)

        var other = TableModel(sections: sections([["A"]]))
        other.begin()
        let append = try #require(
            updateError { () throws(UpdateError) in _ = try other.append(section: 0, rows: ["B"]) })
        #expect(append.kind == .usage)
        #expect(other.batchDepth == 0)
        #expect(
            updateError { () throws(UpdateError) in _ = try other.end() }?.message == "'end' without a matching 'begin'"
        )
    }
}
