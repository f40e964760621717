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
    /// and declines on anything else (returning nil with the parser untouched), so the general
    /// rules still parse, and report errors in, everything it does not take.
    mutating func scanLiteralRowCommand() -> Stmt? {
        guard fastPaths, lookahead == nil, depth + 4 < Parser.maximumNesting else { return nil }
        let verb = current
        let isInsert = verb.keyword == .insert
        let end = lexer.end
        // What the bytes say: the index path's numbers and range, and for `insert` the text's range.
        typealias Match = (section: Int, row: Int, path: SourceRange, text: SourceRange)
        let matched: Match? = bytes.withUnsafeBufferPointer { b in
            var i = verb.range.upperBound
            @inline(__always) func skipBlanks() {
                while i < end && (b[i] == Byte.space || b[i] == Byte.tab) { i += 1 }
            }
            // At most 9 digits, so the value fits the compact form (longer numbers take the general path).
            @inline(__always) func number() -> Int? {
                let start = i
                var value = 0
                while i < end && i - start < 9, case let byte = b[i], byte >= Byte.zero && byte <= Byte.nine {
                    value = value * 10 + Int(byte - Byte.zero)
                    i += 1
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
                while i < end, case let byte = b[i], byte >= Byte.space && byte < 0x7F,
                    byte != Byte.quote && byte != Byte.backslash
                {
                    i += 1
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
            return (section, row, SourceRange(pathStart, pathEnd), text)
        }
        guard let matched else { return nil }
        let last = isInsert ? matched.text : matched.path
        let range = verb.range.union(last)
        let text = isInsert ? decodedText(matched.text.lowerBound + 1..<matched.text.upperBound - 1) : ""
        /// Moves past the statement. The skipped bytes hold no brackets, so the lexer's state is what
        /// lexing them would leave.
        func commit() {
            lexer.skip(to: range.upperBound)
            previous = Token(isInsert ? .string : .integer, last)
            current = lexer.nextToken()
            if !lexer.errors.isEmpty { drainLexerErrors() }
        }
        if isInsert {
            guard
                let literal = LiteralInsert(
                    section: matched.section, row: matched.row, path: matched.path, text: text,
                    textRange: matched.text)
            else { return nil }
            commit()
            return Stmt(.insertRows(InsertedRows(literal)), range)
        }
        guard let literal = LiteralPath(section: matched.section, row: matched.row, range: matched.path) else {
            return nil
        }
        commit()
        return Stmt(.deleteRows(DeletedRows(literal)), range)
    }
}
