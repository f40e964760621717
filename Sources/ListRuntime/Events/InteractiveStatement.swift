import ListLanguage
import ListModel

/// One top-level statement run as the REPL runs it, and as the lesson page's console runs it: the change
/// view after it, and on failure the session put back as it was before it (an error while a batch is open
/// also abandons the batch, as a failed commit does).
public enum InteractiveStatement {
    /// Why a statement failed, and whether that abandoned the open batch.
    public struct Failure: Error {
        /// The error, to report.
        public var error: ScriptError
        /// True when an error inside an open batch abandoned it (the table view is as before `begin`).
        public var abandonedBatch: Bool
    }

    /// Runs `statement` of `source` in `interpreter`, whose events reach `changes`; returns what it changed,
    /// drawn as the change view (empty when `drawingChanges` is false, nothing changed or a batch is still
    /// open), or why it failed, with the session put back.
    public static func run(
        _ statement: Stmt, in source: SourceFile, by interpreter: Interpreter, changes: ChangeCollector,
        drawingChanges: Bool
    ) -> Result<String, Failure> {
        let snapshot = interpreter.snapshot()
        let change = StatementChange(interpreter, changes)
        do {
            try interpreter.runTopLevel(statement, in: source)
        } catch {
            interpreter.restore(snapshot)
            // Ctrl-C leaves the state exactly as before the statement, an open batch included.
            if case .interrupted = error { return .failure(Failure(error: error, abandonedBatch: false)) }
            let open = interpreter.model.batchDepth > 0
            if open { interpreter.abandonBatch() }
            return .failure(Failure(error: error, abandonedBatch: open))
        }
        return .success(drawingChanges ? change.render(interpreter) : "")
    }

    /// The REPL's prompt for a new entry: it shows an open batch (`list[batch 2]> `).
    public static func prompt(_ interpreter: Interpreter) -> String {
        let depth = interpreter.model.batchDepth
        return depth > 0 ? "list[batch \(depth)]> " : "list> "
    }

    /// The note after an error abandoned the open batch.
    public static let abandonedBatchNote = "the batch was abandoned: the table view is as it was before 'begin'"
}
