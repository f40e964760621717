import ListModel

/// A deliberately simple, quadratic model of UITableView's commit, written straight from the
/// reference's algorithm summary (rules 1–18) with plain arrays and nested loops, to check the
/// library against. Nothing here is shared with the library's implementation.
enum SimpleReference {
    /// A row (row != nil) or a whole section (row == nil), issued as pending operation `operation`.
    struct Item {
        var section: Int
        var row: Int?
        var operation: Int

        var path: IndexPath { IndexPath(section: section, row: row ?? Int.max) }

        /// True when both name the same row, or the same section.
        func isSame(_ other: Item) -> Bool { section == other.section && row == other.row }

        /// NSIndexPath compare: a section item sorts after the rows of its section.
        func isBefore(_ other: Item) -> Bool {
            if section != other.section { return section < other.section }
            if row == nil || other.row == nil { return row != nil && other.row == nil }
            return row! < other.row!
        }
    }

    /// One move.
    struct Move {
        var from: Item
        var to: Item
        var isSection: Bool { from.row == nil }
    }

    /// The outcome of a commit: whether UITableView fell back to reloadData (a row move across a deleted or inserted section), or the error and its operation.
    enum Outcome: Equatable {
        case accepted(fallback: Bool)
        case rejected(String, Int?)
    }

    /// Merges exact duplicates, keeping the lowest operation index.
    static func merged(_ items: [Item]) -> [Item] {
        var result: [Item] = []
        for item in items {
            if let index = result.firstIndex(where: { $0.isSame(item) }) {
                result[index].operation = min(result[index].operation, item.operation)
            } else {
                result.append(item)
            }
        }
        return result
    }

    /// Where the insert half of `reload` lands (rule 11): shifted by the explicit deletes, descending,
    /// then by the explicit inserts, ascending, comparing raw numbers; moves are ignored. Nil when an
    /// explicit delete names the same path.
    static func reloadInsert(_ reload: Item, deletes: [Item], inserts: [Item]) -> Item? {
        var section = reload.section
        var row = reload.row
        for delete in deletes.sorted(by: { $1.isBefore($0) }) {
            if delete.isSame(reload) { return nil }
            if delete.row == nil && delete.section == reload.section { continue }
            if delete.row == nil && delete.section <= section { section -= 1 }
            if let r = row, let d = delete.row, delete.section == section, d <= r { row = r - 1 }
        }
        for insert in inserts.sorted(by: { $0.isBefore($1) }) {
            if insert.row == nil && insert.section <= section { section += 1 }
            if let r = row, let i = insert.row, insert.section == section, i <= r { row = r + 1 }
        }
        return Item(section: section, row: row, operation: reload.operation)
    }

    /// UIKit's checks for `updates` with `before` and `after` rows per section.
    static func check(before: [Int], after: [Int], updates: [Update], view: ViewKind = .table) -> Outcome {
        let row = view == .table ? "row" : "item"
        let rows = view == .table ? "rows" : "items"
        let viewName = view == .table ? "table view" : "collection view"
        var deletes: [Item] = []
        var inserts: [Item] = []
        var repeatedDelete: (String, Int)?
        var repeatedInsert: (String, Int)?
        var reloads: [Item] = []
        var moves: [Move] = []
        for (operation, update) in updates.enumerated() {
            switch update {
            case .deleteRow(let p): deletes.append(Item(section: p.section, row: p.row, operation: operation))
            case .insertRow(let p): inserts.append(Item(section: p.section, row: p.row, operation: operation))
            case .reloadRow(let p): reloads.append(Item(section: p.section, row: p.row, operation: operation))
            case .moveRow(let f, let t):
                moves.append(
                    Move(
                        from: Item(section: f.section, row: f.row, operation: operation),
                        to: Item(section: t.section, row: t.row, operation: operation)))
            case .deleteSection(let s): deletes.append(Item(section: s, row: nil, operation: operation))
            case .insertSection(let s): inserts.append(Item(section: s, row: nil, operation: operation))
            case .reloadSection(let s): reloads.append(Item(section: s, row: nil, operation: operation))
            case .moveSection(let f, let t):
                moves.append(
                    Move(
                        from: Item(section: f, row: nil, operation: operation),
                        to: Item(section: t, row: nil, operation: operation)))
            }
        }
        if view == .collection {
            // UICollectionView merges only identical moves: a repeated delete or insert is an error here.
            for (list, verb) in [(deletes, "delete"), (inserts, "insert")] {
                let sorted = list.sorted { $0.isBefore($1) || ($0.isSame($1) && $0.operation < $1.operation) }
                for (a, b) in zip(sorted, sorted.dropFirst()) where a.isSame(b) {
                    let what = b.row.map { "item \($0) of section \(b.section)" } ?? "section \(b.section)"
                    let message =
                        "UICollectionView does not merge a repeated \(verb): \(what) would be \(verb == "delete" ? "deleted" : "inserted") twice, which crashes or corrupts its layout on a device (IGListKit #689)"
                    // Deletes are checked after reloads, inserts after deletes: remember, report in turn.
                    if verb == "delete" { repeatedDelete = repeatedDelete ?? (message, b.operation) }
                    if verb == "insert" { repeatedInsert = repeatedInsert ?? (message, b.operation) }
                }
            }
        }
        deletes = merged(deletes)
        inserts = merged(inserts)
        reloads = merged(reloads)
        var uniqueMoves: [Move] = []
        for move in moves {
            if let index = uniqueMoves.firstIndex(where: { $0.from.isSame(move.from) && $0.to.isSame(move.to) }) {
                uniqueMoves[index].from.operation = min(uniqueMoves[index].from.operation, move.from.operation)
            } else {
                uniqueMoves.append(move)
            }
        }
        moves = uniqueMoves

        // 1. Reloads, ascending: a delete at the path, an insert at the path adjusted UIKit's way.
        var allDeletes = deletes
        var allInserts = inserts
        for reload in reloads.sorted(by: { $0.isBefore($1) }) {
            guard let insert = reloadInsert(reload, deletes: deletes, inserts: inserts) else {
                return .rejected("attempt to delete and reload the same index path (\(reload.path))", reload.operation)
            }
            allDeletes.append(reload)
            allInserts.append(insert)
        }
        allDeletes = merged(allDeletes)
        allInserts = merged(allInserts)

        if let (message, operation) = repeatedDelete { return .rejected(message, operation) }
        // 2. Deletes, descending.
        var fallback = false
        var deletedSections: [Int] = []
        var keptDeletes: [Item] = []
        for delete in allDeletes.sorted(by: { $1.isBefore($0) }) {
            if delete.row == nil {
                for move in moves where move.isSection && move.from.section == delete.section {
                    return .rejected(
                        "attempt to perform a delete and a move from the same section (\(delete.section))",
                        delete.operation)
                }
                for move in moves where !move.isSection && move.from.section == delete.section {
                    if view == .collection {
                        return .rejected(
                            "cannot move an item from a deleted section (\(delete.section))", delete.operation)
                    }
                    fallback = true
                }
                if delete.section >= before.count {
                    return .rejected(
                        "attempt to delete section \(delete.section), but there are only \(before.count) sections before the update",
                        delete.operation)
                }
                deletedSections.append(delete.section)
            } else {
                if deletedSections.contains(delete.section) { continue }
                for move in moves where !move.isSection && move.from.isSame(delete) {
                    return .rejected(
                        "attempt to perform a delete and a move from the same index path (\(delete.path))",
                        delete.operation)
                }
                if delete.section >= before.count {
                    return .rejected(
                        "attempt to delete \(row) \(delete.row!) from section \(delete.section), but there are only \(before.count) sections before the update",
                        delete.operation)
                }
                if delete.row! >= before[delete.section] {
                    return .rejected(
                        "attempt to delete \(row) \(delete.row!) from section \(delete.section) which only contains \(before[delete.section]) \(rows) before the update",
                        delete.operation)
                }
                keptDeletes.append(delete)
            }
        }

        if let (message, operation) = repeatedInsert { return .rejected(message, operation) }
        // 3. Inserts, ascending.
        var insertedSections: [Int] = []
        var keptInserts: [Item] = []
        for insert in allInserts.sorted(by: { $0.isBefore($1) }) {
            if insert.row == nil {
                for move in moves where move.isSection && move.to.section == insert.section {
                    return .rejected(
                        "attempt to perform an insert and a move to the same section (\(insert.section))",
                        insert.operation)
                }
                for move in moves where !move.isSection && move.to.section == insert.section {
                    if view == .collection {
                        return .rejected(
                            "cannot move an item into a newly inserted section (\(insert.section))", insert.operation)
                    }
                    fallback = true
                }
                if insert.section >= after.count {
                    return .rejected(
                        "attempt to insert section \(insert.section) but there are only \(after.count) sections after the update",
                        insert.operation)
                }
                insertedSections.append(insert.section)
                keptInserts.removeAll { $0.section == insert.section }
            } else {
                for move in moves where !move.isSection && move.to.isSame(insert) {
                    return .rejected(
                        "attempt to perform an insert and a move to the same index path (\(insert.path))",
                        insert.operation)
                }
                if insert.section >= after.count {
                    return .rejected(
                        "attempt to insert \(row) \(insert.row!) into section \(insert.section), but there are only \(after.count) sections after the update",
                        insert.operation)
                }
                if insert.row! >= after[insert.section] {
                    return .rejected(
                        "attempt to insert \(row) \(insert.row!) into section \(insert.section), but there are only \(after[insert.section]) \(rows) in section \(insert.section) after the update",
                        insert.operation)
                }
                keptInserts.append(insert)
            }
        }

        // 4. Moves, ascending by source; every pair compared (sources first, then destinations).
        var keptMoves: [Move] = []
        let sortedMoves = moves.sorted { $0.from.isSame($1.from) ? $0.to.isBefore($1.to) : $0.from.isBefore($1.from) }
        for move in sortedMoves {
            let from = move.from, to = move.to
            if move.isSection {
                if from.section >= before.count {
                    return .rejected(
                        "attempt to move section \(from.section), but there are only \(before.count) sections before the update",
                        from.operation)
                }
                if to.section >= after.count {
                    return .rejected(
                        "attempt to to move section \(from.section) to section \(to.section), but there are only \(after.count) sections after the update",
                        from.operation)
                }
            } else {
                if from.section >= before.count {
                    return .rejected(
                        "attempt to move index path (\(from.path)) from a section that does not exist - there are only \(before.count) sections before the update",
                        from.operation)
                }
                if from.row! >= before[from.section] {
                    return .rejected(
                        "attempt to move index path (\(from.path)) that does not exist - there are only \(before[from.section]) \(rows) in section \(from.section) before the update",
                        from.operation)
                }
                if to.section >= after.count {
                    return .rejected(
                        "attempt to move index path (\(from.path)) to index path (\(to.path)) in section that does not exist - there are only \(after.count) sections after the update",
                        from.operation)
                }
                if to.row! >= after[to.section] {
                    return .rejected(
                        "attempt to move index path (\(from.path)) to index path (\(to.path)) that does not exist - there are only \(after[to.section]) \(rows) in section \(to.section) after the update",
                        from.operation)
                }
            }
            for earlier in keptMoves where earlier.isSection == move.isSection && earlier.from.isSame(from) {
                return .rejected(
                    move.isSection
                        ? "attempt to move section \(from.section) to both section \(earlier.to.section) and section \(to.section)"
                        : "attempt to move \(row) at index path \(from.path) to both \(earlier.to.path) and \(to.path)",
                    from.operation)
            }
            for earlier in keptMoves where earlier.isSection == move.isSection && earlier.to.isSame(to) {
                return .rejected(
                    move.isSection
                        ? "attempt to move both section \(earlier.from.section) and section \(from.section) to section \(to.section)"
                        : "attempt to move both \(row) at index path \(earlier.from.path) and \(from.path) to \(to.path)",
                    from.operation)
            }
            keptMoves.append(move)
        }

        // 5. The section count.
        if after.count != before.count + insertedSections.count - deletedSections.count {
            return .rejected(
                "Invalid update: invalid number of sections. The number of sections contained in the \(viewName) after the update (\(after.count)) must be equal to the number of sections contained in the \(viewName) before the update (\(before.count)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted).",
                nil)
        }
        if fallback { return .accepted(fallback: true) }

        // 6. Row counts per new section, with the old section each comes from.
        var oldOfNew: [Int?] = []
        var nextOld = 0
        for new in 0..<after.count {
            if insertedSections.contains(new) {
                oldOfNew.append(nil)
            } else if let move = keptMoves.first(where: { $0.isSection && $0.to.section == new }) {
                oldOfNew.append(move.from.section)
            } else {
                while deletedSections.contains(nextOld)
                    || keptMoves.contains(where: { $0.isSection && $0.from.section == nextOld })
                {
                    nextOld += 1
                }
                oldOfNew.append(nextOld)
                nextOld += 1
            }
        }
        /// The new index of old section `old`.
        func newOf(_ old: Int) -> Int? { oldOfNew.firstIndex(of: old) }
        for new in 0..<after.count {
            guard let old = oldOfNew[new] else { continue }
            let inserted = keptInserts.filter { $0.section == new }.count
            let deleted = keptDeletes.filter { $0.section == old }.count
            let movedIn = keptMoves.filter { !$0.isSection && $0.to.section == new && newOf($0.from.section) != new }
                .count
            let movedOut = keptMoves.filter { !$0.isSection && $0.from.section == old && newOf(old) != $0.to.section }
                .count
            if after[new] != before[old] + inserted - deleted + movedIn - movedOut {
                return .rejected(
                    "Invalid update: invalid number of \(rows) in section \(new). The number of \(rows) contained in an existing section after the update (\(after[new])) must be equal to the number of \(rows) contained in that section before the update (\(before[old])), plus or minus the number of \(rows) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(rows) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out).",
                    nil)
            }
        }
        return .accepted(fallback: false)
    }

    /// SPEC §5 rule 5: the first plain move, ascending by source (then destination), that cannot be
    /// carried out: a source missing from the rows before the update (`before`, the table view's
    /// counts), a source moved to two places, or a destination taken by two sources. Nil when every
    /// move can be carried out.
    static func uncarriable(_ before: [Int], _ edits: [Edit], view: ViewKind = .table) -> Outcome? {
        let row = view == .table ? "row" : "item"
        let rows = view == .table ? "rows" : "items"
        var moves: [Move] = []
        for (operation, edit) in edits.enumerated() {
            switch edit {
            case .moveRow(let f, let t):
                let move = Move(
                    from: Item(section: f.section, row: f.row, operation: operation),
                    to: Item(section: t.section, row: t.row, operation: operation))
                if !moves.contains(where: { $0.from.isSame(move.from) && $0.to.isSame(move.to) }) { moves.append(move) }
            case .moveSection(let f, let t):
                let move = Move(
                    from: Item(section: f, row: nil, operation: operation),
                    to: Item(section: t, row: nil, operation: operation))
                if !moves.contains(where: { $0.from.isSame(move.from) && $0.to.isSame(move.to) }) { moves.append(move) }
            default: break
            }
        }
        var kept: [Move] = []
        for move in moves.sorted(by: { $0.from.isSame($1.from) ? $0.to.isBefore($1.to) : $0.from.isBefore($1.from) }) {
            let from = move.from, to = move.to
            if move.isSection, from.section >= before.count {
                return .rejected(
                    "attempt to move section \(from.section), but there are only \(before.count) sections before the update",
                    from.operation)
            }
            if !move.isSection, from.section >= before.count {
                return .rejected(
                    "attempt to move index path (\(from.path)) from a section that does not exist - there are only \(before.count) sections before the update",
                    from.operation)
            }
            if !move.isSection, from.row! >= before[from.section] {
                return .rejected(
                    "attempt to move index path (\(from.path)) that does not exist - there are only \(before[from.section]) \(rows) in section \(from.section) before the update",
                    from.operation)
            }
            for earlier in kept where earlier.isSection == move.isSection && earlier.from.isSame(from) {
                return .rejected(
                    move.isSection
                        ? "attempt to move section \(from.section) to both section \(earlier.to.section) and section \(to.section)"
                        : "attempt to move \(row) at index path \(from.path) to both \(earlier.to.path) and \(to.path)",
                    from.operation)
            }
            for earlier in kept where earlier.isSection == move.isSection && earlier.to.isSame(to) {
                return .rejected(
                    move.isSection
                        ? "attempt to move both section \(earlier.from.section) and section \(from.section) to section \(to.section)"
                        : "attempt to move both \(row) at index path \(earlier.from.path) and \(from.path) to \(to.path)",
                    from.operation)
            }
            kept.append(move)
        }
        return nil
    }

    /// The data source after a batch of plain `edits`, "as meant", with the same lenient rules as the
    /// library documents, but placing each insert or move destination by inserting into a growing
    /// array: in ascending order, at `min(max(index, previous place + 1), count)`.
    static func arrange(_ old: [[String]], _ edits: [Edit]) -> [[String]] {
        /// Where a new section comes from.
        enum Origin { case old(Int), inserted }
        /// An insert or move destination with the index it wants.
        struct Entry { var index: Int; var isMove: Bool; var source: IndexPath; var value: Origin }
        /// True when `p` names a row of `old`.
        func exists(_ p: IndexPath) -> Bool { p.section < old.count && p.row < old[p.section].count }

        var movedSections: [Int] = []
        var sectionMoves: [(Int, Int)] = []
        var deletedSections: [Int] = []
        var insertedSections: [Int] = []
        var reloadedSections: [Int] = []
        var sectionRows: [Int: [String]] = [:]
        for edit in edits {
            switch edit {
            case .moveSection(let f, let t) where f < old.count && !movedSections.contains(f):
                movedSections.append(f)
                sectionMoves.append((f, t))
            case .insertSection(let s, _) where !insertedSections.contains(s):
                insertedSections.append(s)
            case .reloadSection(let s, let rows) where !reloadedSections.contains(s):
                reloadedSections.append(s)
                if let rows { sectionRows[s] = rows }
            default: break
            }
        }
        for edit in edits {
            if case .deleteSection(let s) = edit, s < old.count, !movedSections.contains(s),
                !deletedSections.contains(s)
            {
                deletedSections.append(s)
            }
        }
        var origins: [Origin] = (0..<old.count).filter { !deletedSections.contains($0) && !movedSections.contains($0) }
            .map { .old($0) }
        var sectionEntries = insertedSections.map {
            Entry(index: $0, isMove: false, source: IndexPath(section: 0, row: 0), value: .inserted)
        }
        sectionEntries += sectionMoves.map {
            Entry(index: $0.1, isMove: true, source: IndexPath(section: $0.0, row: 0), value: .old($0.0))
        }
        sectionEntries.sort {
            ($0.index, $0.isMove ? 1 : 0, $0.source.section) < ($1.index, $1.isMove ? 1 : 0, $1.source.section)
        }
        var previous = -1
        for entry in sectionEntries {
            let place = min(max(entry.index, previous + 1), origins.count)
            origins.insert(entry.value, at: place)
            previous = place
        }
        let newCount = origins.count

        var movedRows: [IndexPath] = []
        var rowMoves: [(IndexPath, IndexPath)] = []
        var deletedRows: [IndexPath] = []
        var reloadTexts: [IndexPath: String?] = [:]
        var rowInserts: [(IndexPath, String)] = []
        for edit in edits {
            if case .moveRow(let f, let t) = edit, exists(f), t.section < newCount, !movedRows.contains(f) {
                movedRows.append(f)
                rowMoves.append((f, t))
            }
        }
        for edit in edits {
            switch edit {
            case .deleteRow(let p) where exists(p) && !movedRows.contains(p):
                deletedRows.append(p)
            case .reloadRow(let p, let text) where reloadTexts.index(forKey: p) == nil:
                reloadTexts[p] = .some(text)
            case .insertRow(let p, let text) where !rowInserts.contains(where: { $0.0 == p }):
                rowInserts.append((p, text))
            default: break
            }
        }
        var result: [[String]] = []
        for (new, origin) in origins.enumerated() {
            var rows: [String] = []
            if case .old(let o) = origin {
                if let replaced = sectionRows[o] {
                    rows = replaced
                } else {
                    for r in old[o].indices {
                        let p = IndexPath(section: o, row: r)
                        if deletedRows.contains(p) || movedRows.contains(p) { continue }
                        if let text = reloadTexts[p], let newText = text {
                            rows.append(newText)
                        } else {
                            rows.append(old[o][r])
                        }
                    }
                }
            }
            var entries: [(index: Int, isMove: Bool, source: IndexPath, text: String)] = []
            for (p, text) in rowInserts where p.section == new { entries.append((p.row, false, p, text)) }
            for (f, t) in rowMoves where t.section == new { entries.append((t.row, true, f, old[f.section][f.row])) }
            entries.sort {
                ($0.index, $0.isMove ? 1 : 0, $0.source.section, $0.source.row) < (
                    $1.index, $1.isMove ? 1 : 0, $1.source.section, $1.source.row
                )
            }
            var previousRow = -1
            for entry in entries {
                let place = min(max(entry.index, previousRow + 1), rows.count)
                rows.insert(entry.text, at: place)
                previousRow = place
            }
            result.append(rows)
        }
        return result
    }

    /// The table view's cells after an accepted batch of `updates`, from the cells `before`, with the
    /// data source `after`: as UIKit keeps them, an inserted or reloaded row, and every row of an
    /// inserted or reloaded section, is fetched from `after`; a moved row carries its cell; every
    /// other cell keeps what it showed. Worked out by arranging labelled cells with `arrange`.
    static func cells(before: [[String]], updates: [Update], after: [[String]]) -> [[String]] {
        let fetched = "\u{2}"
        let reloadedSection = "\u{3}"
        let labelled = before.indices.map { s in before[s].indices.map { "\u{1}\(s),\($0)" } }
        // A reloaded row's cell is deleted and a fetched one inserted where rule 11 puts the insert.
        var deletes: [Item] = []
        var inserts: [Item] = []
        for update in updates {
            switch update {
            case .deleteRow(let p): deletes.append(Item(section: p.section, row: p.row, operation: 0))
            case .deleteSection(let s): deletes.append(Item(section: s, row: nil, operation: 0))
            case .insertRow(let p): inserts.append(Item(section: p.section, row: p.row, operation: 0))
            case .insertSection(let s): inserts.append(Item(section: s, row: nil, operation: 0))
            default: break
            }
        }
        let edits: [Edit] = updates.flatMap { update -> [Edit] in
            switch update {
            case .insertRow(let p): [.insertRow(p, fetched)]
            case .deleteRow(let p): [.deleteRow(p)]
            case .reloadRow(let p):
                if let insert = reloadInsert(
                    Item(section: p.section, row: p.row, operation: 0), deletes: merged(deletes),
                    inserts: merged(inserts)), let row = insert.row
                {
                    [.deleteRow(p), .insertRow(IndexPath(section: insert.section, row: row), fetched)]
                } else {
                    [.reloadRow(p, fetched)]
                }
            case .moveRow(let from, let to): [.moveRow(from: from, to: to)]
            case .insertSection(let s): [.insertSection(s, header: nil)]
            case .deleteSection(let s): [.deleteSection(s)]
            case .reloadSection(let s): [.reloadSection(s, rows: [reloadedSection])]
            case .moveSection(let from, let to): [.moveSection(from: from, to: to)]
            }
        }
        let inserted = Set(updates.compactMap { if case .insertSection(let s) = $0 { s } else { nil } })
        return arrange(labelled, edits).enumerated().map { n, rows in
            let fresh = n < after.count ? after[n] : []
            if inserted.contains(n) || rows.contains(reloadedSection) { return fresh }
            return rows.enumerated().map { r, cell in
                guard cell.hasPrefix("\u{1}") else { return r < fresh.count ? fresh[r] : cell }
                let numbers = cell.dropFirst().split(separator: ",").compactMap { Int($0) }
                return before[numbers[0]][numbers[1]]
            }
        }
    }
}
