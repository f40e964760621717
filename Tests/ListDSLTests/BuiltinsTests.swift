import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

@Suite struct BuiltinsTests {
    /// Every built-in the vocabulary lists (and so grammar.md, completion and `.help`) is one the
    /// interpreter implements, with the arity the vocabulary gives: its example runs.
    @Test(arguments: Vocabulary.entries.filter { $0.category == .builtin })
    func everyBuiltinsExampleRuns(_ entry: Vocabulary.Entry) {
        let result = interpret("reset [[\"Milk\", \"Eggs\"]]\n" + entry.example)
        #expect(result.errors.isEmpty, "\(entry.example)")
        #expect(!result.stdout.isEmpty)
    }

    /// A call with the wrong number of arguments names the arity the vocabulary gives.
    @Test func theArityComesFromTheVocabulary() {
        #expect(interpret("print rows()").errors == ["rows() takes 1 argument, but 0 were given"])
        #expect(interpret("print sections(1)").errors == ["sections() takes 0 arguments, but 1 was given"])
    }
}

extension Vocabulary.Entry: CustomTestStringConvertible {
    public var testDescription: String { "\(word) (\(category.rawValue))" }
}
