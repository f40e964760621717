import ListFormats
import ListLanguage
import ListModel

extension Interpreter {
    /// Executes a core command: on both layers, or on one after a `data` or `table` prefix.
    func execCommand(_ statement: Stmt) throws(ScriptError) {
        let range = statement.range
        switch statement.kind {
        case .show, .showJSON, .dump: break  // they only look
        default:
            // As in UIKit, the next change closes a row left open.
            if swipedRow != nil { try closeSwipe(at: range) }
        }
        switch statement.kind {
        case .moveRow(let layer, let fromExpr, let toExpr):
            let from = try indexPath(fromExpr)
            let to = try indexPath(toExpr)
            try perform(layer, [(.moveRow(from: from, to: to), fromExpr.range.union(toExpr.range))], range) {
                _ in .moveRow(from: from, to: to)
            }
        case .reloadRows(let layer, let rows):
            var ops: [(edit: Edit, range: SourceRange)] = []
            for row in rows {
                ops.append((.reloadRow(try indexPath(row.path), try row.value.map(rowText)), row.path.range))
            }
            try perform(layer, ops, range) { .reloadRows($0) }
        case .insertSection(let layer, let sectionExpr, let titleExpr):
            let s = try integer(sectionExpr, "a section number")
            let title = try titleExpr.map { (e) throws(ScriptError) -> String in try rowText(e) }
            try perform(layer, [(.insertSection(s, header: title), sectionExpr.range)], range) {
                _ in .insertSections([s])
            }
        case .deleteSections(let layer, let exprs):
            var ops: [(edit: Edit, range: SourceRange)] = []
            var sections: [Int] = []
            for e in exprs {
                sections.append(try integer(e, "a section number"))
                ops.append((.deleteSection(sections[sections.count - 1]), e.range))
            }
            try perform(layer, ops, range) { _ in .deleteSections(sections) }
        case .moveSection(let layer, let fromExpr, let toExpr):
            let from = try integer(fromExpr, "a section number")
            let to = try integer(toExpr, "a section number")
            try perform(layer, [(.moveSection(from: from, to: to), fromExpr.range.union(toExpr.range))], range) {
                _ in .moveSection(from: from, to: to)
            }
        case .reloadSection(let layer, let sectionExpr, let rowsExpr):
            let s = try integer(sectionExpr, "a section number")
            let rows = try rowsExpr.map { (e) throws(ScriptError) -> [String] in try stringList(e) }
            try perform(layer, [(.reloadSection(s, rows: rows), sectionExpr.range)], range) {
                _ in .reloadSections([s])
            }
        case .reset(let layer, let tableExpr):
            let sections = try table(tableExpr)
            if layer == .data {
                try applyData([(.reset(sections), range)])
            } else {
                try checkReplacement(sections, range)
                do { try model.reset(sections) } catch { throw modelFailure(error, at: range) }
                tableBudget = model.size
                called(.reloadData)
                askToLoad()
            }
        case .begin:
            if model.batchDepth == 0 {
                batchOrigin = BatchOrigin(file: file, range: range)
                pendingLocations = []
            }
            called(.beginUpdates)
            model.begin()
        case .end:
            called(.endUpdates)
            do {
                let before = readyCommit()
                if let report = try model.end() {
                    committed(report, before: before, range)
                    batchOrigin = nil
                    pendingLocations = []
                }
            } catch {
                throw modelFailure(error, at: range)
            }
        case .reloadData:
            called(.reloadData)
            do { try model.reloadData() } catch { throw modelFailure(error, at: range) }
            askToLoad()
        case .sectionTitle(let kind, let sectionExpr, let titleExpr):
            let s = try integer(sectionExpr, "a section number")
            let title = try rowText(titleExpr)
            try admit(TableSize(textBytes: title.utf8.count), range)
            let k: TitleKind = kind == .header ? .header : kind == .footer ? .footer : .indexTitle
            do { try model.setTitle(k, section: s, to: title) } catch {
                throw modelFailure(error, at: sectionExpr.range)
            }
        case .apply(let apply):
            try execApply(apply, range)
        case .view(let kind):
            do { try model.refuseInsideBatch("view", instead: "end the batch first") } catch {
                throw modelFailure(error, at: range)
            }
            if model.ios < kind.introduced { throw failure(range, .collectionViewNeedsIOS6(model.ios)) }
            model.view = kind
        case .messages(let style):
            model.messages = style
        case .messagesSuffix(let on):
            model.messagesSuffix = on
        case .ios(let version):
            do { try model.refuseInsideBatch("ios", instead: "end the batch first") } catch {
                throw modelFailure(error, at: range)
            }
            if version < model.view.introduced {
                throw failure(range, .collectionViewNeedsIOS6(version))
            }
            model.ios = version
        case .tableStyle(let grouped):
            model.style = grouped ? .grouped : .plain
        case .show where options.showsJSON, .showJSON:
            io.emit(.shown(ShownEvent(table: shownTableWithoutHooks(), json: true)))
        case .show:
            io.emit(.shown(ShownEvent(table: try shownTable(at: range), json: false)))
            if let warning = syncWarning() { io.emit(.outOfSync(warning)) }
        case .dump:
            io.emit(.output(OutputEvent(kind: .dump, text: JSON.encode(model.dataSource) + "\n")))
        default:
            throw failure(range, .cannotRunHere)
        }
    }

    /// `insert S:R "text"` written with literals, as nearly every line of a generated script is: what
    /// the general form does with its one operation (`perform`), without evaluating a literal or making
    /// an array.
    func execInsert(_ literal: LiteralInsert, _ range: SourceRange) throws(ScriptError) {
        if swipedRow != nil { try closeSwipe(at: range) }
        let p = literal.path.indexPath
        called(.insertRows([p]))
        try submit(.both, .insertRow(p, literal.text), literal.path.range, range)
    }

    /// `delete S:R` written with literals, likewise.
    func execDelete(_ literal: LiteralPath, _ range: SourceRange) throws(ScriptError) {
        if swipedRow != nil { try closeSwipe(at: range) }
        let p = literal.indexPath
        called(.deleteRows([p]))
        try submit(.both, .deleteRow(p), literal.range, range)
    }

    /// `append SECTION VALUES…`: the rows go after the section's last, on the layer the command names.
    func append(
        _ layer: Layer, _ s: Int, _ rows: some Collection<String>, _ sectionRange: SourceRange, _ range: SourceRange
    ) throws(ScriptError) {
        if layer == .data { return try applyData([(.append(section: s, rows: Array(rows)), range)]) }
        var bytes = 0
        for row in rows { bytes += row.utf8.count }
        try admit(TableSize(entries: rows.count, textBytes: bytes), range)
        if tracesCalls, let count = rowCount(s) {
            let paths = (0..<rows.count).map { IndexPath(section: s, row: count &+ $0) }
            called(.insertRows(paths))
        }
        do {
            let before = readyCommit()
            let report =
                if rows.count == 1, let row = rows.first {
                    try model.append(section: s, row: row)
                } else {
                    try model.append(section: s, rows: Array(rows))
                }
            committed(report, before: before, range)
        } catch {
            pendingLocations = [(file, sectionRange)]  // the error is about the section
            throw modelFailure(error, at: range)
        }
    }

    /// Row count of section `s` in the table view, if it exists (for tracing).
    func rowCount(_ s: Int) -> Int? {
        s >= 0 && s < model.tableView.count ? model.tableView[s].rows.count : nil
    }

    /// Sends a command's operations to the layer it names: `data` edits the data source at once; a
    /// plain command or a `table` one goes to `submit`, in one batch of its own when it makes several
    /// outside a batch. The trace first shows `call` of the operations' index paths.
    func perform(
        _ layer: Layer, _ ops: [(edit: Edit, range: SourceRange)], _ range: SourceRange,
        call: ([IndexPath]) -> TableViewCall
    ) throws(ScriptError) {
        if layer == .data { return try applyData(ops.map { (DataEdit($0.edit), $0.range) }) }
        if tracesCalls { called(call(ops.compactMap { $0.edit.update.indexPath })) }
        let implicit = model.batchDepth == 0 && ops.count > 1
        if implicit {
            // Every operation is admitted before the first is queued, so a limit leaves nothing half done.
            for op in ops { try admit(layer, op.edit, op.range) }
            pendingLocations.removeAll(keepingCapacity: true)
            model.begin()
        }
        for op in ops { try submit(layer, op.edit, op.range, range, admitted: implicit) }
        if implicit { try endOwnBatch(range) }
    }

    /// Commits the batch one statement opened for its own operations (several of them outside a batch,
    /// or `apply`'s): its report, or UIKit's complaint as a diagnostic at `range`.
    func endOwnBatch(_ range: SourceRange) throws(ScriptError) {
        let before = readyCommit()
        do {
            if let report = try model.end() { committed(report, before: before, range) }
        } catch {
            throw modelFailure(error, at: range)
        }
        pendingLocations.removeAll(keepingCapacity: true)
    }

    /// Hands one plain (`edit`) or `table` (its update) operation to the model: queued in the open
    /// batch, else committed at once. `opRange` is where its errors point; `range` is the statement's.
    @inline(__always)
    func submit(
        _ layer: Layer, _ edit: Edit, _ opRange: SourceRange, _ range: SourceRange, admitted: Bool = false
    ) throws(ScriptError) {
        if !admitted { try admit(layer, edit, opRange) }
        let inBatch = model.batchDepth > 0
        // A batch's errors point at the operation they are about, so a batch keeps every location.
        if inBatch { pendingLocations.append((file, opRange)) }
        let before = readyCommit()
        let report: CommitReport?
        do {
            report = try layer == .table ? model.tell(edit.update) : model.perform(edit)
        } catch {
            if !inBatch { pendingLocations = [(file, opRange)] }
            throw modelFailure(error, at: range)
        }
        if let report { committed(report, before: before, range) }
    }

    /// Counts what an operation may add against the table limits. Inside a batch every operation is
    /// queued and counts (a `table` one as itself only); outside one only what it adds to the data
    /// source counts, so a full table can still shrink or change in place. One rule for every form a
    /// row command is written in.
    @inline(__always)
    func admit(_ layer: Layer, _ edit: Edit, _ range: SourceRange) throws(ScriptError) {
        if model.batchDepth > 0 {
            try admit(layer == .table ? TableSize(adding: edit.update) : TableSize(adding: edit), range)
        } else if layer != .table {
            try admit(TableSize(growing: edit), range)
        }
    }

    /// Applies `data` edits in order; if one fails, the statement's earlier edits are undone too.
    func applyData(_ edits: [(DataEdit, SourceRange)]) throws(ScriptError) {
        // Keep a copy only when a later edit could fail after an earlier one succeeded: a copy held
        // across an edit makes the model copy its arrays.
        var replaces = false
        for (edit, r) in edits {
            if case .reset(let sections) = edit {
                try checkReplacement(sections, r)
                replaces = true
            } else {
                try admit(TableSize(adding: edit), r)
            }
        }
        defer { if replaces { tableBudget = model.size } }
        let before = edits.count > 1 ? model : nil
        for (index, (edit, r)) in edits.enumerated() {
            do {
                try model.apply(edit)
            } catch {
                // A statement is all or nothing: undo its earlier edits, and (as every failure inside a
                // batch does) abandon the batch.
                if index > 0, let before { model = before }
                if model.batchDepth > 0 { model.abandonBatch() }
                throw modelFailure(error, at: r, keepPosition: true)
            }
        }
    }

    /// The table view before a commit, when someone needs it: every commit event's listener
    /// (`EventDetail.commitTables`), the change view for a statement's first commit (`tablesOfNextCommit`),
    /// or an undo group still keeping its commits. Holding it costs the commit a copy of what it changes,
    /// so a loop of commits that nobody needs it for changes its table in place.
    /// A commit whose tables nobody keeps is described in its report only for the trace, so a loop of
    /// appends in the REPL makes no report per append either (its event is still sent: the change view
    /// counts it).
    @inline(__always)
    func readyCommit() -> [Section]? {
        guard wantsCommitReports else { return nil }
        let keepsTables = eventDetail.contains(.commitTables) || tablesOfNextCommit || undoKeepsCommits
        model.reportsInPlaceChanges = keepsTables || tracesCalls
        return keepsTables ? model.tableView : nil
    }

    /// Sends a commit's event (when wanted) and its warnings. `before` is what `readyCommit` gave
    /// before the commit.
    @inline(__always)
    func committed(_ report: CommitReport, before: [Section]?, _ range: SourceRange) {
        if wantsCommitReports {
            if options.recordsUndo { recordCommit(report, before: before) }
            if tracesCalls { askAfterCommit(report) }
            if eventDetail.contains(.commits) {
                io.emit(
                    .committed(CommitEvent(report: report, before: before, after: before.map { _ in model.tableView })))
                tablesOfNextCommit = false
            }
        }
        if report.hasWarnings {
            for w in report.warnings { self.report(Diagnostic(.warning, file: file, range: range, message: w)) }
            if options.notes {
                for i in report.mergedOperations {
                    let place = i < pendingLocations.count ? pendingLocations[i] : (file: file, range: range)
                    self.report(Diagnostic(RuntimeWarning.mergedDuplicate, .note, file: place.file, range: place.range))
                }
            }
        }
    }

    /// What to write instead of a command the model refuses inside a batch, in the language's words.
    static let insteadInsideBatch = [
        "append": "use 'insert' with the new rows' index paths",
        "reset": "use 'data reset' to change only the data source",
    ]

    /// Turns a model error into a diagnostic at the operation it is about (or `range`), noting where the batch began.
    func modelFailure(_ error: UpdateError, at range: SourceRange, keepPosition: Bool = false) -> ScriptError {
        var error = error
        if case .notInsideBatch(let command, nil)? = error.rule, let instead = Self.insteadInsideBatch[command] {
            error.message = UpdateError.usage(.notInsideBatch(command: command, instead: instead)).message
        }
        var where_ = (file: file, range: range)
        if !keepPosition, let i = error.operationIndex, i >= 0, i < pendingLocations.count {
            where_ = pendingLocations[i]
        } else if !keepPosition, error.kind != .invalidUpdate, model.batchDepth == 0, pendingLocations.count == 1 {
            where_ = pendingLocations[0]  // a usage error about the one operation of a single command
        }
        var notes: [Diagnostic.Note] = []
        if let halves = error.reload {
            // The check failed on a half of a reload the user did not write: say how UIKit split it.
            let name =
                halves.isSection ? "reload section \(halves.deletedAt.section)" : "reload \(halves.deletedAt.notation)"
            let parts =
                halves.isSection
                ? "a delete of section \(halves.deletedAt.section) and an insert of section \(halves.insertedAt.section)"
                : "a delete at \(halves.deletedAt.notation) and an insert at \(halves.insertedAt.notation)"
            notes.append(
                Diagnostic.Note(
                    file: where_.file, range: where_.range,
                    message: "UIKit performs '\(name)' as \(parts) (its index path after the batch's deletes and "
                        + "inserts): the check is about one of the two"))
        }
        if !error.sectionMoves.isEmpty {
            // The row's section is read before or after the batch's section moves, as UIKit reads it.
            let moves = error.sectionMoves.map { "section \($0.from) to \($0.to)" }.joined(separator: ", ")
            notes.append(
                Diagnostic.Note(
                    file: where_.file, range: where_.range,
                    message: "this batch moves \(moves): UIKit reads a delete's, a reload's and a move's source "
                        + "section as it was before the batch, an insert's and a move's destination as it is after it"))
        }
        if let why = Self.collectionViewRule(error.uikit, view: model.view, ios: model.ios) {
            notes.append(Diagnostic.Note(file: where_.file, range: where_.range, message: why))
        }
        if let origin = batchOrigin, model.batchDepth == 0 || error.kind != .usage {
            notes.append(Diagnostic.Note(file: origin.file, range: origin.range, message: "batch began here"))
        }
        if model.batchDepth == 0 {
            batchOrigin = nil
            pendingLocations = []
        }
        if tracesCalls, let rows = error.rowsAfter { askCounts(rows) }
        if eventDetail.contains(.commits) {
            io.emit(
                .rejected(
                    RejectionEvent(
                        kind: error.kind, message: error.message, uikit: error.uikit, rolledBack: model.batchDepth == 0,
                        file: where_.file, range: where_.range, view: model.view, notes: notes)))
        }
        var diagnostic = Diagnostic(file: where_.file, range: where_.range, message: error.message, notes: notes)
        // The model's texts quote no user text, so a line break in one is its own (the modern text's lines).
        diagnostic.keepsLineBreaks = true
        // A learner's first command on the empty table: say how to get a section to put rows in.
        if model.tableView.isEmpty && model.dataSource.isEmpty, error.uikit?.namesNoSections == true {
            diagnostic.hint = "the table has no sections yet: start with 'reset [[\"A\", \"B\"]]' or 'insert section 0'"
        }
        return .runtime(diagnostic)
    }

    /// Why a check is UICollectionView's own (UITableView takes the same batch), or an old UITableView's.
    static func collectionViewRule(_ text: UIKitText?, view: ViewKind, ios: IOSVersion) -> String? {
        switch text {
        case .cannotMoveFromDeletedSection? where view == .table, .cannotMoveIntoInsertedSection? where view == .table:
            let rule = IOSVersion.tableMovesAcrossSections
            return "UITableView raises this \(rule.versions) (the simulated iOS is \(ios)); "
                + "later it accepts the batch and ends the update with reloadData"
        case .cannotMoveFromDeletedSection?, .cannotMoveIntoInsertedSection?:
            return "this check is UICollectionView's own: UITableView accepts the same batch and ends the update "
                + "with reloadData, without animating it"
        case .repeatedInCollectionView?:
            return "this check is UICollectionView's own: UITableView merges a repeated delete or insert into one"
        default:
            return nil
        }
    }

    /// Evaluates a list of strings (a section's rows).
    func stringList(_ expr: Expr) throws(ScriptError) -> [String] {
        let v = try evaluate(expr)
        guard case .list(let list) = v else {
            throw failure(expr.range, .expectedValue(#"a list of strings like ["a", "b"]"#, found: v.found()))
        }
        return try rowTexts(list.elements, expr.range, where: "a row's text")
    }

    /// Evaluates a table: a list of lists of strings, `[["a", "b"], []]`.
    func table(_ expr: Expr) throws(ScriptError) -> [Section] {
        let v = try evaluate(expr)
        guard case .list(let table) = v else {
            throw failure(expr.range, .expectedValue(#"a table like [["a", "b"], ["c"]]"#, found: v.found()))
        }
        var result: [Section] = []
        result.reserveCapacity(table.elements.count)
        for (i, section) in table.elements.enumerated() {
            guard case .list(let rows) = section else {
                throw failure(
                    expr.range,
                    .mustBe(subject: "section \(i) of the table", kind: "a list of strings", found: section.found()))
            }
            result.append(Section(rows: try rowTexts(rows.elements, expr.range, where: "row text in section \(i)")))
        }
        return result
    }

    /// The texts of rows given as values: strings, or integers written in decimal.
    func rowTexts(_ items: [Value], _ range: SourceRange, where what: String) throws(ScriptError) -> [String] {
        var rows: [String] = []
        rows.reserveAdvising(items.count)
        for item in items { rows.append(try rowTextValue(item, range, what: what)) }
        return rows
    }

    /// Whether table-view calls and hooks are sent as events: while tracing, or when the receiver asks.
    var tracesCalls: Bool { options.trace || eventDetail.contains(.calls) }

    /// Sends a table-view call (when calls are sent).
    func called(_ call: @autoclosure () -> TableViewCall) {
        if tracesCalls { io.emit(.tableViewCalled(TableViewCallEvent(call: call(), view: model.view))) }
    }

    /// Sends a warning, a failed expectation or a note.
    func report(_ diagnostic: Diagnostic) {
        io.emit(.diagnostic(diagnostic))
    }
}

extension UIKitText {
    /// Whether the text says there are only 0 sections (before or after the update).
    var namesNoSections: Bool {
        switch self {
        case .deleteMissingSection(_, let n), .deleteRowFromMissingSection(_, let n), .insertSectionPastEnd(_, let n),
            .insertRowIntoMissingSection(_, let n), .moveMissingSection(_, let n), .moveRowFromMissingSection(_, let n),
            .moveSectionPastEnd(_, _, let n), .moveRowIntoMissingSection(_, _, let n):
            n == 0
        default: false
        }
    }
}
