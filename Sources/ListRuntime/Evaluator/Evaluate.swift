import ListFormats
import ListLanguage
import ListModel

/// The compiled operands of one command statement inside compiled code, by where they are: the
/// command evaluates its operands itself (`Interpreter.evaluate`), and each is compiled the first time
/// round, not every time.
final class OperandCache {
    fileprivate var codes: [ExprCode] = []
}

extension Interpreter {
    /// Evaluates an expression: a command's operand, compiled when first met (and kept while a command
    /// inside compiled code is running, in its `OperandCache`).
    func evaluate(_ expr: Expr) throws(ScriptError) -> Value {
        if let (value, allocated) = folded(expr) {
            if allocated > 0 { try countAllocation(allocated, expr.range) }
            return value
        }
        guard let cache = operands else { return try compile(expr)(self) }
        for code in cache.codes where code.range == expr.range { return try code.run(self) }
        let code = compile(expr)
        cache.codes.append(ExprCode(run: code, range: expr.range))
        return try code(self)
    }

    /// Runs `body`, a command inside compiled code, with its operands' compiled code kept in `cache`.
    func withOperands<T>(_ cache: OperandCache?, _ body: () throws(ScriptError) -> T) throws(ScriptError) -> T {
        let saved = operands
        operands = cache
        defer { operands = saved }
        return try body()
    }

    /// Evaluates an expression that must give a value that can be stored (not a procedure's `nothing`).
    func storable(_ expr: Expr) throws(ScriptError) -> Value {
        let v = try evaluate(expr)
        if case .nothing = v { throw failure(expr.range, .noValue) }
        return v
    }

    /// Evaluates an expression that must be an integer; `what` names it in the message. As an `Int`, for a
    /// count or an index: clamped where `Int` has 32 bits (no table or list reaches 2³¹ there).
    func integer(_ expr: Expr, _ what: String) throws(ScriptError) -> Int {
        let v = try evaluate(expr)
        guard case .integer(let n) = v else {
            throw failure(expr.range, .mustBe(subject: what, kind: "an integer", found: v.found()))
        }
        return Int(clamping: n)
    }

    /// Evaluates an expression that must be an index path.
    func indexPath(_ expr: Expr) throws(ScriptError) -> IndexPath {
        if case .literalIndexPath(let s, let r) = expr.kind { return IndexPath(section: s, row: r) }
        return try indexPathValue(try evaluate(expr), expr.range)
    }

    /// Evaluates a row's text: a string, or an integer written in decimal.
    func rowText(_ expr: Expr) throws(ScriptError) -> String { try rowTextValue(try evaluate(expr), expr.range) }

    /// `value`, which must be an index path.
    func indexPathValue(_ value: Value, _ range: SourceRange) throws(ScriptError) -> IndexPath {
        guard case .indexPath(let p) = value else {
            throw failure(range, .expectedValue("an index path like 0:1", found: value.found()))
        }
        return p
    }

    /// `value` as a row's text: a string, or an integer written in decimal; `what` names it in the message.
    @inline(__always)
    func rowTextValue(_ value: Value, _ range: SourceRange, what: String = "a row's text") throws(ScriptError)
        -> String
    {
        switch value {
        case .string(let s): return s
        case .integer(let n): return Interpreter.decimal(n)
        default: throw failure(range, .mustBe(subject: what, kind: "a string", found: value.found()))
        }
    }

    /// Writes the text of an interpolated expression's value into `text`, checking the string's size.
    @inline(__always)
    func interpolate(_ value: Value, into text: inout TextBuilder, _ valueRange: SourceRange, _ range: SourceRange)
        throws(ScriptError)
    {
        switch value {
        case .integer(let n): text.append(decimal: n)
        case .string(let s):
            try checkTextGrowth(&text, by: s.utf8.count, range)
            text.append(s)
        default:
            let piece = try self.text(of: value, valueRange)
            try checkTextGrowth(&text, by: piece.utf8.count, range)
            text.append(piece)
        }
        try checkTextSize(&text, range)
    }

    /// Checks an interpolated string's size so far, after each of its pieces: a few comparisons, the
    /// value-size check only once the text is over the limit, and the memory limit once a large text has
    /// doubled since it was last checked (`checkTextGrowth`).
    @inline(__always)
    func checkTextSize(_ text: inout TextBuilder, _ range: SourceRange) throws(ScriptError) {
        if text.count > options.limits.valueSize { try checkSize(text.count, of: "string", range) }
        try checkTextGrowth(&text, by: 0, range)
    }

    /// Before `bytes` more are appended to `text`: when that takes a large text past the length last
    /// checked, fails if memory in use and what the text may take then would pass the memory limit (its
    /// bytes grow by doubling, and the string made of them is as long again).
    @inline(__always)
    func checkTextGrowth(_ text: inout TextBuilder, by bytes: Int, _ range: SourceRange) throws(ScriptError) {
        let after = text.count &+ bytes
        if after > text.memoryCheckedUpTo && after >= Interpreter.largeAllocation {
            try checkMemory(range, more: 2 &* after)
            text.memoryCheckedUpTo = 2 &* after
        }
    }

    /// `n` written in decimal, made from digits on the stack (a short one, as most are, without the heap).
    static func decimal(_ n: Int64) -> String {
        TextBuilder.withDecimal(n) { String(decoding: $0, as: UTF8.self) }
    }

    /// `-x` and `not x`.
    func unary(_ op: UnaryOperator, _ v: Value, _ range: SourceRange) throws(ScriptError) -> Value {
        switch (op, v) {
        case (.negate, .integer(let n)):
            let (r, overflow) = Int64(0).subtractingReportingOverflow(n)
            if overflow { throw failure(range, .overflow("-(\(n))")) }
            return .integer(r)
        case (.not, .boolean(let b)):
            return .boolean(!b)
        default:
            throw failure(range, .cannotApply(op: op.rawValue, to: "\(v.found())", stringConcatenation: false))
        }
    }

    /// `x.section`, `x.row`, `list.count`.
    func member(_ v: Value, _ name: String, _ range: SourceRange) throws(ScriptError) -> Value {
        switch (v, name) {
        case (.indexPath(let p), "section"): return .integer(p.section)
        case (.indexPath(let p), "row"): return .integer(p.row)
        case (.list(let list), "count"): return .integer(list.elements.count)
        default: throw failure(range, .noMember(type: v.typeName, name: name))
        }
    }

    /// `x[i]` on lists, strings and ranges.
    func subscripted(_ base: Value, _ index: Value, _ range: SourceRange) throws(ScriptError) -> Value {
        guard case .integer(let i) = index else {
            throw failure(range, .mustBe(subject: "an index", kind: "an integer", found: index.found()))
        }
        switch base {
        case .list(let list):
            let items = list.elements
            guard i >= 0 && i < items.count else {
                throw failure(range, .indexOutOfRange(i, in: "a list of \(counted(items.count, "element"))"))
            }
            return items[Int(i)]
        case .string(let s):
            let chars = Array(s)
            guard i >= 0 && i < chars.count else {
                throw failure(
                    range, .indexOutOfRange(i, in: "a string of \(counted(chars.count, "character"))"))
            }
            return .string(String(chars[Int(i)]))
        case .range(let lo, let hi, let closed):
            // lo + i, compared with the end; no count, which overflows for the longest ranges.
            let (element, overflow) = lo.addingReportingOverflow(i)
            guard i >= 0, !overflow, closed ? element <= hi : element < hi else {
                throw failure(range, .indexOutOfRange(i, in: base.literal))
            }
            return .integer(element)
        default:
            throw failure(range, .cannotIndex(base.found()))
        }
    }

    /// Whether `op` compares its operands.
    static func isComparison(_ op: BinaryOperator) -> Bool {
        switch op {
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual: true
        default: false
        }
    }

    /// A binary operation on evaluated operands (`and` and `or` are compiled, for they short-circuit);
    /// arithmetic overflow is an error.
    func binaryValues(_ op: BinaryOperator, _ l: Value, _ r: Value, _ range: SourceRange) throws(ScriptError) -> Value {
        if Interpreter.isComparison(op) { return .boolean(try compare(op, l, r, range)) }
        switch (l, r) {
        case (.integer(let a), .integer(let b)):
            if let result = Interpreter.arithmetic(op, a, b) { return .integer(result) }
            if b == 0 && (op == .divide || op == .remainder) {
                throw failure(range, .divisionByZero("\(a) \(op.rawValue) 0"))
            }
            throw failure(range, .overflow("\(a) \(op.rawValue) \(b)"))
        case (.string(let a), .string(let b)) where op == .add:
            return try concatenation(a, b, range)
        case (.list(let a), .list(let b)) where op == .add:
            try checkSizeBeforeMaking(ListValue.sizeOfSum(a, b), of: "list", range)
            return .list(a + b)
        default:
            var concatenation = false
            if op == .add, case .string = l { concatenation = true }
            if op == .add, case .string = r { concatenation = true }
            throw failure(
                range,
                .cannotApply(op: op.rawValue, to: "\(l.typeName) and \(r.typeName)", stringConcatenation: concatenation)
            )
        }
    }

    /// `a + b` on strings, within the value-size limit.
    @inline(__always)
    func concatenation(_ a: String, _ b: String, _ range: SourceRange) throws(ScriptError) -> Value {
        try checkSizeBeforeMaking(a.utf8.count + b.utf8.count, of: "string", range)
        return .string(a + b)
    }

    /// Compares two values; equality works across types (different types are unequal), ordering needs like types.
    func compare(_ op: BinaryOperator, _ l: Value, _ r: Value, _ range: SourceRange) throws(ScriptError) -> Bool {
        switch op {
        case .equal: return l == r
        case .notEqual: return l != r
        default: break
        }
        switch (l, r) {
        case (.integer(let a), .integer(let b)): return Interpreter.ordered(op, a, b)
        case (.string(let a), .string(let b)):
            // By bytes, as equality is (`TextEquality`): canonically equal texts are not equal, so neither is less.
            return Interpreter.ordered(op, TextOrder(a), TextOrder(b))
        case (.indexPath(let a), .indexPath(let b)): return Interpreter.ordered(op, a, b)
        default: throw failure(range, .cannotCompare(l.typeName, r.typeName, op: op.rawValue))
        }
    }

    /// `x OP y` for a comparison operator on integers.
    @inline(__always)
    static func compared(_ op: BinaryOperator, _ x: Int64, _ y: Int64) -> Bool {
        switch op {
        case .equal: x == y
        case .notEqual: x != y
        default: ordered(op, x, y)
        }
    }

    /// `x OP y` for an arithmetic operator on integers, or nil when it overflows or divides by zero
    /// (`binaryValues` then says which).
    @inline(__always)
    static func arithmetic(_ op: BinaryOperator, _ x: Int64, _ y: Int64) -> Int64? {
        let (result, overflow): (Int64, Bool)
        switch op {
        case .add: (result, overflow) = x.addingReportingOverflow(y)
        case .subtract: (result, overflow) = x.subtractingReportingOverflow(y)
        case .multiply: (result, overflow) = x.multipliedReportingOverflow(by: y)
        case .divide where y != 0: (result, overflow) = x.dividedReportingOverflow(by: y)
        case .remainder where y != 0: (result, overflow) = x.remainderReportingOverflow(dividingBy: y)
        default: return nil
        }
        return overflow ? nil : result
    }

    /// `a OP b` for an ordering operator (`<`, `<=`, `>`, `>=`).
    @inline(__always)
    static func ordered<T: Comparable>(_ op: BinaryOperator, _ a: T, _ b: T) -> Bool {
        switch op {
        case .less: a < b
        case .lessEqual: a <= b
        case .greater: a > b
        default: a >= b
        }
    }
}

/// A text ordered by its bytes (`TextEquality.precedes`), for `<` and its kin on strings.
struct TextOrder: Comparable {
    let text: String
    init(_ text: String) { self.text = text }
    static func == (a: TextOrder, b: TextOrder) -> Bool { TextEquality.same(a.text, b.text) }
    static func < (a: TextOrder, b: TextOrder) -> Bool { TextEquality.precedes(a.text, b.text) }
}
