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
}
