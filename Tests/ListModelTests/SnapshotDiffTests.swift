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
                #expect(model.dataSource.map(\.rows) == new, "pair \(i): \(old) → \(new): \(edits)")
                #expect(model.tableView.map(\.rows) == new, "pair \(i)")
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
        #expect(try Self.apply(edits, to: old).0.dataSource.map(\.rows) == new)
    }

    @Test func repeatedTextsAreRefused() {
        #expect(throws: SnapshotDiff.Failure(state: "new", duplicates: ["b"])) {
            try SnapshotDiff.batch(from: [["a"]], to: [["b", "c"], ["b"]])
        }
        #expect(throws: SnapshotDiff.Failure(state: "old", duplicates: ["a"])) {
            try SnapshotDiff.batch(from: [["a", "a"]], to: [])
        }
    }
}
