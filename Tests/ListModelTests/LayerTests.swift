import ListModel
import Testing

/// Random runs of single commands outside batches, checked against the contract of the two layers:
/// a `data` command changes only the data source, a drag only the table view; a plain or `table`
/// command that commits edits the table view's cells as UIKit does (an inserted or reloaded row is
/// fetched from the data source, a deleted one goes, a moved one travels, the others stay as they
/// were); `reloadData` and `reset` leave the table view showing the data source; a title reaches
/// both; and a failed command changes nothing. The model keeps
/// one array while the layers are equal and parts them on the first command that makes them
/// differ; these runs cross that line in both directions again and again.
@Suite struct LayerTests {
    /// One random command, applied to `model`.
    enum Step: CustomStringConvertible {
        case plain(Edit), table(Update), data(DataEdit), drag(IndexPath, IndexPath)
        case title(Int, String), append(Int, String), reloadData, reset([Section])

        var description: String {
            switch self {
            case .plain(let e): "plain \(e)"
            case .table(let u): "table \(u)"
            case .data(let d): "data \(d)"
            case .drag(let f, let t): "drag \(f) to \(t)"
            case .title(let s, let t): "header \(s) \(t)"
            case .append(let s, let t): "append \(s) \(t)"
            case .reloadData: "reloadData"
            case .reset(let sections): "reset \(sections.map(\.rows))"
            }
        }
    }

    /// What a step may change.
    enum Expectation { case dataSourceOnly, tableViewOnly, showsDataSource, cellsEdited(Update), titleInBoth(Int) }

    static func randomStep(_ g: inout SeededGenerator, sections: Int) -> Step {
        func index(_ limit: Int) -> Int { Int.random(in: 0...max(0, limit), using: &g) }
        let s = index(sections)  // sometimes one past the end
        let p = IndexPath(section: s, row: index(4))
        let q = IndexPath(section: index(sections), row: index(4))
        let text = "r\(index(99))"
        switch Int.random(in: 0..<14, using: &g) {
        case 0: return .plain(.insertRow(p, text))
        case 1: return .plain(.deleteRow(p))
        case 2: return .plain(.moveRow(from: p, to: q))
        case 3: return .plain(.reloadRow(p, text))
        case 4: return .table(.insertRow(p))
        case 5: return .table(.deleteRow(p))
        case 6: return .data(.insertRow(p, text))
        case 7: return .data(.deleteRow(p))
        case 8: return .data(.moveRow(from: p, to: q))
        case 9: return .drag(p, q)
        case 10: return .title(s, text)
        case 11: return .append(s, text)
        case 12: return .reloadData
        default:
            return .reset((0..<index(3)).map { _ in Section(rows: (0..<index(3)).map { "s\($0)" }) })
        }
    }

    /// Applies `step`; returns what it may have changed, or nil when the model refused it.
    static func apply(_ step: Step, to model: inout TableModel) -> Expectation? {
        do {
            switch step {
            case .plain(let e):
                _ = try model.perform(e)
                return .cellsEdited(e.update)
            case .table(let u):
                _ = try model.tell(u)
                return .cellsEdited(u)
            case .data(let d):
                try model.apply(d)
                return .dataSourceOnly
            case .drag(let f, let t):
                try model.moveRowInTableView(from: f, to: t)
                return .tableViewOnly
            case .title(let s, let t):
                try model.setTitle(.header, section: s, to: t)
                return .titleInBoth(s)
            case .append(let s, let t):
                let row = s >= 0 && s < model.tableView.count ? model.tableView[s].rows.count : 0
                _ = try model.append(section: s, rows: [t])
                return .cellsEdited(.insertRow(IndexPath(section: s, row: row)))
            case .reloadData: try model.reloadData()
            case .reset(let sections): try model.reset(sections)
            }
            return .showsDataSource
        } catch {
            return nil
        }
    }

    @Test(arguments: 0..<200)
    func layersKeepTheirContract(_ seed: Int) {
        var g = SeededGenerator(seed: UInt64(seed))
        var model = TableModel(sections: [Section(rows: ["a", "b"]), Section(rows: ["c"])])
        var parted = 0
        for n in 0..<60 {
            let step = Self.randomStep(&g, sections: model.dataSource.count)
            let before = model
            let outcome = Self.apply(step, to: &model)
            let context = Comment(rawValue: "seed \(seed), step \(n): \(step)")
            switch outcome {
            case nil:
                #expect(model.dataSource == before.dataSource, context)
                #expect(model.tableView == before.tableView, context)
            case .dataSourceOnly:
                #expect(model.tableView == before.tableView, context)
            case .tableViewOnly:
                #expect(model.dataSource == before.dataSource, context)
            case .showsDataSource:
                #expect(model.tableView == model.dataSource, context)
            case .cellsEdited(let update):
                #expect(
                    model.tableView.map(\.rows.texts) == Self.cells(before.tableView, update, model.dataSource), context
                )
            case .titleInBoth(let s):
                #expect(model.dataSource[s].header == step.titleText, context)
                if s < model.tableView.count { #expect(model.tableView[s].header == step.titleText, context) }
                #expect(model.dataSource.map(\.rows) == before.dataSource.map(\.rows), context)
                #expect(model.tableView.map(\.rows) == before.tableView.map(\.rows), context)
            }
            #expect(model.isInSync == (model.tableView.map(\.rows) == model.dataSource.map(\.rows)), context)
            if !model.isInSync { parted += 1 }
        }
        // The runs must really leave the in-sync state, or they test only half the model.
        if seed == 0 { #expect(parted > 0) }
    }
}

extension LayerTests {
    /// The table view's rows after one committed `update`, as UIKit keeps its cells: a deleted row's
    /// cell goes, a moved row's travels, an inserted or reloaded row's is fetched from `dataSource`.
    static func cells(_ before: [Section], _ update: Update, _ dataSource: [Section]) -> [[String]] {
        var rows = before.map(\.rows.texts)
        switch update {
        case .insertRow(let p): rows[p.section].insert(dataSource[p.section].rows[p.row], at: p.row)
        case .deleteRow(let p): rows[p.section].remove(at: p.row)
        case .reloadRow(let p): rows[p.section][p.row] = dataSource[p.section].rows[p.row]
        case .moveRow(let from, let to): rows[to.section].insert(rows[from.section].remove(at: from.row), at: to.row)
        default: Issue.record("no section updates in these runs")
        }
        return rows
    }
}

extension LayerTests.Step {
    /// The title a `title` step sets.
    var titleText: String? {
        if case .title(_, let text) = self { return text }
        return nil
    }
}
