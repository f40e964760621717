import Testing

@testable import ListDSL

@Suite struct BuiltinsTests {
    /// The built-ins the interpreter implements are exactly the ones the vocabulary (and so grammar.md,
    /// completion and `.help`) lists.
    @Test func builtinsMatchTheVocabulary() {
        #expect(Builtins.names == Set(Vocabulary.builtinNames))
    }
}
