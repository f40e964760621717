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
}
