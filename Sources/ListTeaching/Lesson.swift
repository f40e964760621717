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
    }

    public var files: [File] = []
    /// The drawn sections of every frame, each stored once per run of frames that draw it the same.
    public var sections: [Frame.Section] = []
    public var frames: [Frame] = []
    public var steps: [Step] = []
    /// Why the lesson stopped recording before the run ended; nil when it holds the whole run.
    public var truncation: Truncation?
    /// True when the lesson does not hold the whole run.
    public var truncated: Bool { truncation != nil }

    /// The sections frame `index` draws.
    public func table(_ index: Int) -> [Frame.Section] {
        frames[index].sections.map { sections[$0] }
    }
}

/// Records a lesson from a session's events (`LessonRecorder.receive`). Create it, create the
/// interpreter with an I/O that sends every event here with `EventDetail.all`, then set `interpreter`.
public final class LessonRecorder {
    public private(set) var lesson = Lesson()
    /// The session being recorded; read at the end of each statement for the state after it.
    /// Strong (Embedded Swift has no weak references), and with the interpreter's I/O holding the recorder
    /// the two hold each other: `finish()` lets it go.
    public var interpreter: Interpreter? {
        didSet { if lesson.steps.isEmpty { recordStart() } }
    }

    private var fileIndexes: [ObjectIdentifier: Int] = [:]
    private var lineIndexes: [ObjectIdentifier: LineIndex] = [:]
    private var calls: [Lesson.Call] = []
    /// The step's calls past `Lesson.callsPerStep`.
    private var moreCalls = 0
    /// About the bytes of text recorded so far (`Lesson.byteLimit`).
    private var recordedBytes = 0
    private var output: [Lesson.Output] = []
    private var queued: [String] = []
    private var commit: Lesson.Commit?
    private var rejection: Lesson.Rejection?
    /// Set while the recorder itself asks the app's hooks (editing controls): their events are not the run's.
    private var isAsking = false
    /// The statements running, outermost first (compound ones included).
    private var running: [StatementEvent] = []
    private let diagnostics = DiagnosticRenderer(color: false)

    public init() {}

    /// Takes one event of the run.
    public func receive(_ event: Event) {
        if isAsking { return }
        switch event {
        case .statementStarted(let s):
            // What happened since the last step happened while the innermost running statement ran: it
            // gets a step of its own, running, before a statement inside it starts.
            if let outer = running.last, !calls.isEmpty || moreCalls > 0 {
                record(outer, completed: true, running: true)
            }
            running.append(s)
            if s.depth == 0 && isGesture(s) {
                addCall(
                    Lesson.Call(from: .user, to: .tableView, text: s.file.text(s.range), answer: nil, isDefault: false))
            }
        case .statementEnded(let s, let completed):
            // The statement ending is the innermost running one (an error ends the ones inside it first).
            while let last = running.popLast(), !(last.file === s.file && last.range == s.range) {}
            if !s.isCompound { record(s, completed: completed) }
        case .hookAsked(let h):
            addCall(
                Lesson.Call(
                    from: .tableView, to: Self.lane(of: h.method), text: h.method + " " + h.arguments,
                    answer: h.answer, isDefault: h.isDefault))
        case .dataSourceAsked(let h):
            addCall(
                Lesson.Call(
                    from: .tableView, to: .dataSource,
                    text: h.arguments.isEmpty ? h.method : h.method + " " + h.arguments,
                    answer: h.answer, isDefault: false))
        case .tableViewCalled(let event):
            let depth = interpreter?.model.batchDepth ?? 0
            if event.call == .beginUpdates && depth <= 1 { queued = [] }
            if depth > 0 && event.call != .beginUpdates && event.call != .endUpdates { queued.append(event.text) }
            addCall(Lesson.Call(from: .dataSource, to: .tableView, text: event.text, answer: nil, isDefault: false))
        case .tableViewDid(let text, _):
            addCall(Lesson.Call(from: .tableView, to: .tableView, text: text, answer: nil, isDefault: false))
        case .committed(let c):
            queued = []
            // The recorder's I/O asks for every commit's tables (`EventDetail.all`).
            guard let before = c.before, let after = c.after else { break }
            commit = Lesson.Commit(
                before: frame(before),
                // Only the drawn rows' origins: the mapping of the first rows costs what they do, not the table.
                rows: c.report.usedReloadFallback
                    ? []
                    : c.report.rowOrigins(
                        sections: Array(c.report.sectionOrigins(count: after.count).prefix(Lesson.sectionsPerFrame)),
                        rowCounts: Self.drawnCounts(after), oldRowCounts: before.map { $0.rows.count }),
                sections: Array(c.report.sectionOrigins(count: after.count).prefix(Lesson.sectionsPerFrame)),
                reloadData: c.report.usedReloadFallback)
        case .rejected(let r):
            if r.rolledBack { queued = [] }
            rejection = Self.rejection(r)
        case .restored:
            queued = []
        case .output(let o):
            output.append(Lesson.Output(kind: Lesson.Output.Kind(rawValue: o.kind.rawValue) ?? .print, text: o.text))
        case .shown(let shown):
            output.append(Lesson.Output(kind: .show, text: shown.plainText))
        case .outOfSync(let text):
            output.append(Lesson.Output(kind: .outOfSync, text: text))
        case .diagnostic(let d):
            let kind: Lesson.Output.Kind = d.severity == .error ? .error : d.severity == .warning ? .warning : .note
            output.append(Lesson.Output(kind: kind, text: diagnostics.render(d)))
            // The error that ends the run comes after its statement's end: it belongs to the last step.
            if lesson.steps.count > 1 && d.severity == .error && calls.isEmpty {
                lesson.steps[lesson.steps.count - 1].output += output
                output = []
            }
        case .traceSwitched:
            break
        }
    }

    /// Adds the script files that were parsed but not run (a syntax error), so the page shows them.
    public func addFile(_ file: SourceFile) { _ = fileIndex(file) }

    /// Ends the recording: what came after the last statement (the error that ended the run, a batch
    /// left open) joins the last step, and the interpreter is let go.
    public func finish() {
        defer { interpreter = nil }
        guard let lastStep = lesson.steps.indices.last else { return }
        lesson.steps[lastStep].output += output
        var step = lesson.steps[lastStep]
        for call in calls { append(call, to: &step.calls, more: &step.moreCalls) }
        step.moreCalls += moreCalls
        lesson.steps[lastStep] = step
        if let rejection { lesson.steps[lastStep].rejection = rejection }
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
    }

    /// The step of the statement `s` just ended.
    private func record(_ s: StatementEvent, completed: Bool, running: Bool = false) {
        guard let interpreter, lesson.truncation == nil else { return }
        if lesson.steps.count > Lesson.stepLimit {
            lesson.truncation = .steps
            return
        }
        if recordedBytes > Lesson.byteLimit {
            lesson.truncation = .size
            return
        }
        // The recording grows with every step, more than the run it records: it checks the memory limit
        // itself, as often as a step may have added a frame's worth.
        // Writing the page takes about three copies of the recorded text more: that counts too.
        if lesson.steps.count & 63 == 0, let used = interpreter.io.memoryInUse(),
            used &+ 3 &* recordedBytes > interpreter.options.limits.memoryBytes
        {
            lesson.truncation = .memory(used: used &+ 3 &* recordedBytes, limit: interpreter.options.limits.memoryBytes)
            return
        }
        let model = interpreter.model
        let lines = lineIndex(s.file)
        let start = lines.location(of: s.range.lowerBound)
        let end = lines.location(of: s.range.upperBound)
        let table = model.tableView
        let inSync = model.isInSync
        let controls = model.isEditing ? controls(interpreter, table) : []  // may add a warning to `output`
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
        recordedBytes &+=
            300 &+ (s.range.upperBound &- s.range.lowerBound) &+ queued.reduce(0) { $0 &+ $1.utf8.count }
            &+ output.reduce(0) { $0 &+ $1.text.utf8.count } &+ controls.reduce(0) { $0 &+ 8 &* $1.count }
            &+ (commit.map { $0.rows.reduce(0) { $0 &+ 24 &* $1.count } &+ 32 &* $0.sections.count } ?? 0)
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
            output.append(
                Lesson.Output(
                    kind: .warning, text: "warning: a hook failed while asking the editing controls: \(problem)\n"))
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
                rows: Array(section.rows.prefix(count)))
            if s < previous.count, lesson.sections[previous[s]] == drawn {
                ids.append(previous[s])
            } else {
                lesson.sections.append(drawn)
                ids.append(lesson.sections.count - 1)
                recordedBytes &+=
                    64 &+ drawn.rows.reduce(0) { $0 &+ 4 &+ $1.utf8.count }
                    &+ (drawn.header?.utf8.count ?? 0) &+ (drawn.footer?.utf8.count ?? 0)
            }
        }
        let frame = Lesson.Frame(sections: ids)
        if let last = lesson.frames.indices.last, lesson.frames[last] == frame { return last }
        // A commit's before-frame is usually the previous step's.
        if lesson.frames.count >= 2, lesson.frames[lesson.frames.count - 2] == frame { return lesson.frames.count - 2 }
        lesson.frames.append(frame)
        recordedBytes &+= 8 &+ 8 &* ids.count
        return lesson.frames.count - 1
    }

    /// Adds a call to the step's, or counts it past `Lesson.callsPerStep`.
    private func addCall(_ call: Lesson.Call) {
        append(call, to: &calls, more: &moreCalls)
    }

    private func append(_ call: Lesson.Call, to calls: inout [Lesson.Call], more: inout Int) {
        if calls.count < Lesson.callsPerStep {
            calls.append(call)
            recordedBytes &+= 64 &+ call.text.utf8.count &+ (call.answer?.utf8.count ?? 0)
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
        let text = String(decoding: file.bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        lesson.files.append(Lesson.File(name: file.name, lines: lines))
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

    /// Whether a top-level statement is a user's gesture (the diagram's user lane starts it): a gesture
    /// of the vocabulary, but `trace`, which switches the trace and is not done to the device.
    private func isGesture(_ s: StatementEvent) -> Bool {
        let word = String(s.file.text(s.range).prefix { $0.isLetter })
        return word != "trace" && Vocabulary.entries.contains { $0.category == .gesture && $0.word == word }
    }

    /// Which object answers a hook: the data source, or the delegate, as the vocabulary says.
    static func lane(of method: String) -> Lesson.Lane {
        Vocabulary.object(answering: method) == .dataSource ? .dataSource : .delegate
    }

    /// A rejection as Xcode's console shows it, with the formula of a count check.
    static func rejection(_ r: RejectionEvent) -> Lesson.Rejection {
        switch r.kind {
        case .invalidUpdate:
            return Lesson.Rejection(
                exception: "NSInternalInconsistencyException", message: r.message,
                formula: r.uikit.flatMap { formula($0) })
        case .outOfBounds:
            return Lesson.Rejection(exception: "NSRangeException", message: r.message, formula: nil)
        case .usage:
            return Lesson.Rejection(exception: nil, message: r.message, formula: nil)
        }
    }

    /// The count check of an "Invalid update" text as a formula with its numbers, in the order UIKit
    /// prints them (after, before, then the inserted, deleted, moved-in and moved-out counts), in the
    /// view's words ("rows" or "items").
    static func formula(_ text: UIKitText, view: ViewKind = .table) -> String? {
        switch text {
        case .invalidRowCount(_, let a, let b, let i, let d, let m, let o):
            let expected = b &+ i &- d &+ m &- o
            return
                "\(view.items) after (\(a)) ≠ before (\(b)) + inserted (\(i)) − deleted (\(d)) + moved in (\(m)) − moved out (\(o)) = \(expected)"
        case .invalidSectionCount(let a, let b, let i, let d):
            return "sections after (\(a)) ≠ before (\(b)) + inserted (\(i)) − deleted (\(d)) = \(b &+ i &- d)"
        default:
            return nil
        }
    }
}
