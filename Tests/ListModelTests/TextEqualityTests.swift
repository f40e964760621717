import ListModel
import Testing

/// Texts compare byte for byte; lists that share their storage are the same without a look at their texts.
@Suite struct TextEqualityTests {
    @Test func listsCompareByTheirTextsWhetherOrNotTheyShareStorage() {
        let rows = (0..<1_000).map { "row \($0)" }
        let shared = rows
        #expect(TextEquality.same(rows, shared))
        var copy = rows
        copy[0] = "row 0"  // a copy of its own, the same texts
        #expect(TextEquality.same(rows, copy))
        copy[999] = "row 999!"
        #expect(!TextEquality.same(rows, copy))
        #expect(!TextEquality.same(rows, Array(rows.dropLast())))
        // Canonically equivalent, but not the same bytes: not the same text.
        #expect(!TextEquality.same(["\u{E9}"], ["e\u{301}"]))
        #expect(TextEquality.same([String](), []))
    }

    /// Lists compared a block of values at a time: texts made apart (the same bytes in storage of their own,
    /// so not the same bits) are still the same texts, and one text that differs is found wherever it is
    /// in a block, first or last, and in a last block shorter than the others.
    @Test(arguments: [0, 1, 63, 64, 65, 127, 128, 199])
    func listsCompareAcrossBlocks(_ changed: Int) {
        let rows = (0..<200).map { "a row long enough to be stored apart, \($0)" }
        let madeApart = rows.map { String(decoding: Array($0.utf8), as: UTF8.self) }
        #expect(TextEquality.same(rows, madeApart))
        #expect(TextEquality.same(madeApart, rows))
        var other = rows
        other[changed] = "\u{E9}"
        var equivalent = rows
        equivalent[changed] = "e\u{301}"
        #expect(!TextEquality.same(other, equivalent))
        #expect(!TextEquality.same(rows, other))
        #expect(!TextEquality.same(madeApart, equivalent))
        var same = madeApart
        same[changed] = rows[changed]
        #expect(TextEquality.same(rows, same))
    }

    /// Pairs of texts around the eight-byte steps of the comparison: equal, or differing in one byte at the
    /// start, in a step's last byte, in the first byte after it, or at the end; small (inline) and long.
    static let pairs: [(String, String, Bool)] = {
        var out: [(String, String, Bool)] = [
            ("", "", true), ("a", "", false), ("", "a", false), ("abc", "abc", true), ("abc", "abd", false),
            ("\u{E9}", "e\u{301}", false), ("\u{E9}t\u{E9}", "\u{E9}t\u{E9}", true), ("🙂", "🙃", false),
        ]
        for length in [7, 8, 9, 15, 16, 17, 24, 33] {
            let text = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            out.append((text, String(text.utf8.map { Character(UnicodeScalar($0)) }), true))
            for at in Set([0, min(7, length - 1), min(8, length - 1), length - 1]) {
                var bytes = Array(text.utf8)
                bytes[at] = UInt8(ascii: "Z")
                out.append((text, String(decoding: bytes, as: UTF8.self), false))
            }
            out.append((text, text + "x", false))
        }
        return out
    }()

    @Test(arguments: pairs) func textsCompareByTheirBytes(_ a: String, _ b: String, _ same: Bool) {
        #expect(TextEquality.same(a, b) == same)
        // A copy is the same value; the same value is the same text.
        let copy = a
        #expect(TextEquality.sameRepresentation(a, copy) && TextEquality.same(a, copy))
        if TextEquality.sameRepresentation(a, b) { #expect(same) }
        #expect(TextEquality.same(b, a) == same)
        #expect(TextEquality.same(a, b) == Array(a.utf8).elementsEqual(Array(b.utf8)))
        if same {
            #expect(TextKey(a).hashValue == TextKey(b).hashValue)
            #expect(Set([TextKey(a), TextKey(b)]).count == 1)
        }
    }

    /// A text reached through a Substring's bytes (a string of its own, built from them) still compares by
    /// bytes, and keys built from two equal texts made apart find each other in a dictionary.
    @Test func keysOfTextsMadeApartFindEachOther() {
        let long = "a row whose text is longer than fifteen bytes"
        let built = String(long.prefix(10)) + String(long.dropFirst(10))
        let keys: [TextKey: Int] = [TextKey(long): 1]
        #expect(keys[TextKey(built)] == 1)
        #expect(keys[TextKey(built + " ")] == nil)
    }
}
