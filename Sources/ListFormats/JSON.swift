import ListModel

/// The one JSON writer: everything listdsl writes as JSON goes through it — `dump`, the event stream,
/// `show json`, the lesson's data, saved states and the user-defaults store. Compact JSON is one line;
/// pretty JSON has one member or element per line, indented by two spaces, with `"key": value` and
/// empty `[]` and `{}` on one line. Strings escape `"`, `\` and control characters (`StringEscape`'s
/// JSON rules); non-ASCII stays as UTF-8.
struct JSONWriter {
    /// One line, or one member or element per line.
    enum Style { case compact, pretty }

    private(set) var text = ""
    let style: Style
    /// How many members or elements each open object or array has so far, innermost last.
    private var counts: [Int] = []
    /// A key was just written: its value comes next, with no separator.
    private var afterKey = false

    init(_ style: Style = .compact) {
        self.style = style
    }

    /// Before a value (or a key): the comma, and in pretty JSON the line and indent.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = counts.indices.last else { return }
        if counts[last] > 0 { text += "," }
        counts[last] += 1
        if style == .pretty { text += "\n" + String(repeating: " ", count: 2 * counts.count) }
    }

    private mutating func open(_ bracket: String) {
        separate()
        text += bracket
        counts.append(0)
    }

    private mutating func close(_ bracket: String) {
        let count = counts.popLast() ?? 0
        if style == .pretty && count > 0 { text += "\n" + String(repeating: " ", count: 2 * counts.count) }
        text += bracket
    }

    mutating func beginObject() { open("{") }
    mutating func endObject() { close("}") }
    mutating func beginArray() { open("[") }
    mutating func endArray() { close("]") }

    /// An object's key; its value is the next thing written.
    mutating func key(_ key: String) {
        separate()
        StringEscape.quote(key, .json, into: &text)
        text += style == .pretty ? ": " : ":"
        afterKey = true
    }

    mutating func string(_ value: String) {
        separate()
        StringEscape.quote(value, .json, into: &text)
    }

    mutating func integer(_ value: Int) {
        separate()
        text += String(value)
    }

    mutating func boolean(_ value: Bool) {
        separate()
        text += value ? "true" : "false"
    }

    mutating func null() {
        separate()
        text += "null"
    }

    /// A value already written as JSON by this writer.
    mutating func raw(_ json: String) {
        separate()
        text += json
    }

    /// An array of strings.
    mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }
}

/// Compact JSON for `dump` and for the pieces other writers put together.
package enum JSON {
    /// Encodes a data source as one line: arrays of arrays of strings.
    package static func encode(_ sections: [Section]) -> String {
        var writer = JSONWriter()
        writer.beginArray()
        for section in sections { writer.strings(section.rows.texts) }
        writer.endArray()
        return writer.text
    }

    /// Appends `values` as a JSON array of strings.
    static func strings(_ values: [String], into out: inout String) {
        out += strings(values)
    }

    /// `values` as a JSON array of strings.
    package static func strings(_ values: [String]) -> String {
        var writer = JSONWriter()
        writer.strings(values)
        return writer.text
    }

    /// Appends `s` as a JSON string literal.
    package static func string(_ s: String, into out: inout String) {
        StringEscape.quote(s, .json, into: &out)
    }
}

/// A JSON object built member by member (with `JSONWriter`), for the events, `show json` and the lesson.
package struct JSONObject {
    private var writer = JSONWriter()

    package init() { writer.beginObject() }

    /// Adds a string member.
    package mutating func add(_ key: String, _ value: String) {
        writer.key(key)
        writer.string(value)
    }

    /// Adds a member whose value is already JSON.
    package mutating func addRaw(_ key: String, _ json: String) {
        writer.key(key)
        writer.raw(json)
    }

    /// The object, closed.
    package var json: String {
        var closed = writer
        closed.endObject()
        return closed.text
    }
}
