import ListDSL

#if canImport(Glibc)
    import Glibc
#endif

/// Tab completion for the REPL, from the same `Vocabulary` table that drives `.help`: keywords
/// and dot commands at the start of a statement, hook names after `on`, the session's variables and
/// procedures elsewhere, and file names after `.read`, `.save` and inside the string after `run`.
struct Completer {
    /// An entry of a directory, as file-name completion needs it.
    struct DirectoryEntry: Equatable {
        var name: String
        var isDirectory: Bool
    }

    /// The session's global variables.
    var variables: [String]
    /// The session's procedures.
    var procedures: [String]
    /// True on a continuation line (`...> `), where dot commands are not recognised.
    var isContinuation: Bool
    /// Lists a directory ("" is the current one); nil when it cannot be read.
    var listDirectory: (String) -> [DirectoryEntry]?

    /// Dot commands that take a file name.
    static let fileCommands: Set<String> = [".read", ".save"]
    /// Statements whose string argument is a file name.
    static let fileStatements: Set<String> = ["run"]

    /// What Tab offers for `word`, given the text of the current line before it.
    func offer(before: String, word: String) -> CompletionOffer {
        let context = CompletionContext(before)
        if context.inComment { return .nothing() }
        let words = context.words
        let first = words.first
        let atEntryStart = !isContinuation && context.statementStart == 0

        if context.inString {
            if let first,
                Completer.fileStatements.contains(first) || (atEntryStart && Completer.fileCommands.contains(first))
            {
                return files(word, inString: true) ?? .nothing(usage: usage(words))
            }
            return .nothing(usage: usage(words))
        }
        if words.isEmpty {
            var candidates = Vocabulary.statementKeywords + procedures + variables
            if atEntryStart { candidates += Vocabulary.dotCommands }
            return offerWords(candidates, word, usage: nil)
        }
        if atEntryStart, let first, first.hasPrefix(".") {
            switch first {
            case _ where Completer.fileCommands.contains(first) && words.count == 1:
                return files(word, inString: false) ?? .nothing(usage: usage(words))
            case ".help" where words.count == 1:
                return offerWords(Vocabulary.entries.map(\.word), word, usage: usage(words))
            case ".trace", ".autoshow":
                return words.count == 1
                    ? offerWords(["on", "off"], word, usage: usage(words)) : .nothing(usage: usage(words))
            default:
                return .nothing(usage: usage(words))
            }
        }
        if words.count == 1 {
            switch first {
            case "on": return offerWords(Vocabulary.hookNames, word, usage: usage(words))
            case "edit", "trace": return offerWords(["on", "off"], word, usage: usage(words))
            case "style": return offerWords(["plain", "grouped"], word, usage: usage(words))
            case "data":
                return offerWords(["insert", "delete", "move", "reload", "append", "reset"], word, usage: usage(words))
            case "table": return offerWords(["insert", "delete", "move", "reload"], word, usage: usage(words))
            default: break
            }
        }
        // An argument: the session's names, the built-ins and the value words, plus the word that
        // makes a command a section command. With nothing typed yet, the usage line helps more.
        if word.isEmpty { return .nothing(usage: usage(words)) }
        var candidates = variables + procedures + Vocabulary.builtinNames
        candidates += Vocabulary.entries.filter { $0.category == .value }.map(\.word)
        let verb = words.last.map { Set(["insert", "delete", "move", "reload"]).contains($0) } ?? false
        if verb && (words.count == 1 || (words.count == 2 && (first == "data" || first == "table"))) {
            candidates.append("section")
        }
        if words.count == 1 && first == "expect" { candidates.append("error") }
        return offerWords(candidates, word, usage: usage(words))
    }

    /// The candidates that start with `word`, sorted, without repeats; the usage line when there are none.
    func offerWords(_ candidates: [String], _ word: String, usage: String?) -> CompletionOffer {
        let matches = Set(candidates.filter { $0.hasPrefix(word) }).sorted()
        return matches.isEmpty ? .nothing(usage: usage) : CompletionOffer(candidates: matches, suffix: " ", usage: nil)
    }

    /// The usage line of the statement being typed, from the table: the hook's after `on HOOK`, the
    /// command's after `data` or `table`, else the first word's.
    func usage(_ words: [String]) -> String? {
        guard let first = words.first else { return nil }
        var entry = Vocabulary.entry(named: first)
        if words.count >= 2 {
            if first == "on", let hook = Vocabulary.entries(named: words[1]).first(where: { $0.category == .hook }) {
                entry = hook
            } else if first == "data" || first == "table", let command = Vocabulary.entry(named: words[1]) {
                return "usage: \(first) \(command.usage)"
            }
        }
        return entry.map { "usage: \($0.usage)" }
    }

    /// File names that start with `word` (a path relative to the current directory or absolute);
    /// directories end in `/`. Hidden files only when the name typed starts with a dot. Nil when none.
    func files(_ word: String, inString: Bool) -> CompletionOffer? {
        let slash = word.lastIndex(of: "/")
        let directory = slash.map { String(word[...$0]) } ?? ""
        let prefix = slash.map { String(word[word.index(after: $0)...]) } ?? word
        guard let listing = listDirectory(directory) else { return nil }
        let matches = listing.filter { entry in
            entry.name != "." && entry.name != ".." && entry.name.hasPrefix(prefix)
                && (prefix.hasPrefix(".") || !entry.name.hasPrefix("."))
        }.map { directory + $0.name + ($0.isDirectory ? "/" : "") }.sorted()
        guard !matches.isEmpty else { return nil }
        let unique = matches.count == 1 && !matches[0].hasSuffix("/")
        return CompletionOffer(candidates: matches, suffix: unique ? (inString ? "\"" : " ") : "", usage: nil)
    }

    /// Lists a directory of the file system ("" is the current directory).
    static func listFileSystem(_ directory: String) -> [DirectoryEntry]? {
        guard let dir = opendir(directory.isEmpty ? "." : directory) else { return nil }
        defer { closedir(dir) }
        var entries: [DirectoryEntry] = []
        while let item = readdir(dir) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            var isDirectory = item.pointee.d_type == UInt8(DT_DIR)
            if item.pointee.d_type == UInt8(DT_LNK) || item.pointee.d_type == UInt8(DT_UNKNOWN) {
                var info = stat()
                isDirectory =
                    stat((directory.isEmpty ? "" : directory) + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            }
            entries.append(DirectoryEntry(name: name, isDirectory: isDirectory))
        }
        return entries
    }
}

/// Where the cursor is in the statement being typed: the statement's words so far, and whether the
/// cursor is inside a string or a comment. Statements end at `;`, `{` and `}` outside strings.
struct CompletionContext {
    /// The words (runs of letters, digits, `_` and `.`) of the current statement before the cursor's word.
    var words: [String] = []
    /// Byte offset where the current statement starts in the line.
    var statementStart = 0
    /// The cursor is inside a string literal.
    var inString = false
    /// The cursor is inside a `#` comment.
    var inComment = false

    /// Scans the text of the line before the word being completed.
    init(_ before: String) {
        let bytes = Array(before.utf8)
        var i = 0
        var escaped = false
        var stringStart = 0
        while i < bytes.count {
            let b = bytes[i]
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if b == UInt8(ascii: "\"") {
                inString = true
                stringStart = i
            } else if b == UInt8(ascii: "#") {
                inComment = true
                break
            } else if b == UInt8(ascii: ";") || b == UInt8(ascii: "{") || b == UInt8(ascii: "}") {
                statementStart = i + 1
            }
            i += 1
        }
        let end = inString ? stringStart : bytes.count
        let statement = statementStart < end ? bytes[statementStart..<end] : []
        words = CompletionContext.words(in: statement)
    }

    /// The words of `bytes`, skipping string literals.
    static func words(in bytes: ArraySlice<UInt8>) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var inString = false
        var escaped = false
        for b in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            let isWordByte =
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: "_") || b == UInt8(ascii: ".") || b >= 0x80
            if isWordByte {
                current.append(b)
            } else {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current.removeAll()
                if b == UInt8(ascii: "\"") { inString = true }
            }
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }
}
