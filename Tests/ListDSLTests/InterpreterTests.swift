import ListModel
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListRuntime
@testable import ListTeaching

/// Runs `source` in a fresh interpreter and returns what it printed and how it ended.
func interpret(_ source: String, maxSteps: Int? = nil, trace: Bool = false, limits: Limits = Limits()) -> (
    stdout: String, errors: [String], failed: Int
) {
    final class Sink {
        var out = ""
        var errors: [String] = []
    }
    let sink = Sink()
    let io = InterpreterIO(
        write: { sink.out += $0 },
        report: { sink.errors.append($0.message) },
        load: { _ in .failure(LoadError("no files in this test")) },
        isInterrupted: { false })
    var limits = limits
    if let maxSteps { limits.steps = maxSteps }
    let interpreter = Interpreter(io: io, options: InterpreterOptions(limits: limits, trace: trace))
    let file = SourceFile(name: "test.list", text: source)
    let parsed = Parser.parse(file)
    if let first = parsed.diagnostics.first { return (sink.out, ["syntax: " + first.message], 0) }
    do {
        try interpreter.run(parsed.program, in: file)
        try interpreter.finish()
    } catch {
        switch error {
        case .runtime(let d), .interrupted(let d): sink.errors.append(d.message)
        case .syntax(let ds): sink.errors.append(contentsOf: ds.map(\.message))
        }
    }
    return (sink.out, sink.errors, interpreter.failedExpectations)
}

/// One program and what it must print (stdout) or fail with (a substring of the error).
struct ProgramCase: CustomTestStringConvertible, Sendable {
    var id: String
    var source: String
    var stdout = ""
    var error: String?
    var limits = Limits()
    var testDescription: String { id }

    /// Runs the program (with at most `maxSteps` steps, traced when `trace`) and checks what it printed
    /// and that its errors include `error`, or that there were none.
    func check(maxSteps: Int? = nil, trace: Bool = false) {
        let result = interpret(source, maxSteps: maxSteps, trace: trace, limits: limits)
        #expect(result.stdout == stdout)
        if let error {
            #expect(result.errors.contains { $0.contains(error) }, "errors: \(result.errors)")
        } else {
            #expect(result.errors.isEmpty, "errors: \(result.errors)")
        }
    }
}

@Suite struct InterpreterTests {
    static let cases: [ProgramCase] = [
        ProgramCase(id: "print joins with one space", source: #"print 1, "a", true"#, stdout: "1 a true\n"),
        ProgramCase(id: "integer division truncates", source: "print 7 / 2, -7 / 2, 7 % 3", stdout: "3 -3 1\n"),
        ProgramCase(id: "division by zero", source: "print 1 / 0", stdout: "", error: "division by zero"),
        ProgramCase(id: "remainder by zero", source: "print 1 % 0", stdout: "", error: "division by zero"),
        ProgramCase(
            id: "overflow on add", source: "print 9223372036854775807 + 1", stdout: "", error: "integer overflow"),
        ProgramCase(
            id: "overflow on negate", source: "let m = -9223372036854775807 - 1\nprint -m", stdout: "",
            error: "integer overflow"),
        ProgramCase(
            id: "overflow on divide", source: "let m = -9223372036854775807 - 1\nprint m / -1", stdout: "",
            error: "integer overflow"),
        ProgramCase(id: "string concatenation", source: #"print "a" + "b""#, stdout: "ab\n"),
        ProgramCase(id: "list concatenation", source: "print [1] + [2, 3]", stdout: "[1, 2, 3]\n"),
        ProgramCase(id: "index path members", source: "let p = (1 + 1):3\nprint p.section, p.row", stdout: "2 3\n"),
        ProgramCase(
            id: "condition must be boolean", source: "if 1 { print 1 }", stdout: "",
            error: "condition must be a boolean"),
        ProgramCase(id: "assign to undeclared", source: "x = 1", stdout: "", error: "cannot assign to 'x'"),
        ProgramCase(id: "short-circuit and", source: "print false and 1 / 0 == 0", stdout: "false\n"),
        ProgramCase(id: "short-circuit or", source: "print true or 1 / 0 == 0", stdout: "true\n"),
        ProgramCase(id: "list index out of range", source: "print [1][3]", stdout: "", error: "index 3 out of range"),
        ProgramCase(id: "return value", source: "proc f(a) { return a * 2 }\nprint f(21)", stdout: "42\n"),
        ProgramCase(
            id: "nothing is not a value", source: "proc f() { }\nprint f()", stdout: "", error: "gives no value"),
        ProgramCase(
            id: "builtins read the data source",
            source: #"reset [["a","b"],[]]"# + "\nprint rows(0), sections(), item(0:1), items(1)", stdout: "2 2 b []\n"),
        ProgramCase(
            id: "rows of missing section", source: "reset [[]]\nprint rows(3)", stdout: "",
            error: "section 3 does not exist"),
        ProgramCase(
            id: "header and footer", source: "reset [[]]\nheader 0 \"H\"\nfooter 0 \"F\"\nprint header(0), footer(0)",
            stdout: "H F\n"),
        ProgramCase(
            id: "dump escapes control characters", source: "reset [[\"a\\nb\", \"\\u{1}\"]]\ndump",
            stdout: "[[\"a\\nb\",\"\\u0001\"]]\n"),
        ProgramCase(id: "step limit", source: "while true { }", stdout: "", error: "step limit"),
        ProgramCase(id: "for over a string", source: #"for c in "ab" { print c }"#, stdout: "a\nb\n"),
        ProgramCase(
            id: "closed range to Int.max stops",
            source: "let n = 0\nfor i in 9223372036854775806...9223372036854775807 { n = n + 1 }\nprint n",
            stdout: "2\n"),
        ProgramCase(id: "builtin arity", source: "print rows()", stdout: "", error: "rows() takes 1 argument"),
        ProgramCase(id: "proc cannot shadow a builtin", source: "proc rows(s) { }", stdout: "", error: "built-in"),
        ProgramCase(
            id: "plain append outside batch", source: "reset [[]]\nappend 0 \"a\", \"b\"\ndump",
            stdout: "[[\"a\",\"b\"]]\n"),
        ProgramCase(
            id: "append inside batch is an error", source: "reset [[]]\nbegin\nappend 0 \"a\"\nend", stdout: "",
            error: "cannot be used inside a batch"),
        ProgramCase(
            id: "seed batch",
            source: """
                reset [["Item1","Item2"],["Item1","Item2","Item3"],["Item1","Item2","Item3","Item4"],["Item1","Item2","Item3","Item4","Item5"]]
                begin; delete 2:0; delete 1:0; insert 0:0 "hlw"; insert 3:0 "hlw"; end
                dump
                """,
            stdout:
                #"[["hlw","Item1","Item2"],["Item2","Item3"],["Item2","Item3","Item4"],["hlw","Item1","Item2","Item3","Item4","Item5"]]"#
                + "\n"),
        ProgramCase(
            id: "inside a batch rows() is the old count",
            source: "reset [[\"a\",\"b\"]]\nbegin\ndelete 0:0\nprint rows(0)\nend\nprint rows(0)", stdout: "2\n1\n"),
        ProgramCase(
            id: "trace of a batch", source: "reset [[\"a\"]]\nbegin\ninsert 0:1 \"b\"\nend",
            stdout: """
                reloadData()
                numberOfSections(in:) -> 1
                tableView(_:numberOfRowsInSection:) 0 -> 1
                tableView(_:cellForRowAt:) [0, 0] -> "a"
                beginUpdates()
                insertRows(at: [[0, 1]], with: .automatic)
                endUpdates()
                numberOfSections(in:) -> 1
                tableView(_:numberOfRowsInSection:) 0 -> 2
                tableView(_:cellForRowAt:) [0, 1] -> "b"

                """),
    ]

    @Test(arguments: InterpreterTests.cases)
    func program(_ c: ProgramCase) {
        c.check(maxSteps: c.id == "step limit" ? 10_000 : nil, trace: c.id.hasPrefix("trace"))
    }

    @Test func expectFailureNamesTheValues() {
        let result = interpret("reset [[\"a\"]]\nexpect rows(0) == 3")
        #expect(result.failed == 1)
        #expect(result.errors == ["expectation failed: rows(0) == 3 (1 == 3)"])
    }

    @Test func failedBatchLeavesNothingHalfApplied() {
        let result = interpret(
            """
            reset [["A","B","C"]]
            expect error "only contains 3 rows" {
              begin
              insert 0:0 "X"
              delete 0:3
              end
            }
            dump
            insert 0:0 "Y"
            dump
            """)
        #expect(result.stdout == "[[\"A\",\"B\",\"C\"]]\n[[\"Y\",\"A\",\"B\",\"C\"]]\n")
        #expect(result.failed == 0)
    }
}
