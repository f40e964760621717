import ListFormats
import ListLanguage
import ListModel

/// A batch of plain commands written as ListDSL: `listdsl diff` prints one, and `undo` runs one (the
/// inverse of a commit), so the trace, the change view and the events show it as any batch.
public enum BatchScript {
    /// `begin`, one command per line (indented), `end`; each with the text, title or rows it carries.
    public static func text(_ edits: [Edit]) -> String {
        var out = "begin\n"
        for edit in edits {
            out += "  " + command(edit) + "\n"
        }
        return out + "end\n"
    }

    /// One edit as a command.
    static func command(_ edit: Edit) -> String {
        switch edit {
        case .deleteSection(let s): "delete section \(s)"
        case .insertSection(let s, let header): "insert section \(s)" + (header.map { " " + Value.quoted($0) } ?? "")
        case .deleteRow(let p): "delete \(p.section):\(p.row)"
        case .insertRow(let p, let text): "insert \(p.section):\(p.row) \(Value.quoted(text))"
        case .moveRow(let from, let to): "move \(from.section):\(from.row) to \(to.section):\(to.row)"
        case .reloadRow(let p, let text): "reload \(p.section):\(p.row)" + (text.map { " " + Value.quoted($0) } ?? "")
        case .moveSection(let from, let to): "move section \(from) to \(to)"
        case .reloadSection(let s, let rows):
            "reload section \(s)" + (rows.map { " [" + $0.map(Value.quoted).joined(separator: ", ") + "]" } ?? "")
        }
    }
}
