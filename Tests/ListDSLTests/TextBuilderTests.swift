import Testing

@testable import ListDSL

/// An interpolated string's text as `TextBuilder` builds it: strings and integers written in, on the
/// stack while they fit and on the heap after, giving what plain string concatenation gives.
@Suite struct TextBuilderTests {
    /// A piece of text: a string, or an integer written in decimal.
    enum Piece: Sendable, CustomStringConvertible {
        case text(String)
        case number(Int)
        var description: String {
            switch self {
            case .text(let s): "\"\(s)\""
            case .number(let n): String(n)
            }
        }
    }

    static let cases: [[Piece]] = [
        [],
        [.text("")],
        [.text("row "), .number(0)],
        [.text("row "), .number(999_999)],
        [.number(-42), .text(" and "), .number(Int.min), .text("/"), .number(Int.max)],
        [.text(String(repeating: "a", count: 31)), .text("bc")],  // crosses the 32 bytes on the stack
        [.text(String(repeating: "x", count: 32))],  // fills them exactly
        [.text(String(repeating: "y", count: 33)), .number(7)],  // starts on the heap
        [.text("é✓"), .number(12), .text("🙂"), .text(String(repeating: "ü", count: 40))],
    ]

    @Test(arguments: cases)
    func buildsWhatConcatenationGives(_ pieces: [Piece]) {
        var builder = TextBuilder()
        var expected = ""
        for piece in pieces {
            switch piece {
            case .text(let s):
                builder.append(s)
                expected += s
            case .number(let n):
                builder.append(decimal: n)
                expected += String(n)
            }
        }
        #expect(builder.string == expected)
        #expect(builder.count == expected.utf8.count)
    }

    @Test(arguments: [0, 7, -7, 10, -10, 1_000_000, Int.max, Int.min])
    func decimalIsWhatStringGives(_ n: Int) {
        #expect(Interpreter.decimal(n) == String(n))
    }
}
