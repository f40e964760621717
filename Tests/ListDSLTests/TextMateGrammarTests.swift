import Foundation
import Testing

@testable import ListLanguage

/// The TextMate grammar for `.list` files (editors/vscode/syntaxes/listdsl.tmLanguage.json, which VS Code,
/// Sublime Text, TextMate and GitHub's highlighter read) is generated from the vocabulary: this test makes
/// it and compares it with the file, so a new word cannot be left out (`LISTDSL_WRITE_GRAMMAR=1 swift test
/// --filter TextMateGrammarTests` writes it). A small reader of TextMate grammars then colours every example
/// and golden script with it, and no word of the language may be left uncoloured.
@Suite struct TextMateGrammarTests {
    static let path = "editors/vscode/syntaxes/listdsl.tmLanguage.json"

    /// Each vocabulary category's scope (a word with two roles takes its first).
    static func scope(_ category: Vocabulary.Category) -> String {
        switch category {
        case .command: "keyword.other.command.listdsl"
        case .layerPrefix: "storage.modifier.layer.listdsl"
        case .batch: "keyword.control.batch.listdsl"
        case .scripting: "keyword.control.listdsl"
        case .hook: "support.function.hook.listdsl"
        case .gesture: "keyword.other.gesture.listdsl"
        case .builtin: "support.function.builtin.listdsl"
        case .value: "constant.language.listdsl"
        case .optionWord: "keyword.other.option.listdsl"
        case .operatorWord: "keyword.operator.word.listdsl"
        case .dotCommand: ""
        }
    }

    /// The language's words by scope, in the vocabulary's order of categories.
    static var wordsByScope: [(scope: String, words: [String])] {
        var seen: Set<String> = []
        var groups: [(scope: String, words: [String])] = []
        for category in Vocabulary.Category.allCases where category != .dotCommand {
            let words = Vocabulary.entries.filter { $0.category == category }.map(\.word)
            groups.append((scope(category), words))
        }
        // A word in two categories keeps the one of its first entry.
        var first: [String: String] = [:]
        for entry in Vocabulary.entries where entry.category != .dotCommand && first[entry.word] == nil {
            first[entry.word] = scope(entry.category)
        }
        return groups.map { group in
            (group.scope, group.words.filter { first[$0] == group.scope && seen.insert($0).inserted })
        }.filter { !$0.words.isEmpty }
    }

    /// The grammar, as a JSON object.
    static var grammar: [String: Any] {
        let word = "[A-Za-z_][A-Za-z0-9_]*"
        var patterns: [[String: Any]] = [
            ["include": "#comment"], ["include": "#string"],
            [
                "match": "\\b(proc)\\s+(\(word))", "captures": [
                    "1": ["name": "keyword.control.listdsl"], "2": ["name": "entity.name.function.listdsl"],
                ],
            ],
            ["match": "\\b\\d+\\s*:\\s*\\d+\\b", "name": "constant.numeric.index-path.listdsl"],
            ["match": "\\b\\d+\\b", "name": "constant.numeric.integer.listdsl"],
        ]
        for group in wordsByScope {
            let words = group.words.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
            patterns.append(["match": "\\b(?:" + words.joined(separator: "|") + ")\\b", "name": group.scope])
        }
        patterns.append(["match": "\\.\\.[.<]|==|!=|<=|>=|[-+*/%<>=]", "name": "keyword.operator.listdsl"])
        patterns.append(["match": "\\b\(word)(?=\\s*\\()", "name": "entity.name.function.call.listdsl"])
        return [
            "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
            "name": "ListDSL", "scopeName": "source.listdsl", "fileTypes": ["list"],
            "comment": "Generated from ListDSL's vocabulary by Tests/ListDSLTests/TextMateGrammarTests.swift; do not edit.",
            "patterns": patterns,
            "repository": [
                "comment": ["match": "#.*$", "name": "comment.line.number-sign.listdsl"],
                "string": [
                    "begin": "\"", "end": "\"", "name": "string.quoted.double.listdsl",
                    "patterns": [
                        [
                            "match": "\\\\(?:[nrt0\"\\\\]|u\\{[0-9A-Fa-f]{1,8}\\}|u[0-9A-Fa-f]{4})",
                            "name": "constant.character.escape.listdsl",
                        ],
                        [
                            "begin": "\\\\\\(", "end": "\\)", "name": "meta.interpolation.listdsl",
                            "beginCaptures": ["0": ["name": "punctuation.section.interpolation.begin.listdsl"]],
                            "endCaptures": ["0": ["name": "punctuation.section.interpolation.end.listdsl"]],
                            "patterns": [["include": "$self"]],
                        ],
                    ],
                ],
            ],
        ]
    }

    static func text(_ object: [String: Any]) throws -> String {
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    @Test func theGrammarFollowsTheVocabulary() throws {
        let expected = try Self.text(Self.grammar)
        if ProcessInfo.processInfo.environment["LISTDSL_WRITE_GRAMMAR"] == "1" {
            try expected.write(to: packageRoot.appendingPathComponent(Self.path), atomically: true, encoding: .utf8)
        }
        #expect(try packageFile(Self.path) == expected, "run LISTDSL_WRITE_GRAMMAR=1 swift test --filter TextMateGrammarTests")
    }

    /// Every example and golden script, coloured with the grammar file: each word of the language written
    /// outside a string or a comment gets a scope.
    @Test func everyScriptIsColouredWithNoWordLeftOut() throws {
        let grammar = try #require(
            try JSONSerialization.jsonObject(with: Data(packageFile(Self.path).utf8)) as? [String: Any])
        let reader = try TextMateReader(grammar)
        let words = Set(Vocabulary.entries.filter { $0.category != .dotCommand }.map(\.word))
        var scripts = try FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("examples").path)
            .filter { $0.hasSuffix(".list") }.map { "examples/" + $0 }
        let golden = packageRoot.appendingPathComponent("Tests/Scripts")
        for case let name as String in FileManager.default.enumerator(atPath: golden.path) ?? .init()
        where name.hasSuffix(".list") {
            scripts.append("Tests/Scripts/" + name)
        }
        #expect(scripts.count > 100)
        var coloured = 0
        for script in scripts {
            let text = try packageFile(script)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let tokens = reader.tokenize(String(line))
                for token in tokens where words.contains(token.text) && token.text.first!.isLetter {
                    if token.scopes.contains(where: { $0.hasPrefix("string") || $0.hasPrefix("comment") }) { continue }
                    let isProperty = token.start > 0 && Array(line.utf16)[token.start - 1] == 0x2E  // `.count`
                    if isProperty { continue }
                    #expect(token.scopes.count > 0, "\(script):\(number + 1): '\(token.text)' is not coloured")
                    coloured += 1
                }
            }
        }
        #expect(coloured > 1000)
    }
}

/// A small reader of TextMate grammars, enough for this one: `match` and `begin`/`end` rules with `name`,
/// `captures`, nested `patterns`, and `include` of `#repository` rules and `$self`. It gives each run of a
/// line the scopes it is in.
struct TextMateReader {
    struct Token {
        var text: String
        var start: Int  // in UTF-16 units
        var scopes: [String]
    }

    indirect enum Rule {
        case match(NSRegularExpression, name: String?)
        case region(begin: NSRegularExpression, end: NSRegularExpression, name: String?, patterns: [Rule])
        case include(String)
    }

    let patterns: [Rule]
    let repository: [String: Rule]

    init(_ grammar: [String: Any]) throws {
        func rule(_ object: [String: Any]) throws -> Rule {
            if let include = object["include"] as? String { return .include(include) }
            let name = object["name"] as? String
            if let match = object["match"] as? String {
                return .match(try NSRegularExpression(pattern: match, options: [.anchorsMatchLines]), name: name)
            }
            let begin = try NSRegularExpression(pattern: object["begin"] as? String ?? "")
            let end = try NSRegularExpression(pattern: object["end"] as? String ?? "")
            let inner = try (object["patterns"] as? [[String: Any]] ?? []).map(rule)
            return .region(begin: begin, end: end, name: name, patterns: inner)
        }
        patterns = try (grammar["patterns"] as? [[String: Any]] ?? []).map(rule)
        var repository: [String: Rule] = [:]
        for (key, value) in grammar["repository"] as? [String: [String: Any]] ?? [:] { repository[key] = try rule(value) }
        self.repository = repository
    }

    /// The rules `rules` stand for, with includes resolved.
    private func resolved(_ rules: [Rule]) -> [Rule] {
        rules.flatMap { rule -> [Rule] in
            guard case .include(let name) = rule else { return [rule] }
            if name == "$self" { return resolved(patterns) }
            return repository[String(name.dropFirst())].map { [$0] } ?? []
        }
    }

    /// The line's runs: each word-like run with the scopes around it (no scope: uncoloured).
    func tokenize(_ line: String) -> [Token] {
        let text = line as NSString
        var tokens: [Token] = []
        var position = 0
        // The open regions: their end, scope and patterns.
        var stack: [(end: NSRegularExpression, name: String?, patterns: [Rule])] = []
        func emitPlain(_ from: Int, _ to: Int) {
            guard to > from else { return }
            let piece = text.substring(with: NSRange(location: from, length: to - from))
            let scopes = stack.compactMap { $0.name }
            var offset = from
            for word in piece.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                let range = (piece as NSString).range(of: String(word), options: [], range: NSRange(location: offset - from, length: piece.utf16.count - (offset - from)))
                tokens.append(Token(text: String(word), start: from + range.location, scopes: scopes))
                offset = from + range.location + range.length
            }
        }
        while position <= text.length {
            let rules = resolved(stack.last?.patterns ?? patterns)
            let range = NSRange(location: position, length: text.length - position)
            // The earliest match among the rules and the open region's end (the end wins a tie).
            var best: (location: Int, length: Int, rule: Rule?, match: NSTextCheckingResult)?
            if let end = stack.last?.end, let m = end.firstMatch(in: line, range: range) {
                best = (m.range.location, m.range.length, nil, m)
            }
            for rule in rules {
                let regex: NSRegularExpression
                switch rule {
                case .match(let r, _): regex = r
                case .region(let r, _, _, _): regex = r
                case .include: continue
                }
                if let m = regex.firstMatch(in: line, range: range), m.range.length > 0,
                    best == nil || m.range.location < best!.location
                {
                    best = (m.range.location, m.range.length, rule, m)
                }
            }
            guard let found = best else {
                emitPlain(position, text.length)
                break
            }
            emitPlain(position, found.location)
            switch found.rule {
            case nil:
                stack.removeLast()
            case .match(_, let name)?:
                let scopes = stack.compactMap { $0.name } + (name.map { [$0] } ?? [])
                let matched = text.substring(with: NSRange(location: found.location, length: found.length))
                // The parts of a match: each word in it has the match's scope.
                var offset = found.location
                for word in matched.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                    let at = text.range(of: String(word), options: [], range: NSRange(location: offset, length: found.location + found.length - offset))
                    tokens.append(Token(text: String(word), start: at.location, scopes: scopes.isEmpty ? ["captured"] : scopes))
                    offset = at.location + at.length
                }
            case .region(_, let end, let name, let inner)?:
                stack.append((end, name, inner))
            case .include?:
                break
            }
            position = found.location + max(1, found.length)
        }
        return tokens
    }
}
