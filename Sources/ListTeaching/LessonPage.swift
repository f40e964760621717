import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// The HTML lesson: one self-contained page (no network, no external fonts, scripts or images) that
/// steps through a recorded run. The page is `Resources/lesson.html` with `lesson.css`, `lesson.js` and
/// the lesson's data in it (embedded in the binary by `scripts/embed-resources.py`, as `Resources`).
///
/// The data is the run's event stream, `Lesson.stream`: the JSON lines `listdsl --events` writes
/// (docs/events.md), with the page's states — a `state` line after each step, the tables it draws as
/// `frame` and `section` lines, the scripts as `file` lines — and without the tables `--events` puts
/// in statement ends and commits. `listdsl html --events` writes the same lines. They sit in a
/// `<script type="application/x-ndjson">` element, and the script draws each step from them.
public enum LessonPage {
    /// Where a playground page finds the WebAssembly module.
    public enum Module {
        /// In the page itself (base64 in a script element): the page stays one self-contained file.
        case embedded([UInt8])
        /// In a script file beside the page (`listdsl site` writes one for all its pages), which sets
        /// `window.listdslModule` to the module's base64: a `<script src>` loads from `file://` too.
        case script(String)
    }

    /// The page for `lesson`, titled `title`: `Resources/lesson.html` with its placeholders filled in.
    ///
    /// With `interpreter` (the WebAssembly module `scripts/wasm.sh` builds: LZMA, gzip'd or plain), the page
    /// is a playground: it carries the module and runs an edited script in the page (`playground.js`).
    /// With `opensEditor`, a playground opens with its script in the editor (the class site's playground).
    /// `startsAt` is the step the page opens at when its address names none (`explain --html`: the crash).
    public static func html(
        _ lesson: Lesson, title: String, interpreter: Module? = nil, opensEditor: Bool = false, startsAt: Int? = nil
    ) -> String {
        let title = escaped(title)
        return filled(Resources.lessonHTML) { name in
            switch name {
            case "title": return title
            case "lesson.css": return Resources.lessonCSS
            case "lesson.js": return (startsAt.map { "window.listdslStartStep = \($0);\n" } ?? "") + Resources.lessonJS
            // The interpreter first, so its worker unpacks and compiles it while the page is read and drawn.
            case "interpreter-head": return interpreter == nil ? "" : interpreterHead
            case "interpreter": return interpreter.map(interpreterBlock) ?? ""
            case "playground":
                return interpreter == nil
                    ? "" : (opensEditor ? "<script>window.listdslOpensEditor = true;</script>\n" : "") + playgroundBlock
            // `</script>` in a row's text must not end the element the lines sit in.
            case "lesson.events": return lesson.stream.replacingAll("<", with: "\\u003c")
            default: return nil
            }
        }
    }

    /// The interpreter in a page's head: the worker's script (the unpacking and the worker) and its host
    /// (`module-host.js`), which makes the workers at once, so that they have started by the time the page
    /// has read the module.
    static var interpreterHead: String {
        "<script type=\"text/plain\" id=\"playground-worker\">\n" + Resources.lzmaJS + Resources.playgroundWorkerJS
            + "</script>\n<script>\n" + Resources.moduleHostJS + "</script>\n"
    }

    /// The interpreter at the start of a page's body: the module (or where it is), then the call that hands it
    /// to the worker, which unpacks and compiles it while the page is read and drawn.
    static func interpreterBlock(_ module: Module) -> String {
        let moduleElement: String
        switch module {
        case .embedded(let bytes):
            moduleElement =
                "<script type=\"application/octet-stream\" id=\"lesson-wasm\">" + QuizSeal.base64(bytes) + "</script>"
        case .script(let source):
            moduleElement = "<script src=\"" + escaped(source) + "\"></script>"
        }
        return moduleElement + "\n<script>window.listdslHost.start();</script>\n"
    }

    /// What makes a lesson page a playground, after the lesson's own script: the vocabulary the editor
    /// colours and completes, the editor, the playground's script and its "Explain a crash" panel.
    static var playgroundBlock: String {
        "<script type=\"application/json\" id=\"vocabulary\">" + vocabularyJSON.replacingAll("<", with: "\\u003c")
            + "</script>\n<style>\n" + Resources.editorCSS + Resources.explainCSS + "</style>\n<script>\n"
            + Resources.editorJS + Resources.playgroundJS + Resources.explainJS + "</script>"
    }

    /// The language's words for the page's editor, from `Vocabulary.entries` (so a new word is coloured and
    /// completed without touching the page): `{"words": [{"word", "category", "usage", "summary",
    /// "method" (a hook's UIKit method)}]}`.
    public static var vocabularyJSON: String {
        var w = JSONWriter()
        w.beginObject()
        w.key("words")
        w.beginArray()
        for entry in Vocabulary.entries {
            w.beginObject()
            w.member("word", entry.word)
            w.member("category", entry.category.rawValue)
            w.member("usage", entry.usage)
            w.member("summary", entry.summary)
            if let hook = entry.hook { w.member("method", hook.method) }
            w.endObject()
        }
        w.endArray()
        w.endObject()
        return w.text
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

extension String {
    /// The string with every ASCII `target` replaced by `replacement` (byte by byte: an ASCII byte is
    /// never part of another character's UTF-8).
    func replacingAll(_ target: Unicode.Scalar, with replacement: String) -> String {
        guard target.isASCII else { return self }
        let byte = UInt8(target.value)
        var text = self
        return text.withUTF8 { bytes -> String in
            guard bytes.contains(byte) else { return self }
            // The runs between the targets are copied whole.
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 1024)
            var start = 0
            for i in bytes.indices where bytes[i] == byte {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                out.append(contentsOf: replacement.utf8)
                start = i + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            return String(decoding: out, as: UTF8.self)
        }
    }
}
