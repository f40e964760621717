import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

import Platform

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
        let context = StatementPrefix(before)
        if context.inComment { return .nothing() }
        let words = context.words
        let first = words.first
        let atEntryStart = !isContinuation && context.isFirstOnLine

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
            if Completer.fileCommands.contains(first) && words.count == 1 {
                return files(word, inString: false) ?? .nothing(usage: usage(words))
            }
            if first == ".help" && words.count == 1 {
                return offerWords(
                    Vocabulary.entries.map(\.word) + Vocabulary.topics.map(\.name), word, usage: usage(words))
            }
            let arguments = Vocabulary.entry(named: first, in: .dotCommand)?.arguments ?? []
            return words.count == 1 && !arguments.isEmpty
                ? offerWords(arguments, word, usage: usage(words)) : .nothing(usage: usage(words))
        }
        // The words the table lets follow the first one (`edit on|off`, `data insert|…`).
        if words.count == 1, let first, first != "expect", first != "on",
            let arguments = Vocabulary.entries(named: first).first(where: { !$0.arguments.isEmpty })?.arguments
        {
            return offerWords(arguments, word, usage: usage(words))
        }
        if words.count == 1 && first == "on" { return offerWords(Vocabulary.hookNames, word, usage: usage(words)) }
        // An argument: the session's names, the built-ins and the value words, plus the word that
        // makes a command a section command. With nothing typed yet, the usage line helps more.
        if word.isEmpty { return .nothing(usage: usage(words)) }
        var candidates = variables + procedures + Vocabulary.builtinNames
        candidates += Vocabulary.entries.filter { $0.category == .value }.map(\.word)
        let layered = first == "data" || first == "table"
        if let verb = words.last, words.count == (layered ? 2 : 1),
            Vocabulary.entry(named: verb, in: .command)?.hasSectionForm == true
        {
            candidates.append("section")
        }
        if words.count == 1, let first { candidates += Vocabulary.entry(named: first, in: .scripting)?.arguments ?? [] }
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
