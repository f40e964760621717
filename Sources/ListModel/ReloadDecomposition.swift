/// Where the insert half of each reload lands (reference rule 11).
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
    /// Explicit row deletes: rows per old section, ascending.
    private let rowDeletesBySection: [Int: [Int]]
    /// The old sections that have explicit row deletes, ascending.
    private let sectionsWithRowDeletes: [Int]
    /// Explicit row deletes, to find a reload of a deleted row.
    private let rowDeletes: Set<IndexPath>
    /// Explicit section inserts, ascending.
    private let sectionInserts: [Int]
    /// For each explicit section insert, the lowest section of its run of consecutive inserts.
    private let sectionInsertRunStarts: [Int]
    /// Explicit row inserts: rows per new section, ascending.
    private let rowInsertsBySection: [Int: [Int]]
    /// The new sections that have explicit row inserts, ascending.
    private let sectionsWithRowInserts: [Int]

    /// Prepares the explicit deletes and inserts, each sorted ascending with duplicates merged.
    init(explicitDeletes: [UpdateItem], explicitInserts: [UpdateItem]) {
        var sectionDeletes: [Int] = []
        var rowDeletesBySection: [Int: [Int]] = [:]
        var sectionsWithRowDeletes: [Int] = []
        var rowDeletes = Set<IndexPath>()
        for item in explicitDeletes {
            if item.isSection {
                sectionDeletes.append(item.section)
            } else {
                if rowDeletesBySection[item.section] == nil { sectionsWithRowDeletes.append(item.section) }
                rowDeletesBySection[item.section, default: []].append(item.row)
                rowDeletes.insert(item.path)
            }
        }
        var sectionInserts: [Int] = []
        var rowInsertsBySection: [Int: [Int]] = [:]
        var sectionsWithRowInserts: [Int] = []
        for item in explicitInserts {
            if item.isSection {
                sectionInserts.append(item.section)
            } else {
                if rowInsertsBySection[item.section] == nil { sectionsWithRowInserts.append(item.section) }
                rowInsertsBySection[item.section, default: []].append(item.row)
            }
        }
        self.sectionDeletes = sectionDeletes
        self.sectionDeleteRunStarts = sectionDeletes.startsOfConsecutiveRuns()
        self.rowDeletesBySection = rowDeletesBySection
        self.sectionsWithRowDeletes = sectionsWithRowDeletes
        self.rowDeletes = rowDeletes
        self.sectionInserts = sectionInserts
        self.sectionInsertRunStarts = sectionInserts.startsOfConsecutiveRuns()
        self.rowInsertsBySection = rowInsertsBySection
        self.sectionsWithRowInserts = sectionsWithRowInserts
    }

    /// True when an explicit delete names exactly the reloaded row or section (T1).
    func isExplicitlyDeleted(_ reload: UpdateItem) -> Bool {
        if reload.isSection {
            return runStart(containing: reload.section, in: sectionDeletes, runStarts: sectionDeleteRunStarts) != nil
        }
        return rowDeletes.contains(reload.path)
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
            let start = runStart(containing: newSection - 1, in: sectionInserts, runStarts: sectionInsertRunStarts)
        {
            lowestCounted = start
        }
        var index = sectionsWithRowInserts.countLess(than: lowestCounted)
        while index < sectionsWithRowInserts.count, sectionsWithRowInserts[index] <= newSection {
            row = rowInsertsBySection[sectionsWithRowInserts[index], default: []].shiftedByInserts(row)
            index += 1
        }
        return .row(IndexPath(section: newSection, row: row), operation: reload.operation, isFromReload: true)
    }

    /// The reload's row after UIKit's descending pass over the explicit row deletes.
    private func shiftedByRowDeletes(section: Int, row: Int) -> Int {
        var row = row - rowDeletesBySection[section, default: []].countNotGreater(than: row)
        // Below the reload's own section, the adjusted section equals a section whose row deletes
        // are being compared only inside a run of deleted sections ending just below it.
        guard section > 0,
            let lowest = runStart(containing: section - 1, in: sectionDeletes, runStarts: sectionDeleteRunStarts)
        else { return row }
        var index = sectionsWithRowDeletes.countLess(than: section) - 1
        while index >= 0, sectionsWithRowDeletes[index] >= lowest {
            row -= rowDeletesBySection[sectionsWithRowDeletes[index], default: []].countNotGreater(than: row)
            index -= 1
        }
        return row
    }

    /// The lowest section of the run of consecutive sections in `sorted` that contains `section`,
    /// or nil when `section` is not in `sorted`.
    private func runStart(containing section: Int, in sorted: [Int], runStarts: [Int]) -> Int? {
        let index = sorted.countLess(than: section)
        guard index < sorted.count, sorted[index] == section else { return nil }
        return runStarts[index]
    }
}
