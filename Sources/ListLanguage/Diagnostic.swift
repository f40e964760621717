import ListFormats
import ListModel

/// How serious a diagnostic is.
public enum Severity: String, Sendable {
    case error, warning, note
}

/// A message about a place in a source file: an error, a warning, or a note, with an optional hint.
///
/// Rendered clang-style by `DiagnosticRenderer`: `FILE:LINE:COL: error: message`, the line, a caret.
public struct Diagnostic: Error, Sendable {
    /// A secondary message attached to a diagnostic, e.g. "batch began here".
    public struct Note: Sendable {
        public var file: SourceFile
        public var range: SourceRange
        public var message: String
        public init(file: SourceFile, range: SourceRange, message: String) {
            self.file = file
            self.range = range
            self.message = message
        }
    }

    public var severity: Severity
    public var file: SourceFile
    public var range: SourceRange
    public var message: String
    public var notes: [Note]
    /// A suggestion such as "did you mean 'delete'?", printed as a `hint:` line.
    public var hint: String?
    /// True when the message's line breaks are its own (UIKit's set descriptions), so they are printed
    /// as line breaks rather than escaped.
    public var keepsLineBreaks = false

    /// Creates a diagnostic.
    public init(
        _ severity: Severity = .error, file: SourceFile, range: SourceRange, message: String,
        notes: [Note] = [], hint: String? = nil
    ) {
        self.severity = severity
        self.file = file
        self.range = range
        self.message = message
        self.notes = notes
        self.hint = hint
    }

    /// An error from one of the catalogues (`ParseError`, `RuntimeError`, the command's `UsageError`),
    /// with its message and hint.
    public init(
        _ error: some CatalogueError, _ severity: Severity = .error, file: SourceFile, range: SourceRange,
        notes: [Note] = []
    ) {
        self.init(severity, file: file, range: range, message: error.message, notes: notes, hint: error.hint)
        keepsLineBreaks = error.keepsLineBreaks
    }

    /// A diagnostic about the program as a whole rather than a place in a source (`SourceFile.program`).
    public init(_ error: some CatalogueError, _ severity: Severity = .error) {
        self.init(error, severity, file: .program, range: SourceRange(0, 0))
    }
}

/// An error type whose cases carry their data and whose catalogue gives each its text.
public protocol CatalogueError: Error, Sendable {
    /// What went wrong, in one line.
    var message: String { get }
    /// What to do about it, when there is something to say.
    var hint: String? { get }
    /// True when the message spans lines on purpose (its own text escapes any line break it quotes).
    var keepsLineBreaks: Bool { get }
}

extension CatalogueError {
    public var keepsLineBreaks: Bool { false }
}
