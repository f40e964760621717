import ListFormats
import ListModel

/// The program as S-expressions, one line per top-level statement joined by newlines, with no
/// newline after the last (for `listdsl check --ast` and for tests). The format is described in
/// grammar.md, "The AST as S-expressions": `insert 0:0 "x"` prints as `(insert-rows both ((: 0 0) "x"))`.
public func sexpr(_ program: Program) -> String {
    program.statements.map(ASTPrinter.statement).joined(separator: "\n")
}

/// One statement as an S-expression, without a newline.
public func sexpr(_ statement: Stmt) -> String {
    ASTPrinter.statement(statement)
}

/// One expression as an S-expression.
public func sexpr(_ expression: Expr) -> String {
    ASTPrinter.expression(expression)
}

/// Writes AST nodes as S-expressions. The AST's depth is bounded by the parser's nesting
/// limit, so the recursion here is too.
package enum ASTPrinter {
    /// `(head item item …)`.
    private static func node(_ head: String, _ items: [String]) -> String {
        items.isEmpty ? "(\(head))" : "(\(head) \(items.joined(separator: " ")))"
    }

    /// `(block statement …)`.
    static func block(_ block: Block) -> String {
        node("block", block.statements.map(statement))
    }

    /// `(PATH VALUE)` or, without a value, `(PATH)`.
    private static func row(_ row: RowValue) -> String {
        "(" + ([expression(row.path)] + (row.value.map { [expression($0)] } ?? [])).joined(separator: " ") + ")"
    }

    /// The printed optional part, or nothing.
    private static func optional(_ expression: Expr?) -> [String] {
        expression.map { [ASTPrinter.expression($0)] } ?? []
    }

    /// A statement.
    static func statement(_ statement: Stmt) -> String {
        switch statement.kind {
        case .insertRows(let rows):
            node("insert-rows", [rows.layer.rawValue] + rows.map(row))
        case .deleteRows(let paths):
            node("delete-rows", [paths.layer.rawValue] + paths.map(expression))
        case .moveRow(let layer, let from, let to):
            node("move-row", [layer.rawValue, expression(from), expression(to)])
        case .reloadRows(let layer, let rows):
            node("reload-rows", [layer.rawValue] + rows.map(row))
        case .insertSection(let layer, let section, let title):
            node("insert-section", [layer.rawValue, expression(section)] + optional(title))
        case .deleteSections(let layer, let sections):
            node("delete-sections", [layer.rawValue] + sections.map(expression))
        case .moveSection(let layer, let from, let to):
            node("move-section", [layer.rawValue, expression(from), expression(to)])
        case .reloadSection(let layer, let section, let rows):
            node("reload-section", [layer.rawValue, expression(section)] + optional(rows))
        case .append(let layer, let section, let values):
            node("append", [layer.rawValue, expression(section)] + values.map(expression))
        case .reset(let layer, let table):
            node("reset", [layer.rawValue, expression(table)])
        case .begin: "(begin)"
        case .end: "(end)"
        case .reloadData: "(reload-data)"
        case .sectionTitle(let kind, let section, let title):
            node(kind == .indexTitle ? "index-title" : kind.rawValue, [expression(section), expression(title)])
        case .tableStyle(let grouped): grouped ? "(style grouped)" : "(style plain)"
        case .show: "(show)"
        case .showJSON: "(show json)"
        case .dump: "(dump)"
        case .letBinding(let name, _, let value):
            node("let", [name, expression(value)])
        case .assignment(let name, _, let value):
            node("assign", [name, expression(value)])
        case .conditional(let arms, let otherwise):
            node(
                "if",
                arms.map { node("cond", [expression($0.condition), block($0.body)]) }
                    + (otherwise.map { [node("else", [block($0)])] } ?? []))
        case .forLoop(let variable, _, let sequence, let body):
            node("for", [variable, expression(sequence), block(body)])
        case .whileLoop(let condition, let body):
            node("while", [expression(condition), block(body)])
        case .repeatLoop(let count, let body):
            node("repeat", [expression(count), block(body)])
        case .procedure(let declaration):
            node(
                "proc",
                [declaration.name, "(" + declaration.parameters.joined(separator: " ") + ")", block(declaration.body)])
        case .call(let name, _, let arguments):
            node("call", [name] + arguments.map(expression))
        case .returnStmt(let value):
            node("return", optional(value))
        case .print(let values):
            node("print", values.map(expression))
        case .expect(let condition, let message):
            node("expect", [expression(condition)] + optional(message))
        case .expectError(let text, let body):
            node("expect-error", optional(text) + [block(body)])
        case .run(let path):
            node("run", [expression(path)])
        case .hook(let name, _, .expression(let value)):
            node("on", [name, expression(value)])
        case .hook(let name, _, .block(let body)):
            node("on", [name, block(body)])
        case .edit(let on): on ? "(edit on)" : "(edit off)"
        case .tap(let path): node("tap", [expression(path)])
        case .swipe(let path): node("swipe", [expression(path)])
        case .swipeClose: "(swipe close)"
        case .tapIndex(let title): node("tap-index", [expression(title)])
        case .tapAccessory(let path): node("tap-accessory", [expression(path)])
        case .drag(let from, let to): node("drag", [expression(from), expression(to)])
        case .select(let path): node("select", [expression(path)])
        case .scroll(let path): node("scroll", [expression(path)])
        case .trace(let on): on ? "(trace on)" : "(trace off)"
        case .view(let kind): "(view \(kind.rawValue))"
        case .messages(let style): "(messages \(style.rawValue))"
        case .messagesSuffix(let on): on ? "(messages suffix on)" : "(messages suffix off)"
        case .ios(let version): "(ios \(version))"
        case .accessory(let path, let type): node("accessory", [expression(path), expression(type)])
        case .undo(let redo): redo ? "(redo)" : "(undo)"
        case .save(let file): node("save", [expression(file)])
        case .load(let file): node("load", [expression(file)])
        case .defaultsSet(let key, let value): node("defaults-set", [expression(key), expression(value)])
        case .defaultsRemove(let key): node("defaults-remove", [expression(key)])
        case .apply(let apply):
            node(
                "apply",
                [apply.mode.rawValue, expression(apply.snapshot)]
                    + (apply.valueIdentifiers ? ["valueIdentifiers"] : [])
                    + [
                        ("sections", apply.sections), ("reloading", apply.reloading),
                        ("reconfiguring", apply.reconfiguring),
                    ]
                    .compactMap { word, value in value.map { node(word, [expression($0)]) } })
        }
    }

    /// An expression.
    static func expression(_ expression: Expr) -> String {
        switch expression.kind {
        case .integer(let value): String(value)
        case .string(let text): quoted(text)
        case .interpolated(let parts):
            node(
                "interp",
                parts.map { part in
                    switch part {
                    case .literal(let text): quoted(text)
                    case .expression(let inner): ASTPrinter.expression(inner)
                    }
                })
        case .boolean(let value): value ? "true" : "false"
        case .editingStyle(let style): "." + style.rawValue
        case .name(let name): name
        case .list(let elements): node("list", elements.map(ASTPrinter.expression))
        case .indexPath(let section, let row): node(":", [ASTPrinter.expression(section), ASTPrinter.expression(row)])
        case .literalIndexPath(let section, let row): node(":", [String(section), String(row)])
        case .unary(let op, let operand): node(op.rawValue, [ASTPrinter.expression(operand)])
        case .binary(let op, let left, let right):
            node(op.rawValue, [ASTPrinter.expression(left), ASTPrinter.expression(right)])
        case .range(let lower, let upper, let closed):
            node(closed ? "..." : "..<", [ASTPrinter.expression(lower), ASTPrinter.expression(upper)])
        case .call(let name, _, let arguments):
            node("call", [name] + arguments.map(ASTPrinter.expression))
        case .subscripted(let base, let index):
            node("index", [ASTPrinter.expression(base), ASTPrinter.expression(index)])
        case .member(let base, let name): node(".", [ASTPrinter.expression(base), name])
        }
    }

    /// A string in double quotes, with the language's escapes.
    package static func quoted(_ text: String) -> String { StringEscape.quoted(text, .language) }
}
