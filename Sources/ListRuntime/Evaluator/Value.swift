import ListFormats
import ListLanguage
import ListModel

/// A runtime value of the language.
public enum Value: Sendable, Equatable {
    /// A script integer: 64 bits everywhere, also where `Int` has 32 (WebAssembly).
    case integer(Int64)
    case string(String)
    case boolean(Bool)
    case list(ListValue)
    case indexPath(IndexPath)
    /// An editing style: `delete`, `insert`, `none`.
    case style(EditingStyle)
    /// `a..<b` (closed: false) or `a...b` (closed: true).
    case range(Int64, Int64, closed: Bool)
    /// What a procedure without `return EXPR` gives back; it cannot be stored or printed.
    case nothing

    /// A count or an index as a script integer.
    static func integer(_ n: Int) -> Value { .integer(Int64(n)) }

    /// Values are equal when they are of one type and hold the same; texts compare byte for byte
    /// (`TextEquality`), as the model compares rows.
    public static func == (a: Value, b: Value) -> Bool {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): x == y
        case (.string(let x), .string(let y)): TextEquality.same(x, y)
        case (.boolean(let x), .boolean(let y)): x == y
        case (.list(let x), .list(let y)): x == y
        case (.indexPath(let x), .indexPath(let y)): x == y
        case (.style(let x), .style(let y)): x == y
        case (.range(let x0, let x1, let xc), .range(let y0, let y1, let yc)): x0 == y0 && x1 == y1 && xc == yc
        case (.nothing, .nothing): true
        default: false
        }
    }

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

    /// How big the value is for the value size limit, about the memory it takes: a string's bytes; for a
    /// list, 80 bytes, 24 per element and the elements' own sizes (`ListValue.size`); 0 for anything else.
    public var size: Int {
        switch self {
        case .string(let s): s.utf8.count
        case .list(let list): list.size
        default: 0
        }
    }

    /// How deeply lists nest in the value: 0 for anything but a list, 1 for a list of non-lists.
    public var depth: Int {
        if case .list(let list) = self { return list.depth }
        return 0
    }

    /// The value as written in source, as messages and the trace quote it: at most about 60 characters,
    /// a longer one cut with `…`.
    public var literal: String {
        var text = BoundedText(limit: 60)
        write(into: &text, quoted: true)
        return text.overflowed ? String(text.out.prefix(60)) + "…" : text.out
    }

    /// The text `print` and `str()` produce — strings raw, everything else as written in source — or nil
    /// when it would be longer than `limit` bytes. Linear in the text, whatever the nesting.
    public func text(limit: Int) -> String? {
        let text: String
        switch self {
        case .string(let s): text = s
        case .integer(let n): text = String(n)
        case .list:
            var bounded = BoundedText(limit: limit)
            write(into: &bounded, quoted: false)
            return bounded.overflowed ? nil : bounded.out
        default:
            var bounded = BoundedText(limit: Int.max)
            write(into: &bounded, quoted: false)
            text = bounded.out
        }
        return text.utf8.count <= limit ? text : nil
    }

    /// Appends the value's text, stopping once it is over the limit.
    private func write(into text: inout BoundedText, quoted: Bool) {
        switch self {
        case .string(let s):
            // Never more of a long string than the limit can hold (one scalar more shows the overflow).
            let part = s.utf8.count <= text.room ? s : String(s.unicodeScalars.prefix(text.room + 1))
            text.append(quoted ? Value.quoted(part) : part)
        case .list(let list):
            text.append("[")
            for (i, element) in list.elements.enumerated() {
                if text.overflowed { return }
                if i > 0 { text.append(", ") }
                element.write(into: &text, quoted: true)
            }
            text.append("]")
        case .integer(let n): text.append(String(n))
        case .boolean(let b): text.append(b ? "true" : "false")
        case .indexPath(let p): text.append("\(p.section):\(p.row)")
        case .style(let s): text.append(s.rawValue)
        case .range(let lo, let hi, let closed): text.append("\(lo)\(closed ? "..." : "..<")\(hi)")
        case .nothing: text.append("nothing")
        }
    }

    /// A string literal for `s`, with the language's escapes (the form `check --ast` prints too).
    public static func quoted(_ s: String) -> String { ASTPrinter.quoted(s) }

    /// Number of elements a range holds, or nil when it would overflow.
    static func rangeCount(_ lo: Int64, _ hi: Int64, closed: Bool) -> Int64? {
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

/// A list value: its elements, with its size and nesting depth worked out once, when it is made, so
/// checking a new list against the limits costs no more than making it. Lists never change once made, so
/// one reference to them keeps `Value` as small and as cheap to copy as a string.
public final class ListValue: Sendable, Equatable {
    /// The elements, in order.
    public let elements: [Value]
    /// About the memory the list takes: `listBytes`, `elementBytes` per element, and the elements' own
    /// sizes, nested lists counted in full, so a list holding the same list twice counts it twice;
    /// saturating.
    public let size: Int
    /// 1 + the depth of the deepest element.
    public let depth: Int

    /// What one element of a list takes, whatever it holds.
    public static let elementBytes = MemoryLayout<Value>.stride
    /// What a list takes besides its elements: this object and its array's header.
    public static let listBytes = 80

    /// A list of `elements`.
    public convenience init(_ elements: [Value]) {
        var size = ListValue.sum(ListValue.listBytes, ListValue.product(elements.count, ListValue.elementBytes))
        var depth = 0
        for element in elements {
            size = ListValue.sum(size, element.size)
            depth = max(depth, element.depth)
        }
        self.init(elements: elements, size: size, depth: depth + 1)
    }

    private init(elements: [Value], size: Int, depth: Int) {
        self.elements = elements
        self.size = size
        self.depth = depth
    }

    /// `a + b`: the elements of both, without rescanning them.
    public static func + (a: ListValue, b: ListValue) -> ListValue {
        ListValue(elements: a.elements + b.elements, size: sizeOfSum(a, b), depth: max(a.depth, b.depth))
    }

    /// The size of `a + b`, without making it (one list's overhead, not two).
    public static func sizeOfSum(_ a: ListValue, _ b: ListValue) -> Int { sum(a.size, b.size) - listBytes }

    /// `a + b`, or `Int.max` when it overflows.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : total
    }

    /// `a * b`, or `Int.max` when it overflows.
    private static func product(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max : total
    }

    /// Lists are equal when their elements are (size and depth follow from them).
    public static func == (a: ListValue, b: ListValue) -> Bool { a === b || a.elements == b.elements }
}

/// Text built up to a limit: appending stops counting once it is over.
struct BoundedText {
    private(set) var out = ""
    let limit: Int
    /// Whether the text went over the limit (and `out` is cut short).
    private(set) var overflowed = false

    init(limit: Int) { self.limit = limit }

    /// Bytes left before the limit.
    var room: Int { max(0, limit - out.utf8.count) }

    /// Appends `part`, unless the text is already over the limit.
    mutating func append(_ part: String) {
        guard !overflowed else { return }
        out += part
        if out.utf8.count > limit { overflowed = true }
    }
}

/// Formats a list of index paths as Swift prints `[IndexPath]`: `[[0, 1], [2, 0]]`.
func swiftIndexPaths(_ paths: [IndexPath]) -> String {
    "[" + paths.map(swiftIndexPath).joined(separator: ", ") + "]"
}

/// Formats section numbers as Swift prints an array of them (`IndexSet` in a trace): `[0, 2]`. Not by
/// interpolating the array, which Embedded Swift cannot describe.
func swiftSections(_ sections: [Int]) -> String {
    "[" + sections.map { String($0) }.joined(separator: ", ") + "]"
}

/// Formats one index path as Swift prints `IndexPath`: `[0, 1]`.
func swiftIndexPath(_ path: IndexPath) -> String {
    "[\(path.section), \(path.row)]"
}
