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
}
