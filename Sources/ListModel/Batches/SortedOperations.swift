/// A batch's operations, each kind sorted once by place and then issue order, duplicates kept. The
/// data-source arrangement of plain commands and UIKit's checks both read them, so a commit sorts
/// every operation exactly once.
struct SortedOperations {
    /// Row and section deletes: ascending (a section after the rows of its section), then issue order.
    let deletes: [UpdateItem]
    /// Row and section inserts, in the same order.
    let inserts: [UpdateItem]
    /// Row and section reloads, in the same order.
    let reloads: [UpdateItem]
    /// Row and section moves: by source, then destination, then issue order.
    let moves: [MoveItem]
    /// Positions in `moves`: by destination, then source, then issue order.
    let movesByDestination: [Int]
    /// True when some operation inserts, deletes, reloads or moves a section.
    let hasSectionOperations: Bool

    /// Sorts `updates`; operation i of the batch is `updates[i]`.
    init(_ updates: [Update]) {
        var deletes: [UpdateItem] = []
        var inserts: [UpdateItem] = []
        var reloads: [UpdateItem] = []
        var moves: [MoveItem] = []
        var hasSectionOperations = false
        // Each list reserved for its operations, not grown by doubling (a copy of it each time).
        var counts = (deletes: 0, inserts: 0, reloads: 0, moves: 0)
        for update in updates {
            switch update {
            case .insertRow, .insertSection: counts.inserts += 1
            case .deleteRow, .deleteSection: counts.deletes += 1
            case .reloadRow, .reloadSection: counts.reloads += 1
            case .moveRow, .moveSection: counts.moves += 1
            }
        }
        deletes.reserveCapacity(counts.deletes)
        inserts.reserveCapacity(counts.inserts)
        reloads.reserveCapacity(counts.reloads)
        moves.reserveCapacity(counts.moves)
        for (operation, update) in updates.enumerated() {
            if update.indexPath == nil { hasSectionOperations = true }
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
        // Stable radix sorts, least significant criterion first, starting from issue order.
        self.deletes = Self.sortedByPlace(deletes) { $0 }
        self.inserts = Self.sortedByPlace(inserts) { $0 }
        self.reloads = Self.sortedByPlace(reloads) { $0 }
        let byDestination = Self.orderByPlace(moves) { $0.to }
        let bySource = Self.orderByPlace(byDestination) { moves[$0].from }
        let sortedMoves = bySource.map { moves[byDestination[$0]] }
        self.moves = sortedMoves
        self.hasSectionOperations = hasSectionOperations
        movesByDestination = Self.orderByPlace(sortedMoves) { $0.to }
    }

    /// The operations that repeat an earlier one exactly (same kind, same place; a move with the same
    /// ends), ascending: UIKit merges them into the first. Sorting put each right after its original.
    func duplicateOperations() -> [Int] {
        var duplicates: [Int] = []
        for list in [deletes, inserts, reloads] {
            for i in list.indices.dropFirst() {
                let (a, b) = (list[i - 1], list[i])
                if a.isSection == b.isSection && a.section == b.section && a.row == b.row {
                    duplicates.append(b.operation)
                }
            }
        }
        for i in moves.indices.dropFirst() {
            let (a, b) = (moves[i - 1], moves[i])
            if a.isSection == b.isSection && a.from.path == b.from.path && a.to.path == b.to.path {
                duplicates.append(b.operation)
            }
        }
        return duplicates.sorted()
    }

    /// `items` sorted stably by the place `place` gives (`UpdateItem.isBefore` order).
    private static func sortedByPlace<Item>(_ items: [Item], _ place: @escaping (Item) -> UpdateItem) -> [Item] {
        orderByPlace(items, place).map { items[$0] }
    }

    /// The positions of `items` in stable order of the places `place` gives. When every place packs
    /// into one key (section, then section-after-rows, then row, in as many bits as the largest
    /// needs) beside its position, one key is computed per item and sorted in as few passes as its bits
    /// take (`RadixOrder`).
    private static func orderByPlace<Item>(_ items: [Item], _ place: @escaping (Item) -> UpdateItem) -> [Int] {
        var largestRow = 0
        var largestSection = 0
        for item in items {
            let p = place(item)
            guard p.row >= 0 && p.section >= 0 else { return items.stableOrder(by: placeKeys(place)) }
            largestRow = Swift.max(largestRow, p.row)
            largestSection = Swift.max(largestSection, p.section)
        }
        let rowBits = Int.bitWidth - largestRow.leadingZeroBitCount
        let sectionBits = Int.bitWidth - largestSection.leadingZeroBitCount
        var keys: [UInt64] = []
        keys.reserveCapacity(items.count)
        for item in items {
            let p = place(item)
            keys.append(UInt64(p.section) << (rowBits + 1) | (p.isSection ? 1 << rowBits : 0) | UInt64(p.row))
        }
        return RadixOrder.stableOrder(of: keys, keyBits: sectionBits + 1 + rowBits)
            ?? items.stableOrder(by: placeKeys(place))
    }

    /// The radix keys of `UpdateItem.isBefore` order, least significant first: the row (0 for a
    /// section), whether it is a section item (after the rows of its section), the section.
    private static func placeKeys<Item>(_ place: @escaping (Item) -> UpdateItem) -> [(Item) -> Int] {
        [{ place($0).row }, { place($0).isSection ? 1 : 0 }, { place($0).section }]
    }
}
