import ListFormats
import ListLanguage
import ListModel

/// Renders the event stream as JSON lines: one object per event, one per line (`listdsl --events`).
///
/// Every object has an `"event"` key; the first line a run writes is `header()`, which carries the
/// format's `version`. The shape of each event is documented in docs/events.md.
public final class JSONLinesRenderer {
    /// The format's version; it changes when a key changes meaning or goes away (new keys may appear).
    public static let version = 1
    /// A commit carries its whole table and per-row mapping only up to this many rows (before and after
    /// together), so a run of a million edits writes a stream proportional to its length.
    public static let tableRowLimit = 1_000

    /// Receives each line, newline included.
    let write: ((String) -> Void)?
    /// Receives each line's UTF-8, without its newline, when the renderer was made with `writeLine`: no
    /// string is made for a line (a lesson's stream is bytes from end to end).
    let writeLine: (([UInt8]) -> Void)?
    /// Draws the `rendered` text of a diagnostic.
    let diagnostics = DiagnosticRenderer(color: false)
    /// The line index of each file seen, so a position costs O(log lines).
    private var lineIndexes: [ObjectIdentifier: LineIndex] = [:]
    /// Whether statement ends, the table view's own acts and commits carry their tables (`table`, and a
    /// commit's `rows`). A lesson's stream draws its tables as frames instead (docs/events.md, "States").
    public var tables = true
    /// The most sections a commit's `sections` lists (a lesson's stream lists the drawn ones).
    public var sectionOriginLimit = Int.max

    /// Creates a renderer handing its lines to `write`.
    public init(write: @escaping (String) -> Void) {
        self.write = write
        writeLine = nil
    }

    /// Creates a renderer handing each line's UTF-8, without its newline, to `writeLine`.
    package init(writeLine: @escaping ([UInt8]) -> Void) {
        write = nil
        self.writeLine = writeLine
    }

    /// The first line of a stream: `{"event":"stream","version":1,"trace":false}`; `trace` says whether
    /// the run starts with the trace on (`--trace`).
    /// A lesson's stream says `"states":true`: it carries the page's states (docs/events.md, "States").
    public static func header(trace: Bool, states: Bool = false) -> String {
        var w = JSONWriter()
        w.object { w in
            w.member("event", "stream")
            w.member("version", version)
            w.member("trace", trace)
            if states { w.member("states", true) }
        }
        return w.text + "\n"
    }

    /// Renders one event as one line.
    public func render(_ event: Event) { render(event, extra: { _ in }) }

    /// Renders one event as one line, with the keys `extra` adds before the object closes (a lesson's
    /// stream adds a commit's frames).
    package func render(_ event: Event, extra: (inout JSONWriter) -> Void) {
        var w = JSONWriter()
        w.beginObject()
        switch event {
        case .statementStarted(let s):
            w.member("event", "statement")
            addStatement(s, to: &w)
        case .statementEnded(let s, let completed):
            w.member("event", "statementEnd")
            addStatement(s, to: &w)
            w.member("completed", completed)
            if tables, let table = s.tableView {
                w.key("table")
                if table.reduce(0, { $0 + $1.rows.count }) <= Self.tableRowLimit { w.table(table) } else { w.null() }
            }
        case .traceSwitched(let on):
            w.member("event", "trace")
            w.member("on", on)
        case .restored(let s):
            w.member("event", "restored")
            addStatement(s, to: &w)
        case .hookAsked(let h):
            w.member("event", "hook")
            w.member("method", h.method)
            // Which object answers it: the data source or the delegate, as UIKit's protocols say.
            w.member("object", Vocabulary.object(answering: h.method) == .dataSource ? "dataSource" : "delegate")
            w.member("arguments", h.arguments)
            w.member("answer", h.answer)
            w.member("default", h.isDefault)
        case .dataSourceAsked(let h):
            w.member("event", "dataSource")
            w.member("method", h.method)
            w.member("arguments", h.arguments)
            w.member("answer", h.answer ?? "")
        case .tableViewCalled(let call):
            w.member("event", "call")
            w.member("call", call.text)
            Self.arguments(of: call.call, &w)
        case .tableViewDid(let text, let table, let moved):
            w.member("event", "tableView")
            w.member("text", text)
            if let moved {
                // The row a drag moved: its old path and its new one.
                w.key("from")
                w.path(moved.from)
                w.key("to")
                w.path(moved.to)
            }
            // What the table view shows after it (a drag moves a row before the app hears of it).
            if tables {
                w.key("table")
                if table.reduce(0, { $0 + $1.rows.count }) <= Self.tableRowLimit { w.table(table) } else { w.null() }
            }
        case .committed(let c):
            w.member("event", "commit")
            addCommit(c, to: &w)
        case .rejected(let r):
            w.member("event", "rejected")
            w.member("kind", Self.name(r.kind))
            w.member("message", r.message)
            w.member("rolledBack", r.rolledBack)
            w.member("exception", r.exception)
            if let formula = r.formula { w.member("formula", formula) }
            w.member("view", r.view.rawValue)
            // The command at fault, and what the diagnostic notes about it.
            addPosition(r.file, r.range, to: &w)
            addNotes(r.notes, to: &w)
        case .output(let out):
            w.member("event", "output")
            w.member("kind", out.kind.rawValue)
            w.member("text", out.text)
        case .shown(let shown):
            // Format version 1 carries `show` as its output, drawn without colour.
            w.member("event", "output")
            w.member("kind", OutputEvent.Kind.show.rawValue)
            w.member("text", shown.plainText)
        case .outOfSync(let message):
            w.member("event", "outOfSync")
            w.member("message", message)
        case .diagnostic(let d):
            w.member("event", "diagnostic")
            w.member("severity", d.severity.rawValue)
            addPosition(d.file, d.range, to: &w)
            w.member("message", d.message)
            if let hint = d.hint { w.member("hint", hint) }
            addNotes(d.notes, to: &w)
            w.member("rendered", diagnostics.render(d))
        }
        extra(&w)
        w.endObject()
        if let writeLine { writeLine(w.bytes) } else { write?(w.text + "\n") }
    }

    /// The JSON name of a rejection's kind.
    static func name(_ kind: UpdateError.Kind) -> String {
        switch kind {
        case .invalidUpdate: "invalidUpdate"
        case .outOfBounds: "outOfBounds"
        case .usage: "usage"
        }
    }

    // MARK: - Parts

    private func addNotes(_ notes: [Diagnostic.Note], to w: inout JSONWriter) {
        w.key("notes")
        w.array(notes) { w, note in
            w.object { w in
                addPosition(note.file, note.range, to: &w)
                w.member("message", note.message)
            }
        }
    }

    private func addStatement(_ s: StatementEvent, to w: inout JSONWriter) {
        addPosition(s.file, s.range, to: &w)
        w.member("depth", s.depth)
        w.member("text", s.file.text(s.range))
        if s.isCompound { w.member("compound", true) }
    }

    /// `"file"`, `"line"`, `"column"`, `"endLine"`, `"endColumn"` (1-based; columns count characters).
    private func addPosition(_ file: SourceFile, _ range: SourceRange, to w: inout JSONWriter) {
        let start = location(file, range.lowerBound)
        let end = location(file, range.upperBound)
        w.member("file", file.name)
        w.member("line", start.line)
        w.member("column", start.column)
        w.member("endLine", end.line)
        w.member("endColumn", end.column)
    }

    /// The line and column of `offset`, from the file's line index.
    private func location(_ file: SourceFile, _ offset: Int) -> SourceLocation {
        let key = ObjectIdentifier(file)
        if let index = lineIndexes[key] { return index.location(of: offset) }
        let index = LineIndex(file)
        lineIndexes[key] = index
        return index.location(of: offset)
    }

    private func addCommit(_ c: CommitEvent, to w: inout JSONWriter) {
        let r = c.report
        w.key("insertedRows")
        w.array(r.insertedRows) { w, path in w.path(path) }
        w.key("deletedRows")
        w.array(r.deletedRows) { w, path in w.path(path) }
        w.key("movedRows")
        Self.changes(r.movedRows, &w)
        w.key("reloadedRows")
        Self.changes(r.reloadedRows, &w)
        w.key("insertedSections")
        w.integers(r.insertedSections)
        w.key("deletedSections")
        w.integers(r.deletedSections)
        w.key("movedSections")
        w.array(r.movedSections) { w, move in
            w.object { w in
                w.member("from", move.from)
                w.member("to", move.to)
            }
        }
        w.key("reloadedSections")
        w.integers(r.reloadedSections)
        w.member("reloadData", r.usedReloadFallback)
        w.key("warnings")
        w.strings(r.warnings)
        // The renderer asks for every commit's tables (`EventDetail.all`); without them the mapping is null.
        guard let before = c.before, let after = c.after else {
            for key in ["sections", "rows", "table"] {
                w.key(key)
                w.null()
            }
            return
        }
        let sections = r.sectionOrigins(count: after.count)
        w.key("sections")
        w.array(Array(sections.prefix(sectionOriginLimit))) { w, origin in Self.origin(origin, &w) }
        guard tables else { return }
        let rowCount = before.reduce(0) { $0 + $1.rows.count } + after.reduce(0) { $0 + $1.rows.count }
        guard rowCount <= Self.tableRowLimit else {
            for key in ["rows", "table"] {
                w.key(key)
                w.null()
            }
            return
        }
        // Where each row of each new section came from: [oldSection, oldRow], or null for a new row.
        let rows = r.rowOrigins(
            sections: sections, rowCounts: after.map { $0.rows.count }, oldRowCounts: before.map { $0.rows.count })
        w.key("rows")
        Self.origins(rows, &w)
        w.key("table")
        w.table(after)
    }

    /// A section's origin: `{"from":1,"how":"moved"}`, or `null` for an inserted section.
    package static func origin(_ origin: SectionOrigin, _ w: inout JSONWriter) {
        let (from, how): (Int, String)
        switch origin {
        case .inserted: return w.null()
        case .kept(let o): (from, how) = (o, "kept")
        case .moved(let o): (from, how) = (o, "moved")
        case .reloaded(let o): (from, how) = (o, "reloaded")
        }
        w.object { w in
            w.member("from", from)
            w.member("how", how)
        }
    }

    /// A table-view call's name and arguments as keys: `"kind"` (the case: `deleteRows`, `moveRow`,
    /// `insertSections`, `beginUpdates`, …), and for an update its `"paths"` (rows) or `"sections"`, or
    /// `"from"` and `"to"` (a move: index paths, or section indexes), or `"path"` (a scroll).
    package static func arguments(of call: TableViewCall, _ w: inout JSONWriter) {
        func paths(_ kind: String, _ paths: [IndexPath]) {
            w.member("kind", kind)
            w.key("paths")
            w.array(paths) { w, path in w.path(path) }
        }
        func sections(_ kind: String, _ sections: [Int]) {
            w.member("kind", kind)
            w.key("sections")
            w.integers(sections)
        }
        switch call {
        case .insertRows(let p): paths("insertRows", p)
        case .deleteRows(let p): paths("deleteRows", p)
        case .reloadRows(let p): paths("reloadRows", p)
        case .reconfigureRows(let p): paths("reconfigureRows", p)
        case .moveRow(let from, let to):
            w.member("kind", "moveRow")
            w.key("from")
            w.path(from)
            w.key("to")
            w.path(to)
        case .insertSections(let s): sections("insertSections", s)
        case .deleteSections(let s): sections("deleteSections", s)
        case .reloadSections(let s): sections("reloadSections", s)
        case .moveSection(let from, let to):
            w.member("kind", "moveSection")
            w.member("from", from)
            w.member("to", to)
        case .beginUpdates: w.member("kind", "beginUpdates")
        case .endUpdates: w.member("kind", "endUpdates")
        case .reloadData: w.member("kind", "reloadData")
        case .setEditing(let on):
            w.member("kind", "setEditing")
            w.member("on", on)
        case .apply(let animated):
            w.member("kind", "apply")
            w.member("animatingDifferences", animated)
        case .applySnapshotUsingReloadData: w.member("kind", "applySnapshotUsingReloadData")
        case .performWithoutAnimation: w.member("kind", "performWithoutAnimation")
        case .performBatchUpdates: w.member("kind", "performBatchUpdates")
        case .scrollToRow(let path):
            w.member("kind", "scrollToRow")
            w.key("path")
            w.path(path)
        }
    }

    /// Row origins, section by section: each row's old path, or null for a new row.
    package static func origins(_ rows: [[RowOrigin]], _ w: inout JSONWriter) {
        w.array(rows) { w, section in
            w.array(section) { w, origin in
                switch origin {
                case .inserted: w.null()
                case .kept(let p), .moved(let p), .reloaded(let p): w.path(p)
                }
            }
        }
    }

    private static func changes(_ changes: [RowChange], _ w: inout JSONWriter) {
        w.array(changes) { w, change in
            w.object { w in
                w.key("from")
                w.path(change.from)
                w.key("to")
                w.path(change.to)
            }
        }
    }
}
