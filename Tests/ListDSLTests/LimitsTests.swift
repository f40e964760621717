import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

/// Each limit, reached, is a runtime error that names it; just under it, the program runs.
@Suite struct LimitsTests {
    /// Small limits, so each case reaches one quickly.
    static let small = Limits(valueSize: 2000, valueDepth: 10, tableSize: 200, tableText: 500, callDepth: 20)

    /// A program, and the error it must end with under `small` (nil: it must succeed and print `stdout`).
    /// A program run under the small limits.
    static func Case(id: String, source: String, error: String? = nil, stdout: String = "", limits: Limits = small)
        -> ProgramCase
    {
        ProgramCase(id: id, source: source, stdout: stdout, error: error, limits: limits)
    }

    static let cases: [ProgramCase] = [
        Case(
            id: "a string at the limit", source: #"let s = "x"; repeat 1999 { s = s + "x" }; print len(s)"#,
            stdout: "2000\n"),
        Case(
            id: "a string over it", source: #"let s = "x"; repeat 2000 { s = s + "x" }"#,
            error: "value size limit exceeded: this string would have a size of 2,001; the limit is 2,000 bytes"),
        Case(
            id: "interpolation", source: #"let s = "xxxxxxxxxx"; repeat 10 { s = "\(s)\(s)" }"#,
            error: "value size limit exceeded: this string would have a size of 2,560"),
        Case(
            id: "a list literal", source: "let l = [1]; repeat 10 { l = [l, l] }",
            error: "value size limit exceeded: this list would have a size of"),
        Case(
            id: "list concatenation", source: "let l = [1]; repeat 10 { l = l + l }", error: "value size limit exceeded"
        ),
        Case(
            id: "nesting at the limit", source: "let l = []; repeat 9 { l = [l] }; print str(l)",
            stdout: "[[[[[[[[[[]]]]]]]]]]\n"),
        Case(
            id: "nesting over it", source: "let l = []; repeat 10 { l = [l] }",
            error: "value nesting limit exceeded: this list would nest 11 levels deep; the limit is 10"),
        Case(
            id: "the text of a list",
            source:
                #"let e = ""; repeat 30 { e = e + "\u{1}" }; let l = [e, e, e, e, e, e, e]; l = l + l; print str(l)"#,
            error: "value size limit exceeded: the text of this list would be longer than 2,000 bytes"),
        Case(
            id: "items() of a long section", source: #"reset [[]]; repeat 80 { append 0 "row" }; let l = items(0)"#,
            error: "value size limit exceeded: this list would have a size of 2,240"),
        Case(
            id: "rows and sections", source: #"reset [[]]; repeat 199 { append 0 "r" }; print rows(0)"#, stdout: "199\n"
        ),
        Case(
            id: "one row too many", source: #"reset [[]]; repeat 200 { append 0 "r" }"#,
            error: "table size limit exceeded: the data source would hold more than 200 rows and sections"),
        Case(
            id: "sections count", source: "repeat 201 { insert section 0 }",
            error: "table size limit exceeded"),
        Case(
            id: "a batch's operations count", source: #"reset [["a"]]; begin; repeat 210 { table delete 0:0 }"#,
            error: "table size limit exceeded"),
        Case(
            id: "a reset over the limit", source: "let t = []; repeat 210 { t = t + [[]] }; reset t",
            error: "table size limit exceeded", limits: Limits(valueSize: 100_000, tableSize: 200)),
        Case(
            id: "deleted rows make room again",
            source: #"reset [[]]; repeat 30 { repeat 150 { append 0 "r" }; repeat 150 { delete 0:0 } }; print rows(0)"#,
            stdout: "0\n"),
        // A full table can still shrink or change in place outside a batch, whichever form a command is
        // written in (the literal form and the general one admit an operation by one rule).
        Case(
            id: "at the limit, deletes, moves and reloads still run",
            source: #"""
                reset [[]]
                repeat 199 { append 0 "r" }
                let x = 0
                move 0:0 to 0:1
                move x:0 to x:1
                reload 0:0 "z"
                delete 0:0
                delete x:0
                delete 0:0, 0:1
                delete x:0, x:1
                print rows(0)
                """#, stdout: "193\n"),
        Case(
            id: "table text",
            source:
                #"reset [[]]; repeat 6 { append 0 "\(str(rows(0)))xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" }"#,
            error: "table text limit exceeded: the data source's rows and titles would hold more than 500 bytes of text"
        ),
        Case(
            id: "titles count as text", source: #"reset [[]]; header 0 "\#(String(repeating: "h", count: 501))""#,
            error: "table text limit exceeded"),
        Case(
            id: "an error restores the budget with the table",
            source: #"""
                reset [["a"]]
                expect error { reset [[]]; fail() }
                repeat 199 { append 0 "r" }
                """#, error: "table size limit exceeded"),
        Case(id: "call depth", source: "proc f() { f() }; f()", error: "call depth limit of 20 exceeded"),
    ]

    @Test(arguments: cases) func eachLimitIsADiagnostic(_ c: ProgramCase) {
        c.check()
    }

    /// A list stays 24 bytes an element, as its size assumes (and as the interpreter's speed needs).
    @Test func aValueTakesTwentyFourBytes() {
        #expect(MemoryLayout<Value>.stride == 24)
        #expect(ListValue.elementBytes == 24)
    }

    /// `Quantity.describe` and `grouped` as the messages print them.
    @Test(arguments: [
        (256 << 20, "256 MiB"), (1 << 30, "1 GiB"), (1000, "1,000 bytes"), (1, "1 byte"), (1536, "1,536 bytes"),
        (3 << 10, "3 KiB"),
    ])
    func sizesAsMessagesPrintThem(_ bytes: Int, _ text: String) {
        #expect(Quantity.describe(bytes: bytes) == text)
    }
}
