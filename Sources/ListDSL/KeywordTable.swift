/// Finds keywords by comparing bytes, without making Strings: the words of `Vocabulary` that
/// the parser knows (`Keyword`), bucketed by length and first letter.
struct KeywordTable: Sendable {
    /// Built once from `Vocabulary.entries`.
    static let shared = KeywordTable(Vocabulary.entries)

    private static let maxLength = 16
    /// For bucket `b`, candidates `starts[b]..<starts[b + 1]`.
    private let starts: [Int32]
    private let candidates: [(offset: Int32, keyword: Keyword, reserved: Bool)]
    private let spellings: [UInt8]
    /// `insert` and `delete`, the words most lines of a long script start with, as the little-endian
    /// value of their six bytes, with what `lookup` answers for them.
    private var insert: (spelling: UInt64, entry: (Keyword, Bool))
    private var delete: (spelling: UInt64, entry: (Keyword, Bool))

    /// Builds the table from vocabulary entries; a word that is not a `Keyword` is left out.
    init(_ entries: [Vocabulary.Entry]) {
        var buckets = [[(word: [UInt8], keyword: Keyword, reserved: Bool)]](
            repeating: [], count: (KeywordTable.maxLength + 1) * 64)
        var seen = Set<String>()
        for entry in entries {
            guard let keyword = Keyword(rawValue: entry.word), keyword != .plainName else { continue }
            let word = Array(entry.word.utf8)
            guard word.count <= KeywordTable.maxLength, seen.insert(entry.word).inserted else { continue }
            let reserved = Vocabulary.reservedWords.contains(entry.word)
            buckets[KeywordTable.bucket(length: word.count, first: word[0])].append((word, keyword, reserved))
        }
        var starts: [Int32] = [0]
        var candidates: [(offset: Int32, keyword: Keyword, reserved: Bool)] = []
        var spellings: [UInt8] = []
        for bucket in buckets {
            for candidate in bucket {
                candidates.append((Int32(spellings.count), candidate.keyword, candidate.reserved))
                spellings += candidate.word
            }
            starts.append(Int32(candidates.count))
        }
        self.starts = starts
        self.candidates = candidates
        self.spellings = spellings
        insert = (TextBuilder.word("insert".utf8), (.plainName, false))
        delete = (TextBuilder.word("delete".utf8), (.plainName, false))
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
