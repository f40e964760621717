/// UITableView's validation of a batch (`-[UITableView _endCellAnimationsWithContext:]`, reference
/// rules 6–18, UITableView variant), checks in UIKit's order, the first failure wins:
/// reload decomposition; deletes (descending); inserts (ascending); moves (ascending by source);
/// the section count; the row count of every new section.
///
/// Duplicates are merged before anything else; every pair of moves is compared. Each kind of
/// operation is sorted once and everything else is merging and binary search, so a batch of k
/// operations on s sections costs O(s + k log k).
struct BatchValidator {
    /// Rows per section before the update: the table view's cached counts.
    let rowsBefore: [Int]
    /// Rows per section after the update: the data source's counts when the batch commits.
    let rowsAfter: [Int]

    private var sectionsBefore: Int { rowsBefore.count }
    private var sectionsAfter: Int { rowsAfter.count }

    /// Runs UIKit's checks on `updates` (operation i of the batch is `updates[i]`), and returns what
    /// the update does, or throws UIKit's first complaint.
    func validate(_ updates: [Update]) throws(UpdateError) -> ValidatedBatch {
        var deletes: [UpdateItem] = []
        var inserts: [UpdateItem] = []
        var reloads: [UpdateItem] = []
        var moves: [MoveItem] = []
        for (operation, update) in updates.enumerated() {
            switch update {
            case .insertRow(let path): inserts.append(.row(path, operation: operation))
            case .deleteRow(let path): deletes.append(.row(path, operation: operation))
            case .reloadRow(let path): reloads.append(.row(path, operation: operation))
            case .moveRow(let from, let to): moves.append(.row(from: from, to: to, operation: operation))
            case .insertSection(let section): inserts.append(.section(section, operation: operation))
            case .deleteSection(let section): deletes.append(.section(section, operation: operation))
            case .reloadSection(let section): reloads.append(.section(section, operation: operation))
            case .moveSection(let from, let to): moves.append(.section(from: from, to: to, operation: operation))
            }
        }
        let explicitDeletes = deletes.sortedMergingDuplicates()
        let explicitInserts = inserts.sortedMergingDuplicates()
        let sortedMoves = moves.sortedMergingDuplicates()
        var batch = ValidatedBatch(sectionsBefore: sectionsBefore, sectionsAfter: sectionsAfter)

        // 1. Reloads become a delete at the old path and an insert at the shifted path (T1).
        let decomposition = ReloadDecomposition(explicitDeletes: explicitDeletes, explicitInserts: explicitInserts)
        let sortedReloads = reloads.sortedMergingDuplicates()
        var reloadInserts: [UpdateItem] = []
        reloadInserts.reserveCapacity(sortedReloads.count)
        for reload in sortedReloads {
            if decomposition.isExplicitlyDeleted(reload) {
                throw .invalidUpdate(UIKitMessage.deleteAndReloadSamePath(reload.path), operation: reload.operation)
            }
            let insertHalf = decomposition.insertHalf(of: reload)
            reloadInserts.append(insertHalf)
            if reload.isSection {
                batch.report.reloadedSections.append(reload.section)
            } else {
                batch.reloadedRows.append(RowChange(from: reload.path, to: insertHalf.path))
            }
        }
        let reloadDeletes = sortedReloads.map { reload in
            var deleteHalf = reload
            deleteHalf.isFromReload = true
            return deleteHalf
        }

        let moveEnds = MoveEnds(sortedMoves)
        try checkDeletes(.mergingSorted(explicitDeletes, reloadDeletes), moveEnds, &batch)
        try checkInserts(.mergingSorted(explicitInserts, reloadInserts.sortedMergingDuplicates()), moveEnds, &batch)
        try checkMoves(sortedMoves, &batch)

        // 5. The section count.
        let inserted = batch.insertedSectionCount
        let deleted = batch.deletedSectionCount
        if sectionsAfter != sectionsBefore + inserted - deleted {
            throw .invalidUpdate(
                UIKitMessage.invalidSectionCount(
                    after: sectionsAfter, before: sectionsBefore, inserted: inserted, deleted: deleted),
                operation: nil)
        }
        mapSections(&batch)
        // 6. The row counts, unless rule 9's fallback ends the update with reloadData.
        if !batch.report.usedReloadFallback {
            try checkRowCounts(batch)
        }
        batch.finishReport(explicitDeletes: explicitDeletes, explicitInserts: explicitInserts)
        return batch
    }

    /// 2. Deletes, descending (reload deletes included): conflicts with moves, then ranges; a section
    /// delete drops the row deletes of its section unchecked (rule 6).
    private func checkDeletes(_ ascending: [UpdateItem], _ moves: MoveEnds, _ batch: inout ValidatedBatch)
        throws(UpdateError)
    {
        for item in ascending.reversed() {
            if item.isSection {
                if moves.sectionSources.containsSorted(item.section) {
                    throw .invalidUpdate(UIKitMessage.deleteAndMoveSameSection(item.section), operation: item.operation)
                }
                if moves.rowSources.containsSection(item.section) {
                    batch.useReloadFallback(UIKitMessage.reloadFallbackWarning(movedOutOfDeletedSection: item.section))
                }
                guard item.section < sectionsBefore else {
                    throw .invalidUpdate(
                        UIKitMessage.deleteMissingSection(item.section, sectionsBefore: sectionsBefore),
                        operation: item.operation)
                }
                batch.markDeleted(section: item.section)
            } else {
                if batch.isDeleted(oldSection: item.section) { continue }
                if moves.rowSources.containsSorted(item.path) {
                    throw .invalidUpdate(UIKitMessage.deleteAndMoveSamePath(item.path), operation: item.operation)
                }
                guard item.section < sectionsBefore else {
                    throw .invalidUpdate(
                        UIKitMessage.deleteRowFromMissingSection(item.path, sectionsBefore: sectionsBefore),
                        operation: item.operation)
                }
                guard item.row < rowsBefore[item.section] else {
                    throw .invalidUpdate(
                        UIKitMessage.deleteMissingRow(item.path, rowsBefore: rowsBefore[item.section]),
                        operation: item.operation)
                }
                batch.rowDeletes.append(item)
            }
        }
        batch.rowDeletes.reverse()
    }

    /// 3. Inserts, ascending (reload inserts included): conflicts with moves, then ranges; a section
    /// insert drops the row inserts of its section, which sort before it and so were checked (rule 7).
    private func checkInserts(_ ascending: [UpdateItem], _ moves: MoveEnds, _ batch: inout ValidatedBatch)
        throws(UpdateError)
    {
        for item in ascending {
            if item.isSection {
                if moves.sectionDestinations.containsSorted(item.section) {
                    throw .invalidUpdate(UIKitMessage.insertAndMoveSameSection(item.section), operation: item.operation)
                }
                if moves.rowDestinations.containsSection(item.section) {
                    batch.useReloadFallback(UIKitMessage.reloadFallbackWarning(movedIntoInsertedSection: item.section))
                }
                guard item.section < sectionsAfter else {
                    throw .invalidUpdate(
                        UIKitMessage.insertSectionPastEnd(item.section, sectionsAfter: sectionsAfter),
                        operation: item.operation)
                }
                batch.markInserted(section: item.section)
                while let last = batch.rowInserts.last, last.section == item.section {
                    batch.rowInserts.removeLast()
                }
            } else {
                if moves.rowDestinations.containsSorted(item.path) {
                    throw .invalidUpdate(UIKitMessage.insertAndMoveSamePath(item.path), operation: item.operation)
                }
                guard item.section < sectionsAfter else {
                    throw .invalidUpdate(
                        UIKitMessage.insertRowIntoMissingSection(item.path, sectionsAfter: sectionsAfter),
                        operation: item.operation)
                }
                guard item.row < rowsAfter[item.section] else {
                    throw .invalidUpdate(
                        UIKitMessage.insertRowPastEnd(item.path, rowsAfter: rowsAfter[item.section]),
                        operation: item.operation)
                }
                batch.rowInserts.append(item)
            }
        }
    }

    /// 4. Moves, ascending by source: ranges, then a source moved twice or a destination used twice.
    private func checkMoves(_ sortedMoves: [MoveItem], _ batch: inout ValidatedBatch) throws(UpdateError) {
        let earlierToSameDestination = Self.earlierMovesToSameDestination(sortedMoves)
        for (position, move) in sortedMoves.enumerated() {
            let from = move.from.path
            let to = move.to.path
            if move.isSection {
                guard move.from.section < sectionsBefore else {
                    throw .invalidUpdate(
                        UIKitMessage.moveMissingSection(move.from.section, sectionsBefore: sectionsBefore),
                        operation: move.operation)
                }
                guard move.to.section < sectionsAfter else {
                    throw .invalidUpdate(
                        UIKitMessage.moveSectionPastEnd(
                            from: move.from.section, to: move.to.section, sectionsAfter: sectionsAfter),
                        operation: move.operation)
                }
            } else {
                guard from.section < sectionsBefore else {
                    throw .invalidUpdate(
                        UIKitMessage.moveRowFromMissingSection(from, sectionsBefore: sectionsBefore),
                        operation: move.operation)
                }
                guard from.row < rowsBefore[from.section] else {
                    throw .invalidUpdate(
                        UIKitMessage.moveMissingRow(from, rowsBefore: rowsBefore[from.section]),
                        operation: move.operation)
                }
                guard to.section < sectionsAfter else {
                    throw .invalidUpdate(
                        UIKitMessage.moveRowIntoMissingSection(from: from, to: to, sectionsAfter: sectionsAfter),
                        operation: move.operation)
                }
                guard to.row < rowsAfter[to.section] else {
                    throw .invalidUpdate(
                        UIKitMessage.moveRowPastEnd(from: from, to: to, rowsAfter: rowsAfter[to.section]),
                        operation: move.operation)
                }
            }
            // Exact duplicates are already merged, so the same source again means another destination;
            // moves with one source are neighbours in this order.
            if position > 0, sortedMoves[position - 1].from.isSamePlace(as: move.from) {
                let previous = sortedMoves[position - 1]
                let message =
                    move.isSection
                    ? UIKitMessage.sectionMovedTwice(move.from.section, first: previous.to.section, second: move.to.section)
                    : UIKitMessage.rowMovedTwice(from, first: previous.to.path, second: to)
                throw .invalidUpdate(message, operation: move.operation)
            }
            if let earlier = earlierToSameDestination[position] {
                let first = sortedMoves[earlier].from
                let message =
                    move.isSection
                    ? UIKitMessage.sectionsMovedToOne(first: first.section, second: move.from.section, destination: move.to.section)
                    : UIKitMessage.rowsMovedToOne(first: first.path, second: from, destination: to)
                throw .invalidUpdate(message, operation: move.operation)
            }
        }
        batch.moves = sortedMoves
    }

    /// For each move (by position in `sortedMoves`), the position of the first move before it with
    /// the same destination, if any; found by sorting the positions by destination.
    private static func earlierMovesToSameDestination(_ sortedMoves: [MoveItem]) -> [Int?] {
        var earlier = [Int?](repeating: nil, count: sortedMoves.count)
        let byDestination = sortedMoves.indices.sorted { a, b in
            let first = sortedMoves[a].to
            let second = sortedMoves[b].to
            return first.isSamePlace(as: second) ? a < b : first.isBefore(second)
        }
        var groupStart: Int?
        for position in byDestination {
            if let start = groupStart, sortedMoves[start].to.isSamePlace(as: sortedMoves[position].to) {
                earlier[position] = start
            } else {
                groupStart = position
            }
        }
        return earlier
    }

    /// The old→new section map: moved sections go where they were moved, the others that survive
    /// fill the free new indexes in their old order (rule 4). Deleted and reloaded sections have no
    /// new index; inserted and reloaded ones no old index.
    private func mapSections(_ batch: inout ValidatedBatch) {
        var newSectionOfOld = [Int?](repeating: nil, count: sectionsBefore)
        var oldSectionOfNew = [Int?](repeating: nil, count: sectionsAfter)
        for move in batch.moves where move.isSection {
            newSectionOfOld[move.from.section] = move.to.section
            oldSectionOfNew[move.to.section] = move.from.section
        }
        var old = 0
        for new in 0..<sectionsAfter where oldSectionOfNew[new] == nil && !batch.isInserted(newSection: new) {
            while old < sectionsBefore, batch.isDeleted(oldSection: old) || newSectionOfOld[old] != nil {
                old += 1
            }
            guard old < sectionsBefore else { break }  // cannot happen once the section count matched
            newSectionOfOld[old] = new
            oldSectionOfNew[new] = old
            old += 1
        }
        batch.newSectionOfOld = newSectionOfOld
        batch.oldSectionOfNew = oldSectionOfNew
    }

    /// 6. `new(n) = old(o) + inserted(n) − deleted(o) + movedIn(n) − movedOut(o)` for every new section
    /// that is not inserted; a row move counts only when it leaves the new index of its old section.
    private func checkRowCounts(_ batch: ValidatedBatch) throws(UpdateError) {
        var inserted = [Int](repeating: 0, count: sectionsAfter)
        for item in batch.rowInserts { inserted[item.section] += 1 }
        var deleted = [Int](repeating: 0, count: sectionsBefore)
        for item in batch.rowDeletes { deleted[item.section] += 1 }
        var movedIn = [Int](repeating: 0, count: sectionsAfter)
        var movedOut = [Int](repeating: 0, count: sectionsBefore)
        for move in batch.moves where !move.isSection
        && batch.newSectionOfOld[move.from.section] != move.to.section {
            movedOut[move.from.section] += 1
            movedIn[move.to.section] += 1
        }
        for new in 0..<sectionsAfter {
            guard let old = batch.oldSectionOfNew[new] else { continue }
            let expected = rowsBefore[old] + inserted[new] - deleted[old] + movedIn[new] - movedOut[old]
            if rowsAfter[new] != expected {
                throw .invalidUpdate(
                    UIKitMessage.invalidRowCount(
                        section: new, after: rowsAfter[new], before: rowsBefore[old], inserted: inserted[new],
                        deleted: deleted[old], movedIn: movedIn[new], movedOut: movedOut[old]),
                    operation: nil)
            }
        }
    }
}

/// The sources and destinations of a batch's moves, sorted, for the delete and insert loops'
/// conflict checks.
private struct MoveEnds {
    let sectionSources: [Int]
    let sectionDestinations: [Int]
    let rowSources: [IndexPath]
    let rowDestinations: [IndexPath]

    /// Collects the ends of `sortedMoves` (sorted by source).
    init(_ sortedMoves: [MoveItem]) {
        sectionSources = sortedMoves.filter(\.isSection).map(\.from.section)
        sectionDestinations = sortedMoves.filter(\.isSection).map(\.to.section).sorted()
        rowSources = sortedMoves.filter { !$0.isSection }.map(\.from.path)
        rowDestinations = sortedMoves.filter { !$0.isSection }.map(\.to.path).sorted()
    }
}
