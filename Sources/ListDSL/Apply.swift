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
        let sections = try table(apply.snapshot).map { $0.rows }
        var snapshot = DiffableSnapshot(sections: sections)
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
            called("applySnapshotUsingReloadData(_:)")
            do { try model.reset(newState) } catch { throw modelFailure(error, at: range) }
            tableBudget = model.size
            called("reloadData()")
            askToLoad()
            return
        }
        let update: DiffableUpdate
        do {
            update = try DiffableUpdate(from: model.dataSource, to: snapshot)
        } catch {
            throw failure(range, .snapshot(error))
        }
        called("apply(_:animatingDifferences: \(apply.mode == .animated))")
        if apply.mode == .withoutAnimation { called("UIView.performWithoutAnimation(_:)") }
        called("performBatchUpdates(_:completion:)")
        if tracesCalls { for call in update.calls { called(Self.tableViewCall(call)) } }
        batchOrigin = nil
        pendingLocations.removeAll(keepingCapacity: true)
        model.begin()
        for edit in update.edits { try submit(.both, edit, range, range, admitted: true) }
        try endOwnBatch(range)
    }

    /// How the trace shows a call of the diffable data source on the table view.
    static func tableViewCall(_ call: DiffableUpdate.Call) -> String {
        switch call {
        case .deleteSections(let s): "deleteSections(\(swiftSections(s)), with: .automatic)"
        case .insertSections(let s): "insertSections(\(swiftSections(s)), with: .automatic)"
        case .reconfigureRows(let paths): "reconfigureRows(at: \(swiftIndexPaths(paths)))"
        case .reloadRows(let paths): "reloadRows(at: \(swiftIndexPaths(paths)), with: .automatic)"
        case .deleteRows(let paths): "deleteRows(at: \(swiftIndexPaths(paths)), with: .automatic)"
        case .insertRows(let paths): "insertRows(at: \(swiftIndexPaths(paths)), with: .automatic)"
        case .moveRow(let from, let to): "moveRow(at: \(swiftIndexPath(from)), to: \(swiftIndexPath(to)))"
        case .moveSection(let from, let to): "moveSection(\(from), toSection: \(to))"
        }
    }
}
