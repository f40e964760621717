import ListFormats
import ListModel

/// A parsed script: its statements in order.
public struct Program: Sendable {
    /// Every statement, in order.
    public let statements: Statements

    /// A program of `statements`.
    public init(statements: [Stmt]) { self.statements = Statements([statements]) }
    /// A program whose statements come in parts, one after the other (a file parsed in halves).
    init(parts: [[Stmt]]) { self.statements = Statements(parts) }

    /// A program's statements, used like an array. A big file parsed in two halves at once keeps
    /// them as two arrays rather than copy a million statements into one.
    public struct Statements: RandomAccessCollection, Sendable {
        /// The parts, in order.
        package let parts: [[Stmt]]
        /// Where each part starts in the whole.
        private let starts: [Int]

        init(_ parts: [[Stmt]]) {
            self.parts = parts
            var starts: [Int] = []
            var total = 0
            for part in self.parts {
                starts.append(total)
                total += part.count
            }
            self.starts = starts
            endIndex = total
        }

        public var startIndex: Int { 0 }
        public let endIndex: Int
        public subscript(position: Int) -> Stmt {
            // The last part starting at or before `position` (an empty part starts where the next does).
            var part = parts.count - 1
            while starts[part] > position { part -= 1 }
            return parts[part][position - starts[part]]
        }
    }
}

/// A `{ … }` block of statements.
public struct Block: Sendable {
    public var statements: [Stmt]
    public var range: SourceRange
    public init(statements: [Stmt], range: SourceRange) {
        self.statements = statements
        self.range = range
    }
}

/// Which layer of the model a command edits: both, or after a `data` or `table` prefix only that one.
public enum Layer: String, Sendable {
    /// A plain command: both layers, coherently, the way a correct app does.
    case both
    /// `data …`: only the data source, at once, with NSMutableArray semantics.
    case data
    /// `table …`: only the table view; it carries no values.
    case table
}

/// A node of the tree: what it is and where it is in the source.
public struct Node<Kind: Sendable>: Sendable {
    public var kind: Kind
    public var range: SourceRange
    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// A statement.
public typealias Stmt = Node<StmtKind>

/// One `PATH VALUE` pair of `insert`; `value` is nil for `table insert`.
public struct RowValue: Sendable {
    public var path: Expr
    public var value: Expr?
    public init(path: Expr, value: Expr?) {
        self.path = path
        self.value = value
    }
}

/// The rows of a row command, `insert` or `delete`: its layer and its elements (`RowValue`s, or
/// index paths as `Expr`s), used like an array.
///
/// `insert S:R "text"` and `delete S:R` with literal numbers and a plain string, as nearly every
/// line of a generated script is written, are kept in at most 30 bytes inside the statement instead
/// of an array on the heap, which a million-line script's tree and its building time are mostly made
/// of (bench/NOTES.md). They read back as the very elements the general rule builds, ranges included, so
/// nothing outside this type can tell the two apart.
public struct RowList<Literal: CompactRow>: RandomAccessCollection, Sendable {
    // Usable from the interpreter's inlined code: it reads a literal row in place (see `literal`).
    @usableFromInline enum Storage: Sendable {
        case literal(Literal)
        case general(Layer, [Literal.Element])
    }
    @usableFromInline let storage: Storage

    /// The elements, as the general rule builds them, for the layer the command names.
    public init(_ layer: Layer, _ elements: [Literal.Element]) { storage = .general(layer, elements) }
    /// One element in compact form (a plain command: both layers).
    init(_ literal: Literal) { storage = .literal(literal) }

    /// The layer the command edits (`insert` both, `data insert` the data source, `table insert` the table view).
    public var layer: Layer {
        switch storage {
        case .literal: .both
        case .general(let layer, _): layer
        }
    }

    /// The one element in compact form, so the interpreter need not evaluate its literals.
    @inlinable package var literal: Literal? {
        guard case .literal(let literal) = storage else { return nil }
        return literal
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .literal: 1
        case .general(_, let elements): elements.count
        }
    }
    public subscript(position: Int) -> Literal.Element {
        switch storage {
        case .literal(let literal): literal.element
        case .general(_, let elements): elements[position]
        }
    }
}

/// The rows of an `insert`: `PATH VALUE` pairs.
public typealias InsertedRows = RowList<LiteralInsert>
/// The rows of a `delete`: index paths.
public typealias DeletedRows = RowList<LiteralPath>

/// The compact form of one element of a `RowList`.
public protocol CompactRow: Sendable {
    associatedtype Element: Sendable
    /// The element as the general rule builds it.
    var element: Element { get }
}

/// `S:R` with literal numbers, and where it is: 13 bytes.
public struct LiteralPath: CompactRow {
    @usableFromInline var section: Int32
    @usableFromInline var row: Int32
    @usableFromInline var start: UInt32
    @usableFromInline var length: UInt8

    /// The compact form, or nil when a number or the range does not fit it.
    init?(section: Int, row: Int, range: SourceRange) {
        guard let s = Int32(exactly: section), let r = Int32(exactly: row),
            let start = UInt32(exactly: range.lowerBound),
            let length = UInt8(exactly: range.upperBound - range.lowerBound)
        else { return nil }
        self.section = s
        self.row = r
        self.start = start
        self.length = length
    }

    /// The index path it spells.
    @inlinable package var indexPath: IndexPath { IndexPath(section: Int(section), row: Int(row)) }
    /// Where it is in the source.
    @inlinable package var range: SourceRange { SourceRange(Int(start), Int(start) + Int(length)) }
    public var element: Expr { Expr(.literalIndexPath(section: Int(section), row: Int(row)), range) }
}

/// `S:R "text"` with literal numbers and a string without escapes, so the literal is the text
/// between two quotes: 30 bytes.
public struct LiteralInsert: CompactRow {
    /// The new row's text.
    package private(set) var text: String
    /// The index path.
    package private(set) var path: LiteralPath
    /// Blanks between the index path and the opening quote.
    private var gap: UInt8

    /// The compact form, or nil when a number or an offset does not fit it.
    init?(section: Int, row: Int, path: SourceRange, text: String, textRange: SourceRange) {
        guard let literal = LiteralPath(section: section, row: row, range: path),
            let gap = UInt8(exactly: textRange.lowerBound - path.upperBound),
            textRange.upperBound - textRange.lowerBound == text.utf8.count + 2
        else { return nil }
        self.text = text
        self.path = literal
        self.gap = gap
    }

    public var element: RowValue {
        let start = path.range.upperBound + Int(gap)
        return RowValue(
            path: path.element, value: Expr(.string(text), SourceRange(start, start + text.utf8.count + 2)))
    }
}

extension Stmt {
    /// `insert S:R "text"` with literals, at `range`.
    package init(_ row: LiteralInsert, _ range: SourceRange) { self.init(.insertRows(InsertedRows(row)), range) }
    /// `delete S:R` with literals, at `range`.
    package init(_ path: LiteralPath, _ range: SourceRange) { self.init(.deleteRows(DeletedRows(path)), range) }
}

extension StmtKind {
    /// The row this `insert` with literals inserts, if the statement is one.
    @inlinable package var literalInsert: LiteralInsert? {
        guard case .insertRows(let rows) = self else { return nil }
        return rows.literal
    }

    /// The row this `delete` with literals deletes, if the statement is one.
    @inlinable package var literalDelete: LiteralPath? {
        guard case .deleteRows(let paths) = self else { return nil }
        return paths.literal
    }
}

/// The three section titles a data source can give.
public enum SectionTitleKind: String, Sendable {
    case header, footer, indexTitle
}

/// The body of a hook: `on NAME = EXPR` or `on NAME { … return EXPR }`.
public enum HookBody: Sendable {
    case expression(Expr)
    case block(Block)
}

/// A procedure declaration.
public struct ProcDecl: Sendable {
    public var name: String
    public var nameRange: SourceRange
    public var parameters: [String]
    public var body: Block
    public init(name: String, nameRange: SourceRange, parameters: [String], body: Block) {
        self.name = name
        self.nameRange = nameRange
        self.parameters = parameters
        self.body = body
    }
}

/// One `if`/`else if` arm.
public struct ConditionalArm: Sendable {
    public var condition: Expr
    public var body: Block
    public init(condition: Expr, body: Block) {
        self.condition = condition
        self.body = body
    }
}

/// Every statement of the language (grammar.md §3).
public enum StmtKind: Sendable {
    // Core commands (§4.2) with their layer (§4.3).
    /// `insert PATH VALUE {, PATH VALUE}`; `table insert PATH {, PATH}`.
    case insertRows(InsertedRows)
    /// `delete PATH {, PATH}`.
    case deleteRows(DeletedRows)
    /// `move PATH to PATH`.
    indirect case moveRow(Layer, from: Expr, to: Expr)
    /// `reload PATH [VALUE] {, PATH [VALUE]}`.
    case reloadRows(Layer, [RowValue])
    /// `insert section N [TITLE]`.
    indirect case insertSection(Layer, Expr, title: Expr?)
    /// `delete section N {, N}`.
    case deleteSections(Layer, [Expr])
    /// `move section N to M`.
    indirect case moveSection(Layer, from: Expr, to: Expr)
    /// `reload section N [LIST]`.
    indirect case reloadSection(Layer, Expr, rows: Expr?)
    /// `append N VALUE {, VALUE}` (plain or `data`).
    indirect case append(Layer, section: Expr, values: [Expr])
    /// `reset TABLE` (plain or `data`).
    indirect case reset(Layer, Expr)
    /// `begin`: opens a batch (they nest).
    case begin
    /// `end`: closes a batch; the outermost one commits.
    case end
    /// `reloadData`: the table view re-reads the data source.
    case reloadData
    /// `header N TITLE`, `footer N TITLE`, `indexTitle N TITLE`.
    indirect case sectionTitle(SectionTitleKind, section: Expr, title: Expr)
    /// `style plain|grouped`: the table view's style.
    case tableStyle(grouped: Bool)
    /// `show`: render the table view.
    case show
    /// `show json`: the table view as one JSON document.
    case showJSON
    /// `dump`: print the data source as JSON.
    case dump

    // Scripting (§4.4).
    /// `let NAME = EXPR`.
    indirect case letBinding(name: String, nameRange: SourceRange, value: Expr)
    /// `NAME = EXPR`.
    indirect case assignment(name: String, nameRange: SourceRange, value: Expr)
    /// `if EXPR { … } else if EXPR { … } else { … }`.
    indirect case conditional(arms: [ConditionalArm], otherwise: Block?)
    /// `for NAME in EXPR { … }`.
    indirect case forLoop(variable: String, variableRange: SourceRange, sequence: Expr, body: Block)
    /// `while EXPR { … }`.
    indirect case whileLoop(condition: Expr, body: Block)
    /// `repeat EXPR { … }`.
    indirect case repeatLoop(count: Expr, body: Block)
    /// `proc NAME(P, …) { … }`.
    indirect case procedure(ProcDecl)
    /// `NAME(ARG, …)` as a statement.
    indirect case call(name: String, nameRange: SourceRange, arguments: [Expr])
    /// `return [EXPR]`.
    indirect case returnStmt(Expr?)
    /// `print EXPR {, EXPR}`.
    case print([Expr])
    /// `expect EXPR [, MESSAGE]`.
    indirect case expect(Expr, message: Expr?)
    /// `expect error [TEXT] { … }`.
    indirect case expectError(text: Expr?, body: Block)
    /// `run "other.list"`.
    indirect case run(Expr)

    // The teaching layer (§6).
    /// `on NAME = EXPR` or `on NAME { … }`.
    indirect case hook(name: String, nameRange: SourceRange, body: HookBody)
    /// `edit on|off`.
    case edit(Bool)
    /// `tap PATH`: the editing control.
    indirect case tap(Expr)
    /// `swipe PATH`: swipe to delete.
    indirect case swipe(Expr)
    /// `swipe close`: the row a swipe left open closes without a delete.
    case swipeClose
    /// `tap index TITLE`: a title of the section index bar.
    indirect case tapIndex(Expr)
    /// `tap accessory PATH`: a row's accessory button.
    indirect case tapAccessory(Expr)
    /// `drag PATH to PATH`: reorder.
    indirect case drag(from: Expr, to: Expr)
    /// `select PATH`.
    indirect case select(Expr)
    /// `scroll PATH`: `scrollToRow(at:at:animated:)`.
    indirect case scroll(Expr)
    /// `trace on|off`.
    case trace(Bool)

    // The diffable data source (§3).
    /// `apply TABLE [sections LIST] [valueIdentifiers] [reloading LIST] [reconfiguring LIST]
    /// [withoutAnimation|usingReloadData]`.
    indirect case apply(ApplySnapshot)
    /// `view table|collection`: the class simulated.
    case view(ViewKind)
    /// `messages classic|modern`: which texts a failed count check gives.
    case messages(MessageStyle)
    /// `messages suffix on|off`: whether UIKit's texts end with the view's description (iOS 14+).
    case messagesSuffix(Bool)
    /// `ios VERSION`: the iOS whose texts and rules apply.
    case ios(IOSVersion)

    // Accessories, undo, state in files and user defaults (§8).
    /// `accessory PATH TYPE`: the accessory the data source keeps for the item at PATH.
    indirect case accessory(path: Expr, type: Expr)
    /// `undo` (false) or `redo` (true).
    case undo(redo: Bool)
    /// `save FILE`: the whole state, as JSON or (for a name ending in `.plist`) a property list.
    indirect case save(Expr)
    /// `load FILE`: the state `save` wrote.
    indirect case load(Expr)
    /// `defaults set KEY VALUE`.
    indirect case defaultsSet(key: Expr, value: Expr)
    /// `defaults remove KEY`.
    indirect case defaultsRemove(Expr)
}

/// `apply`: a snapshot handed to the diffable data source, and how.
public struct ApplySnapshot: Sendable {
    /// How the table view takes the new state.
    public enum Mode: String, Sendable {
        /// `apply(_:animatingDifferences: true)`: the difference as one animated batch.
        case animated
        /// `apply(_:animatingDifferences: false)`: the same batch, inside `UIView.performWithoutAnimation`.
        case withoutAnimation
        /// `applySnapshotUsingReloadData(_:)`: no difference; the table view reloads.
        case usingReloadData
    }
    /// The rows of each section: a table.
    public var snapshot: Expr
    /// The section identifiers (a list of strings), or nil to identify sections by position.
    public var sections: Expr?
    /// `valueIdentifiers`: the identifiers stand for Swift values (an enum, a struct), which UIKit prints
    /// bare, as Swift describes them; without it they are strings, which a set's description quotes.
    public var valueIdentifiers = false
    /// The rows to reload, by text.
    public var reloading: Expr?
    /// The rows to reconfigure, by text.
    public var reconfiguring: Expr?
    public var mode: Mode = .animated

    public init(snapshot: Expr) { self.snapshot = snapshot }
}

/// An expression.
public typealias Expr = Node<ExprKind>

/// A piece of an interpolated string literal.
public enum StringPart: Sendable {
    case literal(String)
    case expression(Expr)
}

/// The editing-style values `delete`, `insert`, `none` (UITableViewCell.EditingStyle).
public enum EditingStyle: String, Sendable {
    case none, delete, insert
}

/// Prefix operators.
public enum UnaryOperator: String, Sendable {
    case negate = "-"
    case not = "not"
}

/// Infix operators, loosest first: `or`; `and`; comparisons; `+ -`; `* / %`.
public enum BinaryOperator: String, Sendable {
    case or, and
    case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">="
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
}

/// Every expression form (grammar.md §4).
public enum ExprKind: Sendable {
    case integer(Int64)
    case string(String)
    /// A string literal with `\(…)` interpolations.
    case interpolated([StringPart])
    case boolean(Bool)
    /// `delete`, `insert`, `none` in an expression.
    case editingStyle(EditingStyle)
    /// A variable or parameter name.
    case name(String)
    /// `[a, b, …]`.
    case list([Expr])
    /// `S:R`.
    indirect case indexPath(section: Expr, row: Expr)
    /// `S:R` where both are integer literals: stored inline, as most index paths in scripts are.
    case literalIndexPath(section: Int, row: Int)
    indirect case unary(UnaryOperator, Expr)
    indirect case binary(BinaryOperator, Expr, Expr)
    /// `a..<b` (closed: false) and `a...b` (closed: true).
    indirect case range(Expr, Expr, closed: Bool)
    /// `name(args)`: a built-in or a procedure.
    indirect case call(name: String, nameRange: SourceRange, arguments: [Expr])
    /// `x[i]`.
    indirect case subscripted(Expr, index: Expr)
    /// `x.name`, e.g. `p.section`.
    indirect case member(Expr, name: String)
}
