// Part 5: a REPL statement on a table of 1,000,000 rows (ten sections of 100,000, or one section of them:
// `statement-one-section`), as the REPL runs it:
// undo history kept, the session's commits collected and the change view drawn after each statement
// (`InteractiveStatement.run`, which `.timer` times). Each statement is undone after it, so every run meets
// the same table; the goal is a frame (16.7 ms), whatever the table's size.
// Last, a few statements are timed the same way while a cell is stale (the table view differs from the data source).
import ListLanguage
import ListModel
import ListRuntime

/// The statements timed, each followed by `undo` (timed too); `redo` is timed after an `undo`.
let statementsTimed = [
    "insert 0:0 \"a\"", "insert 0:50000 \"b\"", "append 9 \"c\"", "delete 5:99999", "reload 4:500 \"y\"",
    "move 0:10 to 3:20", "begin; delete 1:5; insert 2:7 \"z\"; end",
]

/// A session as the REPL makes it, holding `sections` × `rows` rows.
func replSession(sections: Int, rows: Int) throws -> (Interpreter, ChangeCollector) {
    let changes = ChangeCollector()
    let interpreter = Interpreter(
        io: InterpreterIO(
            emit: changes.receive, load: { _ in .failure(LoadError("no files")) }, isInterrupted: { false }))
    interpreter.eventDetail.insert(.commits)
    interpreter.options.recordsUndo = true
    let setup = SourceFile(
        name: "setup",
        text: "reset [" + Array(repeating: "[]", count: sections).joined(separator: ",") + "]\n"
            + "for s in 0..<\(sections) { for i in 0..<\(rows) { data append s \"s\\(s)r\\(i)\" } }\nreloadData\n")
    try interpreter.run(Parser.parse(setup).program, in: setup)
    return (interpreter, changes)
}

/// Runs `text` as one REPL entry and returns its time in seconds and the change view's length.
func timeEntry(_ text: String, in interpreter: Interpreter, _ changes: ChangeCollector) throws -> (Double, Int) {
    let source = SourceFile(name: "<repl>", text: text)
    let parsed = Parser.parse(source)
    guard parsed.diagnostics.isEmpty else { throw BenchFailure("\(text): \(parsed.diagnostics)") }
    var total = 0.0
    var drawn = 0
    for statement in parsed.program.statements {
        let start = now()
        switch InteractiveStatement.run(statement, in: source, by: interpreter, changes: changes, drawingChanges: true)
        {
        case .success(let view): drawn += view.utf8.count
        case .failure(let failure): throw BenchFailure("\(text): \(failure.error)")
        }
        total += now() - start
    }
    return (total, drawn)
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Part 5: on ten sections of 100,000 rows, or with `oneSection` on one section of 1,000,000 (the same
/// statements, every section number read as 0).
func benchmarkStatements(oneSection: Bool = false) throws {
    let setupStart = now()
    let sections = oneSection ? 1 : sectionCount
    let rows = sectionCount * rowsPerSection / sections
    let (interpreter, changes) = try replSession(sections: sections, rows: rows)
    print(
        "REPL statements on \(sections * rows) rows in \(sections) section\(sections == 1 ? "" : "s") (set up in \(milliseconds(now() - setupStart))), change view drawn, undo history kept; median of \(runs) runs after \(warmUpRuns), a frame is 16.7 ms:"
    )
    func report(_ name: String, _ times: [Double], _ drawn: Int) {
        let padded = name + String(repeating: " ", count: max(1, 44 - name.count))
        print("  \(padded)\(milliseconds(median(times))) (max \(milliseconds(times.max() ?? 0)); view \(drawn) bytes)")
    }
    try timeStatements(statementsTimed, oneSection: oneSection, in: interpreter, changes, report: report)
    // A reload among moves leaves a cell stale, so the table view differs from the data source: each
    // statement after it is committed as a batch, not done in place, with the table view's cells worked out.
    let staleCell = "begin; reload 0:5 \"x\"; move 0:1 to 0:9; end"
    _ = try timeEntry(staleCell, in: interpreter, changes)
    guard !interpreter.model.isInSync else {
        throw BenchFailure("\(staleCell) left the table view showing the data source")
    }
    print("after `\(staleCell)`, which leaves a cell stale (the table view differs from the data source):")
    try timeStatements(statementsTimedWithStaleCell, oneSection: oneSection, in: interpreter, changes, report: report)
}

/// The statements timed while a cell is stale.
let statementsTimedWithStaleCell = ["insert 0:0 \"a\"", "insert 3:50000 \"b\"", "delete 5:99999"]

/// Times each of `statements`, then its undo and its redo, and undoes it; `report` prints a line.
func timeStatements(
    _ statements: [String], oneSection: Bool, in interpreter: Interpreter, _ changes: ChangeCollector,
    report: (String, [Double], Int) -> Void
) throws {
    for timed in statements {
        var text = timed
        for section in 1..<sectionCount where oneSection {
            text = text.replacingOccurrences(of: " \(section):", with: " 0:")
                .replacingOccurrences(of: "append \(section)", with: "append 0")
        }
        var times: [Double] = []
        var undos: [Double] = []
        var redos: [Double] = []
        var drawn = (0, 0, 0)
        for run in 0..<(runs + warmUpRuns) {
            let (t, d) = try timeEntry(text, in: interpreter, changes)
            let (u, e) = try timeEntry("undo", in: interpreter, changes)
            let (r, f) = try timeEntry("redo", in: interpreter, changes)
            _ = try timeEntry("undo", in: interpreter, changes)
            if run >= warmUpRuns {
                times.append(t)
                undos.append(u)
                redos.append(r)
            }
            drawn = (d, e, f)
        }
        report(text, times, drawn.0)
        report("  undo", undos, drawn.1)
        report("  redo", redos, drawn.2)
    }
}
