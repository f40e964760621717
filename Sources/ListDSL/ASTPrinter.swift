/// The program as S-expressions, one line per top-level statement joined by newlines, with no
/// newline after the last (for `listdsl check --ast` and for tests). The format is described in
/// grammar.md, "The AST as S-expressions": `insert 0:0 "x"` prints as `(insert-rows both ((: 0 0) "x"))`.
public func sexpr(_ program: Program) -> String {
    var printer = ASTPrinter()
    for (index, statement) in program.statements.enumerated() {
        if index > 0 { printer.output += "\n" }
        printer.write(statement)
    }
    return printer.output
}

/// One statement as an S-expression, without a newline.
public func sexpr(_ statement: Stmt) -> String {
    var printer = ASTPrinter()
    printer.write(statement)
    return printer.output
}

/// One expression as an S-expression.
public func sexpr(_ expression: Expr) -> String {
    var printer = ASTPrinter()
    printer.write(expression)
    return printer.output
}

/// Writes AST nodes as S-expressions into `output`.
struct ASTPrinter {
    var output = ""

    /// Writes `(head item item …)`, each item written by `body` with a space before it.
    private mutating func list(_ head: String, _ body: (inout ASTPrinter) -> Void) {
        output += "(" + head
        body(&self)
        output += ")"
    }

    /// A space, then `expression`.
    private mutating func item(_ expression: Expr) {
        output += " "
        write(expression)
    }

    /// A space, then `text` as is.
    private mutating func item(_ text: String) {
        output += " " + text
    }

    /// A space, then `block`.
    private mutating func item(_ block: Block) {
        output += " "
        write(block)
    }

    /// `(block statement …)`.
    mutating func write(_ block: Block) {
        list("block") { printer in
            for statement in block.statements {
                printer.output += " "
                printer.write(statement)
            }
        }
    }

    /// `((: 0 0) "x")` or, without a value, `((: 0 0))`.
    private mutating func item(_ row: RowValue) {
        output += " ("
        write(row.path)
        if let value = row.value { item(value) }
        output += ")"
    }

    /// Writes a statement.
    mutating func write(_ statement: Stmt) {
        switch statement.kind {
        case .insertRows(let layer, let rows):
            list("insert-rows") { p in p.item(layer.rawValue); rows.forEach { p.item($0) } }
        case .deleteRows(let layer, let paths):
            list("delete-rows") { p in p.item(layer.rawValue); paths.forEach { p.item($0) } }
        case .moveRow(let layer, let from, let to):
            list("move-row") { p in p.item(layer.rawValue); p.item(from); p.item(to) }
        case .reloadRows(let layer, let rows):
            list("reload-rows") { p in p.item(layer.rawValue); rows.forEach { p.item($0) } }
        case .insertSection(let layer, let section, let title):
            list("insert-section") { p in p.item(layer.rawValue); p.item(section); title.map { p.item($0) } }
        case .deleteSections(let layer, let sections):
            list("delete-sections") { p in p.item(layer.rawValue); sections.forEach { p.item($0) } }
        case .moveSection(let layer, let from, let to):
            list("move-section") { p in p.item(layer.rawValue); p.item(from); p.item(to) }
        case .reloadSection(let layer, let section, let rows):
            list("reload-section") { p in p.item(layer.rawValue); p.item(section); rows.map { p.item($0) } }
        case .append(let layer, let section, let values):
            list("append") { p in p.item(layer.rawValue); p.item(section); values.forEach { p.item($0) } }
        case .reset(let layer, let table):
            list("reset") { p in p.item(layer.rawValue); p.item(table) }
        case .begin: output += "(begin)"
        case .end: output += "(end)"
        case .reloadData: output += "(reload-data)"
        case .sectionTitle(let kind, let section, let title):
            list(kind == .indexTitle ? "index-title" : kind.rawValue) { p in p.item(section); p.item(title) }
        case .tableStyle(let grouped): output += grouped ? "(style grouped)" : "(style plain)"
        case .show: output += "(show)"
        case .dump: output += "(dump)"
        case .letBinding(let name, _, let value):
            list("let") { p in p.item(name); p.item(value) }
        case .assignment(let name, _, let value):
            list("assign") { p in p.item(name); p.item(value) }
        case .conditional(let arms, let otherwise):
            list("if") { p in
                for arm in arms {
                    p.output += " "
                    p.list("cond") { p in p.item(arm.condition); p.item(arm.body) }
                }
                if let otherwise {
                    p.output += " "
                    p.list("else") { p in p.item(otherwise) }
                }
            }
        case .forLoop(let variable, _, let sequence, let body):
            list("for") { p in p.item(variable); p.item(sequence); p.item(body) }
        case .whileLoop(let condition, let body):
            list("while") { p in p.item(condition); p.item(body) }
        case .repeatLoop(let count, let body):
            list("repeat") { p in p.item(count); p.item(body) }
        case .procedure(let declaration):
            list("proc") { p in
                p.item(declaration.name)
                p.item("(" + declaration.parameters.joined(separator: " ") + ")")
                p.item(declaration.body)
            }
        case .call(let name, _, let arguments):
            list("call") { p in p.item(name); arguments.forEach { p.item($0) } }
        case .returnStmt(let value):
            list("return") { p in value.map { p.item($0) } }
        case .print(let values):
            list("print") { p in values.forEach { p.item($0) } }
        case .expect(let condition, let message):
            list("expect") { p in p.item(condition); message.map { p.item($0) } }
        case .expectError(let text, let body):
            list("expect-error") { p in text.map { p.item($0) }; p.item(body) }
        case .run(let path):
            list("run") { p in p.item(path) }
        case .hook(let name, _, let body):
            list("on") { p in
                p.item(name)
                switch body {
                case .expression(let expression): p.item(expression)
                case .block(let block): p.item(block)
                }
            }
        case .edit(let on): output += on ? "(edit on)" : "(edit off)"
        case .tap(let path): list("tap") { p in p.item(path) }
        case .swipe(let path): list("swipe") { p in p.item(path) }
        case .drag(let from, let to): list("drag") { p in p.item(from); p.item(to) }
        case .select(let path): list("select") { p in p.item(path) }
        case .trace(let on): output += on ? "(trace on)" : "(trace off)"
        }
    }

    /// Writes an expression.
    mutating func write(_ expression: Expr) {
        switch expression.kind {
        case .integer(let value): output += String(value)
        case .string(let text): output += ASTPrinter.quoted(text)
        case .interpolated(let parts):
            list("interp") { p in
                for part in parts {
                    switch part {
                    case .literal(let text): p.item(ASTPrinter.quoted(text))
                    case .expression(let expression): p.item(expression)
                    }
                }
            }
        case .boolean(let value): output += value ? "true" : "false"
        case .editingStyle(let style): output += "." + style.rawValue
        case .name(let name): output += name
        case .list(let elements): list("list") { p in elements.forEach { p.item($0) } }
        case .indexPath(let section, let row): list(":") { p in p.item(section); p.item(row) }
        case .unary(let op, let operand): list(op.rawValue) { p in p.item(operand) }
        case .binary(let op, let left, let right): list(op.rawValue) { p in p.item(left); p.item(right) }
        case .range(let lower, let upper, let closed):
            list(closed ? "..." : "..<") { p in p.item(lower); p.item(upper) }
        case .call(let name, _, let arguments):
            list("call") { p in p.item(name); arguments.forEach { p.item($0) } }
        case .subscripted(let base, let index): list("index") { p in p.item(base); p.item(index) }
        case .member(let base, let name): list(".") { p in p.item(base); p.item(name) }
        }
    }

    /// A string in double quotes with `\\ \" \n \t \r \0` and `\u{…}` for other control characters.
    static func quoted(_ text: String) -> String {
        // Most strings need no escapes (0xC2 may start a C1 control character).
        let plain = !text.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 }
        if plain { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\0": result += "\\0"
            default:
                if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) {
                    result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
