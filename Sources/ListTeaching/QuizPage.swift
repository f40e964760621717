import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// A quiz as one self-contained HTML page (no script, no network): each question's table and batch,
/// its choices, and the answer with its explanation hidden in a `<details>` until the student reveals it.
public enum QuizPage {
    /// The page for `questions`, titled with the level and seed so it can be made again.
    public static func html(_ questions: [QuizQuestion], level: Int, seed: UInt64) -> String {
        let title = "ListDSL quiz, level \(level) (seed \(seed))"
        var body = ""
        for (i, question) in questions.enumerated() {
            body += "<section class=\"question\" id=\"q\(i + 1)\">\n"
            body += "<h2>Question \(i + 1) of \(questions.count)"
            body += question.view == .collection ? " <span class=\"tag\">collection view</span>" : ""
            body += "</h2>\n<div class=\"pair\"><pre class=\"table\">\(escape(question.table))</pre>"
            body += "<pre class=\"batch\">\(escape(question.batch))</pre></div>\n"
            switch question.kind {
            case .result:
                body += "<p class=\"ask\">What does the \(question.view == .collection ? "collection" : "table") "
                body += "view show after this batch? Write the rows of each section.</p>\n"
            case .crash(let choices):
                body += "<p class=\"ask\">Does this batch crash, and with which message?</p>\n<ol class=\"choices\">\n"
                for choice in choices { body += "<li>\(escape(choice))</li>\n" }
                body += "</ol>\n"
            }
            body += "<details><summary>Show the answer</summary>\n"
            body += "<p class=\"answer\">\(escape(answer(question)))</p>\n"
            body += "<pre class=\"why\">\(escape(question.explanation))</pre>\n</details>\n</section>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(title))</title>
            <style>
            body { font: 16px/1.45 -apple-system, "Helvetica Neue", Arial, sans-serif; margin: 0 auto; max-width: 60rem;
              padding: 1.5rem; color: #1c1c1e; background: #f2f2f7; }
            h1 { font-size: 1.6rem; margin: 0 0 .25rem; }
            .intro { color: #555; margin: 0 0 1.5rem; }
            .question { background: #fff; border-radius: 12px; padding: 1rem 1.25rem; margin: 0 0 1.25rem;
              box-shadow: 0 1px 3px rgba(0,0,0,.08); }
            h2 { font-size: 1.1rem; margin: 0 0 .75rem; }
            .tag { font-size: .8rem; font-weight: normal; background: #e5e5ea; border-radius: 6px; padding: .1rem .4rem; }
            .pair { display: flex; gap: 1rem; flex-wrap: wrap; }
            pre { font: 14px/1.4 ui-monospace, Menlo, "DejaVu Sans Mono", monospace; margin: 0; padding: .6rem .8rem;
              border-radius: 8px; white-space: pre-wrap; }
            pre.table { background: #f9f9fb; border: 1px solid #e5e5ea; min-width: 12rem; }
            pre.batch { background: #1c1c1e; color: #f2f2f7; min-width: 14rem; }
            .ask { font-weight: 600; margin: .9rem 0 .4rem; }
            .choices li { margin: .3rem 0; font-family: ui-monospace, Menlo, "DejaVu Sans Mono", monospace; font-size: 14px; }
            details { margin-top: .6rem; }
            summary { cursor: pointer; color: #0a64d8; font-weight: 600; }
            .answer { font-weight: 600; color: #1b7f3b; margin: .5rem 0; }
            pre.why { background: #f9f9fb; border: 1px solid #e5e5ea; }
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>
            <p class="intro">\(escape(Quiz.levels[level].map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? "")). Each answer stays hidden until you reveal it;
            <code>listdsl quiz --level \(level) --seed \(seed)</code> asks the same questions in a terminal.</p>
            \(body)</body>
            </html>

            """
    }

    /// The answer as the page shows it.
    static func answer(_ question: QuizQuestion) -> String {
        switch question.kind {
        case .result:
            return "The table view shows: "
                + question.answerTable.enumerated().map { s, rows in
                    "section \(s): " + (rows.isEmpty ? "(no rows)" : rows.joined(separator: " "))
                }.joined(separator: "; ")
        case .crash(let choices): return "\(question.answerChoice + 1). \(choices[question.answerChoice])"
        }
    }

    /// Text escaped for HTML (as the lesson page escapes it).
    static func escape(_ text: String) -> String { LessonPage.escaped(text) }
}
