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
    let write: (String) -> Void
    /// Draws the `rendered` text of a diagnostic.
    let diagnostics = DiagnosticRenderer(color: false)
    /// The line index of each file seen, so a position costs O(log lines).
    private var lineIndexes: [ObjectIdentifier: LineIndex] = [:]

    /// Creates a renderer handing its lines to `write`.
    public init(write: @escaping (String) -> Void) {
        self.write = write
    }

    /// The first line of a stream: `{"event":"stream","version":1,"trace":false}`; `trace` says whether
    /// the run starts with the trace on (`--trace`).
    public static func header(trace: Bool) -> String {
        var w = JSONWriter()
        w.object { w in
            w.member("event", "stream")
            w.member("version", version)
            w.member("trace", trace)
        }
        return w.text + "\n"
    }

    /// Renders one event as one line.
    public func render(_ event: Event) {
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
            if let table = s.tableView {
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
        case .tableViewDid(let text, let table):
            w.member("event", "tableView")
            w.member("text", text)
            // What the table view shows after it (a drag moves a row before the app hears of it).
            w.key("table")
            if table.reduce(0, { $0 + $1.rows.count }) <= Self.tableRowLimit { w.table(table) } else { w.null() }
        case .committed(let c):
            w.member("event", "commit")
            addCommit(c, to: &w)
        case .rejected(let r):
            w.member("event", "rejected")
            w.member("kind", Self.name(r.kind))
            w.member("message", r.message)
            w.member("rolledBack", r.rolledBack)
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
            w.key("notes")
            w.array(d.notes) { w, note in
                w.object { w in
                    addPosition(note.file, note.range, to: &w)
                    w.member("message", note.message)
                }
            }
            w.member("rendered", diagnostics.render(d))
        }
        w.endObject()
        write(w.text + "\n")
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
        w.array(sections) { w, origin in Self.origin(origin, &w) }
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
        w.array(rows) { w, section in
            w.array(section) { w, origin in
                switch origin {
                case .inserted: w.null()
                case .kept(let p), .moved(let p), .reloaded(let p): w.path(p)
                }
            }
        }
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
