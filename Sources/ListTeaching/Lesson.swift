import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// A run recorded step by step for the HTML lesson (`listdsl html`): one step per executed statement
/// (the statements inside `if`, loops, procedures and hooks each count; the `if` or loop itself does
/// not), each with what the table view and the data source hold after it, the calls it made, what it
/// printed, and the commit or rejection it caused.
///
/// Tables are stored as *frames*, each at most `rowsPerFrame` rows in at most `sectionsPerFrame`
/// sections; a step refers to its frames by index, and a frame equal to the previous one is not stored
/// again, so a loop that appends 10,000 rows records 10,000 steps but only as many frames as the drawn
/// part of the table changed. A frame lists its sections by index into `sections`, where a section drawn
/// the same as in the frame before is stored once. A step lists at most `callsPerStep` calls. The whole
/// recording stays under `byteLimit` (and the memory limit): past either, it stops recording as it does
/// past `stepLimit`, and says so.
public struct Lesson: Sendable {
    /// The most rows a frame draws; the step says how many there are in all.
    public static let rowsPerFrame = 200
    /// The most sections a frame draws; the step says how many there are in all.
    public static let sectionsPerFrame = 100
    /// The most running hooks and procedures a step lists, the innermost; it says how many more run.
    public static let framesPerStep = 16
    /// The most calls a step lists; the step says how many more there were.
    public static let callsPerStep = 64
    /// The most steps a lesson records; the run goes on, and the lesson says it stopped recording.
    public static let stepLimit = 20_000
    /// About the most bytes of text a lesson records (the page's data is about as large): a page much
    /// larger than this is more than a browser draws smoothly.
    public static let byteLimit = 32 << 20

    /// Why a lesson stopped recording before the run ended.
    public enum Truncation: Sendable, Equatable {
        /// It had `stepLimit` steps.
        case steps
        /// Its text passed `byteLimit`.
        case size
        /// The process, with the page still to write, would have passed the memory limit (`--limit memory`).
        case memory(used: Int, limit: Int)
    }

    /// A script that ran: its name and lines.
    public struct File: Sendable, Equatable {
        public var name: String
        public var lines: [String]
    }

    /// A table as drawn: its (first) sections, each with its titles and (the first) rows.
    public struct Frame: Sendable, Equatable {
        public struct Section: Sendable, Equatable {
            public var header: String?
            public var footer: String?
            public var indexTitle: String?
            public var rows: [String]
        }
        /// The drawn sections, as indexes into `Lesson.sections`.
        public var sections: [Int]
    }

    /// One call in the step's sequence diagram.
    public struct Call: Sendable, Equatable {
        /// Who calls: `user`, `app` (the app's own code: the data source and delegate objects calling
        /// table-view methods), `tableView`.
        public var from: Lane
        public var to: Lane
        /// The method as Swift writes it, with its arguments.
        public var text: String
        /// The answer, when the method returns one.
        public var answer: String?
        /// Whether the answer is UIKit's default (the app does not implement the method).
        public var isDefault: Bool
    }

    /// A lane of the sequence diagram.
    public enum Lane: String, Sendable {
        case user, tableView, dataSource, delegate
    }

    /// Text the step printed: output, a warning, an error, the out-of-sync line.
    public struct Output: Sendable, Equatable {
        public enum Kind: String, Sendable { case print, show, dump, warning, error, note, outOfSync }
        public var kind: Kind
        public var text: String
    }

    /// A commit, for its animation: where each row of the new table came from.
    public struct Commit: Sendable, Equatable {
        /// The frame of the table view before the commit.
        public var before: Int
        /// For each new section, for each drawn row: `kept`, `moved` or `reloaded` from an old path, or
        /// `inserted` (`nil` old path).
        public var rows: [[RowOrigin]]
        /// For each new section: its old index, or nil when inserted; and whether it was reloaded.
        public var sections: [SectionOrigin]
        /// UITableView ended the update with `reloadData`: no mapping, everything is reloaded.
        public var reloadData: Bool
    }

    /// A rejected batch: UIKit's exception, and the check that failed.
    public struct Rejection: Sendable, Equatable {
        /// `NSInternalInconsistencyException`, `NSRangeException`, or nil for ListDSL's own rule.
        public var exception: String?
        public var message: String
        /// For a count check: the formula with its numbers, e.g. `2 ≠ 3 + 0 − 0 + 0 − 0`.
        public var formula: String?
    }

    /// One executed statement and the state after it (step 0 is the start, before any statement).
    public struct Step: Sendable, Equatable {
        /// The file (index into `files`) and the 1-based lines and columns of the statement.
        public var file: Int
        public var line: Int
        public var column: Int
        public var endLine: Int
        public var endColumn: Int
        /// 0 at the top level, one more inside each procedure or hook call.
        public var depth: Int
        /// The statement's source.
        public var text: String
        /// False when an error ended the statement.
        public var completed: Bool
        /// The statement is still running: the step shows what it did before a statement inside it (a
        /// hook's or a procedure's) runs, so every step's calls happened while its statement was the
        /// one running.
        public var running = false
        /// The table view's cells (a frame index) and, when they differ, the data source's rows.
        public var tableView: Int
        public var dataSource: Int?
        /// When a frame leaves rows out: how many rows each section of the table view, then of the data
        /// source, has in all (empty when every row is drawn).
        public var rowCounts: [Int]
        public var dataRowCounts: [Int]
        /// When a frame leaves sections out: how many sections the table view, and the data source, have.
        public var sectionCount: Int?
        public var dataSectionCount: Int?
        public var grouped: Bool
        /// True when a UICollectionView is simulated (`view collection`).
        public var collection: Bool
        public var editing: Bool
        public var selected: IndexPath?
        /// The row swiped open and the buttons it shows.
        public var swiped: IndexPath?
        public var buttons: [String]
        /// In editing mode, for each drawn row: `delete`, `insert` or `none`, and `≡` when it can move.
        public var controls: [[String]]
        /// The table-view calls queued in the open batch.
        public var queued: [String]
        public var commit: Commit?
        public var rejection: Rejection?
        public var calls: [Call]
        /// How many calls the step made past `callsPerStep`, which it does not list.
        public var moreCalls: Int
        public var output: [Output]
        /// The hooks and procedures running, outermost first, with their local variables: the innermost
        /// `Lesson.framesPerStep`, after `moreFrames` outer ones not listed.
        package var frames: [StackFrame] = []
        package var moreFrames = 0
    }

    /// The lesson as the page reads it: the run's event stream (docs/events.md) with the page's states,
    /// one JSON object per line, written as the run goes by `JSONLinesRenderer` and the recorder (and
    /// complete once `LessonRecorder.finish()` has run).
    public var stream: String { String(decoding: streamBytes, as: UTF8.self) }
    /// `stream` as UTF-8, as it was written.
    public var streamBytes: [UInt8] = []
    public var files: [File] = []
    /// The drawn sections of every frame, each stored once per run of frames that draw it the same.
    public var sections: [Frame.Section] = []
    public var frames: [Frame] = []
    public var steps: [Step] = []
    /// Why the lesson stopped recording before the run ended; nil when it holds the whole run.
    public var truncation: Truncation?
    /// True when the lesson does not hold the whole run.
    public var truncated: Bool { truncation != nil }
    /// The first step an error ended (a crash), if any.
    public var crashStep: Int? { steps.firstIndex { !$0.completed } }

    /// The sections frame `index` draws.
    public func table(_ index: Int) -> [Frame.Section] {
        frames[index].sections.map { sections[$0] }
    }
}

/// Records a lesson from a session's events (`LessonRecorder.receive`). Create it, create the
/// interpreter with an I/O that sends every event here with `EventDetail.all`, then set `interpreter`.
public final class LessonRecorder {
    public private(set) var lesson = Lesson()
    /// The text it records before it stops (`Lesson.byteLimit`; the page's own runs record less, since the
    /// page reads the lesson on its one thread).
    public var byteLimit = Lesson.byteLimit
    /// The session being recorded; read at the end of each statement for the state after it.
    /// Strong (Embedded Swift has no weak references), and with the interpreter's I/O holding the recorder
    /// the two hold each other: `finish()` lets it go.
    public var interpreter: Interpreter? {
        didSet { if lesson.steps.isEmpty { recordStart() } }
    }

    /// Writes the run's events into `lesson.stream`, without tables (the states draw them as frames).
    private let renderer: JSONLinesRenderer
    /// The stream's lines so far; `finish()` hands them to `lesson.stream`.
    private let lines = LineBuffer()
    private var fileIndexes: [ObjectIdentifier: Int] = [:]
    private var lineIndexes: [ObjectIdentifier: LineIndex] = [:]
    private var calls: [Lesson.Call] = []
    /// The step's calls past `Lesson.callsPerStep`.
    private var moreCalls = 0
    /// About the bytes of text recorded so far (`Lesson.byteLimit`).
    private var recordedBytes = 0
    private var output: [Lesson.Output] = []
    private var queued: [String] = []
    /// For each queued call, the call and the statement that queued it.
    private var queuedBy: [(call: TableViewCall, by: StatementEvent)] = []
    private var commit: Lesson.Commit?
    private var rejection: Lesson.Rejection?
    /// Why a hook failed while the recorder asked the step's editing controls.
    private var controlsProblem: String?
    /// Set while the recorder itself asks the app's hooks (editing controls): their events are not the run's.
    private var isAsking = false
    /// The statements running, outermost first (compound ones included).
    private var running: [StatementEvent] = []
    private let diagnostics = DiagnosticRenderer(color: false)

    public init() {
        let lines = self.lines
        renderer = JSONLinesRenderer(writeLine: { lines.add($0) })
        renderer.tables = false
        renderer.sectionOriginLimit = Lesson.sectionsPerFrame
        lines.bytes = Array(JSONLinesRenderer.header(trace: false, states: true).utf8)
    }

    /// The stream's UTF-8, which the renderer and the recorder append lines to.
    private final class LineBuffer {
        var bytes: [UInt8] = []

        /// Appends a line and its newline.
        func add(_ line: [UInt8]) {
            bytes += line
            bytes.append(0x0A)
        }
    }

    /// Counts the stream's bytes (`Lesson.byteLimit`).
    private func flush() {
        recordedBytes = lines.bytes.count
    }

    /// Writes one line of the recorder's own (a state, a frame, a file) into the stream.
    private func writeLine(_ body: (inout JSONWriter) -> Void) {
        var w = JSONWriter()
        w.beginObject()
        body(&w)
        w.endObject()
        lines.add(w.bytes)
        flush()
    }

    /// Writes `event` into the stream, unless the recording stopped; `extra` adds keys of the page's.
    private func write(_ event: Event, extra: (inout JSONWriter) -> Void = { _ in }) {
        guard lesson.truncation == nil else { return }
        renderer.render(event, extra: extra)
        flush()
    }

    /// Takes one event of the run.
    public func receive(_ event: Event) {
        // Once the recording stopped, the run goes on without it: nothing more is kept or written (a
        // million-iteration loop past the step limit took minutes and gigabytes building frames no one reads).
        if isAsking { return }
        if lesson.truncation != nil {
            // But for the error that ended the run, which the page shows after the steps it holds.
            if case .diagnostic(let d) = event, d.severity == .error {
                renderer.render(event)
                flush()
            }
            return
        }
        switch event {
        case .statementStarted(let s):
            // What happened since the last step happened while the innermost running statement ran: it
            // gets a step of its own, running, before a statement inside it starts.
            if let outer = running.last, !calls.isEmpty || moreCalls > 0 {
                record(outer, completed: true, running: true)
            }
            running.append(s)
            let gesture = s.depth == 0 && isGesture(s)
            write(event) { w in if gesture { w.member("gesture", true) } }
            if gesture {
                addCall(
                    Lesson.Call(from: .user, to: .tableView, text: s.file.text(s.range), answer: nil, isDefault: false))
            }
        case .statementEnded(let s, let completed):
            // The statement ending is the innermost running one (an error ends the ones inside it first).
            while let last = running.popLast(), !(last.file === s.file && last.range == s.range) {}
            write(event)
            if !s.isCompound { record(s, completed: completed) }
        case .hookAsked(let h):
            addCall(
                Lesson.Call(
                    from: .tableView, to: Self.lane(of: h.method), text: h.method + " " + h.arguments,
                    answer: h.answer, isDefault: h.isDefault), event)
        case .dataSourceAsked(let h):
            addCall(
                Lesson.Call(
                    from: .tableView, to: .dataSource,
                    text: h.arguments.isEmpty ? h.method : h.method + " " + h.arguments,
                    answer: h.answer, isDefault: false), event)
        case .tableViewCalled(let call):
            let depth = interpreter?.model.batchDepth ?? 0
            if call.call == .beginUpdates && depth <= 1 { clearQueue() }
            if depth > 0 && call.call != .beginUpdates && call.call != .endUpdates, let by = running.last {
                queued.append(call.text)
                queuedBy.append((call.call, by))
            }
            addCall(
                Lesson.Call(from: .dataSource, to: .tableView, text: call.text, answer: nil, isDefault: false), event)
        case .tableViewDid(let text, _, _):
            addCall(Lesson.Call(from: .tableView, to: .tableView, text: text, answer: nil, isDefault: false), event)
        case .committed(let c):
            clearQueue()
            // The recorder's I/O asks for every commit's tables (`EventDetail.all`).
            guard let before = c.before, let after = c.after else {
                write(event)
                break
            }
            let sections = Array(c.report.sectionOrigins(count: after.count).prefix(Lesson.sectionsPerFrame))
            let drawn = Self.drawnCounts(after)
            // Only the drawn rows' origins: the mapping of the first rows costs what they do, not the table.
            let origins =
                c.report.usedReloadFallback
                ? []
                : c.report.rowOrigins(sections: sections, rowCounts: drawn, oldRowCounts: before.map { $0.rows.count })
            let commit = Lesson.Commit(
                before: frame(before), rows: origins, sections: sections, reloadData: c.report.usedReloadFallback)
            self.commit = commit
            let pushed =
                c.report.usedReloadFallback ? [] : Self.pushedOut(c.report, before: before, after: after, origins)
            let countsBefore = Self.counts(before)
            let sectionCountBefore = Self.sectionCount(before)
            write(event) { w in
                w.member("frameBefore", commit.before)
                // As a state's `rowCounts` and `sectionCount`, for the table before the commit.
                if !countsBefore.isEmpty {
                    w.key("rowCountsBefore")
                    w.integers(countsBefore)
                }
                if let count = sectionCountBefore { w.member("sectionCountBefore", count) }
                // The drawn rows not kept at their own path: [section, row, oldSection, oldRow], the old
                // path null for a new row.
                w.key("frameRows")
                w.beginArray()
                for (s, section) in origins.enumerated() {
                    for (r, origin) in section.enumerated() {
                        let old: IndexPath?
                        switch origin {
                        case .inserted: old = nil
                        case .kept(let p) where p.section == s && p.row == r: continue
                        case .kept(let p), .moved(let p), .reloaded(let p): old = p
                        }
                        w.beginArray()
                        w.integer(s)
                        w.integer(r)
                        w.integer(old?.section)
                        w.integer(old?.row)
                        w.endArray()
                    }
                }
                w.endArray()
                // The drawn old rows that stayed but now lie past the drawn rows: [oldSection, oldRow,
                // section, row].
                w.key("frameLeft")
                w.array(pushed) { w, move in
                    w.integers([move.from.section, move.from.row, move.to.section, move.to.row])
                }
            }
        case .rejected(let r):
            rejection = Self.rejection(r)
            // The batch refused, as it was queued: the page shows it with the command at fault.
            write(event) { w in
                w.key("batch")
                writeQueue(&w)
            }
            if r.rolledBack { clearQueue() }
        case .restored:
            clearQueue()
            write(event)
        case .output(let o):
            output.append(Lesson.Output(kind: Lesson.Output.Kind(rawValue: o.kind.rawValue) ?? .print, text: o.text))
            write(event)
        case .shown(let shown):
            output.append(Lesson.Output(kind: .show, text: shown.plainText))
            write(event)
        case .outOfSync(let text):
            output.append(Lesson.Output(kind: .outOfSync, text: text))
            write(event)
        case .diagnostic(let d):
            let kind: Lesson.Output.Kind = d.severity == .error ? .error : d.severity == .warning ? .warning : .note
            output.append(Lesson.Output(kind: kind, text: diagnostics.render(d)))
            write(event)
            // The error that ends the run comes after its statement's end: it belongs to the last step.
            if lesson.steps.count > 1 && d.severity == .error && calls.isEmpty {
                lesson.steps[lesson.steps.count - 1].output += output
                output = []
            }
        case .traceSwitched:
            write(event)
        }
    }

    /// The drawn old rows a commit kept that now lie past the drawn rows (a row pushed down by inserts
    /// above it): without them a page would take such a row for deleted.
    private static func pushedOut(
        _ report: CommitReport, before: [Section], after: [Section], _ origins: [[RowOrigin]]
    ) -> [RowChange] {
        // Which drawn old rows a drawn new row comes from.
        let drawnBefore = drawnCounts(before)
        var used = drawnBefore.map { [Bool](repeating: false, count: $0) }
        var unused = drawnBefore.reduce(0, +)
        for section in origins {
            for origin in section {
                switch origin {
                case .inserted: break
                case .kept(let p), .moved(let p), .reloaded(let p):
                    if p.section < used.count && p.row < used[p.section].count && !used[p.section][p.row] {
                        used[p.section][p.row] = true
                        unused -= 1
                    }
                }
            }
        }
        guard unused > 0 else { return [] }
        var out: [RowChange] = []
        for (s, rows) in used.enumerated() {
            for (r, isUsed) in rows.enumerated() where !isUsed {
                let old = IndexPath(section: s, row: r)
                if let new = report.newPath(forOld: old, sectionCount: after.count) {
                    out.append(RowChange(from: old, to: new))
                }
            }
        }
        return out
    }

    /// Adds the script files that were parsed but not run (a syntax error), so the page shows them.
    public func addFile(_ file: SourceFile) { _ = fileIndex(file) }

    /// Ends the recording: what came after the last statement (the error that ended the run, a batch
    /// left open) joins the last step, and the interpreter is let go.
    public func finish() {
        defer {
            interpreter = nil
            lesson.streamBytes = lines.bytes
        }
        guard let lastStep = lesson.steps.indices.last else { return }
        lesson.steps[lastStep].output += output
        var step = lesson.steps[lastStep]
        for call in calls { append(call, to: &step.calls, more: &step.moreCalls) }
        step.moreCalls += moreCalls
        lesson.steps[lastStep] = step
        if let rejection { lesson.steps[lastStep].rejection = rejection }
        if lesson.truncation == nil {
            writeLine { w in
                w.member("event", "end")
                if moreCalls > 0 { w.member("moreCalls", moreCalls) }
            }
        }
        output = []
        calls = []
        moreCalls = 0
        rejection = nil
    }

    // MARK: - Steps

    /// Step 0: the empty table before the first statement.
    private func recordStart() {
        guard let interpreter else { return }
        let model = interpreter.model
        lesson.steps.append(
            Lesson.Step(
                file: 0, line: 0, column: 0, endLine: 0, endColumn: 0, depth: 0, text: "", completed: true,
                tableView: frame(model.tableView), dataSource: nil, rowCounts: Self.counts(model.tableView),
                dataRowCounts: [], sectionCount: Self.sectionCount(model.tableView), dataSectionCount: nil,
                grouped: model.style == .grouped, collection: model.view == .collection,
                editing: model.isEditing, selected: model.selection, swiped: nil, buttons: [], controls: [],
                queued: [], commit: nil, rejection: nil, calls: [], moreCalls: 0, output: []))
        writeState(lesson.steps[0], warning: nil)
    }

    private func clearQueue() {
        queued = []
        queuedBy = []
    }

    /// The open batch's calls: each `{"call": …}` with the position of the statement that queued it.
    private func writeQueue(_ w: inout JSONWriter) {
        w.beginArray()
        for (text, (call, by)) in zip(queued, queuedBy) {
            w.beginObject()
            w.member("call", text)
            JSONLinesRenderer.arguments(of: call, &w)
            let lines = lineIndex(by.file)
            let start = lines.location(of: by.range.lowerBound)
            let end = lines.location(of: by.range.upperBound)
            w.member("file", by.file.name)
            w.member("line", start.line)
            w.member("column", start.column)
            w.member("endLine", end.line)
            w.member("endColumn", end.column)
            w.endObject()
        }
        w.endArray()
    }

    /// Stops recording: the stream ends with a `truncated` line saying why and after how many steps.
    private func stop(_ why: Lesson.Truncation) {
        writeLine { w in
            w.member("event", "truncated")
            switch why {
            case .steps: w.member("reason", "steps")
            case .size: w.member("reason", "size")
            case .memory: w.member("reason", "memory")
            }
            w.member("steps", lesson.steps.count - 1)
        }
        lesson.truncation = why
        // The run goes on unrecorded: it stops asking for what only the recording needed (every commit's
        // tables would cost a copy of the table each, quadratic in a long loop).
        interpreter?.eventDetail = []
    }

    /// The `state` line of a step: what the page draws after it (docs/events.md, "States").
    private func writeState(_ step: Lesson.Step, warning: String?) {
        writeLine { w in
            w.member("event", "state")
            w.member("step", lesson.steps.count - 1)
            if step.running { w.member("running", true) }
            w.member("tableView", step.tableView)
            w.member("dataSource", step.dataSource)
            if !step.rowCounts.isEmpty {
                w.key("rowCounts")
                w.integers(step.rowCounts)
            }
            if !step.dataRowCounts.isEmpty {
                w.key("dataRowCounts")
                w.integers(step.dataRowCounts)
            }
            if let count = step.sectionCount { w.member("sectionCount", count) }
            if let count = step.dataSectionCount { w.member("dataSectionCount", count) }
            w.member("view", step.collection ? "collection" : "table")
            w.member("style", step.grouped ? "grouped" : "plain")
            w.member("editing", step.editing)
            w.key("selected")
            w.path(step.selected)
            w.key("swiped")
            w.path(step.swiped)
            w.key("buttons")
            w.strings(step.buttons)
            if step.editing {
                // For each drawn row: its editing control (`delete`, `insert`, `none`), and whether it shows
                // the reorder grip.
                w.key("editingStyles")
                w.array(step.controls) { w, row in w.strings(row.map { String($0.prefix { $0 != " " }) }) }
                w.key("movable")
                w.array(step.controls) { w, row in
                    w.beginArray()
                    for control in row { w.boolean(control.hasSuffix("≡")) }
                    w.endArray()
                }
            }
            w.key("queued")
            writeQueue(&w)
            if step.moreCalls > 0 { w.member("moreCalls", step.moreCalls) }
            if let warning { w.member("warning", warning) }
            if !step.frames.isEmpty {
                // The hooks and procedures running, outermost first, with their locals.
                if step.moreFrames > 0 { w.member("moreFrames", step.moreFrames) }
                w.key("frames")
                w.array(step.frames) { w, frame in
                    w.object { w in
                        w.member("name", frame.name)
                        if let method = frame.method { w.member("method", method) }
                        w.key("locals")
                        w.array(frame.locals) { w, local in
                            w.object { w in
                                w.member("name", local.name)
                                w.member("value", local.value)
                            }
                        }
                    }
                }
            }
        }
    }

    /// The step of the statement `s` just ended.
    private func record(_ s: StatementEvent, completed: Bool, running: Bool = false) {
        guard let interpreter, lesson.truncation == nil else { return }
        if lesson.steps.count > Lesson.stepLimit { return stop(.steps) }
        if recordedBytes > byteLimit { return stop(.size) }
        // The recording grows with every step, more than the run it records: it checks the memory limit
        // itself, as often as a step may have added a frame's worth.
        // Writing the page takes about three copies of the recorded text more: that counts too.
        if lesson.steps.count & 63 == 0, let used = interpreter.io.memoryInUse(),
            used &+ 3 &* recordedBytes > interpreter.options.limits.memoryBytes
        {
            return stop(.memory(used: used &+ 3 &* recordedBytes, limit: interpreter.options.limits.memoryBytes))
        }
        let model = interpreter.model
        let lines = lineIndex(s.file)
        let start = lines.location(of: s.range.lowerBound)
        let end = lines.location(of: s.range.upperBound)
        let table = model.tableView
        let inSync = model.isInSync
        controlsProblem = nil
        let controls = model.isEditing ? controls(interpreter, table) : []  // may set `controlsProblem`
        lesson.steps.append(
            Lesson.Step(
                file: fileIndex(s.file), line: start.line, column: start.column, endLine: end.line,
                endColumn: end.column, depth: s.depth, text: s.file.text(s.range), completed: completed,
                tableView: frame(table), dataSource: inSync ? nil : frame(model.dataSource),
                rowCounts: Self.counts(table), dataRowCounts: inSync ? [] : Self.counts(model.dataSource),
                sectionCount: Self.sectionCount(table),
                dataSectionCount: inSync ? nil : Self.sectionCount(model.dataSource),
                grouped: model.style == .grouped, collection: model.view == .collection, editing: model.isEditing,
                selected: model.selection,
                swiped: interpreter.swipedRow?.path, buttons: interpreter.swipedRow?.buttons ?? [],
                controls: controls, queued: queued, commit: commit,
                rejection: rejection, calls: calls, moreCalls: moreCalls, output: output))
        lesson.steps[lesson.steps.count - 1].running = running
        lesson.steps[lesson.steps.count - 1].frames = interpreter.callStack(innermost: Lesson.framesPerStep)
        lesson.steps[lesson.steps.count - 1].moreFrames = max(0, interpreter.callFrames.count - Lesson.framesPerStep)
        writeState(lesson.steps[lesson.steps.count - 1], warning: controlsProblem.map(Self.controlsWarning))
        calls = []
        moreCalls = 0
        output = []
        commit = nil
        rejection = nil
    }

    /// The editing controls of the drawn rows, as `show` draws them, asked of the app's hooks with the
    /// session restored afterwards (a hook with side effects changes nothing) and their events left out.
    private func controls(_ interpreter: Interpreter, _ table: [Section]) -> [[String]] {
        isAsking = true
        defer { isAsking = false }
        // A hook that loops is cut short: the controls of a step may cost at most this many steps.
        var controls: [[String]] = []
        interpreter.aside(steps: 100_000) { interpreter in controls = self.controls(of: interpreter, table) }
        return controls
    }

    private func controls(of interpreter: Interpreter, _ table: [Section]) -> [[String]] {
        var problem: String?
        let controls = Self.drawnCounts(table).enumerated().map { s, count in
            (0..<count).map { r -> String in
                let path = IndexPath(section: s, row: r)
                do throws(ScriptError) {
                    let control = try interpreter.editingControlKind(path)
                    return try interpreter.canReorder(path, at: SourceRange(0, 0)) ? control + " ≡" : control
                } catch {
                    switch error {
                    case .runtime(let d), .interrupted(let d): problem = problem ?? d.message
                    case .syntax(let ds): problem = problem ?? ds.first?.message
                    }
                    return "none"
                }
            }
        }
        // A row whose hooks failed is drawn without a control; the step's console says why.
        if let problem {
            controlsProblem = problem
            output.append(Lesson.Output(kind: .warning, text: Self.controlsWarning(problem)))
        }
        return controls
    }

    // MARK: - Parts

    /// The frame of `sections`, reusing the last one when it is equal; each drawn section is stored once
    /// while frames draw it the same (compared with the last frame's section at its index).
    private func frame(_ sections: [Section]) -> Int {
        let previous = lesson.frames.last?.sections ?? []
        var ids: [Int] = []
        for (s, (section, count)) in zip(sections, Self.drawnCounts(sections)).enumerated() {
            let drawn = Lesson.Frame.Section(
                header: section.header, footer: section.footer, indexTitle: section.indexTitle,
                rows: section.rows.texts(prefix: count))
            if s < previous.count, lesson.sections[previous[s]] == drawn {
                ids.append(previous[s])
            } else {
                lesson.sections.append(drawn)
                ids.append(lesson.sections.count - 1)
                writeLine { w in
                    w.member("event", "section")
                    w.member("id", lesson.sections.count - 1)
                    if let header = drawn.header { w.member("header", header) }
                    if let footer = drawn.footer { w.member("footer", footer) }
                    if let indexTitle = drawn.indexTitle { w.member("indexTitle", indexTitle) }
                    w.key("rows")
                    w.strings(drawn.rows)
                }
            }
        }
        let frame = Lesson.Frame(sections: ids)
        if let last = lesson.frames.indices.last, lesson.frames[last] == frame { return last }
        // A commit's before-frame is usually the previous step's.
        if lesson.frames.count >= 2, lesson.frames[lesson.frames.count - 2] == frame { return lesson.frames.count - 2 }
        lesson.frames.append(frame)
        writeLine { w in
            w.member("event", "frame")
            w.member("id", lesson.frames.count - 1)
            w.key("sections")
            w.integers(ids)
        }
        return lesson.frames.count - 1
    }

    /// Adds a call to the step's and writes its event, or counts it past `Lesson.callsPerStep`.
    private func addCall(_ call: Lesson.Call, _ event: Event? = nil) {
        if calls.count < Lesson.callsPerStep, let event { write(event) }
        append(call, to: &calls, more: &moreCalls)
    }

    private func append(_ call: Lesson.Call, to calls: inout [Lesson.Call], more: inout Int) {
        if calls.count < Lesson.callsPerStep {
            calls.append(call)
        } else {
            more &+= 1
        }
    }

    /// How many sections there are, when a frame of `sections` leaves some out; else nil.
    private static func sectionCount(_ sections: [Section]) -> Int? {
        sections.count > Lesson.sectionsPerFrame ? sections.count : nil
    }

    /// Each drawn section's number of rows, when a frame of `sections` leaves some rows out; else empty.
    private static func counts(_ sections: [Section]) -> [Int] {
        let counts = sections.prefix(Lesson.sectionsPerFrame).map { $0.rows.count }
        return counts.reduce(0, &+) > Lesson.rowsPerFrame ? counts : []
    }

    /// How many rows of each drawn section a frame draws (the frame's row budget).
    private static func drawnCounts(_ sections: [Section]) -> [Int] {
        var budget = Lesson.rowsPerFrame
        return sections.prefix(Lesson.sectionsPerFrame).map { section in
            let count = min(section.rows.count, budget)
            budget -= count
            return count
        }
    }

    private func fileIndex(_ file: SourceFile) -> Int {
        let key = ObjectIdentifier(file)
        if let index = fileIndexes[key] { return index }
        let lines = lineIndex(file).lines
        lesson.files.append(Lesson.File(name: file.name, lines: lines))
        writeLine { w in
            w.member("event", "file")
            w.member("name", file.name)
            w.key("lines")
            w.strings(lines)
        }
        fileIndexes[key] = lesson.files.count - 1
        return lesson.files.count - 1
    }

    private func lineIndex(_ file: SourceFile) -> LineIndex {
        let key = ObjectIdentifier(file)
        if let index = lineIndexes[key] { return index }
        let index = LineIndex(file)
        lineIndexes[key] = index
        return index
    }

    /// The console's line when a hook failed while the recorder asked the editing controls.
    private static func controlsWarning(_ problem: String) -> String {
        "warning: a hook failed while asking the editing controls: \(problem)\n"
    }

    /// Whether a top-level statement is a user's gesture (the diagram's user lane starts it): a gesture
    /// of the vocabulary, but `trace`, which switches the trace and is not done to the device.
    private func isGesture(_ s: StatementEvent) -> Bool {
        let word = String(s.file.text(s.range).prefix { $0.isLetter })
        return Self.gestures.contains(word)
    }

    /// The gestures' words, but `trace`.
    private static let gestures = Set(
        Vocabulary.entries.filter { $0.category == .gesture && $0.word != "trace" }.map { $0.word })

    /// Which object answers a hook: the data source, or the delegate, as the vocabulary says.
    static func lane(of method: String) -> Lesson.Lane {
        Vocabulary.object(answering: method) == .dataSource ? .dataSource : .delegate
    }

    /// A rejection as Xcode's console shows it, with the formula of a count check.
    static func rejection(_ r: RejectionEvent) -> Lesson.Rejection {
        Lesson.Rejection(exception: r.exception, message: r.message, formula: r.formula)
    }
}
