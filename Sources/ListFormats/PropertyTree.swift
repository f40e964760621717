/// A value of a JSON document or an XML property list, with where it began in the text it was read from.
///
/// `save` and `load` keep the interpreter's state in one, and so does the user-defaults store: both formats
/// spell the same tree, so either file reads into it and the tree writes back as either.
public struct PropertyTree: Equatable, Sendable {
    /// What a value is.
    public enum Kind: Equatable, Sendable {
        /// Text.
        case string(String)
        /// A whole number (a JSON number without a fraction or an exponent, a property list's `<integer>`):
        /// 64 bits everywhere, as a script's integers are (`Int` has 32 in WebAssembly).
        case integer(Int64)
        /// `true` or `false`.
        case boolean(Bool)
        /// JSON's `null`; a property list has none.
        case null
        /// Values in order.
        case array([PropertyTree])
        /// Members in the order written; keys unique.
        case dictionary([Member])
    }

    /// One entry of a dictionary.
    public struct Member: Equatable, Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: PropertyTree

        /// A member called `key` holding `value`.
        public init(key: String, value: PropertyTree) {
            self.key = key
            self.value = value
        }
    }

    /// Why a text is not a tree: the byte offset where reading stopped and what was expected there.
    ///
    /// For example "expected ',' or '}'", "expected a value", "duplicate key \"rows\"", "integer out of range",
    /// "nesting deeper than 256 levels", "invalid UTF-8", "expected '</string>'". Writing a property list
    /// throws one too (at offset 0) when the tree holds what a property list cannot.
    public struct Problem: Error, Equatable, Sendable {
        /// Byte offset in the text (counting a byte order mark) where reading stopped.
        public var offset: Int
        /// What was expected there, or what is wrong, lowercase.
        public var message: String
        /// Why reading stopped: the text, or one of the `ReadingChecks`.
        public var cause: Cause = .text

        /// What stopped a reading.
        public enum Cause: Equatable, Sendable {
            /// The text is not a tree (`message` says why).
            case text
            /// Ctrl-C.
            case interrupted
            /// The process used `used` bytes of memory and needed `more` for a buffer about to grow
            /// (0 at a periodic check), over the memory limit of `limit`.
            case memoryLimit(used: Int, more: Int, limit: Int)
        }

        /// A problem at `offset`.
        public init(offset: Int, message: String) {
            self.offset = offset
            self.message = message
        }

        /// A reading stopped at `offset` by a check rather than the text.
        init(offset: Int, stop: ReadingStop) {
            self.offset = offset
            switch stop {
            case .interrupted: cause = .interrupted
            case .memoryLimit(let used, let more, let limit): cause = .memoryLimit(used: used, more: more, limit: limit)
            }
            message = stop.message(at: offset)
        }
    }

    /// How deeply arrays and dictionaries may nest in a text that is read (`[[1]]` has depth 2).
    public static let maximumDepth = 256

    /// The value.
    public var kind: Kind
    /// Byte offset in the text where this value starts (0 for a tree built in code).
    public var offset: Int

    /// A value of `kind`, starting at `offset` in its text.
    public init(_ kind: Kind, offset: Int = 0) {
        self.kind = kind
        self.offset = offset
    }

    /// Whether `lhs` and `rhs` hold the same value, wherever they were read from (offsets are ignored).
    public static func == (lhs: PropertyTree, rhs: PropertyTree) -> Bool {
        lhs.kind == rhs.kind
    }
}

// MARK: - Accessors

extension PropertyTree {
    /// The text, if this is a string.
    public var string: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    /// The number, if this is an integer.
    public var integer64: Int64? {
        if case .integer(let n) = kind { return n }
        return nil
    }

    /// The number as an `Int`, clamped to its range (32 bits in WebAssembly), if this is an integer: for a
    /// count, an index or a position, which is checked against its range after.
    public var integer: Int? { integer64.map { Int(clamping: $0) } }

    /// The truth value, if this is `true` or `false`.
    public var boolean: Bool? {
        if case .boolean(let b) = kind { return b }
        return nil
    }

    /// The elements, if this is an array.
    public var array: [PropertyTree]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    /// The members in order, if this is a dictionary.
    public var dictionary: [Member]? {
        if case .dictionary(let members) = kind { return members }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// The value of the member called `key`, if this is a dictionary that has one.
    public subscript(key: String) -> PropertyTree? {
        dictionary?.first { $0.key == key }?.value
    }

    /// What this is, for messages: "a string", "an integer", "true or false", "null", "an array", "a dictionary".
    public var kindName: String {
        switch kind {
        case .string: "a string"
        case .integer: "an integer"
        case .boolean: "true or false"
        case .null: "null"
        case .array: "an array"
        case .dictionary: "a dictionary"
        }
    }
}

// MARK: - Reading

extension PropertyTree {
    /// The tree a JSON document (RFC 8259, numbers only whole) spells, or where and why it does not.
    /// `checks` run as it reads.
    public static func parseJSON(_ bytes: [UInt8], checks: ReadingChecks = .none) -> Result<PropertyTree, Problem> {
        var reader = JSONReader(bytes: bytes, checks: checks)
        return Result { () throws(Problem) in try reader.parseDocument() }
    }

    /// The tree an XML property list spells, or where and why it does not; `checks` run as it reads.
    public static func parsePropertyList(_ bytes: [UInt8], checks: ReadingChecks = .none) -> Result<
        PropertyTree, Problem
    > {
        var reader = PropertyListReader(bytes: bytes, checks: checks)
        return Result { () throws(Problem) in try reader.parseDocument() }
    }
}

/// An array or dictionary whose members a reader is still reading; readers keep a stack of them rather than
/// recursing, so no input can overflow the call stack.
private struct OpenContainer {
    /// Whether this is a dictionary (else an array).
    var isDictionary: Bool
    /// Where it starts.
    var offset: Int
    /// An array's elements so far.
    var elements: [PropertyTree] = []
    /// A dictionary's members so far.
    var members: [PropertyTree.Member] = []
    /// A dictionary's keys so far, to find a duplicate in constant time.
    var keys: Set<String> = []
    /// The key of the member whose value is being read.
    var key = ""

    /// The bytes the next `add` allocates for a bigger buffer, when it is big enough to measure first
    /// (else 0): the buffer doubles, and the old one is copied before it is freed.
    var growth: Int {
        let (count, capacity, stride) =
            isDictionary
            ? (members.count, members.capacity, MemoryLayout<PropertyTree.Member>.stride)
            : (elements.count, elements.capacity, MemoryLayout<PropertyTree>.stride)
        return count == capacity && capacity >= 1 << 14 ? 2 &* capacity &* stride : 0
    }

    /// Adds `value`: the next element, or the value of the member called `key`.
    mutating func add(_ value: PropertyTree) {
        if isDictionary {
            members.append(PropertyTree.Member(key: key, value: value))
        } else {
            elements.append(value)
        }
    }

    /// The finished container.
    var tree: PropertyTree {
        PropertyTree(isDictionary ? .dictionary(members) : .array(elements), offset: offset)
    }
}

/// UTF-8 checks both readers share.
private enum UTF8Scan {
    /// The scalar whose UTF-8 encoding starts at `index` and its length in bytes, if the bytes there are
    /// well-formed UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
    static func scalar(in bytes: [UInt8], at index: Int) -> (value: UInt32, length: Int)? {
        guard index < bytes.count else { return nil }
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        // The allowed range of the second byte depends on the lead byte (Unicode table 3-7).
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, high) = (3, 0x9F)
        case 0xF0: (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, high) = (4, 0x8F)
        default: return nil
        }
        guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { return nil }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length {
            let byte = bytes[index + k]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    /// Appends the UTF-8 encoding of `scalar` to `out`.
    static func append(_ scalar: Unicode.Scalar, to out: inout [UInt8]) {
        if let encoded = UTF8.encode(scalar) { out.append(contentsOf: encoded) }
    }

    /// `U+0001`, `U+FFFE`: how a message names a character.
    static func name(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension ReadingChecks {
    /// `check(more:)` for a document's reader: a reading stopped is the reader's problem at `offset`.
    public func check(at offset: Int, more: Int = 0) throws(PropertyTree.Problem) {
        do throws(ReadingStop) { try check(more: more) } catch {
            throw PropertyTree.Problem(offset: offset, stop: error)
        }
    }
}

/// What the two readers share: the document's bytes and where reading is; each reader starts at 0.
private protocol DocumentReader {
    /// The document.
    var bytes: [UInt8] { get }
    /// Where reading is.
    var i: Int { get set }
    /// What to check as reading goes.
    var checks: ReadingChecks { get }
    /// Where reading is next checked.
    var nextCheck: Int { get set }
}

extension DocumentReader {
    /// The byte at `index`, or nil past the end.
    func peek(_ index: Int) -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    /// Runs the checks when reading has passed `nextCheck` (at each value's start).
    @inline(__always)
    mutating func checkNow() throws(PropertyTree.Problem) {
        if i >= nextCheck {
            nextCheck = i &+ ReadingChecks.bytesBetweenChecks
            try checks.check(at: i)
        }
    }

    /// Adds `value` to the container on top of `stack`; first, when that grows a large buffer, checks
    /// that the memory it takes stays within the limit.
    @inline(__always)
    func add(_ value: PropertyTree, to stack: inout [OpenContainer]) throws(PropertyTree.Problem) {
        let last = stack.count - 1
        let growth = stack[last].growth
        if growth > 0 { try checks.check(at: value.offset, more: growth) }
        stack[last].add(value)
    }
}

/// Reads a JSON document: one value, with whitespace around it.
///
///     value  = object | array | string | integer | "true" | "false" | "null"
///     object = "{" [ string ":" value { "," string ":" value } ] "}"
///     array  = "[" [ value { "," value } ] "]"
private struct JSONReader: DocumentReader {
    let bytes: [UInt8]
    var i = 0
    let checks: ReadingChecks
    var nextCheck = 0

    init(bytes: [UInt8], checks: ReadingChecks) {
        self.bytes = bytes
        self.checks = checks
    }

    /// Moves past whitespace: space, tab, line feed, carriage return.
    mutating func skipWhitespace() {
        while let byte = peek(i), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { i += 1 }
    }

    /// document = [ BOM ] value, then only whitespace.
    mutating func parseDocument() throws(PropertyTree.Problem) -> PropertyTree {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        var stack: [OpenContainer] = []
        reading: while true {
            // A value starts here (after '[', ',' or a key's ':').
            skipWhitespace()
            try checkNow()
            let start = i
            guard let byte = peek(i) else { throw .init(offset: start, message: "expected a value") }
            var value: PropertyTree
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                guard stack.count < PropertyTree.maximumDepth else {
                    throw .init(offset: start, message: "nesting deeper than \(PropertyTree.maximumDepth) levels")
                }
                let isDictionary = byte == UInt8(ascii: "{")
                let close = isDictionary ? UInt8(ascii: "}") : UInt8(ascii: "]")
                i += 1
                skipWhitespace()
                if peek(i) == close {
                    i += 1
                    value = PropertyTree(isDictionary ? .dictionary([]) : .array([]), offset: start)
                } else {
                    stack.append(OpenContainer(isDictionary: isDictionary, offset: start))
                    if isDictionary { try parseKey(into: &stack, first: true) }
                    continue reading
                }
            case UInt8(ascii: "\""):
                value = PropertyTree(.string(try parseString()), offset: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = PropertyTree(.integer(try parseInteger()), offset: start)
            case UInt8(ascii: "t") where bytes[i...].starts(with: "true".utf8):
                i += 4
                value = PropertyTree(.boolean(true), offset: start)
            case UInt8(ascii: "f") where bytes[i...].starts(with: "false".utf8):
                i += 5
                value = PropertyTree(.boolean(false), offset: start)
            case UInt8(ascii: "n") where bytes[i...].starts(with: "null".utf8):
                i += 4
                value = PropertyTree(.null, offset: start)
            default:
                throw .init(offset: start, message: "expected a value")
            }
            // The value is whole: add it to the containers it closes, up to one that goes on.
            while !stack.isEmpty {
                let last = stack.count - 1
                try add(value, to: &stack)
                skipWhitespace()
                let isDictionary = stack[last].isDictionary
                let close = isDictionary ? UInt8(ascii: "}") : UInt8(ascii: "]")
                switch peek(i) {
                case UInt8(ascii: ","):
                    i += 1
                    if isDictionary { try parseKey(into: &stack, first: false) }
                    continue reading
                case close:
                    i += 1
                    value = stack.removeLast().tree
                default:
                    throw .init(offset: i, message: isDictionary ? "expected ',' or '}'" : "expected ',' or ']'")
                }
            }
            skipWhitespace()
            guard i == bytes.count else { throw .init(offset: i, message: "expected the end of the file") }
            return value
        }
    }

    /// member = string ":" (up to the value), for the dictionary on top of `stack`; `first` right after '{'.
    mutating func parseKey(into stack: inout [OpenContainer], first: Bool) throws(PropertyTree.Problem) {
        skipWhitespace()
        let start = i
        guard peek(i) == UInt8(ascii: "\"") else {
            throw .init(offset: i, message: first ? "expected a string (a key) or '}'" : "expected a string (a key)")
        }
        let key = try parseString()
        let last = stack.count - 1
        guard stack[last].keys.insert(key).inserted else {
            throw .init(offset: start, message: "duplicate key \(StringEscape.quoted(key, .json))")
        }
        stack[last].key = key
        skipWhitespace()
        guard peek(i) == UInt8(ascii: ":") else { throw .init(offset: i, message: "expected ':'") }
        i += 1
    }

    /// string = '"' { character | escape } '"', at the opening quote.
    mutating func parseString() throws(PropertyTree.Problem) -> String {
        i += 1
        var out: [UInt8] = []
        var run = i  // the start of bytes not yet copied to `out`
        while true {
            guard let byte = peek(i) else { throw .init(offset: i, message: "expected '\"' to close the string") }
            switch byte {
            case UInt8(ascii: "\""):
                let end = i
                i += 1
                // Most strings have no escapes: take their bytes as they are.
                if out.isEmpty { return String(decoding: bytes[run..<end], as: UTF8.self) }
                out.append(contentsOf: bytes[run..<end])
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                out.append(contentsOf: bytes[run..<i])
                UTF8Scan.append(try parseEscape(), to: &out)
                run = i
            case 0x00..<0x20:
                let name = UTF8Scan.name(UInt32(byte))
                throw .init(offset: i, message: "a control character (\(name)) must be escaped in a string")
            case 0x20..<0x80:
                i += 1
            default:
                guard let scalar = UTF8Scan.scalar(in: bytes, at: i) else {
                    throw .init(offset: i, message: "invalid UTF-8")
                }
                i += scalar.length
            }
        }
    }

    /// escape = "\" ( '"' | "\" | "/" | "b" | "f" | "n" | "r" | "t" | "u" hex hex hex hex ), at the backslash;
    /// a surrogate must come as a pair of `\u` escapes.
    mutating func parseEscape() throws(PropertyTree.Problem) -> Unicode.Scalar {
        let start = i
        i += 2
        switch peek(start + 1) {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseCodeUnit()
            if let scalar = Unicode.Scalar(unit) { return scalar }
            if (0xD800..<0xDC00).contains(unit), peek(i) == UInt8(ascii: "\\"), peek(i + 1) == UInt8(ascii: "u") {
                i += 2
                let low = try parseCodeUnit()
                if (0xDC00..<0xE000).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                {
                    return scalar
                }
            }
            throw .init(offset: start, message: "a lone surrogate is not a character")
        case nil:
            throw .init(offset: start + 1, message: "expected an escape after '\\'")
        default:
            let expected = #"\" \\ \/ \b \f \n \r \t or \uXXXX"#
            throw .init(offset: start, message: "invalid escape in a string (expected \(expected))")
        }
    }

    /// Four hex digits: one UTF-16 code unit.
    mutating func parseCodeUnit() throws(PropertyTree.Problem) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(i), let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                throw .init(offset: i, message: "expected four hex digits after '\\u'")
            }
            value = value << 4 | UInt32(digit)
            i += 1
        }
        return value
    }

    /// integer = [ "-" ] ( "0" | digit1-9 { digit } ), with no fraction or exponent.
    mutating func parseInteger() throws(PropertyTree.Problem) -> Int64 {
        let start = i
        let negative = peek(i) == UInt8(ascii: "-")
        if negative { i += 1 }
        guard let first = peek(i), (0x30...0x39).contains(first) else {
            throw .init(offset: i, message: "expected a digit after '-'")
        }
        if first == 0x30, let next = peek(i + 1), (0x30...0x39).contains(next) {
            throw .init(offset: start, message: "expected an integer without leading zeros")
        }
        var value: Int64 = 0
        while let byte = peek(i), (0x30...0x39).contains(byte) {
            let digit = Int64(byte - 0x30)
            // Build a negative number as one, so Int.min can be read.
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) =
                negative ? product.subtractingReportingOverflow(digit) : product.addingReportingOverflow(digit)
            guard !overflow, !carry else { throw .init(offset: start, message: "integer out of range") }
            value = sum
            i += 1
        }
        if let byte = peek(i), byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            throw .init(
                offset: start, message: "expected an integer (numbers with a fraction or an exponent are not used)")
        }
        return value
    }
}

/// Reads an XML property list: an optional declaration and document type, then `<plist>` holding one value.
///
///     document = [ BOM ] prolog "<plist" attributes ">" value "</plist>" { misc }
///     prolog   = { misc | "<?" ... "?>" | "<!DOCTYPE" ... ">" }
///     misc     = whitespace | "<!--" ... "-->"
///     value    = "<dict>" { "<key>" text "</key>" value } "</dict>" | "<dict/>"
///              | "<array>" { value } "</array>" | "<array/>"
///              | "<string>" text "</string>" | "<string/>" | "<integer>" text "</integer>"
///              | "<true/>" | "<false/>"
///     text     = { character | entity | "&#" digits ";" | "&#x" hex ";" | "<![CDATA[" ... "]]>" | comment }
private struct PropertyListReader: DocumentReader {
    /// What kind of tag a `Tag` is.
    enum TagForm {
        /// `<name ...>`
        case open
        /// `<name .../>`
        case empty
        /// `</name>`
        case close
    }

    /// An element tag, read from its '<' to its '>'.
    struct Tag {
        /// The element's name, as bytes.
        var name: ArraySlice<UInt8>
        /// Opening, empty or closing.
        var form: TagForm
        /// Where its '<' is.
        var offset: Int

        /// Whether this is `<name ...>` or `<name .../>` (`form` is not `.close`) for `name`.
        func opens(_ name: String) -> Bool {
            form != .close && self.name.elementsEqual(name.utf8)
        }

        /// Whether this is `</name>`.
        func closes(_ name: String) -> Bool {
            form == .close && self.name.elementsEqual(name.utf8)
        }

        /// The tag as a message shows it: `<real>`, `<true/>`, `</dict>`.
        var shown: String {
            let text = String(decoding: name.prefix(40), as: UTF8.self)
            switch form {
            case .open: return "<\(text)>"
            case .empty: return "<\(text)/>"
            case .close: return "</\(text)>"
            }
        }
    }

    /// What a value position expects, for messages.
    static let expectedValue = "expected <string>, <integer>, <true/>, <false/>, <array> or <dict>"

    let bytes: [UInt8]
    var i = 0
    let checks: ReadingChecks
    var nextCheck = 0

    init(bytes: [UInt8], checks: ReadingChecks) {
        self.bytes = bytes
        self.checks = checks
    }

    /// Whether `text` starts at `i`.
    func looking(at text: String) -> Bool {
        bytes[i...].starts(with: text.utf8)
    }

    /// Whether `byte` is XML whitespace.
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether XML 1.0 can carry the character `value` (its `Char` production).
    static func isCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Moves to just past the first `terminator` at or after `i` (a comment's or an instruction's end), or
    /// throws "expected '`terminator`'"; a control character before it is a problem where it is.
    mutating func skip(past terminator: String) throws(PropertyTree.Problem) {
        let pattern = Array(terminator.utf8)
        while i < bytes.count {
            if bytes[i...].starts(with: pattern) {
                i += pattern.count
                return
            }
            try checkCharacter()
            i += 1
        }
        throw .init(offset: i, message: "expected '\(terminator)'")
    }

    /// misc = { whitespace | "<!--" ... "-->" }
    mutating func skipMisc() throws(PropertyTree.Problem) {
        while let byte = peek(i) {
            if Self.isWhitespace(byte) {
                i += 1
            } else if looking(at: "<!--") {
                i += 4
                try skip(past: "-->")
            } else {
                return
            }
        }
    }

    /// What is at `i`, for a message: a tag, the start of some text or the end of the file.
    func found() -> String {
        guard let byte = peek(i) else { return "found the end of the file" }
        guard byte == UInt8(ascii: "<") else {
            // Up to 20 bytes of the line, not cutting a character in two.
            var end = i
            while end < bytes.count, end - i < 20, bytes[end] != UInt8(ascii: "<"), bytes[end] != 0x0A,
                bytes[end] != 0x0D
            {
                end += 1
            }
            while end < bytes.count, end > i + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            return "found '\(String(decoding: bytes[i..<end], as: UTF8.self))'"
        }
        var copy = self
        if let tag = try? copy.parseTag() { return "found \(tag.shown)" }
        return "found '<'"
    }

    /// document = [ BOM ] prolog "<plist" attributes ">" value "</plist>" { misc }
    mutating func parseDocument() throws(PropertyTree.Problem) -> PropertyTree {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }
        try parseProlog()
        let plistStart = i
        let namesPlist =
            looking(at: "<plist") && peek(i + 6).map { Self.isWhitespace($0) || $0 == UInt8(ascii: ">") } == true
        let tag: Tag?
        do {
            tag = peek(i) == UInt8(ascii: "<") ? try parseTag() : nil
        } catch {
            // A <plist> whose attributes are wrong says what is wrong with them.
            if namesPlist { throw error }
            tag = nil
        }
        guard let plist = tag, plist.opens("plist") else {
            i = plistStart
            throw .init(offset: i, message: "expected <plist>, \(found())")
        }
        guard plist.form == .open else { throw .init(offset: plistStart, message: "expected a value in <plist>") }
        let value = try parseValue()
        try skipMisc()
        let closeStart = i
        guard peek(i) == UInt8(ascii: "<"), let close = try? parseTag(), close.closes("plist") else {
            i = closeStart
            throw .init(offset: i, message: "expected </plist>, \(found())")
        }
        try skipMisc()
        guard i == bytes.count else { throw .init(offset: i, message: "expected the end of the file") }
        return value
    }

    /// prolog = [ declaration ] { misc | instruction | doctype }
    mutating func parseProlog() throws(PropertyTree.Problem) {
        let first = i
        while true {
            try skipMisc()
            if looking(at: "<?xml"), let after = peek(i + 5), Self.isWhitespace(after) || after == UInt8(ascii: "?") {
                guard i == first else {
                    throw .init(offset: i, message: "the XML declaration must come first in the file")
                }
                try parseDeclaration()
            } else if looking(at: "<?") {
                i += 2
                try skip(past: "?>")
            } else if looking(at: "<!DOCTYPE") {
                try parseDocumentType()
            } else {
                return
            }
        }
    }

    /// declaration = "<?xml" version [ encoding ] [ standalone ] [ whitespace ] "?>", each an attribute
    /// (`version="1.x"`, `encoding="NAME"`, `standalone="yes"|"no"`).
    mutating func parseDeclaration() throws(PropertyTree.Problem) {
        i += 5
        let attributes = try parseAttributes(in: "the XML declaration", closedBy: "?>")
        func found(_ at: Int) -> String {
            var copy = self
            copy.i = at
            return copy.found()
        }
        guard let version = attributes.first, version.name == "version", version.value.hasPrefix("1.") else {
            let at = attributes.first?.offset ?? i
            throw .init(offset: at, message: "expected version=\"1.0\" in the XML declaration, \(found(at))")
        }
        var rest = attributes.dropFirst()
        if let encoding = rest.first, encoding.name == "encoding" {
            rest = rest.dropFirst()
            guard Self.isEncodingName(encoding.value) else {
                throw .init(
                    offset: encoding.offset,
                    message: "expected an encoding name such as \"UTF-8\", found '\(encoding.value)'")
            }
        }
        if let standalone = rest.first, standalone.name == "standalone" {
            rest = rest.dropFirst()
            guard standalone.value == "yes" || standalone.value == "no" else {
                throw .init(
                    offset: standalone.offset,
                    message: "expected standalone=\"yes\" or \"no\", found '\(standalone.value)'")
            }
        }
        if let extra = rest.first {
            throw .init(
                offset: extra.offset, message: "expected '?>' to end the XML declaration, found '\(extra.name)'")
        }
    }

    /// An encoding name: a letter, then letters, digits, '.', '_' and '-'.
    static func isEncodingName(_ name: String) -> Bool {
        guard let first = name.utf8.first, Self.isLetter(first) else { return false }
        return name.utf8.allSatisfy {
            Self.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_")
                || $0 == UInt8(ascii: "-")
        }
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// Whether `byte` may start an XML name (an ASCII letter, '_', ':' or any non-ASCII byte).
    static func startsName(_ byte: UInt8) -> Bool {
        isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    /// Whether `byte` may continue an XML name.
    static func continuesName(_ byte: UInt8) -> Bool {
        startsName(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    /// A name at `i`, or nil (and `i` unmoved).
    mutating func parseName() -> String? {
        guard let first = peek(i), Self.startsName(first) else { return nil }
        let start = i
        while let byte = peek(i), Self.continuesName(byte) { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// Fails at a control character XML cannot carry (any byte below 0x20 but tab, line feed and
    /// carriage return) at `i`.
    func checkCharacter() throws(PropertyTree.Problem) {
        if let byte = peek(i), byte < 0x20, !Self.isWhitespace(byte) {
            throw .init(
                offset: i, message: "a property list cannot hold the character \(UTF8Scan.name(UInt32(byte)))")
        }
    }

    /// An attribute of a tag: its name, value and where it starts.
    struct Attribute {
        var name: String
        var value: String
        var offset: Int
    }

    /// attributes = { whitespace name [ whitespace ] "=" [ whitespace ] quoted } [ whitespace ], up to
    /// `closedBy` ("?>", ">" or "/>"; `i` is left at it); `what` names the tag in messages.
    mutating func parseAttributes(in what: String, closedBy ends: [String]) throws(PropertyTree.Problem) -> [Attribute]
    {
        var attributes: [Attribute] = []
        while true {
            var spaced = false
            while let byte = peek(i), Self.isWhitespace(byte) {
                i += 1
                spaced = true
            }
            if ends.contains(where: { looking(at: $0) }) { return attributes }
            try checkCharacter()
            let start = i
            guard spaced, let name = parseName() else {
                throw .init(offset: i, message: "expected an attribute or '\(ends[0])' in \(what), \(found())")
            }
            while let byte = peek(i), Self.isWhitespace(byte) { i += 1 }
            guard peek(i) == UInt8(ascii: "=") else {
                throw .init(offset: i, message: "expected '=' after the attribute '\(name)' in \(what), \(found())")
            }
            i += 1
            while let byte = peek(i), Self.isWhitespace(byte) { i += 1 }
            guard let quote = peek(i), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw .init(
                    offset: i, message: "expected a quoted value for the attribute '\(name)' in \(what), \(found())")
            }
            i += 1
            let valueStart = i
            while let byte = peek(i), byte != quote {
                try checkCharacter()
                if byte == UInt8(ascii: "<") {
                    throw .init(offset: i, message: "'<' in the value of the attribute '\(name)' in \(what)")
                }
                i += 1
            }
            guard peek(i) == quote else {
                throw .init(
                    offset: valueStart - 1, message: "expected the closing quote of the attribute '\(name)' in \(what)")
            }
            attributes.append(
                Attribute(name: name, value: String(decoding: bytes[valueStart..<i], as: UTF8.self), offset: start))
            i += 1
        }
    }

    /// parseAttributes closed by one terminator, which it then moves past.
    mutating func parseAttributes(in what: String, closedBy end: String) throws(PropertyTree.Problem) -> [Attribute] {
        let attributes = try parseAttributes(in: what, closedBy: [end])
        i += end.utf8.count
        return attributes
    }

    /// Whether `byte`, in a scan that follows quotes, opens, closes or lies inside a quoted run;
    /// `quote` holds the open run's quote mark.
    static func isQuoted(_ byte: UInt8, _ quote: inout UInt8?) -> Bool {
        if let open = quote {
            if byte == open { quote = nil }
            return true
        }
        guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else { return false }
        quote = byte
        return true
    }

    /// doctype = "<!DOCTYPE" whitespace name [ whitespace external ] [ whitespace ] [ "[" subset "]"
    /// [ whitespace ] ] ">", where external = "PUBLIC" whitespace quoted whitespace quoted | "SYSTEM"
    /// whitespace quoted, and the internal subset is skipped (a '>' inside its quotes or brackets does not
    /// end it).
    mutating func parseDocumentType() throws(PropertyTree.Problem) {
        let start = i
        i += 9
        func skipSpace() -> Bool {
            let before = i
            while let byte = peek(i), Self.isWhitespace(byte) { i += 1 }
            return i > before
        }
        func quoted(_ what: String) throws(PropertyTree.Problem) {
            guard skipSpace(), let quote = peek(i), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw .init(offset: i, message: "expected \(what) in quotes in <!DOCTYPE>, \(found())")
            }
            i += 1
            while let byte = peek(i), byte != quote {
                try checkCharacter()
                i += 1
            }
            guard peek(i) == quote else { throw .init(offset: start, message: "expected '>' to close <!DOCTYPE") }
            i += 1
        }
        guard skipSpace(), parseName() != nil else {
            throw .init(offset: i, message: "expected a name after <!DOCTYPE, \(found())")
        }
        var spaced = skipSpace()
        if spaced && looking(at: "PUBLIC") {
            i += 6
            try quoted("a public identifier")
            try quoted("a system identifier")
            spaced = skipSpace()
        } else if spaced && looking(at: "SYSTEM") {
            i += 6
            try quoted("a system identifier")
            spaced = skipSpace()
        }
        if peek(i) == UInt8(ascii: "[") {
            var quote: UInt8?
            var brackets = 0
            while let byte = peek(i) {
                try checkCharacter()
                i += 1
                if Self.isQuoted(byte, &quote) {
                    continue
                } else if byte == UInt8(ascii: "[") {
                    brackets += 1
                } else if byte == UInt8(ascii: "]") {
                    brackets -= 1
                    if brackets == 0 { break }
                }
            }
            guard brackets == 0 else { throw .init(offset: start, message: "expected '>' to close <!DOCTYPE") }
            _ = skipSpace()
        }
        try checkCharacter()
        guard peek(i) == UInt8(ascii: ">") else {
            if peek(i) == nil { throw .init(offset: start, message: "expected '>' to close <!DOCTYPE") }
            throw .init(offset: i, message: "expected PUBLIC, SYSTEM, '[' or '>' in <!DOCTYPE>, \(found())")
        }
        _ = spaced
        i += 1
    }

    /// tag = "<" name attributes [ "/" ] ">" | "</" name whitespace ">", at its '<'.
    mutating func parseTag() throws(PropertyTree.Problem) -> Tag {
        let start = i
        i += 1
        let closing = peek(i) == UInt8(ascii: "/")
        if closing { i += 1 }
        let nameStart = i
        while let byte = peek(i), !Self.isWhitespace(byte), byte != UInt8(ascii: "/"), byte != UInt8(ascii: ">"),
            byte != UInt8(ascii: "<")
        {
            i += 1
        }
        let name = bytes[nameStart..<i]
        guard !name.isEmpty, let first = name.first, first != UInt8(ascii: "!"), first != UInt8(ascii: "?") else {
            throw .init(offset: start, message: "expected an element")
        }
        if closing {
            while let byte = peek(i), Self.isWhitespace(byte) { i += 1 }
            guard peek(i) == UInt8(ascii: ">") else { throw .init(offset: i, message: "expected '>'") }
            i += 1
            return Tag(name: name, form: .close, offset: start)
        }
        // Attributes: read as XML writes them (and otherwise ignored, as Apple's reader ignores them).
        let shownName = "<" + String(decoding: name.prefix(40), as: UTF8.self) + ">"
        if peek(i) == nil || peek(i) == UInt8(ascii: "<") {
            throw .init(offset: i, message: "expected '>' to close \(shownName)")
        }
        _ = try parseAttributes(in: shownName, closedBy: [">", "/>"])
        if looking(at: "/>") {
            i += 2
            return Tag(name: name, form: .empty, offset: start)
        }
        i += 1
        return Tag(name: name, form: .open, offset: start)
    }

    /// The tag at `i` after misc, or a problem saying `expected` and what is there instead.
    mutating func parseTag(expecting expected: String) throws(PropertyTree.Problem) -> Tag {
        try skipMisc()
        let start = i
        guard peek(i) == UInt8(ascii: "<"), !looking(at: "<!"), !looking(at: "<?") else {
            throw .init(offset: i, message: "\(expected), \(found())")
        }
        do {
            return try parseTag()
        } catch {
            i = start
            throw .init(offset: i, message: "\(expected), \(found())")
        }
    }

    /// value = dict | array | string | integer | true | false, with a stack of the open arrays and dictionaries.
    mutating func parseValue() throws(PropertyTree.Problem) -> PropertyTree {
        var stack: [OpenContainer] = []
        reading: while true {
            try checkNow()
            let tag = try parseTag(expecting: Self.expectedValue)
            var value: PropertyTree
            if tag.opens("true") || tag.opens("false") {
                let truth = tag.opens("true")
                if tag.form == .open {
                    // `<true></true>` is `<true/>` to XML.
                    let close = try parseTag(expecting: "expected </\(truth)>")
                    guard close.closes(truth ? "true" : "false") else {
                        throw .init(offset: close.offset, message: "expected </\(truth)>, found \(close.shown)")
                    }
                }
                value = PropertyTree(.boolean(truth), offset: tag.offset)
            } else if tag.opens("string") {
                let text = try tag.form == .empty ? "" : parseText(closedBy: "string")
                value = PropertyTree(.string(text), offset: tag.offset)
            } else if tag.opens("integer") {
                guard tag.form == .open else {
                    throw .init(offset: tag.offset, message: "expected a decimal integer in <integer>")
                }
                value = PropertyTree(.integer(try parseInteger(tag)), offset: tag.offset)
            } else if tag.opens("array") || tag.opens("dict") {
                let isDictionary = tag.opens("dict")
                if tag.form == .empty {
                    value = PropertyTree(isDictionary ? .dictionary([]) : .array([]), offset: tag.offset)
                } else {
                    guard stack.count < PropertyTree.maximumDepth else {
                        throw .init(
                            offset: tag.offset, message: "nesting deeper than \(PropertyTree.maximumDepth) levels")
                    }
                    stack.append(OpenContainer(isDictionary: isDictionary, offset: tag.offset))
                    if try parseMember(into: &stack) { continue reading }
                    value = stack.removeLast().tree
                }
            } else {
                throw .init(offset: tag.offset, message: "\(Self.expectedValue), found \(tag.shown)")
            }
            // The value is whole: add it to the containers it closes, up to one that goes on.
            while !stack.isEmpty {
                try add(value, to: &stack)
                guard try parseMember(into: &stack) else {
                    value = stack.removeLast().tree
                    continue
                }
                continue reading
            }
            return value
        }
    }

    /// Reads up to the next value of the container on top of `stack`: for a dictionary its `<key>`, for an
    /// array nothing. Returns false, having read the container's closing tag, if it has no more.
    mutating func parseMember(into stack: inout [OpenContainer]) throws(PropertyTree.Problem) -> Bool {
        let last = stack.count - 1
        try skipMisc()
        let start = i
        if stack[last].isDictionary {
            let tag = try parseTag(expecting: "expected <key> or </dict>")
            if tag.closes("dict") { return false }
            guard tag.opens("key") else {
                throw .init(offset: tag.offset, message: "expected <key> or </dict>, found \(tag.shown)")
            }
            let key = try tag.form == .empty ? "" : parseText(closedBy: "key")
            guard stack[last].keys.insert(key).inserted else {
                throw .init(offset: tag.offset, message: "duplicate key \(StringEscape.quoted(key, .json))")
            }
            stack[last].key = key
            return true
        }
        guard looking(at: "</") else {
            guard peek(i) == UInt8(ascii: "<") else {
                throw .init(offset: i, message: "\(Self.expectedValue) or </array>, \(found())")
            }
            return true
        }
        let tag = try parseTag(expecting: "expected </array>")
        guard tag.closes("array") else { throw .init(offset: start, message: "expected </array>, found \(tag.shown)") }
        return false
    }

    /// The text of an element up to `</name>`, its entities and character references replaced and its
    /// CDATA sections taken as they are; line ends are line feeds, as XML reads them.
    mutating func parseText(closedBy name: String) throws(PropertyTree.Problem) -> String {
        var out: [UInt8] = []
        while true {
            guard let byte = peek(i) else { throw .init(offset: i, message: "expected </\(name)>") }
            switch byte {
            case UInt8(ascii: "<"):
                if looking(at: "<![CDATA[") {
                    i += 9
                    while !looking(at: "]]>") {
                        guard peek(i) != nil else { throw .init(offset: i, message: "expected ']]>'") }
                        try copyCharacter(to: &out)
                    }
                    i += 3
                } else if looking(at: "<!--") {
                    i += 4
                    try skip(past: "-->")
                } else if looking(at: "</" + name) {
                    let start = i
                    i += 2 + name.utf8.count
                    while let byte = peek(i), Self.isWhitespace(byte) { i += 1 }
                    guard peek(i) == UInt8(ascii: ">") else {
                        i = start
                        throw .init(offset: i, message: "expected </\(name)>, \(found())")
                    }
                    i += 1
                    return String(decoding: out, as: UTF8.self)
                } else {
                    throw .init(offset: i, message: "expected </\(name)>, \(found())")
                }
            case UInt8(ascii: "&"):
                UTF8Scan.append(try parseReference(), to: &out)
            case 0x20..<0x80:
                out.append(byte)
                i += 1
            default:
                try copyCharacter(to: &out)
            }
        }
    }

    /// Copies the character at `i` to `out`, a carriage return (with a line feed after it) as a line feed.
    mutating func copyCharacter(to out: inout [UInt8]) throws(PropertyTree.Problem) {
        guard let (value, length) = UTF8Scan.scalar(in: bytes, at: i) else {
            throw .init(offset: i, message: "invalid UTF-8")
        }
        guard Self.isCharacter(value) else {
            throw .init(offset: i, message: "a property list cannot hold the character \(UTF8Scan.name(value))")
        }
        if value == 0x0D {
            out.append(0x0A)
            i += peek(i + 1) == 0x0A ? 2 : 1
            return
        }
        out.append(contentsOf: bytes[i..<i + length])
        i += length
    }

    /// reference = "&" ( "amp" | "lt" | "gt" | "quot" | "apos" | "#" digits | "#x" hex ) ";", at the '&'.
    mutating func parseReference() throws(PropertyTree.Problem) -> Unicode.Scalar {
        let start = i
        var end = i + 1
        // Entity names and references are short: a ';' further on is not this one's.
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw .init(
                offset: start, message: "expected an entity such as '&amp;' (a raw '&' must be written '&amp;')")
        }
        let body = bytes[(start + 1)..<end]
        i = end + 1
        switch String(decoding: body, as: UTF8.self) {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        case let text where text.hasPrefix("#"):
            let hex = text.hasPrefix("#x")
            let digits = text.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty, digits.count <= 8, let value = UInt32(digits, radix: hex ? 16 : 10),
                digits.allSatisfy({ $0.isASCII && $0.isHexDigit })
            else {
                throw .init(offset: start, message: "expected a character reference such as '&#38;' or '&#x26;'")
            }
            guard Self.isCharacter(value), let scalar = Unicode.Scalar(value) else {
                throw .init(offset: start, message: "a property list cannot hold the character \(UTF8Scan.name(value))")
            }
            return scalar
        case let text:
            throw .init(offset: start, message: "unknown entity '&\(text);'")
        }
    }

    /// integer text = whitespace [ "+" | "-" ] digit { digit } whitespace, up to `</integer>`.
    mutating func parseInteger(_ tag: Tag) throws(PropertyTree.Problem) -> Int64 {
        let text = try parseText(closedBy: "integer")
        var digits = Substring(text)
        while let c = digits.first, c == " " || c == "\t" || c == "\n" || c == "\r" { digits.removeFirst() }
        while let c = digits.last, c == " " || c == "\t" || c == "\n" || c == "\r" { digits.removeLast() }
        let negative = digits.first == "-"
        if digits.first == "-" || digits.first == "+" { digits.removeFirst() }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else {
            throw .init(offset: tag.offset, message: "expected a decimal integer in <integer>")
        }
        guard let value = Int64((negative ? "-" : "") + digits) else {
            throw .init(offset: tag.offset, message: "integer out of range")
        }
        return value
    }
}

// MARK: - Writing

extension PropertyTree {
    /// Pretty JSON: 2-space indent, one member/element per line, "key": value, empty [] and {} on one line,
    /// a trailing newline. Strings escape " \ and control characters (\n \t \r \b \f, others \u00XX); non-ASCII
    /// stays as UTF-8.
    public func json() -> String {
        var writer = JSONWriter(.pretty)
        write(into: &writer)
        return writer.text + "\n"
    }

    /// Writes this value with `writer`.
    private func write(into writer: inout JSONWriter) {
        switch kind {
        case .string(let s): writer.string(s)
        case .integer(let n): writer.integer(n)
        case .boolean(let b): writer.boolean(b)
        case .null: writer.null()
        case .array(let elements):
            writer.beginArray()
            for element in elements { element.write(into: &writer) }
            writer.endArray()
        case .dictionary(let members):
            writer.beginObject()
            for member in members {
                writer.key(member.key)
                member.value.write(into: &writer)
            }
            writer.endObject()
        }
    }

    /// An XML property list as Xcode writes one: the `<?xml version="1.0" encoding="UTF-8"?>` line, the
    /// `<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">`
    /// line, `<plist version="1.0">`, the value with tab indentation, `</plist>`, a trailing newline.
    ///
    /// `<dict>`/`<key>`, `<array>`, `<string>`, `<integer>`, `<true/>`, `<false/>`; an empty array or dictionary
    /// is `<array/>` or `<dict/>`; `&`, `<` and `>` in text are escaped (and a carriage return, which XML would
    /// read as a line feed, is `&#13;`). A property list has no null: a dictionary member whose value is null is
    /// left out; a null anywhere else, or a string holding a character XML 1.0 cannot carry (U+0000–U+0008,
    /// U+000B, U+000C, U+000E–U+001F, U+FFFE, U+FFFF), throws a problem that says so (at offset 0).
    public func propertyList() throws(Problem) -> String {
        var out = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        if isNull { throw Problem(offset: 0, message: "a property list cannot hold null") }
        try writePropertyList(into: &out, indent: 0)
        out += "</plist>\n"
        return out
    }

    /// Appends this value, a line of its own, and its inner lines `indent` + 1 tabs in, to `out`.
    private func writePropertyList(into out: inout String, indent: Int) throws(Problem) {
        let tabs = String(repeating: "\t", count: indent)
        switch kind {
        case .string(let s):
            out += tabs + "<string>"
            try Self.appendXML(s, to: &out)
            out += "</string>\n"
        case .integer(let n): out += tabs + "<integer>\(n)</integer>\n"
        case .boolean(let b): out += tabs + (b ? "<true/>\n" : "<false/>\n")
        case .null: throw Problem(offset: 0, message: "a property list cannot hold null in an array")
        case .array(let elements) where elements.isEmpty: out += tabs + "<array/>\n"
        case .array(let elements):
            out += tabs + "<array>\n"
            for element in elements { try element.writePropertyList(into: &out, indent: indent + 1) }
            out += tabs + "</array>\n"
        case .dictionary(let members) where !members.contains(where: { !$0.value.isNull }):
            out += tabs + "<dict/>\n"
        case .dictionary(let members):
            out += tabs + "<dict>\n"
            for member in members where !member.value.isNull {
                out += tabs + "\t<key>"
                try Self.appendXML(member.key, to: &out)
                out += "</key>\n"
                try member.value.writePropertyList(into: &out, indent: indent + 1)
            }
            out += tabs + "</dict>\n"
        }
    }

    /// Appends `text` as XML character data, or throws if it holds a character XML 1.0 cannot carry.
    private static func appendXML(_ text: String, to out: inout String) throws(Problem) {
        // Most strings need no escapes (0xEF may start U+FFFE or U+FFFF).
        guard
            text.utf8.contains(where: {
                ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A) || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0xEF
            })
        else {
            out += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\r": out += "&#13;"
            case _ where !PropertyListReader.isCharacter(scalar.value):
                throw Problem(
                    offset: 0, message: "a property list cannot hold the character \(UTF8Scan.name(scalar.value))")
            default: out.unicodeScalars.append(scalar)
            }
        }
    }
}
