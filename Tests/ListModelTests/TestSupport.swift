import ListModel
import Testing

/// `<NSIndexPath> {length = 2, path = S - R}`, as UIKit's messages print an index path.
func ip(_ section: Int, _ row: Int) -> String {
    "<NSIndexPath> {length = 2, path = \(section) - \(row)}"
}

/// The index path `section:row`.
func path(_ section: Int, _ row: Int) -> IndexPath {
    IndexPath(section: section, row: row)
}

/// Sections with these rows and no titles.
func sections(_ rows: [[String]]) -> [Section] {
    rows.map { Section(rows: $0) }
}

/// The rows of each section.
func rows(_ sections: [Section]) -> [[String]] {
    sections.map(\.rows.texts)
}

/// `text` with every run of white space made one space, trimmed (the conformance comparison).
func normalized(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
}

/// The T24 text.
func rowCountMessage(
    section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int = 0, movedOut: Int = 0
) -> String {
    "Invalid update: invalid number of rows in section \(section). The number of rows contained in an existing section after the update (\(after)) must be equal to the number of rows contained in that section before the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
}

/// The T22 text.
func sectionCountMessage(after: Int, before: Int, inserted: Int, deleted: Int) -> String {
    "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (\(after)) must be equal to the number of sections contained in the table view before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
}

/// Runs `body` and returns the UpdateError it throws, or nil when it does not throw.
func updateError(_ body: () throws(UpdateError) -> Void) -> UpdateError? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// One operation in the reference's case notation, which can be told to the table view (table mode)
/// or performed as plain commands (plain mode).
enum CaseOperation: Sendable, CustomStringConvertible {
    case delete(Int, Int)
    case insert(Int, Int, String)
    case reload(Int, Int, String)
    case move(Int, Int, to: Int, Int)
    case deleteSection(Int)
    /// `insert section N [rows]`: the data source's rows for the new section.
    case insertSection(Int, [String])
    case reloadSection(Int, [String])
    case moveSection(Int, to: Int)

    /// The table command.
    var update: Update {
        switch self {
        case .delete(let s, let r): .deleteRow(path(s, r))
        case .insert(let s, let r, _): .insertRow(path(s, r))
        case .reload(let s, let r, _): .reloadRow(path(s, r))
        case .move(let s, let r, let toS, let toR): .moveRow(from: path(s, r), to: path(toS, toR))
        case .deleteSection(let s): .deleteSection(s)
        case .insertSection(let s, _): .insertSection(s)
        case .reloadSection(let s, _): .reloadSection(s)
        case .moveSection(let s, let to): .moveSection(from: s, to: to)
        }
    }

    /// The plain commands: a section insert with rows is the empty section plus its row inserts.
    var edits: [Edit] {
        switch self {
        case .delete(let s, let r): [.deleteRow(path(s, r))]
        case .insert(let s, let r, let text): [.insertRow(path(s, r), text)]
        case .reload(let s, let r, let text): [.reloadRow(path(s, r), text)]
        case .move(let s, let r, let toS, let toR): [.moveRow(from: path(s, r), to: path(toS, toR))]
        case .deleteSection(let s): [.deleteSection(s)]
        case .insertSection(let s, let rows):
            [.insertSection(s, header: nil)] + rows.enumerated().map { .insertRow(path(s, $0.offset), $0.element) }
        case .reloadSection(let s, let rows): [.reloadSection(s, rows: rows)]
        case .moveSection(let s, let to): [.moveSection(from: s, to: to)]
        }
    }

    var description: String {
        switch self {
        case .delete(let s, let r): "delete \(s):\(r)"
        case .insert(let s, let r, let text): "insert \(s):\(r) \(text)"
        case .reload(let s, let r, let text): "reload \(s):\(r) \(text)"
        case .move(let s, let r, let toS, let toR): "move \(s):\(r) -> \(toS):\(toR)"
        case .deleteSection(let s): "delete section \(s)"
        case .insertSection(let s, let rows): "insert section \(s) \(rows)"
        case .reloadSection(let s, let rows): "reload section \(s) \(rows)"
        case .moveSection(let s, let to): "move section \(s) -> \(to)"
        }
    }
}
