import ListModel

/// Compact JSON for `dump`: arrays of arrays of strings, UTF-8 unescaped except what JSON requires.
enum JSON {
    /// Encodes a data source as one line.
    static func encode(_ sections: [Section]) -> String {
        var out = "["
        for (i, section) in sections.enumerated() {
            if i > 0 { out += "," }
            strings(section.rows, into: &out)
        }
        return out + "]"
    }

    /// Appends `values` as a JSON array of strings.
    static func strings(_ values: [String], into out: inout String) {
        out += "["
        for (i, value) in values.enumerated() {
            if i > 0 { out += "," }
            string(value, into: &out)
        }
        out += "]"
    }

    /// `values` as a JSON array of strings.
    static func strings(_ values: [String]) -> String {
        var out = ""
        strings(values, into: &out)
        return out
    }

    /// Appends `s` as a JSON string literal.
    static func string(_ s: String, into out: inout String) {
        StringEscape.quote(s, .json, into: &out)
    }
}
