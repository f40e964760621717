import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Testing

@testable import listdsl

/// Tab completion decisions, without a terminal.
@Suite struct CompletionTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        var before: String
        var word: String
        var continuation = false
        var includes: [String] = []
        var excludes: [String] = []
        /// The word whose table usage line is expected (`on X` means hook X's).
        var usageOf: String? = nil
        var suffix: String? = nil
        var testDescription: String { id }
    }

    static let files: [String: [Completer.DirectoryEntry]] = [
        "": [
            .init(name: "lesson.list", isDirectory: false), .init(name: "lib", isDirectory: true),
            .init(name: ".hidden", isDirectory: false),
        ],
        "lib/": [.init(name: "helpers.list", isDirectory: false)],
    ]

    static let cases: [Case] = [
        Case(id: "keyword", before: "", word: "ins", includes: ["insert"], excludes: [".help"]),
        Case(id: "dot command", before: "", word: ".he", includes: [".help"]),
        Case(id: "no dot command on a continuation line", before: "", word: ".he", continuation: true),
        Case(id: "keyword after ;", before: "begin; ", word: "del", includes: ["delete"]),
        Case(id: "keyword in a block", before: "if true { ", word: "pri", includes: ["print"]),
        Case(id: "procedure at the start", before: "", word: "ad", includes: ["addRow"]),
        Case(id: "hook after on", before: "on ", word: "can", includes: ["canEdit", "canMove"], excludes: ["insert"]),
        Case(id: "on/off after edit", before: "edit ", word: "o", includes: ["on", "off"]),
        Case(id: "variable in an argument", before: "print ", word: "to", includes: ["total"]),
        Case(id: "built-in in an argument", before: "print ", word: "ro", includes: ["rows"]),
        Case(id: "section after a verb", before: "delete ", word: "sec", includes: ["section"]),
        Case(id: "usage when nothing is typed", before: "delete ", word: "", usageOf: "delete"),
        Case(id: "usage when nothing matches", before: "insert 0:0 ", word: "zzz", usageOf: "insert"),
        Case(id: "usage inside a string", before: "insert 0:0 \"", word: "te", usageOf: "insert"),
        Case(id: "hook usage", before: "on canEdit ", word: "", usageOf: "on canEdit"),
        Case(id: "file after .read", before: ".read ", word: "le", includes: ["lesson.list"], suffix: " "),
        Case(id: "directory after .read", before: ".read ", word: "li", includes: ["lib/"], suffix: ""),
        Case(id: "file in a run string", before: "run \"", word: "lib/h", includes: ["lib/helpers.list"], suffix: "\""),
        Case(
            id: "hidden files only when asked", before: ".read ", word: "", includes: ["lesson.list", "lib/"],
            excludes: [".hidden"]),
        Case(id: "hidden file asked for", before: ".read ", word: ".h", includes: [".hidden"]),
        Case(id: "help topics", before: ".help ", word: "app", includes: ["append"]),
        Case(id: "help on cells", before: ".help ", word: "cel", includes: ["cell", "cells"]),
        Case(id: "nothing in a comment", before: "# ", word: "ins"),
    ]

    @Test(arguments: cases) func offer(_ c: Case) {
        let completer = Completer(
            variables: ["total"], procedures: ["addRow"], isContinuation: c.continuation,
            listDirectory: { CompletionTests.files[$0] })
        let offer = completer.offer(before: c.before, word: c.word)
        for word in c.includes { #expect(offer.candidates.contains(word), "\(offer.candidates)") }
        for word in c.excludes { #expect(!offer.candidates.contains(word), "\(offer.candidates)") }
        if c.includes.isEmpty {
            #expect(offer.candidates.isEmpty, "\(offer.candidates)")
            #expect(offer.usage == c.usageOf.map(CompletionTests.usage))
        }
        if let suffix = c.suffix { #expect(offer.suffix == suffix) }
        #expect(offer.candidates == offer.candidates.sorted())
    }

    /// The usage line the table gives `word` (`on HOOK` for a hook's).
    static func usage(_ word: String) -> String {
        if word.hasPrefix("on ") {
            let hook = Vocabulary.entries(named: String(word.dropFirst(3))).first { $0.category == .hook }
            return "usage: " + (hook?.usage ?? "?")
        }
        return "usage: " + (Vocabulary.entry(named: word)?.usage ?? "?")
    }

    @Test func everyCandidateStartsWithTheWord() {
        let completer = Completer(variables: [], procedures: [], isContinuation: false, listDirectory: { _ in [] })
        for word in ["", "d", "re", ".", "x"] {
            for candidate in completer.offer(before: "", word: word).candidates { #expect(candidate.hasPrefix(word)) }
        }
    }
}
