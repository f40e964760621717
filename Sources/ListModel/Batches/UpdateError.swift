/// A failed command or commit.
public struct UpdateError: Error, Equatable, Sendable {
    /// Which kind of failure, and so whose words the message uses.
    public enum Kind: Equatable, Sendable {
        /// UITableView's `NSInternalInconsistencyException`; the message is UIKit's text verbatim.
        case invalidUpdate
        /// `NSMutableArray`'s `NSRangeException`, e.g. "index 5 beyond bounds [0 .. 2]".
        case outOfBounds
        /// Our own rule (mixing plain and data commands in a batch, `end` without `begin`, a negative
        /// index, …): lowercase, no full stop, says what was expected.
        case usage
    }

    public var kind: Kind
    public var message: String
    /// For a usage error: which of the model's rules, with its data.
    public var rule: ModelRule?
    /// For an invalid update about a reload: the reload as UIKit performs it, when the check failed on
    /// one of its halves (a delete and an insert the user did not write).
    public var reload: ReloadHalves?
    /// For an invalid update about a row in a batch that also moves sections: the batch's section moves.
    /// UIKit reads a delete, a reload and a move's source in the sections as they were before the batch,
    /// an insert and a move's destination in the sections as they are after it (reference rule 10).
    public var sectionMoves: [SectionChange] = []
    /// For an invalid update: which of UIKit's texts, with its numbers (consumers read this, not `message`).
    public var uikit: UIKitText?
    /// Which pending operation of the batch (0-based, in the order they were issued) the failed check
    /// is about; nil means the committing `end` (the count checks). For a single command outside a
    /// batch it is 0 or nil.
    public var operationIndex: Int?
    /// The data source's row counts, section by section, as the table view read them when the batch
    /// ended and UIKit's checks ran (`numberOfSections(in:)`, `tableView(_:numberOfRowsInSection:)`);
    /// nil when the failure came before the checks. Not part of equality: it records what was asked.
    public var rowsAfter: [Int]?

    /// Creates an error of `kind` with `message`, about operation `operationIndex` of the batch.
    public init(_ kind: Kind, _ message: String, operationIndex: Int? = nil) {
        self.kind = kind
        self.message = message
        self.operationIndex = operationIndex
    }

    /// Equal when the kind, the message and the operation are.
    public static func == (a: UpdateError, b: UpdateError) -> Bool {
        a.kind == b.kind && a.message == b.message && a.operationIndex == b.operationIndex
    }
}

extension UpdateError {
    /// A usage error: one of the model's own rules, in its words.
    public static func usage(_ rule: ModelRule) -> UpdateError {
        var error = UpdateError(.usage, rule.message)
        error.rule = rule
        return error
    }

    /// UIKit's `NSInternalInconsistencyException` about pending operation `operation` (nil: the `end`),
    /// worded for `view`.
    static func invalidUpdate(_ text: UIKitText, in view: ViewKind, operation: Int?) -> UpdateError {
        var error = UpdateError(.invalidUpdate, text.worded(for: view), operationIndex: operation)
        error.uikit = text
        return error
    }

    /// `NSMutableArray`'s range exception for `index` in an array of `count` objects.
    static func beyondBounds(index: Int, count: Int) -> UpdateError {
        let message =
            count == 0
            ? "index \(index) beyond bounds for empty array"
            : "index \(index) beyond bounds [0 .. \(count - 1)]"
        return UpdateError(.outOfBounds, message)
    }
}

/// A reload as UIKit performs it: a delete at its old index path and an insert at its new one (the old
/// path shifted by the batch's deletes and inserts; moves do not count).
public struct ReloadHalves: Equatable, Sendable {
    /// Where the delete half is: the index path the reload names (for a section, its section).
    public var deletedAt: IndexPath
    /// Where the insert half is.
    public var insertedAt: IndexPath
    /// A section reload: the two halves are sections.
    public var isSection: Bool
}
