import Foundation
import Testing

/// `listdsl lsp` end to end: the real binary reads framed messages on standard input, as an editor sends
/// them, and its answers are read back from standard output.
@Suite struct LanguageServerTests {
    /// One message framed as the protocol frames it.
    static func framed(_ object: [String: Any]) throws -> Data {
        let body = try JSONSerialization.data(withJSONObject: object)
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// The messages in `output`, in order.
    static func messages(_ output: String) throws -> [[String: Any]] {
        var data = Data(output.utf8)
        var found: [[String: Any]] = []
        while let end = data.range(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: data[data.startIndex..<end.lowerBound], as: UTF8.self)
            let length = try #require(Int(header.replacingOccurrences(of: "Content-Length: ", with: "")))
            let body = data[end.upperBound..<(end.upperBound + length)]
            found.append(try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any]))
            data = Data(data[(end.upperBound + length)...])
        }
        return found
    }

    static let uri = "file:///work/lesson.list"
    static let script = """
        proc greet(who) {
          print "hi \\(who)"
        }
        reset [["a"]]
        greet("x")
        delete 0:
        begin
        insert 0:0 "é😀"; let n = 1
        end
        print n

        """

    static func request(_ id: Int, _ method: String, _ params: [String: Any]) -> [String: Any] {
        ["jsonrpc": "2.0", "id": id, "method": method, "params": params]
    }

    static func at(_ line: Int, _ character: Int) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": line, "character": character]]
    }

    /// A session as an editor has it: open a script with a broken line, ask, fix it, shut down.
    static func session() throws -> (Run, [[String: Any]]) {
        var input = Data()
        for message: [String: Any] in [
            request(1, "initialize", ["processId": 1, "capabilities": [:]]),
            ["jsonrpc": "2.0", "method": "initialized", "params": [:]],
            [
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": uri, "languageId": "listdsl", "version": 1, "text": script]],
            ],
            request(2, "textDocument/completion", at(4, 1)),
            request(3, "textDocument/hover", at(3, 2)),
            request(4, "textDocument/definition", at(4, 1)),
            request(5, "textDocument/references", at(0, 6).merging(["context": ["includeDeclaration": true]]) { a, _ in a }),
            request(6, "textDocument/documentSymbol", ["textDocument": ["uri": uri]]),
            request(7, "textDocument/hover", at(9_999, 9_999)),
            request(8, "textDocument/definition", at(9, 7)),
            // The broken line fixed by an incremental change: `delete 0:` becomes `delete 0:0`.
            [
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": uri, "version": 2],
                    "contentChanges": [
                        ["range": ["start": ["line": 5, "character": 9], "end": ["line": 5, "character": 9]], "text": "0"]
                    ],
                ],
            ],
            request(9, "no/such/method", [:]),
            request(10, "shutdown", [:]),
            ["jsonrpc": "2.0", "method": "exit"],
        ] {
            input += try framed(message)
        }
        let run = try runListdsl(["lsp"], stdin: String(decoding: input, as: UTF8.self))
        return (run, try messages(run.stdout))
    }

    static func response(_ messages: [[String: Any]], _ id: Int) -> [String: Any]? {
        messages.first { ($0["id"] as? Int) == id }
    }

    static func range(_ object: Any?) -> [Int] {
        let range = object as? [String: Any]
        let start = range?["start"] as? [String: Int]
        let end = range?["end"] as? [String: Int]
        return [start?["line"] ?? -1, start?["character"] ?? -1, end?["line"] ?? -1, end?["character"] ?? -1]
    }

    @Test func anEditorsSessionGetsItsAnswers() throws {
        let (run, messages) = try Self.session()
        #expect(run.status == 0, "shutdown then exit: \(run.stderr)")
        let capabilities = try #require(Self.response(messages, 1)?["result"] as? [String: Any])["capabilities"]
        #expect((capabilities as? [String: Any])?["hoverProvider"] as? Bool == true)

        // Diagnostics: the broken line, as `listdsl check` words it; then none once it is fixed.
        let published = messages.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
        #expect(published.count == 2)
        let first = try #require((published.first?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]])
        #expect(first.count == 1)
        #expect(first.first?["message"] as? String == "expected a row after ':', found end of line")
        #expect(Self.range(first.first?["range"]).prefix(2) == [5, 9])
        #expect(((published.last?["params"] as? [String: Any])?["diagnostics"] as? [Any])?.isEmpty == true)

        // Completion: the language's words and the script's procedure and variable.
        let items = try #require((Self.response(messages, 2)?["result"] as? [String: Any])?["items"] as? [[String: Any]])
        let labels = Set(items.compactMap { $0["label"] as? String })
        #expect(labels.count == items.count, "a word offered twice")
        for word in ["insert", "begin", "ios", "greet", "n"] {
            #expect(labels.contains(word), "completion lacks \(word)")
        }

        // Hover: the word's help, as `.help reset` gives it.
        let hover = try #require(
            ((Self.response(messages, 3)?["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)
        #expect(hover.hasPrefix("`reset TABLE`"))

        // Go to definition of the call `greet`, and its references (the declaration and the call).
        let definition = try #require(Self.response(messages, 4)?["result"] as? [String: Any])
        #expect(Self.range(definition["range"]) == [0, 5, 0, 10])
        let references = try #require(Self.response(messages, 5)?["result"] as? [[String: Any]])
        #expect(references.map { Self.range($0["range"]) } == [[0, 5, 0, 10], [4, 0, 4, 5]])

        // Symbols: the procedure and the batch.
        let symbols = try #require(Self.response(messages, 6)?["result"] as? [[String: Any]])
        #expect(symbols.map { $0["name"] as? String } == ["greet", "begin … end"])
        #expect(Self.range(symbols[1]["range"]) == [6, 0, 8, 3])

        // A position past the end is answered, with nothing.
        #expect(Self.response(messages, 7)?["result"] is NSNull)
        // The variable `n`, used after an emoji and a multi-byte letter on its line: columns in UTF-16.
        let variable = try #require(Self.response(messages, 8)?["result"] as? [String: Any])
        #expect(Self.range(variable["range"]) == [7, 22, 7, 23])
        // An unknown method is an error, and the server goes on.
        #expect((Self.response(messages, 9)?["error"] as? [String: Any])?["code"] as? Int == -32601)
        #expect(Self.response(messages, 10)?.keys.contains("result") == true)
    }

    /// The labels completion offers at the end of `line`, the last line of a script that declares `greet` and
    /// `total`.
    static func completions(after line: String) throws -> [String: [String: Any]] {
        let text = "proc greet(who) {\n  print who\n}\nlet total = 1\n" + line
        var input = Data()
        for message: [String: Any] in [
            request(1, "initialize", ["processId": 1, "capabilities": [:]]),
            [
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": ["textDocument": ["uri": uri, "languageId": "listdsl", "version": 1, "text": text]],
            ],
            request(2, "textDocument/completion", at(4, line.utf16.count)),
            request(3, "shutdown", [:]),
            ["jsonrpc": "2.0", "method": "exit"],
        ] {
            input += try framed(message)
        }
        let run = try runListdsl(["lsp"], stdin: String(decoding: input, as: UTF8.self))
        let items = try #require(
            (response(try messages(run.stdout), 2)?["result"] as? [String: Any])?["items"] as? [[String: Any]])
        return Dictionary(items.map { ($0["label"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Completion follows the statement being typed, as the REPL's Tab does: the statements and the
    /// script's names at a statement's start, the hooks after `on`, the words that follow a word, an
    /// index-path snippet after a command, the built-ins in an argument; nothing in a comment or a string.
    @Test(arguments: [
        ("", ["insert", "begin", "ios", "greet", "total"], ["canEdit", "tableRows", "section"]),
        ("ins", ["insert", "begin", "greet"], ["canEdit"]),
        ("on ", ["canEdit", "commit", "didEndEditing"], ["insert", "greet"]),
        ("on can", ["canEdit"], ["insert"]),
        ("edit ", ["on", "off"], ["insert", "greet"]),
        ("delete ", ["S:R", "section", "total", "tableRows"], ["begin"]),
        ("data insert ", ["S:R", "section"], ["begin"]),
        ("print ", ["total", "greet", "tableRows", "true"], ["begin", "S:R"]),
        ("let x = 1 # ", [], ["insert", "total"]),
        ("print \"to", [], ["total"]),
    ])
    func completionFollowsTheStatement(line: String, offered: [String], notOffered: [String]) throws {
        let items = try Self.completions(after: line)
        for word in offered { #expect(items[word] != nil, "after \(line): \(word) missing") }
        for word in notOffered { #expect(items[word] == nil, "after \(line): \(word) offered") }
        if line.isEmpty || line.hasSuffix("# ") || line.hasSuffix("\"to") {
            #expect(line.isEmpty == !items.isEmpty)
        }
        if let snippet = items["S:R"] {
            #expect(snippet["insertText"] as? String == "${1:0}:${2:0}")
            #expect(snippet["insertTextFormat"] as? Int == 2)
        }
    }

    /// Bad input never stops the server: a malformed message, a header without a length, a message over the
    /// limit, a request before `initialize`; and a client that goes away ends it with status 1.
    @Test func badMessagesAreAnsweredAndTheServerGoesOn() throws {
        var input = Data("Content-Length: 7\r\n\r\n{oops!}".utf8)
        input += Data("X-Header: 1\r\n\r\n".utf8)
        input += try Self.framed(Self.request(1, "textDocument/hover", Self.at(0, 0)))
        input += Data("Content-Length: 99999999999\r\n\r\n".utf8)
        input += try Self.framed(Self.request(2, "initialize", ["capabilities": [:]]))
        let run = try runListdsl(["lsp"], stdin: String(decoding: input, as: UTF8.self))
        #expect(run.status == 1, "standard input closed without exit")
        let messages = try Self.messages(run.stdout)
        let codes = messages.compactMap { ($0["error"] as? [String: Any])?["code"] as? Int }
        #expect(codes == [-32700, -32700, -32002, -32700])
        #expect(Self.response(messages, 2) == nil, "the over-long message swallowed what followed it within its length")
    }
}
