import ListFormats
import ListModel

/// The parser's fast path: `insert S:R "text"` and `delete S:R`, nearly every line of a generated
/// script, read straight from the bytes into the compact form of `InsertedRows` and `DeletedRows`.
/// `Parser.parse(_:fastPaths: false)` turns it off; a test checks every input gives the same tree,
/// ranges and diagnostics either way.
extension Parser {
    /// The fast path for the commonest statements of all, `insert S:R "text"` and `delete S:R`
    /// with literal numbers and a plain ASCII string, read straight from the bytes after the verb.
    /// It builds exactly the tree the general rules build (`parseCommand`), with the same ranges,
    /// and declines on anything else (the parser untouched), so the general rules still parse, and
    /// report errors in, everything it does not take.
    ///
    /// A run of statements the fast path reads, one a line (a generated script's lines): each is
    /// appended to `statements` (or, when the parse keeps none, only checked), and the next line's
    /// verb is found straight from the bytes, with no newline or word token made between them.
    /// Returns true when the run ended with a statement it took: the parser is then after that
    /// statement, its terminator checked, as the general rules would leave it. Returns false when the
    /// statement at hand is not one it takes (the first, or a later line's after those it took): the
    /// parser is then at that statement's first word, as after the separators before it, and the
    /// general rules parse it. After "too many errors" it takes nothing, as the general rules parse
    /// one statement more and stop.
    mutating func literalRun(into statements: inout [Stmt]) throws(ParseFailure) -> Bool {
        if !keepsStatements { return try checkedLiteralRun() }
        while !stopped && current.kind == .identifier && (current.keyword == .insert || current.keyword == .delete),
            let matched = matchLiteralRowCommand()
        {
            let statement = keepsStatements ? literalStatement(matched) : nil
            if keepsStatements && statement == nil { return false }
            // A line feed ends the statement (the match declines inside an open `(` or `[`).
            if let verb = nextLineVerb(after: matched.end) {
                if let statement { statements.append(statement) }
                try checkReading(at: matched.end)
                // What `parseTerminator` and `skipSeparators` leave after one line feed: the line
                // feed as the previous token and the next line's word as the current one.
                lexer.skip(to: verb.range.upperBound)
                previous = Token(.newline, SourceRange(matched.end, matched.end + 1))
                current = verb
                continue
            }
            moveAfterLiteral(matched)
            try parseTerminator()
            if let statement { statements.append(statement) }
            return true
        }
        return false
    }

    /// `literalRun` for a parse that keeps no statement (`windowParses`): after the first statement, the
    /// lines that follow are matched straight from the bytes in one loop, with no token made and nothing
    /// but the match between them. It leaves the parser as `literalRun` would.
    private mutating func checkedLiteralRun() throws(ParseFailure) -> Bool {
        guard !stopped && current.kind == .identifier && (current.keyword == .insert || current.keyword == .delete),
            let first = matchLiteralRowCommand()
        else { return false }
        let end = lexer.end
        // The last statement matched, and the word of the line after it when that line's statement is not one
        // the fast path takes.
        let (last, refused) = bytes.withUnsafeBufferPointer { (b) -> (LiteralMatch, Token?) in
            var last = first
            while let verb = Self.lineVerb(b, after: last.end, end: end) {
                guard let next = Self.matchLiteral(b, verb: verb, end: end) else { return (last, verb) }
                last = next
            }
            return (last, nil)
        }
        if let refused {
            lexer.skip(to: refused.range.upperBound)
            previous = Token(.newline, SourceRange(last.end, last.end + 1))
            current = refused
            return false
        }
        moveAfterLiteral(last)
        try parseTerminator()
        return true
    }

    /// The statement of a literal command `matched`: nil when its numbers or text do not fit the
    /// compact form, and the general rules build it.
    private func literalStatement(_ matched: LiteralMatch) -> Stmt? {
        let range = current.range.union(matched.last)
        if matched.isInsert {
            guard let row = bytes.withUnsafeBufferPointer({ Self.literalInsert($0, matched) }) else { return nil }
            return Stmt(row, range)
        }
        guard let path = Self.literalDelete(matched) else { return nil }
        return Stmt(path, range)
    }

    /// The row an `insert` command `matched` in `b` inserts: nil when its numbers or text do not fit the compact form.
    @inline(__always)
    private static func literalInsert(_ b: UnsafeBufferPointer<UInt8>, _ matched: LiteralMatch) -> LiteralInsert? {
        // The text is printable ASCII without a quote or a backslash (`matchLiteral`): its bytes as they are, a
        // short one made a small string from its two words (146 instructions a row of edits-1m, then 20).
        let start = matched.text.lowerBound + 1
        let count = matched.text.upperBound - 1 - start
        let text =
            SmallString.make(b, at: start, count: count)
            ?? String(decoding: UnsafeBufferPointer(rebasing: b[start..<start + count]), as: UTF8.self)
        return LiteralInsert(
            section: matched.section, row: matched.row, path: matched.path, text: text, textRange: matched.text)
    }

    /// The index path a `delete` command `matched` deletes: nil when its numbers do not fit the compact form.
    @inline(__always)
    private static func literalDelete(_ matched: LiteralMatch) -> LiteralPath? {
        LiteralPath(section: matched.section, row: matched.row, range: matched.path)
    }

    /// The commands of `file` when it holds nothing but literal commands the fast path takes, `insert S:R "text"`
    /// and `delete S:R`, one a line and each ending at a line feed (or the end of the file); nil when it holds
    /// anything else, and then it must be parsed. They are the statements the parser builds for those lines, in
    /// their compact form: a window of a big script runs from them without a syntax tree (`Interpreter.run`).
    /// `lineFeeds` is how many line feeds the file holds, when the caller counted them.
    ///
    /// `alreadyChecked` says `literalLineFeeds` took these very bytes (the caller compared a checksum of them,
    /// `TextSearch.checksum`): the lines are then read without checking again what it checked, and give the
    /// same commands (`eachCheckedLine`).
    public static func literalLines(_ file: SourceFile, lineFeeds: Int = 0, alreadyChecked: Bool = false)
        -> LiteralLines?
    {
        file.bytes.withUnsafeBufferPointer { (b) -> LiteralLines? in
            guard b.count <= UInt32.max else { return nil }
            var lines = LiteralLines()
            // Room for every line in each array: growing them copied more than the room costs.
            lines.lines.reserveCapacity(lineFeeds + 1)
            lines.inserts.reserveCapacity(lineFeeds + 1)
            lines.deletes.reserveCapacity(lineFeeds + 1)
            // A closure written out at each call, not a local function, which the compiler checked for
            // exclusive access to `lines` at run time (158 M instructions of edits-1m).
            let taken =
                alreadyChecked
                ? eachCheckedLine(b) { append($0, $1, from: b, to: &lines) }
                : eachLiteralLine(b) { append($0, $1, from: b, to: &lines) }
            return taken ? lines : nil
        }
    }

    /// Appends to `lines` the command `matched` in `b`, its line starting at `start`; false when it does not fit
    /// the compact form.
    @inline(__always)
    private static func append(
        _ matched: LiteralMatch, _ start: Int, from b: UnsafeBufferPointer<UInt8>, to lines: inout LiteralLines
    ) -> Bool {
        if matched.isInsert {
            guard let row = literalInsert(b, matched) else { return false }
            lines.inserts.append(row)
        } else {
            guard let path = literalDelete(matched) else { return false }
            lines.deletes.append(path)
        }
        lines.lines.append(
            LiteralLines.Line(
                start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: matched.last.upperBound),
                isInsert: matched.isInsert))
        if matched.end < b.count { lines.lineFeeds += 1 }
        return true
    }

    /// How many line feeds `file` holds when it holds literal commands alone, one a line, as `literalLines` reads
    /// them (it then parses; some of them may not fit the compact form); nil otherwise. A check of a big script
    /// learns from it both that a window parses and its line count, with nothing built and no second scan.
    public static func literalLineFeeds(_ file: SourceFile) -> Int? {
        file.bytes.withUnsafeBufferPointer { (b) -> Int? in
            var lineFeeds = 0
            let taken = eachLiteralLine(b) { matched, _ in
                if matched.end < b.count { lineFeeds &+= 1 }
                return true
            }
            return taken ? lineFeeds : nil
        }
    }

    /// Calls `body` with each line of `b` and where its word starts, while every line is a literal command
    /// (`matchLiteral`) ending at a line feed or at the end; false as soon as one is not, or `body` returns false.
    @inline(__always)
    private static func eachLiteralLine(
        _ b: UnsafeBufferPointer<UInt8>, _ body: (LiteralMatch, Int) -> Bool
    ) -> Bool {
        let end = b.count
        guard var verb = verb(b, at: 0, end: end) else { return false }
        while true {
            guard let matched = matchLiteral(b, verb: verb, end: end),
                matched.end == end || b[matched.end] == Byte.newline, body(matched, verb.range.lowerBound)
            else { return false }
            if matched.end >= end - 1 { return true }
            guard let next = lineVerb(b, after: matched.end, end: end) else { return false }
            verb = next
        }
    }

    /// `eachLiteralLine` for bytes it took whole, read without its checks: the word is `insert` when it starts
    /// with an `i`, the numbers are the digits before and after the colon, a text runs from the quote after
    /// them to the next one, and the line ends at the next line feed. It gives the same lines (a test reads
    /// every case both ways). Other bytes may give other lines, or false, but every read stays within `b`, no
    /// arithmetic traps, and a text is ASCII (a byte at or above 0x80 in one gives false: a text of 15 bytes
    /// or fewer is made a small string as it is, which must be valid UTF-8). On edits-1m it reads a line in
    /// about half the instructions (bench/NOTES.md).
    @inline(__always)
    private static func eachCheckedLine(_ b: UnsafeBufferPointer<UInt8>, _ body: (LiteralMatch, Int) -> Bool) -> Bool {
        let end = b.count
        guard end > 0, let base = b.baseAddress else { return false }
        var i = 0
        @inline(__always) func skipBlanks() {
            while i < end && (b[i] == Byte.space || b[i] == Byte.tab) { i &+= 1 }
        }
        @inline(__always) func number() -> Int {
            var value = 0
            while i < end, case let digit = b[i] &- Byte.zero, digit < 10 {
                value = value &* 10 &+ Int(digit)
                i &+= 1
            }
            return value
        }
        let quotes = TextSearch.broadcast(Byte.quote)
        while i < end {
            skipBlanks()
            guard end &- i > 7 else { return false }
            let start = i
            let isInsert = b[i] == UInt8(ascii: "i")
            i &+= 7  // the word and the blank after it
            skipBlanks()
            let pathStart = i
            let section = number()
            guard i < end else { return false }
            i &+= 1  // the colon
            let row = number()
            let pathEnd = i
            var text = SourceRange.at(i)
            if isInsert {
                while i < end && b[i] != Byte.quote { i &+= 1 }
                let open = i
                i &+= 1
                while i &+ 8 <= end {
                    let word = TextSearch.word(base, i)
                    // The quote, or a byte beyond ASCII: the lowest mark is a true one.
                    let marks = TextSearch.zeroBytesFromBelow(word ^ quotes) | word & 0x8080_8080_8080_8080
                    if marks != 0 {
                        i &+= marks.trailingZeroBitCount &>> 3
                        break
                    }
                    i &+= 8
                }
                while i < end && b[i] != Byte.quote && b[i] < 0x80 { i &+= 1 }
                guard i < end, b[i] == Byte.quote else { return false }
                i &+= 1
                text = SourceRange(open, i)
            }
            while i < end && b[i] != Byte.newline { i &+= 1 }
            let matched = LiteralMatch(
                isInsert: isInsert, section: section, row: row, path: SourceRange(pathStart, pathEnd), text: text,
                end: i)
            guard body(matched, start) else { return false }
            i &+= 1
        }
        return true
    }

    /// The word `insert` or `delete` starting the line after the line feed at `newline` (after any
    /// blanks), as the lexer would make its token; nil when that line starts otherwise, or the
    /// statement did not end at a line feed.
    @inline(__always)  // out of line, each call from the literal run copied the parser (callgrind: 64 instructions)
    private func nextLineVerb(after newline: Int) -> Token? {
        let end = lexer.end
        return bytes.withUnsafeBufferPointer { Self.lineVerb($0, after: newline, end: end) }
    }

    /// `nextLineVerb` in `b`, whose input ends at `end`.
    @inline(__always)
    private static func lineVerb(_ b: UnsafeBufferPointer<UInt8>, after newline: Int, end: Int) -> Token? {
        guard newline < end, b[newline] == Byte.newline else { return nil }
        return verb(b, at: newline + 1, end: end)
    }

    /// The word `insert` or `delete` at `start` of `b` (after any blanks), as the lexer would make its token.
    @inline(__always)
    private static func verb(_ b: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Token? {
        var i = start
        while i < end && (b[i] == Byte.space || b[i] == Byte.tab) { i += 1 }
        // The word and a blank after it (which no identifier holds), all within the input.
        guard i + 6 < end, b[i + 6] == Byte.space || b[i + 6] == Byte.tab else { return nil }
        let keyword: Keyword
        if b[i] == UInt8(ascii: "i") && b[i + 1] == UInt8(ascii: "n") && b[i + 2] == UInt8(ascii: "s")
            && b[i + 3] == UInt8(ascii: "e") && b[i + 4] == UInt8(ascii: "r") && b[i + 5] == UInt8(ascii: "t")
        {
            keyword = .insert
        } else if b[i] == UInt8(ascii: "d") && b[i + 1] == UInt8(ascii: "e") && b[i + 2] == UInt8(ascii: "l")
            && b[i + 3] == UInt8(ascii: "e") && b[i + 4] == UInt8(ascii: "t") && b[i + 5] == UInt8(ascii: "e")
        {
            keyword = .delete
        } else {
            return nil
        }
        return Token(.identifier, SourceRange(i, i + 6), keyword: keyword)
    }

    /// Moves past a statement the fast path read. The skipped bytes hold no brackets, so the lexer's
    /// state is what lexing them would leave.
    private mutating func moveAfterLiteral(_ matched: LiteralMatch) {
        lexer.skip(to: matched.last.upperBound)
        previous = Token(matched.isInsert ? .string : .integer, matched.last)
        current = lexer.nextToken()
        if !lexer.errors.isEmpty { drainLexerErrors() }
    }

    /// What the bytes after the verb say, when they are `S:R` (and for `insert` a plain ASCII string)
    /// and then the statement's end: the index path's numbers and range, the text's range, and where
    /// the statement ends.
    @inline(__always)  // out of line, each call from the literal run copied the parser (callgrind: 64 instructions)
    private func matchLiteralRowCommand() -> LiteralMatch? {
        // Inside a `(` or `[` that error recovery left open a line feed ends nothing, so the general rules
        // read on past it (`t[;delete 0:3` then `==` on the next line: a comparison, not a statement's end).
        guard fastPaths, lookahead == nil, !lexer.newlinesIgnored, depth + 4 < Parser.maximumNesting else {
            return nil
        }
        let verb = current
        let end = lexer.end
        return bytes.withUnsafeBufferPointer { Self.matchLiteral($0, verb: verb, end: end) }
    }

    /// `matchLiteralRowCommand` for the word `verb` (`insert` or `delete`) in `b`, whose input ends at `end`.
    @inline(__always)
    private static func matchLiteral(_ b: UnsafeBufferPointer<UInt8>, verb: Token, end: Int) -> LiteralMatch? {
        let isInsert = verb.keyword == .insert
        var i = verb.range.upperBound
        // Positions stay within `0...end` and a value within 9 digits, so the arithmetic below cannot
        // overflow and wraps rather than checks (the digits' loop: 112 M -> 77 M instructions on edits-1m).
        @inline(__always) func skipBlanks() {
            while i < end && (b[i] == Byte.space || b[i] == Byte.tab) { i &+= 1 }
        }
        // At most 9 digits, so the value fits the compact form (longer numbers take the general path).
        @inline(__always) func number() -> Int? {
            let stop = Swift.min(end, i &+ 9)
            let start = i
            var value = 0
            while i < stop, case let digit = b[i] &- Byte.zero, digit < 10 {
                value = value &* 10 &+ Int(digit)
                i &+= 1
            }
            return i > start ? value : nil
        }
        guard i < end, b[i] == Byte.space || b[i] == Byte.tab else { return nil }
        skipBlanks()
        let pathStart = i
        guard let section = number(), i < end, b[i] == Byte.colon else { return nil }
        i += 1
        guard let row = number() else { return nil }
        let pathEnd = i
        var text = SourceRange.at(i)
        if isInsert {
            skipBlanks()
            guard i > pathEnd, i < end, b[i] == Byte.quote else { return nil }
            let open = i
            i += 1
            // Printable ASCII (0x20 up to 0x7E) but a quote or a backslash: eight bytes at a time while
            // none of them is another byte, then a byte at a time. A byte's top bit marks a byte below 0x20
            // (the borrow of `word - 0x20` where the byte's own top bit is clear), one at or above 0x7F
            // (`word + 1` or the byte itself), a quote or a backslash; the lowest mark is always a true one.
            if let base = b.baseAddress {
                let quotes = TextSearch.broadcast(Byte.quote)
                let backslashes = TextSearch.broadcast(Byte.backslash)
                while i &+ 8 <= end {
                    let word = TextSearch.word(base, i)
                    let outside =
                        ((word &- TextSearch.broadcast(Byte.space)) & ~word) | (word &+ TextSearch.broadcast(1)) | word
                    let marks =
                        outside & 0x8080_8080_8080_8080 | TextSearch.zeroBytesFromBelow(word ^ quotes)
                        | TextSearch.zeroBytesFromBelow(word ^ backslashes)
                    if marks != 0 {
                        i &+= marks.trailingZeroBitCount &>> 3
                        break
                    }
                    i &+= 8
                }
            }
            while i < end, case let byte = b[i], byte &- Byte.space < 0x5F, byte != Byte.quote && byte != Byte.backslash
            {
                i &+= 1
            }
            guard i < end, b[i] == Byte.quote else { return nil }
            i += 1
            text = SourceRange(open, i)
        }
        // Only a statement's end may follow; an operator, `,`, `[`, `.` or `:` would extend it.
        var next = i
        while next < end && (b[next] == Byte.space || b[next] == Byte.tab || b[next] == Byte.carriageReturn) {
            next += 1
        }
        guard
            next == end || b[next] == Byte.newline || b[next] == Byte.semicolon || b[next] == Byte.hash
                || b[next] == Byte.rightBrace
        else { return nil }
        return LiteralMatch(
            isInsert: isInsert, section: section, row: row, path: SourceRange(pathStart, pathEnd), text: text,
            end: next)
    }
}

/// The literal commands, `insert S:R "text"` and `delete S:R`, that are all a window of a big script holds
/// (`Parser.literalLines`): the statements the parser builds for its lines, in their compact form. They are kept
/// in three arrays, not one of a two-case enum, so running them copies no enum (whose value witnesses cost
/// edits-1m 80 M instructions).
public struct LiteralLines {
    /// A line: its statement's range, and whether it inserts (the next of `inserts`) or deletes (the next of
    /// `deletes`).
    package struct Line {
        @usableFromInline package var start: UInt32
        @usableFromInline package var end: UInt32
        package var isInsert: Bool
        @inlinable package var range: SourceRange { SourceRange(Int(start), Int(end)) }
    }
    /// The lines, in order.
    package var lines: [Line] = []
    /// The rows the `insert` lines insert, in order.
    package var inserts: [LiteralInsert] = []
    /// The index paths the `delete` lines delete, in order.
    package var deletes: [LiteralPath] = []

    /// How many lines.
    public var count: Int { lines.count }
    /// How many line feeds they end with (the last line may end at the end of the file instead).
    public package(set) var lineFeeds = 0

    /// The statements the parser builds for the lines, in order.
    public var statements: [Stmt] {
        var (inserted, deleted) = (0, 0)
        return lines.map { line in
            if line.isInsert {
                inserted += 1
                return Stmt(inserts[inserted - 1], line.range)
            }
            deleted += 1
            return Stmt(deletes[deleted - 1], line.range)
        }
    }
}

/// A statement the fast path read: `insert S:R "text"` or `delete S:R`.
struct LiteralMatch {
    var isInsert: Bool
    var section: Int
    var row: Int
    /// The index path `S:R`.
    var path: SourceRange
    /// The quoted text, quotes included (`insert` only).
    var text: SourceRange
    /// The offset of the statement's end: its terminator (a line feed, `;`, `#` or `}`) or the end
    /// of the input.
    var end: Int

    /// The statement's last token.
    var last: SourceRange { isInsert ? text : path }
}
