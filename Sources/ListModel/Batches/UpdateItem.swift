/// One row or whole-section operation, the way UIKit's update support sorts and compares them.
struct UpdateItem: Sendable {
    var section: Int
    /// The row of a row item; 0 for a section item, whose path prints `NSNotFound` instead.
    var row: Int
    var isSection: Bool
    /// The pending operation that issued it (the first one when duplicates were merged).
    var operation: Int
    /// True for the delete or insert half of a reload.
    var isFromReload: Bool

    /// A row item for `path`.
    static func row(_ path: IndexPath, operation: Int, isFromReload: Bool = false) -> UpdateItem {
        UpdateItem(
            section: path.section, row: path.row, isSection: false, operation: operation, isFromReload: isFromReload)
    }

    /// A whole-section item.
    static func section(_ section: Int, operation: Int, isFromReload: Bool = false) -> UpdateItem {
        UpdateItem(section: section, row: 0, isSection: true, operation: operation, isFromReload: isFromReload)
    }

    /// The index path UIKit prints: a section item's row is `NSNotFound`.
    var path: IndexPath {
        isSection ? .forSection(section) : IndexPath(section: section, row: row)
    }

    /// True when both name the same row, or the same whole section.
    func isSamePlace(as other: UpdateItem) -> Bool {
        section == other.section && isSection == other.isSection && row == other.row
    }

    /// `compareIndexPaths:` order: by section, then row, a section item after every row of its section.
    func isBefore(_ other: UpdateItem) -> Bool {
        if section != other.section { return section < other.section }
        if isSection != other.isSection { return !isSection }
        return row < other.row
    }

    /// `compareIndexPaths:` order, then issue order.
    static func isBeforeOrIssuedFirst(_ a: UpdateItem, _ b: UpdateItem) -> Bool {
        a.isSamePlace(as: b) ? a.operation < b.operation : a.isBefore(b)
    }
}

/// A row move or a section move: from an old place to a new one.
struct MoveItem: Sendable {
    var from: UpdateItem
    var to: UpdateItem

    var isSection: Bool { from.isSection }
    var operation: Int { from.operation }

    /// A row move `from` → `to`.
    static func row(from: IndexPath, to: IndexPath, operation: Int) -> MoveItem {
        MoveItem(from: .row(from, operation: operation), to: .row(to, operation: operation))
    }

    /// A section move `from` → `to`.
    static func section(from: Int, to: Int, operation: Int) -> MoveItem {
        MoveItem(from: .section(from, operation: operation), to: .section(to, operation: operation))
    }

    /// True when both have the same source and the same destination.
    func isExactDuplicate(of other: MoveItem) -> Bool {
        from.isSamePlace(as: other.from) && to.isSamePlace(as: other.to)
    }
}

extension Array where Element == UpdateItem {
    /// Sorted ascending, exact duplicates merged into the first one issued (UITableView merges a repeated delete, insert or identical move silently).
    func sortedMergingDuplicates() -> [UpdateItem] {
        sorted(by: UpdateItem.isBeforeOrIssuedFirst).withoutRepeats()
    }

    /// This array (sorted by place, then issue order) with each place kept once: the first issued.
    func withoutRepeats() -> [UpdateItem] {
        var kept: [UpdateItem] = []
        kept.reserveCapacity(count)
        for item in self where !(kept.last.map { $0.isSamePlace(as: item) } ?? false) {
            kept.append(item)
        }
        return kept
    }

    /// `a` and `b`, both sorted ascending without duplicates, merged into one ascending array; an
    /// item in both is kept once, with the lower operation index.
    static func mergingSorted(_ a: [UpdateItem], _ b: [UpdateItem]) -> [UpdateItem] {
        mergeSorted(a, b, isBefore: { $0.isBefore($1) }) { merged, next in
            if let last = merged.last, last.isSamePlace(as: next) {
                merged[merged.count - 1].operation = Swift.min(last.operation, next.operation)
            } else {
                merged.append(next)
            }
        }
    }
}
