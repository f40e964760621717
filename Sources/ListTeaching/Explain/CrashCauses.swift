import ListModel

/// A likely cause of a crash text: what the app did, the Swift that does it, and the fix.
public struct CrashCause: Sendable, Equatable {
    /// What the app did, in a sentence.
    public var title: String
    /// The shape of Swift that does it.
    public var swift: String
    /// What to do instead.
    public var fix: String
}

extension Explanation {
    /// Fills in the check, the arithmetic, the meaning and the causes, in the view's words.
    mutating func describe() {
        let rows = view.items
        let row = view.item
        let name = view.name
        let update = view == .table ? "beginUpdates()/endUpdates() or performBatchUpdates" : "performBatchUpdates"
        switch found.text {
        case .raised(let text), .logged(let text, _):
            describe(text, rows: rows, row: row, name: name, update: update)
            if found.isLogged {
                meaning.append(
                    "UICollectionView on iOS 13 to 16.3 logs this instead of raising, and falls back to reloadData: the app does not crash there, but the update is not animated (from iOS 16.4 the same batch raises)"
                )
            }
        case .duplicateIdentifiers(let kind, let identifiers):
            check = "the diffable data source's check that every \(kind) identifier of a snapshot is unique"
            arithmetic = ["repeated: " + identifiers.map { "\"\($0)\"" }.joined(separator: ", ")]
            meaning = [
                "the snapshot applied holds \(identifiers.count == 1 ? "an identifier" : "\(identifiers.count) identifiers") twice: a diffable data source identifies each \(kind) by its identifier (its Hashable value), so two equal ones cannot both be shown"
            ]
            causes = [
                CrashCause(
                    title:
                        "two \(kind)s are equal by their Hashable conformance (a struct hashed by its title, two rows with the same text)",
                    swift:
                        "struct Item: Hashable { let title: String }\nsnapshot.appendItems(names.map { Item(title: $0) })   // two \"Milk\"",
                    fix:
                        "give each \(kind) an identity of its own (let id = UUID(), and hash and compare by it), or remove duplicates before appending"
                ),
                CrashCause(
                    title: "the same \(kind) appended twice (once from a cache, once from the network)",
                    swift: "snapshot.appendItems(cached)\nsnapshot.appendItems(fetched)   // both hold the same ids",
                    fix: "merge the two lists by identifier before building the snapshot"),
            ]
        case .missingItemIdentifier(let action, let identifier):
            check = "the diffable data source's check that every item to \(action) is in the snapshot"
            arithmetic = ["\(action): \"\(identifier)\", which the snapshot does not hold"]
            meaning = [
                "the snapshot was asked to \(action) an item it does not have: it was removed, or never appended, or the identifier was changed (a new value is a new item)"
            ]
            causes = [
                CrashCause(
                    title: "the item was deleted from the snapshot before it was reloaded",
                    swift: "snapshot.deleteItems([item])\nsnapshot.\(action)Items([item])",
                    fix: "\(action) only items that are in the snapshot: check snapshot.indexOfItem(item) != nil"),
                CrashCause(
                    title: "a changed value was treated as the same item (its hash includes a field that changed)",
                    swift:
                        "item.isFavorite.toggle()\nsnapshot.\(action)Items([item])   // hash changed: a new identifier",
                    fix: "identify items by a stable id, and keep the changing fields out of Hashable"),
            ]
        }
    }

    /// The check, arithmetic, meaning and causes of a UIKit text.
    private mutating func describe(_ text: UIKitText, rows: String, row: String, name: String, update: String) {
        switch text {
        case .invalidRowCount(let s, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            check = "UIKit's last check, the count of \(rows) in each section (section \(s) failed)"
            let expected = before + inserted - deleted + movedIn - movedOut
            arithmetic = [
                "\(before) before + \(inserted) inserted − \(deleted) deleted + \(movedIn) moved in − \(movedOut) moved out = \(expected) expected",
                "the data source answered \(after) \(after == 1 ? row : rows) for section \(s): \(after) ≠ \(expected)",
            ]
            countMeaning(
                expected: expected, after: after, before: before, told: inserted + deleted + movedIn + movedOut,
                rows: rows,
                what: "in section \(s)", update: update, inserting: inserted > deleted)
        case .invalidSectionCount(let after, let before, let inserted, let deleted):
            check = "UIKit's check of the number of sections"
            let expected = before + inserted - deleted
            arithmetic = [
                "\(before) before + \(inserted) inserted − \(deleted) deleted = \(expected) expected",
                "the data source answered \(after) section\(after == 1 ? "" : "s"): \(after) ≠ \(expected)",
            ]
            countMeaning(
                expected: expected, after: after, before: before, told: inserted + deleted, rows: "sections",
                what: "", update: update, inserting: inserted > deleted)
        case .invalidBatchUpdates(let before, let after, let updates):
            check = "UIKit's count check, in the text iOS 16.4 and later print with the updates listed"
            var expected = before
            var lines: [String] = []
            for (s, count) in before.enumerated() {
                let inserted = updates.filter { if case .insertRow(let p) = $0 { p.section == s } else { false } }.count
                let deleted = updates.filter { if case .deleteRow(let p) = $0 { p.section == s } else { false } }.count
                let reloaded = updates.filter { if case .reloadRow(let p) = $0 { p.section == s } else { false } }.count
                if s < expected.count { expected[s] = count + inserted - deleted }
                let answered = s < after.count ? "\(after[s])" : "no section"
                lines.append(
                    "section \(s): \(count) before + \(inserted) inserted − \(deleted) deleted = \(count + inserted - deleted) expected; the data source answered \(answered)"
                        + (reloaded > 0 ? " (\(reloaded) reloaded: a reload counts as a delete and an insert)" : ""))
            }
            arithmetic = lines
            let pairs = updates.filter { update in
                guard case .deleteRow(let p) = update else { return false }
                return updates.contains(.insertRow(p))
            }.count
            if pairs > 0 {
                arithmetic.append(
                    "a delete and an insert of the same index path (\(pairs) here) may be a reload: UIKit lists a reload as its delete and its insert"
                )
            }
            if before.count != after.count {
                arithmetic.append("\(before.count) sections before, \(after.count) after")
            }
            let short = zip(expected, after).enumerated().first { $0.element.1 < $0.element.0 }
            if let (s, (e, a)) = short {
                countMeaning(
                    expected: e, after: a, before: before[s], told: updates.count, rows: rows, what: "in section \(s)",
                    update: update, inserting: e > before[s])
            } else {
                countMeaning(
                    expected: expected.reduce(0, +), after: after.reduce(0, +), before: before.reduce(0, +),
                    told: updates.count, rows: rows, what: "", update: update,
                    inserting: expected.reduce(0, +) > before.reduce(0, +))
            }
            if updates.contains(where: { $0.isReload }) {
                causes.insert(
                    CrashCause(
                        title:
                            "a reload mixed with an edit of the same section: since iOS 16.4 a reload counts as a delete and an insert, and the old reloadData fallback is a hard exception",
                        swift:
                            "items[i] = newValue\n\(view == .table ? "tableView" : "collectionView").performBatchUpdates {\n    \(view == .table ? "tableView.reloadRows" : "collectionView.reloadItems")(at: [IndexPath(\(row): i, section: 0)]\(view == .table ? ", with: .none" : ""))\n    // …and an insert or delete in the same section",
                        fix:
                            "reload in a batch of its own, or reconfigure (reconfigureRows/reconfigureItems), after the structural changes"
                    ),
                    at: 0)
            }
        case .deleteMissingRow(let p, let rowsBefore):
            check = "UIKit's check of the deletes, against the counts the \(name) had before the batch"
            arithmetic = [
                "delete \(row) \(p.row) of section \(p.section): the section had \(rowsBefore) \(rowsBefore == 1 ? row : rows) before the update (\(row)s 0 to \(rowsBefore - 1))",
                "\(p.row) ≥ \(rowsBefore): there is no such \(row)",
            ]
            meaning = [
                "deletes name \(rows) as they were before the batch: the index path to delete was not one of the section's \(rows) then"
            ]
            causes = [
                CrashCause(
                    title:
                        "the index paths were computed after removing from the array (or removing one at a time, each shifting the rest)",
                    swift:
                        "for i in selected.sorted() { items.remove(at: i); \(view == .table ? "tableView.deleteRows" : "collectionView.deleteItems")(at: [IndexPath(\(row): i, section: 0)]\(view == .table ? ", with: .fade" : "")) }",
                    fix:
                        "collect the index paths first, remove from the array in descending order, then delete them all in one batch"
                ),
                CrashCause(
                    title:
                        "the \(name)'s counts were stale: the array changed earlier without an update call or reloadData",
                    swift:
                        "items = newItems   // no reloadData\n…\n\(view == .table ? "tableView.deleteRows" : "collectionView.deleteItems")(at: [path]…)",
                    fix:
                        "after replacing the array, call reloadData() (or apply a snapshot) before any incremental update"
                ),
                CrashCause(
                    title: "the same \(row) deleted twice (a double tap, two callbacks)",
                    swift:
                        "func delete(_ path: IndexPath) { items.remove(at: path.\(row)); \(view == .table ? "tableView.deleteRows" : "collectionView.deleteItems")(at: [path]…) }   // called twice",
                    fix: "look the \(row) up by identity when the callback runs, and ignore a second delete"),
            ]
        case .deleteRowFromMissingSection(_, let before), .deleteMissingSection(_, let before):
            outOfRangeSection(text, before: before, verb: "delete", when: "before")
        case .insertRowPastEnd(let p, let rowsAfter):
            check = "UIKit's check of the inserts, against the counts the data source answers after the batch"
            arithmetic = [
                "insert \(row) \(p.row) into section \(p.section): the data source answers \(rowsAfter) \(rowsAfter == 1 ? row : rows) after the update (\(row)s 0 to \(rowsAfter - 1))",
                "\(p.row) ≥ \(rowsAfter): there is no such \(row)",
            ]
            meaning = [
                "inserts name \(rows) as they are after the whole batch: the data source did not hold a \(row) there when the batch ended"
            ]
            causes = insertPastEndCauses(row: row)
        case .inconsistentTableUpdate:
            check =
                "UIKit's check of the inserts, in iOS 5.0's words (from iOS 5.1 the text names the row and the section)"
            arithmetic = [
                "the text has no numbers: an update named a row the data source's counts do not allow (the one report of it inserted a row one past the end of its section)"
            ]
            meaning = [
                "inserts name rows as they are after the whole batch: the data source did not hold a row where one was inserted"
            ]
            causes = insertPastEndCauses(row: row)
        case .viewAnimationForNilView:
            check = "no check: UICollectionView's animation of the batch (iOS 9), once every check has passed"
            arithmetic = [
                "a reloaded section's item count changed in the same batch; no check counts a reloaded section's items, so the counts pass"
            ]
            meaning = [
                "UICollectionView on iOS 9 animates a reloaded section from its old items to its new ones; with a different count one of them has no view, and it asserts (rdar://28163205; later versions accept the batch)"
            ]
            causes = [
                CrashCause(
                    title: "a section reloaded to show items that were added to it or removed from it",
                    swift:
                        "items[0].append(newItem)\ncollectionView.performBatchUpdates { collectionView.reloadSections(IndexSet(integer: 0)) }",
                    fix:
                        "insert or delete the items that changed (or call reloadData); reload a section only when its count stays the same"
                )
            ]
        case .insertRowIntoMissingSection, .insertSectionPastEnd:
            outOfRangeSection(text, before: 0, verb: "insert", when: "after")
        case .scrollRowPastEnd(let p, let count), .scrollSectionPastEnd(let p, let count):
            let isRow = text.kind == .scrollRowPastEnd
            let method = view == .table ? "scrollToRow(at:at:animated:)" : "scrollToItem(at:at:animated:)"
            check = "the \(name)'s check of the index path \(method) is given, against its own counts"
            arithmetic = [
                isRow
                    ? "\(row) \(p.row) of section \(p.section): the \(name) has \(count) \(count == 1 ? row : rows) there (\(count == 0 ? "none" : "\(row)s 0 to \(count - 1)"))"
                    : "section \(p.section): the \(name) has \(count) \(count == 1 ? "section" : "sections")"
            ]
            meaning = [
                "the \(name) scrolls only to a \(row) it has, by the counts it last loaded: the index path came from the array while the \(name) had not been told of a change, or was computed one past the end"
            ]
            causes = [
                CrashCause(
                    title: "scrolling to the last \(row) with the array's count, not count - 1",
                    swift:
                        "\(view == .table ? "tableView" : "collectionView").\(view == .table ? "scrollToRow" : "scrollToItem")(at: IndexPath(\(row): items.count, section: 0), at: .bottom, animated: true)",
                    fix: "scroll to items.count - 1, and only when the array is not empty"),
                CrashCause(
                    title: "scrolling right after changing the array, before the \(name) was told (or reloaded)",
                    swift:
                        "messages.append(new)\n\(view == .table ? "tableView" : "collectionView").\(view == .table ? "scrollToRow" : "scrollToItem")(at: IndexPath(\(row): messages.count - 1, section: 0), at: .bottom, animated: true)",
                    fix:
                        "insert the \(row) first (\(view == .table ? "insertRows" : "insertItems")) or call reloadData(), then scroll; or scroll in the update's completion"
                ),
            ]
        case .moveMissingRow, .moveMissingSection, .moveRowFromMissingSection, .moveSectionPastEnd, .moveRowPastEnd,
            .moveRowIntoMissingSection:
            check = "UIKit's check of the moves: a move goes from a place before the batch to one after it"
            arithmetic = [found.uikitText?.worded(for: view) ?? ""]
            meaning = [
                "the move's source must be a \(row) the \(name) had before the batch, its destination one the data source has after it"
            ]
            causes = [
                CrashCause(
                    title: "the move's index paths were taken from the array after it changed",
                    swift:
                        "let item = items.remove(at: from.\(row)); items.insert(item, at: to.\(row))\n\(view == .table ? "tableView.moveRow" : "collectionView.moveItem")(at: from, to: to)   // from/to recomputed after other edits",
                    fix: "take the source from the state before the batch and the destination from the state after it"),
                CrashCause(
                    title: "the array and the \(name) disagreed before the move (a change without an update call)",
                    swift:
                        "items.append(x)   // not told to the \(name)\n\(view == .table ? "tableView.moveRow" : "collectionView.moveItem")(at: a, to: b)",
                    fix: "tell the \(name) of every change, or reloadData first"),
            ]
        case .deleteAndReloadSamePath, .deleteAndMoveSamePath, .deleteAndMoveSameSection, .insertAndMoveSamePath,
            .insertAndMoveSameSection, .sectionMovedTwice, .rowMovedTwice, .sectionsMovedToOne, .rowsMovedToOne:
            check = "UIKit's check that no \(row) or section is named by two updates of one batch"
            arithmetic = [found.uikitText?.worded(for: view) ?? ""]
            meaning = [
                "one batch told the \(name) two things about the same place: a \(row) can be deleted, reloaded or moved once, and a place filled once"
            ]
            causes = [
                CrashCause(
                    title:
                        "a reload (or a move) of a \(row) that the same batch deletes: reloading the visible \(rows) after a change",
                    swift:
                        "\(view == .table ? "tableView.deleteRows" : "collectionView.deleteItems")(at: [path]…)\n\(view == .table ? "tableView.reloadRows" : "collectionView.reloadItems")(at: \(view == .table ? "tableView.indexPathsForVisibleRows ?? []" : "collectionView.indexPathsForVisibleItems")…)",
                    fix: "leave deleted \(rows) out of the reload, or reload in a batch of its own afterwards"),
                CrashCause(
                    title: "two sources of updates merged into one batch (two callbacks, two diffs)",
                    swift:
                        "\(view == .table ? "tableView" : "collectionView").performBatchUpdates { apply(changesA); apply(changesB) }",
                    fix: "diff the two states once (a diffable data source, or one diff of old and new)"),
            ]
        case .cannotMoveFromDeletedSection, .cannotMoveIntoInsertedSection:
            check =
                "\(view == .table ? "UITableView's (before iOS 11)" : "UICollectionView's") check that no \(row) moves out of a deleted section or into an inserted one"
            arithmetic = [found.uikitText?.worded(for: view) ?? ""]
            meaning = ["a move crossed a section the same batch deletes or inserts"]
            causes = [
                CrashCause(
                    title: "a diff that moved \(rows) between sections while deleting or inserting those sections",
                    swift: "performBatchUpdates { deleteSections([0]); moveItem(at: [0, 1], to: [1, 0]) }",
                    fix:
                        "delete the \(row) and insert it in its new section instead of moving it (IGListKit and DifferenceKit do)"
                )
            ]
        case .repeatedInCollectionView:
            check = "ListDSL's own check of a repeated update in a collection view"
            arithmetic = [found.uikitText?.worded(for: view) ?? ""]
            meaning = ["one batch named the same delete or insert twice"]
        }
    }

    /// The likely causes of a row inserted past the end of its section.
    private func insertPastEndCauses(row: String) -> [CrashCause] {
        [
            CrashCause(
                title: "the \(row) was inserted before it was added to the array",
                swift:
                    "\(view == .table ? "tableView.insertRows" : "collectionView.insertItems")(at: [IndexPath(\(row): items.count, section: 0)]\(view == .table ? ", with: .automatic" : ""))\nitems.append(newItem)",
                fix: "append to the array first, then insert the index path of the new element"),
            CrashCause(
                title: "the new index path counted from the old array plus one (or the wrong section)",
                swift:
                    "items.append(newItem)\nlet path = IndexPath(\(row): items.count, section: 0)   // one past the end",
                fix: "use items.count - 1 after the append, and the section the element went into"),
        ]
    }

    /// The meaning and causes of a failed count: `after` answered, `expected` from `before` and the `told`
    /// updates (`inserting` when they add more than they remove, for the Swift shown); `rows` is what is
    /// counted (`rows`, `items`, `sections`) and `what` where (`in section 0`, or empty).
    private mutating func countMeaning(
        expected: Int, after: Int, before: Int, told: Int, rows: String, what: String, update: String, inserting: Bool
    ) {
        let name = view.name
        let verb = view == .table ? "tableView" : "collectionView"
        let difference = after - expected
        /// `n` rows (or items, sections), and where.
        func counted(_ n: Int) -> String {
            "\(n) \(n == 1 ? String(rows.dropLast()) : rows)" + (what.isEmpty ? "" : " " + what)
        }
        if told > 0 && after == before {
            meaning.append(
                "the \(name) was told of \(told) change\(told == 1 ? "" : "s"), but the data source still answered \(counted(before)): the array was not changed before the update ended, or was changed after the call"
            )
            causes.append(
                CrashCause(
                    title:
                        "the update was told to the \(name) before the array changed (or the array was never changed)",
                    swift: inserting
                        ? "\(verb).\(view == .table ? "insertRows(at: [path], with: .automatic)" : "insertItems(at: [path])")\nitems.insert(newItem, at: path.\(view.item))"
                        : "\(verb).\(view == .table ? "deleteRows(at: [path], with: .automatic)" : "deleteItems(at: [path])")\nitems.remove(at: path.\(view.item))",
                    fix: "change the array first, then tell the \(name), both inside one \(update)"))
        } else if told == 0 && after != before {
            meaning.append(
                "the \(name) was told nothing, but the data source answered \(counted(after)) where it had \(before): the array changed without an update call, and this is the first update since"
            )
            causes.append(
                CrashCause(
                    title:
                        "the array was changed without telling the \(name) (a refresh, a sync, a notification handler)",
                    swift:
                        "items = fetched   // no reloadData()\n…\n\(verb).\(view == .table ? "reloadRows" : "reloadItems")(at: [path]…)   // the next update crashes",
                    fix: "call reloadData() after replacing the array, or apply a diffable snapshot"))
        } else if difference > 0 {
            meaning.append(
                "the data source answered \(difference) more \(rows)\(what.isEmpty ? "" : " " + what) than the updates account for: \(rows) were added without an insert, or a delete was told but not made"
            )
        } else if difference < 0 {
            meaning.append(
                "the data source answered \(-difference) fewer \(rows)\(what.isEmpty ? "" : " " + what) than the updates account for: \(rows) were removed without a delete (or twice), or an insert was told but not made"
            )
        }
        if after == 1 && expected == 0 || after == 0 && expected == 1 {
            causes.append(
                CrashCause(
                    title:
                        "a placeholder \(view.item) for an empty section (\"No items\"): the data source answers 1 when the array is empty",
                    swift:
                        "func \(view == .table ? "tableView(_:numberOfRowsInSection:)" : "collectionView(_:numberOfItemsInSection:)") -> Int { max(items.count, 1) }",
                    fix:
                        "when the last \(view.item) goes, reload the section (or insert the placeholder's index path in the same batch)"
                ))
        }
        causes.append(
            CrashCause(
                title: "updates from two threads or two async sources, so the array changed between the update's calls",
                swift: "DispatchQueue.global().async { items.append(x) }   // while the main thread runs an update",
                fix: "change the array and call the \(name) on the main thread only, in one \(update)"))
        causes.append(
            CrashCause(
                title: "reloadData() called inside the batch, or just before it while a batch is open",
                swift:
                    "\(verb).performBatchUpdates { items.removeAll(); \(verb).reloadData(); \(verb).\(view == .table ? "insertRows" : "insertItems")(at: paths…) }",
                fix: "use either reloadData() or incremental updates, never both in one batch"))
    }

    /// The meaning and causes of a section index past the counts (`before` or `after` the batch).
    private mutating func outOfRangeSection(_ text: UIKitText, before: Int, verb: String, when: String) {
        let name = view.name
        check =
            "UIKit's check of the \(verb)s, against the sections the \(when == "before" ? name : "data source") had \(when) the batch"
        arithmetic = [found.uikitText?.worded(for: view) ?? ""]
        meaning = [
            "\(verb)s name sections as they are \(when) the batch: the section named was not there \(when) it"
        ]
        causes = [
            CrashCause(
                title:
                    "the section's index was computed against the other state (before instead of after, or the reverse)",
                swift:
                    "\(view == .table ? "tableView.\(verb)Sections" : "collectionView.\(verb)Sections")(IndexSet(integer: sections.count)…)",
                fix:
                    "\(verb == "delete" ? "deletes name the old state: take the index before changing the array" : "inserts name the new state: take the index after changing the array")"
            ),
            CrashCause(
                title: "the array of sections and the \(name) disagreed (a change without an update call)",
                swift: "sections.append(newSection)   // not told\n…",
                fix: "tell the \(name) of every change to the sections, or reloadData first"),
        ]
    }
}
