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
        #expect(Array(builder.string.utf8) == Array(expected.utf8))
        #expect(builder.count == expected.utf8.count)
    }

    /// Texts of every length a small string holds (0 to 15 bytes), ASCII and not: the first `n` bytes
    /// of each, cut where a character starts.
    static let shortTexts: [String] = {
        var texts: [String] = []
        for source in ["row 123456789012", "é✓🙂aé✓🙂b", "aaaaaaaaaaaaaaé", "🙂🙂🙂🙂"] {
            let bytes = Array(source.utf8)
            for n in 0...min(15, bytes.count) where n == bytes.count || bytes[n] & 0xC0 != 0x80 {
                texts.append(String(decoding: bytes[..<n], as: UTF8.self))
            }
        }
        return texts
    }()

    /// A short text built on the stack is made a small string from its two words (`SmallString.make`): it
    /// must be the string Swift makes of the same bytes, bit for bit (its form, ASCII flag and count),
    /// whatever lies in the words past its bytes.
    @Test(arguments: shortTexts)
    func aShortTextIsTheSmallStringSwiftMakes(_ text: String) {
        var builder = TextBuilder()
        let bytes = Array(text.utf8)
        var k = 0
        while k < bytes.count {
            // Pieces of up to 3 bytes written as whole words: the 5 bytes after each are noise the
            // next piece, or the end of the text, must leave out.
            let piece = bytes[k..<min(k + 3, bytes.count)]
            let noise: UInt64 = 0xA5A5_A5A5_A5A5_A5A5 &<< UInt64(8 * piece.count)
            builder.append(word: Byte.word(piece) | noise, length: piece.count)
            k += piece.count
        }
        let made = builder.string
        let swift = String(decoding: bytes, as: UTF8.self)
        #expect(Array(made.utf8) == bytes)
        #expect(made == swift)
        #expect(made.hashValue == swift.hashValue)
        #expect(made.count == swift.count)
        #if (arch(x86_64) || arch(arm64)) && _endian(little) && !os(Android)
            let (a, b) = (
                unsafeBitCast(made, to: (UInt64, UInt64).self), unsafeBitCast(swift, to: (UInt64, UInt64).self)
            )
            #expect(
                a == b,
                "bits \(String(a.0, radix: 16)) \(String(a.1, radix: 16)) against \(String(b.0, radix: 16)) \(String(b.1, radix: 16))"
            )
        #endif
        #expect(SmallString.make(0, 0, count: 16) == nil)
    }

    /// The small string's words given the text's bytes with every bit set past them, in both words: they
    /// are the words of Swift's own string of those bytes (the masks keep nothing past the text, whatever
    /// its length). Compared as words, so that wrong ones fail the test without being used as a string.
    @Test(arguments: shortTexts)
    func aSmallStringKeepsNothingPastItsBytes(_ text: String) {
        #if (arch(x86_64) || arch(arm64)) && _endian(little) && !os(Android)
            let bytes = Array(text.utf8)
            let low = Byte.word(bytes.prefix(8)) | (bytes.count >= 8 ? 0 : ~0 &<< UInt64(8 * bytes.count))
            let high = Byte.word(bytes.dropFirst(8)) | (bytes.count <= 8 ? ~0 : ~0 &<< UInt64(8 * (bytes.count - 8)))
            let swift = unsafeBitCast(String(decoding: bytes, as: UTF8.self), to: (UInt64, UInt64).self)
            guard let made = SmallString.words(low, high, count: bytes.count) else {
                Issue.record("no small string for \(bytes.count) bytes")
                return
            }
            #expect(
                made == swift,
                "words \(String(made.0, radix: 16)) \(String(made.1, radix: 16)) against \(String(swift.0, radix: 16)) \(String(swift.1, radix: 16))"
            )
        #endif
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
