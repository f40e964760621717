import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

@Suite struct VocabularyTests {
    @Test(arguments: [
        ("delet", "delete"), ("dleete", "delete"), ("delte", "delete"), ("insrt", "insert"), ("prnt", "print"),
        ("reloaddata", "reloadData"), ("begn", "begin"), ("shw", "show"), ("apend", "append"),
    ])
    func statementSuggestions(_ typed: String, _ suggestion: String) {
        #expect(Vocabulary.suggestion(for: typed, among: Vocabulary.statementKeywords) == suggestion)
    }

    @Test(arguments: ["ed", "xyzzy", "", "d", "deleteeee", "quux", String(repeating: "x", count: 100), "delete"])
    func noSuggestion(_ typed: String) {
        #expect(Vocabulary.suggestion(for: typed, among: Vocabulary.statementKeywords) == nil)
    }

    @Test func hookSuggestions() {
        #expect(Vocabulary.suggestion(for: "comit", among: Vocabulary.hookNames) == "commit")
        #expect(Vocabulary.suggestion(for: "canedit", among: Vocabulary.hookNames) == "canEdit")
        #expect(Vocabulary.suggestion(for: "targetformove", among: Vocabulary.hookNames) == "targetForMove")
        #expect(Vocabulary.suggestion(for: "foo", among: Vocabulary.statementKeywords) == "for")
    }

    @Test func theClosestCandidateWins() {
        #expect(Vocabulary.suggestion(for: "abcd", among: ["abxy", "abce", "abcx"]) == "abce")
        #expect(Vocabulary.suggestion(for: "count", among: ["cnt", "counts"]) == "counts")
    }

    @Test(arguments: [
        ("", "", 0), ("a", "", 1), ("", "abc", 3), ("kitten", "sitting", 3), ("delete", "dleete", 1),
        ("ab", "ba", 1), ("abc", "abc", 0), ("naïve", "naive", 1),
    ])
    func editDistance(_ a: String, _ b: String, _ distance: Int) {
        #expect(Vocabulary.editDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)) == distance)
        #expect(Vocabulary.editDistance(Array(b.unicodeScalars), Array(a.unicodeScalars)) == distance)
    }

    @Test func statementKeywords() {
        #expect(
            Set(Vocabulary.statementKeywords) == [
                "insert", "delete", "move", "reload", "append", "reset", "reloadData", "header", "footer", "indexTitle",
                "style", "show", "dump", "data", "table", "begin", "end", "let", "if", "for", "while", "repeat", "proc",
                "return", "print", "expect", "run", "on", "edit", "tap", "swipe", "drag", "select", "trace", "apply",
                "view", "messages", "ios", "accessory", "undo", "redo", "save", "load", "defaults", "scroll",
            ])
        #expect(Vocabulary.statementKeywords.count == Set(Vocabulary.statementKeywords).count)
    }

    @Test func hooksBuiltinsReservedWordsAndDotCommands() {
        #expect(
            Vocabulary.hookNames == [
                "canEdit", "editingStyle", "commit", "canMove", "move", "targetForMove", "deleteTitle", "actions",
                "select", "willBeginEditing", "didEndEditing", "accessory", "accessoryTapped", "sectionIndexTitles",
                "sectionForIndexTitle",
            ])
        #expect(
            Set(Vocabulary.builtinNames) == [
                "rows", "sections", "item", "cell", "items", "len", "str", "header", "footer", "indexTitle", "editing",
                "selected", "isInSync", "tableRows", "tableSections", "tableItems", "int", "lastError", "defaults",
                "accessory",
            ])
        #expect(
            Set(Vocabulary.reservedWords) == [
                "true", "false", "and", "or", "not", "if", "else", "for", "in", "while", "repeat", "proc", "return",
                "let",
            ])
        #expect(
            Vocabulary.dotCommands == [
                ".help", ".quit", ".exit", ".read", ".show", ".reset", ".trace", ".save", ".history", ".undo",
                ".redo", ".autoshow", ".mode", ".notes", ".timer",
            ])
    }

    @Test func wordsWithTwoRoles() {
        #expect(Vocabulary.entry(named: "move")?.category == .command)
        #expect(Vocabulary.entries(named: "move").map(\.category) == [.command, .hook])
        #expect(Vocabulary.entries(named: "select").map(\.category) == [.gesture, .hook])
        #expect(Vocabulary.entries(named: "delete").map(\.category) == [.command, .value])
        #expect(Vocabulary.entries(named: "on").map(\.category) == [.scripting, .optionWord])
        #expect(Vocabulary.entry(named: "nonsense") == nil)
    }

    @Test func entriesAreWellFormed() {
        var seen = Set<String>()
        for entry in Vocabulary.entries {
            #expect(seen.insert("\(entry.word)/\(entry.category)").inserted, "duplicate \(entry.word)")
            #expect(entry.usage.contains(entry.word), "\(entry.word): \(entry.usage)")
            #expect(!entry.summary.isEmpty && !entry.summary.hasSuffix("."), "\(entry.word): \(entry.summary)")
            #expect(entry.summary.first?.isUppercase == false, "\(entry.word): \(entry.summary)")
        }
        for category in Vocabulary.Category.allCases {
            #expect(Vocabulary.entries.contains { $0.category == category }, "no entry in \(category)")
        }
    }

    @Test func reservedWordsAreReservedToTheLexer() {
        for word in Vocabulary.reservedWords {
            var lexer = Lexer(file: SourceFile(name: "t", text: word))
            #expect(lexer.nextToken().kind == .reserved, "\(word)")
        }
        for word in Vocabulary.statementKeywords where !Vocabulary.reservedWords.contains(word) {
            var lexer = Lexer(file: SourceFile(name: "t", text: word))
            #expect(lexer.nextToken().kind == .identifier, "\(word)")
        }
    }

    /// Every example the vocabulary gives (`.help` shows them) is a line the parser accepts.
    @Test(arguments: Vocabulary.entries.filter { $0.category != .dotCommand })
    func everyExampleParses(_ entry: Vocabulary.Entry) {
        let parsed = Parser.parse(SourceFile(name: "example.list", text: entry.example))
        #expect(parsed.diagnostics.isEmpty, "\(entry.example): \(parsed.diagnostics.map(\.message))")
        #expect(entry.example.contains(entry.word), "the example of '\(entry.word)' does not use it")
    }

    /// The parser's keywords are words of the vocabulary, reserved exactly when it says so.
    @Test func everyKeywordIsInTheVocabulary() {
        for keyword in Keyword.allCases where keyword != .plainName {
            let entries = Vocabulary.entries(named: keyword.rawValue)
            #expect(!entries.isEmpty, "\(keyword.rawValue)")
            let bytes = Array(keyword.rawValue.utf8)
            let (found, reserved) = KeywordTable.shared.lookup(bytes, 0, bytes.count)
            #expect(found == keyword && reserved == entries.contains(where: \.isReserved))
        }
    }

    /// The hooks the interpreter calls are the vocabulary's, each with its UIKit method.
    @Test func hooksComeFromTheVocabulary() {
        #expect(Set(HookKind.allCases.map(\.rawValue)) == Set(Vocabulary.hookNames))
        // Every one is a UITableView data-source or delegate method: `tableView(_:…)`, or the data
        // source's one table-wide question, `sectionIndexTitles(for:)`.
        for kind in HookKind.allCases {
            #expect(kind.method.hasPrefix("tableView(_:") || kind.method == "sectionIndexTitles(for:)")
        }
        #expect(HookKind.canEdit.answerType == "a boolean" && HookKind.commit.answerType == nil)
    }

    /// What the parser derives from the table: the verbs that take a layer, the reserved words that
    /// start a statement.
    @Test func derivedWordSets() {
        #expect(Keyword.allCases.filter(\.takesLayerPrefix) == [.insert, .delete, .move, .reload, .append, .reset])
        #expect(Keyword.allCases.filter(\.startsStatement) == [.if, .for, .while, .repeat, .proc, .return, .let])
    }
}
