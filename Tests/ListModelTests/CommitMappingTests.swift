import ListModel
import Testing

/// The old→new mapping a commit reports, against what the commit did to the rows.
@Suite struct CommitMappingTests {
    /// Thousands of random batches: every row of the new table has one origin, every old row that stays
    /// is the origin of exactly one new row (where `newPath(forOld:)` says), and a row that was kept or
    /// moved shows the text it had, unless the batch also reloads, where UIKit's reload lands (its shifted
    /// path, moves ignored) may differ from where the data source put the text.
    @Test func everyRowHasOneOriginAndKeepsItsText() throws {
        var generator = BatchGenerator(seed: 0x6D61_7070)
        var committed = 0
        for _ in 0..<4_000 {
            let table = generator.table()
            let edits = generator.edits(on: table)
            var model = TableModel(sections: sections(table))
            let before = model.tableView
            model.begin()
            var failed = false
            for edit in edits where !failed {
                do { _ = try model.perform(edit) } catch { failed = true }
            }
            guard !failed, let report = try? model.end() else { continue }
            if report.usedReloadFallback { continue }  // UIKit reloads the whole table: no mapping
            committed += 1
            let after = model.tableView
            let origins = report.sectionOrigins(count: after.count)
            let rowOrigins = report.rowOrigins(
                sections: origins, rowCounts: after.map(\.rows.count), oldRowCounts: before.map(\.rows.count))
            // The same mapping as runs: each run of kept rows is consecutive old rows, and spelled out row by
            // row the runs are the mapping; a run of more than one row only where rows kept their order.
            let runs = report.rowOriginRuns(
                sections: origins, rowCounts: after.map(\.rows.count), oldRowCounts: before.map(\.rows.count),
                only: Set(after.indices))
            for (n, rows) in rowOrigins.enumerated() {
                var spelled: [RowOrigin] = []
                for run in runs[n] ?? [] {
                    #expect(run.row == spelled.count && run.count >= 1, "\(table) \(edits)")
                    for k in 0..<run.count {
                        if case .kept(let from) = run.origin {
                            spelled.append(.kept(from: IndexPath(section: from.section, row: from.row + k)))
                        } else {
                            #expect(run.count == 1, "\(table) \(edits)")
                            spelled.append(run.origin)
                        }
                    }
                }
                #expect(spelled == rows, "\(table) \(edits)")
            }
            let reloads = edits.contains {
                if case .reloadRow = $0 { return true }
                if case .reloadSection = $0 { return true }
                return false
            }
            var seen = Set<IndexPath>()
            for (n, rows) in rowOrigins.enumerated() {
                #expect(rows.count == after[n].rows.count, "\(table) \(edits)")
                // A reloaded section's rows are new cells: no old row goes there.
                if case .reloaded = origins[n] { continue }
                for (r, origin) in rows.enumerated() {
                    let here = IndexPath(section: n, row: r)
                    switch origin {
                    case .inserted:
                        continue
                    case .kept(let from), .moved(let from), .reloaded(let from):
                        #expect(!seen.contains(from), "\(from) mapped twice: \(table) \(edits)")
                        seen.insert(from)
                        #expect(
                            report.newPath(forOld: from, sectionCount: after.count) == here, "\(table) \(edits)")
                        if !reloads {
                            #expect(after[n].rows[r] == before[from.section].rows[from.row], "\(table) \(edits)")
                        }
                    }
                }
            }
            // An old row that is the origin of no new row is gone.
            for (s, section) in before.enumerated() {
                for r in section.rows.indices where !seen.contains(IndexPath(section: s, row: r)) {
                    #expect(
                        report.newPath(forOld: IndexPath(section: s, row: r), sectionCount: after.count) == nil,
                        "\(table) \(edits)")
                }
            }
        }
        #expect(committed > 500)
    }

    /// Origins and counts that name nothing (a negative old section, one past the old table, a
    /// negative or missing row count) give inserted rows or none, never a trap.
    @Test(arguments: [
        ([SectionOrigin.kept(from: -1)], [2], [[RowOrigin.inserted, .inserted]]),
        ([.reloaded(from: 5)], [2], [[.inserted, .inserted]]),
        ([.moved(from: 0)], [-3], [[]]),
        ([.kept(from: 0), .inserted], [1], [[.kept(from: IndexPath(section: 0, row: 0))], []]),
    ])
    func argumentsThatNameNothingGiveNoOldRows(
        sections: [SectionOrigin], rowCounts: [Int], expected: [[RowOrigin]]
    ) {
        #expect(CommitReport().rowOrigins(sections: sections, rowCounts: rowCounts, oldRowCounts: [1]) == expected)
    }
}
