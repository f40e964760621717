/// The whole model: the data source, the table view's cached state, the batch in progress, and the
/// editing state. A value type: a copy is a snapshot.
///
/// A plain command edits both layers the way a correct app does, a `data` command only the data
/// source, a `table` command only the table view. Batches follow UITableView: "before"
/// counts are the table view's cached ones, "after" counts the data source's when the outermost
/// `end` commits, and a commit either passes all of UIKit's checks and leaves the table view showing
/// the data source, or changes nothing.
public struct TableModel: Sendable {
    /// The app's array of sections of rows.
    public private(set) var dataSource: [Section]
    /// What the table view last loaded (at reloadData, reset, a committed update, or a drag).
    /// While the two layers are known to be equal it *is* the data source, so a plain command
    /// edits one array, not two.
    public var tableView: [Section] { isKnownInSync ? dataSource : loadedTableView }
    /// The table view's own copy, kept only while it may differ from the data source
    /// (`isKnownInSync` false); empty otherwise.
    private var loadedTableView: [Section] = []
    public var isEditing: Bool = false
    public var style: TableStyle = .plain
    /// The class simulated: UITableView (the default) or UICollectionView, whose batch rules and texts differ.
    public var view: ViewKind = .table
    /// Classic texts (UIKit's "Invalid update: …" with its formula) or modern ones ("Invalid batch
    /// updates detected", for a count below what the updates imply, as iOS 15+ logs show).
    public var messages: MessageStyle = .classic
    /// The iOS whose texts and rules apply (`ios 12`): `IOSVersion.rules`.
    public var ios: IOSVersion = .current
    /// Whether UIKit's texts end with the view's description, as iOS 14 and later print them
    /// (`messages suffix on`).
    public var messagesSuffix = false
    /// Whether single commands applied in place describe their change in the returned report.
    /// A script runner that never looks at reports turns this off to save an allocation per command.
    public var reportsInPlaceChanges = true
    /// The selected row of the table view (single selection).
    public private(set) var selection: IndexPath?
    /// How many `begin`s are open.
    public private(set) var batchDepth: Int = 0

    /// The open batch's operations, in the order they were issued.
    private(set) var pendingOperations: [PendingOperation] = []
    /// True when the open batch has queued a plain command (so `data` commands may not join it).
    private var batchHasPlainCommands = false
    /// True when the open batch has seen a `data` command (so plain commands may not join it).
    private var batchHasDataCommands = false
    /// True when the table view is known to equal the data source, rows and titles, so a single
    /// plain command can be checked with its own section's count and applied in place, and
    /// `tableView` is the data source itself.
    private var isKnownInSync = true

    /// Creates a model whose data source and table view both hold `sections`.
    public init(sections: [Section] = []) {
        dataSource = sections
    }

    /// Number of operations queued in the open batch.
    public var pendingCount: Int { pendingOperations.count }

    /// True when the table view's rows and sections equal the data source's (O(1) when known, O(n)
    /// otherwise).
    public var isInSync: Bool {
        if isKnownInSync { return true }
        return tableView.count == dataSource.count
            && zip(tableView, dataSource).allSatisfy { $0.rows == $1.rows }
    }

    // MARK: Batches

    /// Opens a batch, or one more level of the open one.
    public mutating func begin() {
        if batchDepth < Int.max { batchDepth += 1 }
    }

    /// Closes one level. Returns nil for an inner `end`, the report when the outermost `end` commits.
    /// `end` with no open batch is a usage error.
    public mutating func end() throws(UpdateError) -> CommitReport? {
        guard batchDepth > 0 else { throw .usage(.endWithoutBegin) }
        if batchDepth > 1 {
            batchDepth -= 1
            return nil
        }
        let operations = pendingOperations
        abandonBatch()
        return try commit(operations)
    }

    /// Rolls the open batch back as a failed commit does: the table view as before `begin` (it does
    /// not change during a batch), the plain edits undone (they reach the data source only when the
    /// batch commits), the data edits kept, depth 0. No-op when no batch is open.
    public mutating func abandonBatch() {
        batchDepth = 0
        pendingOperations = []
        batchHasPlainCommands = false
        batchHasDataCommands = false
    }

    // MARK: Commands

    /// A plain command. Inside a batch it is queued (returns nil); outside it commits at once as its
    /// own batch.
    public mutating func perform(_ edit: Edit) throws(UpdateError) -> CommitReport? {
        if batchDepth == 0 && isKnownInSync, let report = performInPlace(edit) { return report }
        do { try Self.requireNoNegativeIndex(edit.update) } catch { throw failingBatch(error) }
        if batchDepth > 0 {
            guard !batchHasDataCommands else {
                throw failingBatch(
                    .usage(.plainAfterData))
            }
            pendingOperations.append(.plain(edit))
            batchHasPlainCommands = true
            return nil
        }
        return try commit([.plain(edit)])
    }

    /// A `table` command: tells only the table view. Queued inside a batch; outside, committed at once.
    public mutating func tell(_ update: Update) throws(UpdateError) -> CommitReport? {
        do { try Self.requireNoNegativeIndex(update) } catch { throw failingBatch(error) }
        if batchDepth > 0 {
            pendingOperations.append(.table(update))
            return nil
        }
        return try commit([.table(update)])
    }

    /// A `data` command: edits only the data source, at once, with NSMutableArray's semantics and
    /// words. Inside a batch that already has plain commands queued it is a usage error (and the
    /// batch is abandoned).
    public mutating func apply(_ edit: DataEdit) throws(UpdateError) {
        guard batchDepth == 0 || !batchHasPlainCommands else {
            throw failingBatch(
                .usage(.dataAfterPlain))
        }
        do {
            try Self.requireNoNegativeIndex(edit)
            // The table view keeps what the data source was: a copy, taken only when the two part.
            let before = isKnownInSync ? dataSource : nil
            try dataSource.apply(edit)
            if let before { keepTableView(before) }
        } catch {
            throw failingBatch(error)
        }
        if batchDepth > 0 { batchHasDataCommands = true }
    }

    /// Plain `append N VALUE…`: inserts at the end of section N in both layers (a one-operation
    /// batch). Inside a batch it is a usage error; a missing section fails as the data source's
    /// `NSMutableArray` would.
    public mutating func append(section: Int, rows: [String]) throws(UpdateError) -> CommitReport {
        guard batchDepth == 0 else {
            throw failingBatch(.usage(.notInsideBatch(command: "append", instead: nil)))
        }
        guard section >= 0 else { throw .usage(.negativeSection(section)) }
        guard section < dataSource.count else { throw .beyondBounds(index: section, count: dataSource.count) }
        let firstRow = dataSource[section].rows.count
        guard isKnownInSync else {
            let paths = rows.indices.map { IndexPath(section: section, row: firstRow + $0) }
            return try commit(zip(paths, rows).map { .plain(.insertRow($0, $1)) })
        }
        dataSource[section].rows.append(contentsOf: rows)
        guard reportsInPlaceChanges else { return CommitReport() }
        return CommitReport(insertedRows: rows.indices.map { IndexPath(section: section, row: firstRow + $0) })
    }

    /// `append` of one row, without an array to hold it.
    public mutating func append(section: Int, row: consuming String) throws(UpdateError) -> CommitReport {
        guard batchDepth == 0, section >= 0, section < dataSource.count, isKnownInSync else {
            return try append(section: section, rows: [row])  // which says what is wrong, or commits
        }
        let firstRow = dataSource[section].rows.count
        dataSource[section].rows.append(row)
        guard reportsInPlaceChanges else { return CommitReport() }
        return CommitReport(insertedRows: [IndexPath(section: section, row: firstRow)])
    }

    /// Plain `reset`: replaces the data source and reloads the table view; clears the selection.
    /// Inside a batch it is a usage error.
    public mutating func reset(_ sections: [Section]) throws(UpdateError) {
        guard batchDepth == 0 else {
            throw failingBatch(.usage(.notInsideBatch(command: "reset", instead: nil)))
        }
        dataSource = sections
        showDataSource()
        selection = nil
    }

    /// Everything the model holds between batches: what `save` writes and `load` puts back.
    public var state: ListState {
        ListState(
            dataSource: dataSource, tableView: tableView, isEditing: isEditing, style: style, view: view,
            messages: messages, ios: ios, messagesSuffix: messagesSuffix, selection: selection)
    }

    /// Whether `other` holds the same state (both layers, titles, modes and selection); cheap when the
    /// two share their arrays, as a copy does until one of them changes.
    public func holdsSameState(as other: TableModel) -> Bool {
        state == other.state
    }

    /// Puts a saved state in place (`load`), as `reset` puts a table: outside a batch only. The selection
    /// must name a row of the table view.
    public mutating func load(_ state: ListState) throws(UpdateError) {
        guard batchDepth == 0 else {
            throw failingBatch(.usage(.notInsideBatch(command: "load", instead: "end the batch first")))
        }
        if let selected = state.selection {
            try Self.requireRow(selected, in: state.tableView, of: "the table view")
        }
        dataSource = state.dataSource
        if state.tableView == state.dataSource { showDataSource() } else { keepTableView(state.tableView) }
        isEditing = state.isEditing
        style = state.style
        view = state.view
        messages = state.messages
        ios = state.ios
        messagesSuffix = state.messagesSuffix
        selection = state.selection
    }

    /// Fails, abandoning the open batch, when `command` is used inside a batch (`apply`, which performs
    /// a batch of its own); `instead` says what to do.
    public mutating func refuseInsideBatch(_ command: String, instead: String?) throws(UpdateError) {
        guard batchDepth == 0 else { throw failingBatch(.usage(.notInsideBatch(command: command, instead: instead))) }
    }

    /// The table view re-reads the data source; clears the selection. Inside a batch it is a usage
    /// error.
    public mutating func reloadData() throws(UpdateError) {
        guard batchDepth == 0 else {
            throw failingBatch(.usage(.notInsideBatch(command: "reloadData", instead: "end the batch first")))
        }
        showDataSource()
        selection = nil
    }

    /// Sets a section title in both layers (the data source's answer, which the table view shows at
    /// once). The section must exist in the data source.
    public mutating func setTitle(_ kind: TitleKind, section: Int, to title: String?) throws(UpdateError) {
        guard section >= 0 else { throw failingBatch(.usage(.negativeSection(section))) }
        guard section < dataSource.count else {
            throw failingBatch(
                .usage(.noSection(section, in: "the data source", count: dataSource.count))
            )
        }
        dataSource[section].setTitle(kind, to: title)
        if !isKnownInSync && section < loadedTableView.count { loadedTableView[section].setTitle(kind, to: title) }
    }

    // MARK: Selection and gestures

    /// Selects a row (UITableView single selection). It must name a row of the table view.
    public mutating func select(_ path: IndexPath) throws(UpdateError) {
        do { try Self.requireRow(path, in: tableView, of: "the table view") } catch { throw failingBatch(error) }
        selection = path
    }

    /// `scrollToRow(at:at:animated:)` (`scrollToItem` in a collection view): the view checks `path` against
    /// its own counts, not the data source's, and raises UIKit's text for a row or section it does not have
    /// (`UIKitText.scrollRowPastEnd`, `scrollSectionPastEnd`). Not inside a batch. Changes nothing.
    public mutating func checkScroll(to path: IndexPath) throws(UpdateError) {
        guard batchDepth == 0 else {
            throw failingBatch(.usage(.notInsideBatch(command: "scroll", instead: "scroll after 'end'")))
        }
        try Self.requireNoNegativeIndex(path)
        let sections = tableView.count
        let text: UIKitText
        if path.section >= sections {
            text = .scrollSectionPastEnd(path, sections: sections)
        } else if path.row >= tableView[path.section].rows.count {
            text = .scrollRowPastEnd(path, rows: tableView[path.section].rows.count)
        } else {
            return
        }
        throw worded(.invalidUpdate(text, in: view, operation: nil))
    }

    /// Clears the selection.
    public mutating func deselect() {
        selection = nil
    }

    /// The reorder gesture: the table view moves its own row (no validation beyond bounds; the data
    /// source is left alone, so the two layers differ until the app's `data move` catches up).
    /// Not allowed while a batch is open.
    public mutating func moveRowInTableView(from: IndexPath, to: IndexPath) throws(UpdateError) {
        guard batchDepth == 0 else {
            throw failingBatch(.usage(.tableMoveInsideBatch))
        }
        try Self.requireRow(from, in: tableView, of: "the table view")
        guard to.section >= 0, to.row >= 0 else { throw Self.negativeIndexError(to) }
        guard to.section < tableView.count else {
            throw .usage(.moveToMissingSection(from: from, to: to, sections: tableView.count))
        }
        let lastPlace = tableView[to.section].rows.count - (to.section == from.section ? 1 : 0)
        guard to.row <= lastPlace else {
            throw .usage(.moveBeyondRows(from: from, to: to, lastRow: lastPlace))
        }
        if isKnownInSync { keepTableView(dataSource) }
        let row = loadedTableView[from.section].rows.remove(at: from.row)
        loadedTableView[to.section].rows.insert(row, at: to.row)
        if let selected = selection {
            let move = CommitReport(movedRows: [RowChange(from: from, to: to)])
            selection = Self.selection(selected, after: move, in: loadedTableView)
        }
    }

    // MARK: Committing

    /// Commits `operations` as one batch: plain edits change the data source as meant, then UIKit's
    /// checks run with the table view's counts before and the data source's after. On success the
    /// table view shows the data source; on failure nothing changes.
    private mutating func commit(_ operations: [PendingOperation]) throws(UpdateError) -> CommitReport {
        if operations.isEmpty && isKnownInSync { return CommitReport() }
        let updates = operations.map { $0.update }
        let sorted = SortedOperations(updates)
        let hasPlainEdits = operations.contains { $0.isPlain }
        if hasPlainEdits && !sorted.moves.isEmpty {
            do {
                try BatchValidator.checkCarriable(
                    sorted, isPlain: { operations[$0].isPlain }, rowsBefore: tableView.map { $0.rows.count },
                    view: view)
            } catch {
                throw worded(error)
            }
        }
        let dataSourceAfter =
            hasPlainEdits ? PlainBatchArrangement.apply(sorted, pending: operations, to: dataSource) : dataSource
        let validator = BatchValidator(
            rowsBefore: tableView.map { $0.rows.count }, rowsAfter: dataSourceAfter.map { $0.rows.count }, view: view,
            ios: ios, modern: messages == .modern && ios.has(IOSVersion.modernText, in: view))
        var batch: ValidatedBatch
        do {
            batch = try validator.validate(sorted)
        } catch {
            var failure = worded(error)
            failure.rowsAfter = dataSourceAfter.map { $0.rows.count }
            throw failure
        }
        if operations.count > 1 {
            let merged = sorted.duplicateOperations()
            if !merged.isEmpty { batch.report.mergedOperations = merged }
        }
        if let selected = selection { selection = Self.selection(selected, after: batch.report, in: dataSourceAfter) }
        // A plain batch on a table view that shows its data source keeps the two equal by construction
        // (every cell it fetches or carries holds what the data source holds at its new index path),
        // unless it reloads among other operations: UIKit fetches a reloaded cell where rule 11 puts
        // the reload's insert, which ignores moves and may not be where the row's new content went.
        // Without moves and section operations the two places are the same: both are the row's place
        // among the rows that stay, shifted by the deletes and the inserts.
        let consistent =
            batch.report.usedReloadFallback
            || (isKnownInSync && operations.allSatisfy { $0.isPlain }
                && (operations.count == 1 || sorted.reloads.isEmpty
                    || (sorted.moves.isEmpty && !sorted.hasSectionOperations)))
        let cells = consistent ? nil : Self.cells(after: batch.report, before: tableView, dataSource: dataSourceAfter)
        dataSource = dataSourceAfter
        if let cells { keepTableView(cells) } else { showDataSource() }
        return batch.report
    }

    /// `error` with UIKit's text as the iOS simulated prints it (its spacing, clauses and suffix).
    private func worded(_ error: UpdateError) -> UpdateError {
        guard let text = error.uikit, ios != .current || messagesSuffix else { return error }
        var worded = error
        worded.message = text.worded(for: view, ios: ios, suffix: messagesSuffix)
        return worded
    }

    /// The table view's cells after a commit that `report` describes, as UIKit keeps them, or nil when
    /// they are the data source's: the rows of inserted and reloaded sections, and inserted and
    /// reloaded rows, are fetched from `dataSource` (`tableView(_:cellForRowAt:)`); a moved row's cell
    /// travels with its content; every other cell keeps what it shows at its new index path. Section
    /// titles are the data source's. Only the cells that differ from the data source are written: a
    /// section with none is the data source's, and one with some shares every chunk of the data source's
    /// rows but those that hold them, so the table view is the data source plus what differs.
    static func cells(after report: CommitReport, before: [Section], dataSource: [Section]) -> [Section]? {
        let origins = report.sectionOrigins(count: dataSource.count)
        let walk = RowOriginWalk(report, sections: origins, oldRowCounts: before.map { $0.rows.count })
        let beforeRows = before.map { $0.rows }
        var cells: [Section]?
        for n in dataSource.indices {
            // This section's rows as the cells show them, once one differs: the data source's chunks,
            // each chunk that holds a differing cell copied when the first one is written.
            var shown = Rows.DifferenceWriter(dataSource[n].rows)
            // The runs come in order of their rows, and the rows that kept their order come in order from
            // the section's old section: a cursor there keeps its chunk from one run to the next.
            let oldSection = origins[n].old ?? -1
            let old = oldSection >= 0 && oldSection < beforeRows.count ? beforeRows[oldSection] : Rows()
            var there = Rows.Cursor()
            var runs = walk.runs(ofSection: n, count: dataSource[n].rows.count)
            while let run = runs.next() {
                switch run.origin {
                case .kept(let from) where from.section == oldSection:
                    guard from.row >= 0 && from.row < old.count else { continue }
                    shown.write(
                        from: run.row, old, from.row, at: &there, count: Swift.min(run.count, old.count - from.row))
                case .kept(let from), .moved(let from):
                    guard
                        from.section >= 0 && from.section < beforeRows.count && from.row >= 0
                            && from.row < beforeRows[from.section].count
                    else { continue }
                    var cursor = Rows.Cursor()
                    let length = Swift.min(run.count, beforeRows[from.section].count - from.row)
                    shown.write(from: run.row, beforeRows[from.section], from.row, at: &cursor, count: length)
                case .inserted, .reloaded:
                    break
                }
            }
            if let rows = shown.finish() {
                if cells == nil { cells = dataSource }
                cells?[n].rows = rows
            }
        }
        return cells
    }

    /// The table view now shows the data source (after reset, reloadData or a commit).
    private mutating func showDataSource() {
        loadedTableView = []
        isKnownInSync = true
    }

    /// The table view keeps `sections` as its own copy, as the data source is about to differ.
    private mutating func keepTableView(_ sections: [Section]) {
        loadedTableView = sections
        isKnownInSync = false
    }

    /// A single plain command outside a batch on a table view known to be in sync: when it is valid,
    /// UIKit's checks reduce to its own sections' counts, which it keeps by construction, so it is
    /// applied to both layers in place, in O(rows of that section) for a row and O(sections) for a
    /// section, with the report and selection the full commit gives (a test compares the two): the
    /// selection is mapped through the report by the commit's own rule (`selection(_:after:in:)`).
    /// Returns nil when the command needs the full commit (or is invalid, negative indexes included).
    private mutating func performInPlace(_ edit: Edit) -> CommitReport? {
        switch edit {
        case .insertRow(let path, let text):
            guard Self.isIndex(path.section, below: dataSource.count),
                Self.isIndex(path.row, below: dataSource[path.section].rows.count + 1)
            else { return nil }
            dataSource[path.section].rows.insert(text, at: path.row)
            guard isReportRead else { return CommitReport() }
            return reportedInPlace(CommitReport(insertedRows: [path]))
        case .deleteRow(let path):
            guard Self.isIndex(path.section, below: dataSource.count),
                Self.isIndex(path.row, below: dataSource[path.section].rows.count)
            else { return nil }
            dataSource[path.section].rows.remove(at: path.row)
            guard isReportRead else { return CommitReport() }
            return reportedInPlace(CommitReport(deletedRows: [path]))
        case .reloadRow(let path, let text):
            guard Self.isIndex(path.section, below: dataSource.count),
                Self.isIndex(path.row, below: dataSource[path.section].rows.count)
            else { return nil }
            if let text {
                dataSource[path.section].rows[path.row] = text
            }
            return reportedInPlace(CommitReport(reloadedRows: [RowChange(from: path, to: path)]), always: true)
        case .moveRow(let from, let to):
            guard Self.isIndex(from.section, below: dataSource.count),
                Self.isIndex(from.row, below: dataSource[from.section].rows.count),
                Self.isIndex(to.section, below: dataSource.count),
                Self.isIndex(to.row, below: dataSource[to.section].rows.count + (to.section == from.section ? 0 : 1))
            else { return nil }
            let row = dataSource[from.section].rows.remove(at: from.row)
            dataSource[to.section].rows.insert(row, at: to.row)
            return reportedInPlace(CommitReport(movedRows: [RowChange(from: from, to: to)]), always: true)
        case .insertSection(let section, let header):
            guard Self.isIndex(section, below: dataSource.count + 1) else { return nil }
            dataSource.insert(Section(rows: [], header: header), at: section)
            guard isReportRead else { return CommitReport() }
            var report = CommitReport()
            report.insertedSections = [section]
            report.mapSections(from: dataSource.count - 1, to: dataSource.count)
            return reportedInPlace(report)
        case .deleteSection(let section):
            guard Self.isIndex(section, below: dataSource.count) else { return nil }
            dataSource.remove(at: section)
            guard isReportRead else { return CommitReport() }
            var report = CommitReport()
            report.deletedSections = [section]
            report.mapSections(from: dataSource.count + 1, to: dataSource.count)
            return reportedInPlace(report)
        case .moveSection(let from, let to):
            guard Self.isIndex(from, below: dataSource.count), Self.isIndex(to, below: dataSource.count) else {
                return nil
            }
            dataSource.insert(dataSource.remove(at: from), at: to)
            guard isReportRead else { return CommitReport() }
            var report = CommitReport()
            report.movedSections = [SectionChange(from: from, to: to)]
            report.mapSections(from: dataSource.count, to: dataSource.count)
            return reportedInPlace(report)
        case .reloadSection(let section, let rows):
            guard Self.isIndex(section, below: dataSource.count) else { return nil }
            if let rows { dataSource[section].rows = Rows(rows) }
            guard isReportRead else { return CommitReport() }
            var report = CommitReport()
            report.reloadedSections = [section]
            report.mapSections(from: dataSource.count, to: dataSource.count)
            return reportedInPlace(report)
        }
    }

    /// Whether anyone reads the report of a command done in place: the caller, or the selection, which
    /// is mapped through it.
    private var isReportRead: Bool { reportsInPlaceChanges || selection != nil }

    /// What a command done in place returns, `report`, once the selection has followed it; an empty
    /// report when the caller does not want one, unless `always`.
    @inline(__always)
    private mutating func reportedInPlace(_ report: consuming CommitReport, always: Bool = false) -> CommitReport {
        if let selected = selection { selection = Self.selection(selected, after: report, in: dataSource) }
        return reportsInPlaceChanges || always ? report : CommitReport()
    }

    /// Where the selected row `selected` is after a commit that `report` describes, which leaves
    /// `sections`: the commit's row mapping (`newPath(forOld:sectionCount:)`) when it names a row of
    /// them; nothing after the reload fallback, which ends with reloadData. The one rule for the full
    /// commit, a command done in place and the reorder gesture.
    static func selection(_ selected: IndexPath, after report: CommitReport, in sections: [Section]) -> IndexPath? {
        guard !report.usedReloadFallback,
            let path = report.newPath(forOld: selected, sectionCount: sections.count),
            rowExists(path, in: sections)
        else { return nil }
        return path
    }

    /// True when `index` is in `0..<count` (one unsigned comparison).
    private static func isIndex(_ index: Int, below count: Int) -> Bool {
        UInt(bitPattern: index) < UInt(bitPattern: count)
    }

    /// Abandons the open batch, if any, because a call inside it failed; returns `error`.
    private mutating func failingBatch(_ error: UpdateError) -> UpdateError {
        if batchDepth > 0 { abandonBatch() }
        return error
    }

    // MARK: Checking indexes

    /// Throws a usage error when an index path or section of `update` is negative.
    private static func requireNoNegativeIndex(_ update: Update) throws(UpdateError) {
        switch update {
        case .insertRow(let path), .deleteRow(let path), .reloadRow(let path):
            try requireNoNegativeIndex(path)
        case .moveRow(let from, let to):
            try requireNoNegativeIndex(from)
            try requireNoNegativeIndex(to)
        case .insertSection(let section), .deleteSection(let section), .reloadSection(let section):
            try requireNoNegativeIndex(section: section)
        case .moveSection(let from, let to):
            try requireNoNegativeIndex(section: from)
            try requireNoNegativeIndex(section: to)
        }
    }

    /// Throws a usage error when an index path or section of `edit` is negative.
    private static func requireNoNegativeIndex(_ edit: DataEdit) throws(UpdateError) {
        switch edit {
        case .insertRow(let path, _), .deleteRow(let path), .reloadRow(let path, _):
            try requireNoNegativeIndex(path)
        case .moveRow(let from, let to):
            try requireNoNegativeIndex(from)
            try requireNoNegativeIndex(to)
        case .insertSection(let section, _), .deleteSection(let section), .reloadSection(let section, _),
            .append(let section, _):
            try requireNoNegativeIndex(section: section)
        case .moveSection(let from, let to):
            try requireNoNegativeIndex(section: from)
            try requireNoNegativeIndex(section: to)
        case .reset:
            break
        }
    }

    /// Throws a usage error when `path` has a negative section or row.
    private static func requireNoNegativeIndex(_ path: IndexPath) throws(UpdateError) {
        if path.section < 0 || path.row < 0 { throw negativeIndexError(path) }
    }

    /// Throws a usage error when `section` is negative.
    private static func requireNoNegativeIndex(section: Int) throws(UpdateError) {
        if section < 0 { throw .usage(.negativeSection(section)) }
    }

    /// The usage error for an index path with a negative part.
    private static func negativeIndexError(_ path: IndexPath) -> UpdateError {
        .usage(.negativeIndexPath(path))
    }

    /// Throws a usage error unless `path` names a row of `sections`; `layer` names them in the message.
    private static func requireRow(_ path: IndexPath, in sections: [Section], of layer: String) throws(UpdateError) {
        try requireNoNegativeIndex(path)
        guard path.section < sections.count else {
            throw .usage(.noRow(path, in: layer, sections: sections.count, rows: 0))
        }
        guard path.row < sections[path.section].rows.count else {
            throw .usage(.noRow(path, in: layer, sections: nil, rows: sections[path.section].rows.count))
        }
    }

    /// True when `path` names a row of `sections`.
    private static func rowExists(_ path: IndexPath, in sections: [Section]) -> Bool {
        path.section >= 0 && path.row >= 0 && path.section < sections.count
            && path.row < sections[path.section].rows.count
    }
}

/// One queued operation of the open batch.
enum PendingOperation: Sendable {
    case plain(Edit)
    case table(Update)

    /// What the table view is told.
    var update: Update {
        switch self {
        case .plain(let edit): edit.update
        case .table(let update): update
        }
    }

    /// True for a plain command.
    var isPlain: Bool {
        if case .plain = self { return true }
        return false
    }
}

extension CommitReport {
    /// Records where each section came from, for a section command done in place that left `newCount`
    /// of `oldCount` sections, as the full commit's check maps them.
    fileprivate mutating func mapSections(from oldCount: Int, to newCount: Int) {
        storedSectionOrigins = SectionOrigin.map(
            from: oldCount, to: newCount, inserted: insertedSections, deleted: deletedSections, moved: movedSections,
            reloaded: reloadedSections.map { SectionChange(from: $0, to: $0) })
    }
}

extension Section {
    /// Sets one of the titles.
    mutating func setTitle(_ kind: TitleKind, to title: String?) {
        switch kind {
        case .header: header = title
        case .footer: footer = title
        case .indexTitle: indexTitle = title
        }
    }
}
