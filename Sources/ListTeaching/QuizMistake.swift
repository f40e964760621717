import ListModel
import ListRuntime

/// A mistake students make about batch updates, as a rule a batch can be run under: the batch is
/// rewritten into what the student believes happens — one batch or several, or the other view's rules —
/// and the simulator runs that like any script. A wrong answer that equals what a rule gives is named
/// by the rule; the wrong choices of a question are what the rules give.
enum QuizMistake: Equatable, Sendable {
    /// The deletes (rows and sections) counted in the table after the inserts: new index paths.
    case deleteReadAsNew
    /// The inserts counted in the table before the deletes: old index paths.
    case insertReadAsOld
    /// The reloads counted in the table after the other commands: new index paths.
    case reloadReadAsNew
    /// A move's destination counted with the row still in its old place (a delete and an insert,
    /// the insert counted in the old table).
    case moveDestinationReadAsOld
    /// A move taken as a swap of two rows.
    case moveAsSwap
    /// Each command done at once, in the order written, as its own batch.
    case writtenOrder
    /// A reload taken as a redraw only: the data source's new text forgotten.
    case reloadKeepsText
    /// Rows counted from 1.
    case countedFromOne
    /// The other class's rules: a collection view's batch run as a table view runs it.
    case otherView
    /// The table view's calls (`table …`) taken for the data source's edits too.
    case callsAreEdits
    /// One of the data source's edits (the step at this index) overlooked.
    case forgotDataEdit(Int)
    /// One of the table view's calls (the step at this index) overlooked.
    case forgotCall(Int)
    /// One command of a plain batch (the step at this index) overlooked.
    case leftOut(Int)

    /// The rules that apply to a batch, in the order a wrong answer is named by them: the index spaces
    /// first (the delete or the insert first, as the batch writes them), then the moves, the order,
    /// the reload's text, counting, the two layers, and a command overlooked. `choosing` leaves out the
    /// rules whose crash texts would name rows the batch does not (counting from 1).
    static func rules(for steps: [QuizStep], view: ViewKind, choosing: Bool) -> [QuizMistake] {
        let plain = steps.allSatisfy { $0.layer == .both }
        var rules: [QuizMistake] = []
        if plain {
            let firstInsert = steps.firstIndex { $0.isInsert } ?? steps.count
            let firstDelete = steps.firstIndex { $0.isDelete } ?? steps.count
            rules +=
                firstInsert < firstDelete
                ? [.deleteReadAsNew, .insertReadAsOld] : [.insertReadAsOld, .deleteReadAsNew]
            rules += [.reloadReadAsNew, .moveDestinationReadAsOld, .moveAsSwap, .writtenOrder, .reloadKeepsText]
            if !choosing { rules.append(.countedFromOne) }
        } else {
            rules.append(.callsAreEdits)
            rules += steps.indices.filter { steps[$0].layer == .data }.map { .forgotDataEdit($0) }
            rules += steps.indices.filter { steps[$0].layer == .table }.map { .forgotCall($0) }
        }
        if view == .collection { rules.append(.otherView) }
        if plain && steps.count > 1 { rules += steps.indices.map { .leftOut($0) } }
        return rules
    }

    /// The batches the student believes run, in order; nil when the rule says nothing of this batch (it
    /// would give the right answer by construction, or needs a command the batch lacks).
    func batches(of steps: [QuizStep]) -> [[QuizStep]]? {
        switch self {
        case .deleteReadAsNew:
            let deletes = steps.filter { $0.isDelete }
            let others = steps.filter { !$0.isDelete }
            return deletes.isEmpty || others.isEmpty ? nil : [others, deletes]
        case .insertReadAsOld:
            // Only a batch of row inserts, deletes and reloads: the old rows are found where the inserts
            // put them, and deleted (or reloaded) there.
            let inserts = steps.filter { $0.isInsert }
            guard !inserts.isEmpty, steps.contains(where: { $0.isDelete }),
                steps.allSatisfy({ $0.path != nil && !$0.isMove })
            else { return nil }
            let insertedRows = inserts.compactMap { $0.path }.sorted()
            let rest = steps.filter { !$0.isInsert }.map { step -> QuizStep in
                guard let old = step.path else { return step }
                var row = old.row
                for at in insertedRows where at.section == old.section && at.row <= row { row += 1 }
                return step.with(path: IndexPath(section: old.section, row: row))
            }
            return [inserts, rest]
        case .reloadReadAsNew:
            let reloads = steps.filter { if case .reload = $0 { true } else { false } }
            let others = steps.filter { if case .reload = $0 { false } else { true } }
            return reloads.isEmpty || others.isEmpty ? nil : [others, reloads]
        case .moveDestinationReadAsOld:
            var changed = false
            let moved = steps.map { step -> QuizStep in
                guard case .move(let from, let to, .both) = step, from.section == to.section, from.row < to.row else {
                    return step
                }
                changed = true
                return .move(from, to: IndexPath(section: to.section, row: to.row - 1))
            }
            return changed ? [moved] : nil
        case .moveAsSwap:
            let moves = steps.compactMap { step -> QuizStep? in
                guard case .move(let from, let to, .both) = step, from != to else { return nil }
                return .move(to, to: from)
            }
            return moves.count == 1 ? [steps + moves] : nil
        case .writtenOrder:
            return steps.count < 2 ? nil : steps.map { [$0] }
        case .reloadKeepsText:
            var changed = false
            let kept = steps.map { step -> QuizStep in
                guard case .reload(let at, _, .both) = step else { return step }
                changed = true
                return .reload(at, "", .table)
            }
            return changed ? [kept] : nil
        case .countedFromOne:
            var shifted: [QuizStep] = []
            for step in steps {
                guard let at = step.path else {
                    shifted.append(step)
                    continue
                }
                guard at.row >= 1 else { return nil }
                var one = step.with(path: IndexPath(section: at.section, row: at.row - 1))
                if case .move(let from, let to, _) = one {
                    guard to.row >= 1 else { return nil }
                    one = .move(from, to: IndexPath(section: to.section, row: to.row - 1))
                }
                shifted.append(one)
            }
            return shifted == steps ? nil : [shifted]
        case .otherView:
            return [steps]
        case .callsAreEdits:
            return [
                steps.compactMap { step -> QuizStep? in
                    switch step {
                    case .insert(let at, let text, .table): .insert(at, text, .both)
                    case .delete(let at, .table): .delete(at, .both)
                    case .move(let from, let to, .table): .move(from, to: to, .both)
                    default: step.layer == .data ? nil : step
                    }
                }
            ]
        case .forgotDataEdit(let i), .forgotCall(let i), .leftOut(let i):
            guard steps.indices.contains(i) else { return nil }
            var left = steps
            left.remove(at: i)
            return [left]
        }
    }

    /// What the student did, worded for this batch: "the delete used the new index path".
    func worded(for steps: [QuizStep], view: ViewKind) -> String {
        let row = view.item
        func text(_ i: Int) -> String { steps.indices.contains(i) ? steps[i].text : "" }
        func count(_ wanted: (QuizStep) -> Bool) -> Int { steps.filter(wanted).count }
        // "after the insert", "after the inserts", or "after the other commands": what runs first.
        func after(_ moved: (QuizStep) -> Bool) -> String {
            let others = steps.filter { !moved($0) }
            guard others.allSatisfy({ $0.isInsert }) else { return "after the other commands" }
            return others.count == 1 ? "after the insert" : "after the inserts"
        }
        switch self {
        case .deleteReadAsNew:
            let rows = count { if case .delete = $0 { true } else { false } }
            let sections = count { if case .deleteSection = $0 { true } else { false } }
            let what =
                rows + sections > 1
                ? "the deletes used new index paths"
                : rows == 1
                    ? "the delete used the new index path"
                    : "the section delete used the new section number"
            return what
                + " (counted \(after({ $0.isDelete }))); UIKit reads a delete's index path in the \(view.name) as it was before the batch"
        case .insertReadAsOld:
            let what =
                count({ $0.isInsert }) > 1
                ? "the inserts used old index paths" : "the insert used the old index path"
            let deletes = count({ $0.isDelete }) > 1 ? "the deletes" : "the delete"
            return what
                + " (counted before \(deletes)); UIKit reads an insert's index path in the \(view.name) as it is after the batch"
        case .reloadReadAsNew:
            let what =
                count({ if case .reload = $0 { true } else { false } }) > 1
                ? "the reloads used new index paths" : "the reload used the new index path"
            return what
                + " (counted \(after({ if case .reload = $0 { true } else { false } }))); UIKit reads a reload's index path, as a delete's, in the \(view.name) as it was before the batch"
        case .moveDestinationReadAsOld:
            return
                "the move was taken as a delete and an insert counted before the delete; UIKit counts a move's destination in the \(view.name) after the batch, with the \(row) already gone from its old place"
        case .moveAsSwap:
            return
                "the move swapped two \(view.items); a move takes one \(row) out and puts it at its new index path, and the \(view.items) between close up"
        case .writtenOrder:
            return
                "the commands ran one at a time, in the order written; in a batch UIKit does every delete first (old index paths), then every insert (new index paths), whatever the order written"
        case .reloadKeepsText:
            return
                "the reload kept the old text; a reload with a text edits the data source too, and the cell shows the new text"
        case .countedFromOne:
            return "the \(view.items) were counted from 1; index paths count from 0 (0:0 is the first \(row))"
        case .otherView:
            return view == .collection
                ? "the batch ran as a table view runs it; a collection view does not merge a repeated delete or insert, and cannot move an item out of a deleted section or into an inserted one"
                : "the batch ran as a collection view runs it"
        case .callsAreEdits:
            return
                "the \(view.name)'s calls were taken for the data source's edits; only a 'data …' edit changes the data source, and UIKit checks the calls against its counts"
        case .forgotDataEdit(let i):
            return "the data source's edit '\(text(i))' was overlooked; the data source made it, and its counts show it"
        case .forgotCall(let i):
            return "the call '\(text(i))' was overlooked; the \(view.name) was told of it, and counts it"
        case .leftOut(let i):
            return "'\(text(i))' was left out"
        }
    }
}

extension QuizStep {
    /// Whether the command inserts (a row or a section).
    var isInsert: Bool {
        switch self {
        case .insert, .insertSection: true
        default: false
        }
    }

    /// Whether the command moves a row.
    var isMove: Bool {
        if case .move = self { return true }
        return false
    }

    /// Whether the command deletes (a row or a section).
    var isDelete: Bool {
        switch self {
        case .delete, .deleteSection: true
        default: false
        }
    }
}
