/// A section's rows: their texts, in order, kept as chunks that copies of the table share.
///
/// A table kept for `undo`, the change view's table before a statement and the table after it share every
/// chunk a statement did not touch. So an edit of a section of a million rows copies the one chunk it
/// changes (and the list of chunks), not the million rows; a commit shares each chunk its surviving rows
/// cover whole (`Builder`); two copies compare chunk by chunk and a shared chunk at once (`==`); and the
/// arrays a statement replaces, which are freed when its `undo` entry goes, are its chunks, not the
/// section. (One array per section made a statement on one section of a million rows copy, compare and
/// free the section two or three times: 17–21 ms, over a frame.)
///
/// Rows made from an array hold that array as one chunk, however long (no copy); an edit in place that
/// lands in a chunk longer than `chunkCapacity` splits it first, and a commit writes new chunks of at
/// most `chunkCapacity` rows. Anyone may read the rows, as a collection or as the array `texts`; only the
/// model edits them (the edits are internal).
public struct Rows: RandomAccessCollection, Sendable {
    /// The rows of a chunk that a commit writes (64 KiB of texts: a copy of it is a few microseconds). An
    /// edit in place splits a chunk of more than twice this many rows before it changes it.
    public static let chunkCapacity = 4096

    /// The chunks, in order, none empty.
    @usableFromInline internal private(set) var chunks: [RowChunk]
    /// `ends[c]`: how many rows chunks `0...c` hold.
    @usableFromInline internal private(set) var ends: [Int]

    /// Rows holding `texts` (the same array, as one chunk, not a copy).
    public init(_ texts: [String] = []) {
        chunks = texts.isEmpty ? [] : [RowChunk(texts)]
        ends = texts.isEmpty ? [] : [texts.count]
    }

    /// Rows of these chunks (none empty), as a builder leaves them.
    private init(chunks: [RowChunk], ends: [Int]) {
        self.chunks = chunks
        self.ends = ends
    }

    // MARK: Reading

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { ends.last ?? 0 }
    @inlinable public var count: Int { ends.last ?? 0 }
    @inlinable public var isEmpty: Bool { chunks.isEmpty }

    /// The first row of chunk `c`.
    @inlinable func start(ofChunk c: Int) -> Int { c == 0 ? 0 : ends[c - 1] }

    /// The chunk that holds row `position` (`0..<count`): the one chunk, the chunk a full chunk per
    /// `chunkCapacity` rows would put it in, or else a binary search of the chunks' ends.
    @inlinable func chunk(holding position: Int) -> Int {
        if ends.count <= 1 { return 0 }
        let guess = position / Self.chunkCapacity
        if guess < ends.count && position < ends[guess] && position >= start(ofChunk: guess) { return guess }
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > position { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The text of row `position`; setting it replaces the row (the model only).
    public internal(set) subscript(position: Int) -> String {
        @inlinable get {
            let c = chunk(holding: position)
            return chunks[c][position - start(ofChunk: c)]
        }
        set {
            let c = splittingChunk(holding: position)
            chunks[c][position - start(ofChunk: c)] = newValue
        }
    }

    /// All the texts, as one array: the array itself when the rows are one chunk with no room before them,
    /// else a copy.
    public var texts: [String] {
        if chunks.count == 1 { return chunks[0].texts }
        var all: [String] = []
        all.reserveCapacity(count)
        for chunk in chunks { all.append(contentsOf: chunk) }
        return all
    }

    /// The texts of the first `n` rows (all of them when there are fewer), as one array copied a chunk at a
    /// time: `Array(rows.prefix(n))` copies them one at a time through the collection's indices.
    public func texts(prefix n: Int) -> [String] {
        guard n < count else { return texts }
        var all: [String] = []
        all.reserveCapacity(Swift.max(n, 0))
        for chunk in chunks where all.count < n {
            all.append(contentsOf: chunk.prefix(n - all.count))
        }
        return all
    }

    /// Where a walk over rows is: the chunk holding the last position it was moved to. Moved forward to the
    /// next chunk, or within its chunk, it costs a comparison, not a search of the chunks.
    struct Cursor {
        private(set) var c = -1
        private(set) var start = 0
        private(set) var end = 0

        /// Moves to the chunk of `rows` that holds `position` (in `0..<rows.count`).
        @inline(__always)
        mutating func seek(_ position: Int, in rows: Rows) {
            if position >= start && position < end { return }
            c = position == end && c + 1 < rows.ends.count ? c + 1 : rows.chunk(holding: position)
            (start, end) = (rows.start(ofChunk: c), rows.ends[c])
        }
    }

    /// Rows with the texts of runs of other rows written over them where they differ, the runs given in
    /// order of these rows: a commit's table view, worked out as its data source's rows with the cells
    /// that differ written over them. Only the chunks that hold a differing row are copied (`Overwriter`).
    struct DifferenceWriter {
        private let rows: Rows
        private var here = Cursor()
        private var written: Overwriter?

        init(_ rows: Rows) { self.rows = rows }

        /// Writes over rows `start..<start + count` the rows `otherStart...` of `other` that are not the same
        /// bytes (`TextEquality`). `otherCursor` is where the last run of `other` left off. The rows are
        /// compared a stretch of chunks at a time, 64 values at once as their own bytes (a row copied from
        /// one table to the next is the same value, bit for bit), and text by text only in a block that
        /// differs: by Swift's `==` first (which is quick when they differ), then by their bytes.
        mutating func write(from start: Int, _ other: Rows, _ otherStart: Int, at otherCursor: inout Cursor, count: Int)
        {
            var (a, b, left) = (start, otherStart, count)
            while left > 0 {
                here.seek(a, in: rows)
                otherCursor.seek(b, in: other)
                let (p, q) = (a - here.start, b - otherCursor.start)
                let length = Swift.min(here.end - a, otherCursor.end - b, left)
                rows.chunks[here.c].withUnsafeBufferPointer { x in
                    other.chunks[otherCursor.c].withUnsafeBufferPointer { y in
                        let x = UnsafeBufferPointer(rebasing: x[p..<p + length])
                        let y = UnsafeBufferPointer(rebasing: y[q..<q + length])
                        _ = TextEquality.forEachDifferingBlock(x, y) { block in
                            for i in block where x[i] != y[i] || !TextEquality.same(x[i], y[i]) {
                                if written == nil { written = Overwriter(rows) }
                                written?.set(a + i, y[i])
                            }
                            return true
                        }
                    }
                }
                a += length
                b += length
                left -= length
            }
        }

        /// The rows with what differed written over them; nil when nothing did.
        consuming func finish() -> Rows? { written?.finish() }
    }

    /// Walks rows `start..<start + count` beside rows `otherStart...` of `other` a stretch at a time, each
    /// stretch within one chunk of each, calling `body` with both stretches in place and the row of this
    /// rows the stretch starts at, until it returns false; returns false when it did.
    private func forEachStretch(
        from start: Int, _ other: Rows, _ otherStart: Int, count: Int,
        _ body: (UnsafeBufferPointer<String>, UnsafeBufferPointer<String>, Int) -> Bool
    ) -> Bool {
        guard count > 0 else { return true }
        var (a, b, end) = (start, otherStart, start + count)
        var c = chunk(holding: a)
        var d = other.chunk(holding: b)
        while a < end {
            let (p, q) = (a - self.start(ofChunk: c), b - other.start(ofChunk: d))
            let length = Swift.min(ends[c] - a, other.ends[d] - b, end - a)
            let going = chunks[c].withUnsafeBufferPointer { x in
                other.chunks[d].withUnsafeBufferPointer { y in
                    body(
                        UnsafeBufferPointer(rebasing: x[p..<p + length]),
                        UnsafeBufferPointer(rebasing: y[q..<q + length]), a)
                }
            }
            if !going { return false }
            a += length
            b += length
            if a == ends[c] { c += 1 }
            if b == other.ends[d] { d += 1 }
        }
        return true
    }

    /// Iterates the rows a chunk at a time.
    @inlinable public func makeIterator() -> Iterator { Iterator(chunks) }

    /// The bytes of UTF-8 in all the rows' texts, chunk by chunk (the iterator checks its chunk at every row).
    public var utf8Count: Int {
        var total = 0
        for chunk in chunks {
            for text in chunk { total += text.utf8.count }
        }
        return total
    }

    /// The rows in order, walking each chunk.
    public struct Iterator: IteratorProtocol {
        @usableFromInline let chunks: [RowChunk]
        @usableFromInline var c = 0
        @usableFromInline var i = 0
        /// How many rows chunk `c` holds, read once a chunk.
        @usableFromInline var count: Int

        @inlinable init(_ chunks: [RowChunk]) {
            self.chunks = chunks
            count = chunks.first?.count ?? 0
        }

        @inlinable public mutating func next() -> String? {
            guard c < chunks.count else { return nil }
            let text = chunks[c][i]
            i += 1
            if i == count {
                c += 1
                i = 0
                count = c < chunks.count ? chunks[c].count : 0
            }
            return text
        }
    }

    // MARK: Editing (the model only)

    /// Appends `text`.
    mutating func append(_ text: consuming String) {
        if let last = chunks.indices.last, chunks[last].count < Self.chunkCapacity {
            chunks[last].append(text)
            ends[last] += 1
        } else {
            // The first chunk grows as an array does (a section of three rows holds room for four); one
            // after a full chunk is reserved whole.
            var chunk = RowChunk()
            if !chunks.isEmpty { chunk.reserveCapacity(Self.chunkCapacity) }
            chunk.append(text)
            chunks.append(chunk)
            ends.append(count + 1)
        }
    }

    /// Appends `newTexts`, in order.
    mutating func append(contentsOf newTexts: [String]) {
        if isEmpty && newTexts.count > Self.chunkCapacity {
            self = Rows(newTexts)
            return
        }
        for text in newTexts { append(text) }
    }

    /// Inserts `text` at `index` (`0...count`).
    mutating func insert(_ text: consuming String, at index: Int) {
        if index == count {
            append(text)
            return
        }
        // One chunk (a section of up to twice `chunkCapacity` rows): no search, one end to move.
        if ends.count == 1 && ends[0] <= 2 * Self.chunkCapacity {
            chunks[0].insert(text, at: index)
            ends[0] += 1
            return
        }
        let c = splittingChunk(holding: index)
        chunks[c].insert(text, at: index - start(ofChunk: c))
        for d in c..<ends.count { ends[d] += 1 }
    }

    /// Removes and returns the row at `index`.
    @discardableResult
    mutating func remove(at index: Int) -> String {
        if ends.count == 1 && ends[0] > 1 && ends[0] <= 2 * Self.chunkCapacity {
            ends[0] -= 1
            return chunks[0].remove(at: index)
        }
        let c = splittingChunk(holding: index)
        let text = chunks[c].remove(at: index - start(ofChunk: c))
        for d in c..<ends.count { ends[d] -= 1 }
        if chunks[c].isEmpty {
            chunks.remove(at: c)
            ends.remove(at: c)
        }
        return text
    }

    /// The chunk holding `position`, after splitting it into chunks of `chunkCapacity` rows when it is
    /// longer than twice that (rows made from a long array): an edit in place copies one chunk.
    private mutating func splittingChunk(holding position: Int) -> Int {
        let c = chunk(holding: position)
        if chunks[c].count <= 2 * Self.chunkCapacity { return c }
        split(c)
        return chunk(holding: position)
    }

    /// Splits chunk `c` into chunks of `chunkCapacity` rows (the last may hold fewer).
    private mutating func split(_ c: Int) {
        let whole = chunks[c]
        let first = start(ofChunk: c)
        var pieces: [RowChunk] = []
        var pieceEnds: [Int] = []
        var from = 0
        while from < whole.count {
            let to = Swift.min(from + Self.chunkCapacity, whole.count)
            pieces.append(RowChunk(whole.texts(from..<to)))
            pieceEnds.append(first + to)
            from = to
        }
        chunks.replaceSubrange(c...c, with: pieces)
        ends.replaceSubrange(c...c, with: pieceEnds)
    }

    /// Initializes the memory at `to` with texts `range` of `texts`, each copied in line: an array's own
    /// copy (its copy on write, `Array(_:)`) copies each text through the generic value witness, about 40
    /// instructions a row against 20, a tenth of a large commit. The chunks a commit writes are copied so.
    private static func initialize(_ to: UnsafeMutablePointer<String>, from texts: RowChunk, _ range: Range<Int>) {
        texts.withUnsafeBufferPointer { texts in
            for i in range { (to + i - range.lowerBound).initialize(to: texts[i]) }
        }
    }

    /// Replaces rows a chunk at a time: the chunk a position lands in is taken out of the rows (split first
    /// when it is longer than twice `chunkCapacity`, and copied the first time it is taken, as the rows it
    /// came from still hold it) and written with one store a row, then put back when a position lands
    /// outside it (in ascending order, each chunk is taken once). Every chunk no position lands in stays
    /// shared. The table view's cells after a commit are written this way: the data source's rows with the
    /// cells that differ.
    struct Overwriter {
        /// The rows, less the chunk taken out.
        private var rows: Rows
        /// The chunk taken out, and where it was.
        private var chunk = RowChunk()
        private var c = -1
        private var (start, end) = (0, 0)
        /// The storage of the chunks this overwriter copied, which it alone holds.
        private var copied: Set<UInt> = []

        init(_ rows: Rows) { self.rows = rows }

        /// Sets row `position` (in `0..<count`) to `text`.
        mutating func set(_ position: Int, _ text: consuming String) {
            if position >= end || position < start {
                putBack()
                c = rows.splittingChunk(holding: position)
                (start, end) = (rows.start(ofChunk: c), rows.ends[c])
                swap(&chunk, &rows.chunks[c])
                // A chunk other rows hold too is copied here, in line (`Rows.initialize`), rather than by
                // the array's copy on write. The copies are told apart by their storage, which nothing
                // frees while the overwriter holds them.
                if !copied.contains(Self.storage(of: chunk)) {
                    chunk = Self.copy(of: chunk)
                    copied.insert(Self.storage(of: chunk))
                }
            }
            chunk[position - start] = text
        }

        /// Where the texts of `chunk` are stored.
        private static func storage(of chunk: RowChunk) -> UInt {
            chunk.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        }

        /// A copy of `texts` in an array of its own, each text copied in line.
        @inline(never)
        private static func copy(of texts: RowChunk) -> RowChunk {
            RowChunk(
                [String](unsafeUninitializedCapacity: texts.count) { buffer, initialized in
                    guard let to = buffer.baseAddress else { return }
                    Rows.initialize(to, from: texts, texts.indices)
                    initialized = texts.count
                })
        }

        /// Puts the chunk taken out back.
        private mutating func putBack() {
            if c >= 0 { swap(&chunk, &rows.chunks[c]) }
        }

        /// The rows written.
        consuming func finish() -> Rows {
            putBack()
            return rows
        }
    }

    // MARK: Writing rows whole

    /// Rows written in order by `fill`, through a builder that shares the chunks of other rows it is
    /// given whole (a commit writes a section this way).
    static func build(_ fill: (inout Builder) -> Void) -> Rows {
        var builder = Builder()
        fill(&builder)
        return builder.finish()
    }

    /// Writes rows in order into chunks of at most `chunkCapacity`: texts one at a time, and runs of
    /// other rows, whose chunks it shares where a run covers one whole.
    struct Builder {
        private var chunks: [RowChunk] = []
        private var ends: [Int] = []
        /// The chunk being filled, as what it will be copied from when it closes: runs of other chunks'
        /// texts and single texts, in order. Copied then in one pass into an array of its exact size, each
        /// text in line: appended one at a time, each text cost the array's uniqueness and capacity checks.
        private var pieces: [Piece] = []
        /// How many rows the chunk being filled holds.
        private var openCount = 0
        /// How many rows are written.
        private(set) var count = 0

        /// A run of a chunk's texts, or one text.
        private enum Piece {
            case run(RowChunk, Range<Int>)
            case text(String)
        }

        init() {}

        /// Appends `text`.
        mutating func append(_ text: consuming String) {
            pieces.append(.text(text))
            openCount += 1
            count += 1
            if openCount == Rows.chunkCapacity { close() }
        }

        /// Appends rows `range` of `rows`. A chunk the range covers whole, of at least a quarter of
        /// `chunkCapacity` rows and at most twice it, is shared, not copied, unless the chunk being filled
        /// holds less than a quarter (rows inserted past a full chunk): then the shared chunk's rows join
        /// those, so a commit leaves no small chunk behind, which every later commit of the section would
        /// copy again. Smaller chunks join the chunk being filled, so the chunks of rows edited again and
        /// again stay few, and longer ones (rows made from an array) are written as chunks of
        /// `chunkCapacity`, so the next commit can share them.
        mutating func append(_ rows: Rows, _ range: Range<Int>) {
            guard !range.isEmpty else { return }
            var c = rows.chunk(holding: range.lowerBound)
            var position = range.lowerBound
            while position < range.upperBound {
                let start = rows.start(ofChunk: c)
                let end = Swift.min(rows.ends[c], range.upperBound)
                let chunkCount = rows.ends[c] - start
                let small = Rows.chunkCapacity / 4
                if position == start && end == rows.ends[c] && Self.isShareable(chunkCount) {
                    if openCount > 0 && openCount < small && Self.isShareable(openCount + chunkCount) {
                        pieces.append(.run(rows.chunks[c], 0..<chunkCount))
                        openCount += chunkCount
                        count += chunkCount
                        close()
                    } else {
                        close()
                        count += chunkCount
                        chunks.append(rows.chunks[c])
                        ends.append(count)
                    }
                } else {
                    var from = position - start
                    let to = end - start
                    while from < to {
                        // When the next chunk is shared next, fewer than a quarter of a chunk's rows left
                        // past a full chunk join it (a chunk may hold up to twice `chunkCapacity`) rather
                        // than make a small one.
                        let (rest, room) = (to - from, Rows.chunkCapacity - openCount)
                        var take = Swift.min(rest, room)
                        if rest > room && rest - room < small && end == rows.ends[c] && c + 1 < rows.ends.count
                            && range.upperBound >= rows.ends[c + 1]
                            && Self.isShareable(rows.ends[c + 1] - rows.ends[c])
                        {
                            take = rest
                        }
                        pieces.append(.run(rows.chunks[c], from..<from + take))
                        openCount += take
                        count += take
                        from += take
                        if openCount >= Rows.chunkCapacity { close() }
                    }
                }
                position = end
                c += 1
            }
        }

        /// Whether a chunk of `count` rows is shared, not copied, when a range covers it whole: at least a
        /// quarter of `chunkCapacity` and at most twice it.
        @inline(__always)
        private static func isShareable(_ count: Int) -> Bool {
            count >= Rows.chunkCapacity / 4 && count <= 2 * Rows.chunkCapacity
        }

        /// Ends the chunk being filled: its pieces copied into an array of its size.
        private mutating func close() {
            guard openCount > 0 else { return }
            let chunk = [String](unsafeUninitializedCapacity: openCount) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                for piece in pieces {
                    switch piece {
                    case .text(let text):
                        (base + initialized).initialize(to: text)
                        initialized += 1
                    case .run(let texts, let range):
                        Rows.initialize(base + initialized, from: texts, range)
                        initialized += range.count
                    }
                }
            }
            pieces.removeAll(keepingCapacity: true)
            openCount = 0
            chunks.append(RowChunk(chunk))
            ends.append(count)
        }

        /// The rows written.
        consuming func finish() -> Rows {
            close()
            return Rows(chunks: chunks, ends: ends)
        }
    }
}

extension Rows: Equatable {
    /// Rows are equal when they are the same texts in the same order, byte for byte (`TextEquality`),
    /// as sections compare: not by Unicode canonical equivalence, as `[String]`'s `==` does. Rows that
    /// share a chunk compare it at once.
    public static func == (a: Rows, b: Rows) -> Bool {
        a.count == b.count && a.forEachStretch(from: 0, b, 0, count: a.count) { x, y, _ in TextEquality.same(x, y) }
    }
}

extension Rows: ExpressibleByArrayLiteral {
    /// Rows written out: `["A", "B"]`.
    public init(arrayLiteral texts: String...) {
        self.init(texts)
    }
}

extension Rows: CustomStringConvertible {
    /// The texts quoted, as an array of plain texts prints them: `["A", "B"]` (written out: Embedded
    /// Swift cannot print an array).
    public var description: String {
        "[" + map { "\"" + $0 + "\"" }.joined(separator: ", ") + "]"
    }
}
