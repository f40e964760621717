/// A snapshot handed to a diffable data source's `apply(_:animatingDifferences:)`: sections with their
/// identifiers, rows identified by their text, and the rows to reload or reconfigure.
public struct DiffableSnapshot: Equatable, Sendable {
    /// Each section's rows.
    public var sections: [[String]]
    /// One identifier per section, which also becomes its header; nil when sections are identified by
    /// their position (and keep their headers).
    public var sectionIdentifiers: [String]?
    /// `reloadItems(_:)`: rows whose cell is replaced.
    public var reloadedItems: [String]
    /// `reconfigureItems(_:)`: rows whose existing cell is updated in place.
    public var reconfiguredItems: [String]
    /// Whether the identifiers stand for Swift values (an enum, a struct), which UIKit prints as Swift
    /// describes them, bare; else they are strings, which a set's description quotes.
    public var identifiersAreValues = false

    public init(
        sections: [[String]], sectionIdentifiers: [String]? = nil, reloadedItems: [String] = [],
        reconfiguredItems: [String] = []
    ) {
        self.sections = sections
        self.sectionIdentifiers = sectionIdentifiers
        self.reloadedItems = reloadedItems
        self.reconfiguredItems = reconfiguredItems
    }

    /// The sections as the data source holds them after the apply: identified sections take their
    /// identifier as header; by position, a section keeps the header, footer and index title of the
    /// current section at its position.
    public func dataSource(replacing current: [Section]) -> [Section] {
        sections.enumerated().map { t, rows in
            if let ids = sectionIdentifiers { return Section(rows: rows, header: ids[t]) }
            var section = t < current.count ? current[t] : Section()
            section.rows = Rows(rows)
            return section
        }
    }
}

/// Why a snapshot cannot be applied: UIKit's exceptions, and a current state no diffable data source
/// could hold.
public enum SnapshotError: Error, Equatable, Sendable {
    /// Two sections of the snapshot with one identifier (`values`: identifiers that are Swift values).
    case duplicateSectionIdentifiers([String], values: Bool = false)
    /// Two rows of the snapshot with one text.
    case duplicateItemIdentifiers([String], values: Bool = false)
    /// A row to reload or reconfigure that the snapshot does not have; `action` is `reload` or `reconfigure`.
    case missingItem(action: String, String)
    /// The data source already repeats a row's text (a diffable data source never holds such a state).
    case currentDuplicateItems([String])
    /// The data source already repeats a section header.
    case currentDuplicateSections([String])

    /// The text: UIKit's, verbatim, for the snapshot's own errors.
    public var message: String {
        switch self {
        case .duplicateSectionIdentifiers(let ids, let values):
            UIKitMessage.duplicateIdentifiers("section", ids, values: values)
        case .duplicateItemIdentifiers(let ids, let values):
            UIKitMessage.duplicateIdentifiers("item", ids, values: values)
        case .missingItem(let action, let id): UIKitMessage.missingItemIdentifier(action, id)
        case .currentDuplicateItems(let texts):
            "the data source repeats \(Self.list(texts)), so no diffable data source holds it: rows are identified by their text"
        case .currentDuplicateSections(let headers):
            "the data source repeats the header \(Self.list(headers)), so its sections cannot be identified by their headers"
        }
    }

    private static func list(_ texts: [String]) -> String {
        texts.map { "\"\($0)\"" }.joined(separator: ", ")
    }
}

/// What `apply(_:animatingDifferences:)` tells the table view, as UIKit's diffable data source calls it
/// (decompiled iOS 18.2 `_UIDiffableDataSourceViewUpdater`): section deletes and inserts, reconfigured,
/// reloaded, deleted and inserted rows, then each row move and each section move on its own; with the
/// plain edits that perform it on both layers as one batch.
public struct DiffableUpdate: Sendable {
    /// One call on the table view.
    public enum Call: Equatable, Sendable {
        case deleteSections([Int])
        case insertSections([Int])
        case reconfigureRows([IndexPath])
        case reloadRows([IndexPath])
        case deleteRows([IndexPath])
        case insertRows([IndexPath])
        case moveRow(from: IndexPath, to: IndexPath)
        case moveSection(from: Int, to: Int)
    }

    /// The calls in UIKit's order; a kind with nothing to do is not called.
    public var calls: [Call]
    /// The batch of plain edits that performs them: an inserted section's rows are inserted with it (the
    /// data source gives them; the table view is told only of the section).
    public var edits: [Edit]

    /// The update from the data source `current` to `snapshot`, or why there is none. Checks in UIKit's
    /// order: the snapshot's section identifiers, its items, the items to reload and to reconfigure;
    /// then that the current state has unique identifiers.
    public init(from current: [Section], to snapshot: DiffableSnapshot) throws(SnapshotError) {
        let new = snapshot.sections
        if let ids = snapshot.sectionIdentifiers {
            let repeats = Self.repeats(ids)
            if !repeats.isEmpty { throw .duplicateSectionIdentifiers(repeats, values: snapshot.identifiersAreValues) }
        }
        let old = current.map { $0.rows.texts }
        let rows = RowIdentities(old: old, new: new)
        if !rows.newDuplicates.isEmpty {
            throw .duplicateItemIdentifiers(rows.newDuplicates, values: snapshot.identifiersAreValues)
        }
        let present = Set(new.joined().map(TextKey.init))
        for (action, items) in [("reload", snapshot.reloadedItems), ("reconfigure", snapshot.reconfiguredItems)] {
            if let missing = items.first(where: { !present.contains(TextKey($0)) }) {
                throw .missingItem(action: action, missing)
            }
        }
        if !rows.oldDuplicates.isEmpty { throw .currentDuplicateItems(rows.oldDuplicates) }

        let sections: SectionMatch
        if let ids = snapshot.sectionIdentifiers {
            // A section's identifier is its header; a section without one matches nothing.
            let headers = current.compactMap { $0.header }
            let repeats = Self.repeats(headers)
            if !repeats.isEmpty { throw .currentDuplicateSections(repeats) }
            var newOfIdentifier: [TextKey: Int] = [:]
            for (t, id) in ids.enumerated() { newOfIdentifier[TextKey(id)] = t }
            var match = SectionMatch(newOfOld: [], oldOfNew: [Int](repeating: -1, count: new.count))
            for (s, section) in current.enumerated() {
                let t = section.header.flatMap { newOfIdentifier[TextKey($0)] } ?? -1
                match.newOfOld.append(t)
                if t >= 0 { match.oldOfNew[t] = s }
            }
            sections = match
        } else {
            let common = min(old.count, new.count)
            sections = SectionMatch(
                newOfOld: (0..<old.count).map { $0 < common ? $0 : -1 },
                oldOfNew: (0..<new.count).map { $0 < common ? $0 : -1 })
        }
        // The rows to reload or reconfigure that have a cell now: their flattened old indexes.
        var reloaded = Set<Int>()
        var reconfigured = Set<Int>()
        if !snapshot.reloadedItems.isEmpty || !snapshot.reconfiguredItems.isEmpty {
            let reloads = Set(snapshot.reloadedItems.map(TextKey.init))
            let reconfigures = Set(snapshot.reconfiguredItems.map(TextKey.init)).subtracting(reloads)
            for (flat, text) in old.joined().enumerated() {
                if reloads.contains(TextKey(text)) { reloaded.insert(flat) }
                if reconfigures.contains(TextKey(text)) { reconfigured.insert(flat) }
            }
        }
        let d = Derivation(
            old: old, new: new, rows: rows, sections: sections, reloaded: reloaded, reconfigured: reconfigured)

        var calls: [Call] = []
        if !d.deletedSections.isEmpty { calls.append(.deleteSections(d.deletedSections)) }
        if !d.insertedSections.isEmpty { calls.append(.insertSections(d.insertedSections)) }
        if !d.reconfiguredRows.isEmpty { calls.append(.reconfigureRows(d.reconfiguredRows)) }
        if !d.reloadedRows.isEmpty { calls.append(.reloadRows(d.reloadedRows)) }
        if !d.deletedRows.isEmpty { calls.append(.deleteRows(d.deletedRows)) }
        if !d.insertedRows.isEmpty { calls.append(.insertRows(d.insertedRows)) }
        calls += d.rowMoves.map { .moveRow(from: $0.from, to: $0.to) }
        calls += d.sectionMoves.map { .moveSection(from: $0.from, to: $0.to) }
        self.calls = calls

        let headers = snapshot.dataSource(replacing: current).map { $0.header }
        var edits: [Edit] = []
        edits += d.deletedSections.map { .deleteSection($0) }
        for t in d.insertedSections {
            edits.append(.insertSection(t, header: headers[t]))
            for (r, text) in new[t].enumerated() { edits.append(.insertRow(IndexPath(section: t, row: r), text)) }
        }
        edits += d.reloadedRows.map { .reloadRow($0, nil) }
        edits += d.deletedRows.map { .deleteRow($0) }
        edits += d.insertedRows.map { .insertRow($0, new[$0.section][$0.row]) }
        edits += d.rowMoves.map { .moveRow(from: $0.from, to: $0.to) }
        edits += d.sectionMoves.map { .moveSection(from: $0.from, to: $0.to) }
        self.edits = edits
    }

    /// The values that occur more than once, in order of first repetition (at most 10).
    private static func repeats(_ values: [String]) -> [String] {
        var seen = Set<TextKey>()
        var repeated: [String] = []
        for value in values
        where !seen.insert(TextKey(value)).inserted && !repeated.contains(where: { TextEquality.same($0, value) }) {
            repeated.append(value)
            if repeated.count == 10 { break }
        }
        return repeated
    }
}
