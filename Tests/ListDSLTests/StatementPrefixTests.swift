import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

/// The completer's view of the line before the cursor, read with the real lexer.
@Suite struct StatementPrefixTests {
    @Test(
        arguments: [
            ("", [], true, false, false),
            ("insert 0:0 ", ["insert", "0", "0"], true, false, false),
            ("data ", ["data"], true, false, false),
            ("begin; delete ", ["delete"], false, false, false),
            ("if x { on ", ["on"], false, false, false),
            (#"run "less"#, ["run"], true, true, false),
            (#"print "a;b" "#, ["print"], true, false, false),
            (#"print "a \" b"#, ["print"], true, true, false),
            ("delete 0:0 # a comment ", ["delete", "0", "0"], true, false, true),
            (##"print "#" "##, ["print"], true, false, false),
            (".read ", [".read"], true, false, false),
            ("print p.section ", ["print", "p", ".section"], true, false, false),
        ] as [(String, [String], Bool, Bool, Bool)])
    func readsTheLine(_ text: String, _ words: [String], _ first: Bool, _ inString: Bool, _ inComment: Bool) {
        let prefix = StatementPrefix(text)
        #expect(prefix.words == words)
        #expect(prefix.isFirstOnLine == first)
        #expect(prefix.inString == inString)
        #expect(prefix.inComment == inComment)
    }
}
