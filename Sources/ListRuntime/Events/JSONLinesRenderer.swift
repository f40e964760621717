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
        "{\"event\":\"stream\",\"version\":\(version),\"trace\":\(trace)}\n"
    }

    /// Renders one event as one line.
    public func render(_ event: Event) {
        var o = JSONObject()
        switch event {
        case .statementStarted(let s):
            o.add("event", "statement")
            addStatement(s, to: &o)
        case .statementEnded(let s, let completed):
            o.add("event", "statementEnd")
            addStatement(s, to: &o)
            o.addRaw("completed", completed ? "true" : "false")
            if let table = s.tableView {
                let small = table.reduce(0) { $0 + $1.rows.count } <= Self.tableRowLimit
                o.addRaw("table", small ? JSON.encode(table) : "null")
            }
        case .traceSwitched(let on):
            o.add("event", "trace")
            o.addRaw("on", on ? "true" : "false")
        case .restored(let s):
            o.add("event", "restored")
            addStatement(s, to: &o)
        case .hookAsked(let h):
            o.add("event", "hook")
            o.add("method", h.method)
            o.add("arguments", h.arguments)
            if let answer = h.answer { o.add("answer", answer) } else { o.addRaw("answer", "null") }
            o.addRaw("default", h.isDefault ? "true" : "false")
        case .dataSourceAsked(let h):
            o.add("event", "dataSource")
            o.add("method", h.method)
            o.add("arguments", h.arguments)
            o.add("answer", h.answer ?? "")
        case .tableViewCalled(let call):
            o.add("event", "call")
            o.add("call", call.text)
        case .tableViewDid(let text):
            o.add("event", "tableView")
            o.add("text", text)
        case .committed(let c):
            o.add("event", "commit")
            addCommit(c, to: &o)
        case .rejected(let r):
            o.add("event", "rejected")
            o.add("kind", Self.name(r.kind))
            o.add("message", r.message)
            o.addRaw("rolledBack", r.rolledBack ? "true" : "false")
        case .output(let out):
            o.add("event", "output")
            o.add("kind", out.kind.rawValue)
            o.add("text", out.text)
        case .shown(let shown):
            // Format version 1 carries `show` as its output, drawn without colour.
            o.add("event", "output")
            o.add("kind", OutputEvent.Kind.show.rawValue)
            o.add("text", shown.plainText)
        case .outOfSync(let message):
            o.add("event", "outOfSync")
            o.add("message", message)
        case .diagnostic(let d):
            o.add("event", "diagnostic")
            o.add("severity", d.severity.rawValue)
            addPosition(d.file, d.range, to: &o)
            o.add("message", d.message)
            if let hint = d.hint { o.add("hint", hint) }
            var notes: [String] = []
            for note in d.notes {
                var n = JSONObject()
                addPosition(note.file, note.range, to: &n)
                n.add("message", note.message)
                notes.append(n.json)
            }
            o.addRaw("notes", "[" + notes.joined(separator: ",") + "]")
            o.add("rendered", diagnostics.render(d))
        }
        write(o.json + "\n")
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

    private func addStatement(_ s: StatementEvent, to o: inout JSONObject) {
        addPosition(s.file, s.range, to: &o)
        o.addRaw("depth", String(s.depth))
        o.add("text", s.file.text(s.range))
        if s.isCompound { o.addRaw("compound", "true") }
    }

    /// `"file"`, `"line"`, `"column"`, `"endLine"`, `"endColumn"` (1-based; columns count characters).
    private func addPosition(_ file: SourceFile, _ range: SourceRange, to o: inout JSONObject) {
        let start = location(file, range.lowerBound)
        let end = location(file, range.upperBound)
        o.add("file", file.name)
        o.addRaw("line", String(start.line))
        o.addRaw("column", String(start.column))
        o.addRaw("endLine", String(end.line))
        o.addRaw("endColumn", String(end.column))
    }

    /// The line and column of `offset`, from the file's line index.
    private func location(_ file: SourceFile, _ offset: Int) -> SourceLocation {
        let key = ObjectIdentifier(file)
        if let index = lineIndexes[key] { return index.location(of: offset) }
        let index = LineIndex(file)
        lineIndexes[key] = index
        return index.location(of: offset)
    }

    private func addCommit(_ c: CommitEvent, to o: inout JSONObject) {
        let r = c.report
        o.addRaw("insertedRows", Self.paths(r.insertedRows))
        o.addRaw("deletedRows", Self.paths(r.deletedRows))
        o.addRaw("movedRows", Self.changes(r.movedRows))
        o.addRaw("reloadedRows", Self.changes(r.reloadedRows))
        o.addRaw("insertedSections", Self.integers(r.insertedSections))
        o.addRaw("deletedSections", Self.integers(r.deletedSections))
        o.addRaw(
            "movedSections",
            "[" + r.movedSections.map { "{\"from\":\($0.from),\"to\":\($0.to)}" }.joined(separator: ",") + "]")
        o.addRaw("reloadedSections", Self.integers(r.reloadedSections))
        o.addRaw("reloadData", r.usedReloadFallback ? "true" : "false")
        o.addRaw("warnings", JSON.strings(r.warnings))
        // The renderer asks for every commit's tables (`EventDetail.all`); without them the mapping is null.
        guard let before = c.before, let after = c.after else {
            for key in ["sections", "rows", "table"] { o.addRaw(key, "null") }
            return
        }
        let sections = r.sectionOrigins(count: after.count)
        o.addRaw("sections", "[" + sections.map(Self.origin).joined(separator: ",") + "]")
        let rowCount = before.reduce(0) { $0 + $1.rows.count } + after.reduce(0) { $0 + $1.rows.count }
        guard rowCount <= Self.tableRowLimit else {
            o.addRaw("rows", "null")
            o.addRaw("table", "null")
            return
        }
        // Where each row of each new section came from: [oldSection, oldRow], or null for a new row.
        let rows = r.rowOrigins(
            sections: sections, rowCounts: after.map { $0.rows.count }, oldRowCounts: before.map { $0.rows.count })
        let rowTexts = rows.map { section in
            "["
                + section.map { origin -> String in
                    switch origin {
                    case .inserted: "null"
                    case .kept(let p), .moved(let p), .reloaded(let p): "[\(p.section),\(p.row)]"
                    }
                }.joined(separator: ",") + "]"
        }
        o.addRaw("rows", "[" + rowTexts.joined(separator: ",") + "]")
        o.addRaw("table", JSON.encode(after))
    }

    /// A section's origin: `{"from":1,"how":"moved"}`, or `null` for an inserted section.
    package static func origin(_ origin: SectionOrigin) -> String {
        switch origin {
        case .inserted: "null"
        case .kept(let o): "{\"from\":\(o),\"how\":\"kept\"}"
        case .moved(let o): "{\"from\":\(o),\"how\":\"moved\"}"
        case .reloaded(let o): "{\"from\":\(o),\"how\":\"reloaded\"}"
        }
    }

    private static func integers(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ",") + "]"
    }

    private static func paths(_ paths: [IndexPath]) -> String {
        "[" + paths.map { "[\($0.section),\($0.row)]" }.joined(separator: ",") + "]"
    }

    private static func changes(_ changes: [RowChange]) -> String {
        "["
            + changes.map { "{\"from\":[\($0.from.section),\($0.from.row)],\"to\":[\($0.to.section),\($0.to.row)]}" }
            .joined(separator: ",") + "]"
    }
}
