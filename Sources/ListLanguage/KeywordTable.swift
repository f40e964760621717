import ListFormats
import ListModel

/// Finds keywords by comparing bytes, without making Strings: the words the parser knows
/// (`Keyword`), bucketed by length and first letter.
struct KeywordTable: Sendable {
    /// Built once, at the first lexer's start, from `Keyword` itself and the vocabulary's reserved
    /// words: a test keeps every keyword a word of the vocabulary.
    static let shared = KeywordTable()

    private static let maxLength = 16
    private static let bucketCount = (maxLength + 1) * 64
    /// One word of the table: where its spelling starts in `spellings`, and what `lookup` answers.
    private struct Candidate {
        var offset: Int32
        var keyword: Keyword
        var reserved: Bool
    }
    /// For bucket `b`, candidates `starts[b]..<starts[b + 1]`.
    private let starts: [Int32]
    private let candidates: [Candidate]
    private let spellings: [UInt8]
    /// `insert` and `delete`, the words most lines of a long script start with, as the little-endian
    /// value of their six bytes, with what `lookup` answers for them.
    private var insert: (spelling: UInt64, entry: (Keyword, Bool))
    private var delete: (spelling: UInt64, entry: (Keyword, Bool))

    /// Builds the table from every keyword but `plainName`, each spelled as its raw value, reserved
    /// when the vocabulary says so. The candidates are placed bucket by bucket with one count and one
    /// pass, without an array per bucket, and without a `Set` or a `String`-to-`Keyword` switch: a
    /// start pays for each. (Hence the reserved words read off the entries here, not through
    /// `Vocabulary.reservedWords`, which dedupes through a `Set<String>`, at every start: bench/NOTES.md.)
    init() {
        let reservedWords = Vocabulary.entries.filter { $0.isReserved }.map { $0.word }
        var counts = [Int32](repeating: 0, count: KeywordTable.bucketCount + 1)
        var words: [Keyword] = []
        var buckets: [Int] = []
        for keyword in Keyword.allCases where keyword != .plainName {
            let spelling = keyword.rawValue.utf8
            guard let first = spelling.first, spelling.count <= KeywordTable.maxLength else { continue }
            let bucket = KeywordTable.bucket(length: spelling.count, first: first)
            words.append(keyword)
            buckets.append(bucket)
            counts[bucket + 1] += 1
        }
        for bucket in 0..<KeywordTable.bucketCount { counts[bucket + 1] += counts[bucket] }
        var next = counts
        var candidates = [Candidate](
            repeating: Candidate(offset: 0, keyword: .plainName, reserved: false), count: words.count)
        var spellings: [UInt8] = []
        for (keyword, bucket) in zip(words, buckets) {
            candidates[Int(next[bucket])] = Candidate(
                offset: Int32(spellings.count), keyword: keyword,
                reserved: reservedWords.contains(keyword.rawValue))
            next[bucket] += 1
            spellings += keyword.rawValue.utf8
        }
        self.starts = counts
        self.candidates = candidates
        self.spellings = spellings
        insert = (Byte.word("insert".utf8), (.plainName, false))
        delete = (Byte.word("delete".utf8), (.plainName, false))
        insert.entry = lookup(Array("insert".utf8), 0, 6)
        delete.entry = lookup(Array("delete".utf8), 0, 6)
    }

    /// What `lookup` answers for the six bytes `word` (the first in the low byte) when they spell
    /// `insert` or `delete`; nil for any other word.
    @inline(__always)
    func commonest(_ word: UInt64) -> (Keyword, Bool)? {
        if word == insert.spelling { return insert.entry }
        if word == delete.spelling { return delete.entry }
        return nil
    }

    /// Letters differ in their low six bits, so length and first letter pick a bucket of one or two words.
    @inline(__always)
    private static func bucket(length: Int, first: UInt8) -> Int {
        length << 6 | Int(first & 63)
    }

    /// The keyword spelled by `bytes[start..<start + length]` and whether it is reserved.
    @inline(__always)
    func lookup(_ bytes: [UInt8], _ start: Int, _ length: Int) -> (Keyword, Bool) {
        guard length <= KeywordTable.maxLength else { return (.plainName, false) }
        let bucket = KeywordTable.bucket(length: length, first: bytes[start])
        var index = Int(starts[bucket])
        let stop = Int(starts[bucket + 1])
        candidateLoop: while index < stop {
            let candidate = candidates[index]
            index += 1
            let offset = Int(candidate.offset)
            for i in 0..<length where spellings[offset + i] != bytes[start + i] { continue candidateLoop }
            return (candidate.keyword, candidate.reserved)
        }
        return (.plainName, false)
    }
}
