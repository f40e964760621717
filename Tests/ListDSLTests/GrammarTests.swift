import Foundation
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

/// The package's root directory, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The text of a file in the package.
func packageFile(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
}

/// True when `word` occurs in `text` with no letter, digit or `_` on either side.
func containsWholeWord(_ text: String, _ word: String) -> Bool {
    let isWordCharacter: (Character) -> Bool = { $0.isLetter || $0.isNumber || $0 == "_" }
    var searchStart = text.startIndex
    while let found = text.range(of: word, range: searchStart..<text.endIndex) {
        let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
        let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
        if !(before.map(isWordCharacter) ?? false) && !(after.map(isWordCharacter) ?? false) { return true }
        searchStart = found.upperBound
    }
    return false
}

@Suite struct GrammarTests {
    static let grammar = (try? packageFile("grammar.md")) ?? ""
    static let parserSource = (try? packageFile("Sources/ListLanguage/Parser.swift")) ?? ""

    @Test func grammarAndParserSourcesAreReadable() {
        #expect(Self.grammar.count > 1000)
        #expect(Self.parserSource.count > 1000)
    }

    @Test(arguments: Vocabulary.entries.map(\.word))
    func everyWordOfTheVocabularyIsInTheGrammar(_ word: String) {
        #expect(containsWholeWord(Self.grammar, word), "'\(word)' is missing from grammar.md")
    }

    /// The parse methods, each with the first line of the comment above it.
    static var parseMethods: [(rule: String, comment: String)] {
        var methods: [(String, String)] = []
        let lines = parserSource.components(separatedBy: "\n")
        for (index, line) in lines.enumerated() {
            guard let range = line.range(of: "func parse"), line[range.upperBound...].first?.isUppercase == true
            else { continue }
            let name = line[range.upperBound...].prefix { $0.isLetter }
            let rule = name.prefix(1).lowercased() + name.dropFirst()
            // Walk up past attributes to the top of the comment block.
            var top = index - 1
            while top >= 0, lines[top].trimmingCharacters(in: .whitespaces).hasPrefix("@") { top -= 1 }
            while top > 0, lines[top - 1].trimmingCharacters(in: .whitespaces).hasPrefix("///") { top -= 1 }
            let comment = top >= 0 ? lines[top].trimmingCharacters(in: .whitespaces) : ""
            methods.append((rule, comment))
        }
        return methods
    }

    @Test func everyParseMethodOpensWithItsProduction() {
        let methods = Self.parseMethods
        #expect(methods.count > 40)
        for method in methods {
            #expect(
                method.comment.hasPrefix("/// \(method.rule) ="), "parse method for '\(method.rule)': \(method.comment)"
            )
        }
    }

    @Test func everyParseMethodIsARuleOfTheGrammar() {
        let definitions = Set(
            Self.grammar.components(separatedBy: "\n").compactMap { line -> String? in
                let parts = line.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
                guard parts.count == 2, parts[1].trimmingCharacters(in: .whitespaces).hasPrefix("=") else { return nil }
                return String(parts[0])
            })
        for method in Self.parseMethods {
            #expect(definitions.contains(method.rule), "grammar.md has no rule '\(method.rule) = …'")
        }
    }

    /// grammar.md's productions, `rule = body` in its code blocks (continued on indented lines), as
    /// rule → body with `(* … *)` comments dropped and white space collapsed.
    static var grammarProductions: [String: String] {
        var productions: [String: String] = [:]
        var inBlock = false
        var rule: String?
        for line in grammar.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                inBlock.toggle()
                rule = nil
            } else if !inBlock {
                continue
            } else if let (name, body) = production(line), line.first?.isWhitespace == false {
                rule = name
                productions[name] = body
            } else if let current = rule, line.first?.isWhitespace == true,
                !line.trimmingCharacters(in: .whitespaces).isEmpty
            {
                productions[current, default: ""] += " " + line
            } else {
                rule = nil
            }
        }
        return productions.mapValues { normalisedProduction(withoutComments($0)) }
    }

    /// The productions written in the parse methods' comments: a `/// rule = body` line, continued by
    /// `///` lines that start with `|`, as rule → body with white space collapsed. `(* … *)` comments are
    /// dropped, and so is a note in parentheses set off by two or more spaces at the end of a line, or on
    /// a line of its own.
    static var parserProductions: [String: String] {
        var productions: [String: String] = [:]
        let lines = parserSource.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        var rule: String?
        for line in lines {
            guard line.hasPrefix("///") else {
                rule = nil
                continue
            }
            let text = withoutNote(String(line.dropFirst(3)))
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix(" "), let (name, body) = production(trimmed) {
                rule = name
                productions[name] = body
            } else if let current = rule, trimmed.hasPrefix("|") {
                productions[current, default: ""] += " " + trimmed
            } else {
                rule = nil
            }
        }
        return productions.mapValues { normalisedProduction(withoutComments($0)) }
    }

    /// `rule = body` split in two, when `line` is a production.
    static func production(_ line: String) -> (String, String)? {
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return nil }
        let rest = parts[1].trimmingCharacters(in: .whitespaces)
        guard rest.hasPrefix("= ") else { return nil }
        return (String(parts[0]), String(rest.dropFirst(2)))
    }

    /// `text` without its `(* … *)` comments.
    static func withoutComments(_ text: String) -> String {
        var text = text
        while let open = text.range(of: "(*"), let close = text.range(of: "*)", range: open.upperBound..<text.endIndex)
        {
            text.replaceSubrange(open.lowerBound..<close.upperBound, with: " ")
        }
        return text
    }

    /// A comment line without the note in parentheses that ends it after two or more spaces (or fills it).
    static func withoutNote(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasSuffix(")") else { return text }
        if trimmed.hasPrefix("(") && text.hasPrefix("  ") { return "" }
        guard let start = text.range(of: "  (", options: .backwards) else { return text }
        return String(text[..<start.lowerBound])
    }

    /// `body` with every run of white space made one space.
    static func normalisedProduction(_ body: String) -> String {
        body.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theParserWritesProductions() {
        #expect(Self.parserProductions.count >= Self.parseMethods.count)
        #expect(Self.grammarProductions.count > Self.parserProductions.count)
    }

    /// The production above each parse method says what grammar.md says, word for word.
    @Test(arguments: parserProductions.keys.sorted())
    func everyProductionInTheParserIsGrammarMds(_ rule: String) {
        let grammarBody = Self.grammarProductions[rule]
        #expect(grammarBody != nil, "grammar.md has no rule '\(rule) = …'")
        #expect(
            grammarBody == Self.parserProductions[rule],
            "\(rule):\n  Parser.swift: \(Self.parserProductions[rule] ?? "")\n  grammar.md:   \(grammarBody ?? "")")
    }

    /// The example column of the command table in grammar.md §5.
    static var commandExamples: [String] {
        let section =
            grammar.components(separatedBy: "## 5.").dropFirst().first?.components(separatedBy: "## 6.").first ?? ""
        return section.components(separatedBy: "\n").compactMap { line in
            let cells = line.components(separatedBy: " | ")
            guard line.hasPrefix("| `"), cells.count >= 3 else { return nil }
            let example = cells[1].trimmingCharacters(in: .whitespaces)
            guard example.hasPrefix("`"), example.hasSuffix("`") else { return nil }
            return String(example.dropFirst().dropLast())
        }
    }

    @Test func theCommandTableHasAnExampleForEveryStatementKeyword() {
        let examples = Self.commandExamples
        #expect(examples.count >= 40)
        for keyword in Vocabulary.statementKeywords {
            #expect(examples.contains { containsWholeWord($0, keyword) }, "no example uses '\(keyword)'")
        }
    }

    @Test func everyCommandExampleParses() {
        for example in Self.commandExamples {
            // `return` needs a procedure around it.
            let source = example.hasPrefix("return") ? "proc p() { \(example) }" : example
            let result = Parser.parse(SourceFile(name: "example", text: source))
            #expect(result.diagnostics.isEmpty, "\(example): \(result.diagnostics.map(\.message))")
        }
    }

    @Test func everyHookIsInTheHookProduction() {
        let production =
            Self.grammar.components(separatedBy: "HOOK             =").dropFirst().first?
            .components(separatedBy: "switchStatement").first ?? ""
        for hook in Vocabulary.hookNames {
            #expect(production.contains("\"\(hook)\""), "HOOK lacks '\(hook)'")
        }
    }
}

/// grammar.md's table of limits names every limit `--limit` sets, with its default.
@Suite struct LimitsDocumentationTests {
    /// The "Limits" section of grammar.md.
    static let section: String = {
        let grammar = GrammarTests.grammar
        guard let start = grammar.range(of: "### Limits"),
            let end = grammar.range(of: "\n## ", range: start.upperBound..<grammar.endIndex)
        else { return "" }
        return String(grammar[start.lowerBound..<end.lowerBound])
    }()

    @Test(arguments: Limits.names.map(\.name))
    func everyLimitIsDocumentedWithItsDefault(_ name: String) {
        var limits = Limits()
        let defaults = Limits()
        #expect(limits.set(name, to: 1 << 30) == nil)
        let value: Int =
            switch name {
            case "script-size": defaults.scriptBytes
            case "value-size": defaults.valueSize
            case "value-depth": defaults.valueDepth
            case "table-size": defaults.tableSize
            case "table-text": defaults.tableText
            case "call-depth": defaults.callDepth
            default: defaults.memoryBytes
            }
        let row = Self.section.split(separator: "\n").first { $0.hasPrefix("| `\(name)`") }.map(String.init) ?? ""
        #expect(!row.isEmpty, "grammar.md's limits table has no row for '\(name)'")
        let shown =
            Limits.names.first { $0.name == name }?.isSize == true
            ? Quantity.describe(bytes: value) : Quantity.grouped(value)
        #expect(row.contains("| \(shown) |"), "'\(name)' should show its default \(shown): \(row)")
    }
}
