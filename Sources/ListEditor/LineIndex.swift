/// Byte offsets in a script's UTF-8 and the protocol's positions (a 0-based line, and a character
/// counted in UTF-16 code units, or in bytes when the client chose UTF-8): an editor counts in one, the
/// parser in the other.
///
/// Every number a client sends is clamped to the text, without arithmetic that could overflow: a line
/// before the first is the text's start, one past the last its end, a character past a line's end that
/// end. Each conversion costs O(log lines) and a scan of at most `UTF16Units.blockLength` bytes, however
/// long the line: the UTF-16 units before every block of bytes are counted once, when the index is made.
struct LineIndex: Sendable {
    /// Where each line starts (after `\n`, `\r\n` or a lone `\r`).
    let starts: [Int]
    let bytes: [UInt8]
    /// Characters are counted in UTF-16 code units (the protocol's default) rather than in bytes.
    let utf16: Bool
    /// The UTF-16 code units before each block's first byte (empty when counting bytes).
    let unitsBefore: [Int]

    init(_ bytes: [UInt8], utf16: Bool) {
        var starts = [0]
        var unitsBefore: [Int] = []
        if utf16 { unitsBefore.reserveCapacity(bytes.count >> UTF16Units.blockShift + 1) }
        var units = 0
        bytes.withUnsafeBufferPointer { bytes in
            for i in bytes.indices {
                let byte = bytes[i]
                if utf16 {
                    if i & (UTF16Units.blockLength - 1) == 0 { unitsBefore.append(units) }
                    units &+= UTF16Units.of(byte)
                }
                // A line break's last byte: `\n`, or `\r` not followed by `\n`.
                if byte == 10 || (byte == 13 && (i + 1 == bytes.count || bytes[i + 1] != 10)) {
                    starts.append(i + 1)
                }
            }
        }
        // The entry for the text's end, when it starts a block (so every offset has one).
        if utf16 && bytes.count & (UTF16Units.blockLength - 1) == 0 { unitsBefore.append(units) }
        self.starts = starts
        self.bytes = bytes
        self.utf16 = utf16
        self.unitsBefore = unitsBefore
    }

    /// The end of line `line`'s text (before its line break).
    private func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        while end > starts[line] && (bytes[end - 1] == 10 || bytes[end - 1] == 13) { end -= 1 }
        return end
    }

    /// The UTF-16 code units of the bytes before `offset` (0...count).
    private func units(before offset: Int) -> Int {
        let block = offset >> UTF16Units.blockShift
        var units = unitsBefore[block]
        for i in (block << UTF16Units.blockShift)..<offset { units &+= UTF16Units.of(bytes[i]) }
        return units
    }

    /// The position of byte `offset` (clamped to the text).
    func position(of offset: Int) -> (line: Int, character: Int) {
        let offset = max(0, min(offset, bytes.count))
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = low + (high - low + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = starts[low]
        let end = min(offset, lineEnd(low))
        guard utf16 else { return (low, end - start) }
        return (low, units(before: end) - units(before: start))
    }

    /// The byte offset of a position; a line or character past the end is clamped to it, one before the
    /// start to the start (a client may send any number). A character inside a UTF-8 sequence (the second
    /// half of a surrogate pair) is its end.
    func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line < starts.count else { return bytes.count }
        let start = starts[line]
        let end = lineEnd(line)
        guard character > 0 else { return start }
        // A character is at least one byte: one past the line's bytes is past its end, whatever it counts.
        guard character < end - start else { return end }
        guard utf16 else { return start + character }
        let target = units(before: start) + character
        // The last block that starts before the target unit, then that block's bytes.
        var low = start >> UTF16Units.blockShift
        var high = end >> UTF16Units.blockShift
        while low < high {
            let middle = low + (high - low + 1) / 2
            if unitsBefore[middle] < target { low = middle } else { high = middle - 1 }
        }
        var offset = max(start, low << UTF16Units.blockShift)
        var units = units(before: offset)
        while offset < end && units < target {
            units &+= UTF16Units.of(bytes[offset])
            offset += 1
        }
        return UTF16Units.endOfCharacter(from: offset, before: end) { bytes[$0] }
    }
}
