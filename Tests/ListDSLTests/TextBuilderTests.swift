import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

/// An interpolated string's text as `TextBuilder` builds it: strings and integers written in, on the
/// stack while they fit and on the heap after, giving what plain string concatenation gives.
@Suite struct TextBuilderTests {
    /// A piece of text: a string, or an integer written in decimal.
    enum Piece: Sendable, CustomStringConvertible {
        case text(String)
        /// A piece of at most 8 bytes, appended as one word (`append(word:length:)`).
        case short(String)
        case number(Int64)
        var description: String {
            switch self {
            case .text(let s): "\"\(s)\""
            case .short(let s): "short \"\(s)\""
            case .number(let n): String(n)
            }
        }
    }

    static let cases: [[Piece]] = [
        [],
        [.text("")],
        [.text("row "), .number(0)],
        [.text("row "), .number(999_999)],
        [.number(-42), .text(" and "), .number(Int64.min), .text("/"), .number(Int64.max)],
        [.text(String(repeating: "a", count: 31)), .text("bc")],  // crosses the 32 bytes on the stack
        [.text(String(repeating: "x", count: 32))],  // fills them exactly
        [.text(String(repeating: "y", count: 33)), .number(7)],  // starts on the heap
        [.text("é✓"), .number(12), .text("🙂"), .text(String(repeating: "ü", count: 40))],
        [.short("row "), .number(12_345), .short("!")],
        [.short(""), .short("abcdefgh"), .short("ü✓"), .number(-1)],
        [.text(String(repeating: "a", count: 24)), .short("12345678")],  // the word ends at the 32nd byte
        [.text(String(repeating: "a", count: 25)), .short("1234567"), .short("x")],  // no room for a word's store
        [.text(String(repeating: "a", count: 30)), .short("xyz"), .number(5)],  // the word spills the text
        [.text(String(repeating: "z", count: 40)), .short("tail")],  // a word after the spill
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
            case .short(let s):
                builder.append(word: Byte.word(s.utf8), length: s.utf8.count)
                expected += s
            case .number(let n):
                builder.append(decimal: n)
                expected += String(n)
            }
        }
        #expect(builder.string == expected)
        #expect(builder.count == expected.utf8.count)
    }

    @Test(arguments: [0, 7, -7, 10, -10, 1_000_000, Int64.max, Int64.min])
    func decimalIsWhatStringGives(_ n: Int64) {
        #expect(Interpreter.decimal(n) == String(n))
    }

    /// Every number of digits, at both ends: where the digit count from the bit length is one short.
    static let digitBoundaries: [Int64] = {
        var numbers: [Int64] = [0, Int64.max, Int64.min, Int64.min + 1]
        for k in 0...18 {  // 10^18 is the last power of ten an Int64 holds
            let power: Int64 = (0..<k).reduce(1) { p, _ in p * 10 }
            numbers += [power - 1, power, power + 1, -power, -(power - 1)]
        }
        return numbers
    }()

    @Test func digitsAtEveryLengthAreWhatStringGives() {
        for n in TextBuilderTests.digitBoundaries {
            var onStack = TextBuilder()
            onStack.append("x")
            onStack.append(decimal: n)
            var onHeap = TextBuilder()
            onHeap.append(String(repeating: "y", count: 40))
            onHeap.append(decimal: n)
            #expect(onStack.string == "x" + String(n))
            #expect(onHeap.string == String(repeating: "y", count: 40) + String(n))
            #expect(Interpreter.decimal(n) == String(n))
        }
    }
}
