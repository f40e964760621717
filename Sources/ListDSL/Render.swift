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
        var out = ""
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
                }
                line += Style.dim.apply("\(s):\(r)", color) + "  " + text
                if model.selection == path { trailing += "  " + Style.cyan.apply("✓ selected", color) }
                if let open = swipedRow, open.path == path {
                    trailing += "  " + Style.red.apply(buttons(open.buttons), color)
                }
                out += line + trailing + "\n"
            }
            if grouped { out += "  " + Style.dim.apply("╰", color) + rule.dropFirst(2) + "\n" }
            if let footer = section.footer { out += "  " + Style.dim.apply("footer: ", color) + footer + "\n" }
        }
        let titles = sections.compactMap(\.indexTitle)
        if !titles.isEmpty { out += (grouped ? "\n" : "") + "index: " + titles.joined(separator: " ") + "\n" }
        return out
    }

    /// The editing control for a row: ⊖ delete, ⊕ insert, or a space when it has none (canEdit false, or
    /// the editing style none).
    func editingControl(_ path: IndexPath, at range: SourceRange) throws(ScriptError) -> String {
        guard try callHook(.canEdit, path: path, fallback: .boolean(true), by: "show", at: range) == .boolean(true)
        else {
            return " "
        }
        switch try callHook(.editingStyle, path: path, fallback: .style(.delete), by: "show", at: range) {
        case .style(.delete)?: return Style.red.apply("⊖", options.color)
        case .style(.insert)?: return Style.green.apply("⊕", options.color)
        default: return " "
        }
    }

    /// Whether a row shows the reorder control ≡: only when the data source implements the move hook,
    /// and canMove allows it (UIKit asks canMove only then).
    func canReorder(_ path: IndexPath, at range: SourceRange) throws(ScriptError) -> Bool {
        guard hasHook(.move) else { return false }
        return try callHook(.canMove, path: path, fallback: .boolean(true), by: "show", at: range) == .boolean(true)
    }

    /// Why the table view differs from the data source, or nil when they agree.
    func syncWarning() -> String? {
        let table = model.tableView
        let data = model.dataSource
        if table.count != data.count {
            return
                "out of sync: the table view shows \(table.count) section\(table.count == 1 ? "" : "s"), the data source has \(data.count) (reloadData re-reads it)"
        }
        for s in 0..<table.count where table[s].rows != data[s].rows {
            let t = table[s].rows.count
            let d = data[s].rows.count
            if t != d {
                return
                    "out of sync: section \(s) shows \(t) row\(t == 1 ? "" : "s"), the data source has \(d) (reloadData re-reads it)"
            }
            return
                "out of sync: section \(s) shows rows in a different order or with other text than the data source (reloadData re-reads it)"
        }
        return nil
    }
}
