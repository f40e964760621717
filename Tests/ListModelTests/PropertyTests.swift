import ListModel
import Testing

/// Random small tables and batches (valid and invalid, rows and sections) for the property test.
struct BatchGenerator {
    var random: SeededGenerator
    private var counter = 0

    /// A generator of scenarios that starts from `seed`.
    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    /// A fresh label.
    mutating func label(_ prefix: String) -> String {
        counter += 1
        return "\(prefix)\(counter)"
    }

    /// A table of 0–3 sections of 0–4 rows, every label unique.
    mutating func table() -> [[String]] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in
            (0..<Int.random(in: 0...4, using: &random)).map { _ in label("r") }
        }
    }

    /// A row index path around `table`: usually valid, sometimes one past the end.
    mutating func path(in table: [[String]]) -> IndexPath {
        let section = self.section(in: table)
        let rows = section < table.count ? table[section].count : 1
        let row =
            rows > 0 && Int.random(in: 0..<5, using: &random) > 0
            ? Int.random(in: 0..<rows, using: &random) : Int.random(in: 0...rows, using: &random)
        return IndexPath(section: section, row: row)
    }

    /// A section index around `table`: usually valid, sometimes one past the end.
    mutating func section(in table: [[String]]) -> Int {
        !table.isEmpty && Int.random(in: 0..<6, using: &random) > 0
            ? Int.random(in: 0..<table.count, using: &random) : Int.random(in: 0...table.count, using: &random)
    }

    /// 0–5 plain commands on `table`.
    mutating func edits(on table: [[String]]) -> [Edit] {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<20: return .deleteRow(path(in: table))
            case 20..<40: return .insertRow(path(in: table), label("n"))
            case 40..<55: return .moveRow(from: path(in: table), to: path(in: table))
            case 55..<65: return .reloadRow(path(in: table), Bool.random(using: &random) ? label("t") : nil)
            case 65..<73: return .deleteSection(section(in: table))
            case 73..<81: return .insertSection(section(in: table), header: nil)
            case 81..<89: return .moveSection(from: section(in: table), to: section(in: table))
            default:
                let rows =
                    Bool.random(using: &random)
                    ? nil : (0..<Int.random(in: 0...2, using: &random)).map { _ in label("s") }
                return .reloadSection(section(in: table), rows: rows)
            }
        }
    }

    /// `table` with one random change, or unchanged.
    mutating func perturbed(_ table: [[String]]) -> [[String]] {
        var table = table
        switch Int.random(in: 0..<4, using: &random) {
        case 0 where !table.isEmpty:
            table[Int.random(in: 0..<table.count, using: &random)].append(label("p"))
        case 1 where !table.isEmpty:
            let s = Int.random(in: 0..<table.count, using: &random)
            if !table[s].isEmpty { table[s].removeLast() }
        case 2:
            table.append([])
        default:
            break
        }
        return table
    }
}

/// The library against `SimpleReference` on seeded random scenarios.
@Suite("Property: the library agrees with a simple reference on random batches")
struct PropertyTests {
    /// What one scenario produced: the layers, or the error.
    private struct Observed: Equatable {
        var dataSource: [[String]]
        var tableView: [[String]]
        var error: UpdateError?
        var fallback: Bool
    }

    /// Random plain, table+data and mixed batches, and single commands.
    @Test(
        "random plain, table+data and mixed batches, and single commands, in both views",
        arguments: [1 as UInt64, 2, 3, 4], ViewKind.allCases)
    func randomBatches(seed: UInt64, view: ViewKind) throws {
        var generator = BatchGenerator(seed: seed)
        var accepted = 0
        var rejected = 0
        var fallbacks = 0
        var messages = Set<String>()
        for iteration in 0..<Self.iterations {
            let start = generator.table()
            var model = TableModel(sections: sections(start))
            model.view = view
            var dataSource = start
            // Sometimes the app changed its data source outside any batch: the table view is stale.
            if Int.random(in: 0..<5, using: &generator.random) == 0 {
                dataSource = generator.perturbed(start)
                try model.apply(.reset(sections(dataSource)))
            }
            let selected = start.indices.flatMap { s in start[s].indices.map { path(s, $0) } }.randomElement(
                using: &generator.random)
            if let selected { try model.select(selected) }
            let edits = generator.edits(on: start)
            let mode = Int.random(in: 0..<4, using: &generator.random)
            let context =
                "seed \(seed) view \(view) iteration \(iteration) mode \(mode): start \(start), data source \(dataSource), edits \(edits)"

            var expected: Observed
            var actual: Observed
            switch mode {
            case 0, 1:
                // Plain: the data source is edited as meant, then checked. Mode 1 adds table-only commands.
                let tableOnly = mode == 1 ? generator.edits(on: start).map(\.update) : []
                let after = SimpleReference.arrange(dataSource, edits)
                let outcome =
                    SimpleReference.uncarriable(start.map(\.count), edits, view: view)
                    ?? SimpleReference.check(
                        before: start.map(\.count), after: after.map(\.count), updates: edits.map(\.update) + tableOnly,
                        view: view)
                let cells = SimpleReference.cells(
                    before: start, updates: edits.map(\.update) + tableOnly, after: after)
                expected = Self.expectation(outcome, success: after, cells: cells, failure: (dataSource, start))
                var fallback = false
                let error = updateError { () throws(UpdateError) in
                    model.begin()
                    for edit in edits { _ = try model.perform(edit) }
                    for update in tableOnly { _ = try model.tell(update) }
                    fallback = try model.end()?.usedReloadFallback ?? false
                }
                actual = Observed(
                    dataSource: rows(model.dataSource), tableView: rows(model.tableView), error: error,
                    fallback: fallback)
            case 2:
                // Table + data: table commands, and the data source set to the meant result or something else.
                let after =
                    Bool.random(using: &generator.random)
                    ? SimpleReference.arrange(dataSource, edits) : generator.perturbed(dataSource)
                let outcome = SimpleReference.check(
                    before: start.map(\.count), after: after.map(\.count), updates: edits.map(\.update), view: view)
                let cells = SimpleReference.cells(before: start, updates: edits.map(\.update), after: after)
                expected = Self.expectation(outcome, success: after, cells: cells, failure: (after, start))
                var fallback = false
                let error = updateError { () throws(UpdateError) in
                    model.begin()
                    for edit in edits { _ = try model.tell(edit.update) }
                    try model.apply(.reset(sections(after)))
                    fallback = try model.end()?.usedReloadFallback ?? false
                }
                actual = Observed(
                    dataSource: rows(model.dataSource), tableView: rows(model.tableView), error: error,
                    fallback: fallback)
            default:
                // Single commands outside a batch, each its own batch (the in-place path when in sync);
                // the first failure stops the sequence.
                expected = Observed(dataSource: dataSource, tableView: start, error: nil, fallback: false)
                for edit in edits {
                    let after = SimpleReference.arrange(expected.dataSource, [edit])
                    let outcome = SimpleReference.check(
                        before: expected.tableView.map(\.count), after: after.map(\.count), updates: [edit.update],
                        view: view)
                    if case .rejected(let message, let operation) = outcome {
                        expected.error = UpdateError(.invalidUpdate, message, operationIndex: operation)
                        break
                    }
                    let cells = SimpleReference.cells(before: expected.tableView, updates: [edit.update], after: after)
                    expected = Self.expectation(outcome, success: after, cells: cells, failure: ([], []))
                }
                var lastError: UpdateError?
                var fallback = false
                for edit in edits {
                    lastError = updateError { () throws(UpdateError) in
                        fallback = try model.perform(edit)?.usedReloadFallback ?? false
                    }
                    if lastError != nil { break }
                }
                actual = Observed(
                    dataSource: rows(model.dataSource), tableView: rows(model.tableView), error: lastError,
                    fallback: fallback)
                if lastError != nil { actual.fallback = expected.fallback }  // a failure reports no fallback
            }
            #expect(actual == expected, "\(context)")
            if let error = actual.error { rejected += 1; messages.insert(error.message) } else { accepted += 1 }
            if actual.fallback { fallbacks += 1 }
            #expect(model.batchDepth == 0 && model.pendingCount == 0)

            // Selection: after an accepted plain batch on a synced table, without reloads or the
            // fallback, a selected row that survives is still selected wherever it went; a deleted
            // one is deselected.
            if mode == 0, actual.error == nil, !actual.fallback, let selected, dataSource == start,
                !edits.contains(where: Self.isReload)
            {
                let label = start[selected.section][selected.row]
                let now = rows(model.tableView)
                let expectedSelection = now.indices.lazy.compactMap { s in
                    now[s].firstIndex(of: label).map { path(s, $0) }
                }.first
                #expect(model.selection == expectedSelection, "\(context), selected \(selected)")
            }
        }
        // Not vacuous: plenty of both outcomes.
        #expect(accepted > Self.iterations / 4)
        #expect(rejected > Self.iterations / 4)
        // Every kind of check fires somewhere in the run.
        let items = view == .table ? "rows" : "items"
        var kinds = [
            "delete and reload", "delete and a move from the same section",
            "delete and a move from the same index path",
            "attempt to delete section", "sections before the update", "\(items) before the update",
            "insert and a move to the same section", "insert and a move to the same index path",
            "attempt to insert section", "sections after the update", "\(items) in section",
            "attempt to move section", "to move section", "from a section that does not exist", "to both",
            "attempt to move both", "invalid number of sections", "invalid number of \(items)",
        ]
        if view == .collection {
            kinds += [
                "cannot move an item from a deleted section", "cannot move an item into a newly inserted section",
                "does not merge a repeated delete", "does not merge a repeated insert",
            ]
        }
        for kind in kinds {
            #expect(messages.contains { $0.contains(kind) }, "no \(kind) error with seed \(seed) in the \(view) view")
        }
        // UITableView reloads when a row moves across a deleted or inserted section; UICollectionView raises.
        #expect(view == .table ? fallbacks > 0 : fallbacks == 0)
    }

    /// Scenarios per seed.
    private static let iterations = 4000

    /// True for a row or section reload.
    private static func isReload(_ edit: Edit) -> Bool {
        switch edit {
        case .reloadRow, .reloadSection: true
        default: false
        }
    }

    /// The layers the reference expects: on success the data source is `success` and the table view
    /// shows `cells` (or, when UIKit fell back to reloadData, `success`); on failure the data source
    /// and table view are `failure`.
    private static func expectation(
        _ outcome: SimpleReference.Outcome, success: [[String]], cells: [[String]],
        failure: (dataSource: [[String]], tableView: [[String]])
    ) -> Observed {
        switch outcome {
        case .accepted(let fallback):
            Observed(dataSource: success, tableView: fallback ? success : cells, error: nil, fallback: fallback)
        case .rejected(let message, let operation):
            Observed(
                dataSource: failure.dataSource, tableView: failure.tableView,
                error: UpdateError(.invalidUpdate, message, operationIndex: operation), fallback: false)
        }
    }
}
