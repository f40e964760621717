/// A parsed script: its statements in order, in one part or, for a big file parsed in two halves
/// at once, in two (joining them would copy every statement).
public struct Program: Sendable {
    /// The statements, part after part.
    public let parts: [[Stmt]]
    public init(statements: [Stmt]) { parts = [statements] }
    public init(parts: [[Stmt]]) { self.parts = parts }

    /// Every statement, in order.
    public var statements: [Stmt] { parts.count == 1 ? parts[0] : Array(parts.joined()) }
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

/// A statement: what it is and where it is.
public struct Stmt: Sendable {
    public var kind: StmtKind
    public var range: SourceRange
    public init(_ kind: StmtKind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

/// One `PATH VALUE` pair of `insert`; `value` is nil for `table insert`.
public struct RowValue: Sendable {
    public var path: Expr
    public var value: Expr?
    public init(path: Expr, value: Expr?) {
        self.path = path
        self.value = value
    }
}

/// A list that keeps its first element inline, so the one-element lists most commands carry
/// (`insert 0:1 "x"`, `delete 2:0`) need no heap allocation. Used like an array.
public struct InlineList<Element: Sendable>: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
    /// The first element, if any.
    var head: Element?
    /// Every element after the first.
    var tail: [Element]

    /// Creates an empty list.
    public init() {
        head = nil
        tail = []
    }

    /// Creates a list holding `elements` in order.
    public init(_ elements: [Element]) {
        self.init()
        for e in elements { append(e) }
    }

    /// Creates a list from an array literal.
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }

    /// Adds `element` at the end.
    public mutating func append(_ element: Element) {
        if head == nil { head = element } else { tail.append(element) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { head == nil ? 0 : 1 + tail.count }

    /// The element at `position` (0 is the inline head).
    public subscript(position: Int) -> Element {
        if position == 0, let head { return head }
        return tail[position - 1]
    }
}

/// `insert S:R "text"` or `delete S:R` written with literal numbers and a plain string, as nearly
/// every line of a generated script is. It takes 32 bytes where the general form, `insertRows` or
/// `deleteRows`, takes a heap box of about a hundred, so a million-line script's tree takes half
/// the memory. It means exactly its general form, which `Stmt.general` gives.
public struct LiteralRowCommand: Sendable {
    /// The index path's numbers.
    public var section: Int32
    public var row: Int32
    /// Byte offsets from the statement's start: the index path, and the text's opening quote.
    var pathStart: UInt16
    var pathEnd: UInt16
    var textStart: UInt16
    /// The new row's text; empty for `delete`.
    public var text: String

    /// Creates the compact form, or returns nil when a number or an offset does not fit it.
    init?(section: Int, row: Int, text: String, path: SourceRange, textStart: Int, in statement: SourceRange) {
        guard let s = Int32(exactly: section), let r = Int32(exactly: row),
            let ps = UInt16(exactly: path.lowerBound - statement.lowerBound),
            let pe = UInt16(exactly: path.upperBound - statement.lowerBound),
            let ts = UInt16(exactly: textStart - statement.lowerBound)
        else { return nil }
        self.section = s
        self.row = r
        self.pathStart = ps
        self.pathEnd = pe
        self.textStart = ts
        self.text = text
    }

    /// The index path's range in the source, given the statement's.
    public func pathRange(in statement: SourceRange) -> SourceRange {
        SourceRange(statement.lowerBound + Int(pathStart), statement.lowerBound + Int(pathEnd))
    }

    /// The index path as an expression.
    func path(in statement: SourceRange) -> Expr {
        Expr(.literalIndexPath(section: Int(section), row: Int(row)), pathRange(in: statement))
    }
}

extension Stmt {
    /// The statement in its general form: a compact literal command becomes the `insertRows` or
    /// `deleteRows` it stands for; every other statement is itself.
    public var general: Stmt {
        switch kind {
        case .insertLiteral(let command):
            let text = Expr(
                .string(command.text), SourceRange(range.lowerBound + Int(command.textStart), range.upperBound))
            return Stmt(.insertRows(.both, [RowValue(path: command.path(in: range), value: text)]), range)
        case .deleteLiteral(let command):
            return Stmt(.deleteRows(.both, [command.path(in: range)]), range)
        default:
            return self
        }
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
    indirect case insertRows(Layer, InlineList<RowValue>)
    /// `delete PATH {, PATH}`.
    indirect case deleteRows(Layer, InlineList<Expr>)
    /// `insert S:R "text"` written with literals: `insertRows` in compact form (see `LiteralRowCommand`).
    case insertLiteral(LiteralRowCommand)
    /// `delete S:R` written with literals: `deleteRows` in compact form.
    case deleteLiteral(LiteralRowCommand)
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
    /// `drag PATH to PATH`: reorder.
    indirect case drag(from: Expr, to: Expr)
    /// `select PATH`.
    indirect case select(Expr)
    /// `trace on|off`.
    case trace(Bool)
}

/// An expression: what it is and where it is.
public struct Expr: Sendable {
    public var kind: ExprKind
    public var range: SourceRange
    public init(_ kind: ExprKind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }
}

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
    case integer(Int)
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
