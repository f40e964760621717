/// One section of the list: its rows and the titles the data source gives for it.
public struct Section: Equatable, Sendable {
    /// The rows' texts, in order; kept in chunks that copies of the table share (`Rows`).
    public var rows: Rows
    /// `tableView(_:titleForHeaderInSection:)`.
    public var header: String?
    /// `tableView(_:titleForFooterInSection:)`.
    public var footer: String?
    /// This section's entry in `sectionIndexTitles(for:)`.
    public var indexTitle: String?

    /// Creates a section from its rows and titles.
    public init(rows: [String] = [], header: String? = nil, footer: String? = nil, indexTitle: String? = nil) {
        self.rows = Rows(rows)
        self.header = header
        self.footer = footer
        self.indexTitle = indexTitle
    }

    /// Sections are equal when their rows and titles are the same texts, byte for byte (`TextEquality`).
    public static func == (a: Section, b: Section) -> Bool {
        a.rows == b.rows && TextEquality.same(a.header, b.header)
            && TextEquality.same(a.footer, b.footer) && TextEquality.same(a.indexTitle, b.indexTitle)
    }
}

/// Everything a `TableModel` holds between batches, as `save` writes it.
public struct ListState: Equatable, Sendable {
    public var dataSource: [Section]
    public var tableView: [Section]
    public var isEditing: Bool
    public var style: TableStyle
    public var view: ViewKind
    public var messages: MessageStyle
    public var ios: IOSVersion
    public var messagesSuffix: Bool
    public var selection: IndexPath?

    /// Creates a state; the table view shows the data source unless given.
    public init(
        dataSource: [Section], tableView: [Section]? = nil, isEditing: Bool = false, style: TableStyle = .plain,
        view: ViewKind = .table, messages: MessageStyle = .classic, ios: IOSVersion = .current,
        messagesSuffix: Bool = false, selection: IndexPath? = nil
    ) {
        self.dataSource = dataSource
        self.tableView = tableView ?? dataSource
        self.isEditing = isEditing
        self.style = style
        self.view = view
        self.messages = messages
        self.ios = ios
        self.messagesSuffix = messagesSuffix
        self.selection = selection
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
