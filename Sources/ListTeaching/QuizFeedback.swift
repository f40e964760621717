import ListRuntime

/// What a graded answer gets, worded once for the terminal and the page alike.
public struct QuizVerdict: Sendable, Equatable {
    /// Whether the answer is right.
    public var right: Bool
    /// "✓ Right." or "✗ Wrong: the answer is …" with why, one line each, ending with a newline.
    public var text: String
}

extension Quiz {
    /// The key's line for a question: the table as a student types it, or the choice as `N) message`.
    public static func key(_ question: QuizQuestion) -> String {
        switch question.kind {
        case .result: return question.answerText
        case .crash(let choices): return "\(question.answerChoice + 1)) \(choices[question.answerChoice])"
        }
    }

    /// The verdict on `answer`: nil when it cannot be read (the student is asked again).
    public static func verdict(_ answer: String, for question: QuizQuestion) -> QuizVerdict? {
        guard let right = grade(answer, for: question) else { return nil }
        if right { return QuizVerdict(right: true, text: "✓ Right.\n") }
        let key = key(question)
        // UIKit's count texts end with their own period.
        var out = "✗ Wrong: the answer is \(key)" + (key.hasSuffix(".") ? "\n" : ".\n")
        let mistakes = mistakes(in: answer, for: question)
        if let likeliest = mistakes.first { out += "  Your answer is what you get if \(likeliest).\n" }
        if mistakes.count > 1 { out += "  (It is also what you get if \(mistakes[1]).)\n" }
        out += question.explanation.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
        if !out.hasSuffix("\n") { out += "\n" }
        return QuizVerdict(right: false, text: out)
    }

    /// The mistakes that give `answer` (a wrong one), the likeliest first; none when no mistaken rule
    /// gives it.
    public static func mistakes(in answer: String, for question: QuizQuestion) -> [String] {
        switch question.kind {
        case .result:
            guard let table = table(from: answer) else { return [] }
            return question.nearMisses.first { $0.table == table }?.mistakes ?? []
        case .crash:
            guard let n = Int64(answer.trimmingBlanks()).flatMap({ Int(exactly: $0) }) else { return [] }
            return question.nearMisses.first { $0.choice == n - 1 }?.mistakes ?? []
        }
    }

    /// What an answer that cannot be read gets: how to type one.
    public static func unreadable(_ question: QuizQuestion) -> String {
        if case .crash(let choices) = question.kind { return "Type a number from 1 to \(choices.count).\n" }
        return "Type the rows separated by spaces and the sections by |, e.g. A B | C (a table with no rows: [[]]).\n"
    }
}
