import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

/// What a statement can change about the open batch: how deep it is and how many operations it holds.
struct BatchMark: Equatable {
    var depth: Int
    var pending: Int

    /// The model's batch as it is now.
    init(_ model: TableModel) {
        depth = model.batchDepth
        pending = model.pendingCount
    }
}

/// The session's successful statements, in order, for `.save`.
struct Journal {
    /// One statement as written, with what it did to batching.
    struct Record {
        var text: String
        /// The statement opened or closed a batch or queued operations into one (directly, or through a
        /// loop, a conditional or a call): a failed batch undoes it, so `.save` leaves it out.
        var isBatched: Bool
        /// The batch depth before and after the statement ran.
        var depthBefore: Int
        var depthAfter: Int
    }

    private(set) var records: [Record] = []

    /// Records a statement that succeeded, with the batch before and after it.
    mutating func record(_ statement: Stmt, in source: SourceFile, before: BatchMark, after: BatchMark) {
        records.append(
            Record(
                text: source.text(statement.range), isBatched: before != after, depthBefore: before.depth,
                depthAfter: after.depth))
    }

    /// The open batch failed: drops the statements that opened, closed or filled it (their effects are
    /// undone) and keeps the rest, `data` commands included (the app made those).
    mutating func abandonBatch() {
        guard let opener = records.lastIndex(where: { $0.depthBefore == 0 && $0.depthAfter > 0 }) else { return }
        let kept = records[opener...].filter { !$0.isBatched }
        records.removeSubrange(opener...)
        records.append(contentsOf: kept)
    }

    /// The script `.save` writes.
    func script() -> String {
        var out = "# ListDSL session saved from the REPL\n"
        for record in records { out += record.text + "\n" }
        return out
    }
}
