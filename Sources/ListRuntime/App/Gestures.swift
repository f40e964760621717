import ListFormats
import ListLanguage
import ListModel

/// The hooks (grammar.md §7), whose methods and answer types `Vocabulary` gives; here, what the
/// interpreter needs to check an answer.
enum HookKind: String, CaseIterable {
    case canEdit, editingStyle, commit, canMove, move, targetForMove, deleteTitle, actions, select, willBeginEditing,
        didEndEditing, sectionIndexTitles, sectionForIndexTitle, accessory, accessoryTapped

    /// The accessory types UITableViewCell draws, as the `accessory` hook names them.
    static let accessoryTypes = ["none", "disclosureIndicator", "detailButton", "detailDisclosureButton", "checkmark"]

    /// The UIKit method, as the trace prints it (from `Vocabulary`).
    var method: String { Vocabulary.hooks[rawValue]?.method ?? rawValue }

    /// The answer this hook must give, as messages name it; nil for the hooks that answer nothing.
    var answerType: String? { Vocabulary.hooks[rawValue]?.answer }

    /// Whether `value` is an answer of the right type.
    func accepts(_ value: Value) -> Bool {
        switch (self, value) {
        case (.canEdit, .boolean), (.canMove, .boolean), (.editingStyle, .style), (.targetForMove, .indexPath),
            (.deleteTitle, .string):
            return true
        case (.sectionForIndexTitle, .integer): return true
        case (.accessory, .string(let type)): return HookKind.accessoryTypes.contains(type)
        case (.accessoryTapped, _): return true
        case (.actions, .list(let items)), (.sectionIndexTitles, .list(let items)):
            return items.elements.allSatisfy { if case .string = $0 { true } else { false } }
        case (.commit, _), (.move, _), (.select, _):
            return true
        default:
            return false
        }
    }
}

extension Interpreter {
    /// Calls hook `kind` for the row at `path`, or returns `fallback` (UIKit's default) when it is absent.
    ///
    /// `extra` binds the hook's other names (`style`, `source`, `destination`, `proposed`); `arguments`
    /// is how the trace shows the call's arguments. `caller` and `range` name the gesture (or `show`) that
    /// asks: an error inside the outermost hook gets a note pointing there.
    func callHook(
        _ kind: HookKind, path: IndexPath, extra: [String: Value] = [:], arguments: String? = nil,
        fallback: Value?, by caller: String, at range: SourceRange, bindsPath: Bool = true,
        closing swipe: IndexPath? = nil
    ) throws(ScriptError) -> Value? {
        let shownArguments = arguments ?? swiftIndexPath(path)
        let method = CollectionViewNames.method(kind.method, in: model.view)
        guard let hook = hooks[kind.rawValue] else {
            // UIKit does not call a method the app does not implement; the trace shows the answer it assumes.
            if let fallback, tracesCalls {
                io.emit(
                    .hookAsked(
                        HookEvent(
                            method: method, arguments: shownArguments, answer: traceText(fallback),
                            isDefault: true)))
            }
            return fallback
        }
        // A hook that answers nothing is traced as it is called, so the table-view calls it makes
        // follow it in the trace; a hook that answers is traced with its answer.
        if kind.answerType == nil, tracesCalls {
            io.emit(
                .hookAsked(HookEvent(method: method, arguments: shownArguments, answer: nil, isDefault: false)))
        }
        // In the names' order: a lesson lists a hook's locals as they are bound.
        var bindings = extra.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
        if bindsPath {
            bindings += [("path", .indexPath(path)), ("section", .integer(path.section)), ("row", .integer(path.row))]
        }
        let start = variables.locals.bindings.count
        for (name, value) in bindings { variables.pushBinding(variables.number(of: name), value) }
        let caller = (file: file, range: range, word: caller)
        hookDepth += 1
        let tracked = statementEvents
        if tracked { callFrames.append(CallFrame(name: kind.rawValue, method: method, bindingStart: start)) }
        defer {
            hookDepth -= 1
            if tracked { callFrames.removeLast() }
        }
        do throws(ScriptError) {
            let result = try invoke(argumentsFrom: start, file: hook.file, range: range, hook.body)
            if let expected = kind.answerType, !kind.accepts(result) {
                let found = result == .nothing ? nil : result.found()
                throw ScriptError.runtime(
                    Diagnostic(
                        RuntimeError.hookAnswer(hook: kind.rawValue, expected: expected, found: found), file: hook.file,
                        range: hook.nameRange))
            }
            if kind.answerType != nil, tracesCalls {
                io.emit(
                    .hookAsked(
                        HookEvent(
                            method: method, arguments: shownArguments, answer: traceText(result), isDefault: false
                        )))
            }
            return result
        } catch {
            guard hookDepth == 1, case .runtime(var d) = error else { throw error }
            let what = swipe.map { "closed row \($0.section):\($0.row), which called" } ?? "called"
            d.notes.append(
                Diagnostic.Note(
                    file: caller.file, range: caller.range,
                    message: "'\(caller.word)' \(what) \(method) (hook '\(kind.rawValue)') here"))
            if let swipe, let origin = swipeOrigin {
                d.notes.append(
                    Diagnostic.Note(
                        file: origin.file, range: origin.range,
                        message: "row \(swipe.section):\(swipe.row) was swiped open here"))
            }
            throw .runtime(d)
        }
    }

    /// A value as the trace shows an answer.
    func traceText(_ v: Value) -> String {
        switch v {
        case .style(let s): ".\(s.rawValue)"
        case .indexPath(let p): swiftIndexPath(p)
        default: v.literal
        }
    }

    /// A trace line for something the table view does that is not a call into the app (`# …`).
    func traceEvent(_ text: @autoclosure () -> String, moved: RowChange? = nil) {
        if tracesCalls { io.emit(.tableViewDid(text(), table: model.tableView, moved: moved)) }
    }

    /// Whether a hook named `kind` is declared.
    func hasHook(_ kind: HookKind) -> Bool { hooks[kind.rawValue] != nil }

    /// Checks that `path` names a row the table view shows.
    func requireRow(_ path: IndexPath, _ range: SourceRange) throws(ScriptError) {
        let sections = model.tableView
        guard path.section >= 0 && path.section < sections.count else {
            throw failure(range, .noTableRow(path, sections: sections.count, rows: 0))
        }
        let count = sections[path.section].rows.count
        guard path.row >= 0 && path.row < count else {
            throw failure(range, .noTableRow(path, sections: nil, rows: count))
        }
    }

    /// Why a row dragged from `source` cannot be dropped at `path` (the row leaves its old place first),
    /// or nil when it can.
    func dropProblem(_ path: IndexPath, from source: IndexPath) -> String? {
        let sections = model.tableView
        guard path.section >= 0 && path.section < sections.count else {
            return "the table view has \(counted(sections.count, "section"))"
        }
        let within = path.section == source.section
        let limit = sections[path.section].rows.count - (within ? 1 : 0)
        guard path.row >= 0 && path.row <= limit else {
            let how = within ? "dragged within" : "dragged into"
            return "a row \(how) section \(path.section) can be dropped at rows 0 to \(limit)"
        }
        return nil
    }

    /// Runs a gesture (grammar.md §7); on an error the model is left as it was before the gesture.
    func execGesture(_ statement: Stmt) throws(ScriptError) {
        try atomically { () throws(ScriptError) in
            // A new touch closes a row left open, as it does in UIKit.
            let wasOpen = swipedRow != nil
            try closeSwipe(at: statement.range)
            if case .swipeClose = statement.kind {
                if !wasOpen { note(statement.range, .noSwipedRow) }
                return
            }
            try runGesture(statement)
        }
    }

    /// Runs `body`, which calls hooks that may edit the model; if it fails, the model, the batch in
    /// progress and the row left open are put back as they were, so a failed statement changes nothing.
    func atomically<T>(_ body: () throws(ScriptError) -> T) throws(ScriptError) -> T {
        let before = model
        let savedOrigin = batchOrigin
        let savedPending = pendingLocations
        let savedSwipe = swipedRow
        do {
            return try body()
        } catch {
            model = before
            batchOrigin = savedOrigin
            pendingLocations = savedPending
            swipedRow = savedSwipe
            throw error
        }
    }

    /// Runs `body` aside from the session: afterwards the app state, the scopes (the
    /// asking may happen inside a running hook or procedure), failed expectations, the last caught error,
    /// the step count and the limits are as before, so a hook with side effects changes nothing. `body`
    /// may take at most `budget` steps (a hook that loops is cut short). A lesson frame asks the editing
    /// controls so.
    /// (Not generic: Embedded Swift would emit a generic one in its callers' modules, where the scopes'
    /// type is not visible.)
    public func aside(steps budget: Int, _ body: (Interpreter) -> Void) {
        let saved = snapshot()
        var locals: Variables.Locals? = variables.locals.snapshot()
        let failed = failedExpectations
        let lastError = lastCaughtError
        let steps = self.steps
        let limits = options.limits
        options.limits.steps = min(limits.steps ?? Int.max, steps &+ budget)
        defer {
            restore(saved)
            if let locals = locals.take() { variables.locals = locals }
            failedExpectations = failed
            lastCaughtError = lastError
            options.limits = limits
            self.steps = steps
        }
        body(self)
    }

    /// The section index's titles: the `sectionIndexTitles` hook's answer, else the sections' index
    /// titles (`indexTitle N TITLE`), as the data source gives them.
    func indexTitles(by caller: String, at range: SourceRange) throws(ScriptError) -> [String] {
        guard hooks[HookKind.sectionIndexTitles.rawValue] != nil else {
            return model.tableView.compactMap { $0.indexTitle }
        }
        let answer = try callHook(
            .sectionIndexTitles, path: IndexPath(section: 0, row: 0), arguments: "", fallback: nil, by: caller,
            at: range, bindsPath: false)
        guard case .list(let titles)? = answer else { return [] }
        return titles.elements.map { if case .string(let s) = $0 { s } else { $0.literal } }
    }

    /// `tap index TITLE`: the table view finds the title in the section index, asks the data source which
    /// section it means, and scrolls there.
    private func tapIndex(_ titleExpr: Expr, at range: SourceRange) throws(ScriptError) {
        let title = try rowText(titleExpr)
        let titles = try indexTitles(by: "tap", at: range)
        guard let index = titles.firstIndex(of: title) else {
            throw failure(titleExpr.range, .noIndexTitle(title, titles: titles))
        }
        let answer = try callHook(
            .sectionForIndexTitle, path: IndexPath(section: 0, row: 0),
            extra: ["title": .string(title), "index": .integer(index)],
            arguments: "\(Value.quoted(title)) \(index)", fallback: .integer(index), by: "tap", at: range,
            bindsPath: false)
        guard case .integer(let section)? = answer else { return }
        let count = model.tableView.count
        guard section >= 0 && section < count else {
            let error = RuntimeError.indexSectionOutOfRange(section, title: title, sections: count)
            if let hook = hooks[HookKind.sectionForIndexTitle.rawValue] {
                throw .runtime(
                    Diagnostic(
                        error, file: hook.file, range: hook.nameRange,
                        notes: [
                            Diagnostic.Note(file: file, range: range, message: "'tap index' asked for the section here")
                        ]))
            }
            throw failure(range, error)
        }
        traceEvent("the \(model.view.name) scrolls to section \(section)")
        scrolledSection = Int(section)
    }

    /// The accessory the data source gives the cell at `path`: the `accessory` hook's answer, else the
    /// one kept for the cell's item (`accessory PATH TYPE`), else `none`.
    func accessoryType(_ path: IndexPath, by caller: String, at range: SourceRange) throws(ScriptError) -> String {
        guard hooks[HookKind.accessory.rawValue] != nil else {
            let cells = model.tableView
            guard !accessories.isEmpty, path.section >= 0, path.section < cells.count, path.row >= 0,
                path.row < cells[path.section].rows.count
            else { return "none" }
            return accessories[cells[path.section].rows[path.row]] ?? "none"
        }
        guard case .string(let type)? = try callHook(.accessory, path: path, fallback: nil, by: caller, at: range)
        else { return "none" }
        return type
    }

    /// Whether any cell may show an accessory (a table view with an accessory hook or kept accessories).
    var hasAccessories: Bool {
        (hooks[HookKind.accessory.rawValue] != nil || !accessories.isEmpty) && model.view == .table
    }

    /// `tap accessory PATH`: a detail button calls `accessoryTapped`; other accessories are not buttons.
    private func tapAccessory(_ pathExpr: Expr, at range: SourceRange) throws(ScriptError) {
        let path = try indexPath(pathExpr)
        try requireRow(path, pathExpr.range)
        let type = try accessoryType(path, by: "tap", at: range)
        guard type == "detailButton" || type == "detailDisclosureButton" else {
            note(range, .noAccessoryButton(path, type: type))
            return
        }
        traceEvent("row \(swiftIndexPath(path))'s detail button is tapped")
        _ = try callHook(.accessoryTapped, path: path, fallback: nil, by: "tap", at: range)
    }

    /// Closes the row a swipe left open, if any: it leaves its editing state and the delegate hears
    /// `tableView(_:didEndEditingRowAt:)`.
    ///
    /// The table view ends its editing before it tells the delegate, so when the hook fails the row stays
    /// closed even when the failed statement is put back (`closedDespiteFailure`): otherwise every later
    /// change would close it, and fail, again.
    func closeSwipe(at range: SourceRange) throws(ScriptError) {
        guard let open = swipedRow else { return }
        swipedRow = nil
        traceEvent("row \(swiftIndexPath(open.path)) closes: the table view ends its editing")
        let word = String(file.text(range).prefix { $0.isLetter })
        do {
            _ = try callHook(
                .didEndEditing, path: open.path, fallback: nil, by: word.isEmpty ? "swipe" : word, at: range,
                closing: open.path)
        } catch {
            closedDespiteFailure = open.path
            throw error
        }
    }

    /// The gesture flows themselves.
    private func runGesture(_ statement: Stmt) throws(ScriptError) {
        let range = statement.range
        switch statement.kind {
        case .edit(let on):
            called(.setEditing(on))
            model.isEditing = on
        case .tap(let pathExpr):
            if model.view == .collection { throw failure(range, .noCollectionViewEquivalent("tap")) }
            let path = try indexPath(pathExpr)
            try requireRow(path, pathExpr.range)
            guard model.isEditing else {
                throw failure(range, .tapNeedsEditing(path))
            }
            try tap(path, at: range)
        case .tapIndex(let titleExpr):
            try tapIndex(titleExpr, at: range)
        case .tapAccessory(let pathExpr):
            if model.view == .collection { throw failure(range, .noCollectionViewEquivalent("tap accessory")) }
            try tapAccessory(pathExpr, at: range)
        case .swipe(let pathExpr):
            if model.view == .collection { throw failure(range, .noCollectionViewEquivalent("swipe")) }
            let path = try indexPath(pathExpr)
            try requireRow(path, pathExpr.range)
            try swipe(path, at: range)
        case .drag(let fromExpr, let toExpr):
            let source = try indexPath(fromExpr)
            let proposed = try indexPath(toExpr)
            try requireRow(source, fromExpr.range)
            if let problem = dropProblem(proposed, from: source) {
                throw failure(toExpr.range, .cannotDrop(from: source, at: proposed, reason: problem))
            }
            guard model.isEditing else {
                throw failure(range, .dragNeedsEditing)
            }
            try drag(source, to: proposed, at: range)
        case .select(let pathExpr):
            let path = try indexPath(pathExpr)
            try requireRow(path, pathExpr.range)
            guard !model.isEditing else {
                note(range, .noSelectionWhileEditing(model.view))
                return
            }
            do { try model.select(path) } catch { throw modelFailure(error, at: pathExpr.range) }
            _ = try callHook(.select, path: path, fallback: nil, by: "select", at: range)
        default:
            throw failure(range, .notAGesture)
        }
    }

    /// `tap PATH` in editing mode: the row's editing control. ⊕ commits an insert at once; ⊖ shows the
    /// delete confirmation, which is then tapped.
    private func tap(_ path: IndexPath, at range: SourceRange) throws(ScriptError) {
        guard try callHook(.canEdit, path: path, fallback: .boolean(true), by: "tap", at: range) == .boolean(true)
        else {
            note(range, .cannotEditNoControl(path))
            return
        }
        let answer = try callHook(.editingStyle, path: path, fallback: .style(.delete), by: "tap", at: range)
        switch answer {
        case .style(.insert)?:
            try commit(.insert, path, by: "tap", at: range)
        case .style(.delete)?:
            try confirmDelete(path, by: "tap", at: range)
        default:
            note(range, .noEditingControl(path))
        }
    }

    /// `swipe PATH`: swipe to delete, outside editing mode, for rows whose editing style is delete.
    private func swipe(_ path: IndexPath, at range: SourceRange) throws(ScriptError) {
        guard !model.isEditing else {
            note(range, .swipeWhileEditing(path))
            return
        }
        // UIKit enables swipe to delete only for a data source that implements commit; it asks nothing else.
        guard hasHook(.commit) else {
            note(range, .swipeWithoutCommit)
            return
        }
        guard try callHook(.canEdit, path: path, fallback: .boolean(true), by: "swipe", at: range) == .boolean(true)
        else {
            note(range, .cannotEditNoSwipe(path))
            return
        }
        let style = try callHook(.editingStyle, path: path, fallback: .style(.delete), by: "swipe", at: range)
        guard style == .style(.delete) else {
            note(range, .swipeNotDelete(path, style: style?.literal ?? "none"))
            return
        }
        // The row opens: the table view is in editing for this row until it closes.
        _ = try callHook(.willBeginEditing, path: path, fallback: nil, by: "swipe", at: range)
        traceEvent("row \(swiftIndexPath(path)) opens: the table view begins editing it")
        try confirmDelete(path, by: "swipe", at: range)
        if swipedRow == nil {
            // The delete was tapped and the row went: the swipe ends with it.
            traceEvent("row \(swiftIndexPath(path)) closes: the table view ends its editing")
            _ = try callHook(.didEndEditing, path: path, fallback: nil, by: "swipe", at: range)
        }
    }

    /// The delete confirmation, after a tap on ⊖ or a swipe: the row shows the row actions when the delegate
    /// gives some, else its delete button, which is tapped (a full swipe) and commits the delete.
    ///
    /// Row actions run the app's own handlers, which a script cannot write: the row stays open showing them.
    /// When commit leaves the row where it was, the delete button stays showing, as it does in UIKit.
    private func confirmDelete(_ path: IndexPath, by caller: String, at range: SourceRange) throws(ScriptError) {
        if hasHook(.actions) {
            guard case .list(let items)? = try callHook(.actions, path: path, fallback: nil, by: caller, at: range)
            else {
                return
            }
            let titles = items.elements.map { if case .string(let s) = $0 { s } else { $0.literal } }
            guard !titles.isEmpty else {
                note(range, .noActions(path))
                return
            }
            swipedRow = (path, titles)
            swipeOrigin = (file, range)
            traceEvent("row \(swiftIndexPath(path)) shows the row actions \(buttons(titles))")
            note(range, .actionsShown(path, buttons: buttons(titles), caller: caller))
            return
        }
        var title = "Delete"
        if case .string(let answer)? = try callHook(
            .deleteTitle, path: path, fallback: .string("Delete"), by: caller, at: range)
        {
            title = answer
        }
        traceEvent("row \(swiftIndexPath(path)) shows its delete button \(buttons([title])); tapping it")
        let before = model.tableView
        try commit(.delete, path, by: caller, at: range)
        if model.tableView == before {
            swipedRow = (path, [title])
            swipeOrigin = (file, range)
        }
    }

    /// `drag SOURCE to PROPOSED` in editing mode: canMove → targetForMove → the table view moves its row →
    /// the move hook, which must move the row in the data source too.
    private func drag(_ source: IndexPath, to proposed: IndexPath, at range: SourceRange) throws(ScriptError) {
        // Without moveRowAt the table view shows no reorder controls and asks nothing.
        guard let moveHook = hooks[HookKind.move.rawValue] else {
            note(range, .noReorderControl(source))
            return
        }
        guard try callHook(.canMove, path: source, fallback: .boolean(true), by: "drag", at: range) == .boolean(true)
        else {
            note(range, .cannotMove(source))
            return
        }
        let answer = try callHook(
            .targetForMove, path: source, extra: ["source": .indexPath(source), "proposed": .indexPath(proposed)],
            arguments: "\(swiftIndexPath(source)) \(swiftIndexPath(proposed))", fallback: .indexPath(proposed),
            by: "drag", at: range)
        guard case .indexPath(let target)? = answer else { return }
        if let problem = dropProblem(target, from: source), let hook = hooks[HookKind.targetForMove.rawValue] {
            throw .runtime(
                Diagnostic(
                    RuntimeError.hookDropTarget(target, row: source, reason: problem), file: hook.file,
                    range: hook.nameRange,
                    notes: [Diagnostic.Note(file: file, range: range, message: "'drag' asked for the destination here")]
                ))
        }
        let wasInSync = model.isInSync
        do { try model.moveRowInTableView(from: source, to: target) } catch { throw modelFailure(error, at: range) }
        traceEvent(
            "the \(model.view.name) moves its \(model.view.item) \(swiftIndexPath(source)) to \(swiftIndexPath(target))",
            moved: RowChange(from: source, to: target))
        _ = try callHook(
            .move, path: source, extra: ["source": .indexPath(source), "destination": .indexPath(target)],
            arguments: "\(swiftIndexPath(source)) \(swiftIndexPath(target))", fallback: nil, by: "drag", at: range)
        if wasInSync && !model.isInSync {
            report(
                Diagnostic(
                    RuntimeWarning.moveHookOutOfSync, .warning, file: file, range: range,
                    notes: [Diagnostic.Note(file: moveHook.file, range: moveHook.nameRange, message: "the move hook")]))
        }
    }

    /// Calls the commit hook for `style` at `path`, or says that nothing happens without one.
    private func commit(_ style: EditingStyle, _ path: IndexPath, by caller: String, at range: SourceRange)
        throws(ScriptError)
    {
        guard hasHook(.commit) else {
            note(range, .noCommitHook)
            return
        }
        _ = try callHook(
            .commit, path: path, extra: ["style": .style(style)],
            arguments: ".\(style.rawValue) \(swiftIndexPath(path))",
            fallback: nil, by: caller, at: range)
    }

    /// Buttons as `show` and the trace draw them: `[Delete] [More]`.
    func buttons(_ titles: [String]) -> String {
        titles.map { "[\($0)]" }.joined(separator: " ")
    }

    /// Tells the user why a gesture did nothing (a warning on standard error).
    func note(_ range: SourceRange, _ warning: RuntimeWarning) {
        report(Diagnostic(warning, .warning, file: file, range: range))
    }
}
