import ListModel

/// The one JSON writer: everything listdsl writes as JSON goes through it — `dump`, the event stream,
/// `show json`, the lesson's data, saved states and the user-defaults store. Compact JSON is one line;
/// pretty JSON has one member or element per line, indented by two spaces, with `"key": value` and
/// empty `[]` and `{}` on one line. Strings escape `"`, `\` and control characters (`StringEscape`'s
/// JSON rules); non-ASCII stays as UTF-8.
package struct JSONWriter {
    /// One line, or one member or element per line.
    package enum Style { case compact, pretty }

    /// The JSON written so far, as UTF-8: appending bytes costs a fraction of appending to a String,
    /// and the event stream and a lesson write millions of small pieces.
    package private(set) var bytes: [UInt8] = []
    /// The JSON written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }
    let style: Style
    /// How many members or elements each open object or array has so far, innermost last.
    private var counts: [Int] = []
    /// A key was just written: its value comes next, with no separator.
    private var afterKey = false

    package init(_ style: Style = .compact) {
        self.style = style
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A new line indented two spaces per open object or array (pretty JSON).
    private mutating func newLine() {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * counts.count))
    }

    /// Before a value (or a key): the comma, and in pretty JSON the line and indent.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = counts.indices.last else { return }
        if counts[last] > 0 { bytes.append(0x2C) }
        counts[last] += 1
        if style == .pretty { newLine() }
    }

    private mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        counts.append(0)
    }

    private mutating func close(_ bracket: UInt8) {
        let count = counts.popLast() ?? 0
        if style == .pretty && count > 0 { newLine() }
        bytes.append(bracket)
    }

    package mutating func beginObject() { open(0x7B) }
    package mutating func endObject() { close(0x7D) }
    package mutating func beginArray() { open(0x5B) }
    package mutating func endArray() { close(0x5D) }

    /// An object's key; its value is the next thing written.
    package mutating func key(_ key: String) {
        separate()
        StringEscape.quoteJSON(key, into: &bytes)
        endKey()
    }

    /// An object's key written in the source, which needs no escaping (the keys of the formats this
    /// project writes): copied as it is, without the scan for bytes to escape.
    package mutating func key(_ key: StaticString) {
        separate()
        bytes.append(0x22)
        key.withUTF8Buffer { key in
            assert(!key.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }), "a key to escape")
            bytes.append(contentsOf: key)
        }
        bytes.append(0x22)
        endKey()
    }

    private mutating func endKey() {
        if style == .pretty { raw(": ") } else { bytes.append(0x3A) }
        afterKey = true
    }

    package mutating func string(_ value: String) {
        separate()
        StringEscape.quoteJSON(value, into: &bytes)
    }

    package mutating func integer(_ value: Int) {
        integer(Int64(value))
    }

    /// A 64-bit integer (a script's, or a property tree's), the same in WebAssembly, where `Int` has 32 bits.
    package mutating func integer(_ value: Int64) {
        separate()
        // The digits, written from the last: no String made for them.
        if value == 0 { return bytes.append(0x30) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[19 - count] = 0x30 + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            if value < 0 { bytes.append(0x2D) }
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    package mutating func boolean(_ value: Bool) {
        separate()
        if value { raw("true") } else { raw("false") }
    }

    package mutating func null() {
        separate()
        raw("null")
    }

    /// A string, or null.
    package mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// An integer, or null.
    package mutating func integer(_ value: Int?) {
        if let value { integer(value) } else { null() }
    }

    /// An array of strings.
    package mutating func strings<Texts: Sequence<String>>(_ values: Texts) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// An array of integers.
    package mutating func integers(_ values: [Int]) {
        beginArray()
        for value in values { integer(value) }
        endArray()
    }

    /// A data source's rows as `dump` writes them: arrays of arrays of strings.
    package mutating func table(_ sections: [Section]) {
        beginArray()
        for section in sections { strings(section.rows) }
        endArray()
    }

    /// An index path as `[section,row]`, or null.
    package mutating func path(_ path: IndexPath?) {
        guard let path else { return null() }
        beginArray()
        integer(path.section)
        integer(path.row)
        endArray()
    }

    /// An array, its elements written by `element`.
    package mutating func array<T>(_ items: [T], _ element: (inout JSONWriter, T) -> Void) {
        beginArray()
        for item in items { element(&self, item) }
        endArray()
    }

    /// An object, its members written by `members`.
    package mutating func object(_ members: (inout JSONWriter) -> Void) {
        beginObject()
        members(&self)
        endObject()
    }

    // Members: a key and its value.
    package mutating func member(_ key: StaticString, _ value: String?) {
        self.key(key)
        string(value)
    }
    package mutating func member(_ key: StaticString, _ value: Int?) {
        self.key(key)
        integer(value)
    }
    package mutating func member(_ key: StaticString, _ value: Bool) {
        self.key(key)
        boolean(value)
    }
}

/// Compact JSON for `dump`.
package enum JSON {
    /// Encodes a data source as one line: arrays of arrays of strings.
    package static func encode(_ sections: [Section]) -> String {
        var writer = JSONWriter()
        writer.table(sections)
        return writer.text
    }
}
