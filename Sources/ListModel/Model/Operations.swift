/// What a command tells the table view: a `table …` command, or the table half of a plain command.
///
/// Deletes and reloads name old index paths (before the batch), inserts name new ones (after the
/// whole batch), and a move goes from an old path to a new one.
public enum Update: Equatable, Sendable {
    case insertRow(IndexPath)
    case deleteRow(IndexPath)
    case reloadRow(IndexPath)
    case moveRow(from: IndexPath, to: IndexPath)
    case insertSection(Int)
    case deleteSection(Int)
    case reloadSection(Int)
    case moveSection(from: Int, to: Int)

    /// True for a row or section reload.
    public var isReload: Bool {
        switch self {
        case .reloadRow, .reloadSection: true
        default: false
        }
    }

    /// The row an update is about (a move's source); nil for a section's.
    public var indexPath: IndexPath? {
        switch self {
        case .insertRow(let path), .deleteRow(let path), .reloadRow(let path), .moveRow(let path, _): path
        case .insertSection, .deleteSection, .reloadSection, .moveSection: nil
        }
    }
}

/// A plain command: the update the table view is told, plus the values the data source receives.
public enum Edit: Equatable, Sendable {
    case insertRow(IndexPath, String)
    case deleteRow(IndexPath)
    /// A nil text keeps the row's text.
    case reloadRow(IndexPath, String?)
    case moveRow(from: IndexPath, to: IndexPath)
    /// Inserts an empty section; row inserts into it in the same batch become its rows.
    case insertSection(Int, header: String?)
    case deleteSection(Int)
    /// Nil rows keep the section's rows.
    case reloadSection(Int, rows: [String]?)
    case moveSection(from: Int, to: Int)

    /// The update this command tells the table view.
    public var update: Update {
        switch self {
        case .insertRow(let path, _): .insertRow(path)
        case .deleteRow(let path): .deleteRow(path)
        case .reloadRow(let path, _): .reloadRow(path)
        case .moveRow(let from, let to): .moveRow(from: from, to: to)
        case .insertSection(let section, _): .insertSection(section)
        case .deleteSection(let section): .deleteSection(section)
        case .reloadSection(let section, _): .reloadSection(section)
        case .moveSection(let from, let to): .moveSection(from: from, to: to)
        }
    }
}

/// A `data …` command: it edits only the data source, at once, with `NSMutableArray` semantics.
/// It is never batched.
public enum DataEdit: Equatable, Sendable {
    /// `insertObject:atIndex:` (an index equal to the count appends).
    case insertRow(IndexPath, String)
    /// `removeObjectAtIndex:`.
    case deleteRow(IndexPath)
    /// `replaceObjectAtIndex:withObject:`; a nil text keeps the row's text.
    case reloadRow(IndexPath, String?)
    /// Removes the row at `from`, then inserts it at `to` (the classic `moveRowAt` code).
    case moveRow(from: IndexPath, to: IndexPath)
    case insertSection(Int, header: String?)
    case deleteSection(Int)
    case reloadSection(Int, rows: [String]?)
    /// Removes the section at `from`, then inserts it at `to`.
    case moveSection(from: Int, to: Int)
    case append(section: Int, rows: [String])
    case reset([Section])
}

extension DataEdit {
    /// The data-source edit a plain command makes (`data insert` is `insert` without the table view).
    @inlinable
    public init(_ edit: Edit) {
        switch edit {
        case .insertRow(let path, let text): self = .insertRow(path, text)
        case .deleteRow(let path): self = .deleteRow(path)
        case .reloadRow(let path, let text): self = .reloadRow(path, text)
        case .moveRow(let from, let to): self = .moveRow(from: from, to: to)
        case .insertSection(let section, let header): self = .insertSection(section, header: header)
        case .deleteSection(let section): self = .deleteSection(section)
        case .reloadSection(let section, let rows): self = .reloadSection(section, rows: rows)
        case .moveSection(let from, let to): self = .moveSection(from: from, to: to)
        }
    }
}
