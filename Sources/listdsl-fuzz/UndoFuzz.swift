import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

/// The undo mode: a differential check of `undo` and `redo` against a model of their stacks.
///
/// The input's statements run as the REPL runs entries, with undo history on. After each top-level
/// statement that leaves no batch open, the whole state is saved (as `save` writes it, exact bytes);
/// when it differs from the state before, the statement was one undo group. The input's own top-level
/// `undo` and `redo` are checked against the model as they run. At the end, `undo` as many times as
/// there are groups must give back each earlier state exactly, newest first, and then fail with
/// nothing to undo; `redo` as many times must give each later state again, and then fail.
enum UndoFuzz {
    /// Limits small enough that the history's weight budget cannot be reached (checked anyway).
    static let limits = Limits(
        scriptBytes: 1 << 20, valueSize: 64 << 10, valueDepth: 100, tableSize: 2_000, tableText: 1 << 18,
        callDepth: 100, steps: 5_000)

    /// Undo's rules, as grammar.md ("Undo and redo") states them.
    static let levels = 1_000
    static let weightBudget = 16 << 20

    /// A state and an upper bound of the weight its group holds in the history.
    struct Group {
        var before: [UInt8]
        var weight: Int
    }

    /// The model of the history: the states before each undo group, and after each redo group.
    struct History {
        var undo: [Group] = []
        var redo: [Group] = []

        /// Pushes as `UndoHistory.push` does: the oldest go past the levels or the weight budget.
        static func push(_ group: Group, onto stack: inout [Group]) {
            stack.append(group)
            if stack.count > UndoFuzz.levels { stack.removeFirst(stack.count - UndoFuzz.levels) }
        }

        /// Whether the history may have dropped groups for their weight (the model does not follow that).
        var mayBeOverBudget: Bool {
            (undo + redo).reduce(0) { $0 &+ $1.weight } > UndoFuzz.weightBudget / 2
        }
    }

    static func run(_ bytes: [UInt8]) {
        let file = SourceFile(name: "fuzz.list", bytes: bytes)
        let parsed = Parser.parse(file)
        if parsed.diagnostics.contains(where: { $0.severity == .error }) { return }
        counts.inputs += 1
        let session = FuzzSession(limits: limits, files: MemoryFiles(), recordsUndo: true)
        guard var current = session.savedState() else { FuzzTarget.finding("a new session cannot save") }
        var history = History()
        // The model follows only the input's top-level `undo` and `redo`: one elsewhere (a procedure, a
        // loop, a string) may run any number of times, so the stacks are then checked for crashes only.
        // Likewise an app's didEndEditing hook, which undo runs first when a row is left open (a change
        // of its own, as any change closes the row).
        let modelled =
            mentions(bytes) == parsed.program.statements.filter(isUndo).count
            && !contains(bytes, "didEndEditing")
        for statement in parsed.program.statements {
            let error = session.run(statement, in: file)
            // A statement that fails inside a batch abandons it; the batch's data edits stay, one group.
            guard session.interpreter.model.batchDepth == 0, modelled else { continue }
            guard let state = session.savedState() else { FuzzTarget.finding("no batch is open, yet save fails") }
            if case .undo(let redo) = statement.kind, error == nil {
                guard let group = redo ? history.redo.popLast() : history.undo.popLast() else {
                    FuzzTarget.finding("\(redo ? "redo" : "undo") succeeded with nothing to \(redo ? "redo" : "undo")")
                }
                expect(state, group.before, "the input's \(redo ? "redo" : "undo")", bytes)
                let inverse = Group(before: current, weight: group.weight)
                if redo {
                    History.push(inverse, onto: &history.undo)
                } else {
                    History.push(inverse, onto: &history.redo)
                }
                current = state
                continue
            }
            guard state != current else { continue }
            // The group holds the state before it and each commit's table: at most the table limit each.
            let weight = limits.tableSize &* (1 &+ session.changes.count)
            History.push(Group(before: current, weight: weight), onto: &history.undo)
            history.redo = []
            current = state
        }
        _ = try? session.interpreter.finish()
        guard modelled, session.interpreter.model.batchDepth == 0, let end = session.savedState() else { return }
        if end != current {
            History.push(Group(before: current, weight: limits.tableSize), onto: &history.undo)
            history.redo = []
            current = end
        }
        if history.mayBeOverBudget { return }
        counts.modelled += 1
        unwind(session, history, current, bytes)
    }

    /// Undoes every group, then redoes every one, checking each state on the way.
    static func unwind(_ session: FuzzSession, _ history: History, _ current: [UInt8], _ bytes: [UInt8]) {
        var later = [current]
        for group in history.undo.reversed() {
            if let error = session.runUnlimited("undo") {
                FuzzTarget.finding("undo failed with \(history.undo.count) groups to undo:\n\(session.describe(error))")
            }
            guard let state = session.savedState() else { FuzzTarget.finding("save failed after undo") }
            expect(state, group.before, "undo", bytes)
            later.append(state)
        }
        guard session.runUnlimited("undo") != nil else {
            FuzzTarget.finding("undo succeeded after all \(history.undo.count) groups were undone")
        }
        // Redo gives the later states back, then those the input undid and left to redo.
        later.removeLast()
        later.reverse()
        later += history.redo.reversed().map(\.before)
        for expected in later {
            if let error = session.runUnlimited("redo") {
                FuzzTarget.finding("redo failed:\n\(session.describe(error))")
            }
            guard let state = session.savedState() else { FuzzTarget.finding("save failed after redo") }
            expect(state, expected, "redo", bytes)
        }
        guard session.runUnlimited("redo") != nil else {
            FuzzTarget.finding("redo succeeded after all \(later.count) groups were redone")
        }
        counts.unwound += 1
    }

    /// How many inputs ran, were followed by the model, and were undone and redone to the end, how many
    /// states were compared: `listdsl-fuzz` prints them after replaying files (a plain build), to
    /// show how much of a corpus the oracle judges.
    nonisolated(unsafe) static var counts = (inputs: 0, modelled: 0, unwound: 0, states: 0)

    /// Stops with a finding when `state` is not `expected`.
    static func expect(_ state: [UInt8], _ expected: [UInt8], _ what: String, _ bytes: [UInt8]) {
        counts.states += 1
        if state != expected {
            FuzzTarget.finding(
                "\(what) gave\n  \(String(decoding: state, as: UTF8.self))\nexpected\n  \(String(decoding: expected, as: UTF8.self))"
            )
        }
    }

    /// Whether `bytes` hold `word`.
    static func contains(_ bytes: [UInt8], _ word: String) -> Bool {
        let needle = Array(word.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    /// Whether `statement` is `undo` or `redo`.
    static func isUndo(_ statement: Stmt) -> Bool {
        if case .undo = statement.kind { return true }
        return false
    }

    /// How many times `bytes` spell `undo` or `redo`.
    static func mentions(_ bytes: [UInt8]) -> Int {
        var count = 0
        for i in bytes.indices.dropFirst(3) where bytes[i - 1] == UInt8(ascii: "d") && bytes[i] == UInt8(ascii: "o") {
            let a = bytes[i - 3]
            let b = bytes[i - 2]
            if (a == UInt8(ascii: "u") && b == UInt8(ascii: "n")) || (a == UInt8(ascii: "r") && b == UInt8(ascii: "e"))
            {
                count += 1
            }
        }
        return count
    }
}
