import ListFormats
import ListModel

/// Renders diagnostics clang-style, each with its source line and a caret, then its notes and hint:
///
/// ```
/// demo.list:3:8: error: attempt to delete row 3 from section 0 which only contains 3 rows before the update
///     3 | delete 0:3
///       |        ^~~
/// demo.list:2:1: note: batch began here
///     2 | begin
///       | ^~~~~
/// hint: did you mean 'delete'?
/// ```
///
/// Lines and columns are 1-based and columns count characters. Tabs before the caret are kept
/// as tabs so the caret lines up; invalid bytes and control characters are shown as `�`, so
/// without colour the output never holds an escape byte; long lines are shown as a window.
public struct DiagnosticRenderer: Sendable {
    /// Whether to add ANSI colours.
    public var color: Bool

    /// The most characters of a source line shown; longer lines are cut around the caret.
    static let windowWidth = 150
    /// How many characters of a long line are kept before the caret.
    static let contextBeforeCaret = 60

    /// A renderer with or without ANSI colours.
    public init(color: Bool) {
        self.color = color
    }

    /// The full text of `diagnostic`: its location line, the source line with a caret, each
    /// note likewise, and the hint; every line ends in a newline.
    public func render(_ diagnostic: Diagnostic) -> String {
        var output = ""
        let message =
            diagnostic.keepsLineBreaks
            ? diagnostic.message.split(separator: "\n", omittingEmptySubsequences: false).map {
                DiagnosticRenderer.sanitized(String($0))
            }.joined(separator: "\n") : DiagnosticRenderer.sanitized(diagnostic.message)
        write(
            severity: diagnostic.severity, message: message, file: diagnostic.file,
            range: diagnostic.range, into: &output)
        for note in diagnostic.notes {
            write(
                severity: .note, message: DiagnosticRenderer.sanitized(note.message), file: note.file,
                range: note.range, into: &output)
        }
        if let hint = diagnostic.hint {
            output += paint("hint:", Style.bold) + " " + DiagnosticRenderer.sanitized(hint) + "\n"
        }
        return output
    }

    /// `text` in `style` when colour is on.
    private func paint(_ text: String, _ style: Style) -> String {
        style.apply(text, color)
    }

    /// One `FILE:LINE:COL: severity: message` line and its source excerpt; `message` is already sanitized.
    private func write(
        severity: Severity, message: String, file: SourceFile, range: SourceRange,
        into output: inout String
    ) {
        if file === SourceFile.program {
            output +=
                "\(file.name): \(label(severity)) " + paint(message, Style.bold) + "\n"
            return
        }
        let excerpt = SourceExcerpt(file: file, range: range)
        let location = "\(DiagnosticRenderer.sanitized(file.name)):\(excerpt.line):\(excerpt.column):"
        output +=
            paint(location, Style.bold) + " " + label(severity) + " "
            + paint(message, Style.bold) + "\n"
        let number = String(excerpt.line)
        let gutter = String(repeating: " ", count: max(0, 5 - number.count))
        output += gutter + number + " | " + excerpt.text + "\n"
        output +=
            String(repeating: " ", count: max(5, number.count)) + " | " + excerpt.caretIndent
            + paint(excerpt.caret, Style.caret) + "\n"
    }

    /// `error:`, `warning:` or `note:`, in its colour.
    private func label(_ severity: Severity) -> String {
        switch severity {
        case .error: paint("error:", Style.error)
        case .warning: paint("warning:", Style.warning)
        case .note: paint("note:", Style.note)
        }
    }

    /// Message text made safe to print: control characters (except tab) become `\u{…}` escapes.
    static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { DiagnosticRenderer.isControl($0) && $0 != "\t" }) else {
            return text
        }
        var result = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) && scalar != "\t" {
                result += MessageQuoting.escapedForMessage(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 and C1 control characters and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value)
    }
}

/// The part of a source line a diagnostic shows: its text (or a window of it), and the caret
/// line under the range. Only the shown window is decoded, so a 10 MB line costs one scan.
struct SourceExcerpt {
    /// 1-based line number.
    var line = 1
    /// 1-based column of the range's start, in characters.
    var column = 1
    /// The line as shown.
    var text = ""
    /// Spaces (tabs where the line has tabs) up to the caret.
    var caretIndent = ""
    /// `^` then `~` for the rest of the range on this line.
    var caret = "^"

    /// The excerpt of `file` for `range`.
    init(file: SourceFile, range: SourceRange) {
        let bytes = file.bytes
        let offset = min(max(0, range.lowerBound), bytes.count)
        let lineBytes = file.lineRange(containing: offset)
        line = file.firstLine
        for index in 0..<lineBytes.lowerBound where bytes[index] == Byte.newline { line += 1 }
        let caretOffset = min(offset, lineBytes.upperBound)
        let caretEnd = min(max(caretOffset, range.upperBound), lineBytes.upperBound)

        // Pass 1: count characters up to the caret, to its end, and in the whole line.
        var characters = 0
        var caretStart = 0
        var caretStop = 0
        var index = lineBytes.lowerBound
        while index < lineBytes.upperBound {
            if index == caretOffset { caretStart = characters }
            if index == caretEnd { caretStop = characters }
            index += SourceExcerpt.characterLength(bytes, at: index, end: lineBytes.upperBound)
            characters += 1
        }
        if caretOffset >= lineBytes.upperBound { caretStart = characters }
        if caretEnd >= lineBytes.upperBound { caretStop = characters }
        // A range starting inside a character (never from the parser) rounds to the next one.
        caretStop = max(caretStop, caretStart)
        column = caretStart + 1

        // The window of characters to show.
        var first = 0
        var last = characters
        if characters > DiagnosticRenderer.windowWidth {
            first = max(
                0,
                min(
                    caretStart - DiagnosticRenderer.contextBeforeCaret,
                    characters - DiagnosticRenderer.windowWidth))
            last = min(characters, first + DiagnosticRenderer.windowWidth)
        }

        // Pass 2: build the shown text and the caret line.
        var shown = first > 0 ? "…" : ""
        var indent = first > 0 ? " " : ""
        var position = 0
        index = lineBytes.lowerBound
        while index < lineBytes.upperBound && position < last {
            let length = SourceExcerpt.characterLength(bytes, at: index, end: lineBytes.upperBound)
            if position >= first {
                let scalar = SourceExcerpt.displayed(bytes, at: index, length: length)
                shown.unicodeScalars.append(scalar)
                if position < caretStart { indent += scalar == "\t" ? "\t" : " " }
            }
            index += length
            position += 1
        }
        if last < characters { shown += "…" }
        let visibleStop = min(caretStop, last)
        text = shown
        caretIndent = indent
        caret = "^" + String(repeating: "~", count: max(0, visibleStop - caretStart - 1))
    }

    /// Bytes in the character at `index`: a whole valid UTF-8 sequence, or one invalid byte.
    static func characterLength(_ bytes: [UInt8], at index: Int, end: Int) -> Int {
        bytes[index] < 0x80 ? 1 : Lexer.utf8Length(bytes, at: index, end: end) ?? 1
    }

    /// The character to show: itself, or `�` for an invalid byte or a control character.
    static func displayed(_ bytes: [UInt8], at index: Int, length: Int) -> Unicode.Scalar {
        let replacement: Unicode.Scalar = "\u{FFFD}"
        let lead = bytes[index]
        if length == 1 {
            if lead == Byte.tab { return "\t" }
            if lead < 0x20 || lead >= 0x7F { return replacement }
            return Unicode.Scalar(lead)
        }
        var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        guard let scalar = Unicode.Scalar(value), !DiagnosticRenderer.isControl(scalar) else { return replacement }
        return scalar
    }
}
