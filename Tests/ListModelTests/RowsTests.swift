import Testing

@testable import ListModel

// Whether the kernel takes the advice is the benchmark's check (`listdsl-bench hugepages`); these tests
// check, on any platform, that every way the model grows a section's rows goes through `Rows`, which
// advises each new region: its debug-only record of the region it advised must be where the rows are.
#if DEBUG
    /// A way the model grows a section's rows, done once per step on a table of two sections: section 0
    /// starts with one row and grows; section 1 starts with rows to move from.
    enum RowGrowth: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case insertInPlace, appendOne, appendMany, moveInPlace, reloadSection, batch
        case dataInsert, dataAppend, dataMove, reorderGesture, deleteWhileShared

        var testDescription: String { rawValue }

        /// The layer whose section 0 this growth grows (or, for `deleteWhileShared`, whose section 1 it
        /// copies on write).
        var growsTableViewOnly: Bool { self == .reorderGesture }

        /// Step `step`: edits `model`, and `expected` (that layer's rows) the way a plain array would.
        func perform(_ step: Int, on model: inout TableModel, expected: inout [[String]], kept: inout [TableModel])
            throws
        {
            let text = "r\(step)"
            switch self {
            case .insertInPlace:
                let row = expected[0].count / 2
                _ = try model.perform(.insertRow(path(0, row), text))
                expected[0].insert(text, at: row)
            case .appendOne:
                _ = try model.append(section: 0, row: text)
                expected[0].append(text)
            case .appendMany:
                _ = try model.append(section: 0, rows: [text, text + "'"])
                expected[0] += [text, text + "'"]
            case .moveInPlace:
                _ = try model.perform(.moveRow(from: path(1, 0), to: path(0, 1)))
                expected[0].insert(expected[1].removeFirst(), at: 1)
            case .reloadSection:
                let rows = expected[0] + [text]
                _ = try model.perform(.reloadSection(0, rows: rows))
                expected[0] = rows
            case .batch:
                model.begin()
                _ = try model.perform(.insertRow(path(0, 0), text))
                _ = try model.perform(.deleteRow(path(1, 0)))
                _ = try model.end()
                expected[0].insert(text, at: 0)
                expected[1].removeFirst()
            case .dataInsert:
                try model.apply(.insertRow(path(0, expected[0].count), text))
                expected[0].append(text)
            case .dataAppend:
                try model.apply(.append(section: 0, rows: [text]))
                expected[0].append(text)
            case .dataMove:
                try model.apply(.moveRow(from: path(1, 0), to: path(0, 0)))
                expected[0].insert(expected[1].removeFirst(), at: 0)
            case .reorderGesture:
                try model.moveRowInTableView(from: path(1, 0), to: path(0, 0))
                expected[0].insert(expected[1].removeFirst(), at: 0)
            case .deleteWhileShared:
                kept.append(model)  // a snapshot, as undo keeps one: the next edit copies the rows
                _ = try model.perform(.deleteRow(path(1, 0)))
                expected[1].removeFirst()
            }
        }
    }

    @Suite("Rows: every growth of a section's rows is advised")
    struct RowsTests {
        static let steps = 300

        /// Through `steps` growths the rows are exactly what a plain array gives, and after each one
        /// every section of both layers has advised the region its rows are in. The grown section moves
        /// to new regions several times on the way (capacity 1, 2, 4, … or a copy at every step).
        @Test(arguments: RowGrowth.allCases)
        func everyNewRegionOfASectionsRowsIsAdvised(_ growth: RowGrowth) throws {
            let start = [["r"], (0..<Self.steps).map { "m\($0)" }]
            var model = TableModel(sections: sections(start))
            var expected = start
            var kept: [TableModel] = []
            let grown = growth == .deleteWhileShared ? 1 : 0
            var region = model.dataSource[grown].rows.region
            var moves = 0
            for step in 0..<Self.steps {
                try growth.perform(step, on: &model, expected: &expected, kept: &kept)
                let layer = growth.growsTableViewOnly ? model.tableView : model.dataSource
                try #require(rows(layer) == expected, "step \(step)")
                for (name, sections) in [("data source", model.dataSource), ("table view", model.tableView)] {
                    for (s, section) in sections.enumerated() {
                        try #require(
                            section.rows.advisedRegion == section.rows.region,
                            "step \(step): the \(name)'s section \(s) is in a region it did not advise")
                    }
                }
                if layer[grown].rows.region != region { moves += 1 }
                region = layer[grown].rows.region
            }
            #expect(moves >= 8, "the rows moved \(moves) times: too few to test the advice")
        }

        /// Rows made from an array advise it (it may have room left), and equal rows are the same bytes.
        @Test func rowsMadeFromAnArrayAreAdvisedAndCompareByBytes() {
            var texts = ["é"]
            texts.reserveCapacity(100)
            let rows = Rows(texts)
            #expect(rows.advisedRegion == rows.region && rows.texts.capacity >= 100)
            #expect(rows == ["é"] && rows != ["e\u{301}"])
            #expect(Array(rows) == ["é"] && rows.description == #"["é"]"#)
        }
    }
#endif
