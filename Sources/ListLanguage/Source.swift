import ListFormats
import ListModel

/// A half-open range of UTF-8 byte offsets into one `SourceFile`.
public struct SourceRange: Hashable, Sendable {
    /// Offset of the first byte.
    public var lowerBound: Int
    /// Offset one past the last byte.
    public var upperBound: Int

    /// Creates a range from `lowerBound` up to (not including) `upperBound`.
    @inlinable public init(_ lowerBound: Int, _ upperBound: Int) {
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
    /// The line of the whole file these bytes start at: 1, unless they are a window of a big file that
    /// is read and run a window at a time (then a window after the first starts at a line start, and
    /// a byte order mark there is no longer the file's).
    public let firstLine: Int

    /// Creates a source file from raw bytes, or a window of a file's from the start of line `firstLine`.
    public init(name: String, bytes: [UInt8], directory: String? = nil, firstLine: Int = 1) {
        self.name = name
        self.bytes = bytes
        self.directory = directory
        self.firstLine = firstLine
    }

    /// The program itself, for a diagnostic about no place in a source (a file that cannot be read,
    /// an unknown option): it renders as `listdsl: error: …`.
    public static let program = SourceFile(name: "listdsl", bytes: [])

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

    /// The 1-based line and character column of `offset` (O(offset); `LineIndex` answers many at once).
    public func location(of offset: Int) -> SourceLocation {
        LineIndex(self, upTo: offset).location(of: offset)
    }

    /// Number of characters (UTF-8 scalars; an invalid byte counts as one) in `slice`.
    static func characterCount(_ slice: ArraySlice<UInt8>) -> Int {
        var count = 0
        for byte in slice where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

/// The line starts of a source file, for finding many positions in it: each in O(log lines).
public struct LineIndex: Sendable {
    let file: SourceFile
    /// The offset of each line's first byte, ascending.
    let starts: [Int]

    /// Indexes the lines of `file` that start at or before `limit` (the whole file by default).
    public init(_ file: SourceFile, upTo limit: Int = Int.max) {
        self.file = file
        var starts = [0]
        let end = min(max(0, limit), file.bytes.count)
        var i = 0
        while i < end {
            if file.bytes[i] == 0x0A { starts.append(i + 1) }
            i += 1
        }
        self.starts = starts
    }

    /// The text of each indexed line, without its line feed (nor a carriage return before it), and no empty
    /// line after a last line feed: the lines a page shows. From the line starts, by byte: "\r\n" is one
    /// Character, which a split of the text on "\n" never finds.
    public var lines: [String] {
        guard !file.bytes.isEmpty else { return [] }
        var lines: [String] = []
        lines.reserveCapacity(starts.count)
        file.bytes.withUnsafeBufferPointer { all in
            for (k, start) in starts.enumerated() {
                var end = k + 1 < starts.count ? starts[k + 1] - 1 : all.count
                if k > 0 && start == all.count { break }  // after a last line feed
                if end > start && all[end - 1] == 0x0D && k + 1 < starts.count { end -= 1 }
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: all[start..<end]), as: UTF8.self))
            }
        }
        return lines
    }

    /// The 1-based line and character column of `offset` (clamped to the file).
    public func location(of offset: Int) -> SourceLocation {
        let at = min(max(0, offset), file.bytes.count)
        var lo = 0
        var hi = starts.count - 1
        while lo < hi {  // the last line start at or before `at`
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= at { lo = mid } else { hi = mid - 1 }
        }
        return SourceLocation(line: lo + file.firstLine, column: SourceFile.characterCount(file.bytes[starts[lo]..<at]) + 1)
    }
}
