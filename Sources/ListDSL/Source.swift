/// A half-open range of UTF-8 byte offsets into one `SourceFile`.
public struct SourceRange: Hashable, Sendable {
    /// Offset of the first byte.
    public var lowerBound: Int
    /// Offset one past the last byte.
    public var upperBound: Int

    /// Creates a range from `lowerBound` up to (not including) `upperBound`.
    public init(_ lowerBound: Int, _ upperBound: Int) {
        self.lowerBound = lowerBound
        self.upperBound = max(lowerBound, upperBound)
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(min(lowerBound, other.lowerBound), max(upperBound, other.upperBound))
    }

    /// An empty range at `offset`.
    public static func at(_ offset: Int) -> SourceRange { SourceRange(offset, offset) }
}

/// A line and column, both 1-based; the column counts characters, not bytes.
public struct SourceLocation: Hashable, Sendable {
    public var line: Int
    public var column: Int
}

/// One script's text: a name for diagnostics (`demo.list`, `-e`, `<stdin>`, `<repl>`) and its bytes.
///
/// Line starts are computed only when a diagnostic needs a line and column.
public final class SourceFile: Sendable {
    /// The name diagnostics print before the line number.
    public let name: String
    /// The raw bytes, which need not be valid UTF-8.
    public let bytes: [UInt8]
    /// The directory `run "other.list"` resolves against; nil for `-e` and the REPL's current directory.
    public let directory: String?

    /// Creates a source file from raw bytes.
    public init(name: String, bytes: [UInt8], directory: String? = nil) {
        self.name = name
        self.bytes = bytes
        self.directory = directory
    }

    /// Creates a source file from a string.
    public convenience init(name: String, text: String, directory: String? = nil) {
        self.init(name: name, bytes: Array(text.utf8), directory: directory)
    }

    /// The text of `range`, with invalid UTF-8 repaired.
    public func text(_ range: SourceRange) -> String {
        let lo = min(max(0, range.lowerBound), bytes.count)
        let hi = min(max(lo, range.upperBound), bytes.count)
        return String(decoding: bytes[lo..<hi], as: UTF8.self)
    }

    /// The byte range of the line containing `offset`, without its newline.
    public func lineRange(containing offset: Int) -> Range<Int> {
        let at = min(max(0, offset), bytes.count)
        var start = at
        while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
        var end = at
        while end < bytes.count && bytes[end] != 0x0A { end += 1 }
        if end > start && bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The 1-based line and character column of `offset`.
    public func location(of offset: Int) -> SourceLocation {
        let at = min(max(0, offset), bytes.count)
        var line = 1
        var lineStart = 0
        var i = 0
        while i < at {
            if bytes[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        return SourceLocation(line: line, column: SourceFile.characterCount(bytes[lineStart..<at]) + 1)
    }

    /// Number of characters (UTF-8 scalars; an invalid byte counts as one) in `slice`.
    static func characterCount(_ slice: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in slice where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

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
