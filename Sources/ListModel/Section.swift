/// One section of the list: its rows and the titles the data source gives for it.
public struct Section: Equatable, Sendable {
    /// The rows' texts, in order.
    public var rows: [String]
    /// `tableView(_:titleForHeaderInSection:)`.
    public var header: String?
    /// `tableView(_:titleForFooterInSection:)`.
    public var footer: String?
    /// This section's entry in `sectionIndexTitles(for:)`.
    public var indexTitle: String?

    /// Creates a section from its rows and titles.
    public init(rows: [String] = [], header: String? = nil, footer: String? = nil, indexTitle: String? = nil) {
        self.rows = rows
        self.header = header
        self.footer = footer
        self.indexTitle = indexTitle
    }
}

/// Which of a section's titles a command sets.
public enum TitleKind: Sendable {
    case header, footer, indexTitle
}

/// The table view's style, as `UITableView.Style` names it.
public enum TableStyle: String, Sendable {
    case plain, grouped
}
