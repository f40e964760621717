import ListFormats
import Testing

@testable import ListEditor

/// The language server in this process, spoken to as an editor speaks to it: hostile positions, many
/// changes at once, long lines, and requests that follow a change at once.
@Suite(.serialized) struct LanguageServerTests {
    static let uri = "file:///work/lesson.list"

    /// A server after `initialize`, with UTF-8 or UTF-16 positions, and what it has sent.
    final class Session {
        let server = LanguageServer(version: "test")
        /// Every message the server sent, parsed, in order.
        private(set) var received: [PropertyTree] = []
        private var nextID = 1

        init(utf8: Bool) {
            let encodings = utf8 ? "[\"utf-8\", \"utf-16\"]" : "[\"utf-16\"]"
            _ = request("initialize", "{\"capabilities\":{\"general\":{\"positionEncodings\":\(encodings)}}}")
            notify("initialized", "{}")
        }

        /// Sends one message's JSON; returns the messages the server answered with. Each must be framed
        /// right and be a JSON object.
        @discardableResult
        func send(_ json: String) -> [PropertyTree] {
            var reader = MessageReader()
            for framed in server.handle(Array(json.utf8)) {
                framed.withUnsafeBytes { reader.append($0) }
            }
            var answers: [PropertyTree] = []
            while let item = reader.next() {
                guard case .message(let body) = item, case .success(let tree) = PropertyTree.parseJSON(body),
                    tree.dictionary != nil
                else {
                    Issue.record("the server sent something that is not a JSON object: \(item)")
                    continue
                }
                answers.append(tree)
            }
            received += answers
            return answers
        }

        func notify(_ method: String, _ params: String) {
            send("{\"jsonrpc\":\"2.0\",\"method\":\"\(method)\",\"params\":\(params)}")
        }

        /// The result of a request (nil when the answer is an error or none came).
        @discardableResult
        func request(_ method: String, _ params: String) -> PropertyTree? {
            let id = nextID
            nextID += 1
            let answers = send("{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\",\"params\":\(params)}")
            let response = answers.first { $0["id"]?.integer == id }
            #expect(response?["error"] == nil, "\(method): \(String(describing: response))")
            return response?["result"]
        }

        func open(_ text: String) {
            notify(
                "textDocument/didOpen",
                "{\"textDocument\":{\"uri\":\"\(LanguageServerTests.uri)\",\"languageId\":\"listdsl\",\"version\":1,\"text\":\(quoted(text))}}"
            )
        }

        /// One `didChange` holding `changes` (each a `contentChanges` element's JSON).
        func change(_ changes: [String]) {
            notify(
                "textDocument/didChange",
                "{\"textDocument\":{\"uri\":\"\(LanguageServerTests.uri)\",\"version\":2},\"contentChanges\":["
                    + changes.joined(separator: ",") + "]}")
        }

        /// The text the server holds for the script.
        var text: String { String(decoding: server.text(of: LanguageServerTests.uri) ?? [], as: UTF8.self) }
    }

    static func quoted(_ text: String) -> String {
        var w = JSONWriter()
        w.string(text)
        return String(decoding: w.bytes, as: UTF8.self)
    }

    static func position(_ line: Int, _ character: Int) -> String {
        "{\"line\":\(line),\"character\":\(character)}"
    }

    /// A change replacing the range from (l1, c1) to (l2, c2) with `text`.
    static func edit(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int, _ text: String) -> String {
        "{\"range\":{\"start\":\(position(l1, c1)),\"end\":\(position(l2, c2))},\"text\":\(quoted(text))}"
    }

    static func at(_ line: Int, _ character: Int) -> String {
        "{\"textDocument\":{\"uri\":\"\(uri)\"},\"position\":\(position(line, character)),\"context\":{\"includeDeclaration\":true}}"
    }

    static let document = "proc greet(who) {\n  print who\n}\ngreet(\"x\")\n"

    /// The numbers a client may send as a line or a character: every one is clamped to the text, as a
    /// position past a line's end already was, and no arithmetic on them overflows.
    static let hostileNumbers = [Int.max, Int.max - 1, Int.min, Int.min + 1, -1, 1 << 62, Int(Int32.max) + 1]

    /// Finding 1 of issue 57: a position at `Int.max` (UTF-8 positions) trapped in `start + character`.
    @Test(arguments: [true, false])
    func positionsAtTheIntegerLimitsAreClamped(utf8: Bool) {
        let session = Session(utf8: utf8)
        session.open(Self.document)
        for number in Self.hostileNumbers {
            for (line, character) in [(1, number), (number, 1), (number, number), (0, number)] {
                for method in ["hover", "completion", "definition", "references"] {
                    session.request("textDocument/" + method, Self.at(line, character))
                }
            }
        }
        // A range at Int.max on line 1 is the line's end: the change is an insertion there.
        session.change([Self.edit(1, Int.max, 1, Int.max, "!")])
        #expect(session.text == "proc greet(who) {\n  print who!\n}\ngreet(\"x\")\n")
        // A line past the end is the text's end; a negative line or character is its start.
        session.change([Self.edit(Int.max, 0, Int.max, Int.max, "# end")])
        session.change([Self.edit(Int.min, Int.min, -1, -1, "# start\n")])
        #expect(session.text == "# start\nproc greet(who) {\n  print who!\n}\ngreet(\"x\")\n# end")
        // A range whose end is before its start replaces nothing: its text goes in at the start.
        session.change([Self.edit(2, Int.max, 1, 0, "?")])
        #expect(session.text == "# start\nproc greet(who) {\n  print who!?\n}\ngreet(\"x\")\n# end")
        // And the server still answers from the text it has.
        let definition = session.request("textDocument/definition", Self.at(4, 1))
        #expect(definition?["range"]?["start"]?["line"]?.integer == 1)
        #expect(definition?["range"]?["start"]?["character"]?.integer == 5)
    }

    /// A second `initialize` is refused (the protocol allows one): it would change how positions count
    /// under documents already open.
    @Test func initializeIsAnsweredOnce() {
        let session = Session(utf8: true)
        let answers = session.send("{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":\"initialize\",\"params\":{}}")
        #expect(answers.first?["error"]?["code"]?.integer == -32600)
    }

    /// Finding 12 of issue 57: after a change, the symbols are those of the text as it is now, not of the
    /// last parse with its byte ranges mapped onto the new text; so are definitions and references, and the
    /// parse a request makes publishes its diagnostics rather than drop them.
    @Test func requestsAnswerFromTheTextAsItIsNow() throws {
        let session = Session(utf8: false)
        session.open(Self.document)
        _ = session.server.flush()
        session.change(["{\"text\":\"print 1\\ndelete 0:\\n\"}"])
        let symbols = session.request("textDocument/documentSymbol", "{\"textDocument\":{\"uri\":\"\(Self.uri)\"}}")
        #expect(symbols?.array?.isEmpty == true, "the old text's symbols: \(String(describing: symbols))")
        let published = session.received.last { $0["method"]?.string == "textDocument/publishDiagnostics" }
        let diagnostics = published?["params"]?["diagnostics"]?.array
        #expect(diagnostics?.count == 1, "the new text's diagnostics were not published")

        session.change(["{\"text\":\"let a = 1\\nlet b = a\\n\"}"])
        let definition = session.request("textDocument/definition", Self.at(1, 8))
        #expect(definition?["range"]?["start"]?["line"]?.integer == 0)
        #expect(definition?["range"]?["start"]?["character"]?.integer == 4)
        let references = session.request("textDocument/references", Self.at(0, 4))
        #expect(references?.array?.count == 2)
    }

    /// Finding 7 of issue 57: one `didChange` of 10,000 one-character edits to a script of 100,000 lines
    /// rebuilt the line index and moved the whole text for each edit (5-9 s on a release build). The time
    /// limit is for the quadratic way, which a debug build cannot finish within it; the edits take well under
    /// a second.
    @Test(.timeLimit(.minutes(1)), arguments: [true, false])
    func manyChangesInOneMessageCostTheirSizeAndTheTextsOnce(utf8: Bool) {
        let lines = 100_000
        let session = Session(utf8: utf8)
        session.open(String(repeating: "print 1\n", count: lines))
        // The cursors as an editor sends them, last first, then some anywhere (each in the text as the
        // edits before it left it): an insertion at each line's start and a deletion after it.
        var changes: [String] = []
        var expected = Array(repeating: "print 1", count: lines)
        for line in stride(from: lines - 10, through: 0, by: -20) {
            changes.append(Self.edit(line, 0, line, 0, "é"))
            expected[line] = "é" + expected[line]
        }
        for k in 0..<5_000 {
            let line = (k * 7_919) % lines
            let length = utf8 ? expected[line].utf8.count : expected[line].utf16.count
            changes.append(Self.edit(line, length - 1, line, length, ""))
            expected[line].removeLast()
        }
        session.change(changes)
        #expect(session.text == expected.joined(separator: "\n") + "\n")
    }

    /// The script of `count` procedures on one line, after a letter UTF-16 counts as one unit in two bytes.
    static func proceduresOnOneLine(_ count: Int) -> String {
        "print \"é\"; " + (0..<count).map { "proc p\($0)() {}" }.joined(separator: "; ") + "\n"
    }

    /// Finding 8 of issue 57: every UTF-16 position was counted from its line's start, so 20,000 procedures
    /// on one line took 12 s to list on a release build (quadratic: a debug build cannot within the limit).
    @Test(.timeLimit(.minutes(1)))
    func symbolsOnOneLongLineAreCountedOnce() throws {
        let count = 20_000
        let session = Session(utf8: false)
        let text = Self.proceduresOnOneLine(count)
        session.open(text)
        let symbols = try #require(
            session.request("textDocument/documentSymbol", "{\"textDocument\":{\"uri\":\"\(Self.uri)\"}}")?.array)
        #expect(symbols.count == count)
        // The last procedure's name, in UTF-16 units from the line's start.
        let last = "proc p\(count - 1)() {}"
        let column = text.utf16.count - 1 - last.utf16.count + "proc ".utf16.count
        #expect(symbols.last?["selectionRange"]?["start"]?["character"]?.integer == column)
    }

    /// Finding 8 of issue 57, for references: a name used 100,000 times on one line took 19 s.
    @Test(.timeLimit(.minutes(1)))
    func referencesOnOneLongLineAreCountedOnce() throws {
        let uses = 100_000
        let session = Session(utf8: false)
        session.open("let v = 1\nprint [\"é\"," + Array(repeating: "v", count: uses).joined(separator: ",") + "]\n")
        let references = try #require(session.request("textDocument/references", Self.at(0, 4))?.array)
        #expect(references.count == uses + 1)
        // `print ["é",` is 11 units (12 bytes) before the first use.
        #expect(references.last?["range"]?["start"]?["character"]?.integer == 11 + 2 * (uses - 1))
    }

    /// Positions as the protocol defines them, the plainest way: each line found from the text's start,
    /// each character counted from its line's start. What `LineIndex` and `ChunkedText` must agree with.
    struct ReferencePositions {
        let bytes: [UInt8]
        let utf16: Bool
        /// Each line's start and the end of its text.
        let lines: [(start: Int, end: Int)]

        init(bytes: [UInt8], utf16: Bool) {
            self.bytes = bytes
            self.utf16 = utf16
            var lines: [(start: Int, end: Int)] = []
            var start = 0
            var i = 0
            while i < bytes.count {
                if bytes[i] == 10 || bytes[i] == 13 {
                    let end = i
                    if bytes[i] == 13 && i + 1 < bytes.count && bytes[i + 1] == 10 { i += 1 }
                    lines.append((start, end))
                    start = i + 1
                }
                i += 1
            }
            lines.append((start, bytes.count))
            self.lines = lines
        }

        func units(_ range: Range<Int>) -> Int {
            utf16 ? bytes[range].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : $1 >= 0xF0 ? 2 : 1) } : range.count
        }

        func offset(line: Int, character: Int) -> Int {
            guard line >= 0 else { return 0 }
            guard line < lines.count else { return bytes.count }
            let (start, end) = lines[line]
            var i = start
            while i < end && units(start..<i) < character { i += 1 }
            // Inside a character: its end (at most three continuation bytes on).
            var skipped = 0
            while utf16 && i < end && skipped < 3 && bytes[i] & 0xC0 == 0x80 {
                i += 1
                skipped += 1
            }
            return i
        }

        func position(of offset: Int) -> [Int] {
            let offset = max(0, min(offset, bytes.count))
            let line = lines.lastIndex { $0.start <= offset } ?? 0
            return [line, units(lines[line].start..<min(offset, lines[line].end))]
        }
    }

    /// A small deterministic generator (xorshift), so each case is the same on every run.
    struct Generator {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(bound))
        }

        /// A line or character: mostly near the text, sometimes at the integer limits.
        mutating func number(_ near: Int) -> Int {
            switch next(10) {
            case 0: [Int.max, Int.min, -1, Int.max - 1, 1 << 40][next(5)]
            default: next(near + 3)
            }
        }

        /// Text with every kind of line break and characters of one to four bytes.
        mutating func text(_ length: Int) -> [UInt8] {
            let pieces = ["a", "b", " ", "\n", "\r", "\r\n", "é", "中", "😀", "\n\n"]
            var text: [UInt8] = []
            while text.count < length { text += Array(pieces[next(pieces.count)].utf8) }
            return text
        }
    }

    /// `LineIndex` converts as the reference does, both ways, at every offset and at hostile positions.
    @Test(arguments: 1...40)
    func lineIndexAgreesWithTheReference(seed: Int) {
        var generator = Generator(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
        let bytes = generator.text(generator.next(2_000))
        for utf16 in [true, false] {
            let index = LineIndex(bytes, utf16: utf16)
            let reference = ReferencePositions(bytes: bytes, utf16: utf16)
            for offset in -1...(bytes.count + 1) {
                let position = index.position(of: offset)
                #expect([position.line, position.character] == reference.position(of: offset))
            }
            for _ in 0..<300 {
                let line = generator.number(reference.lines.count)
                let character = generator.number(40)
                let expected = reference.offset(line: line, character: character)
                #expect(index.offset(line: line, character: character) == expected, "at \(line), \(character)")
            }
        }
    }

    /// `ChunkedText` makes the text the reference makes of the same edits (each applied to the whole text
    /// as the last left it), whatever its chunks' length: line breaks cut or made across chunks
    /// (`\r` then `\n`), characters split, ranges backwards or past the end.
    @Test(arguments: 1...60)
    func chunkedTextEditsAsTheReferenceDoes(seed: Int) {
        var generator = Generator(state: UInt64(seed) &* 0xD1B5_4A32_D192_ED03)
        let utf16 = seed % 2 == 0
        var expected = generator.text(generator.next(3_000))
        var text = ChunkedText(expected, utf16: utf16, chunkLength: [1, 2, 3, 7, 64, 1024][seed % 6])
        for _ in 0..<200 {
            let reference = ReferencePositions(bytes: expected, utf16: utf16)
            let lines = reference.lines.count
            let (l1, c1) = (generator.number(lines), generator.number(30))
            let (l2, c2) = (generator.number(lines), generator.number(30))
            let from = reference.offset(line: l1, character: c1)
            let to = reference.offset(line: l2, character: c2)
            #expect(text.offset(line: l1, character: c1) == from, "line \(l1), character \(c1)")
            #expect(text.offset(line: l2, character: c2) == to, "line \(l2), character \(c2)")
            let replacement = generator.next(3) == 0 ? [] : generator.text(generator.next(12))
            expected.replaceSubrange(from..<max(from, to), with: replacement)
            text.replace(from, to, with: replacement)
            #expect(text.count == expected.count)
        }
        #expect(text.bytes == expected)
    }
}
