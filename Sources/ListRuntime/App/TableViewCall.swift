import ListFormats
import ListLanguage
import ListModel

/// A method the app calls on the table view (or the collection view), with its arguments: what the
/// trace, the events and the lesson's sequence diagram show. `text(in:)` is the one place it becomes
/// words, as Swift writes the call for the class simulated.
public enum TableViewCall: Equatable, Sendable {
    case beginUpdates
    case endUpdates
    case reloadData
    case insertRows([IndexPath])
    case deleteRows([IndexPath])
    case reloadRows([IndexPath])
    case reconfigureRows([IndexPath])
    case moveRow(from: IndexPath, to: IndexPath)
    case insertSections([Int])
    case deleteSections([Int])
    case reloadSections([Int])
    case moveSection(from: Int, to: Int)
    case setEditing(Bool)
    /// A diffable data source's `apply(_:animatingDifferences:)`.
    case apply(animatingDifferences: Bool)
    case applySnapshotUsingReloadData
    case performWithoutAnimation
    case performBatchUpdates
    /// `scrollToRow(at:at:animated:)`, `scrollToItem(at:at:animated:)`.
    case scrollToRow(IndexPath)

    /// The call a diffable data source makes for `call`.
    init(_ call: DiffableUpdate.Call) {
        switch call {
        case .deleteSections(let s): self = .deleteSections(s)
        case .insertSections(let s): self = .insertSections(s)
        case .reconfigureRows(let paths): self = .reconfigureRows(paths)
        case .reloadRows(let paths): self = .reloadRows(paths)
        case .deleteRows(let paths): self = .deleteRows(paths)
        case .insertRows(let paths): self = .insertRows(paths)
        case .moveRow(let from, let to): self = .moveRow(from: from, to: to)
        case .moveSection(let from, let to): self = .moveSection(from: from, to: to)
        }
    }

    /// The call as Swift writes it for the class `view` simulates: UICollectionView's take no animation,
    /// name items, open and close `performBatchUpdates(_:completion:)`'s block for `beginUpdates()` and
    /// `endUpdates()`, and set `isEditing` (iOS 14) for `setEditing(_:animated:)`.
    public func text(in view: ViewKind) -> String {
        let table = view == .table
        let animation = table ? ", with: .automatic)" : ")"
        func sections(_ s: [Int]) -> String { "[" + s.map(String.init).joined(separator: ", ") + "]" }
        switch self {
        case .beginUpdates: return table ? "beginUpdates()" : "performBatchUpdates(_:completion:) {"
        case .endUpdates:
            return table
                ? "endUpdates()" : "} (performBatchUpdates's block ends; the collection view checks the update)"
        case .reloadData: return "reloadData()"
        case .insertRows(let paths):
            return (table ? "insertRows" : "insertItems") + "(at: \(swiftIndexPaths(paths))" + animation
        case .deleteRows(let paths):
            return (table ? "deleteRows" : "deleteItems") + "(at: \(swiftIndexPaths(paths))" + animation
        case .reloadRows(let paths):
            return (table ? "reloadRows" : "reloadItems") + "(at: \(swiftIndexPaths(paths))" + animation
        case .reconfigureRows(let paths):
            return (table ? "reconfigureRows" : "reconfigureItems") + "(at: \(swiftIndexPaths(paths)))"
        case .moveRow(let from, let to):
            return (table ? "moveRow" : "moveItem") + "(at: \(swiftIndexPath(from)), to: \(swiftIndexPath(to)))"
        case .insertSections(let s): return "insertSections(\(sections(s))" + animation
        case .deleteSections(let s): return "deleteSections(\(sections(s))" + animation
        case .reloadSections(let s): return "reloadSections(\(sections(s))" + animation
        case .moveSection(let from, let to): return "moveSection(\(from), toSection: \(to))"
        case .setEditing(let on): return table ? "setEditing(\(on), animated: true)" : "isEditing = \(on)"
        case .apply(let animated): return "apply(_:animatingDifferences: \(animated))"
        case .applySnapshotUsingReloadData: return "applySnapshotUsingReloadData(_:)"
        case .performWithoutAnimation: return "UIView.performWithoutAnimation(_:)"
        case .performBatchUpdates: return "performBatchUpdates(_:completion:)"
        case .scrollToRow(let path):
            return table
                ? "scrollToRow(at: \(swiftIndexPath(path)), at: .middle, animated: true)"
                : "scrollToItem(at: \(swiftIndexPath(path)), at: .centeredVertically, animated: true)"
        }
    }
}

/// A table-view call as the event stream carries it: the call, and its words for the class simulated.
public struct TableViewCallEvent: Sendable {
    public var call: TableViewCall
    /// The class simulated when it was made.
    public var view: ViewKind
    /// The call as Swift writes it (`TableViewCall.text(in:)`).
    public var text: String { call.text(in: view) }
}
