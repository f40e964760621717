import ListFormats
import ListLanguage
import ListModel

extension Interpreter {
    /// `apply`: hands a snapshot to the diffable data source, which tells the table view the difference
    /// as UIKit's does (one batch, its calls in UIKit's order), or reloads it (`usingReloadData`).
    func execApply(_ apply: ApplySnapshot, _ range: SourceRange) throws(ScriptError) {
        do {
            try model.refuseInsideBatch("apply", instead: "a diffable data source performs a batch of its own")
        } catch {
            throw modelFailure(error, at: range)
        }
        let sections = try table(apply.snapshot).map { $0.rows.texts }
        var snapshot = DiffableSnapshot(sections: sections)
        snapshot.identifiersAreValues = apply.valueIdentifiers
        if let idsExpr = apply.sections {
            let ids = try stringList(idsExpr)
            guard ids.count == sections.count else {
                throw failure(idsExpr.range, .sectionIdentifierCount(sections: sections.count, identifiers: ids.count))
            }
            snapshot.sectionIdentifiers = ids
        }
        if let e = apply.reloading { snapshot.reloadedItems = try stringList(e) }
        if let e = apply.reconfiguring { snapshot.reconfiguredItems = try stringList(e) }

        let newState = snapshot.dataSource(replacing: model.dataSource)
        try checkReplacement(newState, range)
        if apply.mode == .usingReloadData {
            // No difference: the data source takes the snapshot and the table view reloads.
            called(.applySnapshotUsingReloadData)
            do { try model.reset(newState) } catch { throw modelFailure(error, at: range) }
            tableBudget = model.size
            called(.reloadData)
            askToLoad()
            return
        }
        let update: DiffableUpdate
        do {
            update = try DiffableUpdate(from: model.dataSource, to: snapshot)
        } catch {
            throw failure(range, .snapshot(error))
        }
        called(.apply(animatingDifferences: apply.mode == .animated))
        if apply.mode == .withoutAnimation { called(.performWithoutAnimation) }
        called(.performBatchUpdates)
        if tracesCalls { for call in update.calls { called(TableViewCall(call)) } }
        batchOrigin = nil
        pendingLocations.removeAll(keepingCapacity: true)
        model.begin()
        for edit in update.edits { try submit(.both, edit, range, range, admitted: true) }
        try endOwnBatch(range)
    }
}
