import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

/// The REPL's change view of a commit.
@Suite struct ChangeRendererTests {
    /// A session of `rows` rows in one section that has just committed one batch deleting every other row.
    static func halvedTable(rows: Int) throws -> (before: [Section], interpreter: Interpreter, changes: ChangeCollector)
    {
        let changes = ChangeCollector()
        let interpreter = Interpreter(
            io: InterpreterIO(
                emit: changes.receive, detail: [.commits, .commitTables],
                load: { _ in .failure(LoadError("no files")) },
                isInterrupted: { false }))
        let setup = SourceFile(
            name: "setup", text: "reset [[]]\nfor i in 0..<\(rows) { data append 0 \"r\\(i)\" }\nreloadData")
        try interpreter.run(Parser.parse(setup).program, in: setup)
        let before = interpreter.model.tableView
        let batch = SourceFile(name: "batch", text: "begin\nfor i in 0..<\(rows / 2) { delete 0:(2 * i) }\nend")
        for statement in Parser.parse(batch).program.statements { try interpreter.runTopLevel(statement, in: batch) }
        return (before, interpreter, changes)
    }

    /// A batch deleting every other row of a long section: the deleted rows are drawn at their old paths,
    /// between the rows that stay, which slide up to their new paths.
    @Test func deletedRowsAreDrawnWhereTheyWere() throws {
        let (before, interpreter, changes) = try Self.halvedTable(rows: 2_000)
        let model = interpreter.model
        #expect(model.tableView[0].rows.count == 1_000)
        let text = ChangeRenderer.render(
            before: before, after: model.tableView, dataSource: model.dataSource, commit: changes.first,
            commitCount: changes.count,
            color: false)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "section 0")
        #expect(lines[1].hasPrefix("  - 0:0 ") && lines[1].hasSuffix("  r0"), "\(lines.prefix(5))")
        #expect(lines[2].contains("0:1 → 0:0") && lines[2].hasSuffix("  r1"), "\(lines.prefix(5))")
        #expect(lines[3].hasPrefix("  - 0:2 ") && lines[3].hasSuffix("  r2"), "\(lines.prefix(5))")
        #expect(lines[4].contains("0:3 → 0:1") && lines[4].hasSuffix("  r3"), "\(lines.prefix(5))")
        #expect(lines.count == ChangeRenderer.lineLimit + 1)
        #expect(lines.last == "… 1601 more lines (use 'show')")
    }

    /// A model and the commits made on it, as the event stream would carry them.
    final class Session {
        var model: TableModel
        var commits: [CommitEvent] = []
        init(_ rows: [[String]]) { model = TableModel(sections: rows.map { Section(rows: $0) }) }

        /// Runs `operation`; when it commits, keeps the commit with the table view before and after it.
        func commit(_ operation: (inout TableModel) throws -> CommitReport?) rethrows {
            let before = model.tableView
            if let report = try operation(&model) {
                commits.append(CommitEvent(report: report, before: before, after: model.tableView))
            }
        }
    }

    /// Runs `body` on a model holding `rows` and renders what its commits did.
    func render(_ rows: [[String]], _ body: (Session) throws -> Void) throws -> String {
        let session = Session(rows)
        let before = session.model.tableView
        try body(session)
        let model = session.model
        return ChangeRenderer.render(
            before: before, after: model.tableView, dataSource: model.dataSource, commit: session.commits.first,
            commitCount: session.commits.count,
            color: false)
    }

    @Test func aSingleInsert() throws {
        let out = try render([["a", "b"], ["x"]]) { m in
            try m.commit { try $0.perform(.insertRow(ListModel.IndexPath(section: 0, row: 1), "new")) }
        }
        #expect(
            out == """
                section 0
                    0:0        a
                  + 0:1        new
                    0:1 → 0:2  b

                """)
    }

    /// The reload of 0:3 lands where UIKit puts its insert, 0:3 (shifted by the delete and the insert,
    /// not by the move), as the selection follows it; the row that stays, old 0:2, fills the free 0:4.
    /// The text beside each path is the table view's cell: the reload fetched the data source's row at
    /// 0:3, which is `c` (the data source put `D!` at 0:4), and old 0:2 kept its cell `c`.
    @Test func aBatchShowsOldAndNewPaths() throws {
        let out = try render([["a", "b", "c", "d"], ["x", "y"]]) { m in
            m.model.begin()
            try m.commit { try $0.perform(.deleteRow(ListModel.IndexPath(section: 0, row: 1))) }
            try m.commit { try $0.perform(.insertRow(ListModel.IndexPath(section: 0, row: 0), "new")) }
            try m.commit { try $0.perform(.reloadRow(ListModel.IndexPath(section: 0, row: 3), "D!")) }
            try m.commit {
                try $0.perform(
                    .moveRow(from: ListModel.IndexPath(section: 1, row: 0), to: ListModel.IndexPath(section: 0, row: 2))
                )
            }
            try m.commit { try $0.end() }
        }
        #expect(
            out == """
                section 0
                  + 0:0        new
                    0:0 → 0:1  a
                  → 1:0 → 0:2  x
                  - 0:1        b
                  ~ 0:3        c
                    0:2 → 0:4  c
                section 1
                    1:1 → 1:0  y

                """)
    }

    @Test func sectionOperations() throws {
        let out = try render([["a"], ["b"], ["c"]]) { m in
            m.model.begin()
            try m.commit { try $0.perform(.deleteSection(0)) }
            try m.commit { try $0.perform(.insertSection(2, header: "New")) }
            try m.commit { try $0.perform(.moveSection(from: 2, to: 0)) }
            try m.commit { try $0.end() }
        }
        #expect(out.contains("section 0 (moved from 2)\n    2:0 → 0:0  c"), "\(out)")
        #expect(out.contains("section 2: New (inserted)\n    (no rows)"), "\(out)")
        #expect(
            out.contains("section 0 (deleted)\n  - 0:0        a") || out.contains("section 0 (deleted)\n  - 0:0  a"),
            "\(out)")
        #expect(!out.contains("section 1\n"), "an untouched section is not shown: \(out)")
    }

    @Test func aReloadedSection() throws {
        let out = try render([["a", "b"]]) { m in
            try m.commit { try $0.perform(.reloadSection(0, rows: ["p", "q", "r"])) }
        }
        #expect(out == "section 0 (reloaded)\n  ~ 0:0  p\n  ~ 0:1  q\n  ~ 0:2  r\n")
    }

    @Test func severalCommitsShowTheNetChange() throws {
        let out = try render([["a", "b"]]) { m in
            try m.commit { try $0.append(section: 0, rows: ["c"]) }
            try m.commit { try $0.perform(.deleteRow(ListModel.IndexPath(section: 0, row: 0))) }
        }
        #expect(out == "section 0\n  - 0:0        a\n    0:1 → 0:0  b\n  + 0:1        c\n")
    }

    @Test func aDataEditExplainsTheStaleTable() throws {
        let out = try render([["a"]]) { m in
            try m.model.apply(.insertRow(ListModel.IndexPath(section: 0, row: 0), "z"))
        }
        #expect(out.contains("table view unchanged; the data source now differs"))
    }

    @Test func nothingChangedRendersNothing() throws {
        #expect(try render([["a"]]) { _ in } == "")
    }

    @Test func longSectionsAreCollapsedAroundTheChange() throws {
        let rows = (0..<100).map { "row \($0)" }
        let out = try render([rows]) { m in
            try m.commit { try $0.perform(.reloadRow(ListModel.IndexPath(section: 0, row: 50), "changed")) }
        }
        #expect(out.contains("… 48 unchanged rows"))
        #expect(out.contains("~ 0:50  changed"))
        #expect(out.split(separator: "\n").count < 12)
    }

    @Test func colourOnlyWhenAsked() throws {
        var model = TableModel(sections: [Section(rows: ["a"])])
        let before = model.tableView
        let commit = CommitEvent(
            report: try model.append(section: 0, rows: ["b"]), before: before, after: model.tableView)
        let plain = ChangeRenderer.render(
            before: before, after: model.tableView, dataSource: model.dataSource, commit: commit, commitCount: 1,
            color: false)
        let coloured = ChangeRenderer.render(
            before: before, after: model.tableView, dataSource: model.dataSource, commit: commit, commitCount: 1,
            color: true)
        #expect(!plain.contains("\u{1B}"))
        #expect(coloured.contains("\u{1B}[32m+\u{1B}[0m"))
    }
}

/// The change view's runs against a row-by-row reference: a section drawn from runs of many rows prints
/// exactly what the same rows, one line each, print under the simple rule (every changed row with two
/// rows of context; a longer unchanged stretch as a count; sections of up to 12 rows whole).
@Suite struct ChangeRendererRunTests {
    /// The simple rule, row by row.
    static func reference(_ lines: [ChangeRenderer.RowLine]) -> [String] {
        var out: [String] = []
        func text(_ row: ChangeRenderer.RowLine) -> String {
            "\(row.mark) \(ChangeRenderer.pathColumn(row)) \(row.text)"
        }
        if lines.count <= 12 { return lines.map(text) }
        var keep = [Bool](repeating: false, count: lines.count)
        for (i, row) in lines.enumerated() where ChangeRenderer.isChanged(row) {
            for j in max(0, i - 2)...min(lines.count - 1, i + 2) { keep[j] = true }
        }
        var i = 0
        while i < lines.count {
            if keep[i] {
                out.append(text(lines[i]))
                i += 1
                continue
            }
            var j = i
            while j < lines.count && !keep[j] { j += 1 }
            if j - i == 1 { out.append(text(lines[i])) } else { out.append("skip \(j - i)") }
            i = j
        }
        return out
    }

    static func collapsed(_ block: ChangeRenderer.SectionBlock) -> [String] {
        var out: [String] = []
        ChangeRenderer.collapse(block) { item in
            switch item {
            case .rows(let run, let from, let count):
                for i in from..<(from + count) {
                    let row = run.line(i)
                    out.append("\(row.mark) \(ChangeRenderer.pathColumn(row)) \(row.text)")
                }
            case .skipped(let n): out.append("skip \(n)")
            }
        }
        return out
    }

    /// The view leaves out the sections a commit did not touch without walking their rows, and joins rows
    /// into runs: on random batches (row and section updates on five sections) it draws what walking every
    /// section, one run per row, draws.
    @Test func untouchedSectionsAreLeftOutAsWalkingEveryRowWould() throws {
        var random = SeededGenerator(seed: 40)
        var compared = 0
        for _ in 0..<400 {
            // Up to 30 rows, so that some sections are collapsed (past 12 rows).
            let rows = (0..<5).map { s in (0..<random.below(random.below(2) == 0 ? 5 : 30)).map { "s\(s)r\($0)" } }
            let session = ChangeRendererTests.Session(rows)
            session.model.begin()
            var valid = true
            for _ in 0..<(1 + random.below(4)) {
                let s = random.below(5)
                let path = ListModel.IndexPath(section: s, row: random.below(max(1, rows[s].count)))
                let other = ListModel.IndexPath(section: random.below(5), row: random.below(6))
                let edit: Edit =
                    switch random.below(8) {
                    case 0, 1: .insertRow(path, "new")
                    case 2, 3: .deleteRow(path)
                    case 4: .reloadRow(path, "re")
                    case 5: .moveRow(from: path, to: other)
                    case 6: .reloadSection(s, rows: nil)
                    default: random.below(2) == 0 ? .deleteSection(s) : .moveSection(from: s, to: other.section)
                    }
                do { try session.commit { try $0.perform(edit) } } catch { valid = false }
            }
            do { try session.commit { try $0.end() } } catch { valid = false }
            guard valid, let commit = session.commits.last, let before = commit.before, let after = commit.after else {
                continue
            }
            let touched = CommitBlocks(commit, before: before, after: after).blocks()
            let every = CommitBlocks(commit, before: before, after: after, walkingEvery: true).blocks()
            #expect(ChangeRenderer.format(touched, color: false) == ChangeRenderer.format(every, color: false))
            compared += 1
        }
        #expect(compared > 100)
    }

    @Test func runsPrintWhatTheirRowsPrint() {
        var random = SeededGenerator(seed: 34)
        let marks: [ChangeRenderer.RowLine.Mark] = [.none, .none, .none, .inserted, .deleted, .reloaded]
        for _ in 0..<500 {
            var runs: [ChangeRenderer.RowRun] = []
            var (old, new) = (0, 0)
            for _ in 0..<(random.below(6) + 1) {
                let mark = marks[random.below(marks.count)]
                let count = random.below(random.below(2) == 0 ? 4 : 30) + 1
                let texts = Rows((0..<count).map { "t\(old + $0)" })[...]
                let shifted = random.below(3) == 0
                switch mark {
                case .inserted:
                    runs.append(.init(mark: mark, old: nil, new: IndexPath(section: 0, row: new), texts: texts))
                    new += count
                case .deleted:
                    runs.append(.init(mark: mark, old: IndexPath(section: 0, row: old), new: nil, texts: texts))
                    old += count
                default:
                    let to = shifted ? new + 1 : new
                    runs.append(
                        .init(
                            mark: mark, old: IndexPath(section: 0, row: old), new: IndexPath(section: 0, row: to),
                            texts: texts))
                    old += count
                    new = to + count
                }
            }
            let lines = runs.flatMap { run in (0..<run.count).map { run.line($0) } }
            let expected = Self.reference(lines)
            #expect(Self.collapsed(.init(title: "", rows: runs)) == expected)
            #expect(Self.collapsed(.init(title: "", lines: lines)) == expected)
        }
    }

    /// A million new rows are drawn without a line each: the display is its first lines and a count.
    @Test func aMillionRowsPrintTheLimit() {
        let rows = [String](repeating: "x", count: 1_000_000)
        let text = ChangeRenderer.render(
            before: [Section()], after: [Section(rows: rows)], dataSource: [Section(rows: rows)], commit: nil,
            commitCount: 2, color: false)
        let lines = text.split(separator: "\n")
        #expect(lines.count == ChangeRenderer.lineLimit + 1)
        #expect(lines[1] == "  + 0:0       x")
        #expect(lines.last == "… 999601 more lines (use 'show')")
    }
}
