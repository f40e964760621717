import ListFormats
import ListLanguage
import ListModel

/// Integer arithmetic compiled to run on machine integers alone.
///
/// An integer expression without side effects (integer literals, names, `-x`, and `+ - * / %` of
/// those) is compiled a second time to an `IntegerCode`, which gives its value as an `Int64`, without
/// making a `Value`, or nil when a name is unbound or not an integer, or the arithmetic overflows or
/// divides by zero. The expression's general code runs only then, and reports what went wrong exactly
/// as before. Running the expression twice changes nothing: it calls nothing, allocates nothing and
/// counts no step.
struct IntegerCode {
    let run: (Interpreter) -> Int64?
}

extension Interpreter {
    /// The integer fast path of `expr`, or nil when it is not an integer expression without side effects.
    func compileIntegerCode(_ expr: Expr) -> IntegerCode? {
        switch expr.kind {
        case .integer(let y):
            return IntegerCode { _ in y }
        case .name(let name):
            let n = variables.number(of: name)
            return IntegerCode { i in i.variables.integer(n) }
        case .unary(.negate, let operand):
            guard let x = compileIntegerCode(operand) else { return nil }
            return IntegerCode { i in
                guard let v = x.run(i) else { return nil }
                return Interpreter.arithmetic(.subtract, 0, v)
            }
        case .binary(let op, let lhs, let rhs) where Interpreter.isArithmetic(op):
            guard let l = compileIntegerCode(lhs), let r = compileIntegerCode(rhs) else { return nil }
            // The commonest shapes read their names and constants themselves, not through a closure each.
            switch (lhs.kind, rhs.kind) {
            case (.name(let a), .integer(let y)):
                let n = variables.number(of: a)
                return IntegerCode { i in
                    guard let x = i.variables.integer(n) else { return nil }
                    return Interpreter.arithmetic(op, x, y)
                }
            case (.name(let a), .name(let b)):
                let m = variables.number(of: a)
                let n = variables.number(of: b)
                return IntegerCode { i in
                    guard let x = i.variables.integer(m), let y = i.variables.integer(n) else { return nil }
                    return Interpreter.arithmetic(op, x, y)
                }
            case (_, .integer(let y)):
                return IntegerCode { i in
                    guard let x = l.run(i) else { return nil }
                    return Interpreter.arithmetic(op, x, y)
                }
            default:
                return IntegerCode { i in
                    guard let x = l.run(i), let y = r.run(i) else { return nil }
                    return Interpreter.arithmetic(op, x, y)
                }
            }
        default:
            return nil
        }
    }

    /// Whether `op` is one of `+ - * / %`.
    static func isArithmetic(_ op: BinaryOperator) -> Bool {
        switch op {
        case .add, .subtract, .multiply, .divide, .remainder: true
        default: false
        }
    }
}
