import ListFormats
import ListLanguage
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

    /// `method` as the simulated class names it.
    static func method(_ method: String, in view: ViewKind) -> String {
        view == .table ? method : methods[method] ?? method
    }
}
