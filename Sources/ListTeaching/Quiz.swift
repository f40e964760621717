import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// One quiz question: a table, a batch, and what the student must say about it. Generated and graded by
/// the simulator itself: the answer is what running the batch gives, never a stored one.
public struct QuizQuestion: Sendable {
    /// What the student is asked.
    public enum Kind: Sendable, Equatable {
        /// The table after the batch (the batch passes UIKit's checks).
        case result
        /// Whether the batch crashes, and with which message: the choices, "no crash" among them.
        case crash(choices: [String])
    }

    /// The level it was made for (1–5).
    public var level: Int
    /// The class simulated.
    public var view: ViewKind
    /// The table before the batch, as ListDSL (`reset …`).
    public var setup: String
    /// The table before the batch, drawn as `show` draws it.
    public var table: String
    /// The batch, one command per line, as the student reads it.
    public var batch: String
    public var kind: Kind
    /// The right answer: for a result question the table (`dump`'s rows), for a crash question the
    /// index of the right choice.
    public var answerTable: [[String]]
    public var answerChoice: Int
    /// Why: the change view with old and new index paths, or the check that failed and its text.
    public var explanation: String
    /// The wrong answers a student would give and the mistakes that give them: for a result question
    /// the tables the batch gives under mistaken rules, for a crash question the wrong choices.
    public var nearMisses: [QuizNearMiss] = []
    /// The batch as values.
    var steps: [QuizStep] = []
    /// The table before the batch, as values.
    var before: [[String]] = []

    /// The right answer as the student would type it: rows by spaces, sections by `|` (or the choice's
    /// number, from 1).
    public var answerText: String {
        switch kind {
        case .result: Quiz.spelled(answerTable)
        case .crash: String(answerChoice + 1)
        }
    }

    /// The script that runs the question (for checking the key): the view, the table, the batch.
    public var script: String {
        (view == .collection ? "view collection\n" : "") + setup + "\n" + batch
    }
}

/// A wrong answer a student would give, and the mistakes that give it, each worded for its batch
/// ("the delete used the new index path; …").
public struct QuizNearMiss: Sendable, Equatable {
    /// For a result question, the table the mistakes give (empty for a crash question).
    public var table: [[String]]
    /// For a crash question, the index of the choice the mistakes give.
    public var choice: Int?
    /// What the student did, one sentence per mistake, the likeliest first.
    public var mistakes: [String]
}

/// The quiz: questions made with random parameters for a level, graded by running them.
public enum Quiz {
    /// The choice that says the batch passes.
    public static let noCrash = "no crash"

    /// What each level asks about.
    public static let levels = [
        1: "rows only: inserts and deletes",
        2: "rows: inserts, deletes, moves and reloads",
        3: "sections and rows",
        4: "data-source mistakes: the data source and the table view out of step",
        5: "everything, collection-view rules included",
    ]

    /// `count` questions of `level` (1–5) from `seed`: the same arguments give the same questions.
    public static func questions(level: Int, seed: UInt64, count: Int, view: ViewKind) -> [QuizQuestion] {
        var random = QuizRandom(seed: seed)
        let design = QuizDesign.of(level: level)
        var questions: [QuizQuestion] = []
        var attempts = 0
        while questions.count < count && attempts < count * 50 {
            attempts += 1
            let questionView: ViewKind =
                view == .table && random.next(design.collectionThirds > 0 ? 3 : 1) < design.collectionThirds
                ? .collection : view
            let onTwoLayers = random.next(10) < design.twoLayerTenths
            let crash = onTwoLayers || random.next(10) < design.crashTenths
            // A small level draws the same batch again now and then: a quiz asks it once.
            if let question = make(
                design, level: level, view: questionView, onTwoLayers: onTwoLayers, crash: crash, random: &random),
                !questions.contains(where: { $0.script == question.script })
            {
                questions.append(question)
            }
        }
        return questions
    }

    // MARK: Making a question

    /// A question of the design's kind of batch, or nil when this draw made a poor one (drawn again).
    static func make(
        _ design: QuizDesign, level: Int, view: ViewKind, onTwoLayers: Bool, crash: Bool, random: inout QuizRandom
    ) -> QuizQuestion? {
        var letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ").map(String.init)
        var table: [[String]] = []
        for _ in 0..<random.draw(design.sections) {
            let rows = random.draw(design.rows)
            table.append(Array(letters.prefix(rows)))
            letters.removeFirst(rows)
        }
        let steps =
            onTwoLayers
            ? dataSourceBatch(table, design: design, random: &random)
            : plainBatch(table, design: design, fresh: letters, mistake: crash, random: &random)
        guard !steps.isEmpty else { return nil }
        return question(table: table, steps: steps, level: level, view: view, crash: crash, random: &random)
    }

    /// The question `steps` make on `table`, or nil when it is a poor one: a result question whose batch
    /// fails, a crash question with fewer than two wrong choices.
    static func question(
        table: [[String]], steps: [QuizStep], level: Int, view: ViewKind, crash: Bool, random: inout QuizRandom
    ) -> QuizQuestion? {
        let setup = "reset " + literal(table)
        let batch = QuizStep.batch(steps)
        let outcome = QuizRun(view: view, setup: setup, batch: batch)
        guard let drawn = outcome.table else { return nil }
        var question = QuizQuestion(
            level: level, view: view, setup: setup, table: drawn, batch: batch, kind: .result,
            answerTable: outcome.after, answerChoice: 0, explanation: "", steps: steps, before: table)
        if !crash {
            // A result question needs a batch that passes.
            guard outcome.error == nil else { return nil }
            question.explanation = outcome.changes
            question.nearMisses = nearTables(question, right: outcome.after)
            return question
        }
        // The choices: the right outcome, "no crash", and what the batch gives under the mistaken rules
        // (UIKit's real texts, with the batch's own index paths), the likeliest first.
        let right = outcome.error ?? noCrash
        guard !right.contains("\n") else { return nil }
        var wrong: [(text: String, mistakes: [String])] = right == noCrash ? [] : [(noCrash, [])]
        let named = Set(steps.flatMap { $0.paths })
        for mistake in QuizMistake.rules(for: steps, view: view, choosing: true) {
            guard let run = run(question, under: mistake), run.table != nil else { continue }
            // A near miss names the batch's own index paths: a text about a row the batch does not name
            // (one a rewritten path or a reload's insert reaches) is no answer a student would choose.
            if run.error != nil {
                guard let text = run.uikit, text.indexPaths.allSatisfy(named.contains) else { continue }
            }
            // Under the other view's rules, UIKit's text is worded for the view the question is about.
            let text =
                mistake == .otherView ? run.uikit?.worded(for: view) ?? run.error ?? noCrash : run.error ?? noCrash
            guard text != right, !text.contains("\n") else { continue }
            let worded = mistake.worded(for: steps, view: view)
            if let i = wrong.firstIndex(where: { $0.text == text }) {
                wrong[i].mistakes.append(worded)
            } else {
                wrong.append((text, [worded]))
            }
        }
        wrong = Array(wrong.prefix(3))
        guard wrong.count >= 2 else { return nil }
        var choices = wrong.map { $0.text } + [right]
        random.shuffle(&choices)
        question.kind = .crash(choices: choices)
        question.answerChoice = choices.firstIndex(of: right) ?? 0
        question.explanation = explanation(of: outcome, view: view)
        question.nearMisses = wrong.compactMap { miss in
            guard !miss.mistakes.isEmpty, let i = choices.firstIndex(of: miss.text) else { return nil }
            return QuizNearMiss(table: [], choice: i, mistakes: miss.mistakes)
        }
        return question
    }

    /// The batch run under a mistaken rule: the same table, the batches the student believes run.
    static func run(_ question: QuizQuestion, under mistake: QuizMistake) -> QuizRun? {
        guard let batches = mistake.batches(of: question.steps) else { return nil }
        let view = mistake == .otherView ? (question.view == .table ? ViewKind.collection : .table) : question.view
        return QuizRun(
            view: view, setup: question.setup, batch: batches.map(QuizStep.batch).joined(separator: "\n"))
    }

    /// The tables a result question's batch gives under the mistaken rules, other than the right one,
    /// each with the mistakes that give it, in the rules' order.
    static func nearTables(_ question: QuizQuestion, right: [[String]]) -> [QuizNearMiss] {
        var misses: [QuizNearMiss] = []
        for mistake in QuizMistake.rules(for: question.steps, view: question.view, choosing: false) {
            guard let run = run(question, under: mistake), run.table != nil, run.error == nil, run.after != right
            else { continue }
            let worded = mistake.worded(for: question.steps, view: question.view)
            if let i = misses.firstIndex(where: { $0.table == run.after }) {
                misses[i].mistakes.append(worded)
            } else {
                misses.append(QuizNearMiss(table: run.after, choice: nil, mistakes: [worded]))
            }
        }
        return misses
    }

    /// Why a crash question's answer is what it is: the check that failed (with the formula and its
    /// numbers for a count check), or the change view when every check passes.
    static func explanation(of outcome: QuizRun, view: ViewKind) -> String {
        guard outcome.error != nil else { return "It passes every check; the \(view.name) shows:\n" + outcome.changes }
        guard let text = outcome.uikit else {
            return
                "The data source's own edit fails first (NSMutableArray's range check), before UIKit checks anything.\n"
        }
        if let formula = text.formula(view: view) {
            return "UIKit's checks stop at \(check(of: text, view: view)):\n  \(formula)\n"
        }
        return "UIKit's checks stop at \(check(of: text, view: view)).\n"
    }

    /// A batch of plain commands on one table: inserts and deletes, then moves and reloads, then section
    /// inserts and deletes, as the design allows. With `mistake`, one index may be off the table.
    static func plainBatch(
        _ table: [[String]], design: QuizDesign, fresh: [String], mistake: Bool, random: inout QuizRandom
    ) -> [QuizStep] {
        var fresh = fresh
        var steps: [QuizStep] = []
        var deleted = Set<IndexPath>()
        var moved = Set<IndexPath>()
        var landing = Set<IndexPath>()  // new paths an insert or a move already takes (one row each)
        let total = random.draw(design.commands)
        let newCount = table.map { $0.count }
        func has(_ wanted: (QuizStep) -> Bool) -> Bool { steps.contains(where: wanted) }
        var draws = 0
        while steps.count < total && draws < total * 4 {
            draws += 1
            let s = random.next(table.count)
            let rows = table[s].count
            switch random.next(design.kinds) {
            case 0 where !fresh.isEmpty:
                let at = IndexPath(section: s, row: random.next(newCount[s] + 1))
                guard landing.insert(at).inserted else { continue }
                steps.append(.insert(at, fresh.removeFirst(), .both))
            case 2:
                let from = IndexPath(section: s, row: random.next(rows))
                let to = random.next(table.count)
                let at = IndexPath(section: to, row: random.next(max(newCount[to], 1)))
                guard !moved.contains(from), !deleted.contains(from), landing.insert(at).inserted else { continue }
                moved.insert(from)
                steps.append(.move(from, to: at))
            case 3:
                let at = IndexPath(section: s, row: random.next(rows))
                guard !deleted.contains(at), !moved.contains(at) else { continue }
                deleted.insert(at)
                steps.append(.reload(at, table[s][at.row] + "2", .both))
            case 4:
                guard !has({ if case .deleteSection = $0 { true } else { false } }) else { continue }
                steps.append(.deleteSection(s))
            case 5 where !fresh.isEmpty && !has({ if case .insertSection = $0 { true } else { false } }):
                let at = IndexPath(section: random.next(table.count + 1), row: 0)
                // The new section's first row: an insert at the same path before or after would repeat it.
                guard landing.insert(at).inserted else { continue }
                steps.append(.insertSection(at.section))
                steps.append(.insert(at, fresh.removeFirst(), .both))
            default:
                let at = IndexPath(section: s, row: random.next(rows))
                guard deleted.insert(at).inserted, !moved.contains(at) else { continue }
                steps.append(.delete(at, .both))
            }
        }
        if mistake && !steps.isEmpty && random.next(3) != 0 {
            // One index off the table: past the end of its section.
            let i = random.next(steps.count)
            switch steps[i] {
            case .insert(let at, _, .both), .delete(let at, .both), .reload(let at, _, .both):
                guard at.section < table.count else { break }
                var isInsert = false
                if case .insert = steps[i] { isInsert = true }
                let row = table[at.section].count + random.next(2) + (isInsert ? 1 : 0)
                steps[i] = steps[i].with(path: IndexPath(section: at.section, row: row))
            default: break
            }
        }
        return steps
    }

    /// The data source and the table view edited apart, as an app does: the data source's edits
    /// (`data …`, at once, in order) — deletes, maybe a row moved in from a section, inserts — and what
    /// the table view is told (`table …`), found from where each row went; with, most times, one
    /// mistake: an edit the table view is not told of, a call with no edit behind it, a call at the
    /// wrong index, or a reload among them.
    static func dataSourceBatch(_ table: [[String]], design: QuizDesign, random: inout QuizRandom) -> [QuizStep] {
        let s = random.next(table.count)
        var rows = table
        var data: [QuizStep] = []
        // Deletes, descending in the old numbering.
        var doomed = Set<Int>()
        for _ in 0..<random.draw(design.deletes) { doomed.insert(random.next(table[s].count)) }
        for r in doomed.sorted(by: >) {
            data.append(.delete(IndexPath(section: s, row: r), .data))
            rows[s].remove(at: r)
        }
        var moved: String?
        let from = random.next(table.count)
        if random.next(10) < design.moveTenths && !rows[from].isEmpty {
            let r = random.next(rows[from].count)
            let text = rows[from].remove(at: r)
            let q = random.next(rows[s].count + 1)
            rows[s].insert(text, at: q)
            data.append(.move(IndexPath(section: from, row: r), to: IndexPath(section: s, row: q), .data))
            moved = text
        }
        for n in 0..<random.draw(design.inserts) {
            let at = random.next(rows[s].count + 1)
            let text = "N\(n + 1)"
            rows[s].insert(text, at: at)
            data.append(.insert(IndexPath(section: s, row: at), text, .data))
        }
        var calls = Self.calls(from: table, to: rows, moved: moved)
        guard !data.isEmpty, !calls.isEmpty else { return [] }
        switch random.next(5) {
        case 0: data.remove(at: random.next(data.count))  // the data source forgotten
        case 1: calls.remove(at: random.next(calls.count))  // the table view not told
        case 2:  // a call at the wrong index
            let i = random.next(calls.count)
            if let at = calls[i].path {
                calls[i] = calls[i].with(path: IndexPath(section: at.section, row: at.row + 1 + random.next(2)))
            }
        case 3:  // a reload among them
            calls.append(.reload(IndexPath(section: s, row: random.next(table[s].count)), "", .table))
        default: break  // right
        }
        return data + calls
    }

    /// The calls that tell the table view what the data source did, found by each row's text (every
    /// text differs): deletes at old index paths, descending; the move from its old to its new index
    /// path; inserts at new index paths, ascending.
    static func calls(from old: [[String]], to new: [[String]], moved: String?) -> [QuizStep] {
        func find(_ text: String, in table: [[String]]) -> IndexPath? {
            for (s, rows) in table.enumerated() {
                if let r = rows.firstIndex(of: text) { return IndexPath(section: s, row: r) }
            }
            return nil
        }
        var calls: [QuizStep] = []
        for (s, rows) in old.enumerated().reversed() {
            for (r, text) in rows.enumerated().reversed() where find(text, in: new) == nil {
                calls.append(.delete(IndexPath(section: s, row: r), .table))
            }
        }
        if let moved, let from = find(moved, in: old), let to = find(moved, in: new) {
            calls.append(.move(from, to: to, .table))
        }
        for (s, rows) in new.enumerated() {
            for (r, text) in rows.enumerated() where find(text, in: old) == nil {
                calls.append(.insert(IndexPath(section: s, row: r), text, .table))
            }
        }
        return calls
    }

    /// Which of UIKit's ordered checks a failure comes from, with its rule, in the view's words.
    static func check(of text: UIKitText, view: ViewKind) -> String {
        switch text.check {
        case .sectionCount: "the section count"
        case .rowCounts:
            text.formula(view: view) == nil
                ? "the \(view.item) counts, checked last: new = old + inserted − deleted + moved in − moved out"
                : "the \(view.item) counts, checked last"
        case .reloads: "the reloads (checked first)"
        case .deletes: "the deletes (checked in descending order, old index paths)"
        case .inserts: "the inserts (checked in ascending order, new index paths)"
        case .moves: "the moves (checked by source: an old path to a new path)"
        case .collectionViewDuplicates: "the collection view's duplicates (it merges only identical moves)"
        case .animation: "no check: the collection view's animation, once every check has passed (iOS 9)"
        case .scroll: "the view's check of the index path it scrolls to, against its own counts"
        }
    }

    // MARK: Answers

    /// Grades `answer` for `question`: nil when it cannot be read (the student is asked again),
    /// else whether it is right.
    public static func grade(_ answer: String, for question: QuizQuestion) -> Bool? {
        switch question.kind {
        case .result:
            guard let table = table(from: answer) else { return nil }
            return table == question.answerTable
        case .crash(let choices):
            guard let n = Int64(answer.trimmingBlanks()).flatMap({ Int(exactly: $0) }), n >= 1, n <= choices.count
            else {
                return nil
            }
            return n - 1 == question.answerChoice
        }
    }

    /// A table as a student types it: rows by blanks and sections by `|` (`A B | C`), or as `dump`
    /// prints it (`[["A","B"],["C"]]`). A blank line is no table (a table of one empty section is `[[]]`).
    public static func table(from text: String) -> [[String]]? {
        let trimmed = text.trimmingBlanks()
        guard !trimmed.isEmpty else { return nil }
        if trimmed.hasPrefix("[") { return try? TableJSON.parse(Array(trimmed.utf8)).get() }
        return trimmed.split(separator: "|", omittingEmptySubsequences: false).map {
            $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
    }

    /// A table as the answer key spells it: `A B | C`; a table of one empty section as `dump` prints it,
    /// `[[]]`, since a blank answer is no table.
    public static func spelled(_ table: [[String]]) -> String {
        let text = table.map { $0.joined(separator: " ") }.joined(separator: " | ")
        return text.isEmpty ? "[[]]" : text
    }

    /// A table as a ListDSL literal.
    static func literal(_ table: [[String]]) -> String {
        "[" + table.map { "[" + $0.map(Value.quoted).joined(separator: ", ") + "]" }.joined(separator: ", ") + "]"
    }
}

/// The typed text of a quiz batch's rejection, when UIKit refused it (filled in from the run's events).
private final class QuizRejection {
    var text: UIKitText?
}

/// The warnings of a question's run (a row moved across a deleted or inserted section: the fallback). At
/// file scope: Embedded Swift cannot specialize a class declared inside a function.
final class QuizWarnings {
    var texts: [String] = []
}

/// A question's batch run in a fresh, silent session: the table before (drawn), the outcome, the change.
struct QuizRun {
    /// The table before the batch as `show` draws it; nil when the setup itself failed.
    var table: String?
    /// UIKit's (or NSMutableArray's) message when the batch fails.
    var error: String?
    /// Which of UIKit's texts it is, when UIKit refused the batch.
    var uikit: UIKitText?
    /// The data source after the batch (the table before it, when the batch failed).
    var after: [[String]] = []
    /// The change view of the batch.
    var changes = ""

    init(view: ViewKind, setup: String, batch: String) {
        let warnings = QuizWarnings()
        let collector = ChangeCollector()
        let rejection = QuizRejection()
        var options = InterpreterOptions()
        options.view = view
        options.notes = false
        let io = InterpreterIO(
            emit: { event in
                collector.receive(event)
                if case .diagnostic(let d) = event, d.severity == .warning { warnings.texts.append(d.message) }
                if case .rejected(let r) = event { rejection.text = r.uikit }
            }, detail: [.commits], load: { _ in .failure(LoadError("no files")) },
            isInterrupted: { false })
        let interpreter = Interpreter(io: io, options: options)
        let setupFile = SourceFile(name: "<quiz>", text: setup)
        do {
            try interpreter.run(Parser.parse(setupFile).program, in: setupFile)
            table = ShowRenderer.text(try interpreter.shownTable(at: SourceRange(0, 0)), color: false)
        } catch {
            return
        }
        let change = StatementChange(interpreter, collector)
        let batchFile = SourceFile(name: "<quiz>", text: batch)
        let parsed = Parser.parse(batchFile)
        if let syntax = parsed.diagnostics.first {
            error = syntax.message
            return
        }
        do {
            try interpreter.run(parsed.program, in: batchFile)
            try interpreter.finish()
        } catch {
            switch error {
            case .runtime(let d), .interrupted(let d): self.error = d.message
            case .syntax(let ds): self.error = ds.first?.message
            }
        }
        uikit = rejection.text
        after = interpreter.model.dataSource.map { $0.rows.texts }
        if error == nil {
            changes = change.render(interpreter) + warnings.texts.map { "warning: \($0)\n" }.joined()
        }
    }
}

/// How a level draws its questions: each level's tables, batches and kinds of question, harder than the
/// level before (QuizDifficultyTests measures it over 100 seeds).
struct QuizDesign {
    /// Sections in the table, rows in a section.
    var sections: ClosedRange<Int>
    var rows: ClosedRange<Int>
    /// A plain batch: how many commands, and of how many kinds (2 inserts and deletes; 4 with moves and
    /// reloads; 6 with section inserts and deletes).
    var commands: ClosedRange<Int>
    var kinds: Int
    /// Tenths of the plain questions asking whether the batch crashes.
    var crashTenths: Int
    /// Tenths of the questions on the data source and the table view edited apart (crash questions all).
    var twoLayerTenths: Int
    /// Such a batch: how many deletes and inserts, and tenths of them moving a row in as well.
    var deletes: ClosedRange<Int> = 1...2
    var inserts: ClosedRange<Int> = 1...2
    var moveTenths = 0
    /// Thirds of the questions asked of a collection view, when the quiz is for a table view.
    var collectionThirds = 0

    /// The design of `level` (1–5).
    static func of(level: Int) -> QuizDesign {
        switch level {
        case 1: QuizDesign(sections: 1...1, rows: 3...5, commands: 2...3, kinds: 2, crashTenths: 2, twoLayerTenths: 0)
        case 2: QuizDesign(sections: 1...1, rows: 3...5, commands: 3...4, kinds: 4, crashTenths: 3, twoLayerTenths: 0)
        case 3: QuizDesign(sections: 2...3, rows: 2...4, commands: 4...5, kinds: 6, crashTenths: 4, twoLayerTenths: 0)
        case 4:
            QuizDesign(
                sections: 3...3, rows: 2...4, commands: 0...0, kinds: 0, crashTenths: 10, twoLayerTenths: 10,
                moveTenths: 6)
        default:
            QuizDesign(
                sections: 3...3, rows: 2...4, commands: 6...8, kinds: 6, crashTenths: 3, twoLayerTenths: 4,
                deletes: 1...3, moveTenths: 10, collectionThirds: 1)
        }
    }
}

/// The quiz's own SplitMix64, so a seed gives the same questions on every platform and Swift version.
struct QuizRandom {
    var generator: SeededGenerator
    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// A number in 0..<bound (0 when bound is 0).
    mutating func next(_ bound: Int) -> Int { generator.below(bound) }

    /// A number in `range`.
    mutating func draw(_ range: ClosedRange<Int>) -> Int { range.lowerBound + next(range.count) }

    /// Shuffles `items` (Fisher–Yates).
    mutating func shuffle<T>(_ items: inout [T]) {
        guard items.count > 1 else { return }
        for i in stride(from: items.count - 1, to: 0, by: -1) {
            items.swapAt(i, next(i + 1))
        }
    }
}
