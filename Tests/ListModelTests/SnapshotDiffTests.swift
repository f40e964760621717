import ListModel
import Testing

/// `SnapshotDiff`: the batch it derives passes UIKit's checks and turns the old state into the new one
/// exactly, on random pairs of states; and its moves are few.
@Suite struct SnapshotDiffTests {
    /// Applies `edits` to `old` as one batch of plain commands; returns the data source and the table view
    /// after it, or the error.
    static func apply(_ edits: [Edit], to old: [[String]]) throws(UpdateError) -> (TableModel, CommitReport?) {
        var model = TableModel()
        try model.reset(old.map { Section(rows: $0) })
        model.begin()
        for edit in edits { _ = try model.perform(edit) }
        let report = try model.end()
        return (model, report)
    }

    /// A random pair of states over unique texts: the new one deletes, inserts and moves rows (within and
    /// across sections), and inserts and deletes sections; empty sections and tables occur.
    static func randomPair(_ g: inout SeededGenerator, serial: inout Int) -> (old: [[String]], new: [[String]]) {
        func fresh() -> String {
            serial += 1
            return "r\(serial)"
        }
        let sectionCount = Int.random(in: 0...4, using: &g)
        let old = (0..<sectionCount).map { _ in (0..<Int.random(in: 0...6, using: &g)).map { _ in fresh() } }
        var new = old
        // Sections: delete some at the end, add some.
        if !new.isEmpty && Bool.random(using: &g) { new.removeLast(Int.random(in: 1...new.count, using: &g)) }
        if Bool.random(using: &g) {
            for _ in 0..<Int.random(in: 1...2, using: &g) { new.append([]) }
        }
        let steps = Int.random(in: 0...8, using: &g)
        for _ in 0..<steps where !new.isEmpty {
            let s = Int.random(in: 0..<new.count, using: &g)
            switch Int.random(in: 0..<4, using: &g) {
            case 0 where !new[s].isEmpty: new[s].remove(at: Int.random(in: 0..<new[s].count, using: &g))
            case 1: new[s].insert(fresh(), at: Int.random(in: 0...new[s].count, using: &g))
            case 2 where !new[s].isEmpty:
                let row = new[s].remove(at: Int.random(in: 0..<new[s].count, using: &g))
                let t = Int.random(in: 0..<new.count, using: &g)
                new[t].insert(row, at: Int.random(in: 0...new[t].count, using: &g))
            default:
                // A row of a section that is gone in the new state comes back elsewhere.
                if let gone = old.dropFirst(new.count).first(where: { !$0.isEmpty }) {
                    new[s].insert(gone[Int.random(in: 0..<gone.count, using: &g)], at: 0)
                    if new[s].count > 1 && new[s][0] == new[s][1] { new[s].removeFirst() }
                }
            }
        }
        // Keep texts unique (the re-added rows may repeat).
        var seen = Set<String>()
        new = new.map { $0.filter { seen.insert($0).inserted } }
        return (old, new)
    }

    static let pairs = 100_000

    @Test func everyDerivedBatchIsAcceptedAndGivesTheNewState() throws {
        var g = SeededGenerator(seed: 2026)
        var serial = 0
        var moves = 0
        for i in 0..<Self.pairs {
            let (old, new) = Self.randomPair(&g, serial: &serial)
            let edits = try SnapshotDiff.batch(from: old, to: new)
            moves += edits.filter { if case .moveRow = $0 { true } else { false } }.count
            do {
                let (model, report) = try Self.apply(edits, to: old)
                #expect(report?.usedReloadFallback != true, "pair \(i): \(old) → \(new)")
                #expect(model.dataSource.map(\.rows.texts) == new, "pair \(i): \(old) → \(new): \(edits)")
                #expect(model.tableView.map(\.rows.texts) == new, "pair \(i)")
            } catch {
                Issue.record("pair \(i): \(old) → \(new): \(edits) rejected: \(error.message)")
                return
            }
        }
        #expect(moves > 0)
    }

    @Test(arguments: [
        ("a rotation is one move", [["0", "1", "2", "3", "4", "5"]], [["5", "0", "1", "2", "3", "4"]], 1),
        ("a reversal of 4 is 3 moves", [["a", "b", "c", "d"]], [["d", "c", "b", "a"]], 3),
        ("a row to another section is one move", [["a", "b"], ["c"]], [["b"], ["a", "c"]], 1),
        ("nothing changed, nothing moves", [["a", "b"], []], [["a", "b"], []], 0),
    ])
    func fewMoves(_ name: String, _ old: [[String]], _ new: [[String]], _ expected: Int) throws {
        let edits = try SnapshotDiff.batch(from: old, to: new)
        #expect(edits.filter { if case .moveRow = $0 { true } else { false } }.count == expected, "\(name): \(edits)")
        #expect(try Self.apply(edits, to: old).0.dataSource.map(\.rows.texts) == new)
    }

    @Test func repeatedTextsAreRefused() {
        #expect(throws: SnapshotDiff.Failure(state: "new", duplicates: ["b"])) {
            try SnapshotDiff.batch(from: [["a"]], to: [["b", "c"], ["b"]])
        }
        #expect(throws: SnapshotDiff.Failure(state: "old", duplicates: ["a"])) {
            try SnapshotDiff.batch(from: [["a", "a"]], to: [])
        }
    }

    /// A random snapshot to apply to a random state whose sections have headers (some without, which
    /// identifiers never match): sections deleted, inserted and moved; rows deleted, inserted and moved
    /// within and across sections; some rows reloaded or reconfigured. Half the time sections go by position.
    static func randomApply(_ g: inout SeededGenerator, serial: inout Int) -> (old: [Section], new: DiffableSnapshot) {
        func fresh() -> String {
            serial += 1
            return "r\(serial)"
        }
        let byIdentifier = Bool.random(using: &g)
        let old = (0..<Int.random(in: 0...4, using: &g)).map { s in
            Section(
                rows: (0..<Int.random(in: 0...6, using: &g)).map { _ in fresh() },
                header: Int.random(in: 0..<8, using: &g) == 0 ? nil : "S\(s)")
        }
        var sections = old.map { (id: $0.header ?? "S\(fresh())", rows: $0.rows.texts) }
        if !sections.isEmpty && Int.random(in: 0..<3, using: &g) == 0 {
            sections.remove(at: Int.random(in: 0..<sections.count, using: &g))
        }
        if byIdentifier { sections.shuffle(using: &g) }
        for _ in 0..<Int.random(in: 0...2, using: &g) {
            sections.insert(("N\(fresh())", []), at: Int.random(in: 0...sections.count, using: &g))
        }
        let gone = Set(sections.flatMap(\.rows))
        let removed = old.flatMap(\.rows).filter { !gone.contains($0) }
        for _ in 0..<Int.random(in: 0...8, using: &g) where !sections.isEmpty {
            let s = Int.random(in: 0..<sections.count, using: &g)
            switch Int.random(in: 0..<4, using: &g) {
            case 0 where !sections[s].rows.isEmpty:
                sections[s].rows.remove(at: Int.random(in: 0..<sections[s].rows.count, using: &g))
            case 1: sections[s].rows.insert(fresh(), at: Int.random(in: 0...sections[s].rows.count, using: &g))
            case 2 where !sections[s].rows.isEmpty:
                let row = sections[s].rows.remove(at: Int.random(in: 0..<sections[s].rows.count, using: &g))
                let t = Int.random(in: 0..<sections.count, using: &g)
                sections[t].rows.insert(row, at: Int.random(in: 0...sections[t].rows.count, using: &g))
            default:
                // A row of a removed section comes back elsewhere.
                if let row = removed.randomElement(using: &g) { sections[s].rows.insert(row, at: 0) }
            }
        }
        var seen = Set<String>()
        for s in sections.indices { sections[s].rows = sections[s].rows.filter { seen.insert($0).inserted } }
        let all = sections.flatMap(\.rows)
        let reloaded = all.filter { _ in Int.random(in: 0..<4, using: &g) == 0 }
        let reconfigured = all.filter { _ in Int.random(in: 0..<5, using: &g) == 0 }
        return (
            old,
            DiffableSnapshot(
                sections: sections.map(\.rows), sectionIdentifiers: byIdentifier ? sections.map(\.id) : nil,
                reloadedItems: reloaded, reconfiguredItems: reconfigured)
        )
    }

    @Test func everyAppliedSnapshotIsAcceptedAndGivesTheSnapshot() throws {
        var g = SeededGenerator(seed: 1013)
        var serial = 0
        var counts = (sectionMoves: 0, rowMoves: 0, reloads: 0)
        for i in 0..<Self.pairs {
            let (old, new) = Self.randomApply(&g, serial: &serial)
            let update = try DiffableUpdate(from: old, to: new)
            var model = TableModel()
            try model.reset(old)
            model.begin()
            do {
                for edit in update.edits { _ = try model.perform(edit) }
                let report = try model.end()
                #expect(report?.usedReloadFallback != true, "pair \(i)")
            } catch {
                Issue.record("pair \(i): \(old) → \(new): \(update.calls) rejected: \(error.message)")
                return
            }
            let expected = new.dataSource(replacing: old)
            #expect(model.dataSource == expected, "pair \(i): \(old) → \(new): \(update.calls)")
            #expect(
                model.tableView.map(\.rows.texts) == new.sections, "pair \(i): cells: \(old) → \(new): \(update.calls)")
            // Every reloaded row that had a cell is reloaded, or deleted (by row or section) and inserted.
            var reloaded: Set<IndexPath> = []
            var deletedSections: Set<Int> = []
            for call in update.calls {
                switch call {
                case .reloadRows(let paths), .deleteRows(let paths): reloaded.formUnion(paths)
                case .deleteSections(let sections): deletedSections.formUnion(sections)
                case .moveRow: counts.rowMoves += 1
                case .moveSection: counts.sectionMoves += 1
                default: break
                }
                if case .reloadRows(let paths) = call { counts.reloads += paths.count }
            }
            for (s, section) in old.enumerated() {
                for (r, text) in section.rows.enumerated() where new.reloadedItems.contains(text) {
                    #expect(
                        reloaded.contains(IndexPath(section: s, row: r)) || deletedSections.contains(s),
                        "pair \(i): \(text) not reloaded")
                }
            }
        }
        #expect(counts.sectionMoves > 0 && counts.rowMoves > 0 && counts.reloads > 0)
    }

    @Test func snapshotErrorsAreUIKits() {
        #expect(throws: SnapshotError.duplicateItemIdentifiers(["b"])) {
            try DiffableUpdate(from: [], to: DiffableSnapshot(sections: [["b", "c"], ["b"]]))
        }
        #expect(throws: SnapshotError.duplicateSectionIdentifiers(["X"])) {
            try DiffableUpdate(
                from: [], to: DiffableSnapshot(sections: [["b"], ["b"]], sectionIdentifiers: ["X", "X"]))
        }
        #expect(throws: SnapshotError.missingItem(action: "reconfigure", "z")) {
            try DiffableUpdate(from: [], to: DiffableSnapshot(sections: [["a"]], reconfiguredItems: ["z"]))
        }
        #expect(throws: SnapshotError.currentDuplicateItems(["a"])) {
            try DiffableUpdate(from: [Section(rows: ["a", "a"])], to: DiffableSnapshot(sections: [["a"]]))
        }
        #expect(
            SnapshotError.duplicateItemIdentifiers(["Milk", "Green tea"]).message
                == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    Milk,\n    \"Green tea\"\n)}"
        )
        #expect(
            SnapshotError.missingItem(action: "reload", "Tea").message
                == "Attempted to reload item identifier that does not exist in the snapshot: Tea")
    }

    /// UIKit's order of calls: section deletes, section inserts, reconfigures, reloads, row deletes, row
    /// inserts, then each row move and each section move.
    @Test func callsComeInUIKitsOrder() throws {
        let old = [
            Section(rows: ["A", "B", "C"], header: "One"), Section(rows: ["D"], header: "Two"),
            Section(rows: ["X"], header: "Gone"),
        ]
        let new = DiffableSnapshot(
            sections: [["A", "B"], ["D", "E", "C"], []], sectionIdentifiers: ["One", "Two", "Three"],
            reloadedItems: ["B"], reconfiguredItems: ["A"])
        let update = try DiffableUpdate(from: old, to: new)
        let p = { IndexPath(section: $0, row: $1) }
        #expect(
            update.calls == [
                .deleteSections([2]), .insertSections([2]), .reconfigureRows([p(0, 0)]), .reloadRows([p(0, 1)]),
                .insertRows([p(1, 1)]), .moveRow(from: p(0, 2), to: p(1, 2)),
            ])
    }

    /// A reload UIKit would put elsewhere (a move ahead of it, or its section moving) is a delete and an
    /// insert instead; a section that moves is one `moveSection`.
    @Test func misplacedReloadsAreDeletedAndInserted() throws {
        let old = [Section(rows: ["A", "B", "C"], header: "One"), Section(rows: ["D"], header: "Two")]
        let new = DiffableSnapshot(
            sections: [["D"], ["C", "A", "B"]], sectionIdentifiers: ["Two", "One"], reloadedItems: ["B"])
        let update = try DiffableUpdate(from: old, to: new)
        let p = { IndexPath(section: $0, row: $1) }
        #expect(
            update.calls == [
                .deleteRows([p(0, 1)]), .insertRows([p(1, 2)]), .moveRow(from: p(0, 2), to: p(1, 0)),
                .moveSection(from: 0, to: 1),
            ])
    }
}
