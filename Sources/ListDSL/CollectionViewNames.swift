import ListModel

/// How the trace names UIKit's methods when the simulated class is UICollectionView: the table-view
/// calls and data-source questions the interpreter sends, in their collection-view spelling.
enum CollectionViewNames {
    /// Data-source and delegate methods with a collection-view counterpart.
    static let methods: [String: String] = [
        "tableView(_:numberOfRowsInSection:)": "collectionView(_:numberOfItemsInSection:)",
        "tableView(_:cellForRowAt:)": "collectionView(_:cellForItemAt:)",
        "tableView(_:canMoveRowAt:)": "collectionView(_:canMoveItemAt:)",
        "tableView(_:moveRowAt:to:)": "collectionView(_:moveItemAt:to:)",
        "tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)":
            "collectionView(_:targetIndexPathForMoveFromItemAt:toProposedIndexPath:)",
        "tableView(_:didSelectRowAt:)": "collectionView(_:didSelectItemAt:)",
        "sectionIndexTitles(for:)": "indexTitles(for:)",
        "tableView(_:sectionForSectionIndexTitle:at:)": "collectionView(_:indexPathForIndexTitle:at:)",
    ]

    /// Table-view calls (their start, and what their end becomes): the animation argument goes, since
    /// UICollectionView's calls take none.
    private static let calls: [(prefix: String, replacement: String, dropsAnimation: Bool)] = [
        ("insertRows(at: ", "insertItems(at: ", true), ("deleteRows(at: ", "deleteItems(at: ", true),
        ("reloadRows(at: ", "reloadItems(at: ", true), ("moveRow(at: ", "moveItem(at: ", false),
        ("reconfigureRows(at: ", "reconfigureItems(at: ", false), ("insertSections(", "insertSections(", true),
        ("deleteSections(", "deleteSections(", true), ("reloadSections(", "reloadSections(", true),
    ]

    /// `method` as the simulated class names it.
    static func method(_ method: String, in view: ViewKind) -> String {
        view == .table ? method : methods[method] ?? method
    }

    /// A table-view call as the simulated class makes it: `beginUpdates()` and `endUpdates()` open and
    /// close `performBatchUpdates(_:completion:)`'s block.
    static func call(_ call: String, in view: ViewKind) -> String {
        guard view == .collection else { return call }
        if call == "beginUpdates()" { return "performBatchUpdates(_:completion:) {" }
        // UICollectionView's editing state is a property (iOS 14), not setEditing(_:animated:).
        if call.hasPrefix("setEditing(") {
            return "isEditing = " + (call.hasPrefix("setEditing(true") ? "true" : "false")
        }
        if call == "endUpdates()" {
            return "} (performBatchUpdates's block ends; the collection view checks the update)"
        }
        for entry in calls where call.hasPrefix(entry.prefix) {
            let text = entry.replacement + call.dropFirst(entry.prefix.count)
            let animation = ", with: .automatic)"
            return entry.dropsAnimation && text.hasSuffix(animation) ? text.dropLast(animation.count) + ")" : text
        }
        return call
    }
}
