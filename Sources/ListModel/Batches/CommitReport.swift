/// A row that a commit carried from an old index path to a new one.
public struct RowChange: Equatable, Sendable {
    public var from: IndexPath
    public var to: IndexPath

    /// Creates the change `from` → `to`.
    public init(from: IndexPath, to: IndexPath) {
        self.from = from
        self.to = to
    }
}

/// A section that a commit carried from an old index to a new one.
public struct SectionChange: Equatable, Sendable {
    public var from: Int
    public var to: Int

    /// Creates the change `from` → `to`.
    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}

/// What a successful commit did, for the REPL's change display and for tracing.
///
/// The lists live in one shared box that is absent while the report is empty, so the empty report
/// a script's single command gets costs nothing to make or to drop.
public struct CommitReport: Equatable, Sendable {
    /// The lists of a non-empty report.
    fileprivate struct Lists: Equatable, Sendable {
        var insertedRows: [IndexPath] = []
        var deletedRows: [IndexPath] = []
        var reloadedRows: [RowChange] = []
        var movedRows: [RowChange] = []
        var insertedSections: [Int] = []
        var deletedSections: [Int] = []
        var reloadedSections: [Int] = []
        var movedSections: [SectionChange] = []
        var warnings: [String] = []
        var mergedOperations: [Int] = []
        var sectionOrigins: [SectionOrigin]? = nil
    }

    /// A reference to the lists, copied on write.
    @usableFromInline final class Box: @unchecked Sendable {
        fileprivate var lists: Lists
        fileprivate init(_ lists: Lists) { self.lists = lists }
    }

    /// The lists; nil for a report with none (the commonest: one row appended).
    @usableFromInline var box: Box?

    /// The lists, read.
    private var lists: Lists { box?.lists ?? Lists() }

    /// Changes the lists, copying the box when another report shares it.
    private mutating func edit(_ change: (inout Lists) -> Void) {
        if box == nil {
            box = Box(Lists())
        } else if let shared = box, !isKnownUniquelyReferenced(&box) {
            box = Box(shared.lists)
        }
        if let box { change(&box.lists) }
    }

    /// New paths, ascending, duplicates merged, rows in inserted sections dropped.
    public var insertedRows: [IndexPath] {
        get { lists.insertedRows }
        set { edit { $0.insertedRows = newValue } }
    }
    /// Old paths, ascending, duplicates merged, rows in deleted sections dropped.
    public var deletedRows: [IndexPath] {
        get { lists.deletedRows }
        set { edit { $0.deletedRows = newValue } }
    }
    /// Old path → the new path where the reload's insert landed, ascending by old path.
    public var reloadedRows: [RowChange] {
        get { lists.reloadedRows }
        set { edit { $0.reloadedRows = newValue } }
    }
    /// Ascending by old path.
    public var movedRows: [RowChange] {
        get { lists.movedRows }
        set { edit { $0.movedRows = newValue } }
    }
    /// New indexes, ascending.
    public var insertedSections: [Int] {
        get { lists.insertedSections }
        set { edit { $0.insertedSections = newValue } }
    }
    /// Old indexes, ascending.
    public var deletedSections: [Int] {
        get { lists.deletedSections }
        set { edit { $0.deletedSections = newValue } }
    }
    /// Old indexes, ascending.
    public var reloadedSections: [Int] {
        get { lists.reloadedSections }
        set { edit { $0.reloadedSections = newValue } }
    }
    /// Ascending by old index.
    public var movedSections: [SectionChange] {
        get { lists.movedSections }
        set { edit { $0.movedSections = newValue } }
    }
    /// Warnings to print on stderr, e.g. the rule-9 fallback:
    /// "row moved out of deleted section 0: UITableView skips the row-count check and reloads the table".
    public var warnings: [String] {
        get { lists.warnings }
        set { edit { $0.warnings = newValue } }
    }
    /// Where each new section came from; nil when the commit inserted, deleted, moved and reloaded no
    /// section, so every section kept its index (see `sectionOrigins(count:)`).
    var storedSectionOrigins: [SectionOrigin]? {
        get { box?.lists.sectionOrigins }
        set { edit { $0.sectionOrigins = newValue } }
    }
    /// The pending operations (0-based, in issue order) that repeated an earlier one of the batch
    /// exactly and were merged into it, as UIKit merges duplicates silently: each did nothing.
    public var mergedOperations: [Int] {
        get { lists.mergedOperations }
        set { edit { $0.mergedOperations = newValue } }
    }
    /// Whether the report has warnings or merged operations to tell of (without building an empty list).
    /// Inlined where it is asked, so a report without lists answers without a call.
    @inlinable public var hasWarnings: Bool { box != nil && listsHaveWarnings }

    @usableFromInline var listsHaveWarnings: Bool {
        guard let lists = box?.lists else { return false }
        return !lists.warnings.isEmpty || !lists.mergedOperations.isEmpty
    }
    /// True when UITableView would have ended the update with `reloadData` (a row move crossed a deleted or inserted section).
    public var usedReloadFallback: Bool

    /// An empty report.
    public init() {
        usedReloadFallback = false
    }

    /// A report with these lists (the others empty).
    init(
        insertedRows: [IndexPath] = [], deletedRows: [IndexPath] = [], reloadedRows: [RowChange] = [],
        movedRows: [RowChange] = []
    ) {
        usedReloadFallback = false
        if !(insertedRows.isEmpty && deletedRows.isEmpty && reloadedRows.isEmpty && movedRows.isEmpty) {
            box = Box(
                Lists(
                    insertedRows: insertedRows, deletedRows: deletedRows, reloadedRows: reloadedRows,
                    movedRows: movedRows))
        }
    }

    /// Reports are equal when their lists and fallback flag are.
    public static func == (lhs: CommitReport, rhs: CommitReport) -> Bool {
        lhs.lists == rhs.lists && lhs.usedReloadFallback == rhs.usedReloadFallback
    }
}
