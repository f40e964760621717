/// What a batch that passed UIKit's checks does to the table view's index paths.
struct ValidatedBatch {
    /// The report the commit returns; finished by `finishReport`.
    var report = CommitReport()
    /// Row deletes that count, reload deletes included, rows of deleted sections dropped; ascending.
    var rowDeletes: [UpdateItem] = []
    /// Row inserts that count, reload inserts included, rows of inserted sections dropped; ascending.
    var rowInserts: [UpdateItem] = []
    /// Row and section moves, duplicates merged, ascending by source.
    var moves: [MoveItem] = []
    /// For each old section, whether it is deleted (reloads included).
    private var isDeletedOld: [Bool]
    /// For each new section, whether it is inserted (reloads included).
    private var isInsertedNew: [Bool]
    private(set) var deletedSectionCount = 0
    private(set) var insertedSectionCount = 0
    /// Every row reload: old path → where its insert landed, ascending by old path.
    var reloadedRows: [RowChange] = []
    /// Every section reload: old index → where its insert landed, ascending by old index.
    var reloadedSections: [SectionChange] = []
    /// The new index of each old section; nil when it was deleted or reloaded.
    var newSectionOfOld: [Int?] = []
    /// The old index of each new section; nil when it was inserted or reloaded.
    var oldSectionOfNew: [Int?] = []

    /// An empty result for a batch from `sectionsBefore` to `sectionsAfter` sections.
    init(sectionsBefore: Int, sectionsAfter: Int) {
        isDeletedOld = [Bool](repeating: false, count: sectionsBefore)
        isInsertedNew = [Bool](repeating: false, count: sectionsAfter)
    }

    /// True when old section `section` is deleted or reloaded.
    func isDeleted(oldSection section: Int) -> Bool {
        section >= 0 && section < isDeletedOld.count && isDeletedOld[section]
    }

    /// True when new section `section` is inserted or reloaded.
    func isInserted(newSection section: Int) -> Bool {
        section >= 0 && section < isInsertedNew.count && isInsertedNew[section]
    }

    /// Records that old section `section` (an existing one) is deleted; a duplicate counts once.
    mutating func markDeleted(section: Int) {
        if !isDeletedOld[section] { deletedSectionCount += 1 }
        isDeletedOld[section] = true
    }

    /// Records that new section `section` (an existing one) is inserted; a duplicate counts once.
    mutating func markInserted(section: Int) {
        if !isInsertedNew[section] { insertedSectionCount += 1 }
        isInsertedNew[section] = true
    }

    /// Records that UITableView would end this update with `reloadData` (a row move crossed a deleted or inserted section).
    mutating func useReloadFallback(_ warning: String) {
        report.usedReloadFallback = true
        report.warnings.append(warning)
    }

    /// Fills the report's lists from the checked operations.
    mutating func finishReport(explicitDeletes: [UpdateItem], explicitInserts: [UpdateItem]) {
        report.insertedRows = rowInserts.mapping(where: { !$0.isFromReload }) { $0.path }
        report.deletedRows = rowDeletes.mapping(where: { !$0.isFromReload }) { $0.path }
        report.reloadedRows = reloadedRows.mapping(where: { !isDeleted(oldSection: $0.from.section) }) { $0 }
        report.movedRows = moves.mapping(where: { !$0.isSection }) { RowChange(from: $0.from.path, to: $0.to.path) }
        report.insertedSections = explicitInserts.mapping(where: { $0.isSection }) { $0.section }
        report.deletedSections = explicitDeletes.mapping(where: { $0.isSection }) { $0.section }
        report.movedSections = moves.mapping(where: { $0.isSection }) {
            SectionChange(from: $0.from.section, to: $0.to.section)
        }
    }
}
