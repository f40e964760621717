/// Which class is simulated: its batch-update texts say "row" or "item", "table view" or "collection view".
public enum ViewKind: String, Sendable, CaseIterable {
    case table, collection

    /// "row" or "item".
    public var item: String { self == .table ? "row" : "item" }
    /// "rows" or "items".
    public var items: String { self == .table ? "rows" : "items" }
    /// "table view" or "collection view".
    public var name: String { self == .table ? "table view" : "collection view" }
}

/// Which texts a failed count check gives: the classic formula, or the modern "Invalid batch updates
/// detected" text when the count came out below what the updates imply.
public enum MessageStyle: String, Sendable, CaseIterable {
    case classic, modern
}

/// UITableView's assertion texts (reference §2.1, UIKit-3698 format strings), verbatim except that the
/// two count texts have one space after their first sentence, as iOS 16 prints them. T23 ("Attempt to
/// delete more rows than exist in section") needs a negative row count and cannot occur here.
enum UIKitMessage {
    /// T1.
    static func deleteAndReloadSamePath(_ path: IndexPath) -> String {
        "attempt to delete and reload the same index path (\(path))"
    }

    /// T2.
    static func deleteAndMoveSameSection(_ section: Int) -> String {
        "attempt to perform a delete and a move from the same section (\(section))"
    }

    /// T3.
    static func deleteAndMoveSamePath(_ path: IndexPath) -> String {
        "attempt to perform a delete and a move from the same index path (\(path))"
    }

    /// T4.
    static func deleteMissingSection(_ section: Int, sectionsBefore: Int) -> String {
        "attempt to delete section \(section), but there are only \(sectionsBefore) sections before the update"
    }

    /// T5.
    static func deleteRowFromMissingSection(_ path: IndexPath, sectionsBefore: Int, in view: ViewKind) -> String {
        "attempt to delete \(view.item) \(path.row) from section \(path.section), but there are only \(sectionsBefore) sections before the update"
    }

    /// T6.
    static func deleteMissingRow(_ path: IndexPath, rowsBefore: Int, in view: ViewKind) -> String {
        "attempt to delete \(view.item) \(path.row) from section \(path.section) which only contains \(rowsBefore) \(view.items) before the update"
    }

    /// T7.
    static func insertAndMoveSameSection(_ section: Int) -> String {
        "attempt to perform an insert and a move to the same section (\(section))"
    }

    /// T8.
    static func insertAndMoveSamePath(_ path: IndexPath) -> String {
        "attempt to perform an insert and a move to the same index path (\(path))"
    }

    /// T9.
    static func insertSectionPastEnd(_ section: Int, sectionsAfter: Int) -> String {
        "attempt to insert section \(section) but there are only \(sectionsAfter) sections after the update"
    }

    /// T10.
    static func insertRowIntoMissingSection(_ path: IndexPath, sectionsAfter: Int, in view: ViewKind) -> String {
        "attempt to insert \(view.item) \(path.row) into section \(path.section), but there are only \(sectionsAfter) sections after the update"
    }

    /// T11.
    static func insertRowPastEnd(_ path: IndexPath, rowsAfter: Int, in view: ViewKind) -> String {
        "attempt to insert \(view.item) \(path.row) into section \(path.section), but there are only \(rowsAfter) \(view.items) in section \(path.section) after the update"
    }

    /// T12.
    static func moveMissingSection(_ section: Int, sectionsBefore: Int) -> String {
        "attempt to move section \(section), but there are only \(sectionsBefore) sections before the update"
    }

    /// T13 ("to to" is in the binary).
    static func moveSectionPastEnd(from: Int, to: Int, sectionsAfter: Int) -> String {
        "attempt to to move section \(from) to section \(to), but there are only \(sectionsAfter) sections after the update"
    }

    /// T14.
    static func moveRowFromMissingSection(_ from: IndexPath, sectionsBefore: Int) -> String {
        "attempt to move index path (\(from)) from a section that does not exist - there are only \(sectionsBefore) sections before the update"
    }

    /// T15.
    static func moveMissingRow(_ from: IndexPath, rowsBefore: Int, in view: ViewKind) -> String {
        "attempt to move index path (\(from)) that does not exist - there are only \(rowsBefore) \(view.items) in section \(from.section) before the update"
    }

    /// T16.
    static func moveRowIntoMissingSection(from: IndexPath, to: IndexPath, sectionsAfter: Int) -> String {
        "attempt to move index path (\(from)) to index path (\(to)) in section that does not exist - there are only \(sectionsAfter) sections after the update"
    }

    /// T17.
    static func moveRowPastEnd(from: IndexPath, to: IndexPath, rowsAfter: Int, in view: ViewKind) -> String {
        "attempt to move index path (\(from)) to index path (\(to)) that does not exist - there are only \(rowsAfter) \(view.items) in section \(to.section) after the update"
    }

    /// T18.
    static func sectionMovedTwice(_ section: Int, first: Int, second: Int) -> String {
        "attempt to move section \(section) to both section \(first) and section \(second)"
    }

    /// T19.
    static func rowMovedTwice(_ path: IndexPath, first: IndexPath, second: IndexPath, in view: ViewKind) -> String {
        "attempt to move \(view.item) at index path \(path) to both \(first) and \(second)"
    }

    /// T20.
    static func sectionsMovedToOne(first: Int, second: Int, destination: Int) -> String {
        "attempt to move both section \(first) and section \(second) to section \(destination)"
    }

    /// T21.
    static func rowsMovedToOne(first: IndexPath, second: IndexPath, destination: IndexPath, in view: ViewKind) -> String
    {
        "attempt to move both \(view.item) at index path \(first) and \(second) to \(destination)"
    }

    /// T22.
    static func invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int, in view: ViewKind) -> String {
        "Invalid update: invalid number of sections. The number of sections contained in the \(view.name) after the update (\(after)) must be equal to the number of sections contained in the \(view.name) before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
    }

    /// T24.
    static func invalidRowCount(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int,
        in view: ViewKind
    ) -> String {
        "Invalid update: invalid number of \(view.items) in section \(section). The number of \(view.items) contained in an existing section after the update (\(after)) must be equal to the number of \(view.items) contained in that section before the update (\(before)), plus or minus the number of \(view.items) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(view.items) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
    }

    /// The modern text (iOS 15+ logs, reference §2.3): a count below what the updates imply. `before`
    /// and `after` are the rows per section; `updates` the batch's, as issued.
    static func invalidBatchUpdates(before: [Int], after: [Int], updates: [Update], in view: ViewKind) -> String {
        func counts(_ rows: [Int]) -> String {
            "{ \(rows.count) \(rows.count == 1 ? "section" : "sections") with \(view.item) counts: [\(rows.map(String.init).joined(separator: ", "))] }"
        }
        func place(_ path: IndexPath) -> String { "(\(path.section) - \(path.row))" }
        let lines = updates.map { update -> String in
            switch update {
            case .deleteRow(let p): "Delete \(view.item) \(place(p))"
            case .insertRow(let p): "Insert \(view.item) \(place(p))"
            case .reloadRow(let p): "Reload \(view.item) \(place(p))"
            case .moveRow(let from, let to): "Move \(view.item) \(place(from)) to \(place(to))"
            case .deleteSection(let s): "Delete section \(s)"
            case .insertSection(let s): "Insert section \(s)"
            case .reloadSection(let s): "Reload section \(s)"
            case .moveSection(let from, let to): "Move section \(from) to \(to)"
            }
        }
        return """
            Invalid batch updates detected: the number of sections and/or \(view.items) returned by the data source before and/or after performing the batch updates are inconsistent with the updates.
            Data source before updates = \(counts(before))
            Data source after updates = \(counts(after))
            Updates = \(lines.isEmpty ? "[]" : "[\n" + lines.map { "\t" + $0 }.joined(separator: ",\n") + "\n]")
            """
    }

    /// UICollectionView's own error for an item moved out of a deleted section (UITableView reloads instead).
    static func cannotMoveFromDeletedSection(_ section: Int) -> String {
        "cannot move an item from a deleted section (\(section))"
    }

    /// UICollectionView's own error for an item moved into an inserted section.
    static func cannotMoveIntoInsertedSection(_ section: Int) -> String {
        "cannot move an item into a newly inserted section (\(section))"
    }

    // MARK: ListDSL's words for what UIKit does not describe

    /// A delete or insert (`verb`) repeated in one UICollectionView batch, which it does not merge.
    static func repeatedInCollectionView(_ verb: String, _ item: UpdateItem) -> String {
        let what = item.isSection ? "section \(item.section)" : "item \(item.row) of section \(item.section)"
        let done = verb.hasSuffix("e") ? verb + "d" : verb + "ed"
        return
            "UICollectionView does not merge a repeated \(verb): \(what) would be \(done) twice, which crashes or corrupts its layout on a device (IGListKit #689)"
    }

    /// A batch UICollectionView accepts that mixes a section move with item updates.
    static func sectionMoveWithItemUpdatesWarning(_ section: Int) -> String {
        "UICollectionView accepts this batch, but moving section \(section) while items are inserted, deleted, reloaded or moved is known to crash it in -[UICollectionViewUpdate _computeItemUpdates] (IGListKit #691; IGListKit turns such a move into a section delete and insert)"
    }

    /// A batch UICollectionView accepts that moves a section onto itself and an item out of it.
    static func itemOutOfUnmovedSectionWarning(_ section: Int) -> String {
        "UICollectionView accepts this batch, but moving section \(section) to itself while an item moves out of it is known to crash it: 'request for index path for global index … when there are only … items' (rdar://48941906)"
    }

    /// The warning when a row move crosses a deleted or inserted section and UITableView falls back to `reloadData`.
    static func reloadFallbackWarning(movedOutOfDeletedSection section: Int) -> String {
        "row moved out of deleted section \(section): UITableView skips the row-count check and reloads the table"
    }

    /// The warning when a row move crosses a deleted or inserted section and UITableView falls back to `reloadData`.
    static func reloadFallbackWarning(movedIntoInsertedSection section: Int) -> String {
        "row moved into inserted section \(section): UITableView skips the row-count check and reloads the table"
    }

    /// A diffable data source's snapshot with a repeated identifier (`kind` is `item` or `section`):
    /// the identifiers as `NSSet` describes them, one per line.
    static func duplicateIdentifiers(_ kind: String, _ identifiers: [String]) -> String {
        let lines = identifiers.map { "    " + describedInCollection($0) }.joined(separator: ",\n")
        return "Fatal: supplied \(kind) identifiers are not unique. Duplicate identifiers: {(\n\(lines)\n)}"
    }

    /// `reloadItems` or `reconfigureItems` (`action` is `reload` or `reconfigure`) of an item the snapshot lacks.
    static func missingItemIdentifier(_ action: String, _ identifier: String) -> String {
        "Attempted to \(action) item identifier that does not exist in the snapshot: \(identifier)"
    }

    /// A string as `NSArray` and `NSSet` describe an element: bare when it is letters, digits and
    /// `_ $ . / :` only, else in double quotes with `"` and `\` escaped.
    static func describedInCollection(_ text: String) -> String {
        let bare =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy {
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                    || "_$./:".unicodeScalars.contains($0)
            }
        if bare { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": quoted += "\\" + String(scalar)
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
