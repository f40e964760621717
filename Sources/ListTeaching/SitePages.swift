import ListFormats
import ListLanguage
import ListRuntime

/// The pages of a class site (`listdsl site DIR`): an index of the lessons, the quiz made and graded by the
/// interpreter in the page, and the script that carries the interpreter for every page of the site.
public enum SitePages {
    /// The script every page of the site loads the interpreter from (`<script src>` works from `file://`,
    /// where a page may not read a file beside it): it sets `window.listdslModule` to the module's base64.
    public static let moduleScriptName = "listdsl-wasm.js"

    /// A lesson in the index.
    public struct Entry {
        /// The page's path from the index, e.g. `lessons/tour.html`.
        public var page: String
        /// Its title.
        public var title: String
        /// What it is about: the first sentence of the script's opening comment.
        public var summary: String

        public init(page: String, title: String, summary: String) {
            self.page = page
            self.title = title
            self.summary = summary
        }
    }

    /// `path` (a file's path from the index, `/` between folders) as a relative URL: every byte but a
    /// letter, a digit, `-._~` and `/` percent-encoded, so a script named `a#b.list`, `c?d.list` or
    /// `100%41.list` gets a link that reaches its page.
    public static func urlPath(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The script that carries `module` for the site's pages.
    public static func moduleScript(_ module: [UInt8]) -> String {
        "window.listdslModule = \"" + QuizSeal.base64(module) + "\";\n"
    }

    /// The index page: the playground, the quiz, and `lessons`.
    public static func index(title: String, lessons: [Entry]) -> String {
        var cards = ""
        for lesson in lessons {
            cards +=
                "<li><a href=\"" + LessonPage.escaped(urlPath(lesson.page)) + "\">" + LessonPage.escaped(lesson.title)
                + "</a><p>" + LessonPage.escaped(lesson.summary) + "</p></li>\n"
        }
        return LessonPage.filled(Resources.siteHTML) { name in
            switch name {
            case "title": return LessonPage.escaped(title)
            case "quiz.css": return Resources.quizCSS
            case "lessons": return cards
            default: return nil
            }
        }
    }

    /// The quiz page: the questions of the level and seed in its address, made and graded by the module,
    /// which the page loads from `moduleScript` (a path from the page) and runs in a worker.
    public static func quiz(moduleScript: String) -> String {
        LessonPage.filled(Resources.quizLiveHTML) { name in
            switch name {
            case "quiz.css": return Resources.quizCSS
            case "interpreter-head": return LessonPage.interpreterHead
            case "interpreter": return LessonPage.interpreterBlock(.script(moduleScript))
            case "quiz-live.js": return Resources.quizLiveJS
            default: return nil
            }
        }
    }

    /// What a script is about: the first sentence of its opening comment (`# …` lines), at most 200
    /// characters; empty when it opens with no comment.
    public static func summary(of script: String) -> String {
        var text = ""
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("#") else { break }
            let words = String(line.dropFirst()).trimmingBlanks()
            if words.isEmpty {
                if text.isEmpty { continue }
                break
            }
            text += (text.isEmpty ? "" : " ") + words
            // A sentence ends at a full stop before a blank or the line's end.
            let characters = Array(text)
            if let stop = characters.indices.first(where: {
                characters[$0] == "." && ($0 + 1 == characters.count || characters[$0 + 1] == " ")
            }) {
                text = String(characters[...stop])
                break
            }
        }
        return text.count > 200 ? String(text.prefix(199)) + "…" : text
    }
}
