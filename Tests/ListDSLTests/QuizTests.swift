import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

@Suite struct QuizTests {
    /// The key is what running the batch gives: for every level and many seeds, each question's script,
    /// run as any script is, ends with the key's table, or fails with the key's message (or passes when
    /// the key says no crash).
    @Test(arguments: 1...5)
    func theKeyIsWhatRunningTheBatchGives(_ level: Int) {
        var kinds = Set<String>()
        for seed in UInt64(1)...40 {
            for question in Quiz.questions(level: level, seed: seed, count: 3, view: .table) {
                var run = interpret(question.script + "\ndump")
                // The fallback's warning is part of the answer's explanation, not a failure.
                run.errors.removeAll { $0.contains("skips the row-count check and reloads") }
                if !run.errors.isEmpty || question.explanation.contains("warning:") {
                    #expect(
                        question.explanation.contains("skips the row-count check") || !run.errors.isEmpty,
                        "\(question.explanation)")
                }
                switch question.kind {
                case .result:
                    kinds.insert("result")
                    #expect(run.errors.isEmpty, "\(question.script): \(run.errors)")
                    #expect(Quiz.table(from: run.stdout) == question.answerTable, "\(question.script)")
                case .crash(let choices):
                    kinds.insert("crash")
                    #expect(choices.count >= 3 && choices.count <= 4)
                    #expect(Set(choices).count == choices.count, "choices repeat: \(choices)")
                    let right = choices[question.answerChoice]
                    if right == Quiz.noCrash {
                        #expect(run.errors.isEmpty, "\(question.script): \(run.errors)")
                    } else {
                        #expect(run.errors.first == right, "\(question.script)")
                        #expect(choices.contains(Quiz.noCrash))
                    }
                }
                if question.view == .collection { kinds.insert("collection") }
                if question.batch.contains("move ") || question.batch.contains("reload ") { kinds.insert("moves") }
                if question.batch.contains("section") { kinds.insert("sections") }
                if question.batch.contains("data ") { kinds.insert("data") }
            }
        }
        let expected: [Int: Set<String>] = [
            1: ["result"], 2: ["result", "moves"], 3: ["result", "moves", "sections"],
            4: ["crash", "data", "moves"], 5: ["result", "crash", "collection", "moves", "sections", "data"],
        ]
        #expect(kinds == expected[level], "level \(level) asked \(kinds.sorted())")
    }

    @Test func aSeedGivesTheSameQuestionsAndAnotherSeedOthers() {
        let first = Quiz.questions(level: 3, seed: 99, count: 5, view: .table).map(\.script)
        #expect(first == Quiz.questions(level: 3, seed: 99, count: 5, view: .table).map(\.script))
        #expect(first != Quiz.questions(level: 3, seed: 100, count: 5, view: .table).map(\.script))
        #expect(first.count == 5)
    }

    /// Level 1 batches are inserts and deletes of rows only; level 2 adds nothing with sections.
    @Test func levelsStayInTheirVocabulary() {
        for seed in UInt64(1)...30 {
            for question in Quiz.questions(level: 1, seed: seed, count: 3, view: .table) {
                let words = Set(question.batch.split(whereSeparator: \.isWhitespace).map(String.init))
                #expect(words.isDisjoint(with: ["move", "reload", "section", "data", "table"]), "\(question.batch)")
            }
            for question in Quiz.questions(level: 2, seed: seed, count: 3, view: .table) {
                #expect(!question.batch.contains("section"), "\(question.batch)")
            }
        }
    }

    @Test(arguments: [
        ("A B | C", [["A", "B"], ["C"]]), ("  A   B|C  ", [["A", "B"], ["C"]]), ("A | | B", [["A"], [], ["B"]]),
        (#"[["A","B"],["C"]]"#, [["A", "B"], ["C"]]), (#"[[]]"#, [[]]),
    ])
    func answersAreReadBothWays(_ text: String, _ table: [[String]]) {
        #expect(Quiz.table(from: text) == table)
    }

    @Test func unreadableAnswersAreNotGraded() throws {
        let question = try #require(Quiz.questions(level: 4, seed: 3, count: 1, view: .table).first)
        #expect(Quiz.grade("0", for: question) == nil)
        #expect(Quiz.grade("x", for: question) == nil)
        #expect(Quiz.grade(#"[["A", 1]]"#, for: Quiz.questions(level: 1, seed: 3, count: 1, view: .table)[0]) == nil)
    }

    /// An empty or blank line is no table: it is asked again, not graded as a table with no rows. A table
    /// whose only section is empty is typed as `dump` prints it, and the key spells it so.
    @Test func anEmptyAnswerIsNotATable() throws {
        let question = try #require(Quiz.questions(level: 1, seed: 3, count: 1, view: .table).first)
        #expect(Quiz.grade("", for: question) == nil)
        #expect(Quiz.grade("  \t ", for: question) == nil)
        #expect(Quiz.spelled([[]]) == "[[]]")
        #expect(Quiz.table(from: Quiz.spelled([[]])) == [[]])
        #expect(Quiz.table(from: "|") == [[], []])
    }
}
