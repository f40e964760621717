/// What reading UIKit's texts back needs of `UIKitText`: every case named (`Kind`), one value of each whose
/// numbers are sentinels (`probe`), and a way to put other numbers in their place (`mappingNumbers`). The
/// reader words each probe with `worded(for:ios:suffix:)` and takes the words it finds around the sentinels
/// as the case's template, so a case added to `UIKitText` is read as soon as it is worded: the switches
/// below do not compile until it is named here.
extension UIKitText {
    /// The cases of `UIKitText`, without their numbers.
    public enum Kind: String, CaseIterable, Sendable {
        case deleteAndReloadSamePath, deleteAndMoveSameSection, deleteAndMoveSamePath, deleteMissingSection
        case deleteRowFromMissingSection, deleteMissingRow, insertAndMoveSameSection, insertAndMoveSamePath
        case insertSectionPastEnd, insertRowIntoMissingSection, insertRowPastEnd, moveMissingSection
        case moveSectionPastEnd, moveRowFromMissingSection, moveMissingRow, moveRowIntoMissingSection
        case moveRowPastEnd, sectionMovedTwice, rowMovedTwice, sectionsMovedToOne, rowsMovedToOne
        case invalidSectionCount, invalidRowCount, invalidBatchUpdates, cannotMoveFromDeletedSection
        case cannotMoveIntoInsertedSection, repeatedInCollectionView, inconsistentTableUpdate, viewAnimationForNilView
        case scrollRowPastEnd, scrollSectionPastEnd
    }

    /// This text's case.
    public var kind: Kind {
        switch self {
        case .deleteAndReloadSamePath: .deleteAndReloadSamePath
        case .deleteAndMoveSameSection: .deleteAndMoveSameSection
        case .deleteAndMoveSamePath: .deleteAndMoveSamePath
        case .deleteMissingSection: .deleteMissingSection
        case .deleteRowFromMissingSection: .deleteRowFromMissingSection
        case .deleteMissingRow: .deleteMissingRow
        case .insertAndMoveSameSection: .insertAndMoveSameSection
        case .insertAndMoveSamePath: .insertAndMoveSamePath
        case .insertSectionPastEnd: .insertSectionPastEnd
        case .insertRowIntoMissingSection: .insertRowIntoMissingSection
        case .insertRowPastEnd: .insertRowPastEnd
        case .moveMissingSection: .moveMissingSection
        case .moveSectionPastEnd: .moveSectionPastEnd
        case .moveRowFromMissingSection: .moveRowFromMissingSection
        case .moveMissingRow: .moveMissingRow
        case .moveRowIntoMissingSection: .moveRowIntoMissingSection
        case .moveRowPastEnd: .moveRowPastEnd
        case .sectionMovedTwice: .sectionMovedTwice
        case .rowMovedTwice: .rowMovedTwice
        case .sectionsMovedToOne: .sectionsMovedToOne
        case .rowsMovedToOne: .rowsMovedToOne
        case .invalidSectionCount: .invalidSectionCount
        case .invalidRowCount: .invalidRowCount
        case .invalidBatchUpdates: .invalidBatchUpdates
        case .cannotMoveFromDeletedSection: .cannotMoveFromDeletedSection
        case .cannotMoveIntoInsertedSection: .cannotMoveIntoInsertedSection
        case .repeatedInCollectionView: .repeatedInCollectionView
        case .inconsistentTableUpdate: .inconsistentTableUpdate
        case .viewAnimationForNilView: .viewAnimationForNilView
        case .scrollRowPastEnd: .scrollRowPastEnd
        case .scrollSectionPastEnd: .scrollSectionPastEnd
        }
    }

    /// The sentinels a probe's numbers are: far from any number a text prints besides them (`length = 2`),
    /// each printed once in a text, so where each stands in the words says which number it is.
    public static let sentinels: [Int] = (1...7).map { 9000 + $0 * 11 }

    /// The value of `kind` whose numbers are `sentinels`, in order (the modern text's lists hold one of
    /// each; the reader reads its lists itself).
    public static func probe(_ kind: Kind) -> UIKitText {
        let n = sentinels
        let p = IndexPath(section: n[0], row: n[1])
        let q = IndexPath(section: n[2], row: n[3])
        let r = IndexPath(section: n[4], row: n[5])
        return switch kind {
        case .deleteAndReloadSamePath: .deleteAndReloadSamePath(p)
        case .deleteAndMoveSameSection: .deleteAndMoveSameSection(n[0])
        case .deleteAndMoveSamePath: .deleteAndMoveSamePath(p)
        case .deleteMissingSection: .deleteMissingSection(n[0], sectionsBefore: n[1])
        case .deleteRowFromMissingSection: .deleteRowFromMissingSection(p, sectionsBefore: n[2])
        case .deleteMissingRow: .deleteMissingRow(p, rowsBefore: n[2])
        case .insertAndMoveSameSection: .insertAndMoveSameSection(n[0])
        case .insertAndMoveSamePath: .insertAndMoveSamePath(p)
        case .insertSectionPastEnd: .insertSectionPastEnd(n[0], sectionsAfter: n[1])
        case .insertRowIntoMissingSection: .insertRowIntoMissingSection(p, sectionsAfter: n[2])
        case .insertRowPastEnd: .insertRowPastEnd(p, rowsAfter: n[2])
        case .moveMissingSection: .moveMissingSection(n[0], sectionsBefore: n[1])
        case .moveSectionPastEnd: .moveSectionPastEnd(from: n[0], to: n[1], sectionsAfter: n[2])
        case .moveRowFromMissingSection: .moveRowFromMissingSection(p, sectionsBefore: n[2])
        case .moveMissingRow: .moveMissingRow(p, rowsBefore: n[2])
        case .moveRowIntoMissingSection: .moveRowIntoMissingSection(from: p, to: q, sectionsAfter: n[4])
        case .moveRowPastEnd: .moveRowPastEnd(from: p, to: q, rowsAfter: n[4])
        case .sectionMovedTwice: .sectionMovedTwice(n[0], first: n[1], second: n[2])
        case .rowMovedTwice: .rowMovedTwice(p, first: q, second: r)
        case .sectionsMovedToOne: .sectionsMovedToOne(first: n[0], second: n[1], destination: n[2])
        case .rowsMovedToOne: .rowsMovedToOne(first: p, second: q, destination: r)
        case .invalidSectionCount: .invalidSectionCount(after: n[0], before: n[1], inserted: n[2], deleted: n[3])
        case .invalidRowCount:
            .invalidRowCount(
                section: n[0], after: n[1], before: n[2], inserted: n[3], deleted: n[4], movedIn: n[5], movedOut: n[6])
        case .invalidBatchUpdates: .invalidBatchUpdates(before: [n[0]], after: [n[1]], updates: [])
        case .cannotMoveFromDeletedSection: .cannotMoveFromDeletedSection(n[0])
        case .cannotMoveIntoInsertedSection: .cannotMoveIntoInsertedSection(n[0])
        case .repeatedInCollectionView: .repeatedInCollectionView(verb: "delete", section: n[0], row: n[1])
        case .inconsistentTableUpdate: .inconsistentTableUpdate
        case .viewAnimationForNilView: .viewAnimationForNilView
        case .scrollRowPastEnd: .scrollRowPastEnd(p, rows: n[2])
        case .scrollSectionPastEnd: .scrollSectionPastEnd(p, sections: n[2])
        }
    }

    /// This text with every number `n` it holds (an index path's section and row too) put as `number(n)`.
    public func mappingNumbers(_ number: (Int) -> Int) -> UIKitText {
        func path(_ p: IndexPath) -> IndexPath { IndexPath(section: number(p.section), row: number(p.row)) }
        return switch self {
        case .deleteAndReloadSamePath(let p): .deleteAndReloadSamePath(path(p))
        case .deleteAndMoveSameSection(let s): .deleteAndMoveSameSection(number(s))
        case .deleteAndMoveSamePath(let p): .deleteAndMoveSamePath(path(p))
        case .deleteMissingSection(let s, let b): .deleteMissingSection(number(s), sectionsBefore: number(b))
        case .deleteRowFromMissingSection(let p, let b):
            .deleteRowFromMissingSection(path(p), sectionsBefore: number(b))
        case .deleteMissingRow(let p, let b): .deleteMissingRow(path(p), rowsBefore: number(b))
        case .insertAndMoveSameSection(let s): .insertAndMoveSameSection(number(s))
        case .insertAndMoveSamePath(let p): .insertAndMoveSamePath(path(p))
        case .insertSectionPastEnd(let s, let a): .insertSectionPastEnd(number(s), sectionsAfter: number(a))
        case .insertRowIntoMissingSection(let p, let a): .insertRowIntoMissingSection(path(p), sectionsAfter: number(a))
        case .insertRowPastEnd(let p, let a): .insertRowPastEnd(path(p), rowsAfter: number(a))
        case .moveMissingSection(let s, let b): .moveMissingSection(number(s), sectionsBefore: number(b))
        case .moveSectionPastEnd(let f, let t, let a):
            .moveSectionPastEnd(from: number(f), to: number(t), sectionsAfter: number(a))
        case .moveRowFromMissingSection(let p, let b): .moveRowFromMissingSection(path(p), sectionsBefore: number(b))
        case .moveMissingRow(let p, let b): .moveMissingRow(path(p), rowsBefore: number(b))
        case .moveRowIntoMissingSection(let f, let t, let a):
            .moveRowIntoMissingSection(from: path(f), to: path(t), sectionsAfter: number(a))
        case .moveRowPastEnd(let f, let t, let a): .moveRowPastEnd(from: path(f), to: path(t), rowsAfter: number(a))
        case .sectionMovedTwice(let s, let a, let b): .sectionMovedTwice(number(s), first: number(a), second: number(b))
        case .rowMovedTwice(let p, let a, let b): .rowMovedTwice(path(p), first: path(a), second: path(b))
        case .sectionsMovedToOne(let a, let b, let d):
            .sectionsMovedToOne(first: number(a), second: number(b), destination: number(d))
        case .rowsMovedToOne(let a, let b, let d):
            .rowsMovedToOne(first: path(a), second: path(b), destination: path(d))
        case .invalidSectionCount(let a, let b, let i, let d):
            .invalidSectionCount(after: number(a), before: number(b), inserted: number(i), deleted: number(d))
        case .invalidRowCount(let s, let a, let b, let i, let d, let mi, let mo):
            .invalidRowCount(
                section: number(s), after: number(a), before: number(b), inserted: number(i), deleted: number(d),
                movedIn: number(mi), movedOut: number(mo))
        case .invalidBatchUpdates(let before, let after, let updates):
            .invalidBatchUpdates(before: before.map(number), after: after.map(number), updates: updates)
        case .cannotMoveFromDeletedSection(let s): .cannotMoveFromDeletedSection(number(s))
        case .cannotMoveIntoInsertedSection(let s): .cannotMoveIntoInsertedSection(number(s))
        case .repeatedInCollectionView(let verb, let s, let r):
            .repeatedInCollectionView(verb: verb, section: number(s), row: r.map(number))
        case .inconsistentTableUpdate, .viewAnimationForNilView: self
        case .scrollRowPastEnd(let p, let rows): .scrollRowPastEnd(path(p), rows: number(rows))
        case .scrollSectionPastEnd(let p, let sections): .scrollSectionPastEnd(path(p), sections: number(sections))
        }
    }
}

extension UIKitText {
    /// Whether UIKit raises this text in `view` on `ios`, by the rules of `IOSVersion.rules`: a row moved out
    /// of a deleted section or into an inserted one raises in a collection view, and in a table view before
    /// iOS 11 (later it reloads); a collection view's count texts are logged, not raised, on iOS 13 to 16.3;
    /// the modern text exists from iOS 16.4; moves came with iOS 5, so no row-count text before it
    /// counts one; iOS 5.0 words an insert past the end without numbers; and only UICollectionView on iOS 9
    /// asserts on a reloaded section whose count changed.
    public func raises(in view: ViewKind, ios: IOSVersion) -> Bool {
        // No collection view before iOS 6.
        guard ios >= view.introduced else { return false }
        if case .invalidRowCount(_, _, _, _, _, let movedIn, let movedOut) = self, movedIn + movedOut > 0 {
            return ios.has(IOSVersion.movedClause, in: view) && !ios.has(IOSVersion.collectionLogsAndReloads, in: view)
        }
        return switch kind {
        case .cannotMoveFromDeletedSection, .cannotMoveIntoInsertedSection:
            view == .collection || ios.has(IOSVersion.tableMovesAcrossSections, in: view)
        case .invalidBatchUpdates: ios.has(IOSVersion.modernText, in: view)
        case .invalidRowCount, .invalidSectionCount: !ios.has(IOSVersion.collectionLogsAndReloads, in: view)
        case .insertRowPastEnd: !ios.has(IOSVersion.genericInsertText, in: view)
        case .inconsistentTableUpdate: ios.has(IOSVersion.genericInsertText, in: view)
        case .viewAnimationForNilView: ios.has(IOSVersion.nilViewAnimation, in: view)
        default: true
        }
    }
}

extension IOSVersion {
    /// Every version whose texts may differ from its neighbours': each major from the oldest to 18, then 26
    /// (Apple's numbers jumped), and each minor version a rule starts or ends at (16.4). What the reader
    /// words a text with to find the versions that print it so.
    public static let known: [IOSVersion] = {
        var versions = (IOSVersion.oldest.major...18).map { IOSVersion($0) } + [IOSVersion.current]
        for rule in rules {
            for bound in [rule.since, rule.until] {
                if let bound, bound.minor != 0, !versions.contains(bound) { versions.append(bound) }
            }
        }
        return versions.sorted()
    }()
}
