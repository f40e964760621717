import ListFormats
import ListLanguage
import ListModel

/// The data source's required methods, asked as UIKit asks them: the counts when the table view loads
/// (`reloadData`, `reset`) and when a batch ends, before UIKit's checks (that is how it notices the
/// mismatch behind "Invalid update"); a cell for every row it loads, and after a commit only for the
/// rows it fetches: inserted and reloaded rows and the rows of inserted and reloaded sections. Every
/// other cell keeps what it shows. Sent only while calls are traced.
extension Interpreter {
    /// `numberOfSections(in:)`, then `tableView(_:numberOfRowsInSection:)` for each section.
    func askCounts(_ rows: [Int]) {
        asked("numberOfSections(in:)", "", "\(rows.count)")
        for (s, count) in rows.enumerated() { asked("tableView(_:numberOfRowsInSection:)", "\(s)", "\(count)") }
    }

    /// `tableView(_:cellForRowAt:)` for each of `paths`, answered with the data source's row there.
    func askCells(_ paths: some Sequence<IndexPath>) {
        let data = model.dataSource
        for p in paths where p.section < data.count && p.row < data[p.section].rows.count {
            asked("tableView(_:cellForRowAt:)", swiftIndexPath(p), Value.quoted(data[p.section].rows[p.row]))
        }
    }

    /// The table view loads (`reloadData`): the counts, then every cell, as if every row were on screen.
    func askToLoad() {
        guard tracesCalls else { return }
        let data = model.dataSource
        askCounts(data.map { $0.rows.count })
        askCells(data.indices.lazy.flatMap { s in data[s].rows.indices.lazy.map { IndexPath(section: s, row: $0) } })
    }

    /// A batch committed as `report` describes: the counts it checked,
    /// then a cell for each row it fetched (or, when it ended with `reloadData`, the whole load again).
    func askAfterCommit(_ report: CommitReport) {
        let data = model.dataSource
        askCounts(data.map { $0.rows.count })
        if report.usedReloadFallback { return askToLoad() }
        // The rows `rowOrigins` calls inserted or reloaded, found from the report's lists alone, so a commit
        // costs its changes, not the table: every row of an inserted or reloaded section, else the
        // section's inserted rows and reload destinations.
        var fetched: [IndexPath] = []
        for (s, origin) in report.sectionOrigins(count: data.count).enumerated() {
            switch origin {
            case .inserted, .reloaded:
                fetched += data[s].rows.indices.map { IndexPath(section: s, row: $0) }
            case .kept, .moved:
                var rows = report.insertedRows.filter { $0.section == s }.map { $0.row }
                rows += report.reloadedRows.filter { $0.to.section == s }.map { $0.to.row }
                fetched += Set(rows).sorted().map { IndexPath(section: s, row: $0) }
            }
        }
        askCells(fetched)
    }

    /// Sends one question the table view asked the data source, with its answer.
    private func asked(_ method: String, _ arguments: String, _ answer: String) {
        io.emit(
            .dataSourceAsked(
                HookEvent(
                    method: CollectionViewNames.method(method, in: model.view), arguments: arguments, answer: answer,
                    isDefault: false)))
    }
}
