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
public struct CommitReport: Equatable, Sendable {
    /// New paths, ascending, duplicates merged, rows in inserted sections dropped.
    public var insertedRows: [IndexPath]
    /// Old paths, ascending, duplicates merged, rows in deleted sections dropped.
    public var deletedRows: [IndexPath]
    /// Old path → the new path where the reload's insert landed, ascending by old path.
    public var reloadedRows: [RowChange]
    /// Ascending by old path.
    public var movedRows: [RowChange]
    /// New indexes, ascending.
    public var insertedSections: [Int]
    /// Old indexes, ascending.
    public var deletedSections: [Int]
    /// Old indexes, ascending.
    public var reloadedSections: [Int]
    /// Ascending by old index.
    public var movedSections: [SectionChange]
    /// Warnings to print on stderr, e.g. the rule-9 fallback:
    /// "row moved out of deleted section 0: UITableView skips the row-count check and reloads the table".
    public var warnings: [String]
    /// True when UITableView would have ended the update with `reloadData` (reference rule 9).
    public var usedReloadFallback: Bool

    /// An empty report.
    public init() {
        self.init(insertedRows: [])
    }

    /// A report with these lists (the others empty).
    init(
        insertedRows: [IndexPath] = [], deletedRows: [IndexPath] = [], reloadedRows: [RowChange] = [],
        movedRows: [RowChange] = []
    ) {
        self.insertedRows = insertedRows
        self.deletedRows = deletedRows
        self.reloadedRows = reloadedRows
        self.movedRows = movedRows
        insertedSections = []
        deletedSections = []
        reloadedSections = []
        movedSections = []
        warnings = []
        usedReloadFallback = false
    }
}
