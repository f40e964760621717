import ListFormats
import ListLanguage
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

    /// Consecutive rows of a shown section with one mark, whose old and new paths (where they have them)
    /// advance together: a whole inserted section, the unchanged rows before a change, or one row. A
    /// section of a million rows is a few runs, and only the rows that are printed become lines.
    struct RowRun {
        var mark: RowLine.Mark
        /// The first row's path before the statement (nil for inserted rows).
        var old: IndexPath?
        /// The first row's path after it (nil for deleted rows).
        var new: IndexPath?
        /// The rows' texts: a part of the section's rows, which it shares.
        var texts: Slice<Rows>

        /// A run of one row.
        init(_ line: RowLine) {
            self.init(mark: line.mark, old: line.old, new: line.new, text: line.text)
        }

        /// A run of one row with this text.
        init(mark: RowLine.Mark, old: IndexPath?, new: IndexPath?, text: String) {
            self.init(mark: mark, old: old, new: new, texts: Rows([text])[...])
        }

        init(mark: RowLine.Mark, old: IndexPath?, new: IndexPath?, texts: Slice<Rows>) {
            self.mark = mark
            self.old = old
            self.new = new
            self.texts = texts
        }

        var count: Int { texts.count }

        /// The run's row `i`.
        func line(_ i: Int) -> RowLine {
            RowLine(
                mark: mark, old: old.map { IndexPath(section: $0.section, row: $0.row + i) },
                new: new.map { IndexPath(section: $0.section, row: $0.row + i) }, text: texts[texts.startIndex + i])
        }

        /// Whether its rows are worth showing (all or none of them are: see `isChanged`).
        var isChanged: Bool { count > 0 && ChangeRenderer.isChanged(line(0)) }
    }

    /// A shown section: its title line and rows.
    struct SectionBlock {
        var title: String
        var rows: [RowRun]

        /// A section shown with these rows, each a run of its own.
        init(title: String, lines: [RowLine]) {
            self.init(title: title, rows: lines.map(RowRun.init))
        }

        init(title: String, rows: [RowRun]) {
            self.title = title
            self.rows = rows.filter { $0.count > 0 }
        }

        var rowCount: Int { rows.reduce(0) { $0 + $1.count } }
    }

    /// The lines of a display: the first `limit` are made, the rest only counted.
    struct Lines {
        let limit: Int
        private(set) var made: [String] = []
        private(set) var total = 0

        init(limit: Int) { self.limit = limit }

        /// Adds one line, made only when it will be printed.
        mutating func add(_ make: () -> String) {
            if made.count < limit { made.append(make()) }
            total += 1
        }

        /// Adds `count` lines, the `i`th made by `make(i)` when it will be printed.
        mutating func add(_ count: Int, _ make: (Int) -> String) {
            var i = 0
            while i < count && made.count < limit {
                made.append(make(i))
                i += 1
            }
            total += count
        }
    }

    /// Lays the blocks out: aligned path columns, long runs of unchanged rows collapsed, a line limit.
    static func format(_ blocks: [SectionBlock], color: Bool) -> String {
        var width = 0
        // A run's paths only grow along it, so its last row has its widest path column.
        for block in blocks {
            for run in block.rows { width = max(width, pathColumn(run.line(run.count - 1)).count) }
        }
        func rowText(_ row: RowLine) -> String {
            let column = pathColumn(row)
            let padded = column + String(repeating: " ", count: max(0, width - column.count))
            return "  " + markText(row.mark, color) + " " + Style.dim.apply(padded, color) + "  " + row.text
        }
        var lines = Lines(limit: lineLimit)
        for block in blocks {
            lines.add { Style.bold.apply(block.title, color) }
            if block.rows.isEmpty { lines.add { "    " + Style.dim.apply("(no rows)", color) } }
            collapse(block) { item in
                switch item {
                case .rows(let run, let from, let count):
                    lines.add(count) { rowText(run.line(from + $0)) }
                case .skipped(let n):
                    lines.add { "    " + Style.dim.apply("… \(n) unchanged row\(n == 1 ? "" : "s")", color) }
                }
            }
        }
        var out = lines.made
        if lines.total > lineLimit {
            let hidden = lines.total - lineLimit
            out.append(Style.dim.apply("… \(hidden) more line\(hidden == 1 ? "" : "s") (use 'show')", color))
        }
        return out.isEmpty ? "" : out.joined(separator: "\n") + "\n"
    }

    /// Rows to print, or a run of unchanged rows printed as a count.
    enum Item {
        /// Rows `from..<from + count` of a run.
        case rows(RowRun, from: Int, count: Int)
        case skipped(Int)
    }

    /// The rows of a block to print, in order: every changed row with two rows of context either side;
    /// longer stretches of unchanged rows become "… N unchanged rows" (one alone is printed). Sections of
    /// up to 12 rows are printed whole. It takes time in the block's runs, not its rows.
    static func collapse(_ block: SectionBlock, _ emit: (Item) -> Void) {
        let runs = block.rows
        if block.rowCount <= 12 {
            for run in runs { emit(.rows(run, from: 0, count: run.count)) }
            return
        }
        // For each run, the first changed row at or after it (flattened), if any.
        var nextChanged = [Int?](repeating: nil, count: runs.count)
        var flatStart = [Int](repeating: 0, count: runs.count)
        var total = 0
        for (i, run) in runs.enumerated() {
            flatStart[i] = total
            total += run.count
        }
        var following: Int?
        for i in runs.indices.reversed() {
            if runs[i].isChanged { following = flatStart[i] }
            nextChanged[i] = following
        }
        var lastChanged: Int?
        // The stretch of unchanged rows not printed yet: its length and its first row.
        var skipped = 0
        var firstSkipped: (run: RowRun, row: Int)?
        func flush() {
            if skipped == 1, let first = firstSkipped {
                emit(.rows(first.run, from: first.row, count: 1))
            } else if skipped > 1 {
                emit(.skipped(skipped))
            }
            skipped = 0
            firstSkipped = nil
        }
        for (i, run) in runs.enumerated() {
            let start = flatStart[i]
            let end = start + run.count
            if run.isChanged {
                flush()
                emit(.rows(run, from: 0, count: run.count))
                lastChanged = end - 1
                continue
            }
            let headEnd = lastChanged.map { min(end, max(start, $0 + 3)) } ?? start
            let tailStart = nextChanged[i].map { max(headEnd, min(end, $0 - 2)) } ?? end
            if headEnd > start {
                flush()
                emit(.rows(run, from: 0, count: headEnd - start))
            }
            if tailStart > headEnd {
                if skipped == 0 { firstSkipped = (run, headEnd - start) }
                skipped += tailStart - headEnd
            }
            if end > tailStart {
                flush()
                emit(.rows(run, from: tailStart - start, count: end - tailStart))
            }
        }
        flush()
    }

    /// Whether `path` comes `count` rows after `first` in its section (both nil: a run without such paths).
    static func follows(_ path: IndexPath?, _ first: IndexPath?, _ count: Int) -> Bool {
        switch (path, first) {
        case (nil, nil): true
        case (let path?, let first?): path.section == first.section && path.row == first.row + count
        default: false
        }
    }

    /// Whether a row is worth showing: it has a mark or it moved to another path.
    static func isChanged(_ row: RowLine) -> Bool {
        row.mark != .none || row.old != row.new
    }

    /// `S:R`, or `S:R → S:R` when a row's path changed.
    static func pathColumn(_ row: RowLine) -> String {
        switch (row.old, row.new) {
        case (let old?, let new?) where old != new: return "\(old.notation) → \(new.notation)"
        case (_, let new?): return new.notation
        case (let old?, nil): return old.notation
        case (nil, nil): return ""
        }
    }

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
    /// For each new section a row of which the commit touched, where each of its rows came from; the
    /// others kept every row where it was, and the view leaves them out without looking at their rows (a
    /// commit of one row in a table of a million costs what its section costs).
    let rows: [Int: [RowOriginRun]]
    /// The new sections that gained a row (inserted, moved or reloaded into them).
    let touchedNew: Set<Int>
    /// The old sections that lost a row (deleted, moved or reloaded out of them).
    let touchedOld: Set<Int>

    /// Whether rows join the run before them (`blocks()`); else each row is a run of its own.
    let joiningRuns: Bool

    /// The view of `commit`. `walkingEvery` walks the rows of every section, touched or not, and makes each
    /// row a run of its own, as the view did before it took time in the changes: the tests compare the two.
    init(_ commit: CommitEvent, before: [Section], after: [Section], walkingEvery: Bool = false) {
        joiningRuns = !walkingEvery
        report = commit.report
        self.before = before
        self.after = after
        sections = report.sectionOrigins(count: after.count)
        // (Closures, not key paths: Embedded Swift has no key paths.)
        touchedNew = Set(
            report.insertedRows.map { $0.section } + report.movedRows.map { $0.to.section }
                + report.reloadedRows.map { $0.to.section })
        touchedOld = Set(
            report.deletedRows.map { $0.section } + report.movedRows.map { $0.from.section }
                + report.reloadedRows.map { $0.from.section })
        var walked = walkingEvery ? Set(sections.indices) : touchedNew
        for (n, origin) in sections.enumerated() {
            switch origin {
            case .moved: walked.insert(n)
            case .kept(let from) where touchedOld.contains(from): walked.insert(n)
            default: break
            }
        }
        let rowCounts = after.map { $0.rows.count }
        let oldRowCounts = before.map { $0.rows.count }
        if walkingEvery {
            // The reference: every row its own origin, from the row-by-row walk.
            rows = report.rowOrigins(sections: sections, rowCounts: rowCounts, oldRowCounts: oldRowCounts, only: walked)
                .mapValues { $0.enumerated().map { RowOriginRun(row: $0.offset, origin: $0.element, count: 1) } }
        } else {
            rows = report.rowOriginRuns(sections: sections, rowCounts: rowCounts, oldRowCounts: oldRowCounts, only: walked)
        }
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
                blocks.append(.init(title: title + " (inserted)", rows: [wholeSection(n, section, .inserted)]))
                continue
            case .reloaded(let from):
                let note = from == n ? " (reloaded)" : " (reloaded, was section \(from))"
                blocks.append(.init(title: title + note, rows: [wholeSection(n, section, .reloaded)]))
                continue
            case .moved(let from), .kept(let from):
                o = from
            }
            // A section that kept every row where it was: no line of it is changed.
            guard let origins = rows[n] else { continue }
            // The rows as runs (`RowRun`): a row joins the run before it when it has its mark and both its
            // paths and its text follow on, so a section of 100,000 rows with one change is a few runs.
            var runs: [ChangeRenderer.RowRun] = []
            // The run being built: plain values until it ends, so a row that joins it copies nothing (a
            // section of 100,000 rows is walked row by row). `fromOld`: its texts are the old section's
            // (deleted rows).
            typealias Building = (
                mark: ChangeRenderer.RowLine.Mark, old: IndexPath?, new: IndexPath?, start: Int, count: Int,
                fromOld: Bool
            )
            var building: Building? = nil
            func endRun() {
                guard let run = building else { return }
                let texts = run.fromOld ? before[o].rows : section.rows
                runs.append(.init(mark: run.mark, old: run.old, new: run.new, texts: texts[run.start..<run.start + run.count]))
                building = nil
            }
            /// Adds `count` rows from `row` (one unless they are a run of kept rows).
            func add(
                _ mark: ChangeRenderer.RowLine.Mark, _ old: IndexPath?, _ new: IndexPath?, row: Int, count: Int = 1,
                fromOld: Bool
            ) {
                if joiningRuns, var run = building, run.mark == mark, run.fromOld == fromOld,
                    run.start + run.count == row, ChangeRenderer.follows(old, run.old, run.count),
                    ChangeRenderer.follows(new, run.new, run.count)
                {
                    run.count += count
                    building = run
                    return
                }
                endRun()
                building = (mark, old, new, row, count, fromOld)
            }
            var changed = false
            // Deleted rows go back where they were: before the first row that stays and came after them.
            // The rows that stay are in their old order, so one pass merges the two.
            let deleted = deletedBySection[o] ?? []
            var nextDeleted = 0
            /// Adds the deleted rows that came before old row `limit`.
            func addDeleted(before limit: Int) {
                while nextDeleted < deleted.count && deleted[nextDeleted] < limit {
                    // (A commit deletes only rows the old section has.)
                    let row = deleted[nextDeleted]
                    if row >= 0 && row < before[o].rows.count {
                        add(.deleted, IndexPath(section: o, row: row), nil, row: row, fromOld: true)
                    }
                    changed = true
                    nextDeleted += 1
                }
            }
            for run in origins where run.row < section.rows.count {
                let r = run.row
                let here = IndexPath(section: n, row: r)
                switch run.origin {
                case .inserted:
                    add(.inserted, nil, here, row: r, fromOld: false)
                    changed = true
                case .moved(let from):
                    add(.moved, from, here, row: r, fromOld: false)
                    changed = true
                case .reloaded(let from):
                    if from.section == o { addDeleted(before: from.row) }
                    add(.reloaded, from, here, row: r, fromOld: false)
                    changed = true
                case .kept(let from):
                    // No old row leaves inside a run, so the deleted rows before its first come first.
                    addDeleted(before: from.row)
                    add(.none, from, here, row: r, count: min(run.count, section.rows.count - r), fromOld: false)
                }
            }
            addDeleted(before: Int.max)
            endRun()
            if movedOut.contains(o) { changed = true }
            var note = ""
            if case .moved = origin {
                note = " (moved from \(o))"
                changed = true
            } else if o != n {
                note = " (was section \(o))"
            }
            if changed { blocks.append(.init(title: title + note, rows: runs)) }
        }
        for o in report.deletedSections where o >= 0 && o < before.count {
            let rows = ChangeRenderer.RowRun(
                mark: .deleted, old: IndexPath(section: o, row: 0), new: nil, texts: before[o].rows[...])
            blocks.append(.init(title: ChangeRenderer.sectionTitle(o, before[o]) + " (deleted)", rows: [rows]))
        }
        return blocks
    }

    /// Every row of new section `n`, with `mark` and no old path.
    private func wholeSection(_ n: Int, _ section: Section, _ mark: ChangeRenderer.RowLine.Mark)
        -> ChangeRenderer.RowRun
    {
        ChangeRenderer.RowRun(mark: mark, old: nil, new: IndexPath(section: n, row: 0), texts: section.rows[...])
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
                let rows = ChangeRenderer.RowRun(
                    mark: .inserted, old: nil, new: IndexPath(section: n, row: 0), texts: section.rows[...])
                blocks.append(.init(title: title + " (new)", rows: [rows]))
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
                let rows = ChangeRenderer.RowRun(
                    mark: .deleted, old: IndexPath(section: o, row: 0), new: nil, texts: before[o].rows[...])
                blocks.append(.init(title: ChangeRenderer.sectionTitle(o, before[o]) + " (removed)", rows: [rows]))
            }
        }
        return blocks
    }

    /// The rows of section `n` as a diff: the common start and end unchanged, the middle by longest common
    /// subsequence when it is small enough, else all deleted then all inserted.
    static func rows(_ n: Int, _ old: Rows, _ new: Rows) -> [ChangeRenderer.RowRun] {
        var prefix = 0
        while prefix < old.count && prefix < new.count && TextEquality.same(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix && suffix < new.count - prefix
            && TextEquality.same(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
        {
            suffix += 1
        }
        func path(_ row: Int) -> IndexPath { IndexPath(section: n, row: row) }
        var runs = [ChangeRenderer.RowRun(mark: .none, old: path(0), new: path(0), texts: new[0..<prefix])]
        let oldMiddle = old[prefix..<(old.count - suffix)]
        let newMiddle = new[prefix..<(new.count - suffix)]
        if isTooBig(oldMiddle.count, newMiddle.count) {
            runs.append(.init(mark: .deleted, old: path(prefix), new: nil, texts: oldMiddle))
            runs.append(.init(mark: .inserted, old: nil, new: path(prefix), texts: newMiddle))
        } else {
            for step in script(Array(oldMiddle), Array(newMiddle)) {
                switch step {
                case .keep(let o, let r):
                    runs.append(
                        .init(mark: .none, old: path(prefix + o), new: path(prefix + r), text: newMiddle[prefix + r])
                    )
                case .delete(let o):
                    runs.append(.init(mark: .deleted, old: path(prefix + o), new: nil, text: oldMiddle[prefix + o]))
                case .insert(let r):
                    runs.append(.init(mark: .inserted, old: nil, new: path(prefix + r), text: newMiddle[prefix + r]))
                }
            }
        }
        runs.append(
            .init(
                mark: .none, old: path(old.count - suffix), new: path(new.count - suffix),
                texts: new[(new.count - suffix)...]))
        return runs
    }

    /// Whether the middles are too big to compare row by row (or one is empty: nothing to compare).
    static func isTooBig(_ a: Int, _ b: Int) -> Bool {
        a == 0 || b == 0 || a > comparisonLimit || b > comparisonLimit
            || a.multipliedReportingOverflow(by: b).partialValue > comparisonLimit
            || a.multipliedReportingOverflow(by: b).overflow
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
        if isTooBig(a.count, b.count) { return a.indices.map { .delete($0) } + b.indices.map { .insert($0) } }
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
