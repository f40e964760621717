import ArgumentParser
import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

import Platform

/// `listdsl quiz`: questions on batch updates, made with random parameters and graded by the simulator.
struct QuizCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quiz",
        abstract: "Practise batch updates: predict the table after a batch, or the crash, graded by the simulator.",
        discussion: """
            Each question shows a table and a batch and asks either for the table after it (type the rows
            separated by spaces and the sections by '|', e.g. 'A B | C', or a line as dump prints it) or
            whether it crashes and with which of UIKit's messages (type the choice's number). A wrong
            answer gets the right one and why: the change view, or the check that failed (a count check
            with its formula), and, when the answer is what a common mistake gives (the delete read as a
            new index path, the commands run in the order written, an edit overlooked), which mistake.
            The questions are made and graded by running the batches, so every seed gives a fresh set;
            --seed repeats one.

            Levels, each harder than the one before: 1 rows, inserts and deletes; 2 with moves and
            reloads; 3 with sections; 4 the data source and the table view out of step (the "Invalid
            update" family); 5 everything, longer batches, including the collection view's rules. Levels
            1 to 3 also ask whether a batch crashes.

            On a terminal answers are read with readline; otherwise one answer per line from standard
            input. An answer that cannot be read is asked again. --print writes the questions and the
            answer key without asking; --html writes a page where the student picks answers and is scored.
            """
    )

    @Option(help: ArgumentHelp("The level, 1 to 5.", valueName: "n"))
    var level = 1

    @Option(
        help: ArgumentHelp("The seed: the same seed gives the same questions (default: a new one).", valueName: "n"))
    var seed: UInt64?

    @Option(help: ArgumentHelp("How many questions, 1 to 100.", valueName: "n"))
    var count = 5

    @Option(help: ArgumentHelp("Simulate a table view or a collection view.", valueName: "kind"))
    var view: ViewKind = .table

    @Flag(help: "Print the questions and the answer key instead of asking (a teacher's sheet).")
    var print = false

    @Flag(help: "Write the quiz as an HTML page that scores the answers picked in it (no answer key in its source).")
    var html = false

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the page to FILE (default: standard output); with --html.", valueName: "file"),
        completion: .file(extensions: ["html"]))
    var output: String?

    func validate() throws {
        guard (1...5).contains(level) else { throw ValidationError("--level must be from 1 to 5") }
        guard (1...100).contains(count) else { throw ValidationError("--count must be from 1 to 100") }
        if output != nil && !html { throw ValidationError("--output writes the page: add --html") }
        if html && print { throw ValidationError("--html and --print are two ways to show the quiz: choose one") }
    }

    func run() throws {
        let console = Console(errorColor: false)
        defer { console.flush() }
        let seed = self.seed ?? QuizCommand.freshSeed()
        let questions = Quiz.questions(level: level, seed: seed, count: count, view: view)
        if html {
            let page = QuizPage.html(questions, level: level, seed: seed)
            guard let output else { return console.write(page) }
            if let problem = AtomicFile.write(Array(page.utf8), to: output, mode: 0o644) {
                console.report(.cannotWritePage(problem))
                throw ExitCode(Exit.cannotCreate.rawValue)
            }
            return
        }
        console.write(
            "ListDSL quiz, level \(level): \(Quiz.levels[level] ?? "") (seed \(seed), \(questions.count) question\(questions.count == 1 ? "" : "s"))\n"
        )
        if print {
            for (i, question) in questions.enumerated() {
                console.write(QuizCommand.render(question, i, of: questions.count))
            }
            console.write("\nAnswer key\n")
            for (i, question) in questions.enumerated() {
                console.write("\(i + 1). \(Quiz.key(question))\n")
            }
            return
        }
        console.write(
            "Type a table as rows separated by spaces and sections by |, e.g. A B | C (or as dump prints it).\n")
        let reader: LineReader? = isatty(0) != 0 ? LineReader(historyLimit: 0) : nil
        if reader != nil { installInterruptHandler() }
        var score = 0
        var asked = 0
        questions: for (i, question) in questions.enumerated() {
            console.write("\n" + QuizCommand.render(question, i, of: questions.count))
            console.flush()
            while true {
                guard
                    let answer = QuizCommand.readAnswer(reader, prompt: QuizCommand.prompt(question), console: console)
                else {
                    console.write("\n")
                    break questions
                }
                guard let verdict = Quiz.verdict(answer, for: question) else {
                    // Asked again, from a pipe as on a terminal: a slip of typing is not a wrong answer.
                    console.write(Quiz.unreadable(question))
                    continue
                }
                asked += 1
                if verdict.right { score += 1 }
                console.write(verdict.text)
                continue questions
            }
        }
        let unanswered = questions.count - asked
        console.write(
            "\nScore: \(score) of \(questions.count)"
                + (unanswered > 0 ? " (\(unanswered) not answered)" : "") + ". Seed \(seed) repeats this quiz.\n")
    }

    /// One question as the student sees it.
    static func render(_ question: QuizQuestion, _ index: Int, of total: Int) -> String {
        var out = "Question \(index + 1) of \(total)\(question.view == .collection ? " (a collection view)" : "")\n"
        out += question.table + question.batch + "\n"
        switch question.kind {
        case .result:
            out +=
                "What does the \(question.view == .collection ? "collection" : "table") view show after this batch?\n"
        case .crash(let choices):
            out += "Does this batch crash, and with which message?\n"
            for (n, choice) in choices.enumerated() { out += "  \(n + 1)) \(choice)\n" }
        }
        return out
    }

    /// The prompt for an answer.
    static func prompt(_ question: QuizQuestion) -> String {
        if case .crash(let choices) = question.kind { return "answer (1-\(choices.count))> " }
        return "answer> "
    }

    /// The next answer: from readline on a terminal, else the next line of standard input; nil at the end.
    static func readAnswer(_ reader: LineReader?, prompt: String, console: Console) -> String? {
        if let reader {
            while true {
                switch reader.read(prompt: prompt) {
                case .line(let bytes): return String(decoding: bytes, as: UTF8.self)
                case .interrupted: continue
                case .endOfInput: return nil
                }
            }
        }
        guard let line = readLine(strippingNewline: true) else { return nil }
        // Read from a file or a pipe, the answer is not echoed: show it after the prompt, as typed.
        console.write(prompt + line + "\n")
        return line
    }

    /// A seed from the clock, for a fresh quiz.
    static func freshSeed() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return UInt64(truncatingIfNeeded: now.tv_sec) &* 1_000_003 &+ UInt64(truncatingIfNeeded: now.tv_nsec)
            % 1_000_000
    }
}
