/// How much a table holds, for the limits on its size: entries — its rows and sections, and the
/// operations an open batch has queued — and the bytes of text in its rows and titles.
public struct TableSize: Equatable, Sendable {
    /// Rows, sections and queued operations.
    public var entries: Int
    /// Bytes of text in rows and titles.
    public var textBytes: Int

    /// A size of `entries` entries and `textBytes` bytes of text.
    public init(entries: Int = 0, textBytes: Int = 0) {
        self.entries = entries
        self.textBytes = textBytes
    }

    /// What `sections` hold. O(rows).
    public init(_ sections: [Section]) {
        var size = TableSize(entries: sections.count)
        for section in sections {
            size.entries += section.rows.count
            size.textBytes += Self.bytes(section.header) + Self.bytes(section.footer) + Self.bytes(section.indexTitle)
            size.textBytes += section.rows.utf8Count
        }
        self = size
    }

    /// The most a plain command can add: itself, queued, and the text it carries (with the rows of a
    /// section reload).
    public init(adding edit: Edit) {
        switch edit {
        case .insertRow(_, let text): self.init(entries: 1, textBytes: text.utf8.count)
        case .reloadRow(_, let text): self.init(entries: 1, textBytes: Self.bytes(text))
        case .insertSection(_, let header): self.init(entries: 1, textBytes: Self.bytes(header))
        case .reloadSection(_, let rows?): self.init(entries: 1 + rows.count, textBytes: Self.bytes(rows))
        case .deleteRow, .moveRow, .deleteSection, .moveSection, .reloadSection(_, nil): self.init(entries: 1)
        }
    }

    /// What a plain operation outside a batch adds to the data source: what the same `data` edit adds
    /// (a delete or a move nothing, a reload only its text). Inlinable, like the two it is made of, so
    /// the literal edits' admission makes no data edit and switches at compile time.
    @inlinable
    public init(growing edit: Edit) {
        self.init(adding: DataEdit(edit))
    }

    /// The most a `table` command can add: itself, queued (the rows it shows come from the data source).
    public init(adding update: Update) {
        self.init(entries: 1)
    }

    /// The most a `data` command other than `reset` can add to the data source: the rows and sections it
    /// inserts and the text it carries.
    @inlinable
    public init(adding edit: DataEdit) {
        switch edit {
        case .insertRow(_, let text): self.init(entries: 1, textBytes: text.utf8.count)
        case .reloadRow(_, let text): self.init(textBytes: Self.bytes(text))
        case .insertSection(_, let header): self.init(entries: 1, textBytes: Self.bytes(header))
        case .reloadSection(_, let rows): self.init(entries: rows?.count ?? 0, textBytes: Self.bytes(rows ?? []))
        case .append(_, let rows): self.init(rows: rows)
        case .reset(let sections): self.init(sections)
        case .deleteRow, .moveRow, .deleteSection, .moveSection: self.init()
        }
    }

    /// What `rows` add to a section.
    public init(rows: [String]) {
        self.init(entries: rows.count, textBytes: Self.bytes(rows))
    }

    /// Both sizes together.
    public static func + (a: TableSize, b: TableSize) -> TableSize {
        TableSize(entries: a.entries + b.entries, textBytes: a.textBytes + b.textBytes)
    }

    /// The bytes of an optional text.
    @usableFromInline static func bytes(_ text: String?) -> Int { text?.utf8.count ?? 0 }

    /// The bytes of several texts.
    @usableFromInline static func bytes(_ texts: [String]) -> Int { texts.reduce(0) { $0 + $1.utf8.count } }
}

extension TableModel {
    /// What the model holds for the table limits: the data source, and the operations of the open
    /// batch with the text they carry. O(rows).
    public var size: TableSize { TableSize(dataSource) + pendingSize }

    /// What the open batch's operations hold. O(operations).
    public var pendingSize: TableSize {
        pendingOperations.reduce(TableSize()) { total, operation in
            switch operation {
            case .plain(let edit): total + TableSize(adding: edit)
            case .table(let update): total + TableSize(adding: update)
            }
        }
    }
}
