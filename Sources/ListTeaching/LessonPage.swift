import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// The HTML lesson: one self-contained page (no network, no external fonts, scripts or images) that
/// steps through a recorded run. The page is `Resources/lesson.html` with `lesson.css`, `lesson.js` and
/// the lesson's JSON in it (embedded in the binary by `scripts/embed-resources.py`, as `Resources`); the
/// JSON sits in a `<script type="application/json">` element, and the script draws each step from it.
///
/// What the page draws, and the keys it reads (`Lesson.json`):
/// - `files[].name`, `files[].lines`: the source, the current statement (`steps[].file`, `line`,
///   `column`, `endLine`, `endColumn`) highlighted;
/// - `sections[]`: drawn sections `{header, footer, indexTitle, rows}`, each stored once while frames
///   draw it the same; `frames[]`: tables, each a list of indexes into `sections` (at most
///   `Lesson.rowsPerFrame` rows in at most `sectionsPerFrame` sections); `steps[].tableView` and
///   `steps[].dataSource` (when they differ) index them, `steps[].rowCounts` and `dataRowCounts` give the
///   drawn sections' full counts when a frame leaves rows out, and `sectionCount` and `dataSectionCount`
///   the number of sections when it leaves sections out;
/// - `steps[].commit`: `{before, rows, sections, reloadData}` for the commit's animation, `rows`
///   listing `[section, row, oldSection, oldRow, how]` for each drawn row not kept at its own path;
/// - `steps[].rejection`: `{exception, message, formula}`;
/// - `steps[].calls`: `{from, to, text, answer, default}` for the sequence diagram (at most
///   `Lesson.callsPerStep`; `moreCalls` counts the rest);
/// - `steps[].output`: `{kind, text}` for the console.
public enum LessonPage {
    /// The page for `lesson`, titled `title`: `Resources/lesson.html` with its placeholders filled in.
    public static func html(_ lesson: Lesson, title: String) -> String {
        let title = escaped(title)
        return filled(Resources.lessonHTML) { name in
            switch name {
            case "title": return title
            case "lesson.css": return Resources.lessonCSS
            case "lesson.js": return Resources.lessonJS
            case "lesson.json": return lesson.json
            default: return nil
            }
        }
    }

    /// `template` with each `{{name}}` replaced by `value(name)`, in one pass over the template (a value
    /// is never searched, so a lesson's text that reads `{{title}}` stays as it is); a name without a
    /// value is left as it is.
    static func filled(_ template: String, _ value: (String) -> String?) -> String {
        let bytes = Array(template.utf8)
        let open: UInt8 = 0x7B  // {
        let close: UInt8 = 0x7D  // }
        var out = ""
        var copied = 0  // the template's bytes before this are in `out`
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == open && bytes[i + 1] == open else {
                i += 1
                continue
            }
            var end = i + 2
            while end + 1 < bytes.count && !(bytes[end] == close && bytes[end + 1] == close) && bytes[end] != open {
                end += 1
            }
            guard end + 1 < bytes.count, bytes[end] == close,
                let text = value(String(decoding: bytes[(i + 2)..<end], as: UTF8.self))
            else {
                i += 1
                continue
            }
            out += String(decoding: bytes[copied..<i], as: UTF8.self)
            out += text
            i = end + 2
            copied = i
        }
        out += String(decoding: bytes[copied...], as: UTF8.self)
        return out
    }

    /// `text` with `&`, `<`, `>` and `"` escaped for HTML.
    static func escaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
