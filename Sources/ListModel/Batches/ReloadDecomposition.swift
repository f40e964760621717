/// Where the insert half of each reload lands (a reload is a delete at its old path plus an insert at a new path UIKit computes from it).
///
/// UIKit replaces a reload at old path P by a delete at P and an insert at P′, where P′ is P shifted
/// by the batch's *explicit* deletes (descending) and inserts (ascending); moves are ignored. This
/// reproduces UIKit's loop exactly, including two quirks of it: a row delete shifts the row when its
/// section equals the reload's *adjusted* section, so row deletes inside the run of deleted sections
/// just below the reload's section count too; likewise a row insert counts when its section equals
/// the adjusted section while the loop passes a run of inserted sections. Each reload costs a few
/// binary searches, plus one per section of such a run that carries row operations.
struct ReloadDecomposition {
    /// Explicit section deletes, ascending.
    private let sectionDeletes: [Int]
    /// For each explicit section delete, the lowest section of its run of consecutive deletes.
    private let sectionDeleteRunStarts: [Int]
    /// Explicit row deletes, ascending.
    private let rowDeletes: [IndexPath]
    /// Explicit section inserts, ascending.
    private let sectionInserts: [Int]
    /// For each explicit section insert, the lowest section of its run of consecutive inserts.
    private let sectionInsertRunStarts: [Int]
    /// Explicit row inserts, ascending.
    private let rowInserts: [IndexPath]

    /// Prepares the explicit deletes and inserts, each sorted ascending with duplicates merged.
    init(explicitDeletes: [UpdateItem], explicitInserts: [UpdateItem]) {
        sectionDeletes = explicitDeletes.mapping(where: { $0.isSection }) { $0.section }
        rowDeletes = explicitDeletes.mapping(where: { !$0.isSection }) { $0.path }
        sectionInserts = explicitInserts.mapping(where: { $0.isSection }) { $0.section }
        rowInserts = explicitInserts.mapping(where: { !$0.isSection }) { $0.path }
        sectionDeleteRunStarts = sectionDeletes.startsOfConsecutiveRuns()
        sectionInsertRunStarts = sectionInserts.startsOfConsecutiveRuns()
    }

    /// True when an explicit delete names exactly the reloaded row or section (T1).
    func isExplicitlyDeleted(_ reload: UpdateItem) -> Bool {
        reload.isSection ? sectionDeletes.containsSorted(reload.section) : rowDeletes.containsSorted(reload.path)
    }

    /// The insert half of `reload`, at the new path UIKit computes for it.
    func insertHalf(of reload: UpdateItem) -> UpdateItem {
        // Deletes, descending: each section delete below the reload's section moves it up one
        // (its own section's delete is skipped).
        let sectionAfterDeletes = reload.section - sectionDeletes.countLess(than: reload.section)
        let newSection = sectionInserts.shiftedByInserts(sectionAfterDeletes)
        if reload.isSection {
            return .section(newSection, operation: reload.operation, isFromReload: true)
        }
        var row = shiftedByRowDeletes(section: reload.section, row: reload.row)
        // Inserts, ascending: row inserts count while their section equals the adjusted section,
        // which is true for the final section and for a run of inserted sections just below it.
        var lowestCounted = newSection
        if newSection > 0,
            let start = sectionInserts.runStart(containing: newSection - 1, runStarts: sectionInsertRunStarts)
        {
            lowestCounted = start
        }
        var index = rowInserts.partitioningIndex { $0.section >= lowestCounted }
        while index < rowInserts.count, rowInserts[index].section <= newSection {
            let section = rowInserts[index].section
            let end = rowInserts[index...].partitioningIndex { $0.section > section }
            row = rowInserts[index..<end].rowShiftedByInserts(row)
            index = end
        }
        return .row(IndexPath(section: newSection, row: row), operation: reload.operation, isFromReload: true)
    }

    /// A walk giving the insert halves of reloads taken in ascending order (as the batch's checks take
    /// them), each what `insertHalf(of:)` gives.
    func walk() -> Walk { Walk(self) }

    /// The insert halves of ascending reloads. Without explicit section deletes and inserts, a row
    /// reload's insert half depends only on the row deletes and inserts of its own section, and the rows
    /// of ascending reloads meet them in order: cursors walk the deletes and inserts once in all, where
    /// `insertHalf(of:)` makes several binary searches a reload (a quarter of UIKit's checks of a
    /// 100,000-operation batch). A section reload, a batch with section deletes or inserts, or a reload
    /// out of order is worked out by `insertHalf(of:)`.
    struct Walk {
        private let decomposition: ReloadDecomposition
        private let rowsOnly: Bool
        /// The section of the last reload walked, and its row.
        private var section = Int.min
        private var row = Int.min
        /// The row deletes of `section`: from `deletesStart`, and up to `deletesEnd` those not past `row`.
        private var deletesStart = 0
        private var deletesEnd = 0
        /// The row inserts of `section` from `insertsStart`, `shifting` of them moving `row` (UIKit's
        /// ascending loop: insert j moves it when its row less j is at most it).
        private var insertsStart = 0
        private var shifting = 0

        fileprivate init(_ decomposition: ReloadDecomposition) {
            self.decomposition = decomposition
            rowsOnly = decomposition.sectionDeletes.isEmpty && decomposition.sectionInserts.isEmpty
        }

        /// True when an explicit delete names exactly the reloaded row or section (T1), as
        /// `ReloadDecomposition.isExplicitlyDeleted` says.
        mutating func isExplicitlyDeleted(_ reload: UpdateItem) -> Bool {
            guard walk(to: reload) else { return decomposition.isExplicitlyDeleted(reload) }
            return deletesEnd > deletesStart && decomposition.rowDeletes[deletesEnd - 1].row == row
        }

        /// The insert half of `reload`.
        mutating func insertHalf(of reload: UpdateItem) -> UpdateItem {
            guard walk(to: reload) else { return decomposition.insertHalf(of: reload) }
            let afterDeletes = row - (deletesEnd - deletesStart)
            let inserts = decomposition.rowInserts
            while insertsStart + shifting < inserts.count && inserts[insertsStart + shifting].section == section
                && inserts[insertsStart + shifting].row - shifting <= afterDeletes
            {
                shifting += 1
            }
            let (shifted, overflow) = afterDeletes.addingReportingOverflow(shifting)
            return .row(
                IndexPath(section: section, row: overflow ? Int.max : shifted), operation: reload.operation,
                isFromReload: true)
        }

        /// Moves the cursors to `reload`: the row deletes of its section not past its row behind
        /// `deletesEnd`. False when the walk cannot take it (a section reload, section deletes or inserts
        /// in the batch, a reload before the last).
        private mutating func walk(to reload: UpdateItem) -> Bool {
            guard rowsOnly && !reload.isSection && (reload.section, reload.row) >= (section, row) else { return false }
            let deletes = decomposition.rowDeletes
            if reload.section != section {
                section = reload.section
                let inserts = decomposition.rowInserts
                while deletesStart < deletes.count && deletes[deletesStart].section < section { deletesStart += 1 }
                while insertsStart < inserts.count && inserts[insertsStart].section < section { insertsStart += 1 }
                (deletesEnd, shifting) = (deletesStart, 0)
            }
            row = reload.row
            while deletesEnd < deletes.count && deletes[deletesEnd].section == section && deletes[deletesEnd].row <= row
            {
                deletesEnd += 1
            }
            return true
        }
    }

    /// The reload's row after UIKit's descending pass over the explicit row deletes.
    private func shiftedByRowDeletes(section: Int, row: Int) -> Int {
        var row = row - rowDeletes.slice(ofSection: section).countRows(notGreaterThan: row)
        // Below the reload's own section, the adjusted section equals a section whose row deletes
        // are being compared only inside a run of deleted sections ending just below it.
        guard section > 0,
            let lowest = sectionDeletes.runStart(containing: section - 1, runStarts: sectionDeleteRunStarts)
        else { return row }
        var end = rowDeletes.partitioningIndex { $0.section >= section }
        while end > 0, rowDeletes[end - 1].section >= lowest {
            let runSection = rowDeletes[end - 1].section
            let start = rowDeletes[..<end].partitioningIndex { $0.section >= runSection }
            row -= rowDeletes[start..<end].countRows(notGreaterThan: row)
            end = start
        }
        return row
    }
}
