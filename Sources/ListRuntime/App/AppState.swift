import ListFormats
import ListLanguage
import ListModel

/// The simulated app: everything a statement can change that the user sees or the data source holds —
/// the list (both layers, titles, modes, selection, view kind, texts), the row swiped open, the section
/// scrolled to, the accessories kept for items, and the table limits' count of what the list holds.
///
/// This is the one list of it: a snapshot (`expect error`, the REPL after an error or Ctrl-C) and an undo
/// step are copies of it, and the evaluator (variables, procedures, hooks, steps) stays apart.
public struct AppState {
    /// The list being edited.
    public var model: TableModel
    /// The row left open showing its buttons (the delete confirmation or the row actions), for `show`.
    var swipedRow: (path: IndexPath, buttons: [String])?
    /// Where the swipe that opened `swipedRow` was, for the note when closing it fails.
    var swipeOrigin: (file: SourceFile, range: SourceRange)?
    /// The section the last `tap index` scrolled to.
    var scrolledSection: Int?
    /// The accessory the data source keeps for each item, by its text (`accessory PATH TYPE`).
    var accessories: [String: String]
    /// An upper bound of what the model holds, for the table limits (see `admit`).
    var tableBudget: TableSize

    /// Whether `other` holds the same: both layers, titles, modes and selection (texts byte for byte) and
    /// the accessories. An open swipe or a scroll is no change of its own, as UndoManager records neither
    /// (undo closes the swipe first, and puts the scroll position back with the rest).
    func holdsSame(as other: AppState) -> Bool {
        model.holdsSameState(as: other.model) && accessories.count == other.accessories.count
            && accessories.allSatisfy { TextEquality.same($0.value, other.accessories[$0.key]) }
    }
}

extension Interpreter {
    /// The app's state as it is now; setting it puts all of it back.
    public var app: AppState {
        get {
            AppState(
                model: model, swipedRow: swipedRow, swipeOrigin: swipeOrigin, scrolledSection: scrolledSection,
                accessories: accessories, tableBudget: tableBudget)
        }
        set {
            model = newValue.model
            swipedRow = newValue.swipedRow
            swipeOrigin = newValue.swipeOrigin
            scrolledSection = newValue.scrolledSection
            accessories = newValue.accessories
            tableBudget = newValue.tableBudget
        }
    }
}
