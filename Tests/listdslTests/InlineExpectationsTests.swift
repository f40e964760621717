import Testing

/// The golden-script checker on made-up runs: what each expectation asks, and that every rule can fail.
@Suite struct InlineExpectationsTests {
    /// A script, what its run printed, and whether the checker must accept it.
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        var script: String
        var stderr = ""
        var stdout = ""
        var status: Int32 = 0
        var passes: Bool
        var testDescription: String { id }
    }

    /// The diagnostic the binary prints for `print cuont` on line 2 of `t.list`.
    static let unknownName = """
        t.list:2:7: error: unknown name 'cuont'
            2 | print cuont
              |       ^~~~~
        hint: did you mean 'count'?

        """

    static let cases: [Case] = [
        Case(id: "no expectations, quiet run", script: "print 1\n# stdout: 1\n", stdout: "1\n", passes: true),
        Case(
            id: "no expectations, a warning on stderr", script: "swipe 0:0\n",
            stderr: "t.list:1:1: warning: nothing happens\n    1 | swipe 0:0\n      | ^~~~~~~~~\n", passes: false),
        Case(
            id: "no expectations, any other stderr", script: "run \"x\"\n", stderr: "listdsl: cannot read 'x'\n",
            passes: false),
        Case(
            id: "position on a line of its own",
            script: "let count = 3\nprint cuont\n# error: 2:7: unknown name 'cuont'\n# hint: did you mean 'count'?\n"
                + "# exit: 70\n",
            stderr: unknownName, status: 70, passes: true),
        Case(
            id: "trailing, the column on that line",
            script: "let count = 3\nprint cuont  # error: col 7: unknown name 'cuont'\n# hint: did you mean 'count'?\n"
                + "# exit: 70\n",
            stderr: unknownName, status: 70, passes: true),
        Case(
            id: "wrong column",
            script: "let count = 3\nprint cuont  # error: col 8: unknown name 'cuont'\n# hint: did you mean 'count'?\n"
                + "# exit: 70\n",
            stderr: unknownName, status: 70, passes: false),
        Case(
            id: "wrong line",
            script: "let count = 3\nprint cuont\n# error: 1:7: unknown name 'cuont'\n# hint: did you mean 'count'?\n"
                + "# exit: 70\n",
            stderr: unknownName, status: 70, passes: false),
        Case(
            id: "a warning is not an error",
            script:
                "let count = 3\nprint cuont  # warning: col 7: unknown name 'cuont'\n# hint: did you mean 'count'?\n"
                + "# exit: 70\n",
            stderr: unknownName, status: 70, passes: false),
        Case(
            id: "only part of the message",
            script:
                "let count = 3\nprint cuont  # error: col 7: unknown name\n# hint: did you mean 'count'?\n# exit: 70\n",
            stderr: unknownName, status: 70, passes: false),
        Case(
            id: "an unexpected hint",
            script: "let count = 3\nprint cuont  # error: col 7: unknown name 'cuont'\n# exit: 70\n",
            stderr: unknownName, status: 70, passes: false),
        Case(
            id: "an expected diagnostic missing",
            script: "print cuont  # error: col 7: unknown name 'cuont'\n# exit: 70\n", status: 70, passes: false),
        Case(
            id: "expected twice, printed once",
            script:
                "let count = 3\nprint cuont  # error: col 7: unknown name 'cuont'\n# error: 2:7: unknown name 'cuont'\n"
                + "# hint: did you mean 'count'?\n# exit: 70\n",
            stderr: unknownName, status: 70, passes: false),
        Case(
            id: "a trailing diagnostic without its column",
            script: "let count = 3\nprint cuont  # error: unknown name 'cuont'\n# error: 2:7: unknown name 'cuont'\n"
                + "# hint: did you mean 'count'?\n# exit: 70\n",
            stderr: unknownName, status: 70, passes: false),
        Case(
            id: "a trailing hint", script: "print 1  # hint: x\n# stdout: 1\n", stdout: "1\n", passes: false),
        Case(
            id: "a note in another file",
            script: "run \"lib/h.list\"\ndrag 0:0 to 0:1  # error: col 1: no\n# note: lib/h.list:2:4: the hook\n"
                + "# exit: 70\n",
            stderr: "t.list:2:1: error: no\n    2 | drag 0:0 to 0:1\n      | ^~~\n"
                + "lib/h.list:2:4: note: the hook\n    2 | on move {}\n      |    ^~~~\n",
            status: 70, passes: true),
        Case(
            id: "the note's file is not the script's",
            script: "run \"lib/h.list\"\ndrag 0:0 to 0:1  # error: col 1: no\n# note: 2:4: the hook\n# exit: 70\n",
            stderr: "t.list:2:1: error: no\n    2 | drag 0:0 to 0:1\n      | ^~~\n"
                + "lib/h.list:2:4: note: the hook\n    2 | on move {}\n      |    ^~~~\n",
            status: 70, passes: false),
        Case(
            id: "trailing stdout, in file order",
            script: "print 1  # stdout: 1\nprint \"# stdout: 3\"\n# stdout: # stdout: 3\n",
            stdout: "1\n# stdout: 3\n", passes: true),
        Case(
            id: "trailing stdout, wrong", script: "print 1  # stdout: 2\n", stdout: "1\n", passes: false),
        Case(id: "a wrong exit status", script: "print cuont\n# exit: 65\n", status: 70, passes: false),
        Case(
            id: "conformance form: contained, the rest unchecked",
            script: "let count = 3\nprint cuont\n# error: unknown name\n# exit: 70\n", stderr: unknownName, status: 70,
            passes: true),
        Case(
            id: "conformance form: absent",
            script: "let count = 3\nprint cuont\n# error: unknown  word\n# exit: 70\n", stderr: unknownName,
            status: 70, passes: false),
        Case(
            id: "conformance form: a warning",
            script: "swipe 0:0\n# warning: nothing   happens\n",
            stderr: "t.list:1:1: warning: nothing happens\n    1 | swipe 0:0\n      | ^~~~~~~~~\n", passes: true),
    ]

    @Test(arguments: cases)
    func check(_ c: Case) {
        let expectations = InlineExpectations(script: c.script, file: "t.list")
        let problems = expectations.problems(Run(stdout: c.stdout, stderr: c.stderr, status: c.status))
        #expect(problems.isEmpty == c.passes, "\(problems)")
    }

    /// A `#` inside a string starts no comment; the first one outside does.
    @Test(
        arguments: [
            ("print 1", nil), ("print \"a # b\"", nil), ("print \"a \\\" # b\"  # x", "# x"), ("show # c", "# c"),
            ("print \"\\\\\" # c", "# c"),
        ] as [(String, String?)])
    func trailingComment(_ line: String, _ comment: String?) {
        #expect(InlineExpectations.trailingComment(line) == comment)
    }
}
