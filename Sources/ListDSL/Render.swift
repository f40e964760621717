import ListModel

extension Interpreter {
    /// Renders the table view for `show`: sections with their index, header and footer, rows with
    /// their index paths, the editing controls in editing mode, the selection, a row left open with its
    /// buttons, the section index, and a warning line when the table view is out of sync with the data source.
    ///
    /// The plain style lists sections one after another. The grouped style draws each section as a box,
    /// with a blank line between sections and the header in capitals, as UIKit's grouped header shows it.
    /// In editing mode the controls come from the hooks, as UIKit asks the data source and delegate for
    /// them when it lays out its cells (so the trace shows those calls too); `range` is the `show` asking.
    /// A hook that fails leaves the model as it was before the `show`.
    func renderTable(at range: SourceRange) throws(ScriptError) -> String {
        try atomically { () throws(ScriptError) -> String in try drawTable(at: range) }
    }

    /// The drawing itself (see `renderTable`).
    private func drawTable(at range: SourceRange) throws(ScriptError) -> String {
        let color = options.color
        let grouped = model.style == .grouped
        let sections = model.tableView
        let inSync = model.isInSync
        var out = model.view == .collection ? "collection view (UICollectionView)\n" : ""
        if sections.isEmpty { out += "(no sections)\n" }
        let rule = "  " + Style.dim.apply(String(repeating: "─", count: 6), color)
        for (s, section) in sections.enumerated() {
            if s > 0 && grouped { out += "\n" }
            var title = "section \(s)"
            if let header = section.header { title += ": " + (grouped ? header.uppercased() : header) }
            out += Style.bold.apply(title, color) + "\n"
            let margin = grouped ? "  " + Style.dim.apply("│", color) + " " : "  "
            if grouped { out += "  " + Style.dim.apply("╭", color) + rule.dropFirst(2) + "\n" }
            if section.rows.isEmpty { out += margin + Style.dim.apply("(no rows)", color) + "\n" }
            for (r, text) in section.rows.enumerated() {
                let path = IndexPath(section: s, row: r)
                var line = margin
                var trailing = ""
                if model.isEditing {
                    line += try editingControl(path, at: range) + " "
                    if try canReorder(path, at: range) { trailing += "  ≡" }
                } else if hasAccessories,
                    let symbol = Self.accessorySymbols[try accessoryType(path, by: "show", at: range)]
                {
                    trailing += "  " + symbol  // UIKit hides the accessory in editing mode
                }
                line += Style.dim.apply("\(s):\(r)", color) + "  " + text
                if !inSync, let mark = staleCellMark(path, showing: text) {
                    trailing += "  " + Style.yellow.apply(mark, color)
                }
                if model.selection == path { trailing += "  " + Style.cyan.apply("✓ selected", color) }
                if let open = swipedRow, open.path == path {
                    trailing += "  " + Style.red.apply(buttons(open.buttons), color)
                }
                out += line + trailing + "\n"
            }
            if grouped { out += "  " + Style.dim.apply("╰", color) + rule.dropFirst(2) + "\n" }
            if let footer = section.footer { out += "  " + Style.dim.apply("footer: ", color) + footer + "\n" }
        }
        let titles = try indexTitles(by: "show", at: range)
        if !titles.isEmpty { out += (grouped ? "\n" : "") + "index: " + titles.joined(separator: " ") + "\n" }
        if let section = scrolledSection, section < sections.count {
            out += Style.dim.apply("scrolled to section \(section)", color) + "\n"
        }
        return out
    }

    /// How `show` draws each accessory type (none draws nothing).
    static let accessorySymbols = [
        "disclosureIndicator": "›", "detailButton": "ⓘ", "detailDisclosureButton": "ⓘ ›", "checkmark": "✔",
    ]

    /// The editing control for a row: ⊖ delete, ⊕ insert, or a space when it has none (canEdit false, or
    /// the editing style none).
    func editingControl(_ path: IndexPath, at range: SourceRange) throws(ScriptError) -> String {
        switch try editingControlKind(path, at: range) {
        case "delete": Style.red.apply("⊖", options.color)
        case "insert": Style.green.apply("⊕", options.color)
        default: " "
        }
    }

    /// The editing control a row shows, by name: `delete`, `insert` or `none` (canEdit false, or the
    /// editing style none), as the app's hooks (or UIKit's defaults) answer.
    func editingControlKind(_ path: IndexPath, at range: SourceRange = SourceRange(0, 0)) throws(ScriptError) -> String
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
    func canReorder(_ path: IndexPath, at range: SourceRange) throws(ScriptError) -> Bool {
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
            for r in table[s].rows.indices where table[s].rows[r] != data[s].rows[r] {
                stale.append(IndexPath(section: s, row: r))
            }
        }
        return stale.isEmpty ? nil : RuntimeWarning.cellsOutOfSync(stale).message
    }

    /// What the data source holds where the table view's cell at `path` shows something else: its
    /// row's text, "no row" when it has none there; nil when the two agree.
    func staleCellMark(_ path: IndexPath, showing text: String) -> String? {
        let data = model.dataSource
        guard path.section < data.count, path.row < data[path.section].rows.count else {
            return "≠ data source: no row"
        }
        let row = data[path.section].rows[path.row]
        return row == text ? nil : "≠ data source: " + row
    }
}

extension Interpreter {
    /// `show json`: the table view as one JSON document, for machines: its style, editing mode,
    /// selection and the row swiped open, its sections (titles and cells) and, when the data source
    /// differs from what the table view shows, the data source's sections too.
    ///
    ///     {"style":"plain","editing":false,"selected":[0,1],"swiped":null,"inSync":true,
    ///      "sections":[{"header":"Fruit","footer":null,"indexTitle":null,"rows":["Apples","Pears"]}],
    ///      "dataSource":null}
    public func tableJSON() -> String {
        func sections(_ sections: [Section]) -> String {
            "["
                + sections.map { section -> String in
                    var o = JSONObject()
                    for (key, title) in [
                        ("header", section.header), ("footer", section.footer), ("indexTitle", section.indexTitle),
                    ] {
                        if let title { o.add(key, title) } else { o.addRaw(key, "null") }
                    }
                    o.addRaw("rows", JSON.strings(section.rows))
                    return o.json
                }.joined(separator: ",") + "]"
        }
        var o = JSONObject()
        o.add("style", model.style == .grouped ? "grouped" : "plain")
        o.addRaw("editing", String(model.isEditing))
        o.addRaw("selected", model.selection.map { "[\($0.section),\($0.row)]" } ?? "null")
        if let open = swipedRow {
            var s = JSONObject()
            s.addRaw("path", "[\(open.path.section),\(open.path.row)]")
            s.addRaw("buttons", JSON.strings(open.buttons))
            o.addRaw("swiped", s.json)
        } else {
            o.addRaw("swiped", "null")
        }
        o.addRaw("inSync", String(model.isInSync))
        o.addRaw("sections", sections(model.tableView))
        o.addRaw("dataSource", model.isInSync ? "null" : sections(model.dataSource))
        return o.json
    }
}
