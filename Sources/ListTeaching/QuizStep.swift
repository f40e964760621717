import ListModel
import ListRuntime

/// One command of a quiz batch as a value: what it does, where, and to which object. The student reads
/// its `text`; the generator and the mistaken rules work on the values, never on the text.
enum QuizStep: Equatable, Sendable {
    /// Which object a row command edits: both at once (a plain command), the data source alone
    /// (`data …`, done at once) or the table view alone (`table …`, a call queued in the batch).
    enum Layer: Equatable, Sendable {
        case both, data, table
    }

    /// `insert s:r "T"`, `data insert s:r "T"` or `table insert s:r` (the text is then unused).
    case insert(IndexPath, String, Layer)
    /// `delete s:r`, `data delete s:r` or `table delete s:r`.
    case delete(IndexPath, Layer)
    /// `move s:r to t:q` (from an old index path to a new one), `data move …` or `table move …`.
    case move(IndexPath, to: IndexPath, Layer)
    /// `reload s:r "T"` (new text) or `table reload s:r` (the data source's text as it is).
    case reload(IndexPath, String, Layer)
    /// `insert section n` (an empty section).
    case insertSection(Int)
    /// `delete section n`.
    case deleteSection(Int)

    /// `move s:r to t:q`, a plain move.
    static func move(_ from: IndexPath, to: IndexPath) -> QuizStep { .move(from, to: to, .both) }

    /// The command as the student reads it.
    var text: String {
        switch self {
        case .insert(let path, let text, let layer):
            layer == .table
                ? "table insert \(path.notation)"
                : prefix(layer) + "insert \(path.notation) \(Value.quoted(text))"
        case .delete(let path, let layer): prefix(layer) + "delete \(path.notation)"
        case .move(let from, let to, let layer): prefix(layer) + "move \(from.notation) to \(to.notation)"
        case .reload(let path, let text, let layer):
            layer == .table
                ? "table reload \(path.notation)"
                : prefix(layer) + "reload \(path.notation) \(Value.quoted(text))"
        case .insertSection(let section): "insert section \(section)"
        case .deleteSection(let section): "delete section \(section)"
        }
    }

    /// The layer the command edits (a section command edits both).
    var layer: Layer {
        switch self {
        case .insert(_, _, let layer), .delete(_, let layer), .reload(_, _, let layer), .move(_, _, let layer): layer
        case .insertSection, .deleteSection: .both
        }
    }

    /// The row index path the command names first (a move's source); nil for a section command.
    var path: IndexPath? {
        switch self {
        case .insert(let path, _, _), .delete(let path, _), .reload(let path, _, _), .move(let path, _, _): path
        case .insertSection, .deleteSection: nil
        }
    }

    /// Every row index path the command names (a move's source and destination).
    var paths: [IndexPath] {
        if case .move(let from, let to, _) = self { return [from, to] }
        return path.map { [$0] } ?? []
    }

    /// The command with its first row index path replaced (a move's source).
    func with(path: IndexPath) -> QuizStep {
        switch self {
        case .insert(_, let text, let layer): .insert(path, text, layer)
        case .delete(_, let layer): .delete(path, layer)
        case .move(_, let to, let layer): .move(path, to: to, layer)
        case .reload(_, let text, let layer): .reload(path, text, layer)
        case .insertSection, .deleteSection: self
        }
    }

    /// A batch of commands as the student reads it: `begin`, one command a line, `end`.
    static func batch(_ steps: [QuizStep]) -> String {
        "begin\n" + steps.map { "  " + $0.text + "\n" }.joined() + "end"
    }

    /// `s:r`, as the language writes an index path.

    private func prefix(_ layer: Layer) -> String {
        switch layer {
        case .both: ""
        case .data: "data "
        case .table: "table "
        }
    }
}

extension UIKitText {
    /// The row index paths the text names ("row 4 from section 1" is 1:4), for telling whether a text
    /// is about the batch's own rows; none for a section's or a count's text.
    var indexPaths: [IndexPath] {
        switch self {
        case .deleteAndReloadSamePath(let p), .deleteAndMoveSamePath(let p), .insertAndMoveSamePath(let p),
            .deleteRowFromMissingSection(let p, _), .deleteMissingRow(let p, _), .insertRowIntoMissingSection(let p, _),
            .insertRowPastEnd(let p, _), .moveRowFromMissingSection(let p, _), .moveMissingRow(let p, _),
            .scrollRowPastEnd(let p, _):
            [p]
        case .moveRowIntoMissingSection(let from, let to, _), .moveRowPastEnd(let from, let to, _): [from, to]
        case .rowMovedTwice(let p, let first, let second): [p, first, second]
        case .rowsMovedToOne(let first, let second, let destination): [first, second, destination]
        case .repeatedInCollectionView(_, let section, let row):
            row.map { [IndexPath(section: section, row: $0)] } ?? []
        case .deleteAndMoveSameSection, .deleteMissingSection, .insertAndMoveSameSection, .insertSectionPastEnd,
            .moveMissingSection, .moveSectionPastEnd, .sectionMovedTwice, .sectionsMovedToOne, .invalidSectionCount,
            .invalidRowCount, .invalidBatchUpdates, .cannotMoveFromDeletedSection, .cannotMoveIntoInsertedSection,
            .inconsistentTableUpdate, .viewAnimationForNilView, .scrollSectionPastEnd:
            []
        }
    }
}
