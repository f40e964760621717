import Foundation
import ListModel
import Testing

@testable import ListTeaching

/// The HTML quiz holds no answer key in its text: each choice's feedback is sealed with a key made from
/// that choice, and every seal of a question has the same length.
@Suite struct QuizPageKeyTests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ])
    func sha256MatchesTheStandardsVectors(_ message: String, _ digest: String) {
        let hex = QuizSeal.sha256(Array(message.utf8)).map { b -> String in
            let digits = Array("0123456789abcdef")
            return String(digits[Int(b >> 4)]) + String(digits[Int(b & 15)])
        }.joined()
        #expect(hex == digest)
    }

    @Test func aSealOpensOnlyWithItsKeyAndHidesItsLength() throws {
        let sealed = QuizSeal.seal("✓ Right.\n", key: "salt\nA B", width: 200)
        #expect(QuizSeal.open(sealed, key: "salt\nA B") == "✓ Right.\n")
        #expect(QuizSeal.open(sealed, key: "salt\nB A") != "✓ Right.\n")
        #expect(QuizSeal.fromBase64(sealed)?.count == 200)
        #expect(QuizSeal.base64(Array("any carnal pleas".utf8)) == "YW55IGNhcm5hbCBwbGVhcw==")
        #expect(QuizSeal.fromBase64("YW55IGNhcm5hbCBwbGVhcw==") == Array("any carnal pleas".utf8))
    }

    /// The attribute values `name="…"` of the page, in order.
    static func attributes(_ name: String, in html: String) -> [String] {
        html.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test(arguments: [(1, UInt64(11)), (3, 5), (4, 12), (5, 13)])
    func thePageHoldsNoAnswerKey(_ level: Int, _ seed: UInt64) throws {
        let questions = Quiz.questions(level: level, seed: seed, count: 5, view: .table)
        let html = QuizPage.html(questions, level: level, seed: seed)
        #expect(!html.contains("✓ Right") && !html.contains("the answer is"), "a verdict is in the page")
        for question in questions {
            // Neither the explanation nor the right answer's own words (beyond a choice) are in the page.
            for line in question.explanation.split(separator: "\n") where line.contains("→") || line.contains("≠") {
                #expect(!html.contains(LessonPage.escaped(String(line))), "'\(line)' is in the page")
            }
        }
        let sections = html.components(separatedBy: "<section class=\"question\"").dropFirst()
        #expect(sections.count == questions.count)
        for (question, section) in zip(questions, sections) {
            let seals = Self.attributes("data-seal", in: section)
            let choices = Self.attributes("data-choice", in: section)
            #expect(seals.count >= 2 && seals.count == choices.count, "\(section)")
            #expect(Set(seals.map { $0.count }).count == 1, "the seals of a question differ in length")
            let salt = try #require(Self.attributes("data-salt", in: section).first)
            // Each seal opens with its own choice to the verdict the terminal gives for that answer.
            var right = 0
            for (i, (seal, choice)) in zip(seals, choices).enumerated() {
                let shown = choice.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
                    of: "&lt;", with: "<"
                ).replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
                let opened = try #require(QuizSeal.open(seal, key: QuizSeal.key(salt: salt, choice: shown)))
                let typed = question.kind == .result ? shown : String(i + 1)
                #expect(opened == Quiz.verdict(typed, for: question)?.text, "choice \(i + 1): \(shown)")
                if opened.hasPrefix("✓") { right += 1 }
            }
            #expect(right == 1)
        }
    }
}
