import ListFormats
import ListLanguage
import ListModel

/// An expression compiled: run it to get its value.
typealias CompiledExpr = (Interpreter) throws(ScriptError) -> Value
/// A condition compiled: run it to get its truth.
typealias CompiledCondition = (Interpreter) throws(ScriptError) -> Bool
/// A statement (or a list of them) compiled: run it to execute it.
typealias CompiledStmt = (Interpreter) throws(ScriptError) -> Flow

// Compiled code kept in an array is wrapped in a struct: an array of bare closures would store them
// in their most general form, and each call would go through a conversion.

/// A compiled expression in a list of them, with where it is.
struct ExprCode {
    let run: CompiledExpr
    let range: SourceRange
}

/// A compiled statement in a list of them.
struct StmtCode {
    let run: CompiledStmt
}

/// A row's text, compiled, in a list of them.
struct RowTextCode {
    let run: (Interpreter) throws(ScriptError) -> String
}

/// An expression that must be an integer, compiled: a constant is kept as it is, not behind a closure.
struct IntegerOperand {
    private let constant: Int64
    private let code: ((Interpreter) throws(ScriptError) -> Int64)?

    init(constant: Int64) {
        self.constant = constant
        code = nil
    }

    init(_ code: @escaping (Interpreter) throws(ScriptError) -> Int64) {
        constant = 0
        self.code = code
    }

    /// The integer.
    @inline(__always)
    func value(_ i: Interpreter) throws(ScriptError) -> Int64 {
        guard let code else { return constant }
        return try code(i)
    }

    /// The integer as a count or an index: clamped where `Int` has 32 bits (no table reaches 2³¹ there).
    @inline(__always)
    func index(_ i: Interpreter) throws(ScriptError) -> Int {
        Int(clamping: try value(i))
    }
}

/// An `if` or `else if` arm, compiled.
struct ArmCode {
    let test: CompiledCondition
    let body: CompiledStmt
}

/// Writes pieces of an interpolated string.
typealias TextWriter = (Interpreter, inout TextBuilder) throws(ScriptError) -> Void

/// Turns the tree into closures, once, so a loop or a procedure runs without dispatching on the tree
/// at every step: each closure holds its operands' closures, its constants, the numbers of the names
/// it uses (`Variables`) and the source ranges its diagnostics point at. What runs is exactly what the
/// tree says, in the same order, with the same checks, steps and events.
extension Interpreter {
    // MARK: - Statements

    /// Compiles statements run one after the other in the current scope, until one returns.
    func compile(_ statements: [Stmt]) -> CompiledStmt {
        let codes = statements.map { StmtCode(run: compile($0)) }
        return codes.isEmpty ? { _ in .normal } : Interpreter.sequence(codes[...])
    }

    /// Runs `codes` one after the other, until one returns: up to three by one closure, a longer list's
    /// halves each by a closure of their own, so nothing iterates over an array of closures (which
    /// retains and releases each one it calls), and a list of n statements nests only log₂ n calls deep.
    private static func sequence(_ codes: ArraySlice<StmtCode>) -> CompiledStmt {
        let s = codes.startIndex
        switch codes.count {
        case 1:
            return codes[s].run
        case 2:  // the short lists of most blocks, each one closure
            let (a, b) = (codes[s].run, codes[s + 1].run)
            return { (i) throws(ScriptError) in
                let flow = try a(i)
                if case .returned = flow { return flow }
                return try b(i)
            }
        case 3:
            let (a, b, c) = (codes[s].run, codes[s + 1].run, codes[s + 2].run)
            return { (i) throws(ScriptError) in
                var flow = try a(i)
                if case .returned = flow { return flow }
                flow = try b(i)
                if case .returned = flow { return flow }
                return try c(i)
            }
        default:
            let middle = s + codes.count / 2
            let first = sequence(codes[..<middle])
            let second = sequence(codes[middle...])
            return { (i) throws(ScriptError) in
                let flow = try first(i)
                if case .returned = flow { return flow }
                return try second(i)
            }
        }
    }

    /// Compiles a `{ … }` block: its statements in a scope of their own. A block none of whose own
    /// statements declares (a `let`, or a `run` whose script's `let`s would land in it) would leave its
    /// scope empty, so it runs in the enclosing one.
    func compile(_ block: Block) -> CompiledStmt {
        let body = compile(block.statements)
        guard block.statements.contains(where: { $0.kind.declaresInScope }) else { return body }
        return { (i) throws(ScriptError) in
            let saved = i.variables.enterScope()
            defer { i.variables.leaveScope(saved) }
            return try body(i)
        }
    }

    /// Compiles one statement: its events when they are wanted, its step, and what it does. Whether
    /// statement events are wanted is known when the interpreter is made (`statementEvents`), so a
    /// statement nobody listens to is one closure that never asks: its step, then its work.
    func compile(_ statement: Stmt) -> CompiledStmt {
        let body = compileBody(statement)
        guard statementEvents else { return body }
        let range = statement.range
        let compound = statement.kind.isCompound
        return { (i) throws(ScriptError) in
            try i.sending(range, compound: compound) { () throws(ScriptError) -> Flow in try body(i) }
        }
    }

    /// Runs a statement of a script the interpreter wrote itself (undo's inverse batches) as `exec` would,
    /// compiled or not, but without statement events: its lines are not the user's.
    func execWritten(_ statement: Stmt) throws(ScriptError) {
        if statement.kind.isCompiled { _ = try compileBody(statement)(self) } else { _ = try execQuietly(statement) }
    }

    /// What a statement does, its step counted first.
    private func compileBody(_ statement: Stmt) -> CompiledStmt {
        let range = statement.range
        switch statement.kind {
        case .letBinding(let name, _, let value):
            let n = variables.number(of: name)
            let code = compileStorable(value)
            return { (i) throws(ScriptError) in
                try i.tick(range)
                i.variables.declare(n, try code(i))
                return .normal
            }
        case .assignment(let name, let nameRange, let value):
            let n = variables.number(of: name)
            let code = compileStorable(value)
            return { (i) throws(ScriptError) in
                try i.tick(range)
                if !i.variables.assign(n, try code(i)) {
                    throw i.failure(nameRange, .assignmentToUndeclared(name))
                }
                return .normal
            }
        case .conditional(let arms, let otherwise):
            let tests = arms.map { ArmCode(test: compileCondition($0.condition), body: compile($0.body)) }
            // Compiled once: an `if` in an `else` block compiled twice would double at each level.
            let elseCode = otherwise.map { compile($0) }
            // A few arms are each a closure that tries the next (an array of them would retain and
            // release each arm it tries); a long `else if` chain is walked in a loop.
            guard tests.count <= 8 else {
                return { (i) throws(ScriptError) in
                    try i.tick(range)
                    for arm in tests where try arm.test(i) { return try arm.body(i) }
                    return try elseCode?(i) ?? .normal
                }
            }
            // The first arm is tried by the statement's own closure; the others each by a closure that
            // tries the next, ending in the `else` block's code (none: the statement does nothing).
            var chain = elseCode
            for arm in tests.dropFirst().reversed() {
                let (test, body, next) = (arm.test, arm.body, chain)
                chain = { (i) throws(ScriptError) in
                    if try test(i) { return try body(i) }
                    return try next?(i) ?? .normal
                }
            }
            let rest = chain
            guard let first = tests.first else {  // no arm: only a tree built by hand can hold one
                return { (i) throws(ScriptError) in
                    try i.tick(range)
                    return try rest?(i) ?? .normal
                }
            }
            let (test, body) = (first.test, first.body)
            return { (i) throws(ScriptError) in
                try i.tick(range)
                if try test(i) { return try body(i) }
                return try rest?(i) ?? .normal
            }
        case .forLoop(let variable, _, let sequence, let body):
            return compileFor(variables.number(of: variable), sequence, compile(body.statements), range)
        case .whileLoop(let condition, let body):
            let test = compileCondition(condition)
            let code = compile(body)
            return { (i) throws(ScriptError) in
                try i.tick(range)
                while try test(i) {
                    try i.checkInterrupt(range)
                    try i.tick(range)  // an empty body still counts as a step
                    if case .returned(let v) = try code(i) { return .returned(v) }
                }
                return .normal
            }
        case .repeatLoop(let countExpr, let body):
            let count = compileInteger(countExpr, "repeat count")
            let code = compile(body)
            return { (i) throws(ScriptError) in
                try i.tick(range)
                let n = try count.value(i)
                var done = 0
                while done < n {
                    try i.checkInterrupt(range)
                    try i.tick(range)
                    if case .returned(let v) = try code(i) { return .returned(v) }
                    done += 1
                }
                return .normal
            }
        case .procedure(let declaration):
            return { (i) throws(ScriptError) in
                try i.tick(range)
                try i.declare(declaration)
                return .normal
            }
        case .call(let name, let nameRange, let arguments):
            let call = compileCall(name, nameRange, arguments, range)
            return { (i) throws(ScriptError) in
                try i.tick(range)
                _ = try call(i)
                return .normal
            }
        case .returnStmt(let value):
            let code = value.map { compile($0) }
            return { (i) throws(ScriptError) in
                try i.tick(range)
                return .returned(try code?(i) ?? .nothing)
            }
        case .print(let values):
            let codes = values.map { compileList($0) }
            return { (i) throws(ScriptError) in
                try i.tick(range)
                var parts: [String] = []
                parts.reserveCapacity(codes.count)
                var length = codes.count  // the separators and the line feed
                for code in codes {
                    parts.append(try i.text(of: try code.run(i), code.range))
                    length &+= parts[parts.count - 1].utf8.count
                }
                // The line is one more string as long as the values' texts together: made once, counted first.
                try i.admitAllocation(length, range)
                var line = ""
                line.reserveCapacity(length)
                for (k, part) in parts.enumerated() {
                    if k > 0 { line += " " }
                    line += part
                }
                line += "\n"
                i.io.emit(.output(OutputEvent(kind: .print, text: line)))
                return .normal
            }
        case .expectError(let text, let body):
            let code = compile(body)
            return { (i) throws(ScriptError) in
                try i.tick(range)
                try i.execExpectError(text, range) { () throws(ScriptError) -> Flow in try code(i) }
                return .normal
            }
        case .hook(let name, let nameRange, let body):
            return { (i) throws(ScriptError) in
                try i.tick(range)
                i.declareHook(name, nameRange, body)
                return .normal
            }
        case .append(let layer, let sectionExpr, let valueExprs):
            let section = compileInteger(sectionExpr, "a section number")
            let texts = valueExprs.map { RowTextCode(run: compileRowText($0)) }
            let sectionRange = sectionExpr.range
            // One row, the commonest, needs no array, and a closure of its own: one closure for both
            // cases made a loop of `append 0 "row \(i)"` slower (bench/NOTES.md).
            if texts.count == 1 {
                let text = texts[0].run
                return { (i) throws(ScriptError) in
                    try i.tick(range)
                    if i.swipedRow != nil { try i.closeSwipe(at: range) }
                    let s = try section.index(i)
                    try i.append(layer, s, CollectionOfOne(try text(i)), sectionRange, range)
                    return .normal
                }
            }
            return { (i) throws(ScriptError) in
                try i.tick(range)
                if i.swipedRow != nil { try i.closeSwipe(at: range) }
                let s = try section.index(i)
                var rows: [String] = []
                rows.reserveCapacity(texts.count)
                for text in texts { rows.append(try text.run(i)) }
                try i.append(layer, s, rows, sectionRange, range)
                return .normal
            }
        case .insertRows(let rows) where rows.literal == nil:
            let layer = rows.layer
            let elements = rows.map { (compileIndexPath($0.path), $0.value.map { compileRowText($0) }, $0.path.range) }
            return { (i) throws(ScriptError) in
                try i.tick(range)
                if i.swipedRow != nil { try i.closeSwipe(at: range) }
                var ops: [(edit: Edit, range: SourceRange)] = []
                ops.reserveCapacity(elements.count)
                for (path, text, pathRange) in elements {
                    // Not `try text?(i) ?? ""`: `??` rethrows untyped errors, a dynamic cast Embedded Swift lacks.
                    let at = try path(i)
                    var row = ""
                    if let text { row = try text(i) }
                    ops.append((.insertRow(at, row), pathRange))
                }
                try i.perform(layer, ops, range) { .insertRows($0) }
                return .normal
            }
        case .deleteRows(let paths) where paths.literal == nil:
            let layer = paths.layer
            let elements = paths.map { (compileIndexPath($0), $0.range) }
            return { (i) throws(ScriptError) in
                try i.tick(range)
                if i.swipedRow != nil { try i.closeSwipe(at: range) }
                var ops: [(edit: Edit, range: SourceRange)] = []
                ops.reserveCapacity(elements.count)
                for (path, pathRange) in elements { ops.append((.deleteRow(try path(i)), pathRange)) }
                try i.perform(layer, ops, range) { .deleteRows($0) }
                return .normal
            }
        default:
            // Every other statement is a command or a gesture, which evaluates its operands itself.
            // Its step is counted where it runs (`execStatement`).
            let cache = OperandCache()
            return { (i) throws(ScriptError) in
                try i.withOperands(cache) { () throws(ScriptError) -> Flow in try i.execQuietly(statement) }
            }
        }
    }

    /// `for NAME in EXPR { … }` over a range, a list or a string's characters: one scope, holding only
    /// the loop variable at the start of each time round.
    private func compileFor(
        _ n: Int, _ sequence: Expr, _ body: @escaping CompiledStmt, _ range: SourceRange
    ) -> CompiledStmt {
        let values = compile(sequence)
        let sequenceRange = sequence.range
        return { (i) throws(ScriptError) in
            try i.tick(range)
            let seq = try values(i)
            let saved = i.variables.enterScope()
            defer { i.variables.leaveScope(saved) }
            /// Runs one time round with the loop variable bound to `value`.
            @inline(__always)
            func iterate(_ value: Value) throws(ScriptError) -> Flow {
                i.variables.rebind(n, value)
                try i.checkInterrupt(sequenceRange)
                try i.tick(sequenceRange)
                return try body(i)
            }
            switch seq {
            case .range(let lo, let hi, let closed):
                if hi < lo || (!closed && hi == lo) { return .normal }
                var k = lo
                while true {
                    if case .returned(let v) = try iterate(.integer(k)) { return .returned(v) }
                    if closed ? k >= hi : k >= hi - 1 { break }
                    k += 1
                }
            case .list(let list):
                for item in list.elements {
                    if case .returned(let v) = try iterate(item) { return .returned(v) }
                }
            case .string(let s):
                for ch in s {
                    if case .returned(let v) = try iterate(.string(String(ch))) { return .returned(v) }
                }
            default:
                throw i.failure(sequenceRange, .notIterable(seq.found()))
            }
            return .normal
        }
    }

    // MARK: - Expressions

    /// Compiles an expression.
    func compile(_ expr: Expr) -> CompiledExpr {
        let range = expr.range
        switch expr.kind {
        case .integer, .string, .boolean, .editingStyle, .literalIndexPath:
            let value = folded(expr)?.0 ?? .nothing  // a literal always folds
            return { _ in value }
        case .list(let items):
            if let (value, allocated) = folded(expr) {
                // A list written out in full is made once; each evaluation counts towards memory as before.
                return { (i) throws(ScriptError) in
                    try i.countAllocation(allocated, range)
                    return value
                }
            }
            let codes = items.map { compileList($0) }
            return { (i) throws(ScriptError) in
                var values: [Value] = []
                values.reserveCapacity(codes.count)
                for code in codes { values.append(try code.run(i)) }
                return try i.checkedList(ListValue(values), range)
            }
        case .interpolated(let parts):
            let text = compileInterpolation(parts, range)
            return { (i) throws(ScriptError) in .string(try text(i)) }
        case .name(let name):
            let n = variables.number(of: name)
            return { (i) throws(ScriptError) in
                if let v = i.variables.value(n) { return v }
                throw i.unknownName(name, range)
            }
        case .indexPath(let s, let r):
            let section = compileInteger(s, "an index path's section")
            let row = compileInteger(r, "an index path's row")
            return { (i) throws(ScriptError) in
                .indexPath(IndexPath(section: try section.index(i), row: try row.index(i)))
            }
        case .unary(let op, let operand):
            let code = compileStorable(operand)
            return { (i) throws(ScriptError) in try i.unary(op, try code(i), range) }
        case .binary(let op, let lhs, let rhs):
            return compileBinary(op, lhs, rhs, range)
        case .range(let lo, let hi, let closed):
            let start = compileInteger(lo, "a range's start")
            let end = compileInteger(hi, "a range's end")
            return { (i) throws(ScriptError) in .range(try start.value(i), try end.value(i), closed: closed) }
        case .call(let name, let nameRange, let arguments):
            return compileCall(name, nameRange, arguments, range)
        case .subscripted(let base, let index):
            let b = compileStorable(base)
            let x = compileStorable(index)
            return { (i) throws(ScriptError) in try i.subscripted(try b(i), try x(i), range) }
        case .member(let base, let name):
            let b = compileStorable(base)
            return { (i) throws(ScriptError) in try i.member(try b(i), name, range) }
        }
    }

    /// Compiles an interpolated string at `range` to the closure that makes its text.
    private func compileInterpolation(_ parts: [StringPart], _ range: SourceRange)
        -> (Interpreter) throws(ScriptError) -> String
    {
        let write = compileText(Interpreter.textPieces(parts)[...], range)
        return { (i) throws(ScriptError) in
            var text = TextBuilder()
            try write(i, &text)
            try i.countAllocation(text.count, range)
            return text.string
        }
    }

    /// A piece of an interpolated string as it is written: a literal, or a value with the short literal
    /// before it, if there is one (`"row \(i)"`), so one closure writes both.
    private enum TextPiece {
        case literal(String)
        case value(prefix: String?, Expr)
    }

    /// `parts` as pieces: each literal of up to 8 bytes followed by a value goes with that value.
    private static func textPieces(_ parts: [StringPart]) -> [TextPiece] {
        var pieces: [TextPiece] = []
        var k = parts.startIndex
        while k < parts.endIndex {
            switch parts[k] {
            case .literal(let literal):
                if literal.utf8.count <= 8, k + 1 < parts.endIndex, case .expression(let e) = parts[k + 1] {
                    pieces.append(.value(prefix: literal, e))
                    k += 1
                } else {
                    pieces.append(.literal(literal))
                }
            case .expression(let e):
                pieces.append(.value(prefix: nil, e))
            }
            k += 1
        }
        return pieces
    }

    /// Compiles the pieces of an interpolated string at `range` into closures that write them, in
    /// halves like `sequence`. The text's size is checked after each literal and each value.
    private func compileText(_ pieces: ArraySlice<TextPiece>, _ range: SourceRange) -> TextWriter {
        switch pieces.count {
        case 0:
            return { (_, _) throws(ScriptError) in }
        case 1:
            switch pieces[pieces.startIndex] {
            case .literal(let literal) where literal.utf8.count <= 8:
                let short = ShortText(literal)
                return { (i, text) throws(ScriptError) in try short.write(into: &text, i, range) }
            case .literal(let literal):
                let bytes = Array(literal.utf8)
                return { (i, text) throws(ScriptError) in
                    bytes.withUnsafeBytes { text.append($0) }
                    try i.checkTextSize(&text, range)
                }
            case .value(let prefix, let e):
                let code = compileStorable(e)
                let valueRange = e.range
                let short = prefix.map { ShortText($0) }
                if case .name(let name) = e.kind {  // `\(i)`: an integer is read in place and written as digits
                    let n = variables.number(of: name)
                    return { (i, text) throws(ScriptError) in
                        try short?.write(into: &text, i, range)
                        guard let x = i.variables.integer(n) else {
                            return try i.interpolate(try code(i), into: &text, valueRange, range)
                        }
                        text.append(decimal: x)
                        try i.checkTextSize(&text, range)
                    }
                }
                return { (i, text) throws(ScriptError) in
                    try short?.write(into: &text, i, range)
                    try i.interpolate(try code(i), into: &text, valueRange, range)
                }
            }
        default:
            let middle = pieces.startIndex + pieces.count / 2
            let first = compileText(pieces[..<middle], range)
            let second = compileText(pieces[middle...], range)
            return { (i, text) throws(ScriptError) in
                try first(i, &text)
                try second(i, &text)
            }
        }
    }

    /// A literal's value, worked out once: a number, a string, a literal index path, or a list of them
    /// (with the bytes its lists count towards memory), when it is within the value limits.
    func folded(_ expr: Expr) -> (Value, allocated: Int)? {
        switch expr.kind {
        case .integer(let n): return (.integer(n), 0)
        case .string(let s): return (.string(s), 0)
        case .boolean(let b): return (.boolean(b), 0)
        case .editingStyle(let s): return (.style(s), 0)
        case .literalIndexPath(let s, let r): return (.indexPath(IndexPath(section: s, row: r)), 0)
        case .list(let items):
            var values: [Value] = []
            values.reserveAdvising(items.count)
            var allocated = 0
            for item in items {
                guard let (value, bytes) = folded(item) else { return nil }
                values.append(value)
                allocated = ListValue.sum(allocated, bytes)
            }
            let list = ListValue(values)
            let limits = options.limits
            guard list.depth <= limits.valueDepth, list.size <= limits.valueSize else { return nil }
            return (.list(list), ListValue.sum(allocated, list.size))
        default: return nil
        }
    }

    /// Compiles an expression whose value is kept (not a procedure's `nothing`).
    func compileStorable(_ expr: Expr) -> CompiledExpr {
        let code = compile(expr)
        // Only a call can give nothing.
        guard case .call = expr.kind else { return code }
        let range = expr.range
        return { (i) throws(ScriptError) in
            let v = try code(i)
            if case .nothing = v { throw i.failure(range, .noValue) }
            return v
        }
    }

    /// Compiles an element of a list of values (a list literal's, a call's arguments, `print`'s).
    private func compileList(_ expr: Expr) -> ExprCode { ExprCode(run: compileStorable(expr), range: expr.range) }

    /// Compiles a condition, which must be a boolean; a comparison gives its truth without a value.
    func compileCondition(_ expr: Expr) -> CompiledCondition {
        let range = expr.range
        switch expr.kind {
        case .binary(.and, let lhs, let rhs):
            let l = compileCondition(lhs)
            let r = compileCondition(rhs)
            return { (i) throws(ScriptError) in try l(i) ? try r(i) : false }
        case .binary(.or, let lhs, let rhs):
            let l = compileCondition(lhs)
            let r = compileCondition(rhs)
            return { (i) throws(ScriptError) in try l(i) ? true : try r(i) }
        case .binary(let op, let lhs, let rhs) where Interpreter.isComparison(op):
            let general = compileComparison(op, lhs, rhs, range)
            if case .name(let name) = lhs.kind, case .integer(let y) = rhs.kind {  // `depth == 0`: the name read here
                let n = variables.number(of: name)
                return { (i) throws(ScriptError) in
                    if let x = i.variables.integer(n) { return Interpreter.compared(op, x, y) }
                    return try general(i)
                }
            }
            guard let l = compileIntegerCode(lhs), let r = compileIntegerCode(rhs) else { return general }
            if case .integer(let y) = rhs.kind {  // `x == 3`, `i < 10`: the constant is not evaluated
                return { (i) throws(ScriptError) in
                    if let x = l.run(i) { return Interpreter.compared(op, x, y) }
                    return try general(i)
                }
            }
            return { (i) throws(ScriptError) in
                if let x = l.run(i), let y = r.run(i) { return Interpreter.compared(op, x, y) }
                return try general(i)
            }
        default:
            let code = compile(expr)
            return { (i) throws(ScriptError) in
                let v = try code(i)
                guard case .boolean(let b) = v else {
                    throw i.failure(range, .mustBe(subject: "condition", kind: "a boolean", found: v.found()))
                }
                return b
            }
        }
    }

    /// Compiles a comparison: integers straight away, anything else through `compare`.
    private func compileComparison(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, _ range: SourceRange)
        -> CompiledCondition
    {
        let l = compileStorable(lhs)
        if case .integer(let y) = rhs.kind {  // the constant is not evaluated
            return { (i) throws(ScriptError) in
                let a = try l(i)
                if case .integer(let x) = a { return Interpreter.compared(op, x, y) }
                return try i.compare(op, a, .integer(y), range)
            }
        }
        let r = compileStorable(rhs)
        return { (i) throws(ScriptError) in
            let a = try l(i)
            let b = try r(i)
            if case .integer(let x) = a, case .integer(let y) = b { return Interpreter.compared(op, x, y) }
            return try i.compare(op, a, b, range)
        }
    }

    /// Compiles an expression that must be an integer; `what` names it in the message.
    func compileInteger(_ expr: Expr, _ what: String) -> IntegerOperand {
        if case .integer(let n) = expr.kind { return IntegerOperand(constant: n) }
        let code = compile(expr)
        let range = expr.range
        let general = { (i: Interpreter) throws(ScriptError) -> Int64 in
            let v = try code(i)
            guard case .integer(let n) = v else {
                throw i.failure(range, .mustBe(subject: what, kind: "an integer", found: v.found()))
            }
            return n
        }
        guard let fast = compileIntegerCode(expr) else { return IntegerOperand(general) }
        return IntegerOperand { (i) throws(ScriptError) in
            if let n = fast.run(i) { return n }
            return try general(i)
        }
    }

    /// Compiles an expression that must be an index path.
    func compileIndexPath(_ expr: Expr) -> (Interpreter) throws(ScriptError) -> IndexPath {
        if case .literalIndexPath(let s, let r) = expr.kind {
            let p = IndexPath(section: s, row: r)
            return { _ in p }
        }
        let code = compile(expr)
        let range = expr.range
        return { (i) throws(ScriptError) in try i.indexPathValue(try code(i), range) }
    }

    /// Compiles a row's text: a string, or an integer written in decimal.
    func compileRowText(_ expr: Expr) -> (Interpreter) throws(ScriptError) -> String {
        let range = expr.range
        // An interpolated string is the commonest row text in a loop: its text, with no value around it.
        if case .interpolated(let parts) = expr.kind { return compileInterpolation(parts, range) }
        let code = compile(expr)
        return { (i) throws(ScriptError) in try i.rowTextValue(try code(i), range) }
    }

    /// Compiles a binary operation: integer arithmetic and comparison straight away, the rest (strings,
    /// lists, overflow and other errors) through `binaryValues`.
    private func compileBinary(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, _ range: SourceRange) -> CompiledExpr {
        switch op {
        case .and, .or, .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual:
            let test = compileCondition(Expr(.binary(op, lhs, rhs), range))
            return { (i) throws(ScriptError) in .boolean(try test(i)) }
        default:
            break
        }
        let general = compileArithmetic(op, lhs, rhs, range)
        if Interpreter.isArithmetic(op), case .name(let name) = lhs.kind, case .integer(let y) = rhs.kind {
            // `depth - 1`: the name read here, not by an integer code's closure
            let n = variables.number(of: name)
            return { (i) throws(ScriptError) in
                if let x = i.variables.integer(n), let result = Interpreter.arithmetic(op, x, y) {
                    return .integer(result)
                }
                return try general(i)
            }
        }
        guard let fast = compileIntegerCode(Expr(.binary(op, lhs, rhs), range)) else { return general }
        return { (i) throws(ScriptError) in
            if let result = fast.run(i) { return .integer(result) }
            return try general(i)
        }
    }

    /// Compiles `+ - * / %`: integers straight away, anything else (and every error) through `binaryValues`.
    private func compileArithmetic(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, _ range: SourceRange)
        -> CompiledExpr
    {
        let l = compileStorable(lhs)
        if op == .add, case .string(let y) = rhs.kind {  // `prefix + "a"`: what `binaryValues` does for strings
            return { (i) throws(ScriptError) in
                switch try l(i) {
                case .string(let x):
                    return try i.concatenation(x, y, range)
                case let a:
                    return try i.binaryValues(op, a, .string(y), range)
                }
            }
        }
        if case .integer(let y) = rhs.kind {  // `total + 1`, `j % 2`: the constant is not evaluated
            return { (i) throws(ScriptError) in
                let a = try l(i)
                if case .integer(let x) = a, let result = Interpreter.arithmetic(op, x, y) { return .integer(result) }
                return try i.binaryValues(op, a, .integer(y), range)
            }
        }
        let r = compileStorable(rhs)
        return { (i) throws(ScriptError) in
            let a = try l(i)
            let b = try r(i)
            if case .integer(let x) = a, case .integer(let y) = b, let result = Interpreter.arithmetic(op, x, y) {
                return .integer(result)
            }
            return try i.binaryValues(op, a, b, range)
        }
    }

    /// Compiles a call of a procedure or a built-in. Which one is decided when it runs, as a procedure
    /// may be declared after the code calling it.
    func compileCall(_ name: String, _ nameRange: SourceRange, _ arguments: [Expr], _ range: SourceRange)
        -> CompiledExpr
    {
        let codes = arguments.map { compileList($0) }
        let push = Interpreter.pushing(codes)
        let isBuiltin = Vocabulary.arities.keys.contains(name)
        let found = FoundProcedure()
        return { (i) throws(ScriptError) in
            if found.generation != i.procedureGeneration {
                found.generation = i.procedureGeneration
                found.procedure = i.procedures[name]
            }
            if let procedure = found.procedure {
                return try procedure.call(name, given: codes.count, pushing: push, range, in: i)
            }
            if isBuiltin {
                var values: [Value] = []
                values.reserveCapacity(codes.count)
                for code in codes { values.append(try code.run(i)) }
                return try i.builtin(name, values, arguments, range)
            }
            throw i.failure(
                nameRange, .unknownFunction(name, candidates: Array(i.procedures.keys) + Vocabulary.builtinNames))
        }
    }
}

/// The procedure a call found, kept until the procedures change (`Interpreter.procedureGeneration`).
private final class FoundProcedure {
    @exclusivity(unchecked) var generation = -1
    @exclusivity(unchecked) var procedure: Procedure?
}

/// Pushes a call's arguments, evaluated in order, under the names numbered `parameters`.
typealias ArgumentPusher = (Interpreter, _ parameters: [Int]) throws(ScriptError) -> Void

extension Interpreter {
    /// Pushes the values of `codes`, in order, as a call's arguments. Up to three are evaluated first
    /// and then pushed under their names; more are pushed nameless as they come (so no argument sees
    /// another), by closures calling each other like `sequence`, and named at the end.
    fileprivate static func pushing(_ codes: [ExprCode]) -> ArgumentPusher {
        switch codes.count {
        case 0:
            return { _, _ in }
        case 1:
            let a = codes[0].run
            return { (i, names) throws(ScriptError) in
                let x = try a(i)
                i.variables.pushBinding(names[0], consume x)
            }
        case 2:
            let (a, b) = (codes[0].run, codes[1].run)
            return { (i, names) throws(ScriptError) in
                let x = try a(i)
                let y = try b(i)
                i.variables.pushBinding(names[0], consume x)
                i.variables.pushBinding(names[1], consume y)
            }
        case 3:
            let (a, b, c) = (codes[0].run, codes[1].run, codes[2].run)
            return { (i, names) throws(ScriptError) in
                let x = try a(i)
                let y = try b(i)
                let z = try c(i)
                i.variables.pushBinding(names[0], consume x)
                i.variables.pushBinding(names[1], consume y)
                i.variables.pushBinding(names[2], consume z)
            }
        default:
            let push = pushingNameless(codes[...])
            return { (i, names) throws(ScriptError) in
                let start = i.variables.locals.bindings.count
                try push(i)
                i.variables.name(names, from: start)
            }
        }
    }

    /// Pushes the values of `codes`, in order, each nameless until all are pushed.
    private static func pushingNameless(_ codes: ArraySlice<ExprCode>) -> (Interpreter) throws(ScriptError) -> Void {
        if codes.count == 1 {
            let code = codes[codes.startIndex].run
            return { (i) throws(ScriptError) in i.variables.pushArgument(try code(i)) }
        }
        let middle = codes.startIndex + codes.count / 2
        let first = pushingNameless(codes[..<middle])
        let second = pushingNameless(codes[middle...])
        return { (i) throws(ScriptError) in
            try first(i)
            try second(i)
        }
    }
}

extension StmtKind {
    /// Whether the statement is compiled before it runs (`Interpreter.exec`): one that holds others,
    /// declares, or evaluates expressions of its own. A command evaluates its operands itself.
    var isCompiled: Bool {
        switch self {
        case .letBinding, .assignment, .conditional, .forLoop, .whileLoop, .repeatLoop, .procedure, .call,
            .returnStmt, .print, .expectError, .hook, .append:
            true
        case .insertRows(let rows): rows.literal == nil
        case .deleteRows(let paths): paths.literal == nil
        default: false
        }
    }

    /// Whether the statement can add a binding to the scope it runs in: a `let`, or a `run` (its
    /// script's `let`s land there).
    var declaresInScope: Bool {
        switch self {
        case .letBinding, .run: true
        default: false
        }
    }

    /// Whether the statement holds others (its events bracket theirs).
    var isCompound: Bool {
        switch self {
        case .conditional, .forLoop, .whileLoop, .repeatLoop: true
        default: false
        }
    }
}
