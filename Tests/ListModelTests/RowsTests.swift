import Testing

@testable import ListModel

// A section's rows are chunks that copies of the table share (`Rows`): every way the model edits them
// gives what a plain array gives, keeps the chunks well formed, and copies only the chunks it changes.

/// A way the model grows a section's rows, done once per step on a table of two sections: section 0
/// starts with one long chunk (rows made from an array) and grows; section 1 starts with rows to move from.
enum RowGrowth: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case insertInPlace, appendOne, appendMany, moveInPlace, reloadSection, batch
    case dataInsert, dataAppend, dataMove, reorderGesture, deleteWhileShared

    var testDescription: String { rawValue }

    /// The layer whose section 0 this growth grows (or, for `deleteWhileShared`, whose section 1 it
    /// copies on write).
    var growsTableViewOnly: Bool { self == .reorderGesture }

    /// Step `step`: edits `model`, and `expected` (that layer's rows) the way a plain array would.
    func perform(_ step: Int, on model: inout TableModel, expected: inout [[String]], kept: inout [TableModel])
        throws
    {
        let text = "r\(step)"
        switch self {
        case .insertInPlace:
            let row = expected[0].count / 2
            _ = try model.perform(.insertRow(path(0, row), text))
            expected[0].insert(text, at: row)
        case .appendOne:
            _ = try model.append(section: 0, row: text)
            expected[0].append(text)
        case .appendMany:
            _ = try model.append(section: 0, rows: [text, text + "'"])
            expected[0] += [text, text + "'"]
        case .moveInPlace:
            _ = try model.perform(.moveRow(from: path(1, 0), to: path(0, 1)))
            expected[0].insert(expected[1].removeFirst(), at: 1)
        case .reloadSection:
            let rows = expected[0] + [text]
            _ = try model.perform(.reloadSection(0, rows: rows))
            expected[0] = rows
        case .batch:
            model.begin()
            _ = try model.perform(.insertRow(path(0, 0), text))
            _ = try model.perform(.deleteRow(path(1, 0)))
            _ = try model.end()
            expected[0].insert(text, at: 0)
            expected[1].removeFirst()
        case .dataInsert:
            try model.apply(.insertRow(path(0, expected[0].count), text))
            expected[0].append(text)
        case .dataAppend:
            try model.apply(.append(section: 0, rows: [text]))
            expected[0].append(text)
        case .dataMove:
            try model.apply(.moveRow(from: path(1, 0), to: path(0, 0)))
            expected[0].insert(expected[1].removeFirst(), at: 0)
        case .reorderGesture:
            try model.moveRowInTableView(from: path(1, 0), to: path(0, 0))
            expected[0].insert(expected[1].removeFirst(), at: 0)
        case .deleteWhileShared:
            kept.append(model)  // a snapshot, as undo keeps one: the next edit copies the rows
            _ = try model.perform(.deleteRow(path(1, 0)))
            expected[1].removeFirst()
        }
    }
}

/// The chunks of `rows` are well formed: none empty, their ends the running count.
func expectWellFormed(_ rows: Rows, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
    var end = 0
    for (chunk, chunkEnd) in zip(rows.chunks, rows.ends) {
        end += chunk.count
        #expect(!chunk.isEmpty && chunkEnd == end, comment, sourceLocation: sourceLocation)
    }
    #expect(rows.chunks.count == rows.ends.count && rows.count == end, comment, sourceLocation: sourceLocation)
}

/// Where each chunk of `rows` is stored: a chunk two rows share is at one address in both.
func chunkAddresses(_ rows: Rows) -> [UInt] {
    rows.chunks.map { $0.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } }
}

/// How many chunks of `a` are stored where a chunk of `b` is (shared, not copied).
func sharedChunks(_ a: Rows, _ b: Rows) -> Int {
    Set(chunkAddresses(a)).intersection(chunkAddresses(b)).count
}

/// How many rows of `a` are in chunks not stored where a chunk of `b` is (copied, not shared).
func copiedRows(_ a: Rows, _ b: Rows) -> Int {
    let shared = Set(chunkAddresses(b))
    return zip(a.chunks, chunkAddresses(a)).reduce(0) { $0 + (shared.contains($1.1) ? 0 : $1.0.count) }
}

@Suite("Rows: a section's rows as shared chunks")
struct RowsTests {
    static let steps = 150
    /// Rows in section 0 at the start: more than two chunks, as one array.
    static let startRows = 2 * Rows.chunkCapacity + 100

    /// Through `steps` growths the rows are exactly what a plain array gives, and every section of both
    /// layers stays well formed; a table kept from before each step shares all but a few chunks.
    @Test(arguments: RowGrowth.allCases)
    func everyGrowthGivesWhatAnArrayGives(_ growth: RowGrowth) throws {
        let start = [(0..<Self.startRows).map { "s\($0)" }, (0..<Self.steps).map { "m\($0)" }]
        var model = TableModel(sections: sections(start))
        var expected = start
        var kept: [TableModel] = []
        for step in 0..<Self.steps {
            let before = model
            try growth.perform(step, on: &model, expected: &expected, kept: &kept)
            let layer = growth.growsTableViewOnly ? model.tableView : model.dataSource
            try #require(rows(layer) == expected, "step \(step)")
            for (name, sections) in [("data source", model.dataSource), ("table view", model.tableView)] {
                for (s, section) in sections.enumerated() {
                    expectWellFormed(section.rows, "step \(step): the \(name)'s section \(s)")
                }
            }
            let old = growth.growsTableViewOnly ? before.tableView[0].rows : before.dataSource[0].rows
            let new = layer[0].rows
            if step > 0 && growth != .reloadSection {
                // Past the first step (which splits the one long chunk), an edit copies the chunks it
                // changes: one, or two where a chunk split or a commit joined a small one to the next.
                #expect(
                    new.chunks.count - sharedChunks(new, old) <= 3,
                    "step \(step): \(new.chunks.count - sharedChunks(new, old)) of \(new.chunks.count) chunks copied")
            }
        }
    }

    /// Random edits of rows, and rows written by a builder from runs of other rows, against a plain
    /// array: the same texts, read by position, in order and whole, and compared as arrays compare them.
    @Test(arguments: [1, 2, 3, 4])
    func randomEditsGiveWhatAnArrayGives(_ seed: UInt64) {
        var random = SplitMix(seed: seed)
        let size = Int(random.next() % UInt64(3 * Rows.chunkCapacity))
        var expected = (0..<size).map { "r\($0)" }
        var rows = Rows(expected)
        for step in 0..<400 {
            let kept = rows
            switch random.next() % 6 {
            case 0:
                let at = Int(random.next() % UInt64(expected.count + 1))
                rows.insert("i\(step)", at: at)
                expected.insert("i\(step)", at: at)
            case 1 where !expected.isEmpty:
                let at = Int(random.next() % UInt64(expected.count))
                #expect(rows.remove(at: at) == expected.remove(at: at))
            case 2:
                let many = Int(random.next() % 3000)
                let added = (0..<many).map { "a\(step).\($0)" }
                rows.append(contentsOf: added)
                expected += added
            case 3 where !expected.isEmpty:
                let at = Int(random.next() % UInt64(expected.count))
                rows[at] = "x\(step)"
                expected[at] = "x\(step)"
            default:
                // A commit's way: runs of the old rows, with new texts between them.
                var cuts = (0..<Int(random.next() % 6)).map { _ in Int(random.next() % UInt64(expected.count + 1)) }
                cuts = [0] + cuts.sorted() + [expected.count]
                var built: [String] = []
                rows = Rows.build { builder in
                    for (from, to) in zip(cuts, cuts.dropFirst()) {
                        builder.append(kept, from..<to)
                        built += expected[from..<to]
                        if random.next() % 2 == 0 {
                            builder.append("b\(step).\(from)")
                            built.append("b\(step).\(from)")
                        }
                        #expect(builder.count == built.count)
                    }
                }
                expected = built
            }
            expectWellFormed(rows, "seed \(seed) step \(step)")
            #expect(rows.count == expected.count && Array(rows) == expected && rows.texts == expected)
            if !expected.isEmpty {
                let at = Int(random.next() % UInt64(expected.count))
                #expect(rows[at] == expected[at])
            }
            let prefix = Int(random.next() % UInt64(expected.count + 2))
            #expect(rows.texts(prefix: prefix) == Array(expected.prefix(prefix)), "prefix \(prefix)")
            #expect(rows.texts(prefix: expected.count) == expected && rows.texts(prefix: 0).isEmpty)
            #expect(rows == Rows(expected) && (rows == kept) == TextEquality.same(expected, kept.texts))
        }
    }

    /// A batch that inserts one row into a section of a million rows copies a few chunks of it: the table
    /// kept before the commit shares the other 242.
    @Test func aCommitCopiesTheChunksItChanges() throws {
        var model = TableModel(sections: sections([(0..<1_000_000).map { "r\($0)" }]))
        // The first commit splits the section made from one array into chunks.
        model.begin()
        _ = try model.perform(.insertRow(path(0, 0), "first"))
        _ = try model.end()
        let before = model
        model.begin()
        _ = try model.perform(.insertRow(path(0, 500_000), "middle"))
        _ = try model.end()
        let old = before.dataSource[0].rows
        let new = model.dataSource[0].rows
        #expect(new[500_000] == "middle" && new.count == 1_000_002)
        // The chunk the row lands in, the row that chunk overflows into, and the last chunk, which is too
        // small to share and joins the chunk being written.
        #expect(new.chunks.count - sharedChunks(new, old) <= 3, "\(new.chunks.count - sharedChunks(new, old)) copied")
        #expect(
            before.dataSource[0].rows != new && Array(before.dataSource[0].rows.prefix(3)) == ["first", "r0", "r1"])
    }

    /// One-row commits at scattered places leave no small chunk behind (each would be copied again by every
    /// later commit of the section): the rows of an edited chunk past a full one join the next chunk.
    @Test func scatteredCommitsLeaveNoSmallChunks() throws {
        var model = TableModel(sections: sections([(0..<200_000).map { "r\($0)" }]))
        var random = SplitMix(seed: 9)
        var expected = (0..<200_000).map { "r\($0)" }
        for step in 0..<300 {
            let at = Int(random.next() % UInt64(expected.count + 1))
            model.begin()
            _ = try model.perform(.insertRow(path(0, at), "i\(step)"))
            _ = try model.end()
            expected.insert("i\(step)", at: at)
        }
        let rows = model.dataSource[0].rows
        expectWellFormed(rows, "after the commits")
        #expect(Array(rows) == expected)
        let small = rows.chunks.enumerated().filter { $0.element.count < Rows.chunkCapacity / 4 }
        // Only the section's last chunk may be small.
        #expect(
            small.count <= 1 && small.allSatisfy { $0.offset == rows.chunks.count - 1 }, "\(small.map(\.element.count))"
        )
        #expect(rows.chunks.allSatisfy { $0.count <= 2 * Rows.chunkCapacity })
    }

    /// A batch that leaves a few cells of a section of a million rows stale (a reload among moves) keeps
    /// the table view as the data source's chunks plus the one that holds those cells, and each later
    /// commit, while the cells still differ, copies a few chunks' rows of either layer, not the section.
    @Test func staleCellsCopyTheChunksThatHoldThem() throws {
        var model = TableModel(sections: sections([(0..<1_000_000).map { "r\($0)" }]))
        model.begin()
        _ = try model.perform(.insertRow(path(0, 0), "first"))  // splits the one long chunk
        _ = try model.end()
        model.begin()
        _ = try model.perform(.reloadRow(path(0, 5), "x"))
        _ = try model.perform(.moveRow(from: path(0, 1), to: path(0, 9)))
        _ = try model.end()
        try #require(!model.isInSync, "the reload among moves leaves a cell stale")
        var shown = model.tableView[0].rows
        var data = model.dataSource[0].rows
        let few = 2 * Rows.chunkCapacity
        #expect(
            copiedRows(shown, data) <= Rows.chunkCapacity, "\(copiedRows(shown, data)) rows of the table view copied")
        for step in 1...3 {
            let (shownBefore, dataBefore) = (shown, data)
            model.begin()
            _ = try model.perform(.insertRow(path(0, 300_000 * step), "i\(step)"))
            _ = try model.end()
            try #require(!model.isInSync, "step \(step)")
            (shown, data) = (model.tableView[0].rows, model.dataSource[0].rows)
            #expect(copiedRows(data, dataBefore) <= few, "step \(step): \(copiedRows(data, dataBefore))")
            // The table view: the data source's new chunks, and the one holding the stale cell written again.
            #expect(
                copiedRows(shown, shownBefore) <= few + Rows.chunkCapacity,
                "step \(step): \(copiedRows(shown, shownBefore))")
            #expect(copiedRows(shown, data) <= Rows.chunkCapacity, "step \(step): \(copiedRows(shown, data))")
            #expect(shown.count == data.count && shown[300_000 * step] == "i\(step)" && shown[5] == data[5])
        }
    }

    /// Rows overwritten at positions in any order are what an array gives; the rows they were made from
    /// are unchanged, and every chunk no position lands in is still shared with them.
    @Test(arguments: [(5, true), (6, false), (7, true)])
    func overwritingSharesTheChunksItMisses(_ seed: UInt64, _ ascending: Bool) {
        var random = SplitMix(seed: seed)
        let original = (0..<(5 * Rows.chunkCapacity + 17)).map { "r\($0)" }
        var built = Rows(original)  // one long chunk, which the first write splits
        for step in 0..<3 {
            var positions = (0..<40).map { _ in Int(random.next() % UInt64(3 * Rows.chunkCapacity)) }
            if ascending { positions.sort() }
            var writer = Rows.Overwriter(built)
            let before = Array(built)
            var expected = before
            for (k, position) in positions.enumerated() {
                writer.set(position, "w\(step).\(k)")
                expected[position] = "w\(step).\(k)"
            }
            let written = writer.finish()
            expectWellFormed(written, "step \(step)")
            #expect(Array(written) == expected && written.texts == expected, "step \(step)")
            #expect(Array(built) == before, "step \(step): the rows written from changed")
            // Nothing past three chunks' rows was written, so the rest of the rows are shared.
            #expect(copiedRows(written, built) <= (step == 0 ? written.count : 3 * Rows.chunkCapacity), "step \(step)")
            built = written
        }
    }

    /// An edit in place splits a chunk of more than twice `chunkCapacity` rows before it changes it (one
    /// made from an array, or one that inserts grew), so a snapshot's next edit copies at most that many.
    @Test func editsInPlaceKeepChunksShort() {
        let capacity = Rows.chunkCapacity
        var rows = Rows((0..<3 * capacity).map { "r\($0)" })
        rows.insert("first", at: 1)
        #expect(rows.chunks.allSatisfy { $0.count <= 2 * capacity + 1 } && rows.count == 3 * capacity + 1)
        for step in 0..<(2 * capacity + 10) { rows.insert("i\(step)", at: capacity + 5) }
        expectWellFormed(rows, "after the inserts")
        #expect(rows.chunks.allSatisfy { $0.count <= 2 * capacity + 1 }, "\(rows.chunks.map(\.count))")
        // A row replaced in place (`reload` outside a batch, `data reload`), and a row removed.
        for edit in [{ (rows: inout Rows) in rows[5] = "x" }, { (rows: inout Rows) in rows.remove(at: 5) }] {
            var rows = Rows((0..<3 * capacity).map { "r\($0)" })
            edit(&rows)
            expectWellFormed(rows, "after one edit")
            #expect(rows.chunks.allSatisfy { $0.count <= 2 * capacity + 1 }, "\(rows.chunks.map(\.count))")
        }
    }

    /// Rows made from an array hold it, and equal rows are the same bytes.
    @Test func rowsMadeFromAnArrayHoldItAndCompareByBytes() {
        let texts = ["é"]
        let rows = Rows(texts)
        #expect(chunkAddresses(rows) == [texts.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }])
        #expect(rows == ["é"] && rows != ["e\u{301}"])
        #expect(Array(rows) == ["é"] && rows.description == #"["é"]"#)
    }
}

/// A small seeded generator (SplitMix64), so a failing seed fails again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
