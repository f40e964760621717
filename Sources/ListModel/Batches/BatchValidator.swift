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
    /// The class whose rules and texts apply.
    var view: ViewKind = .table
    /// The iOS whose rules apply (`IOSVersion.rules`).
    var ios: IOSVersion = .current
    /// Whether a count below what the updates imply gives the modern "Invalid batch updates detected"
    /// text (`messages modern`, where the version has it) rather than the classic one.
    var modern = false

    private var sectionsBefore: Int { rowsBefore.count }
    private var sectionsAfter: Int { rowsAfter.count }

    /// Runs UIKit's checks on a batch's sorted operations, and returns what the update does, or
    /// throws UIKit's first complaint.
    func validate(_ operations: SortedOperations) throws(UpdateError) -> ValidatedBatch {
        let explicitDeletes = operations.deletes.withoutRepeats()
        let explicitInserts = operations.inserts.withoutRepeats()
        let (sortedMoves, earlierToSameDestination) = Self.distinctMoves(operations)
        var batch = ValidatedBatch(sectionsBefore: sectionsBefore, sectionsAfter: sectionsAfter)

        // 1. Reloads become a delete at the old path and an insert at the shifted path (T1).
        let decomposition = ReloadDecomposition(explicitDeletes: explicitDeletes, explicitInserts: explicitInserts)
        let sortedReloads = operations.reloads.withoutRepeats()
        var reloadInserts: [UpdateItem] = []
        reloadInserts.reserveCapacity(sortedReloads.count)
        var halves = decomposition.walk()
        for reload in sortedReloads {
            if halves.isExplicitlyDeleted(reload) {
                throw .invalidUpdate(
                    UIKitText.deleteAndReloadSamePath(reload.path), in: view, operation: reload.operation)
            }
            let insertHalf = halves.insertHalf(of: reload)
            reloadInserts.append(insertHalf)
            if reload.isSection {
                batch.report.reloadedSections.append(reload.section)
                batch.reloadedSections.append(SectionChange(from: reload.section, to: insertHalf.section))
            } else {
                batch.reloadedRows.append(RowChange(from: reload.path, to: insertHalf.path))
            }
        }
        let reloadDeletes = sortedReloads.map { reload in
            var deleteHalf = reload
            deleteHalf.isFromReload = true
            return deleteHalf
        }

        // Every delete and insert UIKit checks, the reloads' halves among them, ascending.
        let deletes = [UpdateItem].mergingSorted(explicitDeletes, reloadDeletes)
        let inserts = [UpdateItem].mergingSorted(explicitInserts, reloadInserts.sortedMergingDuplicates())

        // The update items as the modern text and iOS 13's log list them, made when one is needed.
        func listed() -> [Update] { Self.listedUpdates(deletes: deletes, inserts: inserts, moves: sortedMoves) }

        do throws(UpdateError) {
            let moveEnds = MoveEnds(sortedMoves, operations)
            if view == .collection {
                // UICollectionView merges only identical moves: a repeated delete or insert is done twice.
                try Self.requireNoRepeat(in: operations.deletes, "delete")
            }
            try checkDeletes(deletes, moveEnds, &batch)
            if view == .collection { try Self.requireNoRepeat(in: operations.inserts, "insert") }
            try checkInserts(inserts, moveEnds, &batch)
            try checkMoves(sortedMoves, earlierToSameDestination, &batch)

            // 5. The section count.
            let inserted = batch.insertedSectionCount
            let deleted = batch.deletedSectionCount
            if sectionsAfter != sectionsBefore + inserted - deleted && logsCountFailures {
                return logged(
                    UIKitText.invalidSectionCount(
                        after: sectionsAfter, before: sectionsBefore, inserted: inserted, deleted: deleted),
                    listed())
            }
            if sectionsAfter != sectionsBefore + inserted - deleted {
                if modern, sectionsAfter < sectionsBefore + inserted - deleted {
                    throw modernFailure(listed())
                }
                throw .invalidUpdate(
                    UIKitText.invalidSectionCount(
                        after: sectionsAfter, before: sectionsBefore, inserted: inserted, deleted: deleted),
                    in: view, operation: nil)
            }
            mapSections(&batch, explicitDeletes: explicitDeletes, explicitInserts: explicitInserts)
            if view == .collection { warnOfKnownCrashes(sortedMoves, operations, &batch) }
            // 6. The row counts, unless a row move across a deleted or inserted section made UITableView end the update with reloadData.
            if !batch.report.usedReloadFallback {
                if logsCountFailures, let text = rowCountFailure(batch) {
                    return logged(text, listed())
                }
                do throws(UpdateError) {
                    try checkRowCounts(batch)
                } catch {
                    if modern,
                        case .invalidRowCount(_, let after, let before, let i, let d, let mi, let mo) = error.uikit,
                        after < before + i - d + mi - mo
                    {
                        throw modernFailure(listed())
                    }
                    throw error
                }
            }
            // 7. UICollectionView on iOS 9 cannot animate a reloaded section whose item count changed
            // (no check counts a reloaded section's items).
            if ios.has(IOSVersion.nilViewAnimation, in: view) {
                for (reload, change) in zip(sortedReloads.filter { $0.isSection }, batch.reloadedSections)
                where rowsBefore[change.from] != rowsAfter[change.to] {
                    throw .invalidUpdate(UIKitText.viewAnimationForNilView, in: view, operation: reload.operation)
                }
            }
            batch.finishReport(explicitDeletes: explicitDeletes, explicitInserts: explicitInserts)
            return batch
        } catch {
            throw Self.explained(error, sortedReloads, decomposition, operations)
        }
    }

    /// `error`, with the reload it is about as UIKit performs it (a delete at the old index path and an
    /// insert at the new one) when a check failed on one of the halves the user did not write.
    /// And, when the check was about a row in a batch that also moves sections, the section moves, whose
    /// index spaces the row's section is read in.
    private static func explained(
        _ error: UpdateError, _ reloads: [UpdateItem], _ decomposition: ReloadDecomposition,
        _ operations: SortedOperations
    ) -> UpdateError {
        guard let operation = error.operationIndex else { return error }
        var error = error
        let sectionMoves = operations.moves.mapping(where: { $0.isSection }) {
            SectionChange(from: $0.from.section, to: $0.to.section)
        }
        let isRow =
            [operations.deletes, operations.inserts, operations.reloads].contains { items in
                items.contains { $0.operation == operation && !$0.isSection }
            } || operations.moves.contains { $0.operation == operation && !$0.isSection }
        if isRow && !sectionMoves.isEmpty { error.sectionMoves = sectionMoves }
        // The animation's assertion is about the reloaded section itself, not one of its halves.
        guard error.uikit?.check != .animation, let reload = reloads.first(where: { $0.operation == operation })
        else { return error }
        let insert = decomposition.insertHalf(of: reload)
        error.reload = ReloadHalves(deletedAt: reload.path, insertedAt: insert.path, isSection: reload.isSection)
        return error
    }

    /// 2. Deletes, descending (reload deletes included): conflicts with moves, then ranges; a section
    /// delete drops the row deletes of its section unchecked (UITableView drops them before checking their indexes).
    private func checkDeletes(_ ascending: [UpdateItem], _ moves: MoveEnds, _ batch: inout ValidatedBatch)
        throws(UpdateError)
    {
        var nextSource = moves.rowSources.count - 1  // walks down the row move sources with the deletes
        batch.rowDeletes.reserveCapacity(ascending.count)
        for item in ascending.reversed() {
            if item.isSection {
                if moves.sectionSources.containsSorted(item.section) {
                    throw .invalidUpdate(
                        UIKitText.deleteAndMoveSameSection(item.section), in: view, operation: item.operation)
                }
                if moves.rowSources.containsSection(item.section) {
                    if view == .collection || ios.has(IOSVersion.tableMovesAcrossSections, in: view) {
                        throw .invalidUpdate(
                            UIKitText.cannotMoveFromDeletedSection(item.section), in: view, operation: item.operation)
                    }
                    batch.useReloadFallback(UIKitMessage.reloadFallbackWarning(movedOutOfDeletedSection: item.section))
                }
                guard item.section < sectionsBefore else {
                    throw .invalidUpdate(
                        UIKitText.deleteMissingSection(item.section, sectionsBefore: sectionsBefore),
                        in: view, operation: item.operation)
                }
                batch.markDeleted(section: item.section)
            } else {
                if batch.isDeleted(oldSection: item.section) { continue }
                while nextSource >= 0 && moves.rowSources[nextSource] > item.path { nextSource -= 1 }
                if nextSource >= 0 && moves.rowSources[nextSource] == item.path {
                    throw .invalidUpdate(
                        UIKitText.deleteAndMoveSamePath(item.path), in: view, operation: item.operation)
                }
                guard item.section < sectionsBefore else {
                    throw .invalidUpdate(
                        UIKitText.deleteRowFromMissingSection(item.path, sectionsBefore: sectionsBefore),
                        in: view, operation: item.operation)
                }
                guard item.row < rowsBefore[item.section] else {
                    throw .invalidUpdate(
                        UIKitText.deleteMissingRow(item.path, rowsBefore: rowsBefore[item.section]),
                        in: view, operation: item.operation)
                }
                batch.rowDeletes.append(item)
            }
        }
        batch.rowDeletes.reverse()
    }

    /// 3. Inserts, ascending (reload inserts included): conflicts with moves, then ranges; a section
    /// insert drops the row inserts of its section, which sort before it and so were checked against its new row count first.
    private func checkInserts(_ ascending: [UpdateItem], _ moves: MoveEnds, _ batch: inout ValidatedBatch)
        throws(UpdateError)
    {
        var nextDestination = 0  // walks up the row move destinations with the inserts
        batch.rowInserts.reserveCapacity(ascending.count)
        for item in ascending {
            if item.isSection {
                if moves.sectionDestinations.containsSorted(item.section) {
                    throw .invalidUpdate(
                        UIKitText.insertAndMoveSameSection(item.section), in: view, operation: item.operation)
                }
                if moves.rowDestinations.containsSection(item.section) {
                    if view == .collection || ios.has(IOSVersion.tableMovesAcrossSections, in: view) {
                        throw .invalidUpdate(
                            UIKitText.cannotMoveIntoInsertedSection(item.section), in: view, operation: item.operation)
                    }
                    batch.useReloadFallback(UIKitMessage.reloadFallbackWarning(movedIntoInsertedSection: item.section))
                }
                guard item.section < sectionsAfter else {
                    throw .invalidUpdate(
                        UIKitText.insertSectionPastEnd(item.section, sectionsAfter: sectionsAfter),
                        in: view, operation: item.operation)
                }
                batch.markInserted(section: item.section)
                while let last = batch.rowInserts.last, last.section == item.section {
                    batch.rowInserts.removeLast()
                }
            } else {
                while nextDestination < moves.rowDestinations.count
                    && moves.rowDestinations[nextDestination] < item.path
                {
                    nextDestination += 1
                }
                if nextDestination < moves.rowDestinations.count && moves.rowDestinations[nextDestination] == item.path
                {
                    throw .invalidUpdate(
                        UIKitText.insertAndMoveSamePath(item.path), in: view, operation: item.operation)
                }
                guard item.section < sectionsAfter else {
                    throw .invalidUpdate(
                        UIKitText.insertRowIntoMissingSection(item.path, sectionsAfter: sectionsAfter),
                        in: view, operation: item.operation)
                }
                guard item.row < rowsAfter[item.section] else {
                    throw .invalidUpdate(
                        ios.has(IOSVersion.genericInsertText, in: view)
                            ? UIKitText.inconsistentTableUpdate
                            : UIKitText.insertRowPastEnd(item.path, rowsAfter: rowsAfter[item.section]),
                        in: view, operation: item.operation)
                }
                batch.rowInserts.append(item)
            }
        }
    }

    /// 4. Moves, ascending by source: ranges, then a source moved twice or a destination used twice.
    private func checkMoves(
        _ sortedMoves: [MoveItem], _ earlierToSameDestination: [Int?], _ batch: inout ValidatedBatch
    )
        throws(UpdateError)
    {
        for (position, move) in sortedMoves.enumerated() {
            let from = move.from.path
            let to = move.to.path
            if move.isSection {
                guard move.from.section < sectionsBefore else {
                    throw .invalidUpdate(
                        UIKitText.moveMissingSection(move.from.section, sectionsBefore: sectionsBefore),
                        in: view, operation: move.operation)
                }
                guard move.to.section < sectionsAfter else {
                    throw .invalidUpdate(
                        UIKitText.moveSectionPastEnd(
                            from: move.from.section, to: move.to.section, sectionsAfter: sectionsAfter),
                        in: view, operation: move.operation)
                }
            } else {
                guard from.section < sectionsBefore else {
                    throw .invalidUpdate(
                        UIKitText.moveRowFromMissingSection(from, sectionsBefore: sectionsBefore),
                        in: view, operation: move.operation)
                }
                guard from.row < rowsBefore[from.section] else {
                    throw .invalidUpdate(
                        UIKitText.moveMissingRow(from, rowsBefore: rowsBefore[from.section]),
                        in: view, operation: move.operation)
                }
                guard to.section < sectionsAfter else {
                    throw .invalidUpdate(
                        UIKitText.moveRowIntoMissingSection(from: from, to: to, sectionsAfter: sectionsAfter),
                        in: view, operation: move.operation)
                }
                guard to.row < rowsAfter[to.section] else {
                    throw .invalidUpdate(
                        UIKitText.moveRowPastEnd(from: from, to: to, rowsAfter: rowsAfter[to.section]),
                        in: view, operation: move.operation)
                }
            }
            // Exact duplicates are already merged, so the same source again means another destination;
            // moves with one source are neighbours in this order.
            if position > 0, sortedMoves[position - 1].from.isSamePlace(as: move.from) {
                let previous = sortedMoves[position - 1]
                let message =
                    move.isSection
                    ? UIKitText.sectionMovedTwice(
                        move.from.section, first: previous.to.section, second: move.to.section)
                    : UIKitText.rowMovedTwice(from, first: previous.to.path, second: to)
                throw .invalidUpdate(message, in: view, operation: move.operation)
            }
            if let earlier = earlierToSameDestination[position] {
                let first = sortedMoves[earlier].from
                let message =
                    move.isSection
                    ? UIKitText.sectionsMovedToOne(
                        first: first.section, second: move.from.section, destination: move.to.section)
                    : UIKitText.rowsMovedToOne(first: first.path, second: from, destination: to)
                throw .invalidUpdate(message, in: view, operation: move.operation)
            }
        }
        batch.moves = sortedMoves
    }

    /// Fails on the first place that `items` (sorted by place, then issue order) names twice; `verb`
    /// is "delete" or "insert".
    private static func requireNoRepeat(in items: [UpdateItem], _ verb: String) throws(UpdateError) {
        let sorted = items.sorted { $0.isBefore($1) || ($0.isSamePlace(as: $1) && $0.operation < $1.operation) }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.isSamePlace(as: b) {
            throw .invalidUpdate(
                UIKitText.repeatedInCollectionView(verb: verb, section: b.section, row: b.isSection ? nil : b.row),
                in: .collection, operation: b.operation)
        }
    }

    /// Batches UICollectionView accepts that are known to crash it (reference beyond-batches §2,
    /// "Valid is not safe"): a section move among item updates, and a section moved onto itself with an
    /// item moved out of it.
    private func warnOfKnownCrashes(_ moves: [MoveItem], _ operations: SortedOperations, _ batch: inout ValidatedBatch)
    {
        let sectionMoves = moves.filter { $0.isSection }
        guard !sectionMoves.isEmpty else { return }
        let rowMoves = moves.filter { !$0.isSection }
        for move in sectionMoves where move.from.section == move.to.section {
            if rowMoves.contains(where: { $0.from.section == move.from.section && $0.to.section != move.to.section }) {
                batch.report.warnings.append(UIKitMessage.itemOutOfUnmovedSectionWarning(move.from.section))
                return
            }
        }
        let hasItemUpdates =
            !rowMoves.isEmpty || operations.deletes.contains { !$0.isSection }
            || operations.inserts.contains { !$0.isSection } || operations.reloads.contains { !$0.isSection }
        if hasItemUpdates, let move = sectionMoves.first(where: { $0.from.section != $0.to.section }) {
            batch.report.warnings.append(UIKitMessage.sectionMoveWithItemUpdatesWarning(move.from.section))
        }
    }

    /// SPEC §5 rule 5: the plain moves of a batch that cannot be carried out on the data source at all
    /// (a move from a section or row it does not have, one source moved to two places, two sources
    /// moved to one place) leave no data source for the ordered checks to read, so the first of them,
    /// in the order of the move checks (ascending by source), fails with UIKit's text before those
    /// checks. `rowsBefore` are the table view's counts before the update, which UIKit's texts give.
    static func checkCarriable(
        _ operations: SortedOperations, isPlain: (Int) -> Bool, rowsBefore: [Int], view: ViewKind
    ) throws(UpdateError) {
        // For each move, the first one (in source order) with its destination, when that is another.
        let (moves, earlier) = distinctMoves(operations, keeping: { isPlain($0.operation) })
        guard !moves.isEmpty else { return }
        for (position, move) in moves.enumerated() {
            let from = move.from.path
            if move.isSection {
                guard move.from.section < rowsBefore.count else {
                    throw .invalidUpdate(
                        UIKitText.moveMissingSection(move.from.section, sectionsBefore: rowsBefore.count),
                        in: view, operation: move.operation)
                }
            } else {
                guard from.section < rowsBefore.count else {
                    throw .invalidUpdate(
                        UIKitText.moveRowFromMissingSection(from, sectionsBefore: rowsBefore.count),
                        in: view, operation: move.operation)
                }
                guard from.row < rowsBefore[from.section] else {
                    throw .invalidUpdate(
                        UIKitText.moveMissingRow(from, rowsBefore: rowsBefore[from.section]),
                        in: view, operation: move.operation)
                }
            }
            if position > 0, moves[position - 1].from.isSamePlace(as: move.from) {
                let previous = moves[position - 1]
                throw .invalidUpdate(
                    move.isSection
                        ? UIKitText.sectionMovedTwice(
                            move.from.section, first: previous.to.section, second: move.to.section)
                        : UIKitText.rowMovedTwice(from, first: previous.to.path, second: move.to.path),
                    in: view, operation: move.operation)
            }
            if let first = earlier[position] {
                let other = moves[first].from
                throw .invalidUpdate(
                    move.isSection
                        ? UIKitText.sectionsMovedToOne(
                            first: other.section, second: move.from.section, destination: move.to.section)
                        : UIKitText.rowsMovedToOne(
                            first: other.path, second: from, destination: move.to.path),
                    in: view, operation: move.operation)
            }
        }
    }

    /// The batch's moves with exact duplicates merged (the first issued kept), ascending by source,
    /// then only those `include` keeps; and for each, the position of the first one before it with
    /// the same destination, if any.
    private static func distinctMoves(
        _ operations: SortedOperations, keeping include: (MoveItem) -> Bool = { _ in true }
    ) -> (moves: [MoveItem], earlierToSameDestination: [Int?]) {
        var moves: [MoveItem] = []
        moves.reserveCapacity(operations.moves.count)
        var distinctPosition: [Int] = []
        distinctPosition.reserveCapacity(operations.moves.count)
        for move in operations.moves {
            if let last = moves.last, last.isExactDuplicate(of: move) {
                distinctPosition.append(moves.count - 1)
            } else {
                distinctPosition.append(moves.count)
                moves.append(move)
            }
        }
        // Where each distinct move is among those kept (nil for one left out).
        var keptPosition = [Int?](repeating: nil, count: moves.count)
        var kept: [MoveItem] = []
        kept.reserveCapacity(moves.count)
        for (position, move) in moves.enumerated() where include(move) {
            keptPosition[position] = kept.count
            kept.append(move)
        }
        moves = kept
        // By destination, then source: the first of each destination is the first one processed.
        var earlier = [Int?](repeating: nil, count: moves.count)
        var groupStart: Int?
        for original in operations.movesByDestination {
            guard let position = keptPosition[distinctPosition[original]] else { continue }
            if let start = groupStart, moves[start].to.isSamePlace(as: moves[position].to) {
                if position != start { earlier[position] = start }
            } else {
                groupStart = position
            }
        }
        return (moves, earlier)
    }

    /// The old→new section map: moved sections go where they were moved, reloaded ones where their
    /// insert landed, the others that survive fill the free new indexes in their old order (UIKit's rule for the rows and sections a batch leaves in place).
    /// Deleted and reloaded sections have no new index; inserted and reloaded ones no old index. The
    /// report keeps the same map (`SectionOrigin.map`, which section commands done in place use too).
    private func mapSections(
        _ batch: inout ValidatedBatch, explicitDeletes: [UpdateItem], explicitInserts: [UpdateItem]
    ) {
        let origins = SectionOrigin.map(
            from: sectionsBefore, to: sectionsAfter,
            inserted: explicitInserts.mapping(where: { $0.isSection }) { $0.section },
            deleted: explicitDeletes.mapping(where: { $0.isSection }) { $0.section },
            moved: batch.moves.mapping(where: { $0.isSection }) {
                SectionChange(from: $0.from.section, to: $0.to.section)
            },
            reloaded: batch.reloadedSections)
        batch.report.storedSectionOrigins = origins
        var newSectionOfOld = [Int?](repeating: nil, count: sectionsBefore)
        var oldSectionOfNew = [Int?](repeating: nil, count: sectionsAfter)
        for (new, origin) in (origins ?? (0..<sectionsAfter).map { .kept(from: $0) }).enumerated() {
            switch origin {
            case .kept(let old), .moved(let old):
                newSectionOfOld[old] = new
                oldSectionOfNew[new] = old
            case .inserted, .reloaded:
                break
            }
        }
        batch.newSectionOfOld = newSectionOfOld
        batch.oldSectionOfNew = oldSectionOfNew
    }

    /// The modern text's `Updates = [ … ]` list (and iOS 13's log's items), as UIKit prints it: its update
    /// items, each reload a delete and an insert (forums 751732: "reloads are decomposed into a delete an an
    /// insert"; reference O2, a batch of one `reloadRows` printed as `Delete row (0 - 0),` `Insert row (0 -
    /// 0)`), the deletes descending and then the inserts ascending, as UIKit sorts them (every capture lists
    /// them so); then the moves by source (no capture shows one).
    static func listedUpdates(deletes: [UpdateItem], inserts: [UpdateItem], moves: [MoveItem]) -> [Update] {
        var updates: [Update] = []
        updates.reserveCapacity(deletes.count + inserts.count + moves.count)
        for item in deletes.reversed() {
            updates.append(item.isSection ? .deleteSection(item.section) : .deleteRow(item.path))
        }
        for item in inserts {
            updates.append(item.isSection ? .insertSection(item.section) : .insertRow(item.path))
        }
        for move in moves {
            updates.append(
                move.isSection
                    ? .moveSection(from: move.from.section, to: move.to.section)
                    : .moveRow(from: move.from.path, to: move.to.path))
        }
        return updates
    }

    /// The modern text for a count that came out below what the updates imply.
    private func modernFailure(_ updates: [Update]) -> UpdateError {
        .invalidUpdate(
            UIKitText.invalidBatchUpdates(before: rowsBefore, after: rowsAfter, updates: updates), in: view,
            operation: nil)
    }

    /// Whether a failed count check is logged and the view reloaded, rather than raised: UICollectionView
    /// on iOS 13 to 16.3.
    private var logsCountFailures: Bool {
        view == .collection && ios.has(IOSVersion.collectionLogsAndReloads, in: view)
    }

    /// What UICollectionView does on iOS 13 to 16.3 with a failed count check (`text`): it logs the text and
    /// reloads, so the batch commits as a reload that shows the data source.
    private func logged(_ text: UIKitText, _ updates: [Update]) -> ValidatedBatch {
        var logged = ValidatedBatch(sectionsBefore: sectionsBefore, sectionsAfter: sectionsAfter)
        logged.useReloadFallback(UIKitMessage.collectionViewLoggedCount(text, updates: updates, ios: ios))
        return logged
    }

    /// The first failed row-count check's text, if any (the classic text: UICollectionView logs that one).
    private func rowCountFailure(_ batch: ValidatedBatch) -> UIKitText? {
        do throws(UpdateError) {
            try checkRowCounts(batch)
            return nil
        } catch {
            return error.uikit
        }
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
        for move in batch.moves
        where !move.isSection
            && batch.newSectionOfOld[move.from.section] != move.to.section
        {
            movedOut[move.from.section] += 1
            movedIn[move.to.section] += 1
        }
        for new in 0..<sectionsAfter {
            guard let old = batch.oldSectionOfNew[new] else { continue }
            let expected = rowsBefore[old] + inserted[new] - deleted[old] + movedIn[new] - movedOut[old]
            if rowsAfter[new] != expected {
                throw .invalidUpdate(
                    UIKitText.invalidRowCount(
                        section: new, after: rowsAfter[new], before: rowsBefore[old], inserted: inserted[new],
                        deleted: deleted[old], movedIn: movedIn[new], movedOut: movedOut[old]),
                    in: view, operation: nil)
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

    /// Collects the ends of `sortedMoves` (sorted by source); destinations come sorted from `operations`.
    init(_ sortedMoves: [MoveItem], _ operations: SortedOperations) {
        sectionSources = sortedMoves.mapping(where: { $0.isSection }) { $0.from.section }
        rowSources = sortedMoves.mapping(where: { !$0.isSection }) { $0.from.path }
        let byDestination = operations.movesByDestination.map { operations.moves[$0] }
        sectionDestinations = byDestination.mapping(where: { $0.isSection }) { $0.to.section }
        rowDestinations = byDestination.mapping(where: { !$0.isSection }) { $0.to.path }
    }
}
