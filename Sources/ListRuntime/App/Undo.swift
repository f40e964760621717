import ListFormats
import ListLanguage
import ListModel

/// One step of undo: the app's state before a top-level statement or outermost batch, and the commits it
/// made (each with the table view before it), from which `undo` builds the inverse batches.
struct UndoGroup {
    var before: AppState
    /// The commits in order; nil when there were too many to keep (undo then puts the state back whole).
    var commits: [RecordedCommit]? = []
    /// An upper bound of the rows and sections the group's states hold (copies share what did not
    /// change, so the true cost is usually far less), for the history's budget.
    var weight: Int

    init(before: AppState, weight: Int) {
        self.before = before
        self.weight = weight
    }

    /// A commit and the table view it started from.
    struct RecordedCommit {
        var report: CommitReport
        var before: [Section]
    }
}

/// The session's undo and redo stacks (UndoManager's, grouped by top-level statement).
struct UndoHistory {
    /// Undo keeps at most this many groups (the oldest go first).
    static let levels = 1_000
    /// A group keeps at most this many commits for its inverse batches.
    static let commitsPerGroup = 1_000
    /// The history holds states of at most this many rows and sections in all (an upper bound): past
    /// it the oldest groups go, and a group's commits are dropped (it is then undone whole), so undo
    /// cannot make memory grow without bound on a big table.
    static let weightBudget = 16 << 20

    var undo = UndoStack()
    var redo = UndoStack()
    /// The group of the statement running now, while history is recorded.
    var open: UndoGroup?
}

/// A stack of undo groups, the newest last, that keeps at most `UndoHistory.levels` groups and, past
/// `UndoHistory.weightBudget` of weight, drops the oldest (the newest always stays). A group dropped goes at
/// once (its states are freed), but its slot is reclaimed with the others when they are half the array, so a
/// push costs the same on a full stack as on an empty one. (An array trimmed with `removeFirst` at every push
/// moved the thousand groups it kept: 6.1 G of a script's 6.6 G instructions for 40,000 edits and an `undo`.)
struct UndoStack {
    /// The groups, oldest first, after `first` slots emptied by drops.
    private var slots: [UndoGroup?] = []
    private var first = 0
    /// The kept groups' weights, summed.
    private var weight = 0

    /// How many groups it keeps.
    var count: Int { slots.count - first }
    /// The newest group.
    var last: UndoGroup? { count > 0 ? slots[slots.count - 1] : nil }

    /// Pushes a finished group, dropping the oldest past `levels` or past the weight budget.
    mutating func push(_ group: UndoGroup) {
        append(group)
        while count > UndoHistory.levels || (weight > UndoHistory.weightBudget && count > 1) {
            weight &-= slots[first]?.weight ?? 0
            slots[first] = nil
            first += 1
        }
        if first >= 64 && first * 2 >= slots.count {
            slots.removeFirst(first)
            first = 0
        }
    }

    /// Puts a group back on top, as it was popped (nothing is dropped).
    mutating func append(_ group: UndoGroup) {
        slots.append(group)
        weight &+= group.weight
    }

    /// Takes the newest group off.
    mutating func popLast() -> UndoGroup? {
        guard count > 0, let group = slots.removeLast() else { return nil }
        weight &-= group.weight
        return group
    }
}

extension Interpreter {
    /// The state undo restores, as it is now: the app's, with no row swiped open (undo closes it first).
    var undoState: AppState {
        var state = app
        state.swipedRow = nil
        state.swipeOrigin = nil
        return state
    }

    /// Whether undo history is being recorded: in the REPL, and in a script that uses `undo` or `redo`
    /// (recording costs a copy of the table per statement, so other scripts go without).
    var recordsUndo: Bool { options.recordsUndo }

    /// Runs one top-level statement as one undo group (an open batch extends the group to its `end`).
    func execTopLevel(_ statement: Stmt) throws(ScriptError) {
        guard recordsUndo else {
            _ = try exec(statement)
            return
        }
        if undoHistory.open == nil { undoHistory.open = UndoGroup(before: undoState, weight: tableBudget.entries) }
        defer { if model.batchDepth == 0 { closeUndoGroup() } }
        _ = try exec(statement)
    }

    /// Ends the open group: kept for undo when it changed something (a new change clears redo).
    func closeUndoGroup() {
        guard let group = undoHistory.open else { return }
        undoHistory.open = nil
        if group.before.holdsSame(as: undoState) { return }
        undoHistory.undo.push(group)
        undoHistory.redo = UndoStack()
    }

    /// Whether the open group still keeps its commits (so a commit must keep the table before it).
    var undoKeepsCommits: Bool { options.recordsUndo && undoHistory.open?.commits != nil }

    /// Records a commit in the open group (see `committed`); `before` is nil when it was not kept (the
    /// group had already given up its commits).
    func recordCommit(_ report: CommitReport, before: [Section]?) {
        guard undoHistory.open != nil, let count = undoHistory.open?.commits?.count else { return }
        undoHistory.open?.weight &+= tableBudget.entries
        if let before, count < UndoHistory.commitsPerGroup,
            (undoHistory.open?.weight ?? 0) <= UndoHistory.weightBudget
        {
            undoHistory.open?.commits?.append(UndoGroup.RecordedCommit(report: report, before: before))
        } else {
            undoHistory.open?.commits = nil  // their tables are let go: the group is undone whole
            undoHistory.open?.weight = tableBudget.entries
        }
    }

    /// `undo` or `redo`: closes the group in progress (as UndoManager does), then puts back the state
    /// before the last group. A group of commits is undone by their inverse batches, run through the same
    /// checks, so the trace and the change view show what the table view is told; anything else is put
    /// back whole (the table view reloads when it changes).
    func execUndo(redo: Bool, _ range: SourceRange) throws(ScriptError) {
        guard model.batchDepth == 0 else { throw failure(range, .undoInsideBatch(redo: redo)) }
        // As any change does, undo first closes a row left open (its hook may fail: nothing is popped yet).
        if swipedRow != nil { try closeSwipe(at: range) }
        let wasOpen = undoHistory.open != nil
        closeUndoGroup()
        guard let group = redo ? undoHistory.redo.popLast() : undoHistory.undo.popLast() else {
            if wasOpen { undoHistory.open = UndoGroup(before: undoState, weight: tableBudget.entries) }
            throw failure(range, .nothingToUndo(redo: redo))
        }
        let current = undoState
        // The inverse is recorded as a group of its own: the opposite stack's.
        undoHistory.open = UndoGroup(before: current, weight: tableBudget.entries)
        do {
            if let batches = inverseBatches(group), !batches.isEmpty {
                traceEvent(
                    "\(redo ? "redo" : "undo"): the inverse of the \(group.commits?.count == 1 ? "batch" : "batches, last first"), through the same checks"
                )
                let undoFile = SourceFile(name: redo ? "<redo>" : "<undo>", bytes: Array(batches.utf8))
                let saved = file
                file = undoFile
                defer { file = saved }
                for statement in Parser.parse(undoFile).program.statements { try execWritten(statement) }
            } else if !Self.sameRows(model.tableView, group.before.model.tableView) {
                called(.reloadData)
            }
        } catch {
            // Stopped (Ctrl-C, a limit): nothing is undone, and the group stays to be undone.
            app = current
            undoHistory.open = wasOpen ? UndoGroup(before: current, weight: tableBudget.entries) : nil
            if redo { undoHistory.redo.append(group) } else { undoHistory.undo.append(group) }
            throw error
        }
        // The state put back brings its own bound of the table's size (`tableBudget`, see `admit`): counting the
        // rows again would cost the whole table.
        app = group.before
        let inverse = undoHistory.open ?? UndoGroup(before: current, weight: tableBudget.entries)
        undoHistory.open = wasOpen ? UndoGroup(before: undoState, weight: tableBudget.entries) : nil
        if redo {
            undoHistory.undo.push(inverse)
        } else {
            undoHistory.redo.push(inverse)
        }
    }

    /// Whether a script's text mentions `undo` or `redo` (then its session records undo history): a search
    /// eight bytes at a time jumps from one "do" to the next, so a large script costs little (bench/NOTES.md).
    public static func mentionsUndo(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var from = 2
            while let i = TextSearch.firstIndex(
                of: UInt8(ascii: "d"), followedBy: UInt8(ascii: "o"), in: buffer, from: from, to: buffer.count)
            {
                let a = base[i - 2]
                let b = base[i - 1]
                if (a == UInt8(ascii: "u") && b == UInt8(ascii: "n"))
                    || (a == UInt8(ascii: "r") && b == UInt8(ascii: "e"))
                {
                    return true
                }
                from = i + 1
            }
            return false
        }
    }

    /// The inverse batches of `group`'s commits, last first, as one script — or nil when they would
    /// not give back exactly the rows of both layers before the group (then the state is put back whole).
    func inverseBatches(_ group: UndoGroup) -> String? {
        guard let commits = group.commits, !commits.isEmpty else { return nil }
        var trial = model
        var script = ""
        for commit in commits.reversed() {
            guard let edits = Self.inverse(of: commit.report, before: commit.before, after: trial.tableView) else {
                return nil
            }
            trial.begin()
            do {
                for edit in edits { _ = try trial.perform(edit) }
                _ = try trial.end()
            } catch {
                return nil
            }
            script += BatchScript.text(edits)
        }
        let target = group.before.model
        guard Self.sameRows(trial.dataSource, target.dataSource), Self.sameRows(trial.tableView, target.tableView)
        else { return nil }
        return script
    }

    /// True when the two lists have the same rows in the same sections (titles aside).
    static func sameRows(_ a: [Section], _ b: [Section]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.rows == $1.rows }
    }

    /// The plain commands that undo a commit `report` describes, from the table view `after` it back to
    /// `before`: inserts for deletes (with the old texts), deletes for inserts, each move reversed, and
    /// reloads restoring the old text; old and new index spaces swap. Nil for a commit that ended with
    /// `reloadData` (UITableView's fallback), which no batch describes.
    static func inverse(of report: CommitReport, before: [Section], after: [Section]) -> [Edit]? {
        if report.usedReloadFallback { return nil }
        var edits: [Edit] = []
        let origins = report.sectionOrigins(count: after.count)
        for s in report.insertedSections { edits.append(.deleteSection(s)) }
        for s in report.deletedSections where s < before.count {
            edits.append(.insertSection(s, header: before[s].header))
            for (r, text) in before[s].rows.enumerated() {
                edits.append(.insertRow(IndexPath(section: s, row: r), text))
            }
        }
        for move in report.movedSections { edits.append(.moveSection(from: move.to, to: move.from)) }
        for s in report.reloadedSections where s < before.count {
            guard let n = origins.firstIndex(of: .reloaded(from: s)) else { return nil }
            edits.append(.reloadSection(n, rows: before[s].rows.texts))
        }
        for p in report.insertedRows { edits.append(.deleteRow(p)) }
        for p in report.deletedRows {
            guard let text = text(at: p, in: before) else { return nil }
            edits.append(.insertRow(p, text))
        }
        for move in report.movedRows { edits.append(.moveRow(from: move.to, to: move.from)) }
        for reload in report.reloadedRows {
            guard let text = text(at: reload.from, in: before) else { return nil }
            edits.append(.reloadRow(reload.to, text))
        }
        return edits
    }

    /// The text of the row at `path` of `sections`, if it exists.
    private static func text(at path: IndexPath, in sections: [Section]) -> String? {
        guard path.section >= 0, path.section < sections.count, path.row >= 0,
            path.row < sections[path.section].rows.count
        else { return nil }
        return sections[path.section].rows[path.row]
    }
}
