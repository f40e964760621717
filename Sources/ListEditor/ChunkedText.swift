/// A script's text while one `didChange`'s edits are applied to it, so that the message costs its edits
/// plus the text's size once, not edits × size: the text is cut into chunks of at most about
/// `chunkLength` bytes, kept in order in a balanced tree (a treap: each node has a random priority and
/// the higher one is above) whose every node knows its subtree's bytes, line breaks and UTF-16 units. A
/// position is found, and an edit made, in O(log chunks) steps and a scan of a few chunks, wherever it
/// is and however long its line; `bytes` joins the chunks once, when the message's edits are done.
///
/// Its positions are `LineIndex`'s, clamped the same way (the tests and the fuzzer check both against a
/// plain reference). A chunk is never empty, and never ends between the `\r` and the `\n` of a line
/// break, so each chunk counts its own line breaks.
struct ChunkedText {
    /// The longest chunk cut from a text (one more keeps a `\r\n` whole): long enough that the nodes weigh
    /// little beside the bytes, short enough that the scan of a chunk is quick. Tests cut shorter.
    let chunkLength: Int
    /// Characters are counted in UTF-16 code units rather than in bytes.
    let utf16: Bool

    /// A node of the tree: its children, its priority, its chunk's counts and its subtree's. Plain values
    /// only (the chunks are in `chunks`), so walking the tree copies no reference.
    private struct Node {
        var left = ChunkedText.none
        var right = ChunkedText.none
        var priority: UInt32 = 0
        /// The chunk's own line breaks and UTF-16 units.
        var ownBreaks = 0
        var ownUnits = 0
        /// The subtree's bytes, line breaks and UTF-16 units (this node's and its children's).
        var bytes = 0
        var breaks = 0
        var units = 0
    }

    /// Node 0 stands for no node: it is empty and counts nothing, so a missing child needs no test.
    private static let none = 0
    /// The nodes, and each node's chunk (a slice of the text it was cut from: no byte is copied).
    private var nodes = [Node()]
    private var chunks: [ArraySlice<UInt8>] = [[]]
    /// Nodes whose chunks were deleted, for new chunks to reuse (so the arrays hold no more nodes than the
    /// text has chunks, plus a few).
    private var unused: [Int] = []
    private var root = ChunkedText.none
    /// The state of the priorities' generator (xorshift), started from the process's hashing seed: a
    /// client that knew the priorities could order its edits to make the tree a list.
    private var seed: UInt32

    /// The chunks of `bytes`.
    init(_ bytes: [UInt8], utf16: Bool, chunkLength: Int = 512) {
        self.utf16 = utf16
        self.chunkLength = max(1, chunkLength)
        var hasher = Hasher()
        hasher.combine(bytes.count)
        seed = UInt32(truncatingIfNeeded: hasher.finalize()) | 1  // xorshift never leaves 0
        root = tree(of: bytes)
    }

    /// The text's length in bytes.
    var count: Int { nodes[root].bytes }

    /// The text, joined once.
    var bytes: [UInt8] {
        var joined: [UInt8] = []
        joined.reserveCapacity(count)
        // In order, with a stack of the nodes whose left subtree is being written.
        var stack: [Int] = []
        var node = root
        while node != Self.none || !stack.isEmpty {
            while node != Self.none {
                stack.append(node)
                node = nodes[node].left
            }
            let next = stack.removeLast()
            joined.append(contentsOf: chunks[next])
            node = nodes[next].right
        }
        return joined
    }

    // MARK: Positions

    /// The byte offset of a position, as `LineIndex.offset(line:character:)` finds it in the same text.
    func offset(line: Int, character: Int) -> Int {
        guard line >= 0 else { return 0 }
        guard line <= nodes[root].breaks else { return count }
        let start = line == 0 ? 0 : lineStart(line).offset
        guard character > 0 else { return start }
        let end = lineEnd(line)
        // A character is at least one byte: one past the line's bytes is past its end, whatever it counts.
        guard character < end - start else { return end }
        guard utf16 else { return start + character }
        let offset = min(end, firstOffset(reachingUnits: unitsBefore(start) + character))
        return UTF16Units.endOfCharacter(from: offset, before: end) { byte(at: $0) }
    }

    /// Where line `line` (1...breaks) starts: just after the `line`th line break, which is `breakLength`
    /// bytes long (a `\r\n` is in one chunk).
    private func lineStart(_ line: Int) -> (offset: Int, breakLength: Int) {
        var node = root
        var base = 0
        var remaining = line
        while node != Self.none {
            let left = nodes[node].left
            if remaining <= nodes[left].breaks {
                node = left
                continue
            }
            remaining -= nodes[left].breaks
            base += nodes[left].bytes
            if remaining <= nodes[node].ownBreaks {
                let found = chunks[node].withUnsafeBufferPointer { bytes -> (Int, Int)? in
                    for i in bytes.indices where Self.endsLineBreak(bytes, at: i) {
                        remaining -= 1
                        if remaining == 0 { return (i + 1, i > 0 && bytes[i] == 10 && bytes[i - 1] == 13 ? 2 : 1) }
                    }
                    return nil
                }
                if let (end, length) = found { return (base + end, length) }
            }
            remaining -= nodes[node].ownBreaks
            base += chunks[node].count
            node = nodes[node].right
        }
        return (base, 0)
    }

    /// The end of line `line`'s text (before its line break).
    private func lineEnd(_ line: Int) -> Int {
        guard line < nodes[root].breaks else { return count }
        let next = lineStart(line + 1)
        return next.offset - next.breakLength
    }

    /// The byte at `offset` (0..<count).
    private func byte(at offset: Int) -> UInt8 {
        var node = root
        var offset = offset
        while node != Self.none {
            let left = nodes[node].left
            if offset < nodes[left].bytes {
                node = left
                continue
            }
            offset -= nodes[left].bytes
            if offset < chunks[node].count { return chunks[node][chunks[node].startIndex + offset] }
            offset -= chunks[node].count
            node = nodes[node].right
        }
        return 0
    }

    /// The UTF-16 code units of the bytes before `offset`.
    private func unitsBefore(_ offset: Int) -> Int {
        var node = root
        var offset = offset
        var units = 0
        while node != Self.none {
            let left = nodes[node].left
            if offset <= nodes[left].bytes {
                node = left
                continue
            }
            offset -= nodes[left].bytes
            units += nodes[left].units
            if offset <= chunks[node].count {
                return units + Self.counts(chunks[node].prefix(offset)).units
            }
            offset -= chunks[node].count
            units += nodes[node].ownUnits
            node = nodes[node].right
        }
        return units
    }

    /// The first offset with `target` (at least 1) UTF-16 units before it, or the text's length.
    private func firstOffset(reachingUnits target: Int) -> Int {
        var node = root
        var base = 0
        var remaining = target
        while node != Self.none {
            let left = nodes[node].left
            if remaining <= nodes[left].units {
                node = left
                continue
            }
            remaining -= nodes[left].units
            base += nodes[left].bytes
            if remaining <= nodes[node].ownUnits {
                let found = chunks[node].withUnsafeBufferPointer { bytes -> Int? in
                    for i in bytes.indices {
                        remaining -= UTF16Units.of(bytes[i])
                        if remaining <= 0 { return i + 1 }
                    }
                    return nil
                }
                if let found { return base + found }
            }
            remaining -= nodes[node].ownUnits
            base += chunks[node].count
            node = nodes[node].right
        }
        return base
    }

    // MARK: Edits

    /// Replaces the bytes `from..<to` (clamped to the text; an end before the start replaces nothing)
    /// with `text`.
    mutating func replace(_ from: Int, _ to: Int, with text: [UInt8]) {
        let from = max(0, min(from, count))
        let to = max(from, min(to, count))
        let (before, rest) = split(root, at: from)
        let (removed, after) = split(rest, at: to - from)
        release(removed)
        let inserted = tree(of: text)
        root = merge(merge(before, inserted), after)
        // The edit's two seams may now hold a `\r` and a `\n`: one line break, which a chunk must hold whole.
        joinLineBreak(at: from)
        if !text.isEmpty { joinLineBreak(at: from + text.count) }
    }

    /// Puts a `\r` at `offset - 1` and a `\n` at `offset` into one chunk of their own.
    private mutating func joinLineBreak(at offset: Int) {
        guard offset > 0, offset < count, byte(at: offset - 1) == 13, byte(at: offset) == 10 else { return }
        let (before, after) = split(root, at: offset)
        let (kept, carriageReturn) = split(before, at: offset - 1)
        let (lineFeed, rest) = split(after, at: 1)
        release(carriageReturn)
        release(lineFeed)
        let pair = node([13, 10], (breaks: 1, units: 2))
        root = merge(merge(kept, pair), rest)
    }

    /// A tree of `bytes`' chunks, each a slice of it.
    private mutating func tree(of bytes: [UInt8]) -> Int {
        var tree = Self.none
        var start = 0
        while start < bytes.count {
            var end = start + min(chunkLength, bytes.count - start)
            if end < bytes.count && bytes[end - 1] == 13 && bytes[end] == 10 { end += 1 }
            let chunk = bytes[start..<end]
            tree = merge(tree, node(chunk, Self.counts(chunk)))
            start = end
        }
        return tree
    }

    /// The trees of the first `offset` bytes of `tree` and of the rest; a chunk across `offset` is cut in two.
    private mutating func split(_ tree: Int, at offset: Int) -> (Int, Int) {
        guard tree != Self.none else { return (Self.none, Self.none) }
        let left = nodes[tree].left
        let leftBytes = nodes[left].bytes
        if offset <= leftBytes {
            let (first, second) = split(left, at: offset)
            nodes[tree].left = second
            update(tree)
            return (first, tree)
        }
        let length = chunks[tree].count
        if offset >= leftBytes + length {
            let (first, second) = split(nodes[tree].right, at: offset - leftBytes - length)
            nodes[tree].right = first
            update(tree)
            return (tree, second)
        }
        // Inside this node's chunk: the node keeps the first part and its left subtree; a new node holds
        // the rest, before the right subtree. Only the shorter part is counted: the other has the rest of
        // the chunk's counts (and a `\r\n` cut in two is two line breaks, each part counting its own).
        let chunk = chunks[tree]
        let cut = chunk.startIndex + (offset - leftBytes)
        let (head, tail) = (chunk[..<cut], chunk[cut...])
        let breaks = nodes[tree].ownBreaks + (chunk[cut - 1] == 13 && chunk[cut] == 10 ? 1 : 0)
        let units = nodes[tree].ownUnits
        var headCounts: (breaks: Int, units: Int)
        var tailCounts: (breaks: Int, units: Int)
        if head.count <= tail.count {
            headCounts = Self.counts(head)
            tailCounts = (breaks - headCounts.breaks, units - headCounts.units)
        } else {
            tailCounts = Self.counts(tail)
            headCounts = (breaks - tailCounts.breaks, units - tailCounts.units)
        }
        let right = nodes[tree].right
        chunks[tree] = head
        nodes[tree].ownBreaks = headCounts.breaks
        nodes[tree].ownUnits = headCounts.units
        nodes[tree].right = Self.none
        update(tree)
        let rest = node(tail, tailCounts)
        return (tree, merge(rest, right))
    }

    /// The tree of `first`'s bytes, then `second`'s.
    private mutating func merge(_ first: Int, _ second: Int) -> Int {
        guard first != Self.none else { return second }
        guard second != Self.none else { return first }
        if nodes[first].priority > nodes[second].priority {
            let right = merge(nodes[first].right, second)
            nodes[first].right = right
            update(first)
            return first
        }
        let left = merge(first, nodes[second].left)
        nodes[second].left = left
        update(second)
        return second
    }

    /// A node of its own for `chunk` (not empty), which has `counts`.
    private mutating func node(_ chunk: ArraySlice<UInt8>, _ counts: (breaks: Int, units: Int)) -> Int {
        seed ^= seed << 13
        seed ^= seed >> 17
        seed ^= seed << 5
        let node = Node(priority: seed, ownBreaks: counts.breaks, ownUnits: counts.units)
        let index: Int
        if let reused = unused.popLast() {
            index = reused
            nodes[index] = node
            chunks[index] = chunk
        } else {
            index = nodes.count
            nodes.append(node)
            chunks.append(chunk)
        }
        update(index)
        return index
    }

    /// Frees the nodes of `tree` for reuse, and lets their bytes go.
    private mutating func release(_ tree: Int) {
        var stack = tree != Self.none ? [tree] : []
        while let node = stack.popLast() {
            if nodes[node].left != Self.none { stack.append(nodes[node].left) }
            if nodes[node].right != Self.none { stack.append(nodes[node].right) }
            chunks[node] = []
            unused.append(node)
        }
    }

    /// Sums `node`'s subtree from its chunk and its children's.
    private mutating func update(_ node: Int) {
        let left = nodes[node].left
        let right = nodes[node].right
        nodes[node].bytes = nodes[left].bytes + chunks[node].count + nodes[right].bytes
        nodes[node].breaks = nodes[left].breaks + nodes[node].ownBreaks + nodes[right].breaks
        nodes[node].units = nodes[left].units + nodes[node].ownUnits + nodes[right].units
    }

    /// The line breaks and UTF-16 units of `chunk`, on its own.
    private static func counts(_ chunk: ArraySlice<UInt8>) -> (breaks: Int, units: Int) {
        chunk.withUnsafeBufferPointer { bytes in
            var breaks = 0
            var units = 0
            for i in bytes.indices {
                units += UTF16Units.of(bytes[i])
                if endsLineBreak(bytes, at: i) { breaks += 1 }
            }
            return (breaks, units)
        }
    }

    /// Whether the byte at `i` ends a line break: a `\n`, or a `\r` with no `\n` after it in the chunk
    /// (nor after the chunk, which never ends between the two).
    @inline(__always)
    private static func endsLineBreak(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        let byte = bytes[i]
        return byte == 10 || (byte == 13 && (i + 1 == bytes.count || bytes[i + 1] != 10))
    }
}
