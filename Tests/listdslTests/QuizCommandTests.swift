import Foundation
import Testing

/// `listdsl quiz` end to end: the answer key it prints, answered right and wrong on standard input.
@Suite struct QuizCommandTests {
    /// The key's answers, as a student would type them, from `--print`'s output.
    static func key(level: Int, seed: Int, count: Int) throws -> [String] {
        let sheet = try runListdsl([
            "quiz", "--level", "\(level)", "--seed", "\(seed)", "--count", "\(count)", "--print",
        ])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        let lines = sheet.stdout.components(separatedBy: "Answer key\n").last?.split(separator: "\n") ?? []
        return lines.map { line in
            let answer = String(line.drop { $0 != " " }.dropFirst())
            // A choice's key is "N) message": the student types N.
            if let close = answer.firstIndex(of: ")"), Int(answer[..<close]) != nil { return String(answer[..<close]) }
            return answer
        }
    }

    @Test(arguments: 1...5)
    func rightAndWrongAnswersAtEveryLevel(_ level: Int) throws {
        let key = try Self.key(level: level, seed: 2026 + level, count: 4)
        #expect(key.count == 4)
        let right = try runListdsl(
            ["quiz", "--level", "\(level)", "--seed", "\(2026 + level)", "--count", "4"],
            stdin: key.joined(separator: "\n") + "\n")
        #expect(right.status == 0)
        #expect(right.stdout.components(separatedBy: "✓ Right.").count == 5, "\(right.stdout)")
        #expect(right.stdout.hasSuffix("Score: 4 of 4. Seed \(2026 + level) repeats this quiz.\n"))
        // Wrong answers: another table, another choice. Each gets the right answer and why.
        let wrongAnswers = key.map { Int($0).map { String($0 == 1 ? 2 : 1) } ?? "Z" }
        let wrong = try runListdsl(
            ["quiz", "--level", "\(level)", "--seed", "\(2026 + level)", "--count", "4"],
            stdin: wrongAnswers.joined(separator: "\n") + "\n")
        #expect(wrong.stdout.components(separatedBy: "✗ Wrong: the answer is ").count == 5, "\(wrong.stdout)")
        #expect(wrong.stdout.hasSuffix("Score: 0 of 4. Seed \(2026 + level) repeats this quiz.\n"))
        #expect(
            wrong.stdout.contains("UIKit's checks stop at") || wrong.stdout.contains(" → ")
                || wrong.stdout.contains("+ "), "no explanation: \(wrong.stdout)")
    }

    /// The first of seeds 1… whose single question's key passes `wanted`, with that key.
    static func firstSeed(
        _ arguments: [String], where wanted: (String) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (seed: Int, key: String)? {
        for seed in 1...60 {
            let sheet = try runListdsl(["quiz", "--seed", "\(seed)", "--count", "1", "--print"] + arguments)
            let key = String(sheet.stdout.split(separator: "\n").last ?? "")
            if wanted(key) { return (seed, key) }
        }
        return nil
    }

    /// A failed count check is explained with UIKit's formula and its numbers, as the lesson page shows
    /// it, in the view's own words; the message ends with one period, not two.
    @Test(arguments: ["table", "collection"])
    func aCountCheckIsExplainedWithItsFormula(_ view: String) throws {
        let found = try Self.firstSeed(["--level", "4", "--view", view]) {
            $0.contains("Invalid update: invalid number")
        }
        let (seed, key) = try #require(found)
        let wrong = key.hasPrefix("1. 1)") ? "2" : "1"
        let run = try runListdsl(
            ["quiz", "--level", "4", "--seed", "\(seed)", "--count", "1", "--view", view], stdin: wrong + "\n")
        let verdict = String(run.stdout.split(separator: "✗ Wrong", maxSplits: 1).last ?? "")
        let items = view == "table" ? "rows" : "items"
        #expect(verdict.contains("\(items) after ("), "\(verdict)")
        #expect(verdict.contains(") ≠ before ("), "\(verdict)")
        #expect(verdict.contains(" + inserted (") && verdict.contains(" − moved out ("), "\(verdict)")
        #expect(!verdict.contains(".."), "\(verdict)")
        if view == "collection" {
            #expect(!verdict.contains("table view") && !verdict.contains(" row"), "\(verdict)")
        }
    }

    /// A collection view's batch that passes is explained in the collection view's words.
    @Test func aCollectionViewIsNamedAsOne() throws {
        let found = try Self.firstSeed(["--level", "4", "--view", "collection"]) { $0.hasSuffix(") no crash") }
        let (seed, key) = try #require(found)
        let wrong = key.hasPrefix("1. 1)") ? "2" : "1"
        let run = try runListdsl(
            ["quiz", "--level", "4", "--seed", "\(seed)", "--count", "1", "--view", "collection"], stdin: wrong + "\n")
        let verdict = String(run.stdout.split(separator: "✗ Wrong", maxSplits: 1).last ?? "")
        #expect(verdict.contains("the collection view shows"), "\(verdict)")
        #expect(!verdict.contains("table view"), "\(verdict)")
    }

    @Test func theSameSeedPrintsTheSameSheet() throws {
        let a = try runListdsl(["quiz", "--level", "5", "--seed", "12", "--print"])
        let b = try runListdsl(["quiz", "--level", "5", "--seed", "12", "--print"])
        #expect(a.stdout == b.stdout && a.stdout.contains("Answer key"))
    }

    /// An answer that cannot be read (out of range, empty, blank) is asked again, from a pipe as on a
    /// terminal: it is not graded, and the end of input leaves the question unanswered.
    @Test func anAnswerThatCannotBeReadIsAskedAgainAndTheEndOfInputStops() throws {
        let run = try runListdsl(["quiz", "--level", "4", "--seed", "1", "--count", "3"], stdin: "9\n")
        #expect(run.stdout.contains("Type a number from 1 to"))
        #expect(!run.stdout.contains("✗ Wrong"), "\(run.stdout)")
        #expect(run.stdout.hasSuffix("Score: 0 of 3 (3 not answered). Seed 1 repeats this quiz.\n"), "\(run.stdout)")
    }

    @Test(arguments: [(4, "0\n\n9\n   \n"), (1, "\n   \n[[\"A\", 1]]\n")])
    func anUnreadableAnswerFromAPipeIsAskedAgainThenGraded(_ level: Int, _ unreadable: String) throws {
        let key = try Self.key(level: level, seed: 21, count: 2)
        let run = try runListdsl(
            ["quiz", "--level", "\(level)", "--seed", "21", "--count", "2"],
            stdin: unreadable + key[0] + "\n" + key[1] + "\n")
        #expect(run.status == 0)
        #expect(!run.stdout.contains("✗ Wrong"), "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "✓ Right.").count == 3, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("Score: 2 of 2. Seed 21 repeats this quiz.\n"), "\(run.stdout)")
    }

    /// On a terminal the answers are read with readline: a prompt, the verdict, the next question.
    @Test(.enabled(if: TerminalSession.isAvailable, TerminalSession.unavailable))
    func onATerminalItAsksWithReadline() throws {
        // A seed whose three questions ask for tables.
        var seed = 5
        var key = try Self.key(level: 1, seed: seed, count: 3)
        while key.contains(where: { Int($0) != nil }) && seed < 60 {
            seed += 1
            key = try Self.key(level: 1, seed: seed, count: 3)
        }
        let t = try TerminalSession(["quiz", "--level", "1", "--seed", "\(seed)", "--count", "3"])
        defer { t.close() }
        t.waitFor("the first prompt") { TerminalSession.lastLine($0) == "answer>" }
        try t.type(key[0])
        try t.press("Enter")
        t.waitFor("the verdict") { $0.contains("✓ Right.") && TerminalSession.lastLine($0) == "answer>" }
        try t.type("Q")
        try t.press("Enter")
        let screen = t.waitFor("the third question") {
            $0.contains("Question 3 of 3") && TerminalSession.lastLine($0) == "answer>"
        }
        #expect(screen.contains("✗ Wrong: the answer is \(key[1])."), "\(screen)")
    }

    @Test func badOptionsAreUsageErrors() throws {
        let run = try runListdsl(["quiz", "--level", "6"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--level must be from 1 to 5"))
    }
}

/// `listdsl quiz --html`: a self-contained page, opened in headless Chromium, where a student picks an
/// answer to each question and is scored, with the feedback the terminal gives for the same answer; no
/// verdict is in the page's text before a pick, and a second pick changes nothing. Screenshots before and
/// after go to `.build/quiz-screenshots/`.
@Suite(.serialized) struct QuizPageTests {
    /// The verdicts of a terminal quiz's output, in order: from each "✓ " or "✗ " line to the next
    /// question or the score.
    static func verdicts(_ stdout: String) -> [String] {
        var out: [String] = []
        var current: [Substring]?
        for line in stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("✓ ") || line.hasPrefix("✗ ") {
                if let done = current { out.append(done.joined(separator: "\n")) }
                current = [line]
            } else if line.hasPrefix("Question ") || line.hasPrefix("Score: ") {
                if let done = current { out.append(done.joined(separator: "\n")) }
                current = nil
            } else {
                current?.append(line)
            }
        }
        return out.map { String($0.reversed().drop { $0 == "\n" }.reversed()) }
    }

    @Test(.enabled(if: LessonPageTests.browserRequired), arguments: [(1, 11), (3, 14), (4, 12), (5, 13)])
    func aStudentPicksAnswersAndIsScored(_ level: Int, _ seed: Int) throws {
        let chromium = try #require(LessonPageTests.chromium, "install Debian's chromium package (.ci/run does)")
        let work = try scratchDirectory("quiz-page")
        defer { try? FileManager.default.removeItem(at: work) }
        let page = work.appendingPathComponent("quiz.html")
        let arguments = ["quiz", "--level", "\(level)", "--seed", "\(seed)", "--count", "3"]
        let export = try runListdsl(arguments + ["--html", "-o", page.path])
        #expect(export.status == 0, "\(export.stderr)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<script src"))
        #expect(!html.contains("the answer is") && !html.contains("✓ Right"), "a verdict is in the page's text")
        let shots = packageRoot.appendingPathComponent(".build/quiz-screenshots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let before = shots.appendingPathComponent("level\(level)-before.png")
        let after = shots.appendingPathComponent("level\(level)-answered.png")
        // The first question answered right, the others wrong.
        let key = try QuizCommandTests.key(level: level, seed: seed, count: 3)
        let plan: [[String: Any]] = key.enumerated().map { i, answer in
            ["key": Int(answer).map { $0 as Any } ?? answer, "pick": i == 0 ? "right" : "wrong"]
        }
        let planJSON = String(decoding: try JSONSerialization.data(withJSONObject: plan), as: UTF8.self)
        let result = try LessonPageTests.drive(
            "quiz.py", [chromium, page.path, before.path, after.path, planJSON], timeout: 120, about: "level \(level)")
        let shown = try #require(result["before"] as? [String: Any])
        let answered = try #require(result["after"] as? [String: Any])
        let again = try #require(result["afterSecondPick"] as? [String: Any])
        let questionsBefore = shown["questions"] as? [[String: Any]] ?? []
        let questions = answered["questions"] as? [[String: Any]] ?? []
        #expect(questionsBefore.count == 3 && questions.count == 3)
        #expect(questionsBefore.allSatisfy { $0["feedbackVisible"] as? Bool == false }, "feedback shows before a pick")
        #expect(shown["verdictInText"] as? Bool == false, "the page's text holds a verdict before a pick")
        #expect(shown["external"] as? Int == 0)
        #expect(shown["score"] as? String == "Score: 0 of 3 (3 not answered)")
        // The feedback is the terminal's for the same answers: a choice's number, or the table as typed.
        var answers: [String] = []
        for (question, answer) in zip(questions, key) {
            let picked = question["picked"] as? Int ?? -1
            let choices = question["choices"] as? [String] ?? []
            #expect(question["enabled"] as? Int == 0, "a question stays open after its pick")
            #expect(choices.indices.contains(picked), "no choice marked picked")
            answers.append(
                Int(answer) != nil ? String(picked + 1) : choices.indices.contains(picked) ? choices[picked] : "?")
        }
        let terminal = try runListdsl(arguments, stdin: answers.joined(separator: "\n") + "\n")
        let expected = Self.verdicts(terminal.stdout)
        #expect(expected.count == 3, "\(terminal.stdout)")
        for (question, verdict) in zip(questions, expected) {
            let feedback = (question["feedback"] as? String ?? "").trimmingCharacters(in: .newlines)
            #expect(feedback == verdict, "the page says\n\(feedback)\nthe terminal says\n\(verdict)")
        }
        #expect(questions.first?["feedbackClass"] as? String == "feedback right")
        #expect(questions.dropFirst().allSatisfy { $0["feedbackClass"] as? String == "feedback wrong" })
        #expect(expected.dropFirst().allSatisfy { $0.hasPrefix("✗ Wrong: the answer is ") })
        #expect(answered["score"] as? String == "Score: 1 of 3. Seed \(seed) repeats this quiz.")
        // A second pick changes neither the feedback nor the score.
        let firstAgain = (again["questions"] as? [[String: Any]])?.first
        #expect(firstAgain?["feedback"] as? String == questions.first?["feedback"] as? String)
        #expect(again["score"] as? String == answered["score"] as? String)
        #expect(FileManager.default.fileExists(atPath: after.path))
    }
}
