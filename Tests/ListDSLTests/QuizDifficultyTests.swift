import Foundation
import ListModel
import Testing

@testable import ListTeaching

/// Each level is harder than the one before, measured over 100 seeds of 5 questions a level: more
/// commands a batch, more of them crash questions (levels 1–4), more sections and moves across them.
/// The table of figures is written to `.build/quiz-difficulty.md`.
@Suite struct QuizDifficultyTests {
    /// The figures of one level.
    struct Figures {
        var questions = 0
        var commands = 0
        var kinds = 0
        var crashQuestions = 0
        var crashing = 0
        var crossSectionMoves = 0
        var sections = 0
        var collection = 0
        var twoLayers = 0

        func share(_ n: Int) -> Double { Double(n) / Double(max(questions, 1)) }
        var commandsPerQuestion: Double { share(commands) }
        var kindsPerQuestion: Double { share(kinds) }
        var sectionsPerTable: Double { share(sections) }
    }

    /// The kind of a command, for counting the kinds a batch mixes.
    static func kind(_ step: QuizStep) -> String {
        let layer =
            switch step.layer {
            case .both: ""
            case .data: "data "
            case .table: "table "
            }
        return switch step {
        case .insert: layer + "insert"
        case .delete: layer + "delete"
        case .move(let from, let to, _): layer + (from.section == to.section ? "move" : "move across")
        case .reload: layer + "reload"
        case .insertSection: "insert section"
        case .deleteSection: "delete section"
        }
    }

    static func figures(level: Int) -> Figures {
        var f = Figures()
        for seed in UInt64(1)...100 {
            for question in Quiz.questions(level: level, seed: seed, count: 5, view: .table) {
                f.questions += 1
                f.commands += question.steps.count
                f.kinds += Set(question.steps.map(kind)).count
                f.sections += question.before.count
                if case .crash(let choices) = question.kind {
                    f.crashQuestions += 1
                    if choices[question.answerChoice] != Quiz.noCrash { f.crashing += 1 }
                }
                if question.steps.contains(where: {
                    if case .move(let a, let b, _) = $0 { a.section != b.section } else { false }
                }) {
                    f.crossSectionMoves += 1
                }
                if question.view == .collection { f.collection += 1 }
                if question.steps.contains(where: { $0.layer != .both }) { f.twoLayers += 1 }
            }
        }
        return f
    }

    @Test func eachLevelIsHarderThanTheOneBefore() throws {
        let levels = (1...5).map { Self.figures(level: $0) }
        func percent(_ x: Double) -> String { "\(Int((x * 100).rounded()))%" }
        func fixed(_ x: Double) -> String { String(format: "%.2f", x) }
        var table = """
            | level | questions | commands / question | kinds of command / question | sections / table | crash questions | batches that crash | cross-section moves | data source and table view apart | collection view |
            |---|---|---|---|---|---|---|---|---|---|

            """
        for (i, f) in levels.enumerated() {
            table +=
                "| \(i + 1) | \(f.questions) | \(fixed(f.commandsPerQuestion)) | \(fixed(f.kindsPerQuestion)) | "
                + "\(fixed(f.sectionsPerTable)) | \(percent(f.share(f.crashQuestions))) | \(percent(f.share(f.crashing))) | "
                + "\(percent(f.share(f.crossSectionMoves))) | \(percent(f.share(f.twoLayers))) | "
                + "\(percent(f.share(f.collection))) |\n"
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        try? table.write(
            to: root.appendingPathComponent(".build/quiz-difficulty.md"), atomically: true, encoding: .utf8)
        for level in 1...4 {
            let (easier, harder) = (levels[level - 1], levels[level])
            #expect(harder.commandsPerQuestion > easier.commandsPerQuestion, "level \(level + 1)\n\(table)")
            #expect(harder.kindsPerQuestion > easier.kindsPerQuestion, "level \(level + 1)\n\(table)")
            #expect(harder.sectionsPerTable >= easier.sectionsPerTable, "level \(level + 1)\n\(table)")
        }
        for level in 1...3 {
            #expect(levels[level - 1].crashQuestions > 0, "level \(level) asks no crash question\n\(table)")
            #expect(
                levels[level].share(levels[level].crashQuestions)
                    > levels[level - 1].share(levels[level - 1].crashQuestions),
                "level \(level + 1)\n\(table)")
        }
        #expect(levels[4].share(levels[4].crashQuestions) > levels[2].share(levels[2].crashQuestions), "\(table)")
        for level in 3...4 {
            #expect(
                levels[level].share(levels[level].crossSectionMoves)
                    >= levels[level - 1].share(levels[level - 1].crossSectionMoves), "level \(level + 1)\n\(table)")
        }
    }
}
