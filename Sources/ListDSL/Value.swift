import ListModel

/// A runtime value of the language.
public enum Value: Sendable, Equatable {
    case integer(Int)
    case string(String)
    case boolean(Bool)
    case list([Value])
    case indexPath(IndexPath)
    /// An editing style: `delete`, `insert`, `none`.
    case style(EditingStyle)
    /// `a..<b` (closed: false) or `a...b` (closed: true).
    case range(Int, Int, closed: Bool)
    /// What a procedure without `return EXPR` gives back; it cannot be stored or printed.
    case nothing

    /// The type's name as messages print it ("integer", "index path", …).
    public var typeName: String {
        switch self {
        case .integer: "integer"
        case .string: "string"
        case .boolean: "boolean"
        case .list: "list"
        case .indexPath: "index path"
        case .style: "editing style"
        case .range: "range"
        case .nothing: "nothing"
        }
    }

    /// The text `print` and `str()` produce: strings raw, everything else as written in source.
    public var text: String {
        if case .string(let s) = self { return s }
        return literal
    }

    /// The value as it would be written in source (strings quoted and escaped).
    public var literal: String {
        switch self {
        case .integer(let n): String(n)
        case .string(let s): Value.quoted(s)
        case .boolean(let b): b ? "true" : "false"
        case .list(let items): "[" + items.map(\.literal).joined(separator: ", ") + "]"
        case .indexPath(let p): "\(p.section):\(p.row)"
        case .style(let s): s.rawValue
        case .range(let lo, let hi, let closed): "\(lo)\(closed ? "..." : "..<")\(hi)"
        case .nothing: "nothing"
        }
    }

    /// A string literal for `s`, with the language's escapes (the form `check --ast` prints too).
    public static func quoted(_ s: String) -> String { ASTPrinter.quoted(s) }

    /// Number of elements a range holds, or nil when it would overflow.
    static func rangeCount(_ lo: Int, _ hi: Int, closed: Bool) -> Int? {
        if hi < lo || (!closed && hi == lo) { return 0 }
        let (span, overflow) = hi.subtractingReportingOverflow(lo)
        if overflow { return nil }
        if closed {
            let (count, over) = span.addingReportingOverflow(1)
            return over ? nil : count
        }
        return span
    }
}

/// Formats a list of index paths as Swift prints `[IndexPath]`: `[[0, 1], [2, 0]]`.
func swiftIndexPaths(_ paths: [IndexPath]) -> String {
    "[" + paths.map(swiftIndexPath).joined(separator: ", ") + "]"
}

/// Formats one index path as Swift prints `IndexPath`: `[0, 1]`.
func swiftIndexPath(_ path: IndexPath) -> String {
    "[\(path.section), \(path.row)]"
}
