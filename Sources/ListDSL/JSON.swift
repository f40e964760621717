import ListModel

/// Compact JSON for `dump`: arrays of arrays of strings, UTF-8 unescaped except what JSON requires.
enum JSON {
    /// Encodes a data source as one line.
    static func encode(_ sections: [Section]) -> String {
        var out = "["
        for (i, section) in sections.enumerated() {
            if i > 0 { out += "," }
            out += "["
            for (j, row) in section.rows.enumerated() {
                if j > 0 { out += "," }
                string(row, into: &out)
            }
            out += "]"
        }
        return out + "]"
    }

    /// Appends `s` as a JSON string literal.
    static func string(_ s: String, into out: inout String) {
        StringEscape.quote(s, .json, into: &out)
    }
}
