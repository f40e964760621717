/// A section's rows: their texts, in order, and the one place that advises them for huge pages.
///
/// A million-row section grows its array by doubling, and the unwritten part of each new region is
/// advised for huge pages (`HugePages`), so that the rows appended or inserted later come in 2 MiB at
/// a time. Only this type writes its texts. Each of its edits that leaves them in a new region — one
/// grown by `append`, `insert` or `reserveCapacity`, or a copy made on write because a snapshot shares
/// the old one — advises it, and so does making rows from an array: no command can grow a section and
/// forget the advice. Anyone may read the rows, as a collection or as the array `texts`; only the model
/// edits them (the edits are internal).
public struct Rows: RandomAccessCollection, Sendable {
    /// The texts, in order. Written only in this file, by the edits below, which advise a new region.
    public private(set) var texts: [String]

    #if DEBUG
        /// The start of the region the rows last advised, for tests: after any edit it is where the
        /// texts are (`region`), or an edit moved them without advising. Debug builds only.
        private(set) var advisedRegion: UInt = 0
    #endif

    /// Rows holding `texts` (the same array, not a copy); its unwritten capacity is advised.
    public init(_ texts: [String] = []) {
        self.texts = texts
        advise()
    }

    /// Rows written whole, in order, by `fill`: room for `capacity` rows is reserved and advised first,
    /// and a fill that outgrew it is advised after. For a fill that knows its count, so that each row
    /// is a plain append (a commit writes a section's million rows this way).
    init(reservingCapacity capacity: Int, filling fill: (inout [String]) -> Void) {
        self.init()
        reserveCapacity(capacity)
        let reserved = region
        fill(&texts)
        adviseIfMoved(from: reserved)
    }

    // MARK: Reading

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { texts.count }
    @inlinable public var count: Int { texts.count }
    @inlinable public var isEmpty: Bool { texts.isEmpty }

    /// The text of row `position`; setting it replaces the row (the model only).
    public internal(set) subscript(position: Int) -> String {
        @inlinable get { texts[position] }
        set {
            let region = self.region
            texts[position] = newValue
            adviseIfMoved(from: region)
        }
    }

    /// Rows `bounds`, as a slice of `texts`.
    @inlinable public subscript(bounds: Range<Int>) -> ArraySlice<String> { texts[bounds] }

    /// Iterates `texts` itself.
    @inlinable public func makeIterator() -> IndexingIterator<[String]> { texts.makeIterator() }

    // MARK: Editing (the model only)

    /// Appends `text`.
    mutating func append(_ text: consuming String) {
        let region = self.region
        texts.append(text)
        adviseIfMoved(from: region)
    }

    /// Appends `newTexts`, in order.
    mutating func append(contentsOf newTexts: [String]) {
        let region = self.region
        texts.append(contentsOf: newTexts)
        adviseIfMoved(from: region)
    }

    /// Inserts `text` at `index` (`0...count`).
    mutating func insert(_ text: consuming String, at index: Int) {
        let region = self.region
        texts.insert(text, at: index)
        adviseIfMoved(from: region)
    }

    /// Removes and returns the row at `index`.
    @discardableResult
    mutating func remove(at index: Int) -> String {
        let region = self.region
        let text = texts.remove(at: index)
        adviseIfMoved(from: region)
        return text
    }

    /// Reserves room for `minimumCapacity` rows, for rows about to be appended.
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        let region = self.region
        texts.reserveCapacity(minimumCapacity)
        adviseIfMoved(from: region)
    }

    // MARK: The advice

    /// Where the texts are stored. An array never grows in place: a new capacity, or a copy made on
    /// write, is a new region at a new address (the old one is still held while the new one is made).
    @inline(__always)
    var region: UInt {
        texts.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }

    /// Advises the texts' capacity beyond their count when they are no longer at `region`: the one
    /// check each edit makes, inlined, so an edit that stays in place costs a load and a compare.
    @inline(__always)
    private mutating func adviseIfMoved(from region: UInt) {
        if self.region != region { advise() }
    }

    /// Advises the capacity beyond the rows (`HugePages`): the only call for a section's rows. Most
    /// regions are too small to hold a huge page, and the call returns at once.
    private mutating func advise() {
        HugePages.adviseUnwrittenCapacity(of: texts)
        #if DEBUG
            advisedRegion = region
        #endif
    }
}

extension Rows: Equatable {
    /// Rows are equal when they are the same texts in the same order, byte for byte (`TextEquality`),
    /// as sections compare: not by Unicode canonical equivalence, as `[String]`'s `==` does.
    public static func == (a: Rows, b: Rows) -> Bool {
        TextEquality.same(a.texts, b.texts)
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
        "[" + texts.map { "\"" + $0 + "\"" }.joined(separator: ", ") + "]"
    }
}
