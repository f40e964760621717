/// The model's own rules, which UIKit leaves to the app (a batch mixes plain and `data` commands,
/// `end` has no `begin`, an index is negative, a row a gesture names does not exist), with the data
/// their texts need: the catalogue of the words of `UpdateError.Kind.usage`. Lowercase, no full stop,
/// saying what was expected.
public enum ModelRule: Equatable, Sendable {
    case endWithoutBegin
    /// A plain command after a `data` one in the open batch.
    case plainAfterData
    /// A `data` command after a plain one in the open batch.
    case dataAfterPlain
    /// An operation that cannot run inside a batch (`append`, `reset`, `reloadData`, …) and what to do
    /// instead when the model can say it; for `append` and `reset` the language says it (the runtime's
    /// `modelFailure` adds it), so the model's texts hold none of the language's words.
    case notInsideBatch(command: String, instead: String?)
    case negativeSection(Int)
    case negativeIndexPath(IndexPath)
    /// A section `layer` ("the data source", …) does not have.
    case noSection(Int, in: String, count: Int)
    /// A row `layer` does not have: `sections` when the section is missing, else its `rows`.
    case noRow(IndexPath, in: String, sections: Int?, rows: Int)
    case tableMoveInsideBatch
    /// A reorder destination past the table view's sections.
    case moveToMissingSection(from: IndexPath, to: IndexPath, sections: Int)
    /// A reorder destination past the rows it may take.
    case moveBeyondRows(from: IndexPath, to: IndexPath, lastRow: Int)

    /// The rule's text.
    public var message: String {
        switch self {
        case .endWithoutBegin: "'end' without a matching 'begin'"
        case .plainAfterData:
            "cannot mix plain and 'data' commands in one batch: a 'data' command already edited the data source"
        case .dataAfterPlain:
            "cannot mix plain and 'data' commands in one batch: a plain command already edits the data source"
        case .notInsideBatch(let command, let instead):
            "'\(command)' cannot be used inside a batch" + (instead.map { ": \($0)" } ?? "")
        case .negativeSection(let section): "section \(section) is negative"
        case .negativeIndexPath(let path):
            "index path \(path.notation) has a negative \(path.section < 0 ? "section" : "row")"
        case .noSection(let section, let layer, let count):
            "no section \(section) in \(layer), which has \(counted(count, "section"))"
        case .noRow(let path, let layer, let sections?, _):
            "no row \(path.notation) in \(layer), which has \(counted(sections, "section"))"
        case .noRow(let path, let layer, nil, let rows):
            "no row \(path.notation) in \(layer): section \(path.section) has \(counted(rows, "row"))"
        case .tableMoveInsideBatch: "cannot move a row in the table view while a batch is open"
        case .moveToMissingSection(let from, let to, let sections):
            "cannot move row \(from.notation) to \(to.notation): the table view has \(counted(sections, "section"))"
        case .moveBeyondRows(let from, let to, let lastRow):
            "cannot move row \(from.notation) to \(to.notation): in section \(to.section) it can go to rows 0 to \(lastRow)"
        }
    }

}

/// `number` and `noun`, plural unless `number` is 1: "1 row", "3 rows". Every message that counts uses it.
public func counted(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
}
