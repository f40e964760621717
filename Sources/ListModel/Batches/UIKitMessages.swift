/// Which class is simulated: its batch-update texts say "row" or "item", "table view" or "collection view".
public enum ViewKind: String, Sendable, CaseIterable {
    case table, collection

    /// "row" or "item".
    public var item: String { self == .table ? "row" : "item" }
    /// "rows" or "items".
    public var items: String { self == .table ? "rows" : "items" }
    /// "table view" or "collection view".
    public var name: String { self == .table ? "table view" : "collection view" }
    /// The first iOS that has this view: UICollectionView came with iOS 6. The one rule between the
    /// simulated view and version, which `view`, `ios` and `load` all keep.
    public var introduced: IOSVersion { self == .collection ? IOSVersion(6) : .oldest }
}

/// Which texts a failed count check gives: the classic formula, or the modern "Invalid batch updates
/// detected" text when the count came out below what the updates imply.
public enum MessageStyle: String, Sendable, CaseIterable {
    case classic, modern
}

/// UIKit's exception texts as values (reference §2.1, UIKit-3698 format strings): which text, and the
/// numbers it prints. `worded(for:ios:suffix:)` is the one place they become words, as the iOS chosen
/// prints them (`IOSVersion.rules`). A consumer (the lesson's
/// formula, the quiz's "which check", a hint) reads the case, never the words. T23 ("Attempt to delete
/// more rows than exist in section") needs a negative row count and cannot occur here.
public enum UIKitText: Equatable, Sendable {
    /// T1.
    case deleteAndReloadSamePath(IndexPath)
    /// T2.
    case deleteAndMoveSameSection(Int)
    /// T3.
    case deleteAndMoveSamePath(IndexPath)
    /// T4.
    case deleteMissingSection(Int, sectionsBefore: Int)
    /// T5.
    case deleteRowFromMissingSection(IndexPath, sectionsBefore: Int)
    /// T6.
    case deleteMissingRow(IndexPath, rowsBefore: Int)
    /// T7.
    case insertAndMoveSameSection(Int)
    /// T8.
    case insertAndMoveSamePath(IndexPath)
    /// T9.
    case insertSectionPastEnd(Int, sectionsAfter: Int)
    /// T10.
    case insertRowIntoMissingSection(IndexPath, sectionsAfter: Int)
    /// T11.
    case insertRowPastEnd(IndexPath, rowsAfter: Int)
    /// T12.
    case moveMissingSection(Int, sectionsBefore: Int)
    /// T13 ("to to" is in the binary).
    case moveSectionPastEnd(from: Int, to: Int, sectionsAfter: Int)
    /// T14.
    case moveRowFromMissingSection(IndexPath, sectionsBefore: Int)
    /// T15.
    case moveMissingRow(IndexPath, rowsBefore: Int)
    /// T16.
    case moveRowIntoMissingSection(from: IndexPath, to: IndexPath, sectionsAfter: Int)
    /// T17.
    case moveRowPastEnd(from: IndexPath, to: IndexPath, rowsAfter: Int)
    /// T18.
    case sectionMovedTwice(Int, first: Int, second: Int)
    /// T19.
    case rowMovedTwice(IndexPath, first: IndexPath, second: IndexPath)
    /// T20.
    case sectionsMovedToOne(first: Int, second: Int, destination: Int)
    /// T21.
    case rowsMovedToOne(first: IndexPath, second: IndexPath, destination: IndexPath)
    /// T22.
    case invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int)
    /// T24.
    case invalidRowCount(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// The modern text (iOS 15+ logs, reference §2.3): a count below what the updates imply. `before`
    /// and `after` are the rows per section; `updates` the batch's update items as UIKit lists them (each
    /// reload its delete and its insert, the deletes descending, then the inserts ascending, then the moves).
    case invalidBatchUpdates(before: [Int], after: [Int], updates: [Update])
    /// UICollectionView's own error for an item moved out of a deleted section; UITableView's up to iOS 7
    /// (later it reloads instead).
    case cannotMoveFromDeletedSection(Int)
    /// UICollectionView's own error for an item moved into an inserted section.
    case cannotMoveIntoInsertedSection(Int)
    /// T11 as iOS 5.0 words it (`-[_UITableViewUpdateSupport _computeRowUpdates]`), with no numbers:
    /// `IOSVersion.genericInsertText`.
    case inconsistentTableUpdate
    /// UICollectionView's assertion on iOS 9 when a reloaded section's item count changed in the same batch,
    /// after every check passed: `IOSVersion.nilViewAnimation`.
    case viewAnimationForNilView
    /// `scrollToRow(at:at:animated:)` (`scrollToItem`) to a row the view does not have in a section it has:
    /// `rows` is how many the section holds (`IOSVersion.scrollText` and the rules after it).
    case scrollRowPastEnd(IndexPath, rows: Int)
    /// The same, to a section the view does not have: `sections` is how many it has.
    case scrollSectionPastEnd(IndexPath, sections: Int)
    /// ListDSL's words for what UIKit does not describe: a delete or insert (`verb`) repeated in one
    /// UICollectionView batch, which it does not merge.
    /// The item is `row` of `section`, or the section itself when `row` is nil.
    case repeatedInCollectionView(verb: String, section: Int, row: Int?)

    /// Which of UIKit's ordered checks gives this text.
    public enum Check: Equatable, Sendable {
        case reloads, deletes, inserts, moves, sectionCount, rowCounts, collectionViewDuplicates
        /// No check: the collection view's animation of a batch every check passed.
        case animation
        /// Not a batch's: the view's check of the index path it is asked to scroll to.
        case scroll
    }

    /// The check this text comes from.
    public var check: Check {
        switch self {
        case .deleteAndReloadSamePath: .reloads
        case .deleteAndMoveSameSection, .deleteAndMoveSamePath, .deleteMissingSection, .deleteRowFromMissingSection,
            .deleteMissingRow:
            .deletes
        case .insertAndMoveSameSection, .insertAndMoveSamePath, .insertSectionPastEnd, .insertRowIntoMissingSection,
            .insertRowPastEnd, .inconsistentTableUpdate:
            .inserts
        case .moveMissingSection, .moveSectionPastEnd, .moveRowFromMissingSection, .moveMissingRow,
            .moveRowIntoMissingSection, .moveRowPastEnd, .sectionMovedTwice, .rowMovedTwice, .sectionsMovedToOne,
            .rowsMovedToOne, .cannotMoveFromDeletedSection, .cannotMoveIntoInsertedSection:
            .moves
        case .invalidSectionCount: .sectionCount
        case .invalidRowCount, .invalidBatchUpdates: .rowCounts
        case .repeatedInCollectionView: .collectionViewDuplicates
        case .viewAnimationForNilView: .animation
        case .scrollRowPastEnd, .scrollSectionPastEnd: .scroll
        }
    }

    /// The text as the simulated class prints it on iOS `ios`: "row" or "item", "table view" or "collection
    /// view"; the count texts with two spaces after their first sentence up to iOS 12, and without the
    /// "moved" clause before iOS 5; the modern text's "before and/or after" or "before and after". With
    /// `suffix`, the tail iOS 15 and later add (` Table view: <UITableView: 0x…; …>`, on a line of its own
    /// after the modern text), with a fixed address.
    public func worded(for view: ViewKind, ios: IOSVersion = .current, suffix: Bool = false) -> String {
        var text = words(for: view, ios: ios)
        if check == .scroll {
            // The scroll texts of iOS 13 (table) and 15 (collection) end with the view, the collection
            // view's with a full stop after it; no report shows a section's with it.
            if suffix, case .scrollRowPastEnd = self, ios.has(Self.scrollRule(view), in: view) {
                text += Self.suffix(for: view) + (view == .collection ? "." : "")
            }
            return text
        }
        if suffix && ios.has(IOSVersion.suffix, in: view) && Self.suffixed.contains(check) {
            // The modern text's lines end with line breaks, and so does its last (deltachat-ios#1901,
            // Sharpnado.CollectionView#98, a table view's in Xcode's banner: `]\nTable view: <…>`).
            if case .invalidBatchUpdates = self {
                text += "\n" + Self.suffix(for: view).dropFirst()
            } else {
                text += Self.suffix(for: view)
            }
        }
        return text
    }

    /// The checks whose texts carry the view's description on iOS 14 and later.
    public static let suffixed: [Check] = [.sectionCount, .rowCounts]

    /// The tail of a text on iOS 15 and later: the view's description, with a fixed address.
    public static func suffix(for view: ViewKind) -> String {
        (view == .table ? " Table view: " : " Collection view: ") + viewDescription(for: view)
    }

    /// The view as `-[UIView description]` prints it, with fixed addresses.
    public static func viewDescription(for view: ViewKind) -> String {
        view == .table
            ? "<UITableView: 0x7f8e4c80a200; frame = (0 0; 390 844); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x600000e5c2a0>; contentOffset: {0, 0}; contentSize: {390, 132}; adjustedContentInset: {47, 0, 34, 0}; dataSource: <ListViewController: 0x7f8e4b70a8f0>>"
            : "<UICollectionView: 0x7f8e4d009800; frame = (0 0; 390 844); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x600000e5d3c0>; contentOffset: {0, 0}; contentSize: {390, 132}; adjustedContentInset: {47, 0, 34, 0}; layout: <UICollectionViewFlowLayout: 0x7f8e4b70b120>; dataSource: <ListViewController: 0x7f8e4b70a8f0>>"
    }

    private func words(for view: ViewKind, ios: IOSVersion) -> String {
        // After the first sentence of a count text.
        let gap =
            ios.has(view == .table ? IOSVersion.twoSpacesInTable : IOSVersion.twoSpacesInCollection, in: view)
            ? "  " : " "
        return switch self {
        case .deleteAndReloadSamePath(let path):
            "attempt to delete and reload the same index path (\(path))"
        case .deleteAndMoveSameSection(let section):
            "attempt to perform a delete and a move from the same section (\(section))"
        case .deleteAndMoveSamePath(let path):
            "attempt to perform a delete and a move from the same index path (\(path))"
        case .deleteMissingSection(let section, let sectionsBefore):
            "attempt to delete section \(section), but there are only \(sectionsBefore) sections before the update"
        case .deleteRowFromMissingSection(let path, let sectionsBefore):
            "attempt to delete \(view.item) \(path.row) from section \(path.section), but there are only \(sectionsBefore) sections before the update"
        case .deleteMissingRow(let path, let rowsBefore):
            "attempt to delete \(view.item) \(path.row) from section \(path.section) which only contains \(rowsBefore) \(view.items) before the update"
        case .insertAndMoveSameSection(let section):
            "attempt to perform an insert and a move to the same section (\(section))"
        case .insertAndMoveSamePath(let path):
            "attempt to perform an insert and a move to the same index path (\(path))"
        case .insertSectionPastEnd(let section, let sectionsAfter):
            "attempt to insert section \(section) but there are only \(sectionsAfter) sections after the update"
        case .insertRowIntoMissingSection(let path, let sectionsAfter):
            "attempt to insert \(view.item) \(path.row) into section \(path.section), but there are only \(sectionsAfter) sections after the update"
        case .insertRowPastEnd(let path, let rowsAfter):
            "attempt to insert \(view.item) \(path.row) into section \(path.section), but there are only \(rowsAfter) \(view.items) in section \(path.section) after the update"
        case .moveMissingSection(let section, let sectionsBefore):
            "attempt to move section \(section), but there are only \(sectionsBefore) sections before the update"
        case .moveSectionPastEnd(let from, let to, let sectionsAfter):
            "attempt to to move section \(from) to section \(to), but there are only \(sectionsAfter) sections after the update"
        case .moveRowFromMissingSection(let from, let sectionsBefore):
            "attempt to move index path (\(from)) from a section that does not exist - there are only \(sectionsBefore) sections before the update"
        case .moveMissingRow(let from, let rowsBefore):
            "attempt to move index path (\(from)) that does not exist - there are only \(rowsBefore) \(view.items) in section \(from.section) before the update"
        case .moveRowIntoMissingSection(let from, let to, let sectionsAfter):
            "attempt to move index path (\(from)) to index path (\(to)) in section that does not exist - there are only \(sectionsAfter) sections after the update"
        case .moveRowPastEnd(let from, let to, let rowsAfter):
            "attempt to move index path (\(from)) to index path (\(to)) that does not exist - there are only \(rowsAfter) \(view.items) in section \(to.section) after the update"
        case .sectionMovedTwice(let section, let first, let second):
            "attempt to move section \(section) to both section \(first) and section \(second)"
        case .rowMovedTwice(let path, let first, let second):
            "attempt to move \(view.item) at index path \(path) to both \(first) and \(second)"
        case .sectionsMovedToOne(let first, let second, let destination):
            "attempt to move both section \(first) and section \(second) to section \(destination)"
        case .rowsMovedToOne(let first, let second, let destination):
            "attempt to move both \(view.item) at index path \(first) and \(second) to \(destination)"
        case .invalidSectionCount(let after, let before, let inserted, let deleted):
            "Invalid update: invalid number of sections.\(gap)The number of sections contained in the \(view.name) after the update (\(after)) must be equal to the number of sections contained in the \(view.name) before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case .invalidRowCount(let section, let after, let before, let inserted, let deleted, _, _)
        where !ios.has(IOSVersion.movedClause, in: view):
            "Invalid update: invalid number of \(view.items) in section \(section).\(gap)The number of \(view.items) contained in an existing section after the update (\(after)) must be equal to the number of \(view.items) contained in that section before the update (\(before)), plus or minus the number of \(view.items) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted)."
        case .invalidRowCount(let section, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            "Invalid update: invalid number of \(view.items) in section \(section).\(gap)The number of \(view.items) contained in an existing section after the update (\(after)) must be equal to the number of \(view.items) contained in that section before the update (\(before)), plus or minus the number of \(view.items) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(view.items) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case .invalidBatchUpdates(let before, let after, let updates):
            Self.invalidBatchUpdates(
                before: before, after: after, updates: updates, in: view,
                conjunction: ios.has(IOSVersion.andOr, in: view) ? "and/or" : "and")
        case .cannotMoveFromDeletedSection(let section):
            "cannot move \(view == .table ? "a row" : "an item") from a deleted section (\(section))"
        case .cannotMoveIntoInsertedSection(let section):
            "cannot move \(view == .table ? "a row" : "an item") into a newly inserted section (\(section))"
        case .repeatedInCollectionView(let verb, let section, let row):
            Self.repeated(verb, section: section, row: row)
        case .inconsistentTableUpdate:
            "Invalid table view update.  The application has requested an update to the table view that is inconsistent with the state provided by the data source."
        case .scrollRowPastEnd(let p, let rows) where ios.has(Self.scrollRule(view), in: view):
            "Attempted to scroll the \(view.name) to an out-of-bounds \(view.item) (\(p.row)) when there are only \(rows) \(view.items) in section \(p.section)."
        case .scrollSectionPastEnd(let p, let sections) where ios.has(Self.scrollRule(view), in: view):
            "Attempted to scroll the \(view.name) to an out-of-bounds section (\(p.section)) when there are only \(sections) sections."
        case .scrollRowPastEnd(let p, _) where view == .collection,
            .scrollSectionPastEnd(let p, _) where view == .collection:
            "attempt to scroll to invalid index path: \(p)"
        case .scrollRowPastEnd(let p, let rows):
            Self.scrollSelector(ios) + ": row (\(p.row)) beyond bounds (\(rows)) for section (\(p.section))."
        case .scrollSectionPastEnd(let p, let sections):
            Self.scrollSelector(ios) + ": section (\(p.section)) beyond bounds (\(sections))."
        case .viewAnimationForNilView:
            "attempt to create view animation for nil view"
        }
    }

    /// The rule that gives a view its `Attempted to scroll …` texts.
    static func scrollRule(_ view: ViewKind) -> IOSVersion.Rule {
        view == .table ? IOSVersion.tableScrollText : IOSVersion.collectionScrollText
    }

    /// The method UITableView's older scroll texts name: the public one up to iOS 5, the one that computes
    /// the offset after, with `usingPresentationValues:` on iOS 11 and 12.
    static func scrollSelector(_ ios: IOSVersion) -> String {
        if ios.has(IOSVersion.tableScrollPublicSelector, in: .table) {
            return "-[UITableView scrollToRowAtIndexPath:atScrollPosition:animated:]"
        }
        return ios.has(IOSVersion.tableScrollPresentationValues, in: .table)
            ? "-[UITableView _contentOffsetForScrollingToRowAtIndexPath:atScrollPosition:usingPresentationValues:]"
            : "-[UITableView _contentOffsetForScrollingToRowAtIndexPath:atScrollPosition:]"
    }

    /// The first words of the modern text, where the reader starts reading one.
    static let modernHeadlineStart = "Invalid batch updates detected:"

    /// The modern text's first sentence, with its conjunction ("and/or" or "and").
    static func modernHeadline(view: ViewKind, conjunction: String) -> String {
        modernHeadlineStart
            + " the number of sections and/or \(view.items) returned by the data source before \(conjunction) after performing the batch updates are inconsistent with the updates."
    }

    /// One update of the modern text's `Updates = [ … ]` list: `Delete row (0 - 1)`.
    static func modernUpdate(_ update: Update, in view: ViewKind) -> String {
        func place(_ path: IndexPath) -> String { "(\(path.section) - \(path.row))" }
        return switch update {
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

    private static func invalidBatchUpdates(
        before: [Int], after: [Int], updates: [Update], in view: ViewKind, conjunction: String
    ) -> String {
        func counts(_ rows: [Int]) -> String {
            "{ \(rows.count) \(rows.count == 1 ? "section" : "sections") with \(view.item) counts: [\(rows.map(String.init).joined(separator: ", "))] }"
        }
        let lines = updates.map { modernUpdate($0, in: view) }
        // One update a line, each after a tab; none gives "[\n]", which crash reporters print as "[ ]".
        let listed = lines.isEmpty ? "" : lines.map { "\t" + $0 }.joined(separator: ",\n") + "\n"
        return modernHeadline(view: view, conjunction: conjunction) + """

            Data source before updates = \(counts(before))
            Data source after updates = \(counts(after))
            Updates = [\n\(listed)]
            """
    }

    private static func repeated(_ verb: String, section: Int, row: Int?) -> String {
        let what = row.map { "item \($0) of section \(section)" } ?? "section \(section)"
        let done = verb.hasSuffix("e") ? verb + "d" : verb + "ed"
        return
            "UICollectionView does not merge a repeated \(verb): \(what) would be \(done) twice, which crashes or corrupts its layout on a device (IGListKit #689)"
    }
}

/// The texts of warnings and of the diffable data source, in words (they are never read back).
enum UIKitMessage {
    /// A batch UICollectionView accepts that mixes a section move with item updates.
    static func sectionMoveWithItemUpdatesWarning(_ section: Int) -> String {
        "UICollectionView accepts this batch, but moving section \(section) while items are inserted, deleted, reloaded or moved is known to crash it in -[UICollectionViewUpdate _computeItemUpdates] (IGListKit #691; IGListKit turns such a move into a section delete and insert)"
    }

    /// A batch UICollectionView accepts that moves a section onto itself and an item out of it.
    static func itemOutOfUnmovedSectionWarning(_ section: Int) -> String {
        "UICollectionView accepts this batch, but moving section \(section) to itself while an item moves out of it is known to crash it: 'request for index path for global index … when there are only … items' (rdar://48941906)"
    }

    /// What UICollectionView logged on iOS 13 to 16.3 for a failed count check (`text`) in a batch of
    /// `updates` (its update items, as the modern text lists them), before it reloaded
    /// (`IOSVersion.collectionLogWording`), and that it did.
    static func collectionViewLoggedCount(_ text: UIKitText, updates: [Update], ios: IOSVersion) -> String {
        "UICollectionView on iOS \(ios) does not raise here: it logs \""
            + collectionViewLog(text, updates: updates, ios: ios)
            + "\" and reloads, showing the data source (from iOS 16.4 it raises)"
    }

    /// UICollectionView's log of a failed count check on iOS 13 to 16.3, with fixed addresses. iOS 13's goes
    /// on after the view's description with the update being performed and its items (`updates`).
    public static func collectionViewLog(_ text: UIKitText, updates: [Update], ios: IOSVersion) -> String {
        let words = text.worded(for: .collection, ios: ios)
        return ios.has(IOSVersion.collectionLogWording, in: .collection)
            ? collectionLogPrefix + " " + collectionLogFallback + " " + words + UIKitText.suffix(for: .collection)
            : collectionLogPrefix + " " + words + " " + collectionLogWillReload + " "
                + UIKitText.viewDescription(for: .collection) + currentUpdate(updates)
    }

    /// The log's first words, its words before the text from iOS 14, and its words after the text on iOS 13.
    static let collectionLogPrefix = "[UICollectionView]"
    static let collectionLogFallback = "Performing reloadData as a fallback —"
    static let collectionLogWillReload = "- will perform reloadData. UICollectionView instance:"

    /// The words of iOS 13's log between the view's description and the update items (VerticalCardSwiper#62,
    /// MvvmCross#3861: `old:<…>` with a colon, `new<…>` without), with fixed addresses.
    static let currentUpdateOpen =
        "; currentUpdate: [UICollectionViewUpdate - 0x600003a2c1e0: old:<UICollectionViewData: 0x600002d8c4b0> new<UICollectionViewData: 0x600002d8c5a0> items:<"

    /// iOS 13's `; currentUpdate: […]` tail: the update items as `NSArray` describes them, one a line in
    /// quotes (`(` and `)` on lines of their own; an empty list `(` then `)`).
    static func currentUpdate(_ updates: [Update]) -> String {
        let items = updates.map { "    \"" + currentUpdateItem($0) + "\"" }.joined(separator: ",\n")
        return currentUpdateOpen + "(\n" + items + (updates.isEmpty ? "" : "\n") + ")>]"
    }

    /// One update item of iOS 13's log: `D(0,18)` deletes item 18 of section 0, the one form a report shows
    /// (VerticalCardSwiper#62). The others are written alike and are not verified: `I(S,I)` an insert,
    /// `M(S,I)->(S,I)` a move, and a section's `D(S)`, `I(S)`, `M(S)->(S)`.
    static func currentUpdateItem(_ update: Update) -> String {
        func place(_ p: IndexPath) -> String { "(\(p.section),\(p.row))" }
        return switch update {
        case .deleteRow(let p): "D" + place(p)
        case .insertRow(let p): "I" + place(p)
        case .reloadRow(let p): "R" + place(p)
        case .moveRow(let from, let to): "M" + place(from) + "->" + place(to)
        case .deleteSection(let s): "D(\(s))"
        case .insertSection(let s): "I(\(s))"
        case .reloadSection(let s): "R(\(s))"
        case .moveSection(let from, let to): "M(\(from))->(\(to))"
        }
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
    /// the identifiers as `NSSet` describes them, one per line: a string quoted when it needs it, a Swift
    /// value (`values`) as Swift describes it, bare (mastodon-ios#1366, firefox-ios#23056).
    static func duplicateIdentifiers(_ kind: String, _ identifiers: [String], values: Bool = false) -> String {
        let lines = identifiers.map { "    " + (values ? $0 : describedInCollection($0)) }.joined(separator: ",\n")
        return "Fatal: supplied \(kind) identifiers are not unique. Duplicate identifiers: {(\n\(lines)\n)}"
    }

    /// `reloadItems` or `reconfigureItems` (`action` is `reload` or `reconfigure`) of an item the snapshot lacks.
    static func missingItemIdentifier(_ action: String, _ identifier: String) -> String {
        "Attempted to \(action) item identifier that does not exist in the snapshot: \(identifier)"
    }

    /// A string as `NSArray` and `NSSet` describe an element: bare when it is letters, digits and
    /// `_ $ . / :` only, else in double quotes with `"` and `\` escaped and each UTF-16 unit beyond ASCII
    /// written `\Uxxxx` (a set of "고래밥" prints `"\Uace0\Ub798\Ubc25"`).
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
            case _ where !scalar.isASCII:
                for unit in String(scalar).utf16 { quoted += "\\U" + hex4(unit) }
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// `unit` as four lowercase hexadecimal digits.
    static func hex4(_ unit: UInt16) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var text = ""
        for shift in stride(from: 12, through: 0, by: -4) {
            text.unicodeScalars.append(digits[Int((unit >> UInt16(shift)) & 0xF)])
        }
        return text
    }
}
