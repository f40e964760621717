import ListFormats
import ListLanguage
import ListModel

/// What `show` shows: the table view as the app's hooks answered for it at that moment — sections with
/// their titles, each cell with its editing control, reorder control, accessory, selection, the buttons
/// of a row swiped open and the data source's row when the cell is stale — with the section index, the
/// scroll position and the style. `show` asks the hooks once and sends this in an event; the text and
/// JSON renderers (`ShowRenderer`) draw it, each output stream with its own colour.
public struct ShownTable: Sendable, Equatable {
    /// The control an editing table view draws before a row.
    public enum Control: String, Sendable, Equatable {
        case delete, insert, none
    }

    /// One cell.
    public struct Row: Sendable, Equatable {
        public var text: String
        /// In editing mode, the editing control; nil outside it.
        public var control: Control?
        /// In editing mode, whether the row shows the reorder control ≡.
        public var movable = false
        /// Outside editing mode, the accessory type the data source gives the cell, when it has one.
        public var accessory: String?
        /// What the data source holds where the cell shows something else (its row's text, or nil
        /// for no row); nil when they agree.
        public var stale: String??
        public var selected = false
        /// The buttons of the row swiped open.
        public var buttons: [String]?
    }

    /// One section.
    public struct Section: Sendable, Equatable {
        public var header: String?
        public var footer: String?
        public var indexTitle: String?
        public var rows: [Row]
    }

    public var view: ViewKind
    /// The iOS simulated, when it is not today's (`ios 12`): `show` names it.
    public var ios: IOSVersion? = nil
    public var grouped: Bool
    public var editing: Bool
    public var sections: [Section]
    /// `sectionIndexTitles(for:)`'s answer.
    public var indexTitles: [String]
    /// The section the table view is scrolled to, while it exists.
    public var scrolledSection: Int?
    /// The selected row, and the row swiped open with its buttons.
    public var selection: IndexPath?
    public var swiped: IndexPath?
    public var swipedButtons: [String]
    /// Whether the table view shows the data source, and the data source when it does not.
    public var inSync: Bool
    public var dataSource: [ListModel.Section]?
}

extension Interpreter {
    /// The table view as `show` shows it, asking the hooks as UIKit asks its data source and delegate
    /// when it lays out its cells (so the trace shows those calls); `range` is the `show` asking. A hook
    /// that fails leaves the model as it was before.
    public func shownTable(at range: SourceRange) throws(ScriptError) -> ShownTable {
        try atomically { () throws(ScriptError) -> ShownTable in try askShownTable(at: range) }
    }

    /// The table view as it is, without asking any hook (no editing controls or accessories): what the
    /// REPL's JSON mode prints after each change.
    public func shownTableWithoutHooks() -> ShownTable {
        ShownTable(
            view: model.view, ios: model.ios == .current ? nil : model.ios, grouped: model.style == .grouped,
            editing: model.isEditing, sections: model.tableView.map { section in
                ShownTable.Section(
                    header: section.header, footer: section.footer, indexTitle: section.indexTitle,
                    rows: section.rows.map { ShownTable.Row(text: $0) })
            }, indexTitles: [], scrolledSection: nil, selection: model.selection, swiped: swipedRow?.path,
            swipedButtons: swipedRow?.buttons ?? [], inSync: model.isInSync,
            dataSource: model.isInSync ? nil : model.dataSource)
    }

    private func askShownTable(at range: SourceRange) throws(ScriptError) -> ShownTable {
        let table = model.tableView
        let inSync = model.isInSync
        var sections: [ShownTable.Section] = []
        sections.reserveCapacity(table.count)
        for (s, section) in table.enumerated() {
            var rows: [ShownTable.Row] = []
            rows.reserveCapacity(section.rows.count)
            for (r, text) in section.rows.enumerated() {
                let path = IndexPath(section: s, row: r)
                var row = ShownTable.Row(text: text)
                if model.isEditing {
                    row.control =
                        ShownTable.Control(rawValue: try editingControlKind(path, at: range)) ?? ShownTable.Control.none
                    row.movable = try canReorder(path, at: range)
                } else if hasAccessories {
                    // UIKit hides the accessory in editing mode.
                    let type = try accessoryType(path, by: "show", at: range)
                    if type != "none" { row.accessory = type }
                }
                if !inSync { row.stale = staleCellRow(path, showing: text) }
                row.selected = model.selection == path
                if let open = swipedRow, open.path == path { row.buttons = open.buttons }
                rows.append(row)
            }
            sections.append(
                ShownTable.Section(
                    header: section.header, footer: section.footer, indexTitle: section.indexTitle, rows: rows))
        }
        let titles = try indexTitles(by: "show", at: range)
        return ShownTable(
            view: model.view, ios: model.ios == .current ? nil : model.ios, grouped: model.style == .grouped,
            editing: model.isEditing, sections: sections,
            indexTitles: titles, scrolledSection: scrolledSection.flatMap { $0 < table.count ? $0 : nil },
            selection: model.selection, swiped: swipedRow?.path, swipedButtons: swipedRow?.buttons ?? [],
            inSync: inSync, dataSource: inSync ? nil : model.dataSource)
    }

    /// The data source's row where the table view's cell at `path` shows something else: `.some(text)`,
    /// `.some(nil)` when the data source has no row there; nil when the two agree.
    func staleCellRow(_ path: IndexPath, showing text: String) -> String?? {
        let data = model.dataSource
        guard path.section < data.count, path.row < data[path.section].rows.count else { return .some(nil) }
        let row = data[path.section].rows[path.row]
        return TextEquality.same(row, text) ? nil : .some(row)
    }
}

/// Draws a `ShownTable`: as text (the terminal's `show`, coloured or not) or as one JSON document (`show
/// json`, the REPL's JSON mode).
public enum ShowRenderer {
    /// How `show` draws each accessory type (none draws nothing).
    static let accessorySymbols = [
        "disclosureIndicator": "›", "detailButton": "ⓘ", "detailDisclosureButton": "ⓘ ›", "checkmark": "✔",
    ]

    /// The table as text. The plain style lists sections one after another; the grouped style draws each
    /// section as a box, with a blank line between sections and the header in capitals, as UIKit's
    /// grouped header shows it. In editing mode each row has its control (⊖ delete, ⊕ insert), and ≡ when
    /// it can move.
    public static func text(_ shown: ShownTable, color: Bool) -> String {
        let grouped = shown.grouped
        // The class and the iOS, when they are not the defaults (a table view on today's iOS).
        var out =
            switch (shown.view, shown.ios) {
            case (.table, nil): ""
            case (.collection, nil): "collection view (UICollectionView)\n"
            case (let view, let ios?): "\(view.name) (\(view == .table ? "UITableView" : "UICollectionView")), iOS \(ios)\n"
            }
        if shown.sections.isEmpty { out += "(no sections)\n" }
        let rule = "  " + Style.dim.apply(String(repeating: "─", count: 6), color)
        for (s, section) in shown.sections.enumerated() {
            if s > 0 && grouped { out += "\n" }
            var title = "section \(s)"
            if let header = section.header { title += ": " + (grouped ? header.uppercased() : header) }
            out += Style.bold.apply(title, color) + "\n"
            let margin = grouped ? "  " + Style.dim.apply("│", color) + " " : "  "
            if grouped { out += "  " + Style.dim.apply("╭", color) + rule.dropFirst(2) + "\n" }
            if section.rows.isEmpty { out += margin + Style.dim.apply("(no rows)", color) + "\n" }
            for (r, row) in section.rows.enumerated() {
                var line = margin
                var trailing = ""
                if let control = row.control {
                    switch control {
                    case .delete: line += Style.red.apply("⊖", color) + " "
                    case .insert: line += Style.green.apply("⊕", color) + " "
                    case .none: line += "  "
                    }
                    if row.movable { trailing += "  ≡" }
                } else if let type = row.accessory, let symbol = accessorySymbols[type] {
                    trailing += "  " + symbol
                }
                line += Style.dim.apply("\(s):\(r)", color) + "  " + row.text
                if let stale = row.stale {
                    trailing += "  " + Style.yellow.apply("≠ data source: " + (stale ?? "no row"), color)
                }
                if row.selected { trailing += "  " + Style.cyan.apply("✓ selected", color) }
                if let buttons = row.buttons {
                    trailing += "  " + Style.red.apply(buttons.map { "[" + $0 + "]" }.joined(separator: " "), color)
                }
                out += line + trailing + "\n"
            }
            if grouped { out += "  " + Style.dim.apply("╰", color) + rule.dropFirst(2) + "\n" }
            if let footer = section.footer { out += "  " + Style.dim.apply("footer: ", color) + footer + "\n" }
        }
        if !shown.indexTitles.isEmpty {
            out += (grouped ? "\n" : "") + "index: " + shown.indexTitles.joined(separator: " ") + "\n"
        }
        if let section = shown.scrolledSection {
            out += Style.dim.apply("scrolled to section \(section)", color) + "\n"
        }
        return out
    }

    /// The table as one JSON document, for machines: its style, editing mode, selection and the row
    /// swiped open, its sections (titles and cells) and, when the data source differs from what the
    /// table view shows, the data source's sections too.
    ///
    ///     {"style":"plain","editing":false,"selected":[0,1],"swiped":null,"inSync":true,
    ///      "sections":[{"header":"Fruit","footer":null,"indexTitle":null,"rows":["Apples","Pears"]}],
    ///      "dataSource":null}
    public static func json(_ shown: ShownTable) -> String {
        func section<Texts: Sequence<String>>(
            _ w: inout JSONWriter, _ header: String?, _ footer: String?, _ index: String?, _ rows: Texts
        ) {
            w.object { w in
                w.member("header", header)
                w.member("footer", footer)
                w.member("indexTitle", index)
                w.key("rows")
                w.strings(rows)
            }
        }
        var w = JSONWriter()
        w.object { w in
            w.member("style", shown.grouped ? "grouped" : "plain")
            w.member("editing", shown.editing)
            w.key("selected")
            w.path(shown.selection)
            w.key("swiped")
            if let path = shown.swiped {
                w.object { w in
                    w.key("path")
                    w.path(path)
                    w.key("buttons")
                    w.strings(shown.swipedButtons)
                }
            } else {
                w.null()
            }
            w.member("inSync", shown.inSync)
            w.key("sections")
            w.array(shown.sections) { w, s in section(&w, s.header, s.footer, s.indexTitle, s.rows.map { $0.text }) }
            w.key("dataSource")
            if let data = shown.dataSource {
                w.array(data) { w, s in section(&w, s.header, s.footer, s.indexTitle, s.rows) }
            } else {
                w.null()
            }
        }
        return w.text
    }
}

extension Interpreter {
    /// The editing control a row shows, by name: `delete`, `insert` or `none` (canEdit false, or the
    /// editing style none), as the app's hooks (or UIKit's defaults) answer.
    package func editingControlKind(_ path: IndexPath, at range: SourceRange = SourceRange(0, 0)) throws(ScriptError)
        -> String
    {
        // UICollectionView has no editing-style control, and asks neither question.
        if model.view == .collection { return "none" }
        guard try callHook(.canEdit, path: path, fallback: .boolean(true), by: "show", at: range) == .boolean(true)
        else {
            return "none"
        }
        switch try callHook(.editingStyle, path: path, fallback: .style(.delete), by: "show", at: range) {
        case .style(.delete)?: return "delete"
        case .style(.insert)?: return "insert"
        default: return "none"
        }
    }

    /// Whether a row shows the reorder control ≡: only when the data source implements the move hook,
    /// and canMove allows it (UIKit asks canMove only then).
    package func canReorder(_ path: IndexPath, at range: SourceRange) throws(ScriptError) -> Bool {
        guard hasHook(.move) else { return false }
        return try callHook(.canMove, path: path, fallback: .boolean(true), by: "show", at: range) == .boolean(true)
    }

    /// Why the table view differs from the data source, or nil when they agree: the section counts,
    /// else the first section whose row counts differ, else every cell whose text is not the data
    /// source's row at its index path.
    func syncWarning() -> String? {
        if model.isInSync { return nil }
        let table = model.tableView
        let data = model.dataSource
        if table.count != data.count {
            return RuntimeWarning.sectionsOutOfSync(shown: table.count, data: data.count).message
        }
        for s in table.indices where table[s].rows.count != data[s].rows.count {
            return RuntimeWarning.rowsOutOfSync(section: s, shown: table[s].rows.count, data: data[s].rows.count)
                .message
        }
        var stale: [IndexPath] = []
        for s in table.indices where table[s].rows != data[s].rows {
            for r in table[s].rows.indices where !TextEquality.same(table[s].rows[r], data[s].rows[r]) {
                stale.append(IndexPath(section: s, row: r))
            }
        }
        return stale.isEmpty ? nil : RuntimeWarning.cellsOutOfSync(stale).message
    }
}
