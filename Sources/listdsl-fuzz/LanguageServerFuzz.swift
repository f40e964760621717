import ListEditor
import ListFormats

/// The lsp mode: a session with the language server, in this process, as a careless or hostile client
/// makes one. The input is a little program of messages, so most inputs make messages the server reads:
///
///     byte 0      bit 0: the client chose UTF-8 positions (else UTF-16, the protocol's default)
///     TEXT        the script opened first
///     then        operations, each a byte (its value modulo `Operation.count`) and its operands:
///                 a NUMBER is a byte: 0-63 itself, 64-127 a multiple of 37, else one of `limits`
///                 (Int.max, Int.min, -1, huge lines); a TEXT is a length byte and that many bytes
///                 (read as UTF-8, repaired), or, for a length from 0xF0, a short piece repeated into a
///                 long line; a URI is a byte choosing one of two scripts
///
/// Each message is framed and goes through the command's `MessageReader`, with noise between frames
/// now and then. Oracles, besides no trap: every message the server sends is framed right and is a JSON
/// object; after each `didOpen` and `didChange` the server's text is the reference's (`ReferenceText`,
/// the same edits applied the plainest way); and every position it sends is inside the text it names,
/// on a character's boundary, a range's start not after its end.
enum LanguageServerFuzz {
    /// The numbers a NUMBER byte from 128 names: where arithmetic on a client's number overflows.
    static let limits = [
        Int.max, Int.min, -1, Int.max - 1, Int.min + 1, -2, 1 << 31, (1 << 31) - 1, 1 << 32, 1 << 53, 1 << 62,
        1_000_000_000_000, Int(Int32.min),
    ]
    /// The two scripts a URI byte chooses from.
    static let uris = ["file:///fuzz/a.list", "file:///fuzz/b%20c.list"]
    /// The longest text a repeated piece makes (a long line; the reference is slow on longer).
    static let longestRepeat = 10_000

    /// What the client does next.
    enum Operation: UInt8, CaseIterable {
        case change, cursors, hover, completion, definition, references, symbols, open, close, raw, flush, other,
            noise
    }

    /// Runs one input's session; stops the process (a finding) when an oracle fails.
    static func run(_ bytes: [UInt8]) {
        var input = Input(bytes: bytes)
        let session = Session(utf8: input.byte() & 1 == 1)
        session.deliver(
            message(id: 0, "initialize") { w in
                w.key("capabilities")
                w.object { w in
                    w.key("general")
                    w.object { w in
                        w.key("positionEncodings")
                        w.strings(session.reference.utf16 ? ["utf-16"] : ["utf-8", "utf-16"])
                    }
                }
            })
        session.deliver(message("initialized") { _ in })
        session.deliver(open(uris[0], input.text()))
        var id = 1
        while !input.isAtEnd {
            id += 1
            let operation = Operation(rawValue: input.byte() % UInt8(Operation.allCases.count)) ?? .noise
            let uri = uris[Int(input.byte() & 1)]
            switch operation {
            case .change:
                let count = Int(input.byte() % 17)
                session.deliver(change(uri, (0..<count).map { _ in input.change() }))
            case .cursors:
                // One edit at each of up to 64 cursors, a few lines apart, last first (as editors send them;
                // the tests and the growth check send thousands).
                let count = Int(input.byte() % 64) + 1
                let step = Int(input.byte() % 5)
                let (line, character) = (input.number(), input.number())
                let text = input.text()
                let changes = (0..<count).map { k in
                    let at = line &- k &* step
                    return Change(start: (at, character), end: (at, character &+ k % 2), text: text, kind: .range)
                }
                session.deliver(change(uri, changes))
            case .hover, .completion, .definition, .references:
                let method = ["hover", "completion", "definition", "references"][
                    Int(operation.rawValue - Operation.hover.rawValue)]
                let position = (input.number(), input.number())
                let includeDeclaration = input.byte() & 1 == 1
                session.deliver(
                    message(id: id, "textDocument/" + method, uri: uri) { w in
                        w.key("position")
                        writePosition(&w, position)
                        w.key("context")
                        w.object { $0.member("includeDeclaration", includeDeclaration) }
                    })
            case .symbols:
                session.deliver(message(id: id, "textDocument/documentSymbol", uri: uri) { _ in })
            case .open:
                session.deliver(open(uri, input.text()))
            case .close:
                session.deliver(message("textDocument/didClose", uri: uri) { _ in })
            case .raw:
                session.deliver(input.text())
            case .flush:
                session.check(session.server.flush(), about: nil)
            case .other:
                let method = ["shutdown", "no/such/method", "$/cancelRequest", "textDocument/didSave"][
                    Int(input.byte() % 4)]
                session.deliver(message(id: input.byte() & 1 == 1 ? id : nil, method, uri: uri) { _ in })
            case .noise:
                // Bytes between frames: a damaged header makes the reader skip to the next one.
                input.text().withUnsafeBytes { session.reader.append($0) }
            }
        }
        session.check(session.server.flush(), about: nil)
        session.deliver(message(id: 9_999, "shutdown") { _ in })
        session.deliver(message("exit") { _ in })
    }

    /// A change as the input spells it: a range, the whole text, or a change the server must skip.
    struct Change {
        /// What the change holds.
        enum Kind {
            /// A range and a text.
            case range
            /// A text without a range: the whole text.
            case whole
            /// A range without a text (skipped).
            case noText
            /// A text and a range without its start and end (both the text's start).
            case emptyRange
        }
        /// The range's start and end, each a line and a character.
        var start: (Int, Int)
        var end: (Int, Int)
        var text: [UInt8]
        var kind: Kind
    }

    /// The bytes of a session's messages and their operands.
    struct Input {
        let bytes: [UInt8]
        /// Where the next operand starts.
        var at = 0

        /// Whether every byte was read (what follows reads as zeros).
        var isAtEnd: Bool { at >= bytes.count }

        /// The next byte (0 past the end).
        mutating func byte() -> UInt8 {
            defer { at += 1 }
            return at < bytes.count ? bytes[at] : 0
        }

        /// A NUMBER: a line or a character, small, spread out, or at a limit.
        mutating func number() -> Int {
            let byte = byte()
            if byte < 64 { return Int(byte) }
            if byte < 128 { return Int(byte - 64) * 37 }
            return LanguageServerFuzz.limits[Int(byte) % LanguageServerFuzz.limits.count]
        }

        /// A TEXT: the bytes given, or a piece repeated into a long line; made valid UTF-8, as a client's
        /// JSON string is.
        mutating func text() -> [UInt8] {
            let length = Int(byte())
            if length >= 0xF0 {
                let piece = take(Int(byte() % 16) + 1)
                let times = min(Int(byte()) * 100 + 1, LanguageServerFuzz.longestRepeat / max(1, piece.count))
                return Array(
                    String(decoding: Array([[UInt8]](repeating: piece, count: times).joined()), as: UTF8.self).utf8)
            }
            return Array(String(decoding: take(length), as: UTF8.self).utf8)
        }

        /// The next `count` bytes (fewer at the end).
        mutating func take(_ count: Int) -> [UInt8] {
            let end = min(bytes.count, at + count)
            defer { at = max(at, end) }
            return at < end ? Array(bytes[at..<end]) : []
        }

        /// One element of a didChange's `contentChanges`.
        mutating func change() -> Change {
            let kind: Change.Kind = [.range, .range, .range, .range, .range, .whole, .noText, .emptyRange][
                Int(byte() % 8)]
            return Change(start: (number(), number()), end: (number(), number()), text: text(), kind: kind)
        }
    }

    /// The server, the reader its messages go through, and the reference's texts.
    final class Session {
        let server = LanguageServer(version: "fuzz")
        var reader = MessageReader(maximumLength: 1 << 20)
        var reference: ReferenceText

        /// A session whose client counts in UTF-8 bytes, or else in UTF-16 units.
        init(utf8: Bool) {
            reference = ReferenceText(utf16: !utf8)
        }

        /// Frames `json` and gives the server every message the reader then has.
        func deliver(_ json: [UInt8]) {
            MessageReader.framed(json).withUnsafeBytes { reader.append($0) }
            while let item = reader.next() {
                switch item {
                case .message(let body):
                    LanguageServerFuzz.counts.messages += 1
                    let answers = server.handle(body)
                    let message = PropertyTree.parseJSON(body)
                    if case .success(let tree) = message { reference.receive(tree) }
                    check(answers, about: message.successValue)
                    // The script the message names (open or not) is the reference's, whatever the message.
                    if case .success(let tree) = message, let uri = tree["params"]?["textDocument"]?["uri"]?.string {
                        LanguageServerFuzz.counts.texts += 1
                        if server.text(of: uri) != reference.documents[uri] {
                            LanguageServerFuzz.finding("the server's text of \(uri) is not the reference's")
                        }
                    }
                case .malformed(let why):
                    check([LanguageServer.malformedMessage(why)], about: nil)
                }
            }
        }

        /// Each answer must be one framed JSON object, and its positions inside the text it is about.
        func check(_ answers: [[UInt8]], about request: PropertyTree?) {
            for answer in answers {
                var reader = MessageReader()
                answer.withUnsafeBytes { reader.append($0) }
                guard case .message(let body) = reader.next(), reader.next() == nil,
                    case .success(let tree) = PropertyTree.parseJSON(body), tree.dictionary != nil
                else { LanguageServerFuzz.finding("the server sent a message that is not one framed JSON object") }
                let uri = tree["params"]?["uri"]?.string ?? request?["params"]?["textDocument"]?["uri"]?.string
                checkPositions(tree, uri: uri)
            }
        }

        /// Every range and position in `tree`, each about the text of the nearest `uri` above it.
        func checkPositions(_ tree: PropertyTree, uri: String?) {
            let uri = tree["uri"]?.string ?? uri
            // A script closed since is not checked (its empty diagnostics are published as it closes).
            guard let uri, reference.documents[uri] != nil else { return }
            if let start = tree["start"], let end = tree["end"], let from = reference.check(start, in: uri),
                let to = reference.check(end, in: uri), from > to
            {
                LanguageServerFuzz.finding("a range ends before it starts")
            }
            if tree["line"] != nil || tree["character"] != nil {
                LanguageServerFuzz.counts.positions += 1
                if reference.check(tree, in: uri) == nil {
                    LanguageServerFuzz.finding("the server sent a position outside its text or inside a character")
                }
            }
            for member in tree.dictionary ?? [] { checkPositions(member.value, uri: uri) }
            for element in tree.array ?? [] { checkPositions(element, uri: uri) }
        }
    }

    /// The scripts as the client has them, each edit applied the plainest way: its positions found by
    /// counting from the text's start, then the bytes replaced in one array.
    struct ReferenceText {
        let utf16: Bool
        var documents: [String: [UInt8]] = [:] {
            didSet {
                lines = documents.mapValues { Self.lines($0) }
                unitsBefore = documents.mapValues { text in
                    text.reduce(into: [0]) { $0.append($0[$0.count - 1] + units($1)) }
                }
            }
        }
        /// The lines of each script, and the client's characters before each of its offsets, for checking
        /// the many positions of an answer quickly.
        private(set) var lines: [String: [(start: Int, end: Int)]] = [:]
        private(set) var unitsBefore: [String: [Int]] = [:]

        /// Follows a message the server read as the protocol says the server must.
        mutating func receive(_ message: PropertyTree) {
            guard message["id"] == nil, let method = message["method"]?.string,
                let uri = message["params"]?["textDocument"]?["uri"]?.string
            else { return }
            let params = message["params"]
            switch method {
            case "textDocument/didOpen":
                if let text = params?["textDocument"]?["text"]?.string { documents[uri] = Array(text.utf8) }
            case "textDocument/didClose":
                documents[uri] = nil
            case "textDocument/didChange":
                guard var text = documents[uri], let changes = params?["contentChanges"]?.array else { return }
                for change in changes {
                    guard let replacement = change["text"]?.string else { continue }
                    guard let range = change["range"] else {
                        text = Array(replacement.utf8)
                        continue
                    }
                    let from = offset(range["start"], in: text)
                    let to = max(from, offset(range["end"], in: text))
                    text.replaceSubrange(from..<to, with: Array(replacement.utf8))
                }
                documents[uri] = text
            default:
                break
            }
        }

        /// Each line's start and the end of its text (a line ends at `\n`, `\r\n` or a lone `\r`).
        static func lines(_ text: [UInt8]) -> [(start: Int, end: Int)] {
            var lines: [(start: Int, end: Int)] = []
            var start = 0
            var i = 0
            while i < text.count {
                if text[i] == 10 || text[i] == 13 {
                    lines.append((start, i))
                    if text[i] == 13 && i + 1 < text.count && text[i + 1] == 10 { i += 1 }
                    start = i + 1
                }
                i += 1
            }
            lines.append((start, text.count))
            return lines
        }

        /// A byte's length in the client's characters: UTF-16 code units, or bytes.
        func units(_ byte: UInt8) -> Int {
            guard utf16 else { return 1 }
            return byte & 0xC0 == 0x80 ? 0 : byte >= 0xF0 ? 2 : 1
        }

        /// The offset of a position, clamped: a line before the first is the start, past the last the end;
        /// a character past the line's end that end; inside a character, its end.
        func offset(_ position: PropertyTree?, in text: [UInt8]) -> Int {
            let line = position?["line"]?.integer ?? 0
            let character = position?["character"]?.integer ?? 0
            let lines = Self.lines(text)
            guard line >= 0 else { return 0 }
            guard line < lines.count else { return text.count }
            var i = lines[line].start
            var counted = 0
            while i < lines[line].end && counted < character {
                counted += units(text[i])
                i += 1
            }
            var continuations = 0
            while utf16 && i < lines[line].end && continuations < 3 && text[i] & 0xC0 == 0x80 {
                i += 1
                continuations += 1
            }
            return i
        }

        /// The offset of a position the server sent in the script at `uri`, when it is in the text and on a
        /// character's boundary.
        func check(_ position: PropertyTree, in uri: String) -> Int? {
            guard let line = position["line"]?.integer, let character = position["character"]?.integer,
                let lines = lines[uri], let unitsBefore = unitsBefore[uri]
            else { return nil }
            guard line >= 0, line < lines.count, character >= 0 else { return nil }
            let (start, end) = lines[line]
            guard character <= unitsBefore[end] - unitsBefore[start] else { return nil }  // past the line's end
            // The first offset with the position's characters before it on the line.
            let target = unitsBefore[start] + character
            var (low, high) = (start, end)
            while low < high {
                let middle = (low + high) / 2
                if unitsBefore[middle] < target { low = middle + 1 } else { high = middle }
            }
            // Inside a surrogate pair, no offset has exactly that many before it.
            return unitsBefore[low] == target ? low : nil
        }
    }

    /// A framed request (with an id) or notification (without), its params holding `textDocument.uri`
    /// when one is given and what `members` writes.
    static func message(
        id: Int? = nil, _ method: String, uri: String? = nil, _ members: (inout JSONWriter) -> Void
    ) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.member("jsonrpc", "2.0")
            if let id { w.member("id", id) }
            w.member("method", method)
            w.key("params")
            w.object { w in
                if let uri {
                    w.key("textDocument")
                    w.object { $0.member("uri", uri) }
                }
                members(&w)
            }
        }
        return w.bytes
    }

    /// A didOpen of `text` at `uri`.
    static func open(_ uri: String, _ text: [UInt8]) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.member("jsonrpc", "2.0")
            w.member("method", "textDocument/didOpen")
            w.key("params")
            w.object { w in
                w.key("textDocument")
                w.object { w in
                    w.member("uri", uri)
                    w.member("languageId", "listdsl")
                    w.member("version", 1)
                    w.member("text", String(decoding: text, as: UTF8.self))
                }
            }
        }
        return w.bytes
    }

    /// A didChange of the script at `uri`, with `changes` in order.
    static func change(_ uri: String, _ changes: [Change]) -> [UInt8] {
        message("textDocument/didChange", uri: uri) { w in
            w.key("contentChanges")
            w.array(changes) { w, change in
                w.object { w in
                    switch change.kind {
                    case .range, .noText:
                        w.key("range")
                        w.object { w in
                            w.key("start")
                            writePosition(&w, change.start)
                            w.key("end")
                            writePosition(&w, change.end)
                        }
                    case .emptyRange:
                        w.key("range")
                        w.object { _ in }
                    case .whole:
                        break
                    }
                    if change.kind != .noText { w.member("text", String(decoding: change.text, as: UTF8.self)) }
                }
            }
        }
    }

    /// `{"line": …, "character": …}`.
    static func writePosition(_ w: inout JSONWriter, _ position: (Int, Int)) {
        w.object { w in
            w.member("line", position.0)
            w.member("character", position.1)
        }
    }

    /// The tokens libFuzzer splices into this mode's inputs (its texts are the scripts), each byte
    /// outside printable ASCII written `\xAB`, as libFuzzer reads them.
    static var dictionary: String {
        let tokens = [
            "\r\n", "\r", "\n", "é", "😀", "中", "proc p() {}", "print 1", "delete 0:", "let v = 1", "v", "# ", "\"",
            "begin", "end", "on canEdit { }",
        ]
        let hex = Array("0123456789ABCDEF".utf8)
        return tokens.map { token in
            var line: [UInt8] = [0x22]
            for byte in token.utf8 {
                if byte >= 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C {
                    line.append(byte)
                } else {
                    line += [0x5C, 0x78, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                }
            }
            return String(decoding: line + [0x22, 0x0A], as: UTF8.self)
        }.joined()
    }

    /// What the replayed inputs checked (`listdsl-fuzz` prints it after replaying files in this mode).
    nonisolated(unsafe) static var counts = (messages: 0, texts: 0, positions: 0)

    /// A broken oracle.
    static func finding(_ message: String) -> Never {
        FuzzTarget.finding("lsp: " + message)
    }
}

extension Result {
    /// The value, when this is a success.
    fileprivate var successValue: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}
