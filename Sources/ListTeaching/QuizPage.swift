import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// A quiz as one self-contained HTML page (no network): each question's table and batch and its choices.
/// The student picks one; the page scores the first pick and shows the verdict the terminal gives for
/// that answer. The page's text holds no answer key: each choice's verdict is sealed with a key made
/// from the question's salt and that choice (QuizSeal), and opened only when it is picked.
public enum QuizPage {
    /// The page for `questions`, titled with the level and seed so it can be made again.
    public static func html(_ questions: [QuizQuestion], level: Int, seed: UInt64) -> String {
        let title = Self.title(level: level, seed: seed)
        var body = ""
        for (i, question) in questions.enumerated() {
            let salt = QuizSeal.salt(level: level, seed: seed, index: i)
            let offered = choices(question, seed: seed, index: i)
            let verdicts = offered.map { Quiz.verdict($0.typed, for: question)?.text ?? "" }
            // Every seal of a question as long as the longest verdict: the short "✓ Right." is not told
            // apart by its length.
            let width = verdicts.map { $0.utf8.count }.max() ?? 0
            body += "<section class=\"question\" id=\"q\(i + 1)\" data-salt=\"\(salt)\">\n"
            body += "<h2>Question \(i + 1) of \(questions.count)"
            body += question.view == .collection ? " <span class=\"tag\">collection view</span>" : ""
            body += "</h2>\n<div class=\"pair\"><pre class=\"table\">\(escape(question.table))</pre>"
            body += "<pre class=\"batch\">\(escape(question.batch))</pre></div>\n"
            body += "<p class=\"ask\">\(ask(question))</p>\n"
            body += "<ol class=\"choices\">\n"
            for (choice, verdict) in zip(offered, verdicts) {
                let sealed = QuizSeal.seal(verdict, key: QuizSeal.key(salt: salt, choice: choice.shown), width: width)
                body += "<li><button type=\"button\" class=\"choice\" data-choice=\"\(escape(choice.shown))\" "
                body += "data-seal=\"\(sealed)\">\(escape(choice.shown))</button></li>\n"
            }
            body += "</ol>\n<pre class=\"feedback\" hidden></pre>\n</section>\n"
        }
        let intro = Self.intro(level: level)
        return LessonPage.filled(Resources.quizHTML) { name in
            switch name {
            case "title": return escape(title)
            case "intro": return escape(intro)
            case "level": return String(level)
            case "seed": return String(seed)
            case "count": return String(questions.count)
            case "questions": return body
            case "quiz.css": return Resources.quizCSS
            case "quiz.js": return Resources.quizJS
            case "quiz.json": return "{\"k\":" + QuizSeal.roundConstantsJSON + "}"
            default: return nil
            }
        }
    }

    /// The questions as JSON, for a page that carries the interpreter and grades answers with it (the class
    /// site's quiz): the title, the level's description, and for each question its view, its table and batch
    /// as the terminal prints them, what it asks, and its choices as shown and as typed. No answer is in it:
    /// the page asks the module (`Quiz.verdict`) for each answer's verdict.
    public static func json(_ questions: [QuizQuestion], level: Int, seed: UInt64) -> String {
        var w = JSONWriter()
        w.beginObject()
        w.member("title", title(level: level, seed: seed))
        w.member("intro", intro(level: level))
        w.key("questions")
        w.beginArray()
        for (i, question) in questions.enumerated() {
            w.beginObject()
            w.member("view", question.view.name)
            w.member("table", question.table)
            w.member("batch", question.batch)
            w.member("ask", ask(question))
            w.key("choices")
            w.beginArray()
            for choice in choices(question, seed: seed, index: i) {
                w.beginObject()
                w.member("shown", choice.shown)
                w.member("typed", choice.typed)
                w.endObject()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
    }

    /// The quiz's title: the level and seed, so it can be made again.
    static func title(level: Int, seed: UInt64) -> String { "ListDSL quiz, level \(level) (seed \(seed))" }

    /// What the level asks about, as a sentence.
    static func intro(level: Int) -> String {
        Quiz.levels[level].map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? ""
    }

    /// What a question asks.
    static func ask(_ question: QuizQuestion) -> String {
        switch question.kind {
        case .result: "What does the \(question.view.name) show after this batch?"
        case .crash: "Does this batch crash, and with which message?"
        }
    }

    /// A choice as the page shows it, and as the terminal would read it typed.
    struct Choice {
        var shown: String
        var typed: String
    }

    /// The choices of question `index`: a crash question's own, in order; for a result question the
    /// right table and the tables the mistaken rules give (the table before the batch when they give
    /// fewer than two), spelled as the student types them, in an order drawn from the seed.
    static func choices(_ question: QuizQuestion, seed: UInt64, index: Int) -> [Choice] {
        switch question.kind {
        case .crash(let choices):
            return choices.enumerated().map { Choice(shown: $0.element, typed: String($0.offset + 1)) }
        case .result:
            var tables = [question.answerTable] + question.nearMisses.prefix(3).map { $0.table }
            if tables.count < 3 && !tables.contains(question.before) { tables.append(question.before) }
            var random = QuizRandom(seed: seed &+ 0x9E37_79B9 &* UInt64(index + 1))
            random.shuffle(&tables)
            return tables.map { Choice(shown: Quiz.spelled($0), typed: Quiz.spelled($0)) }
        }
    }

    /// Text escaped for HTML (as the lesson page escapes it).
    static func escape(_ text: String) -> String { LessonPage.escaped(text) }
}
