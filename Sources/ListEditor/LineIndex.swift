/// Byte offsets in a script's UTF-8 and the protocol's positions (a 0-based line, and a character
/// counted in UTF-16 code units, or in bytes when the client chose UTF-8): an editor counts in one, the
/// parser in the other.
struct LineIndex: Sendable {
    /// Where each line starts (after `\n`, `\r\n` or a lone `\r`).
    let starts: [Int]
    let bytes: [UInt8]
    /// Characters are counted in UTF-16 code units (the protocol's default) rather than in bytes.
    let utf16: Bool

    init(_ bytes: [UInt8], utf16: Bool) {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 10 {
                starts.append(i + 1)
            } else if bytes[i] == 13 {
                if i + 1 < bytes.count && bytes[i + 1] == 10 { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        self.starts = starts
        self.bytes = bytes
        self.utf16 = utf16
    }

    /// How many bytes the UTF-8 sequence starting with `byte` has (a stray continuation byte counts as one
    /// character of its own, as the parser's repair makes it one).
    static func sequenceLength(_ byte: UInt8) -> Int {
        byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
    }

    /// The end of line `line`'s text (before its line break).
    private func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        while end > starts[line] && (bytes[end - 1] == 10 || bytes[end - 1] == 13) { end -= 1 }
        return end
    }

    /// The position of byte `offset` (clamped to the text).
    func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = starts[low]
        let end = min(offset, lineEnd(low))
        guard utf16 else { return (low, end - start) }
        var units = 0
        var i = start
        while i < end {
            let length = Self.sequenceLength(bytes[i])
            units += length == 4 ? 2 : 1
            i += length
        }
        return (low, units)
    }

    /// The byte offset of a position; a line or character past the end is clamped to it, one before the
    /// start to the start (a client may send any number: no arithmetic on it may overflow).
    func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < starts.count else { return bytes.count }
        let start = starts[line]
        let end = lineEnd(line)
        guard character > 0 else { return start }
        // A character is at least one byte: one past the line's bytes is past its end, whatever it counts.
        guard character < end - start else { return end }
        guard utf16 else { return start + character }
        var units = 0
        var i = start
        while i < end && units < character {
            let length = Self.sequenceLength(bytes[i])
            units += length == 4 ? 2 : 1
            i = min(end, i + length)
        }
        return i
    }
}
