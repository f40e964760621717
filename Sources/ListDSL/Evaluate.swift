import ListModel

extension Interpreter {
    /// Evaluates an expression that must give a value that can be stored (not a procedure's `nothing`).
    func storable(_ expr: Expr) throws(ScriptError) -> Value {
        let v = try evaluate(expr)
        if case .nothing = v {
            throw failure(expr.range, .noValue)
        }
        return v
    }

    /// Evaluates a condition, which must be a boolean.
    func condition(_ expr: Expr) throws(ScriptError) -> Bool {
        let v = try evaluate(expr)
        guard case .boolean(let b) = v else {
            throw failure(expr.range, .mustBe(subject: "condition", kind: "a boolean", found: v.found()))
        }
        return b
    }

    /// Evaluates an expression that must be an integer; `what` names it in the message.
    func integer(_ expr: Expr, _ what: String) throws(ScriptError) -> Int {
        let v = try evaluate(expr)
        guard case .integer(let n) = v else {
            throw failure(expr.range, .mustBe(subject: what, kind: "an integer", found: v.found()))
        }
        return n
    }

    /// Evaluates an expression that must be an index path.
    func indexPath(_ expr: Expr) throws(ScriptError) -> IndexPath {
        if case .literalIndexPath(let s, let r) = expr.kind { return IndexPath(section: s, row: r) }
        let v = try evaluate(expr)
        guard case .indexPath(let p) = v else {
            throw failure(expr.range, .expectedValue("an index path like 0:1", found: v.found()))
        }
        return p
    }

    /// Evaluates a row's text: a string, or an integer written in decimal.
    func rowText(_ expr: Expr) throws(ScriptError) -> String {
        let v = try evaluate(expr)
        switch v {
        case .string(let s): return s
        case .integer(let n): return String(n)
        default: throw failure(expr.range, .mustBe(subject: "a row's text", kind: "a string", found: v.found()))
        }
    }

    /// Evaluates an expression.
    func evaluate(_ expr: Expr) throws(ScriptError) -> Value {
        switch expr.kind {
        case .integer(let n): return .integer(n)
        case .string(let s): return .string(s)
        case .boolean(let b): return .boolean(b)
        case .editingStyle(let s): return .style(s)
        case .interpolated(let parts):
            var out = ""
            var bytes = 0
            for part in parts {
                let piece: String
                switch part {
                case .literal(let s): piece = s
                case .expression(let e): piece = try text(of: try storable(e), e.range)
                }
                bytes += piece.utf8.count
                if bytes > options.limits.valueSize { try checkSize(bytes, of: "string", expr.range) }
                out += piece
            }
            try countAllocation(bytes, expr.range)
            return .string(out)
        case .name(let name):
            if let v = lookup(name) { return v }
            throw failure(expr.range, .unknownName(name, candidates: visibleNames()))
        case .list(let items):
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try storable(item)) }
            return try checkedList(ListValue(values), expr.range)
        case .literalIndexPath(let s, let r):
            return .indexPath(IndexPath(section: s, row: r))
        case .indexPath(let s, let r):
            let section = try integer(s, "an index path's section")
            let row = try integer(r, "an index path's row")
            return .indexPath(IndexPath(section: section, row: row))
        case .unary(let op, let operand):
            let v = try storable(operand)
            switch (op, v) {
            case (.negate, .integer(let n)):
                let (r, overflow) = Int(0).subtractingReportingOverflow(n)
                if overflow { throw failure(expr.range, .overflow("-(\(n))")) }
                return .integer(r)
            case (.not, .boolean(let b)):
                return .boolean(!b)
            default:
                throw failure(expr.range, .cannotApply(op: op.rawValue, to: "\(v.found())", stringConcatenation: false))
            }
        case .binary(let op, let lhs, let rhs):
            return try binary(op, lhs, rhs, expr.range)
        case .range(let lo, let hi, let closed):
            return .range(try integer(lo, "a range's start"), try integer(hi, "a range's end"), closed: closed)
        case .call(let name, let nameRange, let arguments):
            return try call(name, nameRange, arguments, range: expr.range)
        case .subscripted(let base, let indexExpr):
            return try subscripted(try storable(base), try storable(indexExpr), expr.range)
        case .member(let base, let name):
            let v = try storable(base)
            switch (v, name) {
            case (.indexPath(let p), "section"): return .integer(p.section)
            case (.indexPath(let p), "row"): return .integer(p.row)
            case (.list(let list), "count"): return .integer(list.elements.count)
            default:
                throw failure(expr.range, .noMember(type: v.typeName, name: name))
            }
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
            return items[i]
        case .string(let s):
            let chars = Array(s)
            guard i >= 0 && i < chars.count else {
                throw failure(
                    range, .indexOutOfRange(i, in: "a string of \(counted(chars.count, "character"))"))
            }
            return .string(String(chars[i]))
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

    /// Evaluates a binary operation; `and`/`or` short-circuit; arithmetic overflow is an error.
    func binary(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, _ range: SourceRange) throws(ScriptError) -> Value {
        switch op {
        case .and:
            guard try condition(lhs) else { return .boolean(false) }
            return .boolean(try condition(rhs))
        case .or:
            if try condition(lhs) { return .boolean(true) }
            return .boolean(try condition(rhs))
        default:
            break
        }
        let l = try storable(lhs)
        let r = try storable(rhs)
        if Interpreter.isComparison(op) { return .boolean(try compare(op, l, r, range)) }
        switch (l, r) {
        case (.integer(let a), .integer(let b)):
            let result: (Int, Bool)
            switch op {
            case .add: result = a.addingReportingOverflow(b)
            case .subtract: result = a.subtractingReportingOverflow(b)
            case .multiply: result = a.multipliedReportingOverflow(by: b)
            case .divide, .remainder:
                if b == 0 { throw failure(range, .divisionByZero("\(a) \(op.rawValue) 0")) }
                result = op == .divide ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            default: result = (0, false)
            }
            if result.1 { throw failure(range, .overflow("\(a) \(op.rawValue) \(b)")) }
            return .integer(result.0)
        case (.string(let a), .string(let b)) where op == .add:
            try checkSize(a.utf8.count + b.utf8.count, of: "string", range)
            return .string(a + b)
        case (.list(let a), .list(let b)) where op == .add:
            try checkSize(ListValue.sizeOfSum(a, b), of: "list", range)
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

    /// Compares two values; equality works across types (different types are unequal), ordering needs like types.
    func compare(_ op: BinaryOperator, _ l: Value, _ r: Value, _ range: SourceRange) throws(ScriptError) -> Bool {
        switch op {
        case .equal: return l == r
        case .notEqual: return l != r
        default: break
        }
        let order: Int
        switch (l, r) {
        case (.integer(let a), .integer(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
        case (.string(let a), .string(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
        case (.indexPath(let a), .indexPath(let b)): order = a < b ? -1 : (a == b ? 0 : 1)
        default:
            throw failure(range, .cannotCompare(l.typeName, r.typeName, op: op.rawValue))
        }
        switch op {
        case .less: return order < 0
        case .lessEqual: return order <= 0
        case .greater: return order > 0
        default: return order >= 0
        }
    }
}
