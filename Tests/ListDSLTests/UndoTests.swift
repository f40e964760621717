import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

/// A session driven statement by statement, as the REPL drives one, with undo history on.
final class UndoSession {
    var out = ""
    var errors: [String] = []
    var interpreter: Interpreter!

    init(trace: Bool = false) {
        let io = InterpreterIO(
            write: { [unowned self] in self.out += $0 }, report: { [unowned self] in self.errors.append($0.message) },
            load: { _ in .failure(LoadError("no files in this test")) }, isInterrupted: { false })
        var options = InterpreterOptions(trace: trace)
        options.recordsUndo = true
        interpreter = Interpreter(io: io, options: options)
    }

    /// Runs each top-level statement of `source` on its own; returns the first error's message, if any
    /// (after which an open batch is abandoned, as the REPL does).
    @discardableResult
    func run(_ source: String) -> String? {
        let file = SourceFile(name: "test.list", text: source)
        let parsed = Parser.parse(file)
        if let first = parsed.diagnostics.first { return "syntax: " + first.message }
        for statement in parsed.program.statements {
            do {
                try interpreter.runTopLevel(statement, in: file)
            } catch {
                if interpreter.model.batchDepth > 0 { interpreter.abandonBatch() }
                switch error {
                case .runtime(let d), .interrupted(let d): return d.message
                case .syntax(let ds): return ds.first?.message ?? "syntax error"
                }
            }
        }
        return nil
    }

    /// Everything undo puts back.
    var state: (ListState, [String: String]) { (interpreter.model.state, interpreter.accessories) }
}

/// One command after a setup: undo must give back the state before it, and redo the state after it.
struct UndoCase: CustomTestStringConvertible, Sendable {
    var setup: String
    var command: String
    /// Whether undo must tell the table view an inverse batch (rather than put the state back whole).
    var byInverseBatch = false
    var testDescription: String { command }
}

@Suite struct UndoTests {
    static let setup = #"reset [["A","B","C"],["D","E"]]; header 0 "One"; footer 1 "two rows""#

    static let cases: [UndoCase] = [
        UndoCase(setup: setup, command: #"insert 0:1 "X""#, byInverseBatch: true),
        UndoCase(setup: setup, command: "delete 0:0", byInverseBatch: true),
        UndoCase(setup: setup, command: "delete 0:0, 1:1", byInverseBatch: true),
        UndoCase(setup: setup, command: "move 0:0 to 1:2", byInverseBatch: true),
        UndoCase(setup: setup, command: #"reload 0:1 "b""#, byInverseBatch: true),
        UndoCase(setup: setup, command: #"insert section 1 "New""#, byInverseBatch: true),
        UndoCase(setup: setup, command: "delete section 1", byInverseBatch: true),
        UndoCase(setup: setup, command: "delete section 0", byInverseBatch: true),
        UndoCase(setup: setup, command: "move section 1 to 0", byInverseBatch: true),
        UndoCase(setup: setup, command: #"reload section 0 ["x", "y"]"#, byInverseBatch: true),
        UndoCase(setup: setup, command: #"append 1 "F", "G""#, byInverseBatch: true),
        UndoCase(
            setup: setup, command: #"begin; delete 0:0; insert 1:0 "Z"; move 0:2 to 0:0; reload 1:1 "e"; end"#,
            byInverseBatch: true),
        UndoCase(setup: setup, command: #"apply [["C","A"],["E","D","Q"]]"#, byInverseBatch: true),
        UndoCase(setup: setup, command: #"reset [["only"]]"#),
        UndoCase(setup: setup + "; data delete 0:0", command: "reloadData"),
        UndoCase(setup: setup, command: #"data insert 0:0 "X""#),
        UndoCase(setup: setup, command: "data delete 1:0"),
        UndoCase(setup: setup, command: "data move 0:0 to 1:0"),
        UndoCase(setup: setup, command: #"data reload 0:0 "a""#),
        UndoCase(setup: setup, command: #"data append 0 "X""#),
        UndoCase(setup: setup, command: #"data reset [["x"]]"#),
        UndoCase(setup: setup + "; data delete 0:0", command: "table delete 0:0"),
        UndoCase(setup: setup, command: #"header 1 "Two""#),
        UndoCase(setup: setup, command: #"footer 0 "three""#),
        UndoCase(setup: setup, command: #"indexTitle 0 "O""#),
        UndoCase(setup: setup, command: "style grouped"),
        UndoCase(setup: setup, command: "view collection"),
        UndoCase(setup: setup, command: "messages modern"),
        UndoCase(setup: setup, command: "edit on"),
        UndoCase(setup: setup + "; edit on", command: "edit off"),
        UndoCase(setup: setup, command: "select 1:1"),
        UndoCase(setup: setup, command: #"accessory 0:1 "checkmark""#),
        UndoCase(setup: setup + "; on commit { delete path }", command: "swipe 0:1", byInverseBatch: true),
        UndoCase(
            setup: setup + "; on move { data move source to destination }; edit on", command: "drag 0:0 to 1:1"),
        UndoCase(setup: setup, command: "repeat 3 { delete 0:0 }", byInverseBatch: true),
        // Texts the inverse batch must write as escapes or as UTF-8 (issue 34, finding 3).
        UndoCase(setup: textSetup, command: "delete 0:0", byInverseBatch: true),
        UndoCase(setup: textSetup, command: "delete 0:1, 0:2, 0:3, 0:4", byInverseBatch: true),
        UndoCase(setup: textSetup, command: #"reload 0:5 "plain""#, byInverseBatch: true),
        UndoCase(setup: textSetup, command: #"reload 0:0 "t\u{e9}""#, byInverseBatch: true),
        UndoCase(setup: textSetup, command: "delete section 0", byInverseBatch: true),
        UndoCase(setup: textSetup, command: #"reload section 0 ["x"]"#, byInverseBatch: true),
        UndoCase(
            setup: textSetup + #"; header 0 "Caf\u{e9} \"q\"""#, command: "delete section 0", byInverseBatch: true),
        // Canonically equal texts are still different texts (finding 4).
        UndoCase(setup: #"reset [["\u{e9}"]]"#, command: #"reload 0:0 "e\u{301}""#, byInverseBatch: true),
        UndoCase(setup: #"reset [["\u{e9}"]]"#, command: #"data reload 0:0 "e\u{301}""#),
        UndoCase(setup: #"reset [["\u{e9}"]]"#, command: #"reset [["e\u{301}"]]"#),
    ]

    /// Rows holding non-ASCII text, a quote, a backslash, a tab and a newline.
    static let textSetup = #"reset [["Caf\u{e9}", "say \"hi\"", "back\\slash", "tab\there", "two\nlines", "Tea"]]"#

    @Test(arguments: cases)
    func undoAndRedoEveryCommandKind(_ c: UndoCase) throws {
        let session = UndoSession(trace: true)
        #expect(session.run(c.setup) == nil)
        let before = session.state
        #expect(session.run(c.command) == nil)
        let after = session.state
        #expect(before.0 != after.0 || before.1 != after.1, "the command changed nothing")
        session.out = ""
        #expect(session.run("undo") == nil)
        #expect(session.state.0 == before.0)
        #expect(session.state.1 == before.1)
        if c.byInverseBatch {
            #expect(session.out.contains("beginUpdates()"), "undo told no batch:\n\(session.out)")
        }
        #expect(session.run("redo") == nil)
        #expect(session.state.0 == after.0)
        #expect(session.state.1 == after.1)
        // And back again: undo after redo.
        #expect(session.run("undo") == nil)
        #expect(session.state.0 == before.0)
    }

    /// A change between canonically equal texts is a change: the model compares texts byte for byte, so
    /// undo puts back exactly the bytes the row had (issue 34, finding 4).
    @Test func canonicallyEqualTextsAreDifferentTexts() {
        let session = UndoSession()
        session.run(#"reset [["\u{e9}"]]"#)
        session.run(#"reload 0:0 "e\u{301}""#)
        #expect(session.interpreter.model.dataSource.first?.rows.first.map { Array($0.utf8) } == Array("e\u{301}".utf8))
        #expect(session.run("undo") == nil)
        #expect(session.interpreter.model.dataSource.first?.rows.first.map { Array($0.utf8) } == Array("\u{e9}".utf8))
        #expect(session.interpreter.model.tableView.first?.rows.first.map { Array($0.utf8) } == Array("\u{e9}".utf8))
        #expect(session.run("undo") == nil)
        #expect(session.interpreter.model.dataSource.isEmpty)
    }

    @Test func undoTellsTheTableViewTheInverseBatch() {
        let session = UndoSession(trace: true)
        session.run(#"reset [["A","B","C"]]; begin; delete 0:0; insert 0:2 "D"; move 0:1 to 0:0; end"#)
        #expect(session.interpreter.model.dataSource[0].rows == ["B", "C", "D"])
        session.out = ""
        #expect(session.run("undo") == nil)
        #expect(session.interpreter.model.dataSource[0].rows == ["A", "B", "C"])
        #expect(
            session.out.components(separatedBy: "\n").filter { !$0.hasPrefix("tableView(_:cellForRowAt:)") }
                == [
                    "# undo: the inverse of the batch, through the same checks",
                    "beginUpdates()",
                    "deleteRows(at: [[0, 2]], with: .automatic)",
                    #"insertRows(at: [[0, 0]], with: .automatic)"#,
                    "moveRow(at: [0, 0], to: [0, 1])",
                    "endUpdates()", "numberOfSections(in:) -> 1", "tableView(_:numberOfRowsInSection:) 0 -> 3", "",
                ], "\(session.out)")
    }

    @Test func eachTopLevelStatementAndOutermostBatchIsOneGroup() {
        let session = UndoSession()
        session.run(#"reset [["A"]]"#)
        session.run(#"append 0 "B"; append 0 "C""#)  // two statements, two groups
        session.run("begin")
        session.run(#"insert 0:0 "X""#)
        session.run("delete 0:1")
        session.run("end")  // one group from begin to end
        #expect(session.interpreter.model.dataSource[0].rows == ["X", "A", "C"])
        session.run("undo")
        #expect(session.interpreter.model.dataSource[0].rows == ["A", "B", "C"])
        session.run("undo")
        #expect(session.interpreter.model.dataSource[0].rows == ["A", "B"])
        session.run("undo")
        #expect(session.interpreter.model.dataSource[0].rows == ["A"])
        session.run("redo; redo")
        #expect(session.interpreter.model.dataSource[0].rows == ["A", "B", "C"])
    }

    @Test func aNewChangeClearsRedo() {
        let session = UndoSession()
        session.run(#"reset [["A"]]; append 0 "B"; undo; append 0 "C""#)
        #expect(session.run("redo") == "nothing to redo")
        #expect(session.interpreter.model.dataSource[0].rows == ["A", "C"])
    }

    @Test func statementsThatChangeNothingAreNoGroup() {
        let session = UndoSession()
        session.run(#"reset [["A"]]; append 0 "B"; show; dump; print 1; let x = 2"#)
        session.run("undo")
        #expect(session.interpreter.model.dataSource[0].rows == ["A"])
    }

    @Test func errors() {
        let session = UndoSession()
        #expect(session.run("undo") == "nothing to undo")
        #expect(session.run("redo") == "nothing to redo")
        session.run(#"reset [["A"]]"#)
        #expect(
            session.run("begin; undo")
                == "'undo' cannot run inside a batch: the batch becomes one undo group at its 'end'")
    }

    /// A failed batch keeps its `data` edits (UIKit's rollback undoes only the plain ones): undo gives
    /// them back.
    @Test func undoOfAFailedBatchRestoresItsDataEdits() {
        let session = UndoSession()
        session.run(#"reset [["A","B"]]"#)
        session.run("begin")
        session.run("data delete 0:0")
        #expect(session.run("end")?.contains("Invalid update") == true)
        #expect(session.interpreter.model.dataSource[0].rows == ["B"])
        #expect(session.interpreter.model.tableView[0].rows == ["A", "B"])
        #expect(session.run("undo") == nil)
        #expect(session.interpreter.model.dataSource[0].rows == ["A", "B"])
        #expect(session.interpreter.model.isInSync)
    }

    @Test func undoInsideAStatementClosesTheGroupSoFar() {
        let session = UndoSession()
        session.run(#"reset [["A"]]"#)
        session.run(#"proc f() { append 0 "B"; undo; append 0 "C" }"#)
        session.run("f()")
        #expect(session.interpreter.model.dataSource[0].rows == ["A", "C"])
        session.run("undo")
        #expect(session.interpreter.model.dataSource[0].rows == ["A"])
    }

    /// A group that gave up its commits no longer keeps the table before each one (which cost every commit
    /// a copy of the section it changed: issue 34, finding 2); undo still puts the state back whole.
    @Test func aGroupPastItsCommitsKeepsNoTables() {
        let session = UndoSession()
        session.run("reset [[]]")
        let loop = "repeat \(UndoHistory.commitsPerGroup + 5) { append 0 \"x\" }"
        #expect(session.run(loop) == nil)
        #expect(session.interpreter.undoHistory.undo.last?.commits == nil)
        session.interpreter.undoHistory.open = UndoGroup(before: session.interpreter.undoState, weight: 0)
        session.interpreter.undoHistory.open?.commits = nil
        #expect(session.interpreter.readyCommit() == nil)
        session.interpreter.undoHistory.open = nil
        #expect(session.run("undo") == nil)
        #expect(session.interpreter.model.dataSource[0].rows.isEmpty)
    }

    /// The history's states are bounded: past the budget the oldest groups go (the newest always stays),
    /// and past the level count too.
    @Test func historyIsBounded() {
        let state = AppState(model: TableModel(), accessories: [:], tableBudget: TableSize())
        var stack = UndoStack()
        for _ in 0..<3 { stack.push(UndoGroup(before: state, weight: UndoHistory.weightBudget / 2)) }
        #expect(stack.count == 2)
        stack.push(UndoGroup(before: state, weight: UndoHistory.weightBudget * 2))
        #expect(stack.count == 1)
        stack = UndoStack()
        for _ in 0..<(UndoHistory.levels + 5) { stack.push(UndoGroup(before: state, weight: 1)) }
        #expect(stack.count == UndoHistory.levels)
    }

    /// Past its thousand groups the stack drops the oldest and keeps the newest in order, through the times
    /// its emptied slots are reclaimed; groups popped and put back, and the weight it sums, stay right.
    @Test func theNewestGroupsStayInOrder() {
        let state = AppState(model: TableModel(), accessories: [:], tableBudget: TableSize())
        var stack = UndoStack()
        for k in 1...2_500 { stack.push(UndoGroup(before: state, weight: k)) }
        #expect(stack.count == UndoHistory.levels)
        var popped: [Int] = []
        for _ in 0..<10 { popped.append(stack.popLast()?.weight ?? 0) }
        #expect(popped == Array((2_491...2_500).reversed()))
        stack.push(UndoGroup(before: state, weight: 7))
        #expect(stack.last?.weight == 7 && stack.count == UndoHistory.levels - 9)
        _ = stack.popLast()
        var rest: [Int] = []
        while let group = stack.popLast() { rest.append(group.weight) }
        #expect(rest == Array((1_501...2_490).reversed()))
        #expect(stack.popLast() == nil && stack.count == 0)
        // The weight summed is the kept groups' alone: past the budget, only the groups over it go.
        for _ in 0..<3 { stack.push(UndoGroup(before: state, weight: UndoHistory.weightBudget / 2)) }
        #expect(stack.count == 2)
    }

    /// A script records history once it mentions undo; one that does not never copies its table for it.
    @Test func scriptsRecordOnlyWhenTheyUseUndo() {
        #expect(interpret(#"reset [["A"]]; append 0 "B"; undo; print items(0)"#).stdout == "[\"A\"]\n")
        for text in ["x; redo", "undo", "redo", "undo\n", "print 1\nundo"] {
            #expect(Interpreter.mentionsUndo(Array(text.utf8)), "\(text)")
        }
        for text in ["", "do", "ndo", "und", "delete 0:0", "done", "udo"] {
            #expect(!Interpreter.mentionsUndo(Array(text.utf8)), "\(text)")
        }
        #expect(!Interpreter.mentionsUndo(Array(#"reset [["A"]]; append 0 "do""#.utf8)))
        // The search reads eight bytes at a time: the word at every place in a line, and near misses around it.
        for before in 0..<20 {
            let pad = String(repeating: "x", count: before)
            for word in ["undo", "redo"] {
                #expect(Interpreter.mentionsUndo(Array((pad + word + "\ndelete 0:0 do dodo").utf8)), "\(pad)\(word)")
                #expect(Interpreter.mentionsUndo(Array(("do" + pad + word).utf8)), "do\(pad)\(word)")
            }
            #expect(!Interpreter.mentionsUndo(Array((pad + "undxo rexdo ndo edo d o do" + pad).utf8)), "\(pad)")
        }
    }

    /// Random valid batches of plain commands: undo gives back the list exactly, by the inverse batch
    /// through UIKit's checks; redo gives the batch's result exactly.
    @Test func randomBatchesUndoAndRedoExactly() {
        var random = SeededGenerator(seed: 20_261_123)
        var checked = 0
        var byInverse = 0
        for _ in 0..<1_500 {
            let session = UndoSession(trace: true)
            let sections = (0..<random.below(4) + 1).map { s in
                (0..<random.below(5)).map { "\"r\(s)_\($0)\"" }.joined(separator: ",")
            }
            session.run("reset [" + sections.map { "[\($0)]" }.joined(separator: ",") + "]")
            let counts = session.interpreter.model.dataSource.map(\.rows.count)
            var commands: [String] = []
            for _ in 0..<random.below(5) + 1 {
                let s = random.below(counts.count)
                let r = random.below(max(counts[s], 1))
                switch random.below(7) {
                case 0: commands.append("insert \(s):\(random.below(counts[s] + 1)) \"n\(commands.count)\"")
                case 1: commands.append("delete \(s):\(r)")
                case 2: commands.append("move \(s):\(r) to \(random.below(counts.count)):\(random.below(3))")
                case 3: commands.append("reload \(s):\(r) \"u\(commands.count)\"")
                case 4: commands.append("delete section \(s)")
                case 5: commands.append("insert section \(random.below(counts.count + 1)) \"h\(commands.count)\"")
                default: commands.append("move section \(s) to \(random.below(counts.count))")
                }
            }
            let before = session.state.0
            guard session.run("begin; " + commands.joined(separator: "; ") + "; end") == nil else { continue }
            let after = session.state.0
            if after == before { continue }
            checked += 1
            session.out = ""
            #expect(session.run("undo") == nil)
            #expect(session.state.0 == before, "undo of \(commands)")
            if session.out.contains("beginUpdates()") { byInverse += 1 }
            #expect(session.run("redo") == nil)
            #expect(session.state.0 == after, "redo of \(commands)")
        }
        #expect(checked > 300)
        // Only a commit that ended with reloadData (a row moved across a deleted or inserted section)
        // has no inverse batch.
        #expect(byInverse * 10 > checked * 9, "\(byInverse) of \(checked) by an inverse batch")
    }
}

/// What a statement can change is one value, the app's state: a snapshot (`expect error`, the REPL after an
/// error or Ctrl-C) and an undo group put all of it back, the scroll position too (issue 35 §2).
@Suite struct AppStateTests {
    static let setup = #"reset [["A"],["B"],["C"]]; indexTitle 0 "A"; indexTitle 1 "B"; indexTitle 2 "C""#

    @Test func expectErrorPutsTheScrollPositionBack() {
        let session = UndoSession()
        #expect(session.run(Self.setup) == nil)
        #expect(session.run(#"expect error { tap index "C"; delete 9:9 }"#) == nil)
        #expect(session.interpreter.scrolledSection == nil)
    }

    @Test func aRestoredSnapshotPutsTheScrollPositionBack() {
        let session = UndoSession()
        #expect(session.run(Self.setup) == nil)
        let snapshot = session.interpreter.snapshot()
        #expect(session.run(#"tap index "B""#) == nil)
        #expect(session.interpreter.scrolledSection == 1)
        session.interpreter.restore(snapshot)
        #expect(session.interpreter.scrolledSection == nil)
    }

    @Test func undoPutsTheScrollPositionBack() {
        let session = UndoSession()
        #expect(session.run(Self.setup + #"; proc f() { tap index "C"; append 0 "x" }"#) == nil)
        #expect(session.run("f()") == nil)
        #expect(session.interpreter.scrolledSection == 2)
        #expect(session.run("undo") == nil)
        #expect(session.interpreter.scrolledSection == nil)
        #expect(session.interpreter.model.dataSource[0].rows == ["A"])
        #expect(session.run("redo") == nil)
        #expect(session.interpreter.scrolledSection == 2)
    }
}
