import ListFormats
import ListLanguage
import ListModel

/// Something a session did, in the order it happened: the one stream under every renderer.
///
/// The text trace, the warnings on standard error, `show`'s out-of-sync line, the REPL's change view
/// and `--events` (JSON lines) are renderers of it. An interpreter builds only the events its
/// receiver asks for (`EventDetail`); output and diagnostics always come.
public enum Event: Sendable {
    /// A statement begins (nested ones too: loop bodies, procedures, hooks).
    case statementStarted(StatementEvent)
    /// A statement ended: `completed` is false when an error ended it (the error follows, or an
    /// `expect error` around it caught it).
    case statementEnded(StatementEvent, completed: Bool)
    /// `trace on` or `trace off` ran: from here the text trace shows the calls and hooks, or not.
    case traceSwitched(Bool)
    /// The table view asked the app a question (a hook), or assumed UIKit's answer when the app has none.
    case hookAsked(HookEvent)
    /// The table view asked the data source one of its required methods: `numberOfSections(in:)`,
    /// `tableView(_:numberOfRowsInSection:)` or `tableView(_:cellForRowAt:)` (answered with the row's text).
    case dataSourceAsked(HookEvent)
    /// The app called a table-view method: `insertRows(at:with:)`, `beginUpdates()`, `reloadData()`, ….
    case tableViewCalled(TableViewCallEvent)
    /// The table view did something on its own, not a call into the app: a drag moving its row. `table`
    /// is what it shows after (a drag moves the row before the app hears of it); `moved` is the row a
    /// drag moved, from its old path to its new one.
    case tableViewDid(String, table: [Section], moved: RowChange? = nil)
    /// A batch (or a single command's implicit batch) passed UIKit's checks and committed.
    case committed(CommitEvent)
    /// A batch failed a check: nothing it did stays.
    case rejected(RejectionEvent)
    /// `expect error` put the session back as it was before its block: the block's commits are undone.
    case restored(StatementEvent)
    /// Output of `print`, `show` or `dump`.
    case output(OutputEvent)
    /// What `show` shows, for the renderers to draw (as text, or as JSON when asked).
    case shown(ShownEvent)
    /// After `show`: the table view differs from the data source.
    case outOfSync(String)
    /// A warning, a failed `expect`, or the error that ended the run.
    case diagnostic(Diagnostic)
}

/// Which events a receiver wants beyond output and diagnostics.
public struct EventDetail: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Statement starts and ends.
    public static let statements = EventDetail(rawValue: 1)
    /// Hooks asked and table-view methods called (always sent while `trace` is on).
    public static let calls = EventDetail(rawValue: 2)
    /// Commits with their reports, and rejections.
    public static let commits = EventDetail(rawValue: 4)
    /// Every commit event carries the table view before and after it. Without this, only the commit
    /// after `Interpreter.tablesOfNextCommit` is set does (the change view needs one commit's tables a
    /// statement): holding the table before a commit costs the commit a copy of what it changes.
    public static let commitTables = EventDetail(rawValue: 8)
    /// Everything.
    public static let all: EventDetail = [.statements, .calls, .commits, .commitTables]
}

/// A statement and where it is.
public struct StatementEvent: Sendable {
    public var file: SourceFile
    public var range: SourceRange
    /// 0 at the top level; one more inside each procedure or hook call.
    public var depth: Int
    /// True for `if`, `for`, `while` and `repeat`: their statements run inside them, each with its own
    /// events, so a step-by-step view shows those rather than the whole.
    public var isCompound: Bool = false
    /// On a statement's end: the table view's cells after it.
    public var tableView: [Section]? = nil
}

/// A question the table view asked the app: a hook, or one of the data source's required methods.
public struct HookEvent: Sendable {
    /// The method as UIKit declares it: `tableView(_:canEditRowAt:)`.
    public var method: String
    /// The call's arguments as Swift writes them: `[0, 1]`, `2`, or empty (`numberOfSections(in:)`).
    public var arguments: String
    /// The answer as Swift writes it (`true`, `.delete`), or nil for a method that answers nothing.
    public var answer: String?
    /// Whether the app has no such hook, so the answer is UIKit's default.
    public var isDefault: Bool
}

/// A commit: what it did, and the table view before and after it.
public struct CommitEvent: Sendable {
    /// Inserted, deleted, moved and reloaded rows and sections, and the old→new mapping.
    public var report: CommitReport
    /// The table view before the commit; nil when no listener asked for it (`EventDetail.commitTables`).
    public var before: [Section]?
    /// The table view after it; nil when `before` is.
    public var after: [Section]?

    /// A commit of `report` that took the table view from `before` to `after`.
    public init(report: CommitReport, before: [Section]?, after: [Section]?) {
        self.report = report
        self.before = before
        self.after = after
    }
}

/// A batch UIKit refused.
public struct RejectionEvent: Sendable {
    /// Whose rule failed: UIKit's consistency check, an array's bounds, or ListDSL's own usage rule.
    public var kind: UpdateError.Kind
    /// The failure's text (UIKit's verbatim for an invalid update).
    public var message: String
    /// For an invalid update: which of UIKit's texts, with its numbers.
    public var uikit: UIKitText?
    /// What was undone: the operations of the batch in progress were dropped and the tables kept as they
    /// were before it.
    public var rolledBack: Bool
    /// The command at fault (the operation whose check failed, not the batch's `end`).
    public var file: SourceFile
    public var range: SourceRange
    /// The view simulated, whose words the formula uses.
    public var view: ViewKind
    /// Why the check was about an operation the user did not write (a reload's half), as the diagnostic's
    /// notes say it.
    public var notes: [Diagnostic.Note] = []

    /// The exception a device raises: `NSInternalInconsistencyException` for UIKit's consistency check,
    /// `NSRangeException` for an array's bounds, nil for ListDSL's own rule (no device would run it).
    public var exception: String? {
        switch kind {
        case .invalidUpdate: "NSInternalInconsistencyException"
        case .outOfBounds: "NSRangeException"
        case .usage: nil
        }
    }

    /// For a count check, the formula with its numbers (`UIKitText.formula(view:)`).
    public var formula: String? { uikit.flatMap { $0.formula(view: view) } }
}

extension UIKitText {
    /// The count check of an "Invalid update" text as a formula with its numbers, in the order UIKit
    /// prints them (after, before, then the inserted, deleted, moved-in and moved-out counts), in the
    /// view's words ("rows" or "items"); nil for any other check.
    public func formula(view: ViewKind) -> String? {
        switch self {
        case .invalidRowCount(_, let a, let b, let i, let d, let m, let o):
            let expected = b &+ i &- d &+ m &- o
            return
                "\(view.items) after (\(a)) ≠ before (\(b)) + inserted (\(i)) − deleted (\(d)) + moved in (\(m)) − moved out (\(o)) = \(expected)"
        case .invalidSectionCount(let a, let b, let i, let d):
            return "sections after (\(a)) ≠ before (\(b)) + inserted (\(i)) − deleted (\(d)) = \(b &+ i &- d)"
        default:
            return nil
        }
    }
}

/// `show` (or `show json`, or `show` in the REPL's JSON mode): the table as it was shown.
public struct ShownEvent: Sendable {
    public var table: ShownTable
    /// Drawn as one JSON document rather than as text.
    public var json: Bool

    /// The table as this event draws it, without colour (what the events and the lesson record).
    public var plainText: String { json ? ShowRenderer.json(table) + "\n" : ShowRenderer.text(table, color: false) }
}

/// Text a statement printed.
public struct OutputEvent: Sendable {
    /// Which statement printed it.
    public enum Kind: String, Sendable {
        case print, show, dump
    }
    public var kind: Kind
    /// The text, ending in a newline.
    public var text: String
}
