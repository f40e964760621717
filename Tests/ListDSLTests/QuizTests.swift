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
            1: ["result", "crash"], 2: ["result", "crash", "moves"], 3: ["result", "crash", "moves", "sections"],
            4: ["crash", "data", "moves"], 5: ["result", "crash", "collection", "moves", "sections", "data"],
        ]
        #expect(kinds == expected[level], "level \(level) asked \(kinds.sorted())")
    }

    /// A quiz asks a batch once: a small level draws the same one again now and then.
    @Test(arguments: 1...5)
    func aQuizAsksEachBatchOnce(_ level: Int) {
        for seed in UInt64(1)...40 {
            let scripts = Quiz.questions(level: level, seed: seed, count: 5, view: .table).map { $0.script }
            #expect(Set(scripts).count == scripts.count, "level \(level), seed \(seed) repeats a question")
        }
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

    /// A question made by hand: `table`, the batch `steps`, asking for the table after it.
    static func resultQuestion(_ table: [[String]], _ steps: [QuizStep]) throws -> QuizQuestion {
        var random = QuizRandom(seed: 1)
        return try #require(
            Quiz.question(table: table, steps: steps, level: 1, view: .table, crash: false, random: &random))
    }

    static func at(_ section: Int, _ row: Int) -> IndexPath { IndexPath(section: section, row: row) }

    /// A wrong table is named by the mistake that gives it: the batch re-run under each mistaken rule by
    /// the simulator, and compared.
    @Test(arguments: [
        (
            ["A B C D E"], [QuizStep.insert(at(0, 0), "F", .both), .delete(at(0, 2), .both)], "F A C D E",
            "the delete used the new index path"
        ),
        (
            ["A B C"], [.delete(at(0, 1), .both), .insert(at(0, 2), "D", .both)], "A D C",
            "the insert used the old index path"
        ),
        (
            ["A B C D E"], [.move(at(0, 1), to: at(0, 3))], "A C B D E",
            "the move was taken as a delete and an insert counted before the delete"
        ),
        (["A B C D E"], [.move(at(0, 1), to: at(0, 3))], "A D C B E", "the move swapped two rows"),
        (
            ["A B C D"], [.insert(at(0, 0), "E", .both), .reload(at(0, 3), "D2", .both)], "E A B D2 D",
            "the reload used the new index path"
        ),
        (
            ["A B C D"], [.insert(at(0, 0), "E", .both), .reload(at(0, 3), "D2", .both)], "E A B C D",
            "the reload kept the old text"
        ),
        (
            ["A B C D"], [.delete(at(0, 1), .both), .delete(at(0, 2), .both)], "A C",
            "the commands ran one at a time, in the order written"
        ),
        (
            ["A B", "C D", "E F"], [.deleteSection(0), .insertSection(1), .insert(at(1, 0), "G", .both)],
            "G | C D | E F", "the section delete used the new section number"
        ),
        (["A B C D E"], [.delete(at(0, 2), .both)], "A C D E", "the rows were counted from 1"),
    ])
    func aWrongTableIsNamedByItsMistake(_ rows: [String], _ steps: [QuizStep], _ answer: String, _ named: String)
        throws
    {
        let question = try Self.resultQuestion(rows.map { $0.split(separator: " ").map(String.init) }, steps)
        let verdict = try #require(Quiz.verdict(answer, for: question))
        #expect(!verdict.right)
        let line = verdict.text.split(separator: "\n").dropFirst().first ?? ""
        #expect(line.hasPrefix("  Your answer is what you get if \(named)"), "\(verdict.text)")
    }

    /// A wrong table no mistaken rule gives is not named; a right one gets only "✓ Right.".
    @Test func anAnswerNoRuleGivesIsNotNamed() throws {
        let question = try Self.resultQuestion(
            [["A", "B", "C", "D", "E"]], [.insert(Self.at(0, 0), "F", .both), .delete(Self.at(0, 2), .both)])
        #expect(Quiz.verdict("F A B D E", for: question) == QuizVerdict(right: true, text: "✓ Right.\n"))
        let verdict = try #require(Quiz.verdict("E D C B A", for: question))
        #expect(!verdict.text.contains("Your answer is what you get if"), "\(verdict.text)")
    }

    /// The index paths a batch names, as `s:r`.
    static func paths(in batch: String) -> Set<String> {
        Set(batch.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.contains(":") }.map(String.init))
    }

    /// The index paths a UIKit text names: `row 4 from section 1`, `item 2 into section 0`, `path = 1 - 0`.
    static func paths(inMessage text: String) -> [String] {
        var found: [String] = []
        let words = text.split(separator: " ").map(String.init)
        for (i, word) in words.enumerated() where (word == "row" || word == "item") && i + 3 < words.count {
            if let row = Int(words[i + 1]), words[i + 3] == "section",
                let section = Int(words[i + 4].prefix { $0.isNumber })
            {
                found.append("\(section):\(row)")
            }
        }
        for (i, word) in words.enumerated() where word == "path" && i + 4 < words.count && words[i + 1] == "=" {
            if let section = Int(words[i + 2]), let row = Int(words[i + 4].prefix { $0.isNumber }) {
                found.append("\(section):\(row)")
            }
        }
        return found
    }

    /// A crash question's wrong choices are near misses: each is what the batch gives under a mistaken
    /// rule (and is named by it when chosen), or "no crash"; none names an index path the batch does not.
    @Test(arguments: [4, 5])
    func wrongChoicesAreWhatMistakesGive(_ level: Int) throws {
        var crashQuestions = 0
        for seed in UInt64(1)...40 {
            for question in Quiz.questions(level: level, seed: seed, count: 3, view: .table) {
                guard case .crash(let choices) = question.kind else { continue }
                crashQuestions += 1
                let named = Self.paths(in: question.batch)
                for (i, choice) in choices.enumerated() where i != question.answerChoice && choice != Quiz.noCrash {
                    #expect(
                        !Quiz.mistakes(in: String(i + 1), for: question).isEmpty,
                        "'\(choice)' is no mistake's answer to\n\(question.batch)")
                    for path in Self.paths(inMessage: choice) {
                        #expect(named.contains(path), "'\(choice)' names \(path), not in\n\(question.batch)")
                    }
                    let verdict = try #require(Quiz.verdict(String(i + 1), for: question))
                    #expect(verdict.text.contains("Your answer is what you get if"), "\(verdict.text)")
                }
            }
        }
        #expect(crashQuestions >= 40)
    }
}
