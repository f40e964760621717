import Foundation
import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

/// Parses `text` as a file named `t.list`.
func parse(_ text: String) -> ParseResult {
    Parser.parse(SourceFile(name: "t.list", text: text))
}

/// Each diagnostic as `LINE:COL: message`.
func located(_ result: ParseResult) -> [String] {
    result.diagnostics.map { diagnostic in
        let location = diagnostic.file.location(of: diagnostic.range.lowerBound)
        return "\(location.line):\(location.column): \(diagnostic.message)"
    }
}

/// A table case: source text and its expected S-expressions (or diagnostics).
struct ParseCase: CustomTestStringConvertible, Sendable {
    var source: String
    var expected: [String]
    var testDescription: String { source.debugDescription }
    init(_ source: String, _ expected: String...) {
        self.source = source
        self.expected = expected
    }
}

@Suite struct ParserTests {
    /// Every statement form, with its layers and optional parts.
    static let statementCases: [ParseCase] = [
        ParseCase(#"insert 0:0 "x""#, #"(insert-rows both ((: 0 0) "x"))"#),
        ParseCase(#"insert 0:0 "A", 1:2 "B""#, #"(insert-rows both ((: 0 0) "A") ((: 1 2) "B"))"#),
        ParseCase(#"data insert 3:0 "hlw""#, #"(insert-rows data ((: 3 0) "hlw"))"#),
        ParseCase("table insert 0:0, 3:0", "(insert-rows table ((: 0 0)) ((: 3 0)))"),
        ParseCase("insert section 1", "(insert-section both 1)"),
        ParseCase(#"insert section 1 "Title""#, #"(insert-section both 1 "Title")"#),
        ParseCase(#"data insert section 0 "T""#, #"(insert-section data 0 "T")"#),
        ParseCase("table insert section 2", "(insert-section table 2)"),
        ParseCase("delete 0:0", "(delete-rows both (: 0 0))"),
        ParseCase("delete 0:0, 1:1", "(delete-rows both (: 0 0) (: 1 1))"),
        ParseCase("data delete 0:5", "(delete-rows data (: 0 5))"),
        ParseCase("table delete 2:0, 1:0", "(delete-rows table (: 2 0) (: 1 0))"),
        ParseCase("delete section 0, 2", "(delete-sections both 0 2)"),
        ParseCase("data delete section 1", "(delete-sections data 1)"),
        ParseCase("table delete section 1", "(delete-sections table 1)"),
        ParseCase("move 0:1 to 0:0", "(move-row both (: 0 1) (: 0 0))"),
        ParseCase("data move source to destination", "(move-row data source destination)"),
        ParseCase("table move 0:0 to 1:2", "(move-row table (: 0 0) (: 1 2))"),
        ParseCase(#"apply [["A"]]"#, #"(apply animated (list (list "A")))"#),
        ParseCase(
            #"apply t sections ids reloading ["A"] reconfiguring ["B"] withoutAnimation"#,
            #"(apply withoutAnimation t (sections ids) (reloading (list "A")) (reconfiguring (list "B")))"#),
        ParseCase(#"apply t usingReloadData"#, "(apply usingReloadData t)"),
        ParseCase(
            "sections = 2; apply sections sections sections", "(assign sections 2)",
            "(apply animated sections (sections sections))"),
        ParseCase("move section 0 to 2", "(move-section both 0 2)"),
        ParseCase("data move section 1 to 0", "(move-section data 1 0)"),
        ParseCase("table move section 1 to 0", "(move-section table 1 0)"),
        ParseCase("reload 0:0", "(reload-rows both ((: 0 0)))"),
        ParseCase(#"reload 0:0 "A'", 0:1"#, #"(reload-rows both ((: 0 0) "A'") ((: 0 1)))"#),
        ParseCase(#"data reload 0:0 "x""#, #"(reload-rows data ((: 0 0) "x"))"#),
        ParseCase("table reload 0:0, 0:1", "(reload-rows table ((: 0 0)) ((: 0 1)))"),
        ParseCase("reload section 0", "(reload-section both 0)"),
        ParseCase(#"reload section 0 ["a", "b"]"#, #"(reload-section both 0 (list "a" "b"))"#),
        ParseCase("table reload section 1", "(reload-section table 1)"),
        ParseCase(#"append 0 "C""#, #"(append both 0 "C")"#),
        ParseCase(#"append 0 "a", "b""#, #"(append both 0 "a" "b")"#),
        ParseCase(#"data append 0 "Item 2""#, #"(append data 0 "Item 2")"#),
        ParseCase(#"reset [["A","B"],["C"]]"#, #"(reset both (list (list "A" "B") (list "C")))"#),
        ParseCase("data reset [[]]", "(reset data (list (list)))"),
        ParseCase("begin", "(begin)"),
        ParseCase("end", "(end)"),
        ParseCase("reloadData", "(reload-data)"),
        ParseCase("show", "(show)"),
        ParseCase("dump", "(dump)"),
        ParseCase(#"header 0 "Fruit""#, #"(header 0 "Fruit")"#),
        ParseCase(#"footer 1 "end""#, #"(footer 1 "end")"#),
        ParseCase(#"indexTitle 0 "F""#, #"(index-title 0 "F")"#),
        ParseCase("style plain", "(style plain)"),
        ParseCase("style grouped", "(style grouped)"),
        ParseCase("let n = rows(0)", "(let n (call rows 0))"),
        ParseCase("n = n + 1", "(assign n (+ n 1))"),
        ParseCase("if a { print 1 }", "(if (cond a (block (print 1))))"),
        ParseCase(
            "if a { print 1 } else if b { print 2 } else { print 3 }",
            "(if (cond a (block (print 1))) (cond b (block (print 2))) (else (block (print 3))))"),
        ParseCase(
            "if a {\n  print 1\n}\n# why\nelse {\n  print 2\n}",
            "(if (cond a (block (print 1))) (else (block (print 2))))"),
        ParseCase("if a {} else {}", "(if (cond a (block)) (else (block)))"),
        ParseCase("for i in 0..<3 { append 0 str(i) }", "(for i (..< 0 3) (block (append both 0 (call str i))))"),
        ParseCase("while n > 0 { n = n - 1 }", "(while (> n 0) (block (assign n (- n 1))))"),
        ParseCase("repeat 3 { show }", "(repeat 3 (block (show)))"),
        ParseCase("proc fill(s, count) {\n  return\n}", "(proc fill (s count) (block (return)))"),
        ParseCase("proc f() { return 1 }", "(proc f () (block (return 1)))"),
        ParseCase("fill(1, 3)", "(call fill 1 3)"),
        ParseCase("f()", "(call f)"),
        ParseCase(#"print 1, "a", x"#, #"(print 1 "a" x)"#),
        ParseCase("expect rows(0) == 3", "(expect (== (call rows 0) 3))"),
        ParseCase(#"expect x, "msg""#, #"(expect x "msg")"#),
        ParseCase(
            #"expect error "which only" { delete 0:9 }"#,
            #"(expect-error "which only" (block (delete-rows both (: 0 9))))"#),
        ParseCase("expect error { end }", "(expect-error (block (end)))"),
        ParseCase(#"expect error "n = \(n)" {}"#, #"(expect-error (interp "n = " n) (block))"#),
        ParseCase("expect error == 1", "(expect (== error 1))"),
        ParseCase(#"run "other.list""#, #"(run "other.list")"#),
        ParseCase("on canMove = row != 0", "(on canMove (!= row 0))"),
        ParseCase(
            "on commit { if style == delete { delete path } }",
            "(on commit (block (if (cond (== style .delete) (block (delete-rows both path))))))"),
        ParseCase(
            "on move { data move source to destination }", "(on move (block (move-row data source destination)))"),
        ParseCase("on editingStyle {\n  return none\n}", "(on editingStyle (block (return .none)))"),
        ParseCase("on targetForMove = proposed", "(on targetForMove proposed)"),
        ParseCase(#"on deleteTitle = "Remove""#, #"(on deleteTitle "Remove")"#),
        ParseCase("on select { print path }", "(on select (block (print path)))"),
        ParseCase("edit on", "(edit on)"),
        ParseCase("edit off", "(edit off)"),
        ParseCase("trace on", "(trace on)"),
        ParseCase("trace off", "(trace off)"),
        ParseCase("tap 0:1", "(tap (: 0 1))"),
        ParseCase("swipe 0:1", "(swipe (: 0 1))"),
        ParseCase("select 0:0", "(select (: 0 0))"),
        ParseCase("drag 0:0 to 0:2", "(drag (: 0 0) (: 0 2))"),
        ParseCase(
            #"begin; delete 2:0; insert 0:0 "hlw"; end"#, "(begin)", "(delete-rows both (: 2 0))",
            #"(insert-rows both ((: 0 0) "hlw"))"#, "(end)"),
        ParseCase("\n\n;; show ;\n\n dump\n\n", "(show)", "(dump)"),
        ParseCase("#!/usr/bin/env listdsl\nshow # the table", "(show)"),
        ParseCase(""),
    ]

    @Test(arguments: statementCases)
    func statements(_ test: ParseCase) {
        let result = parse(test.source)
        #expect(result.diagnostics.isEmpty, "\(located(result))")
        #expect(sexpr(result.program) == test.expected.joined(separator: "\n"))
        #expect(!result.isIncomplete)
    }

    /// Every precedence level and expression form, as `print EXPR`.
    static let expressionCases: [ParseCase] = [
        ParseCase("1 + 2 * 3", "(+ 1 (* 2 3))"),
        ParseCase("(1 + 2) * 3", "(* (+ 1 2) 3)"),
        ParseCase("1 - 2 - 3", "(- (- 1 2) 3)"),
        ParseCase("7 / 2 % 3 * 4", "(* (% (/ 7 2) 3) 4)"),
        ParseCase("-x * 2", "(* (- x) 2)"),
        ParseCase("- -1", "(- (- 1))"),
        ParseCase("a or b and c", "(or a (and b c))"),
        ParseCase("a and b or c and d", "(or (and a b) (and c d))"),
        ParseCase("a or b or c", "(or (or a b) c)"),
        ParseCase("not a and b", "(and (not a) b)"),
        ParseCase("not a == b", "(not (== a b))"),
        ParseCase("not not a", "(not (not a))"),
        ParseCase("a < b + 1", "(< a (+ b 1))"),
        ParseCase("a == b", "(== a b)"),
        ParseCase("a != b", "(!= a b)"),
        ParseCase("a <= b", "(<= a b)"),
        ParseCase("a > b", "(> a b)"),
        ParseCase("a >= b", "(>= a b)"),
        ParseCase("0..<n + 1", "(..< 0 (+ n 1))"),
        ParseCase("1...3 == r", "(== (... 1 3) r)"),
        ParseCase("a:b + 1", "(+ (: a b) 1)"),
        ParseCase("-a:b", "(- (: a b))"),
        ParseCase("0:rows(0)", "(: 0 (call rows 0))"),
        ParseCase("(n-1):0", "(: (- n 1) 0)"),
        ParseCase("s:r", "(: s r)"),
        ParseCase("0:-1", "(: 0 (- 1))"),
        ParseCase("s:-r.row + 1", "(+ (: s (- (. r row))) 1)"),
        ParseCase("(-1):0", "(: (- 1) 0)"),
        ParseCase("source.section:0", "(: (. source section) 0)"),
        ParseCase("p.row", "(. p row)"),
        ParseCase("selected().section", "(. (call selected) section)"),
        ParseCase("items(0)[1]", "(index (call items 0) 1)"),
        ParseCase("x[0][i + 1]", "(index (index x 0) (+ i 1))"),
        ParseCase("[1, [2, 3],]", "(list 1 (list 2 3))"),
        ParseCase("[]", "(list)"),
        ParseCase("[\n  1,\n  2\n]", "(list 1 2)"),
        ParseCase("f(1,\n  2)", "(call f 1 2)"),
        ParseCase("len ([1])", "(call len (list 1))"),
        ParseCase("true", "true"),
        ParseCase("false", "false"),
        ParseCase("delete", ".delete"),
        ParseCase("insert", ".insert"),
        ParseCase("none", ".none"),
        ParseCase("rows(section)", "(call rows section)"),
        ParseCase("section + row", "(+ section row)"),
        ParseCase("to", "to"),
        ParseCase("data", "data"),
        ParseCase("table", "table"),
        ParseCase("header(0)", "(call header 0)"),
        ParseCase("9223372036854775807", "9223372036854775807"),
        ParseCase(#""a\tb\u{41}\u{1F600}\0\r\n\\\"""#, #""a\tbA😀\0\r\n\\\"""#),
        ParseCase(#""x = \(x)!""#, #"(interp "x = " x "!")"#),
        ParseCase(#""a \(f("x\(1)")) b""#, #"(interp "a " (call f (interp "x" 1)) " b")"#),
        ParseCase(#""\(1 + 2)""#, "(interp (+ 1 2))"),
        ParseCase(#""\(a)\(b)""#, "(interp a b)"),
        ParseCase(#""\(")")""#, #"(interp ")")"#),
        ParseCase(#""\\(not)""#, #""\\(not)""#),
        ParseCase("\"\\( [1,\n 2] )\"", "(interp (list 1 2))"),
        ParseCase("\"two\nlines\"", #""two\nlines""#),
    ]

    @Test(arguments: expressionCases)
    func expressions(_ test: ParseCase) {
        let result = parse("print " + test.source)
        #expect(result.diagnostics.isEmpty, "\(located(result))")
        #expect(sexpr(result.program) == "(print \(test.expected[0]))")
    }

    /// Words that are keywords only where the grammar expects them.
    static let contextualCases: [ParseCase] = [
        ParseCase("delete section:0", "(delete-rows both (: section 0))"),
        ParseCase("delete section.row:0", "(delete-rows both (: (. section row) 0))"),
        ParseCase(#"insert section:row "x""#, #"(insert-rows both ((: section row) "x"))"#),
        ParseCase("move section:0 to 0:1", "(move-row both (: section 0) (: 0 1))"),
        ParseCase("delete section section", "(delete-sections both section)"),
        ParseCase("data = 1", "(assign data 1)"),
        ParseCase("on = 1", "(assign on 1)"),
        ParseCase("table(1)", "(call table 1)"),
        ParseCase("section = 3", "(assign section 3)"),
        ParseCase("show = 1", "(assign show 1)"),
        ParseCase("let to = 5", "(let to 5)"),
        ParseCase("for section in 0..<2 { print section }", "(for section (..< 0 2) (block (print section)))"),
        ParseCase("print data, table", "(print data table)"),
        ParseCase("append section 1", "(append both section 1)"),
        ParseCase("header section str(section)", "(header section (call str section))"),
        ParseCase(#"insert 0:0 ("x")"#, #"(insert-rows both ((: 0 0) "x"))"#),
        ParseCase(#"reload section n ["a"]"#, #"(reload-section both n (list "a"))"#),
        ParseCase("select selected()", "(select (call selected))"),
        ParseCase("on select = path", "(on select path)"),
        ParseCase("proc move2(to) { move to to to }", "(proc move2 (to) (block (move-row both to to)))"),
    ]

    @Test(arguments: contextualCases)
    func contextualKeywords(_ test: ParseCase) {
        let result = parse(test.source)
        #expect(result.diagnostics.isEmpty, "\(located(result))")
        #expect(sexpr(result.program) == test.expected.joined(separator: "\n"))
    }

    /// Syntax errors, each as `LINE:COL: message`.
    static let errorCases: [ParseCase] = [
        ParseCase("delet 0:0", "1:1: expected a statement, found 'delet'"),
        ParseCase("foo", "1:1: expected a statement, found 'foo'"),
        ParseCase("0:0", "1:1: expected a statement, found '0'"),
        ParseCase("else { }", "1:1: expected a statement, found 'else'"),
        ParseCase("}", "1:1: unexpected '}' with no '{' to close"),
        ParseCase("delete 0:", "1:10: expected a row after ':', found end of input"),
        ParseCase("delete 0:\nshow", "1:10: expected a row after ':', found end of line"),
        ParseCase("insert 0:0", "1:11: expected the new row's text after the index path, found end of input"),
        ParseCase(
            #"table insert 0:0 "x""#,
            "1:18: 'table insert' takes no value: the table view reads rows from the data source"),
        ParseCase(
            #"table reload 0:0 "x""#,
            "1:18: 'table reload' takes no value: the table view reads rows from the data source"),
        ParseCase(
            #"table insert section 1 "T""#,
            "1:24: 'table insert section' takes no title: the table view reads titles from the data source"),
        ParseCase(
            "table reload section 1 []",
            "1:24: 'table reload section' takes no rows: the table view reads rows from the data source"),
        ParseCase(#"table append 0 "x""#, "1:7: 'append' has no 'table' form: the table view carries no values"),
        ParseCase(
            "table reset [[]]", "1:7: 'reset' has no 'table' form: use 'reloadData' to make the table view re-read"),
        ParseCase("move 0:0 0:1", "1:10: expected 'to' after the row to move, found '0'"),
        ParseCase("move section 0 1", "1:16: expected 'to' after the section to move, found '1'"),
        ParseCase("drag 0:0 0:1", "1:10: expected 'to' after the row to drag, found '0'"),
        ParseCase("append 0", "1:9: expected the row's text after the section, found end of input"),
        ParseCase("header 0", "1:9: expected the title after the section, found end of input"),
        ParseCase("style fancy", "1:7: expected 'plain' or 'grouped' after 'style', found 'fancy'"),
        ParseCase("edit maybe", "1:6: expected 'on' or 'off' after 'edit', found 'maybe'"),
        ParseCase("trace", "1:6: expected 'on' or 'off' after 'trace', found end of input"),
        ParseCase("on 1", "1:4: expected a hook name after 'on', found '1'"),
        ParseCase("on comit = 1", "1:4: unknown hook 'comit'"),
        ParseCase("on commit 1", "1:11: expected '=' or '{' after the hook name, found '1'"),
        ParseCase("let = 1", "1:5: expected a variable name after 'let', found '='"),
        ParseCase("let x 1", "1:7: expected '=' after the variable name, found '1'"),
        ParseCase("let delete = 1", "1:5: 'delete' is an editing-style value and cannot be a variable name"),
        ParseCase("delete = 1", "1:1: 'delete' is an editing-style value and cannot be assigned to"),
        ParseCase("true = 1", "1:1: 'true' is a reserved word and cannot be assigned to"),
        ParseCase("for if in x {}", "1:5: 'if' is a reserved word and cannot be a loop variable"),
        ParseCase("for i x {}", "1:7: expected 'in' after the loop variable, found 'x'"),
        ParseCase("if x junk", "1:6: expected '{' to start the body of 'if', found 'junk'"),
        ParseCase("while x", "1:8: expected '{' to start the body of 'while', found end of input"),
        ParseCase("repeat 3 show", "1:10: expected '{' to start the body of 'repeat', found 'show'"),
        ParseCase("proc f(a, a) {}", "1:11: duplicate parameter 'a'"),
        ParseCase("proc f(none) {}", "1:8: 'none' is an editing-style value and cannot be a parameter name"),
        ParseCase("proc show() {}", "1:6: 'show' starts a statement and cannot name a procedure"),
        ParseCase("proc let() {}", "1:6: 'let' is a reserved word and cannot be a procedure name"),
        ParseCase("proc f {}", "1:8: expected '(' after the procedure name, found '{'"),
        ParseCase("if x { proc f() {} }", "1:8: 'proc' is only allowed at the top level"),
        ParseCase("return 1", "1:1: 'return' outside a procedure or hook"),
        ParseCase("if x { return }", "1:8: 'return' outside a procedure or hook"),
        ParseCase("x = 1 < 2 < 3", "1:11: comparisons cannot be chained"),
        ParseCase("print 1..<2..<3", "1:12: ranges cannot be chained"),
        ParseCase("print a:b:c", "1:10: an index path has two parts, section:row"),
        ParseCase("print 0:--1", "1:10: expected a row after '-', found '-'"),
        ParseCase("print 0:- ", "1:11: expected a row after '-', found end of input"),
        ParseCase("print x [0]", "1:9: expected end of statement, found '['"),
        ParseCase("print (1", "1:9: expected ')' (to close '(' at line 1), found end of input"),
        ParseCase("print [1", "1:9: expected ']' (to close '[' at line 1), found end of input"),
        ParseCase("print [1 2]", "1:10: expected ']' (to close '[' at line 1), found '2'"),
        ParseCase("print f(1 2)", "1:11: expected ')' (to close '(' at line 1), found '2'"),
        ParseCase("print x[1 2]", "1:11: expected ']' (to close '[' at line 1), found '2'"),
        ParseCase("if x {\n  print 1\n", "3:1: expected '}' (to close '{' at line 1), found end of input"),
        ParseCase("print p.1", "1:9: expected a member name after '.', found '1'"),
        ParseCase("print if", "1:7: expected an expression, found 'if'"),
        ParseCase("print", "1:6: expected an expression, found end of input"),
        ParseCase("print not", "1:10: expected an expression, found end of input"),
        ParseCase("print 1 == == 2", "1:12: expected an expression, found '=='"),
        ParseCase("show show", "1:6: expected end of statement, found 'show'"),
        ParseCase("print 1 2", "1:9: expected end of statement, found '2'"),
        ParseCase(#"print "\(1 2)""#, "1:12: expected ')' to end the interpolation, found '2'"),
        ParseCase(#"print "\()""#, "1:10: expected an expression, found end of interpolation"),
        ParseCase(#"print "\(1 @)""#, "1:12: unexpected character '@'"),
        ParseCase(#"print "a\q""#, #"1:9: invalid escape '\q' in string"#),
        ParseCase(#"expect error "x""#, "1:17: expected '{' to start the body of 'expect error', found end of input"),
        ParseCase("x = 99999999999999999999", "1:5: integer literal '99999999999999999999' does not fit in 64 bits"),
        ParseCase("print 1 @ 2", "1:9: unexpected character '@'", "1:11: expected end of statement, found '2'"),
    ]

    @Test(arguments: errorCases)
    func errors(_ test: ParseCase) {
        let result = parse(test.source)
        #expect(located(result) == test.expected)
    }

    @Test(arguments: [
        ("delet 0:0", "did you mean 'delete'?"),
        ("dleete 0:0", "did you mean 'delete'?"),
        ("prnt 1", "did you mean 'print'?"),
        ("reloaddata", "did you mean 'reloadData'?"),
        ("on comit = 1", "did you mean 'commit'?"),
        ("on canedit = 1", "did you mean 'canEdit'?"),
        (
            "on frobnicate = 1",
            "hooks: canEdit, editingStyle, commit, canMove, move, targetForMove, deleteTitle, actions, select, willBeginEditing, didEndEditing, accessory, accessoryTapped, sectionIndexTitles, sectionForIndexTitle"
        ),
        ("show show", "separate statements with a newline or ';'"),
        ("x = 1 < 2 < 3", "use 'and' or parentheses: a < b and b < c"),
        ("else {}", "'else' must follow the '}' of an 'if'"),
    ])
    func hints(_ source: String, _ hint: String) {
        #expect(parse(source).diagnostics.first?.hint == hint)
    }

    @Test(arguments: ["xyzzy", "ed", "frobnicate 1", "zz(", "print 1 2"])
    func noHintWhenNothingIsClose(_ source: String) {
        let diagnostics = parse(source).diagnostics
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.first?.hint == nil)
    }

    @Test func recoveryReportsEveryErrorAndKeepsTheGoodStatements() {
        let result = parse(
            """
            delet 0:0
            print 1
            insert 0:0
            show
            move 0:0 0:1
            if x {
              prnt 2
              print 3
            }
            dump
            """)
        #expect(
            located(result) == [
                "1:1: expected a statement, found 'delet'",
                "3:11: expected the new row's text after the index path, found end of line",
                "5:10: expected 'to' after the row to move, found '0'",
                "7:3: expected a statement, found 'prnt'",
            ])
        #expect(sexpr(result.program) == "(print 1)\n(show)\n(if (cond x (block (print 3))))\n(dump)")
        #expect(!result.isIncomplete)
    }

    @Test func recoverySkipsABlockStartedOnABadLine() {
        let result = parse("if x y {\n  print 1\n}\nshow")
        #expect(located(result) == ["1:6: expected '{' to start the body of 'if', found 'y'"])
        #expect(sexpr(result.program) == "(show)")
    }

    @Test func recoveryAfterAnUnclosedParenthesisResumesOnTheNextLine() {
        let result = parse("print (1 2\nshow\nprint 3")
        #expect(located(result) == ["1:10: expected ')' (to close '(' at line 1), found '2'"])
        #expect(sexpr(result.program) == "(show)\n(print 3)")
    }

    @Test func recoveryInsideBlocksAndSemicolons() {
        let result = parse("on commit { foo; delete path }; print (; show")
        #expect(
            located(result) == [
                "1:13: expected a statement, found 'foo'",
                "1:40: expected an expression, found ';'",
            ])
        #expect(sexpr(result.program) == "(on commit (block (delete-rows both path)))\n(show)")
    }

    @Test func aStrayClosingBraceAfterAnErrorIsReportedOnce() {
        #expect(located(parse("print }")) == ["1:7: expected an expression, found '}'"])
    }

    @Test func errorsStopAfterTwenty() {
        let result = parse(String(repeating: "foo\n", count: 30))
        #expect(result.diagnostics.count == Parser.maximumErrors + 1)
        #expect(result.diagnostics.last?.message == "too many errors; stopping")
        #expect(located(result)[19] == "20:1: expected a statement, found 'foo'")
        #expect(located(result).last == "21:1: too many errors; stopping")
    }

    @Test func errorsInInterpolationsCountTowardTheLimit() {
        let result = parse(String(repeating: #"print "\(1 2)"\#n"#, count: 30))
        #expect(result.diagnostics.count == Parser.maximumErrors + 1)
        #expect(result.diagnostics.last?.message == "too many errors; stopping")
    }

    @Test func diagnosticsAreInSourceOrder() {
        let result = parse(#"foo "\q" x"#)
        let offsets = result.diagnostics.map(\.range.lowerBound)
        #expect(offsets == offsets.sorted())
        #expect(result.diagnostics.count == 2)
    }

    static let incompleteCases: [(String, Bool)] = [
        ("if x {", true),
        ("if x {\n  print 1", true),
        ("print [1,", true),
        ("print f(1", true),
        ("print (1 +", true),
        ("print \"abc", true),
        ("print \"a\\(1", true),
        ("print \"a\\(\"b", true),
        ("on commit {\n  if style == delete {", true),
        ("expect error {", true),
        ("proc f(a,", true),
        ("reset [[\"a\",", true),
        ("if x {\n  print (1 +\n", true),
        ("if \"abc", true),
        ("print 1)", false),
        ("if x junk", false),
        ("if x", false),
        ("print 1 +", false),
        ("}", false),
        ("delete 0:", false),
        ("print (1 ]", false),
        ("foo bar\nif x {", false),
        ("print \"a\" \"b", false),
        ("if x { print 1 }", false),
        ("show", false),
        ("", false),
    ]

    @Test(arguments: incompleteCases)
    func incompleteInput(_ source: String, _ incomplete: Bool) {
        let result = parse(source)
        #expect(result.isIncomplete == incomplete, "\(located(result))")
        if incomplete { #expect(!result.diagnostics.isEmpty) }
    }

    @Test func rangesCoverTheirSource() throws {
        let source = #"  insert 0:0 "x", (n - 1):2 "y"  "#
        let result = parse(source)
        let statement = try #require(result.program.statements.first)
        let file = SourceFile(name: "t", text: source)
        #expect(file.text(statement.range) == #"insert 0:0 "x", (n - 1):2 "y""#)
        guard case .insertRows(let rows) = statement.kind else {
            Issue.record("not an insert")
            return
        }
        #expect(rows.map { file.text($0.path.range) } == ["0:0", "(n - 1):2"])
        #expect(rows.map { $0.value.map { file.text($0.range) } } == [#""x""#, #""y""#])
    }

    @Test func namesKeepTheirRanges() throws {
        let result = parse("let total = 1\nfor i in x {}\nproc f(a) {}\non commit = 1\nrows(0)")
        var ranges: [SourceRange] = []
        for statement in result.program.statements {
            switch statement.kind {
            case .letBinding(_, let range, _): ranges.append(range)
            case .forLoop(_, let range, _, _): ranges.append(range)
            case .procedure(let declaration): ranges.append(declaration.nameRange)
            case .hook(_, let range, _): ranges.append(range)
            case .call(_, let range, _): ranges.append(range)
            default: Issue.record("unexpected statement")
            }
        }
        #expect(
            ranges == [
                SourceRange(4, 9), SourceRange(18, 19), SourceRange(33, 34), SourceRange(44, 50), SourceRange(55, 59),
            ])
    }

}
