import ListModel

/// Renders what one top-level statement did to the table view, for the REPL's change view and
/// `--changes`: a renderer of the event stream's commits.
///
/// Only the changed sections are shown. Each row carries a mark — `+` inserted, `-` deleted, `~` reloaded,
/// `→` moved — and its index path; a row whose path changed shows `old → new`, so a batch shows both the
/// old paths its deletes and reloads name and the new paths its inserts name. Deleted rows appear where
/// they were, with their old path.
///
/// A statement that was one commit is drawn from the commit's own old→new mapping (`CommitReport`), as
/// UITableView maps its cells. A statement that was several commits, or none (reset, reloadData, a drag,
/// a title), or a commit UIKit ended with reloadData, is drawn as the net change between the table
/// before and after, section by section: `+` and `-` only.
public enum ChangeRenderer {
    /// At most this many lines are printed; the rest is summarised (the whole table is one `show` away).
    public static let lineLimit = 400

    /// The display for a statement that took the table view from `before` to `after` through
    /// `commitCount` commits, the first of them `commit`; `dataSource` explains a statement that changed
    /// only the data source. Empty when there is nothing to show.
    public static func render(
        before: [Section], after: [Section], dataSource: [Section], commit: CommitEvent?, commitCount: Int,
        color: Bool
    ) -> String {
        if before == after {
            if commitCount == 0 && dataSource != after {
                return Style.dim.apply(
                    "table view unchanged; the data source now differs from it (reloadData re-reads it)", color) + "\n"
            }
            if commitCount == 0 { return "" }
        }
        let blocks: [SectionBlock]
        if commitCount == 1, let commit, !commit.report.usedReloadFallback, let commitBefore = commit.before,
            let commitAfter = commit.after, commitBefore == before, commitAfter == after
        {
            blocks = CommitBlocks(commit, before: commitBefore, after: commitAfter).blocks()
        } else {
            blocks = NetDiff(before: before, after: after).blocks()
        }
        return format(blocks, color: color)
    }

    // MARK: - Display model

    /// One line of a shown section.
    struct RowLine: Equatable {
        enum Mark: Equatable { case none, inserted, deleted, reloaded, moved }
        var mark: Mark
        /// The path before the statement (nil for an inserted row).
        var old: IndexPath?
        /// The path after it (nil for a deleted row).
        var new: IndexPath?
        var text: String
    }

    /// A shown section: its title line and rows.
    struct SectionBlock: Equatable {
        var title: String
        var rows: [RowLine]
    }

    /// Lays the blocks out: aligned path columns, long runs of unchanged rows collapsed, a line limit.
    static func format(_ blocks: [SectionBlock], color: Bool) -> String {
        var width = 0
        for block in blocks { for row in block.rows { width = max(width, pathColumn(row).count) } }
        var lines: [String] = []
        for block in blocks {
            lines.append(Style.bold.apply(block.title, color))
            if block.rows.isEmpty { lines.append("    " + Style.dim.apply("(no rows)", color)) }
            for item in collapse(block.rows) {
                switch item {
                case .row(let row):
                    let column = pathColumn(row)
                    let padded = column + String(repeating: " ", count: max(0, width - column.count))
                    lines.append(
                        "  " + markText(row.mark, color) + " " + Style.dim.apply(padded, color) + "  " + row.text)
                case .skipped(let n):
                    lines.append("    " + Style.dim.apply("… \(n) unchanged row\(n == 1 ? "" : "s")", color))
                }
            }
        }
        if lines.count > lineLimit {
            let hidden = lines.count - lineLimit
            lines.removeLast(hidden)
            lines.append(Style.dim.apply("… \(hidden) more line\(hidden == 1 ? "" : "s") (use 'show')", color))
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// A row to print, or a run of unchanged rows printed as a count.
    enum Item: Equatable {
        case row(RowLine)
        case skipped(Int)
    }

    /// Rows to print: every changed row with two rows of context either side; longer runs of unchanged
    /// rows become "… N unchanged rows". Sections of up to 12 rows are printed whole.
    static func collapse(_ rows: [RowLine]) -> [Item] {
        if rows.count <= 12 { return rows.map { .row($0) } }
        var keep = [Bool](repeating: false, count: rows.count)
        for (i, row) in rows.enumerated() where isChanged(row) {
            for j in max(0, i - 2)...min(rows.count - 1, i + 2) { keep[j] = true }
        }
        var items: [Item] = []
        var i = 0
        while i < rows.count {
            if keep[i] {
                items.append(.row(rows[i]))
                i += 1
                continue
            }
            var j = i
            while j < rows.count && !keep[j] { j += 1 }
            if j - i == 1 { items.append(.row(rows[i])) } else { items.append(.skipped(j - i)) }
            i = j
        }
        return items
    }

    /// Whether a row is worth showing: it has a mark or it moved to another path.
    static func isChanged(_ row: RowLine) -> Bool {
        row.mark != .none || row.old != row.new
    }

    /// `S:R`, or `S:R → S:R` when a row's path changed.
    static func pathColumn(_ row: RowLine) -> String {
        switch (row.old, row.new) {
        case (let old?, let new?) where old != new: return "\(text(old)) → \(text(new))"
        case (_, let new?): return text(new)
        case (let old?, nil): return text(old)
        case (nil, nil): return ""
        }
    }

    /// `S:R`, as the language writes an index path.
    static func text(_ path: IndexPath) -> String { "\(path.section):\(path.row)" }

    /// The mark in its colour.
    static func markText(_ mark: RowLine.Mark, _ color: Bool) -> String {
        switch mark {
        case .none: return " "
        case .inserted: return Style.green.apply("+", color)
        case .deleted: return Style.red.apply("-", color)
        case .reloaded: return Style.yellow.apply("~", color)
        case .moved: return Style.cyan.apply("→", color)
        }
    }

    /// `section N: header`, as `show` titles a section.
    static func sectionTitle(_ index: Int, _ section: Section?) -> String {
        var title = "section \(index)"
        if let header = section?.header { title += ": " + header }
        return title
    }
}

/// The change view of one commit, from the commit's mapping.
struct CommitBlocks {
    let report: CommitReport
    /// The table view before and after the commit.
    let before: [Section]
    let after: [Section]
    /// For each new section, where it came from.
    let sections: [SectionOrigin]
    /// For each new section, where each of its rows came from.
    let rows: [[RowOrigin]]

    init(_ commit: CommitEvent, before: [Section], after: [Section]) {
        report = commit.report
        self.before = before
        self.after = after
        sections = report.sectionOrigins(count: after.count)
        rows = report.rowOrigins(
            sections: sections, rowCounts: after.map(\.rows.count), oldRowCounts: before.map(\.rows.count))
    }

    /// The changed sections of the new table, then the deleted sections.
    func blocks() -> [ChangeRenderer.SectionBlock] {
        var deletedBySection: [Int: [Int]] = [:]
        for p in report.deletedRows { deletedBySection[p.section, default: []].append(p.row) }
        var movedOut = Set<Int>()
        for m in report.movedRows where m.from.section != m.to.section { movedOut.insert(m.from.section) }

        var blocks: [ChangeRenderer.SectionBlock] = []
        for (n, origin) in sections.enumerated() {
            let section = after[n]
            let title = ChangeRenderer.sectionTitle(n, section)
            let o: Int
            switch origin {
            case .inserted:
                blocks.append(.init(title: title + " (inserted)", rows: rowLines(n, section, .inserted)))
                continue
            case .reloaded(let from):
                let note = from == n ? " (reloaded)" : " (reloaded, was section \(from))"
                blocks.append(.init(title: title + note, rows: rowLines(n, section, .reloaded)))
                continue
            case .moved(let from), .kept(let from):
                o = from
            }
            var lines: [ChangeRenderer.RowLine] = []
            var changed = false
            // Deleted rows go back where they were: before the first row that stays and came after them.
            // The rows that stay are in their old order, so one pass merges the two.
            let deleted = deletedBySection[o] ?? []
            var nextDeleted = 0
            /// Adds the deleted rows that came before old row `limit`.
            func addDeleted(before limit: Int) {
                while nextDeleted < deleted.count && deleted[nextDeleted] < limit {
                    let row = deleted[nextDeleted]
                    let text = row >= 0 && row < before[o].rows.count ? before[o].rows[row] : ""
                    lines.append(.init(mark: .deleted, old: IndexPath(section: o, row: row), new: nil, text: text))
                    changed = true
                    nextDeleted += 1
                }
            }
            for (r, text) in section.rows.enumerated() where r < rows[n].count {
                let here = IndexPath(section: n, row: r)
                switch rows[n][r] {
                case .inserted:
                    lines.append(.init(mark: .inserted, old: nil, new: here, text: text))
                    changed = true
                case .moved(let from):
                    lines.append(.init(mark: .moved, old: from, new: here, text: text))
                    changed = true
                case .reloaded(let from):
                    if from.section == o { addDeleted(before: from.row) }
                    lines.append(.init(mark: .reloaded, old: from, new: here, text: text))
                    changed = true
                case .kept(let from):
                    addDeleted(before: from.row)
                    lines.append(.init(mark: .none, old: from, new: here, text: text))
                }
            }
            addDeleted(before: Int.max)
            if movedOut.contains(o) { changed = true }
            var note = ""
            if case .moved = origin {
                note = " (moved from \(o))"
                changed = true
            } else if o != n {
                note = " (was section \(o))"
            }
            if changed { blocks.append(.init(title: title + note, rows: lines)) }
        }
        for o in report.deletedSections where o >= 0 && o < before.count {
            let rows = before[o].rows.enumerated().map {
                ChangeRenderer.RowLine(
                    mark: .deleted, old: IndexPath(section: o, row: $0.offset), new: nil, text: $0.element)
            }
            blocks.append(.init(title: ChangeRenderer.sectionTitle(o, before[o]) + " (deleted)", rows: rows))
        }
        return blocks
    }

    /// Every row of new section `n`, each with `mark` and no old path.
    private func rowLines(_ n: Int, _ section: Section, _ mark: ChangeRenderer.RowLine.Mark)
        -> [ChangeRenderer.RowLine]
    {
        section.rows.enumerated().map { r, text in
            ChangeRenderer.RowLine(mark: mark, old: nil, new: IndexPath(section: n, row: r), text: text)
        }
    }
}

/// The net change between two tables, section by section at the same index: rows only in the new table
/// are `+`, rows only in the old one `-`.
struct NetDiff {
    let before: [Section]
    let after: [Section]

    /// Above this many row comparisons, a section's changed middle is shown as all deleted and all inserted.
    static let comparisonLimit = 1_000_000

    /// The sections that differ, then the sections that are gone.
    func blocks() -> [ChangeRenderer.SectionBlock] {
        var blocks: [ChangeRenderer.SectionBlock] = []
        for (n, section) in after.enumerated() {
            let title = ChangeRenderer.sectionTitle(n, section)
            guard n < before.count else {
                let rows = section.rows.enumerated().map {
                    ChangeRenderer.RowLine(
                        mark: .inserted, old: nil, new: IndexPath(section: n, row: $0.offset), text: $0.element)
                }
                blocks.append(.init(title: title + " (new)", rows: rows))
                continue
            }
            let old = before[n]
            if old == section { continue }
            var notes: [String] = []
            if old.header != section.header { notes.append("header changed") }
            if old.footer != section.footer { notes.append("footer: \(section.footer ?? "none")") }
            if old.indexTitle != section.indexTitle { notes.append("index title: \(section.indexTitle ?? "none")") }
            let note = notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
            blocks.append(.init(title: title + note, rows: NetDiff.rows(n, old.rows, section.rows)))
        }
        if before.count > after.count {
            for o in after.count..<before.count {
                let rows = before[o].rows.enumerated().map {
                    ChangeRenderer.RowLine(
                        mark: .deleted, old: IndexPath(section: o, row: $0.offset), new: nil, text: $0.element)
                }
                blocks.append(.init(title: ChangeRenderer.sectionTitle(o, before[o]) + " (removed)", rows: rows))
            }
        }
        return blocks
    }

    /// The rows of section `n` as a diff: the common start and end unchanged, the middle by longest common
    /// subsequence when it is small enough.
    static func rows(_ n: Int, _ old: [String], _ new: [String]) -> [ChangeRenderer.RowLine] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && TextEquality.same(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && TextEquality.same(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
        {
            suffix += 1
        }
        var lines: [ChangeRenderer.RowLine] = []
        /// An unchanged row, old row `o` at new row `r`.
        func same(_ o: Int, _ r: Int) {
            lines.append(
                .init(mark: .none, old: IndexPath(section: n, row: o), new: IndexPath(section: n, row: r), text: new[r])
            )
        }
        for i in 0..<prefix { same(i, i) }
        let oldMiddle = Array(old[prefix..<(old.count - suffix)])
        let newMiddle = Array(new[prefix..<(new.count - suffix)])
        for step in script(oldMiddle, newMiddle) {
            switch step {
            case .keep(let o, let r): same(prefix + o, prefix + r)
            case .delete(let o):
                lines.append(
                    .init(mark: .deleted, old: IndexPath(section: n, row: prefix + o), new: nil, text: oldMiddle[o]))
            case .insert(let r):
                lines.append(
                    .init(mark: .inserted, old: nil, new: IndexPath(section: n, row: prefix + r), text: newMiddle[r]))
            }
        }
        for i in 0..<suffix { same(old.count - suffix + i, new.count - suffix + i) }
        return lines
    }

    /// One step of an edit script.
    enum Step: Equatable {
        case keep(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    /// The edit script from `a` to `b` by longest common subsequence (deletions before insertions at each
    /// point); everything deleted then everything inserted when the tables are too big to compare.
    static func script(_ a: [String], _ b: [String]) -> [Step] {
        if a.isEmpty || b.isEmpty || a.count.multipliedReportingOverflow(by: b.count).partialValue > comparisonLimit
            || a.count > comparisonLimit || b.count > comparisonLimit
        {
            return a.indices.map { .delete($0) } + b.indices.map { .insert($0) }
        }
        // lcs[i][j]: length of the LCS of a[i...] and b[j...].
        let width = b.count + 1
        var lcs = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                lcs[i * width + j] =
                    TextEquality.same(a[i], b[j])
                    ? lcs[(i + 1) * width + j + 1] + 1 : max(lcs[(i + 1) * width + j], lcs[i * width + j + 1])
            }
        }
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count && j < b.count && TextEquality.same(a[i], b[j]) {
                steps.append(.keep(i, j))
                i += 1
                j += 1
            } else if j == b.count || (i < a.count && lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) {
                steps.append(.delete(i))
                i += 1
            } else {
                steps.append(.insert(j))
                j += 1
            }
        }
        return steps
    }
}

/// Collects what `ChangeRenderer` needs of the commits of the statement running, from the event
/// stream: how many there were, and the first (drawn from its own mapping when it is the only one).
/// It keeps no more than that, so a loop of a million commits costs it nothing per commit.
public final class ChangeCollector {
    /// The first commit since the last `clear` (nil when there was none, or `expect error` undid them).
    public private(set) var first: CommitEvent?
    /// How many commits there were since then.
    public private(set) var count = 0

    /// Creates an empty collector.
    public init() {}

    /// Takes the events it needs.
    public func receive(_ event: Event) {
        switch event {
        case .committed(let commit):
            if count == 0 { first = commit }
            count += 1
        case .restored: clear()
        default: break
        }
    }

    /// Forgets the commits (at the start of a statement).
    public func clear() {
        first = nil
        count = 0
    }
}

/// One top-level statement's change view: the tables before it, then the drawing of what it did.
public struct StatementChange {
    let tableBefore: [Section]
    let dataSourceBefore: [Section]
    let changes: ChangeCollector

    /// Notes the session's tables before a statement and clears `changes`, which the session's events reach.
    public init(_ interpreter: Interpreter, _ changes: ChangeCollector) {
        tableBefore = interpreter.model.tableView
        dataSourceBefore = interpreter.model.dataSource
        self.changes = changes
        changes.clear()
        interpreter.tablesOfNextCommit = true
    }

    /// What the statement did, drawn; empty when it changed nothing or left a batch open.
    public func render(_ interpreter: Interpreter) -> String {
        let model = interpreter.model
        guard model.batchDepth == 0, tableBefore != model.tableView || dataSourceBefore != model.dataSource else {
            return ""
        }
        return ChangeRenderer.render(
            before: tableBefore, after: model.tableView, dataSource: model.dataSource, commit: changes.first,
            commitCount: changes.count, color: interpreter.options.color)
    }
}
