import Testing

@testable import ListFormats

/// The one JSON writer writes bytes: every integer (the extremes too), every string escape, both styles.
@Suite struct JSONWriterTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (-1, "-1"), (10, "10"), (-120, "-120"), (Int.max, "9223372036854775807"),
        (Int.min, "-9223372036854775808"),
    ])
    func integers(_ value: Int, _ text: String) {
        var w = JSONWriter()
        w.integer(value)
        #expect(w.text == text)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("a\"b\\c", #""a\"b\\c""#),
        ("line\nbreak\ttab\rreturn", #""line\nbreak\ttab\rreturn""#),
        ("\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}", "\"\\u0000\\u0001\\b\\f\\u001f\u{7F}\""),
        ("é→😀 \u{85}", "\"é→😀 \u{85}\""),
        ("\"", #""\"""#),
        ("", #""""#),
    ])
    func strings(_ value: String, _ text: String) {
        var w = JSONWriter()
        w.string(value)
        #expect(w.text == text)
        // The language's writer of JSON strings (`quoted`) agrees with the bytes.
        #expect(StringEscape.quoted(value, .json) == text)
    }

    @Test func objectsAndArraysInBothStyles() {
        var compact = JSONWriter()
        var pretty = JSONWriter(.pretty)
        for i in 0..<2 {
            var w = i == 0 ? compact : pretty
            w.object { w in
                w.member("a", 1)
                w.key("b")
                w.array([true, false]) { w, b in w.boolean(b) }
                w.key("c")
                w.object { _ in }
                w.member("d", nil as String?)
            }
            if i == 0 { compact = w } else { pretty = w }
        }
        #expect(compact.text == #"{"a":1,"b":[true,false],"c":{},"d":null}"#)
        #expect(pretty.text == "{\n  \"a\": 1,\n  \"b\": [\n    true,\n    false\n  ],\n  \"c\": {},\n  \"d\": null\n}")
    }
}
