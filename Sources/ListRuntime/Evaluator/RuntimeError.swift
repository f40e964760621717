import ListFormats
import ListLanguage
import ListModel

/// Every error a running script can meet outside UIKit's own (those are `UIKitMessages`), with the
/// data its text needs. `message` and `hint` are the one catalogue of their words.
public enum RuntimeError: CatalogueError, Equatable {
    // MARK: Values and types
    /// A call with the wrong number of arguments; `callee` is `rows()` or `procedure 'fill'`.
    case argumentCount(callee: String, expected: Int, given: Int)
    /// A built-in's argument of the wrong kind: `rows() needs a section number, found …`.
    case argumentType(function: String, needs: String, found: Found)
    /// A value of the wrong kind where a rule names it: `condition must be a boolean, found …`.
    case mustBe(subject: String, kind: String, found: Found)
    /// A value of the wrong kind where a form is expected: `expected an index path like 0:1, found …`.
    case expectedValue(String, found: Found)
    /// A statement given the wrong kind of value: `run needs a file name string, found …`.
    case statementNeeds(statement: String, needs: String, found: Found)
    /// `for` over something that is not a range or a list.
    case notIterable(Found)
    /// A call of a procedure that gives no value, used as a value.
    case noValue
    /// An operator that does not apply to its operand(s).
    case cannotApply(op: String, to: String, stringConcatenation: Bool)
    /// `<` between values of different types.
    case cannotCompare(String, String, op: String)
    /// `x.name` for a member `x` does not have.
    case noMember(type: String, name: String)
    /// `x[i]` on something that cannot be indexed.
    case cannotIndex(Found)
    /// An index past the end: `what` is "a list of 3 elements", or the range's literal.
    case indexOutOfRange(Int64, in: String)
    /// `int("x")`.
    case notAnInteger(String)
    /// A range too long to count.
    case rangeTooLong
    /// Integer arithmetic that does not fit in 64 bits (`Int64`, on every platform), as written (`-(…)`, `a * b`).
    case overflow(String)
    /// `a / 0` or `a % 0`.
    case divisionByZero(String)

    // MARK: Names
    /// A variable that is not declared; `candidates` are the names in sight, for "did you mean".
    case unknownName(String, candidates: [String])
    /// A call of a name that is neither a procedure nor a built-in.
    case unknownFunction(String, candidates: [String])
    /// An assignment to an undeclared variable.
    case assignmentToUndeclared(String)
    /// A procedure named after a built-in.
    case procedureNamedAfterBuiltin(String)
    /// A built-in the interpreter does not implement (the vocabulary and the interpreter disagree).
    case unknownBuiltin(String)

    // MARK: The table
    /// A section that does not exist in `layer` ("data source" or "table view").
    case noSection(Int, layer: String, count: Int)
    /// A row the data source does not have.
    case noDataRow(IndexPath)
    /// A row the table view does not show: `sections` when the section is missing, else its `rows`.
    case noTableRow(IndexPath, sections: Int?, rows: Int)
    /// A statement where the interpreter cannot run it.
    case cannotRunHere
    /// `view collection` with an iOS before 6, or `ios 5` in a collection view.
    case collectionViewNeedsIOS6(IOSVersion)
    /// `scroll` to a row the view has and the data source does not: the app's own crash, asked for its cell.
    case scrolledToStaleRow(IndexPath, view: ViewKind, rows: Int?)
    /// A question UIKit answers with an exception (`tableRows` of a missing section): its text, verbatim.
    case uikitRaises(String)
    /// A statement that is not a gesture, sent to the gesture interpreter.
    case notAGesture
    /// `apply` of a snapshot UIKit refuses, or from a state no diffable data source holds.
    case snapshot(SnapshotError)
    /// `apply … sections LIST` whose list does not name each section once.
    case sectionIdentifierCount(sections: Int, identifiers: Int)

    // MARK: Gestures
    /// `tap` outside editing mode.
    case tapNeedsEditing(IndexPath)
    /// `drag` outside editing mode.
    case dragNeedsEditing
    /// `tap index TITLE` for a title the section index does not show.
    case noIndexTitle(String, titles: [String])
    /// A section index title mapped to a section the table view does not have.
    case indexSectionOutOfRange(Int64, title: String, sections: Int)
    /// A gesture of UITableView's editing controls (`tap`, `swipe`) while a collection view is simulated.
    case noCollectionViewEquivalent(String)
    /// A drop UIKit would not allow, and why.
    case cannotDrop(from: IndexPath, at: IndexPath, reason: String)

    // MARK: Hooks
    /// A hook's answer of the wrong type; `found` is nil when it gave no value.
    case hookAnswer(hook: String, expected: String, found: Found?)
    /// A targetForMove answer where the row cannot be dropped, and why.
    case hookDropTarget(IndexPath, row: IndexPath, reason: String)

    // MARK: Scripts
    /// `begin` left open at the end of the input.
    case unclosedBatch
    /// Ctrl-C.
    case interrupted
    /// `expect` whose condition is false; `text` is the condition or the message, `detail` why.
    case expectationFailed(String, detail: String?)
    /// `expect error TEXT { … }` whose block failed with another error.
    case errorDidNotContain(wanted: String, error: String)
    /// `expect error { … }` whose block succeeded; `wanted` is the text the error was to contain.
    case blockSucceeded(wanted: String?)
    /// `run` of a script already running.
    case runCycle(String)
    /// `run` nested deeper than allowed.
    case runTooDeep(limit: Int)
    /// `run` of a file that cannot be read, and why.
    case cannotRun(String, reason: String)

    // MARK: Undo, files and user defaults
    /// `undo` or `redo` inside a batch.
    case undoInsideBatch(redo: Bool)
    /// `undo` with nothing to undo, or `redo` with nothing to redo.
    case nothingToUndo(redo: Bool)
    /// `save` that could not write the file, and why.
    case cannotSave(String, reason: String)
    /// `load` of a file that cannot be read or does not hold a saved state, and why.
    case cannotLoad(String, reason: String)
    /// A file name (`save`, `load`, `run`) holding a NUL byte, which the system would take as its end.
    case nulInFileName(String)
    /// A value the user-defaults store cannot keep.
    case notPropertyListValue(Found)
    /// The user-defaults store's file cannot be read or written, and why.
    case defaultsStore(reason: String)
    /// `accessory` with a type UITableViewCell does not draw.
    case unknownAccessory(String)

    // MARK: Limits
    case stepLimit(Int)
    case callDepthLimit(Int)
    /// A list nesting deeper than the limit.
    case valueDepthLimit(depth: Int, limit: Int)
    /// A value bigger than the limit; `size` nil when it is too big to count.
    case valueSizeLimit(what: String, size: Int?, limit: Int)
    /// The text of a value longer than the limit.
    case valueTextLimit(type: String, limit: Int)
    case tableSizeLimit(Int)
    case tableTextLimit(Int)
    case memoryLimit(used: Int, more: Int, limit: Int)
    /// The memory limit, reached while reading `file` at byte `offset`.
    /// `more`: what a buffer about to grow needed (0 when the limit was found passed).
    case memoryLimitReading(ReadFile, offset: Int, used: Int, more: Int, limit: Int)

    /// A file the interpreter reads into a tree.
    public enum ReadFile: Equatable, Sendable {
        /// A state file `load` names, as written.
        case state(String)
        /// The user-defaults store's file.
        case defaultsStore(String)
    }

    /// How a message shows a value it did not want: its type, and the value as written when short.
    public struct Found: Equatable, Sendable, CustomStringConvertible {
        public var type: String
        public var literal: String?
        public var description: String { literal.map { "\(type) \($0)" } ?? type }
    }

    /// The error's text.
    public var message: String {
        switch self {
        case .argumentCount(let callee, let expected, let given):
            "\(callee) takes \(counted(expected, "argument")), but \(given) \(given == 1 ? "was" : "were") given"
        case .argumentType(let function, let needs, let found): "\(function)() needs \(needs), found \(found)"
        case .mustBe(let subject, let kind, let found): "\(subject) must be \(kind), found \(found)"
        case .expectedValue(let what, let found): "expected \(what), found \(found)"
        case .statementNeeds(let statement, let needs, let found): "\(statement) needs \(needs), found \(found)"
        case .notIterable(let found): "cannot iterate over \(found); expected a range or a list"
        case .noValue: "this expression gives no value"
        case .cannotApply(let op, let to, _): "cannot apply '\(op)' to \(to)"
        case .cannotCompare(let a, let b, let op): "cannot compare \(a) and \(b) with '\(op)'"
        case .noMember(let type, let name): "\(type) has no member '\(name)'"
        case .cannotIndex(let found): "cannot index \(found)"
        case .indexOutOfRange(let index, let what): "index \(index) out of range for \(what)"
        case .notAnInteger(let quoted): "int() cannot read \(quoted) as an integer"
        case .rangeTooLong: "the range is too long to count"
        case .overflow(let expression): "integer overflow: \(expression) does not fit in 64 bits"
        case .divisionByZero(let expression): "division by zero: \(expression)"
        case .unknownName(let name, _): "unknown name '\(name)'"
        case .unknownFunction(let name, _): "unknown procedure or built-in '\(name)'"
        case .assignmentToUndeclared(let name): "cannot assign to '\(name)': no such variable"
        case .procedureNamedAfterBuiltin(let name): "'\(name)' is a built-in function; choose another name"
        case .unknownBuiltin(let name): "unknown built-in '\(name)'"
        case .noSection(let section, let layer, let count):
            "section \(section) does not exist: the \(layer) has \(counted(count, "section"))"
        case .noDataRow(let path): "no row \(path.section):\(path.row) in the data source"
        case .noTableRow(let path, let sections?, _):
            "no row \(path.section):\(path.row) in the table view: it has \(counted(sections, "section"))"
        case .noTableRow(let path, nil, let rows):
            "no row \(path.section):\(path.row) in the table view: section \(path.section) has \(counted(rows, "row"))"
        case .cannotRunHere: "this statement cannot run here"
        case .collectionViewNeedsIOS6(let ios): "UICollectionView came with iOS 6; the simulated iOS is \(ios)"
        case .uikitRaises(let text): text
        case .scrolledToStaleRow(let p, let view, let rows):
            "the \(view.name) scrolls to \(p.notation) and asks the data source for its cell ("
                + CollectionViewNames.method("tableView(_:cellForRowAt:)", in: view) + "), but the data source has "
                + (rows.map { counted($0, view.item) + " in section \(p.section)" } ?? "no section \(p.section)")
                + ": the app's own code fails there (Swift: 'Fatal error: Index out of range')"
        case .notAGesture: "this statement is not a gesture"
        case .tapNeedsEditing: "tap needs editing mode: the editing controls show only after 'edit on'"
        case .noIndexTitle(let title, let titles):
            "the section index has no title \(Value.quoted(title))"
                + (titles.isEmpty
                    ? ": it shows no index" : "; it shows \(titles.map(Value.quoted).joined(separator: " "))")
        case .indexSectionOutOfRange(let section, let title, let sections):
            "index title \(Value.quoted(title)) was mapped to section \(section), but the table view has \(counted(sections, "section"))"
        case .noCollectionViewEquivalent(let gesture):
            "'\(gesture)' has no equivalent in UICollectionView: its data source has no editing style and no commit method (swipe actions come from a list layout's configuration)"
        case .dragNeedsEditing: "drag needs editing mode: the reorder controls show only after 'edit on'"
        case .cannotDrop(let from, let at, let reason):
            "cannot drop row \(from.section):\(from.row) at \(at.section):\(at.row): \(reason)"
        case .hookAnswer(let hook, let expected, let found?):
            "hook '\(hook)' must return \(expected), but it returned \(found)"
        case .hookAnswer(let hook, let expected, nil):
            "hook '\(hook)' must return \(expected), but it gave no value (a block hook must end with 'return …' on every path)"
        case .hookDropTarget(let target, let row, let reason):
            "hook 'targetForMove' returned \(target.section):\(target.row), where row \(row.section):\(row.row) cannot be dropped: \(reason)"
        case .unclosedBatch: "'begin' has no matching 'end'; the batch was not committed"
        case .interrupted: "interrupted"
        case .expectationFailed(let text, let detail?): "expectation failed: \(text) (\(detail))"
        case .expectationFailed(let text, nil): "expectation failed: \(text)"
        case .errorDidNotContain(let wanted, let error):
            "expectation failed: the error did not contain \(Value.quoted(wanted)); it was: \(error)"
        case .blockSucceeded(let wanted):
            "expectation failed: expected \(wanted.map { "an error containing \(Value.quoted($0))" } ?? "an error"), but the block succeeded"
        case .runCycle(let name): "run cycle: '\(name)' is already running"
        case .runTooDeep(let limit): "run nesting deeper than \(limit) scripts"
        case .cannotRun(let name, let reason): "cannot run '\(name)': \(reason)"
        case .snapshot(let error): error.message
        case .sectionIdentifierCount(let sections, let identifiers):
            "the snapshot has \(counted(sections, "section")) but \(counted(identifiers, "section identifier"))"
        case .undoInsideBatch(let redo):
            "'\(redo ? "redo" : "undo")' cannot run inside a batch: the batch becomes one undo group at its 'end'"
        case .nothingToUndo(let redo): redo ? "nothing to redo" : "nothing to undo"
        case .cannotSave(let name, let reason): "cannot save '\(name)': \(reason)"
        case .cannotLoad(let name, let reason): "cannot load '\(name)': \(reason)"
        case .nulInFileName(let name): "file name '\(Value.quoted(name).dropFirst().dropLast())' holds a NUL byte"
        case .notPropertyListValue(let found):
            "the user-defaults store keeps strings, integers, booleans and lists of them, found \(found)"
        case .defaultsStore(let reason): "the user-defaults store \(reason)"
        case .unknownAccessory(let type):
            "unknown accessory \(Value.quoted(type)): expected \(HookKind.accessoryTypes.map(Value.quoted).joined(separator: ", "))"
        case .stepLimit(let limit): "step limit of \(limit) exceeded"
        case .callDepthLimit(let limit): "call depth limit of \(limit) exceeded"
        case .valueDepthLimit(let depth, let limit):
            "value nesting limit exceeded: this list would nest \(Quantity.grouped(depth)) levels deep; the limit is \(limit)"
        case .valueSizeLimit(let what, let size, let limit):
            "value size limit exceeded: this \(what) would have a size of \(size.map(Quantity.grouped) ?? "more than \(Quantity.grouped(limit))"); the limit is \(Quantity.describe(bytes: limit))"
        case .valueTextLimit(let type, let limit):
            "value size limit exceeded: the text of this \(type) would be longer than \(Quantity.describe(bytes: limit))"
        case .tableSizeLimit(let limit):
            "table size limit exceeded: the data source would hold more than \(Quantity.grouped(limit)) rows and sections"
        case .tableTextLimit(let limit):
            "table text limit exceeded: the data source's rows and titles would hold more than \(Quantity.describe(bytes: limit)) of text"
        case .memoryLimit(let used, let more, let limit):
            "memory limit exceeded: \(Quantity.using(used, more: more)); the limit is \(Quantity.describe(bytes: limit))"
        case .memoryLimitReading(let file, let offset, let used, let more, let limit):
            "\(file.cannotRead): memory limit exceeded at byte \(Quantity.grouped(offset)): \(Quantity.using(used, more: more)); the limit is \(Quantity.describe(bytes: limit))"
        }
    }

    /// What to do about it, when there is something to say.
    public var hint: String? {
        switch self {
        case .noValue: "a procedure gives a value only through 'return EXPR'"
        case .cannotApply(_, _, true): "convert with str(…) or use interpolation: \"…\\(x)\""
        case .noMember(let type, _) where type == "index path": "an index path has .section and .row"
        case .unknownName(let name, let candidates), .unknownFunction(let name, let candidates):
            Vocabulary.didYouMean(name, among: candidates)
        case .assignmentToUndeclared(let name): "declare it first with 'let \(name) = …'"
        case .tapNeedsEditing(let path): "to delete a row outside editing mode, use 'swipe \(path.section):\(path.row)'"
        case .unclosedBatch: "close the batch with 'end'"
        case .runCycle: "a script cannot run itself, directly or through others"
        case .undoInsideBatch: "end the batch first"
        case .scrolledToStaleRow(_, let view, _):
            "the \(view.name)'s counts are stale: the array changed without an update call; tell the \(view.name) (or reloadData) before scrolling"
        case .nothingToUndo(true): "redo repeats what undo undid, until a new change clears it"
        case .nothingToUndo(false): "each top-level statement or outermost batch that changed the list is one undo"
        case .nulInFileName: "the system ends a file name at its first NUL ('\\0'), so no file has this name"
        case .notPropertyListValue: "as UserDefaults takes only property-list values"
        case .cannotLoad: "a state file is what 'save' writes: JSON, or a property list when its name ends in .plist"
        case .stepLimit: "raise it with --max-steps"
        case .callDepthLimit: "is a procedure or hook calling itself without end?"
        case .valueSizeLimit:
            "a string's size is its bytes; a list's, 80 bytes, 24 an element and theirs; raise it with --limit value-size=SIZE"
        case .valueTextLimit, .memoryLimit, .memoryLimitReading: "raise it with --limit \(self.limitName)=SIZE"
        case .tableSizeLimit: "an open batch's operations count too; raise the limit with --limit table-size=N"
        case .snapshot(.duplicateItemIdentifiers), .snapshot(.currentDuplicateItems):
            "a diffable data source identifies each row by its text, so every text must be unique"
        case .snapshot(.duplicateSectionIdentifiers), .snapshot(.currentDuplicateSections):
            "each section needs its own identifier (its header)"
        case .noIndexTitle: "set index titles with 'indexTitle N TITLE', or answer 'on sectionIndexTitles = [\"A\", …]'"
        case .indexSectionOutOfRange: "answer a section number from 0 to the number of sections minus 1"
        case .noCollectionViewEquivalent:
            "a collection view deletes through its data source ('delete PATH'), or 'view table' simulates a table view"
        case .snapshot(.missingItem): "reload or reconfigure only rows that are in the snapshot you apply"
        case .sectionIdentifierCount:
            "give one identifier per section, in order: apply [[\"A\"], [\"B\"]] sections [\"One\", \"Two\"]"
        default: nil
        }
    }

    /// The hint where the limits were set by `setter`: a limit set by a page cannot be raised there, so its
    /// hint names what the page offers instead of the command's flags; any other error's hint is `hint`.
    public func hint(limitsSetBy setter: LimitSetter) -> String? {
        guard setter == .page else { return hint }
        switch self {
        case .stepLimit: return "the page gives each run and each console entry this many steps: does a loop never end?"
        case .valueSizeLimit:
            return
                "a string's size is its bytes; a list's, 80 bytes, 24 an element and theirs; the page's limits are fixed"
        case .tableSizeLimit: return "an open batch's operations count too; the page's limits are fixed"
        case .valueTextLimit, .memoryLimit, .memoryLimitReading:
            return "the page's limits are fixed: make fewer or smaller values"
        default: return hint
        }
    }

    public var keepsLineBreaks: Bool {
        switch self {
        case .snapshot(.duplicateItemIdentifiers), .snapshot(.duplicateSectionIdentifiers): true
        default: false
        }
    }

    /// The `--limit` name of a limit's error.
    private var limitName: String {
        switch self {
        case .memoryLimit, .memoryLimitReading: "memory"
        default: "value-size"
        }
    }

}

extension RuntimeError.ReadFile {
    /// The start of a message about this file: `cannot load 'x.json'`.
    var cannotRead: String {
        switch self {
        case .state(let name): "cannot load '\(name)'"
        case .defaultsStore(let path): "the user-defaults store '\(path)' cannot be read"
        }
    }
}

extension Value {
    /// How an error message shows this value: its type and, when `withLiteral`, the value as written.
    func found(withLiteral: Bool = true) -> RuntimeError.Found {
        RuntimeError.Found(type: typeName, literal: withLiteral ? literal : nil)
    }
}

/// Every warning a gesture gives when UIKit would do nothing, or not what the script meant, with the
/// data its text needs: the catalogue of the teaching layer's warnings.
public enum RuntimeWarning: CatalogueError, Equatable {
    /// `select` in editing mode.
    case noSelectionWhileEditing(ViewKind)
    /// `swipe close` with no row swiped open.
    case noSwipedRow
    /// `tap accessory` on a row whose accessory is not a detail button.
    case noAccessoryButton(IndexPath, type: String)
    /// `tap` on a row whose canEdit is false.
    case cannotEditNoControl(IndexPath)
    /// `tap` on a row whose editing style is none.
    case noEditingControl(IndexPath)
    /// `swipe` in editing mode.
    case swipeWhileEditing(IndexPath)
    /// `swipe` with no commit hook.
    case swipeWithoutCommit
    /// `swipe` on a row whose canEdit is false.
    case cannotEditNoSwipe(IndexPath)
    /// `swipe` on a row whose editing style is not delete (`style` as written, e.g. `insert`).
    case swipeNotDelete(IndexPath, style: String)
    /// An actions hook that returned no actions.
    case noActions(IndexPath)
    /// `tableRows` of a missing section before iOS 13, which UIKit answers with NSNotFound.
    case notFoundAnswer(section: Int, ios: IOSVersion)
    /// A row left open showing its actions (`buttons` as `show` draws them; `caller` the gesture).
    case actionsShown(IndexPath, buttons: String, caller: String)
    /// `drag` with no move hook.
    case noReorderControl(IndexPath)
    /// `drag` of a row whose canMove is false.
    case cannotMove(IndexPath)
    /// A move hook that left the data source as it was.
    case moveHookOutOfSync
    /// A tap or swipe that would commit, with no commit hook.
    case noCommitHook
    /// `show` of a table view with another number of sections than the data source.
    case sectionsOutOfSync(shown: Int, data: Int)
    /// `show` of a table view whose section `section` has another number of rows than the data source's.
    case rowsOutOfSync(section: Int, shown: Int, data: Int)
    /// `show` of a table view whose cells at these paths show other text than the data source's rows.
    case cellsOutOfSync([IndexPath])
    /// An operation of a batch that repeats an earlier one exactly (a note).
    case mergedDuplicate

    public var message: String {
        switch self {
        case .noAccessoryButton(let p, let type):
            type == "disclosureIndicator"
                ? "row \(p.section):\(p.row)'s disclosure indicator is not a button: tapping there selects the row"
                : "row \(p.section):\(p.row) has no accessory button (its accessory is \(type))"
        case .noSwipedRow: "no row is swiped open: 'swipe close' closes the row a swipe left showing its buttons"
        case .noSelectionWhileEditing(let view):
            "nothing is selected: a \(view.name) in editing mode does not select \(view.items) (allowsSelectionDuringEditing is false)"
        case .cannotEditNoControl(let p):
            "row \(p.section):\(p.row) cannot be edited (canEdit is false): it has no editing control to tap"
        case .noEditingControl(let p): "row \(p.section):\(p.row) has no editing control (its editing style is none)"
        case .swipeWhileEditing(let p):
            "swipe does nothing in editing mode: tap the row's editing control instead ('tap \(p.section):\(p.row)')"
        case .swipeWithoutCommit:
            "swipe does nothing: swipe to delete is enabled only when the data source implements tableView(_:commit:forRowAt:) (on commit { … })"
        case .cannotEditNoSwipe(let p):
            "row \(p.section):\(p.row) cannot be edited (canEdit is false): it does not swipe"
        case .swipeNotDelete(let p, let style):
            "row \(p.section):\(p.row) does not swipe to delete: its editing style is \(style), not delete"
        case .noActions(let p): "row \(p.section):\(p.row) shows no buttons: the actions hook returned no actions"
        case .notFoundAnswer(let section, let ios):
            "the table view has no section \(section): UITableView on iOS \(ios) answers NSNotFound, 9223372036854775807 (from iOS 13 it raises)"
        case .actionsShown(let p, let buttons, _):
            "row \(p.section):\(p.row) stays open showing the row actions \(buttons): listdsl runs no row-action handler, so nothing is committed"
        case .noReorderControl(let p):
            "row \(p.section):\(p.row) has no reorder control: the data source does not implement tableView(_:moveRowAt:to:) (on move { … })"
        case .cannotMove(let p): "row \(p.section):\(p.row) cannot move (canMove is false): it has no reorder control"
        case .moveHookOutOfSync:
            "the move hook did not update the data source: the table view is now out of sync with it"
        case .noCommitHook:
            "nothing happens: the data source does not implement tableView(_:commit:forRowAt:) (on commit { … })"
        case .sectionsOutOfSync(let shown, let data):
            "out of sync: the table view shows \(counted(shown, "section")), the data source has \(data) (reloadData re-reads it)"
        case .rowsOutOfSync(let section, let shown, let data):
            "out of sync: section \(section) shows \(counted(shown, "row")), the data source has \(data) (reloadData re-reads it)"
        case .mergedDuplicate:
            "this repeats an earlier operation of the batch exactly: UIKit merges duplicates silently, so it does nothing"
        case .cellsOutOfSync(let paths):
            "out of sync: \(paths.count == 1 ? "the cell at" : "the cells at") \(Self.listed(paths)) \(paths.count == 1 ? "shows" : "show") other text than the data source (reloadRows(at:) or reloadData re-reads \(paths.count == 1 ? "it" : "them"))"
        }
    }

    /// `0:1`, `0:1 and 0:2`, `0:1, 0:2 and 1:0`; past six paths, the first five and how many more.
    static func listed(_ paths: [IndexPath]) -> String {
        let names = paths.prefix(paths.count > 6 ? 5 : 6).map { "\($0.section):\($0.row)" }
        let last = paths.count > 6 ? "\(paths.count - 5) more" : names.last ?? ""
        let first = paths.count > 6 ? names : names.dropLast()
        return first.isEmpty ? last : first.joined(separator: ", ") + " and " + last
    }

    public var hint: String? {
        switch self {
        case .actionsShown(_, _, let caller):
            "without an actions hook the row shows its delete button, and the \(caller) commits the delete"
        case .moveHookOutOfSync: "move the row in the data source too, with 'data move source to destination'"
        case .mergedDuplicate: "--no-notes (or .notes off in the REPL) leaves such notes out"
        case .noAccessoryButton(let p, "disclosureIndicator"): "to open the row, 'select \(p.section):\(p.row)'"
        case .noAccessoryButton:
            "a row has a button only when the accessory hook answers \"detailButton\" or \"detailDisclosureButton\""
        default: nil
        }
    }
}
