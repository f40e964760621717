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
        guard let matched = matchLiteralRowCommand() else { return nil }
        let isInsert = current.keyword == .insert
        let last = isInsert ? matched.text : matched.path
        let range = current.range.union(last)
        if isInsert {
            let text = decodedText(matched.text.lowerBound + 1..<matched.text.upperBound - 1)
            guard
                let literal = LiteralInsert(
                    section: matched.section, row: matched.row, path: matched.path, text: text,
                    textRange: matched.text)
            else { return nil }
            moveAfterLiteral(last, isInsert: true)
            return Stmt(.insertRows(InsertedRows(literal)), range)
        }
        guard let literal = LiteralPath(section: matched.section, row: matched.row, range: matched.path) else {
            return nil
        }
        moveAfterLiteral(last, isInsert: false)
        return Stmt(.deleteRows(DeletedRows(literal)), range)
    }

    /// The fast path for a parse that keeps no statement (`Parser.windowParses`): true, after moving past
    /// it, when the statement is one the fast path reads; every such statement is a valid one, whether
    /// or not its numbers and text fit the compact form the tree needs.
    mutating func skipLiteralRowCommand() -> Bool {
        guard let matched = matchLiteralRowCommand() else { return false }
        let isInsert = current.keyword == .insert
        moveAfterLiteral(isInsert ? matched.text : matched.path, isInsert: isInsert)
        return true
    }

    /// Moves past a statement the fast path read, whose last token is `last`. The skipped bytes hold no
    /// brackets, so the lexer's state is what lexing them would leave.
    private mutating func moveAfterLiteral(_ last: SourceRange, isInsert: Bool) {
        lexer.skip(to: last.upperBound)
        previous = Token(isInsert ? .string : .integer, last)
        current = lexer.nextToken()
        if !lexer.errors.isEmpty { drainLexerErrors() }
    }

    /// What the bytes after the verb say, when they are `S:R` (and for `insert` a plain ASCII string)
    /// and then the statement's end: the index path's numbers and range, and the text's range.
    private func matchLiteralRowCommand() -> (section: Int, row: Int, path: SourceRange, text: SourceRange)? {
        guard fastPaths, lookahead == nil, depth + 4 < Parser.maximumNesting else { return nil }
        let verb = current
        let isInsert = verb.keyword == .insert
        let end = lexer.end
        typealias Match = (section: Int, row: Int, path: SourceRange, text: SourceRange)
        return bytes.withUnsafeBufferPointer { (b) -> Match? in
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
    }
}
