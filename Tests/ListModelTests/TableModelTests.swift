import ListModel
import Testing

/// A single plain command outside a batch is carried out in place, without the batch machinery; it must
/// do exactly what the same command does as a batch of its own.
@Suite struct InPlaceCommandTests {
    /// Every kind of plain command, with indexes that are sometimes one past the end or negative.
    static func randomEdit(_ g: inout SeededGenerator, sections: Int) -> Edit {
        func index(_ limit: Int) -> Int { Int.random(in: -1...(limit + 1), using: &g) }
        let s = index(sections)
        let p = IndexPath(section: index(sections), row: index(4))
        let q = IndexPath(section: index(sections), row: index(4))
        let text = "t\(Int.random(in: 0..<9, using: &g))"
        switch Int.random(in: 0..<10, using: &g) {
        case 0: return .insertRow(p, text)
        case 1: return .deleteRow(p)
        case 2: return .moveRow(from: p, to: q)
        case 3: return .reloadRow(p, Bool.random(using: &g) ? text : nil)
        case 4, 5: return .insertSection(s, header: Bool.random(using: &g) ? text : nil)
        case 6: return .deleteSection(s)
        case 7: return .moveSection(from: s, to: index(sections))
        default: return .reloadSection(s, rows: Bool.random(using: &g) ? [text, text + "b"] : nil)
        }
    }

    /// What a command did: the model afterwards, and its report or its error.
    struct Outcome {
        var model: TableModel
        var report: CommitReport?
        var error: UpdateError?
    }

    @Test(arguments: [true, false]) func aCommandInPlaceDoesWhatItsOwnBatchDoes(reporting: Bool) throws {
        var g = SeededGenerator(seed: reporting ? 11 : 12)
        for _ in 0..<5000 {
            let sections = (0..<Int.random(in: 0...4, using: &g)).map { s in
                Section(rows: (0..<Int.random(in: 0...4, using: &g)).map { "s\(s)r\($0)" }, header: "h\(s)")
            }
            var model = TableModel()
            try model.reset(sections)
            model.reportsInPlaceChanges = reporting
            if Bool.random(using: &g), let s = sections.indices.randomElement(using: &g), !sections[s].rows.isEmpty {
                try model.select(IndexPath(section: s, row: Int.random(in: 0..<sections[s].rows.count, using: &g)))
            }
            let edit = Self.randomEdit(&g, sections: sections.count)

            var direct = Outcome(model: model)
            do { direct.report = try direct.model.perform(edit) } catch { direct.error = error }
            var batched = Outcome(model: model)
            batched.model.begin()
            do {
                _ = try batched.model.perform(edit)
                batched.report = try batched.model.end()
            } catch {
                batched.error = error
            }
            if !reporting && direct.error == nil { batched.report = direct.report }  // nothing asked for the lists
            #expect(direct.model.dataSource == batched.model.dataSource, "\(edit) on \(sections.map(\.rows))")
            #expect(direct.model.tableView == batched.model.tableView, "\(edit) on \(sections.map(\.rows))")
            #expect(
                direct.model.selection == batched.model.selection, "\(edit) from \(String(describing: model.selection))"
            )
            #expect(direct.report == batched.report, "\(edit) on \(sections.map(\.rows))")
            #expect(direct.error?.message == batched.error?.message, "\(edit) on \(sections.map(\.rows))")
        }
    }
}
