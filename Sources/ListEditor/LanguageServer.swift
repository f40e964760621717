import ListFormats
import ListLanguage
import ListModel

/// `listdsl lsp`'s server: the Language Server Protocol's requests and notifications, answered from the
/// real parser (`Parser.parse`: the diagnostics `listdsl check` prints, with their hints and notes), the
/// vocabulary (completion and hover, as `.help WORD` describes a word) and the script's outline (symbols,
/// definitions, references). It reads and writes JSON only: the command moves the bytes
/// (`MessageReader` frames them) and ends when `exitCode` is set.
public final class LanguageServer {
    /// Set by the `exit` notification: 0 after `shutdown`, 1 without it (the protocol's rule).
    public private(set) var exitCode: Int32?
    /// The version `initialize` reports.
    let version: String
    private var initialized = false
    private var shuttingDown = false
    /// Characters are UTF-16 code units unless the client offered UTF-8.
    private var utf16 = true
    private var documents: [String: Document] = [:]

    /// An open script.
    struct Document {
        var uri: String
        var bytes: [UInt8]
        var lines: LineIndex
        /// The outline of the text as last parsed: while the text is `stale` (changed since), completion and
        /// hover take names and signatures from it rather than wait for a parse (never its byte ranges, which
        /// are of the text it was made from: the requests that answer with them parse first).
        var outline: Outline
        var stale = false
    }

    /// Whether a script changed since it was last parsed: `flush()` parses it and publishes its
    /// diagnostics. The command calls it once it has answered every message that has arrived, so a burst of
    /// keystrokes costs one parse, and a request that comes meanwhile does not wait for one.
    public var hasPendingWork: Bool { documents.values.contains { $0.stale } }

    /// Parses every script changed since its last parse, and returns its diagnostics to publish.
    public func flush() -> [[UInt8]] {
        documents.values.filter { $0.stale }.map { open($0.uri, $0.bytes) }
    }

    /// What reading a message and parsing a script check as they go (`ReadingChecks`): the memory limit, so
    /// a huge script meets it with a diagnostic instead of taking the process past its memory.
    let checks: ReadingChecks

    /// Checks that stop a reading at once: the outline of a script whose parse the limit stopped.
    private static var stopped: ReadingChecks {
        ReadingChecks(isInterrupted: { true }, memoryInUse: { nil }, memoryLimit: .max)
    }

    /// A server reporting `version`, reading under `checks`.
    public init(version: String, checks: ReadingChecks = .none) {
        self.version = version
        self.checks = checks
    }

    /// The text of the open script at `uri` as the server holds it now (after every change so far), or nil
    /// when it is not open: what the tests and the fuzzer compare with the text the client has.
    public func text(of uri: String) -> [UInt8]? {
        documents[uri]?.bytes
    }

    /// The messages to send for one message received (its JSON), each framed.
    public func handle(_ json: [UInt8]) -> [[UInt8]] {
        let message: PropertyTree
        switch PropertyTree.parseJSON(json, checks: checks) {
        case .success(let tree): message = tree
        case .failure(let problem):
            return [Self.error(id: nil, code: -32700, "parse error at byte \(problem.offset): \(problem.message)")]
        }
        guard message.dictionary != nil else {
            return [Self.error(id: nil, code: -32600, "a message is a JSON object")]
        }
        let id = message["id"]
        guard let method = message["method"]?.string else {
            // A response to a request of ours (we make none), or nonsense.
            return id == nil ? [] : [Self.error(id: id, code: -32600, "a request needs a method")]
        }
        let params = message["params"] ?? PropertyTree(.null)
        if id == nil {
            return notification(method, params)
        }
        if method == "initialize" {
            // Once only (the protocol's rule): the positions of documents already open count as it chose.
            guard !initialized else { return [Self.error(id: id, code: -32600, "the server is already initialized")] }
            return [respond(id, initialize(params))]
        }
        guard initialized else { return [Self.error(id: id, code: -32002, "the server is not initialized yet")] }
        guard !shuttingDown else { return [Self.error(id: id, code: -32600, "the server is shutting down")] }
        switch method {
        case "shutdown":
            shuttingDown = true
            return flush() + [respond(id) { $0.null() }]
        case "textDocument/completion": return [respond(id, completion(params))]
        case "textDocument/hover": return [respond(id, hover(params))]
        // These answer with ranges of the script's outline: from the text as it is now, parsed first if it
        // changed (its diagnostics published then, before the answer).
        case "textDocument/documentSymbol":
            let published = parseIfChanged(params)
            return published + [respond(id, symbols(params))]
        case "textDocument/definition":
            let published = parseIfChanged(params)
            return published + [respond(id, definition(params))]
        case "textDocument/references":
            let published = parseIfChanged(params)
            return published + [respond(id, references(params))]
        default: return [Self.error(id: id, code: -32601, "the method \(method) is not provided")]
        }
    }

    // MARK: Notifications

    private func notification(_ method: String, _ params: PropertyTree) -> [[UInt8]] {
        switch method {
        case "exit":
            exitCode = shuttingDown ? 0 : 1
            return []
        case "textDocument/didOpen":
            guard initialized, let document = params["textDocument"], let uri = document["uri"]?.string,
                let text = document["text"]?.string
            else { return [] }
            return [open(uri, Array(text.utf8))]
        case "textDocument/didChange":
            guard initialized, let uri = params["textDocument"]?["uri"]?.string, let bytes = documents[uri]?.bytes,
                let changes = params["contentChanges"]?.array
            else { return [] }
            // Many edits (one per cursor) come in one message: they go into chunks, and the text is joined
            // and its lines indexed once, after the last.
            var text = ChunkedText(bytes, utf16: utf16)
            for change in changes {
                guard let replacement = change["text"]?.string else { continue }
                if let range = change["range"] {
                    // An incremental change: the range, in the text as the earlier changes left it.
                    let from = text.offset(range["start"])
                    // An insertion (a keystroke) is found once.
                    let to = range["end"] == range["start"] ? from : text.offset(range["end"])
                    text.replace(from, to, with: Array(replacement.utf8))
                } else {
                    text = ChunkedText(Array(replacement.utf8), utf16: utf16)
                }
            }
            let changed = text.bytes
            documents[uri]?.bytes = changed
            documents[uri]?.lines = LineIndex(changed, utf16: utf16)
            documents[uri]?.stale = true
            return []
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return [] }
            documents[uri] = nil
            return [publish(uri, [])]
        default:
            // `initialized`, `$/cancelRequest` (every request is answered before the next is read),
            // `$/setTrace` and the rest ask nothing of this server.
            return []
        }
    }

    /// Parses the script a request names if it changed since its last parse, and returns its diagnostics to
    /// publish (none when it did not change): an outline's byte ranges are of the text it was made from.
    private func parseIfChanged(_ params: PropertyTree) -> [[UInt8]] {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri], document.stale
        else { return [] }
        return [open(uri, document.bytes)]
    }

    /// Parses `bytes` as the script at `uri` and publishes its diagnostics (with the memory limit's, when it
    /// stopped the parse: the outline is then of the statements before it).
    private func open(_ uri: String, _ bytes: [UInt8]) -> [UInt8] {
        let file = SourceFile(name: Self.fileName(uri), bytes: bytes, directory: nil)
        let parsed = Parser.parse(file, checks: checks)
        let lines = LineIndex(bytes, utf16: utf16)
        // A parse the memory limit stopped has no room for the outline's names either.
        let outline = Outline(file, parsed.program, checks: parsed.stop == nil ? checks : Self.stopped)
        var diagnostics = parsed.diagnostics
        if parsed.stop == nil, let (offset, why) = outline.stop {
            diagnostics.append(
                Diagnostic(
                    ParseError.readingStopped(why, offset: offset), file: file, range: SourceRange(offset, offset)))
        }
        documents[uri] = Document(uri: uri, bytes: bytes, lines: lines, outline: outline)
        return publish(uri, diagnostics.map { diagnostic(for: $0, uri: uri, lines) })
    }

    /// The last path component of a `file:` URI, as diagnostics name the script.
    static func fileName(_ uri: String) -> String {
        guard let slash = uri.utf8.lastIndex(of: UInt8(ascii: "/")) else { return uri }
        return String(uri[uri.utf8.index(after: slash)...])
    }

    private func publish(_ uri: String, _ diagnostics: [(inout JSONWriter) -> Void]) -> [UInt8] {
        Self.message { w in
            w.member("method", "textDocument/publishDiagnostics")
            w.key("params")
            w.object { w in
                w.member("uri", uri)
                w.key("diagnostics")
                w.beginArray()
                for write in diagnostics { write(&w) }
                w.endArray()
            }
        }
    }

    /// A diagnostic as the protocol has it: the range, the severity, the message with its hint, and its
    /// notes as related information.
    private func diagnostic(for d: Diagnostic, uri: String, _ lines: LineIndex) -> (inout JSONWriter) -> Void {
        let severity = d.severity == .error ? 1 : d.severity == .warning ? 2 : 3
        let message = d.hint.map { d.message + "\nhint: " + $0 } ?? d.message
        let notes = d.notes.map { (range: $0.range, message: $0.message, sameFile: $0.file === d.file) }
        return { w in
            w.object { w in
                w.key("range")
                Self.range(&w, d.range, lines)
                w.member("severity", severity)
                w.member("source", "listdsl")
                w.member("message", message)
                let related = notes.filter { $0.sameFile }
                if !related.isEmpty {
                    w.key("relatedInformation")
                    w.array(related) { w, note in
                        w.object { w in
                            w.key("location")
                            w.object { w in
                                w.member("uri", uri)
                                w.key("range")
                                Self.range(&w, note.range, lines)
                            }
                            w.member("message", note.message)
                        }
                    }
                }
            }
        }
    }

    // MARK: Requests

    private func initialize(_ params: PropertyTree) -> (inout JSONWriter) -> Void {
        initialized = true
        let encodings = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap { $0.string } ?? []
        utf16 = !encodings.contains("utf-8")
        let version = version
        let utf16 = utf16
        return { w in
            w.object { w in
                w.key("capabilities")
                w.object { w in
                    w.member("positionEncoding", utf16 ? "utf-16" : "utf-8")
                    w.key("textDocumentSync")
                    w.object { w in
                        w.member("openClose", true)
                        w.member("change", 2)  // incremental; a full text is taken as well
                    }
                    w.key("completionProvider")
                    w.object { w in
                        w.key("triggerCharacters")
                        w.strings([":"])
                    }
                    w.member("hoverProvider", true)
                    w.member("documentSymbolProvider", true)
                    w.member("definitionProvider", true)
                    w.member("referencesProvider", true)
                }
                w.key("serverInfo")
                w.object { w in
                    w.member("name", "listdsl")
                    w.member("version", version)
                }
            }
        }
    }

    /// The document and byte offset a request's `textDocument` and `position` name, if it is open.
    private func place(_ params: PropertyTree) -> (Document, Int)? {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else { return nil }
        let line = params["position"]?["line"]?.integer ?? 0
        let character = params["position"]?["character"]?.integer ?? 0
        return (document, document.lines.offset(line: line, character: character))
    }

    /// What completion offers where the cursor is, as the REPL's Tab does (the same `StatementPrefix` and
    /// vocabulary): at a statement's start its keywords and the script's names; after `on`, the hooks; after
    /// a word the table lets others follow (`edit on|off`), those; after a command that takes index paths an
    /// `S:R` snippet; elsewhere the script's names, the built-ins and the value words. Nothing in a comment or
    /// a string.
    private func completion(_ params: PropertyTree) -> (inout JSONWriter) -> Void {
        let found = place(params)
        let document = found?.0
        var words: [String] = []
        var atStart = true
        if let (document, offset) = found {
            let line = params["position"]?["line"]?.integer ?? 0
            let lineStart = min(document.lines.offset(line: line, character: 0), offset)
            var wordStart = offset
            while wordStart > lineStart, Self.isWordByte(document.bytes[wordStart - 1]) { wordStart -= 1 }
            let context = StatementPrefix(String(decoding: document.bytes[lineStart..<wordStart], as: UTF8.self))
            if context.inComment || context.inString { return { w in Self.completionList(&w) { _ in } } }
            words = context.words
            atStart = words.isEmpty
        }
        let names = document?.outline.distinctDeclarations ?? []
        let first = words.first
        return { w in
            Self.completionList(&w) { add in
                if atStart {
                    for word in Vocabulary.statementKeywords { add(.keyword(word)) }
                    for declaration in names { add(.declared(declaration)) }
                    return
                }
                if words.count == 1, first == "on" {
                    for hook in Vocabulary.hookNames { add(.keyword(hook)) }
                    return
                }
                if words.count == 1, let first, first != "expect",
                    let arguments = Vocabulary.entries(named: first).first(where: { !$0.arguments.isEmpty })?.arguments
                {
                    for argument in arguments { add(.word(argument, detail: Vocabulary.entry(named: first)?.usage)) }
                    return
                }
                let layered = first == "data" || first == "table"
                if let verb = words.last, words.count == (layered ? 2 : 1),
                    let command = Vocabulary.entry(named: verb, in: .command)
                {
                    if command.usage.contains("PATH") { add(.indexPath(usage: command.usage)) }
                    if command.hasSectionForm { add(.word("section", detail: command.usage)) }
                }
                for declaration in names { add(.declared(declaration)) }
                for word in Vocabulary.builtinNames { add(.keyword(word)) }
                for entry in Vocabulary.entries where entry.category == .value { add(.keyword(entry.word)) }
            }
        }
    }

    /// A completion item.
    enum CompletionItem {
        /// A word of the vocabulary, with its kind and help.
        case keyword(String)
        /// A word that follows another (`on`, `off`), with the statement's usage.
        case word(String, detail: String?)
        /// A name the script declares.
        case declared(Outline.Declaration)
        /// An index path to fill in (`S:R`, a snippet).
        case indexPath(usage: String)
    }

    /// `{"isIncomplete": false, "items": […]}` with the items `body` adds, each label once.
    static func completionList(_ w: inout JSONWriter, _ body: ((CompletionItem) -> Void) -> Void) {
        w.object { w in
            w.member("isIncomplete", false)
            w.key("items")
            w.beginArray()
            var seen: Set<String> = []
            body { item in
                switch item {
                case .keyword(let word):
                    guard seen.insert(word).inserted, let entry = Vocabulary.entry(named: word) else { return }
                    w.object { w in
                        w.member("label", word)
                        w.member("kind", Self.completionKind(entry.category))
                        w.member("detail", entry.usage)
                        w.member("documentation", entry.summary)
                    }
                case .word(let word, let detail):
                    guard seen.insert(word).inserted else { return }
                    w.object { w in
                        w.member("label", word)
                        w.member("kind", 14)  // Keyword
                        if let detail { w.member("detail", detail) }
                    }
                case .declared(let declaration):
                    guard seen.insert(declaration.name).inserted else { return }
                    w.object { w in
                        w.member("label", declaration.name)
                        w.member("kind", declaration.kind == .procedure ? 3 : 6)
                        w.member(
                            "detail", declaration.kind == .procedure ? "proc " + declaration.signature : "variable")
                    }
                case .indexPath(let usage):
                    guard seen.insert("S:R").inserted else { return }
                    w.object { w in
                        w.member("label", "S:R")
                        w.member("kind", 15)  // Snippet
                        w.member("detail", usage)
                        w.member("documentation", "an index path: section, then row, from 0")
                        w.member("insertText", "${1:0}:${2:0}")
                        w.member("insertTextFormat", 2)  // a snippet
                    }
                }
            }
            w.endArray()
        }
    }

    /// Whether `byte` can be part of a word being typed (a name, a keyword, a dot command).
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == 0x5F
            || byte >= 0x80
    }

    /// The protocol's CompletionItemKind for a vocabulary category.
    static func completionKind(_ category: Vocabulary.Category) -> Int {
        switch category {
        case .builtin: 3  // Function
        case .hook: 23  // Event
        case .value: 21  // Constant
        default: 14  // Keyword
        }
    }

    /// The word (letters, digits, `_`) at or just before `offset`.
    private static func word(in bytes: [UInt8], at offset: Int) -> (String, SourceRange)? {
        func isWordByte(_ b: UInt8) -> Bool {
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
        }
        var start = min(offset, bytes.count)
        if start == bytes.count || !isWordByte(bytes[start]) {
            guard start > 0, isWordByte(bytes[start - 1]) else { return nil }
        }
        while start > 0 && isWordByte(bytes[start - 1]) { start -= 1 }
        var end = start
        while end < bytes.count && isWordByte(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        return (String(decoding: bytes[start..<end], as: UTF8.self), SourceRange(start, end))
    }

    private func hover(_ params: PropertyTree) -> (inout JSONWriter) -> Void {
        guard let (document, offset) = place(params), let (word, range) = Self.word(in: document.bytes, at: offset)
        else { return { $0.null() } }
        var parts: [String] = []
        for entry in Vocabulary.entries where entry.word == word && entry.category != .dotCommand {
            var text = "`" + entry.usage + "`: " + entry.summary
            if let hook = entry.hook { text += "\n\nUIKit asks `" + hook.method + "`" }
            text += "\n\nExample: `" + entry.example + "`"
            parts.append(text)
        }
        for declaration in document.outline.declarations(of: word) where declaration.kind == .procedure {
            parts.append("`proc " + declaration.signature + "`")
        }
        guard !parts.isEmpty else { return { $0.null() } }
        let value = parts.joined(separator: "\n\n---\n\n")
        let lines = document.lines
        return { w in
            w.object { w in
                w.key("contents")
                w.object { w in
                    w.member("kind", "markdown")
                    w.member("value", value)
                }
                w.key("range")
                Self.range(&w, range, lines)
            }
        }
    }

    private func symbols(_ params: PropertyTree) -> (inout JSONWriter) -> Void {
        guard let uri = params["textDocument"]?["uri"]?.string, let document = documents[uri] else {
            return { $0.null() }
        }
        let lines = document.lines
        return { w in
            w.array(document.outline.symbols) { w, symbol in
                w.object { w in
                    switch symbol.kind {
                    case .procedure:
                        w.member("name", symbol.name)
                        w.member("detail", symbol.detail)
                        w.member("kind", 12)  // Function
                    case .hook:
                        w.member("name", "on " + symbol.name)
                        w.member("kind", 24)  // Event
                    case .batch:
                        w.member("name", "begin … end")
                        w.member("kind", 3)  // Namespace
                    }
                    w.key("range")
                    Self.range(&w, symbol.range, lines)
                    w.key("selectionRange")
                    Self.range(&w, symbol.nameRange, lines)
                }
            }
        }
    }

    /// The name at a request's position, and the declarations it may refer to (the caller parsed the text
    /// as it is now).
    private func declarations(_ params: PropertyTree) -> (Document, String, [Outline.Declaration])? {
        guard let (document, offset) = place(params), let (name, _) = document.outline.name(at: offset) else {
            return nil
        }
        return (document, name, document.outline.declarations(of: name))
    }

    private func definition(_ params: PropertyTree) -> (inout JSONWriter) -> Void {
        guard let (document, _, declarations) = self.declarations(params), let offset = place(params)?.1,
            !declarations.isEmpty
        else { return { $0.null() } }
        // A procedure, wherever it is; a variable, the last declaration before the name (else the first).
        let chosen =
            declarations.first { $0.kind == .procedure }
            ?? declarations.last { $0.nameRange.lowerBound <= offset } ?? declarations[0]
        return { w in Self.location(&w, document.uri, chosen.nameRange, document.lines) }
    }

    private func references(_ params: PropertyTree) -> (inout JSONWriter) -> Void {
        guard let (document, name, declarations) = self.declarations(params) else { return { $0.null() } }
        let includeDeclaration = params["context"]?["includeDeclaration"]?.boolean ?? true
        let declared = Set(declarations.map { $0.nameRange.lowerBound })
        let uses = document.outline.names.filter {
            $0.name == name && (includeDeclaration || !declared.contains($0.range.lowerBound))
        }
        return { w in
            w.array(uses) { w, use in Self.location(&w, document.uri, use.range, document.lines) }
        }
    }

    // MARK: Writing

    private static func range(_ w: inout JSONWriter, _ range: SourceRange, _ lines: LineIndex) {
        let start = lines.position(of: range.lowerBound)
        let end = lines.position(of: range.upperBound)
        w.object { w in
            w.key("start")
            w.object { w in
                w.member("line", start.line)
                w.member("character", start.character)
            }
            w.key("end")
            w.object { w in
                w.member("line", end.line)
                w.member("character", end.character)
            }
        }
    }

    private static func location(_ w: inout JSONWriter, _ uri: String, _ range: SourceRange, _ lines: LineIndex) {
        w.object { w in
            w.member("uri", uri)
            w.key("range")
            Self.range(&w, range, lines)
        }
    }

    /// A message object with `"jsonrpc": "2.0"` and `members`, framed.
    private static func message(_ members: (inout JSONWriter) -> Void) -> [UInt8] {
        var w = JSONWriter()
        w.object { w in
            w.member("jsonrpc", "2.0")
            members(&w)
        }
        return MessageReader.framed(w.bytes)
    }

    /// Writes a request's id as it came (a number or a string).
    private static func id(_ w: inout JSONWriter, _ id: PropertyTree?) {
        w.key("id")
        if let n = id?.integer { w.integer(n) } else if let s = id?.string { w.string(s) } else { w.null() }
    }

    private func respond(_ id: PropertyTree?, _ result: (inout JSONWriter) -> Void) -> [UInt8] {
        Self.message { w in
            Self.id(&w, id)
            w.key("result")
            result(&w)
        }
    }

    /// The answer to a message the framing could not take (`why`): a parse error with no id.
    public static func malformedMessage(_ why: String) -> [UInt8] {
        error(id: nil, code: -32700, why)
    }

    private static func error(id: PropertyTree?, code: Int, _ text: String) -> [UInt8] {
        message { w in
            Self.id(&w, id)
            w.key("error")
            w.object { w in
                w.member("code", code)
                w.member("message", text)
            }
        }
    }
}

extension ChunkedText {
    /// The byte offset of a protocol position (a missing line or character is 0).
    fileprivate func offset(_ position: PropertyTree?) -> Int {
        offset(line: position?["line"]?.integer ?? 0, character: position?["character"]?.integer ?? 0)
    }
}
