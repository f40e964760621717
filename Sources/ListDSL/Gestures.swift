import ListModel

/// The hooks of SPEC §6: the UIKit method each stands for and the type its answer must have.
enum HookKind: String, CaseIterable {
    case canEdit, editingStyle, commit, canMove, move, targetForMove, deleteTitle, actions, select

    /// The UIKit method, as the trace prints it.
    var method: String {
        switch self {
        case .canEdit: "tableView(_:canEditRowAt:)"
        case .editingStyle: "tableView(_:editingStyleForRowAt:)"
        case .commit: "tableView(_:commit:forRowAt:)"
        case .canMove: "tableView(_:canMoveRowAt:)"
        case .move: "tableView(_:moveRowAt:to:)"
        case .targetForMove: "tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)"
        case .deleteTitle: "tableView(_:titleForDeleteConfirmationButtonForRowAt:)"
        case .actions: "tableView(_:editActionsForRowAt:)"
        case .select: "tableView(_:didSelectRowAt:)"
        }
    }
}

extension Interpreter {
    /// Calls hook `kind` for the row at `path`, or returns `fallback` (UIKit's default) when it is absent.
    ///
    /// `extra` binds the hook's other names (`style`, `source`, `destination`, `proposed`); `arguments`
    /// is how the trace shows the call's arguments.
    func callHook(
        _ kind: HookKind, path: IndexPath, extra: [String: Value] = [:], arguments: String? = nil,
        fallback: Value?, at range: SourceRange
    ) throws(ScriptError) -> Value? {
        let shownArguments = arguments ?? swiftIndexPath(path)
        guard let hook = hooks[kind.rawValue] else {
            if let fallback { trace("\(kind.method) \(shownArguments) -> \(traceText(fallback)) (default)") }
            return fallback
        }
        // A hook that answers nothing is traced as it is called, so the table-view calls it makes
        // follow it in the trace; a hook that answers is traced with its answer.
        let answers = kind != .commit && kind != .move && kind != .select
        if !answers { trace("\(kind.method) \(shownArguments)") }
        var bindings = extra
        bindings["path"] = .indexPath(path)
        bindings["section"] = .integer(path.section)
        bindings["row"] = .integer(path.row)
        let result = try invoke(bindings, file: hook.file, range: range) { () throws(ScriptError) -> Flow in
            switch hook.body {
            case .expression(let e): return .returned(try storable(e))
            case .block(let b): return try exec(b.statements)
            }
        }
        let savedFile = file
        file = hook.file
        defer { file = savedFile }
        let expected: String?
        switch kind {
        case .canEdit, .canMove: expected = result.isBoolean ? nil : "a boolean"
        case .editingStyle: expected = result.isStyle ? nil : "an editing style (delete, insert or none)"
        case .targetForMove: expected = result.isIndexPath ? nil : "an index path"
        case .deleteTitle: expected = result.isString ? nil : "a string"
        case .actions: expected = result.isStringList ? nil : "a list of strings"
        case .commit, .move, .select: expected = nil
        }
        if let expected {
            throw failure(
                hook.nameRange,
                "hook '\(kind.rawValue)' must return \(expected), but returned \(result.typeName) \(result.literal)")
        }
        if answers { trace("\(kind.method) \(shownArguments) -> \(traceText(result))") }
        return result
    }

    /// A value as the trace shows an answer.
    func traceText(_ v: Value) -> String {
        switch v {
        case .style(let s): ".\(s.rawValue)"
        case .indexPath(let p): swiftIndexPath(p)
        default: v.literal
        }
    }

    /// Whether a hook named `kind` is declared.
    func hasHook(_ kind: HookKind) -> Bool { hooks[kind.rawValue] != nil }

    /// Checks that `path` names a row the table view shows.
    func requireRow(_ path: IndexPath, _ range: SourceRange) throws(ScriptError) {
        let sections = model.tableView
        guard path.section >= 0 && path.section < sections.count else {
            throw failure(range, "no section \(path.section) in the table view: it has \(sections.count) section\(sections.count == 1 ? "" : "s")")
        }
        let count = sections[path.section].rows.count
        guard path.row >= 0 && path.row < count else {
            throw failure(range, "no row \(path.section):\(path.row) in the table view: section \(path.section) has \(count) row\(count == 1 ? "" : "s")")
        }
    }

    /// Checks that a row can be dropped at `path` (the row leaves its old place first).
    func requireDropTarget(_ path: IndexPath, from source: IndexPath, _ range: SourceRange, _ what: String) throws(ScriptError) {
        let sections = model.tableView
        guard path.section >= 0 && path.section < sections.count else {
            throw failure(range, "\(what) \(path.section):\(path.row) is not in the table view: it has \(sections.count) section\(sections.count == 1 ? "" : "s")")
        }
        let limit = sections[path.section].rows.count - (path.section == source.section ? 1 : 0)
        guard path.row >= 0 && path.row <= limit else {
            throw failure(range, "\(what) \(path.section):\(path.row) is not in the table view: a row dropped in section \(path.section) can go to rows 0...\(limit)")
        }
    }

    /// Runs a gesture (SPEC §6); on an error the model is left as it was before the gesture.
    func execGesture(_ statement: Stmt) throws(ScriptError) {
        let before = model
        let savedOrigin = batchOrigin
        let savedPending = pendingLocations
        do {
            try runGesture(statement)
        } catch {
            model = before
            batchOrigin = savedOrigin
            pendingLocations = savedPending
            throw error
        }
    }

    /// The gesture flows themselves.
    private func runGesture(_ statement: Stmt) throws(ScriptError) {
        let range = statement.range
        switch statement.kind {
        case .edit(let on):
            trace("setEditing(\(on), animated: true)")
            model.isEditing = on
            swipedRow = nil
        case .tap(let pathExpr):
            let path = try indexPath(pathExpr)
            guard model.isEditing else {
                throw failure(range, "tap needs editing mode: the editing controls show only after 'edit on'", hint: "to delete a row outside editing mode, use 'swipe \(path.section):\(path.row)'")
            }
            try requireRow(path, pathExpr.range)
            guard try callHook(.canEdit, path: path, fallback: .boolean(true), at: range) == .boolean(true) else {
                note(range, "row \(path.section):\(path.row) cannot be edited (canEdit is false): it has no editing control to tap")
                return
            }
            guard case .style(let style)? = try callHook(.editingStyle, path: path, fallback: .style(.delete), at: range) else { return }
            if style == .none {
                note(range, "row \(path.section):\(path.row) has no editing control (its editing style is none)")
                return
            }
            if style == .delete {
                _ = try callHook(.deleteTitle, path: path, fallback: .string("Delete"), at: range)
            }
            try commit(style, path, range)
        case .swipe(let pathExpr):
            let path = try indexPath(pathExpr)
            try requireRow(path, pathExpr.range)
            if model.isEditing {
                note(range, "swipe to delete is not available in editing mode: tap the row's control instead")
                return
            }
            guard hasHook(.commit) else {
                note(range, "swipe does nothing: swipe to delete is enabled only when the data source implements tableView(_:commit:forRowAt:) (on commit { … })")
                return
            }
            guard try callHook(.canEdit, path: path, fallback: .boolean(true), at: range) == .boolean(true) else {
                note(range, "row \(path.section):\(path.row) cannot be edited (canEdit is false): nothing to swipe")
                return
            }
            guard try callHook(.editingStyle, path: path, fallback: .style(.delete), at: range) == .style(.delete) else {
                note(range, "row \(path.section):\(path.row) does not swipe to delete: its editing style is not delete")
                return
            }
            let title = try callHook(.deleteTitle, path: path, fallback: .string("Delete"), at: range)?.text ?? "Delete"
            var buttons = [title]
            if hasHook(.actions), case .list(let items)? = try callHook(.actions, path: path, fallback: nil, at: range) {
                buttons = items.map(\.text)
            }
            swipedRow = (path, buttons)
            trace("swipe revealed \(buttons.map { "[\($0)]" }.joined(separator: " ")) on \(swiftIndexPath(path)); tapping [\(buttons.first ?? title)]")
            guard buttons.first == title else {
                note(range, "the first action is '\(buttons.first ?? "")', not the delete button '\(title)': nothing is committed")
                return
            }
            swipedRow = nil
            try commit(.delete, path, range)
        case .drag(let fromExpr, let toExpr):
            let source = try indexPath(fromExpr)
            let proposed = try indexPath(toExpr)
            guard model.isEditing else {
                throw failure(range, "drag needs editing mode: the reorder controls show only after 'edit on'")
            }
            try requireRow(source, fromExpr.range)
            try requireDropTarget(proposed, from: source, toExpr.range, "destination")
            guard try callHook(.canMove, path: source, fallback: .boolean(hasHook(.move)), at: range) == .boolean(true) else {
                note(range, hasHook(.move)
                    ? "row \(source.section):\(source.row) cannot move (canMove is false): it has no reorder control"
                    : "row \(source.section):\(source.row) cannot move: without a move hook (tableView(_:moveRowAt:to:)) there are no reorder controls")
                return
            }
            guard hasHook(.move) else {
                note(range, "no reorder control: the data source does not implement tableView(_:moveRowAt:to:) (on move { … })")
                return
            }
            let targetValue = try callHook(
                .targetForMove, path: source, extra: ["source": .indexPath(source), "proposed": .indexPath(proposed)],
                arguments: "\(swiftIndexPath(source)) \(swiftIndexPath(proposed))", fallback: .indexPath(proposed), at: range)
            guard case .indexPath(let target)? = targetValue else { return }
            if hasHook(.targetForMove) {
                try requireDropTarget(target, from: source, hooks[HookKind.targetForMove.rawValue]?.nameRange ?? range, "targetForMove returned")
            }
            do { try model.moveRowInTableView(from: source, to: target) } catch { throw modelFailure(error, at: range) }
            _ = try callHook(
                .move, path: source, extra: ["source": .indexPath(source), "destination": .indexPath(target)],
                arguments: "\(swiftIndexPath(source)) \(swiftIndexPath(target))", fallback: nil, at: range)
            if !model.isInSync {
                io.report(Diagnostic(.warning, file: file, range: range, message: "the move hook did not update the data source: the table view is now out of sync with it", hint: "move the row in the data source with 'data move source to destination'"))
            }
        case .select(let pathExpr):
            let path = try indexPath(pathExpr)
            try requireRow(path, pathExpr.range)
            do { try model.select(path) } catch { throw modelFailure(error, at: pathExpr.range) }
            _ = try callHook(.select, path: path, fallback: nil, at: range)
        default:
            throw failure(range, "this statement is not a gesture")
        }
    }

    /// Calls the commit hook for `style` at `path`, or says that nothing happens without one.
    private func commit(_ style: EditingStyle, _ path: IndexPath, _ range: SourceRange) throws(ScriptError) {
        guard hasHook(.commit) else {
            note(range, "nothing happens: the data source does not implement tableView(_:commit:forRowAt:) (on commit { … })")
            return
        }
        _ = try callHook(.commit, path: path, extra: ["style": .style(style)], arguments: ".\(style.rawValue) \(swiftIndexPath(path))", fallback: nil, at: range)
    }

    /// Tells the user why a gesture did nothing (a warning on standard error).
    func note(_ range: SourceRange, _ message: String) {
        io.report(Diagnostic(.warning, file: file, range: range, message: message))
    }
}

extension Value {
    var isBoolean: Bool { if case .boolean = self { true } else { false } }
    var isStyle: Bool { if case .style = self { true } else { false } }
    var isIndexPath: Bool { if case .indexPath = self { true } else { false } }
    var isString: Bool { if case .string = self { true } else { false } }
    var isStringList: Bool {
        if case .list(let items) = self { return items.allSatisfy(\.isString) }
        return false
    }
}
