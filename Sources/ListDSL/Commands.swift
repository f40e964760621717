import ListModel

/// One operation a statement hands to the table view: a plain edit or a `table` update.
enum TableOperation {
    case edit(Edit)
    case update(Update)
}

extension TableSize {
    /// The most an operation can add to the table.
    init(adding operation: TableOperation) {
        switch operation {
        case .edit(let edit): self.init(adding: edit)
        case .update(let update): self.init(adding: update)
        }
    }
}

extension Interpreter {
    /// Executes a core command: on both layers, or on one after a `data` or `table` prefix.
    func execCommand(_ statement: Stmt) throws(ScriptError) {
        let range = statement.range
        switch statement.kind {
        case .show, .dump: break  // they only look
        default: if swipedRow != nil { swipedRow = nil }  // as in UIKit, the next change closes a row left open
        }
        switch statement.kind {
        case .insertRows(let layer, let pairs) where pairs.count == 1 && layer != .data:
            // The common single-row command: no arrays, no trace string unless tracing.
            let pair = pairs[0]
            let p = try indexPath(pair.path)
            called("insertRows(at: \(swiftIndexPaths([p])), with: .automatic)")
            let op: TableOperation =
                layer == .table ? .update(.insertRow(p)) : .edit(.insertRow(p, try pair.value.map(rowText) ?? ""))
            try admit(op, pair.path.range)
            try submitOne(op, pair.path.range, range)
        case .deleteRows(let layer, let exprs) where exprs.count == 1 && layer != .data:
            let p = try indexPath(exprs[0])
            called("deleteRows(at: \(swiftIndexPaths([p])), with: .automatic)")
            if model.batchDepth > 0 { try admit(TableSize(entries: 1), exprs[0].range) }
            try submitOne(layer == .table ? .update(.deleteRow(p)) : .edit(.deleteRow(p)), exprs[0].range, range)
        case .insertRows(let layer, let pairs):
            var ops: [(TableOperation, SourceRange)] = []
            var data: [(DataEdit, SourceRange)] = []
            var paths: [IndexPath] = []
            for pair in pairs {
                let p = try indexPath(pair.path)
                paths.append(p)
                switch layer {
                case .both: ops.append((.edit(.insertRow(p, try pair.value.map(rowText) ?? "")), pair.path.range))
                case .table: ops.append((.update(.insertRow(p)), pair.path.range))
                case .data: data.append((.insertRow(p, try pair.value.map(rowText) ?? ""), pair.path.range))
                }
            }
            try dispatch(layer, ops, data, call: "insertRows(at: \(swiftIndexPaths(paths)), with: .automatic)", range)
        case .deleteRows(let layer, let exprs):
            var paths: [IndexPath] = []
            for e in exprs { paths.append(try indexPath(e)) }
            let ranges = exprs.map(\.range)
            try dispatch(
                layer,
                zip(paths, ranges).map { (layer == .table ? .update(.deleteRow($0)) : .edit(.deleteRow($0)), $1) },
                zip(paths, ranges).map { (.deleteRow($0), $1) },
                call: "deleteRows(at: \(swiftIndexPaths(paths)), with: .automatic)", range)
        case .moveRow(let layer, let fromExpr, let toExpr):
            let from = try indexPath(fromExpr)
            let to = try indexPath(toExpr)
            let r = fromExpr.range.union(toExpr.range)
            try dispatch(
                layer,
                [(layer == .table ? .update(.moveRow(from: from, to: to)) : .edit(.moveRow(from: from, to: to)), r)],
                [(.moveRow(from: from, to: to), r)],
                call: "moveRow(at: \(swiftIndexPath(from)), to: \(swiftIndexPath(to)))", range)
        case .reloadRows(let layer, let pairs):
            var ops: [(TableOperation, SourceRange)] = []
            var data: [(DataEdit, SourceRange)] = []
            var paths: [IndexPath] = []
            for pair in pairs {
                let p = try indexPath(pair.path)
                paths.append(p)
                let text = try pair.value.map(rowText)
                ops.append((layer == .table ? .update(.reloadRow(p)) : .edit(.reloadRow(p, text)), pair.path.range))
                data.append((.reloadRow(p, text), pair.path.range))
            }
            try dispatch(layer, ops, data, call: "reloadRows(at: \(swiftIndexPaths(paths)), with: .automatic)", range)
        case .insertSection(let layer, let sectionExpr, let titleExpr):
            let s = try integer(sectionExpr, "a section number")
            let title = try titleExpr.map { (e) throws(ScriptError) -> String in try rowText(e) }
            try dispatch(
                layer,
                [
                    (
                        layer == .table ? .update(.insertSection(s)) : .edit(.insertSection(s, header: title)),
                        sectionExpr.range
                    )
                ],
                [(.insertSection(s, header: title), sectionExpr.range)],
                call: "insertSections([\(s)], with: .automatic)", range)
        case .deleteSections(let layer, let exprs):
            var sections: [Int] = []
            for e in exprs { sections.append(try integer(e, "a section number")) }
            let ranges = exprs.map(\.range)
            try dispatch(
                layer,
                zip(sections, ranges).map {
                    (layer == .table ? .update(.deleteSection($0)) : .edit(.deleteSection($0)), $1)
                },
                zip(sections, ranges).map { (.deleteSection($0), $1) },
                call: "deleteSections(\(sections), with: .automatic)", range)
        case .moveSection(let layer, let fromExpr, let toExpr):
            let from = try integer(fromExpr, "a section number")
            let to = try integer(toExpr, "a section number")
            let r = fromExpr.range.union(toExpr.range)
            try dispatch(
                layer,
                [
                    (
                        layer == .table
                            ? .update(.moveSection(from: from, to: to)) : .edit(.moveSection(from: from, to: to)), r
                    )
                ],
                [(.moveSection(from: from, to: to), r)], call: "moveSection(\(from), toSection: \(to))", range)
        case .reloadSection(let layer, let sectionExpr, let rowsExpr):
            let s = try integer(sectionExpr, "a section number")
            let rows = try rowsExpr.map { (e) throws(ScriptError) -> [String] in try stringList(e) }
            try dispatch(
                layer,
                [
                    (
                        layer == .table ? .update(.reloadSection(s)) : .edit(.reloadSection(s, rows: rows)),
                        sectionExpr.range
                    )
                ],
                [(.reloadSection(s, rows: rows), sectionExpr.range)], call: "reloadSections([\(s)], with: .automatic)",
                range)
        case .append(let layer, let sectionExpr, let valueExprs):
            let s = try integer(sectionExpr, "a section number")
            var rows: [String] = []
            rows.reserveCapacity(valueExprs.count)
            var bytes = 0
            for v in valueExprs {
                let text = try rowText(v)
                bytes += text.utf8.count
                rows.append(text)
            }
            if layer == .data {
                try applyData([(.append(section: s, rows: rows), range)])
            } else {
                try admit(TableSize(entries: rows.count, textBytes: bytes), range)
                if tracesCalls, let count = rowCount(s) {
                    let paths = (0..<rows.count).map { IndexPath(section: s, row: count &+ $0) }
                    called("insertRows(at: \(swiftIndexPaths(paths)), with: .automatic)")
                }
                pendingLocations.removeAll(keepingCapacity: true)
                pendingLocations.append((file, sectionExpr.range))
                do {
                    let before = tableBeforeCommit
                    committed(try model.append(section: s, rows: rows), before: before, range)
                } catch {
                    throw modelFailure(error, at: range)
                }
            }
        case .reset(let layer, let tableExpr):
            let sections = try table(tableExpr)
            if layer == .data {
                try applyData([(.reset(sections), range)])
            } else {
                try checkReplacement(sections, range)
                do { try model.reset(sections) } catch { throw modelFailure(error, at: range) }
                tableBudget = model.size
                called("reloadData()")
            }
        case .begin:
            if model.batchDepth == 0 {
                batchOrigin = BatchOrigin(file: file, range: range)
                pendingLocations = []
            }
            called("beginUpdates()")
            model.begin()
        case .end:
            called("endUpdates()")
            do {
                let before = tableBeforeCommit
                if let report = try model.end() {
                    committed(report, before: before, range)
                    batchOrigin = nil
                    pendingLocations = []
                }
            } catch {
                throw modelFailure(error, at: range)
            }
        case .reloadData:
            called("reloadData()")
            do { try model.reloadData() } catch { throw modelFailure(error, at: range) }
        case .sectionTitle(let kind, let sectionExpr, let titleExpr):
            let s = try integer(sectionExpr, "a section number")
            let title = try rowText(titleExpr)
            try admit(TableSize(textBytes: title.utf8.count), range)
            let k: TitleKind = kind == .header ? .header : kind == .footer ? .footer : .indexTitle
            do { try model.setTitle(k, section: s, to: title) } catch {
                throw modelFailure(error, at: sectionExpr.range)
            }
        case .tableStyle(let grouped):
            model.style = grouped ? .grouped : .plain
        case .show:
            let text = try renderTable(at: range)
            io.emit(.output(OutputEvent(kind: .show, text: text)))
            if let warning = syncWarning() { io.emit(.outOfSync(warning)) }
        case .dump:
            io.emit(.output(OutputEvent(kind: .dump, text: JSON.encode(model.dataSource) + "\n")))
        default:
            throw failure(range, "this statement cannot run here")
        }
    }

    /// Row count of section `s` in the table view, if it exists (for tracing).
    func rowCount(_ s: Int) -> Int? {
        s >= 0 && s < model.tableView.count ? model.tableView[s].rows.count : nil
    }

    /// Sends a statement's operations to the layer it names.
    func dispatch(
        _ layer: Layer, _ ops: @autoclosure () -> [(TableOperation, SourceRange)],
        _ data: @autoclosure () -> [(DataEdit, SourceRange)], call: @autoclosure () -> String, _ range: SourceRange
    ) throws(ScriptError) {
        if layer == .data {
            try applyData(data())
        } else {
            called(call())
            try submit(ops(), range)
        }
    }

    /// Hands plain or table operations to the model: queued in an open batch, else one batch for the statement.
    func submit(_ ops: [(TableOperation, SourceRange)], _ range: SourceRange) throws(ScriptError) {
        let implicit = model.batchDepth == 0 && ops.count > 1
        if model.batchDepth == 0 { pendingLocations.removeAll(keepingCapacity: true) }
        for (op, opRange) in ops { try admit(op, opRange) }
        if implicit { model.begin() }
        do {
            for (op, opRange) in ops {
                pendingLocations.append((file, opRange))
                let before = tableBeforeCommit
                let report: CommitReport?
                switch op {
                case .edit(let e): report = try model.perform(e)
                case .update(let u): report = try model.tell(u)
                }
                if let report { committed(report, before: before, range) }
            }
            let before = tableBeforeCommit
            if implicit, let report = try model.end() { committed(report, before: before, range) }
        } catch {
            throw modelFailure(error, at: range)
        }
        if model.batchDepth == 0 { pendingLocations.removeAll(keepingCapacity: true) }
    }

    /// `insert S:R "text"` or `delete S:R` in compact form (`exec` sends them here, never to
    /// `execCommand`): what its single-row cases do for the general form, in a function small
    /// enough to be cheap to call.
    func execLiteralRow(_ command: LiteralRowCommand, insert: Bool, _ range: SourceRange) throws(ScriptError) {
        if swipedRow != nil { swipedRow = nil }
        let p = IndexPath(section: Int(command.section), row: Int(command.row))
        if insert {
            called("insertRows(at: \(swiftIndexPaths([p])), with: .automatic)")
            try admit(TableSize(entries: 1, textBytes: command.text.utf8.count), range)
            try submitOne(.edit(.insertRow(p, command.text)), command.pathRange(in: range), range)
        } else {
            called("deleteRows(at: \(swiftIndexPaths([p])), with: .automatic)")
            if model.batchDepth > 0 { try admit(TableSize(entries: 1), range) }
            try submitOne(.edit(.deleteRow(p)), command.pathRange(in: range), range)
        }
    }

    /// Hands one plain or table operation to the model (the common case, kept free of arrays).
    func submitOne(_ op: TableOperation, _ opRange: SourceRange, _ range: SourceRange) throws(ScriptError) {
        let inBatch = model.batchDepth > 0
        if inBatch { pendingLocations.append((file, opRange)) }
        let before = tableBeforeCommit
        let report: CommitReport?
        do {
            switch op {
            case .edit(let e): report = try model.perform(e)
            case .update(let u): report = try model.tell(u)
            }
        } catch {
            if !inBatch { pendingLocations = [(file, opRange)] }
            throw modelFailure(error, at: range)
        }
        if let report { committed(report, before: before, range) }
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

    /// The table view before a commit, when commit events are wanted (holding it costs the commit a
    /// copy of what it changes, so only then).
    var tableBeforeCommit: [Section]? {
        eventDetail.contains(.commits) ? model.tableView : nil
    }

    /// Sends a commit's event (when wanted) and its warnings. `before` is `tableBeforeCommit` as it was
    /// before the commit.
    func committed(_ report: CommitReport, before: [Section]?, _ range: SourceRange) {
        if let before {
            io.emit(.committed(CommitEvent(report: report, before: before, after: model.tableView)))
        }
        if report.hasWarnings {
            for w in report.warnings { self.report(Diagnostic(.warning, file: file, range: range, message: w)) }
        }
    }

    /// Turns a model error into a diagnostic at the operation it is about (or `range`), noting where the batch began.
    func modelFailure(_ error: UpdateError, at range: SourceRange, keepPosition: Bool = false) -> ScriptError {
        var where_ = (file: file, range: range)
        if !keepPosition, let i = error.operationIndex, i >= 0, i < pendingLocations.count {
            where_ = pendingLocations[i]
        } else if !keepPosition, error.kind != .invalidUpdate, model.batchDepth == 0, pendingLocations.count == 1 {
            where_ = pendingLocations[0]  // a usage error about the one operation of a single command
        }
        var notes: [Diagnostic.Note] = []
        if let origin = batchOrigin, model.batchDepth == 0 || error.kind != .usage {
            notes.append(Diagnostic.Note(file: origin.file, range: origin.range, message: "batch began here"))
        }
        if model.batchDepth == 0 {
            batchOrigin = nil
            pendingLocations = []
        }
        if eventDetail.contains(.commits) {
            io.emit(
                .rejected(RejectionEvent(kind: error.kind, message: error.message, rolledBack: model.batchDepth == 0)))
        }
        return .runtime(Diagnostic(file: where_.file, range: where_.range, message: error.message, notes: notes))
    }

    /// Evaluates a list of strings (a section's rows).
    func stringList(_ expr: Expr) throws(ScriptError) -> [String] {
        let v = try evaluate(expr)
        guard case .list(let list) = v else {
            throw failure(
                expr.range, "expected a list of strings like [\"a\", \"b\"], found \(v.typeName) \(v.literal)")
        }
        return try rowTexts(list.elements, expr.range, where: "a row's text")
    }

    /// Evaluates a table: a list of lists of strings, `[["a", "b"], []]`.
    func table(_ expr: Expr) throws(ScriptError) -> [Section] {
        let v = try evaluate(expr)
        guard case .list(let table) = v else {
            throw failure(
                expr.range, "expected a table like [[\"a\", \"b\"], [\"c\"]], found \(v.typeName) \(v.literal)")
        }
        var result: [Section] = []
        result.reserveCapacity(table.elements.count)
        for (i, section) in table.elements.enumerated() {
            guard case .list(let rows) = section else {
                throw failure(
                    expr.range,
                    "section \(i) of the table must be a list of strings, found \(section.typeName) \(section.literal)")
            }
            result.append(Section(rows: try rowTexts(rows.elements, expr.range, where: "row text in section \(i)")))
        }
        return result
    }

    /// The texts of rows given as values: strings, or integers written in decimal.
    func rowTexts(_ items: [Value], _ range: SourceRange, where what: String) throws(ScriptError) -> [String] {
        var rows: [String] = []
        rows.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .string(let s): rows.append(s)
            case .integer(let n): rows.append(String(n))
            default: throw failure(range, "\(what) must be a string, found \(item.typeName) \(item.literal)")
            }
        }
        return rows
    }

    /// Whether table-view calls and hooks are sent as events: while tracing, or when the receiver asks.
    var tracesCalls: Bool { options.trace || eventDetail.contains(.calls) }

    /// Sends a table-view call (when calls are sent).
    func called(_ call: @autoclosure () -> String) {
        if tracesCalls { io.emit(.tableViewCalled(call())) }
    }

    /// Sends a warning, a failed expectation or a note.
    func report(_ diagnostic: Diagnostic) {
        io.emit(.diagnostic(diagnostic))
    }
}
