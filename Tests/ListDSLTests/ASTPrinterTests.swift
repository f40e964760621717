import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

@Suite struct ASTPrinterTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("", #""""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("back\\slash", #""back\\slash""#),
        ("tab\there\nnew\rline\0", #""tab\there\nnew\rline\0""#),
        ("esc\u{1B}[0m bell\u{7} del\u{7F} c1\u{85}", #""esc\u{1B}[0m bell\u{7} del\u{7F} c1\u{85}""#),
        ("naïve ✓ 😀 ¢", #""naïve ✓ 😀 ¢""#),
    ])
    func quotedStrings(_ text: String, _ quoted: String) {
        #expect(ASTPrinter.quoted(text) == quoted)
    }

    @Test func oneLinePerTopLevelStatement() {
        let result = Parser.parse(SourceFile(name: "t", text: "show\nif x {\n  dump\n  show\n}\nend"))
        #expect(sexpr(result.program) == "(show)\n(if (cond x (block (dump) (show))))\n(end)")
        #expect(sexpr(Program(statements: [])) == "")
    }

    @Test func singleStatementsAndExpressions() throws {
        let result = Parser.parse(SourceFile(name: "t", text: "print -x[0].row"))
        let statement = try #require(result.program.statements.first)
        #expect(sexpr(statement) == "(print (- (. (index x 0) row)))")
        guard case .print(let values) = statement.kind, let value = values.first else {
            Issue.record("not a print")
            return
        }
        #expect(sexpr(value) == "(- (. (index x 0) row))")
    }

    @Test func everyStatementKindPrints() {
        // One of each, built by hand, so a new case cannot be forgotten silently.
        let range = SourceRange(0, 0)
        let x = Expr(.name("x"), range)
        let block = Block(statements: [Stmt(.show, range)], range: range)
        let kinds: [(StmtKind, String)] = [
            (.insertRows(InsertedRows(.data, [RowValue(path: x, value: x)])), "(insert-rows data (x x))"),
            (.deleteRows(DeletedRows(.table, [x])), "(delete-rows table x)"),
            (.moveRow(.both, from: x, to: x), "(move-row both x x)"),
            (.reloadRows(.table, [RowValue(path: x, value: nil)]), "(reload-rows table (x))"),
            (.insertSection(.both, x, title: nil), "(insert-section both x)"),
            (.deleteSections(.data, [x, x]), "(delete-sections data x x)"),
            (.moveSection(.table, from: x, to: x), "(move-section table x x)"),
            (.reloadSection(.both, x, rows: x), "(reload-section both x x)"),
            (.append(.data, section: x, values: [x]), "(append data x x)"),
            (.reset(.both, x), "(reset both x)"),
            (.begin, "(begin)"), (.end, "(end)"), (.reloadData, "(reload-data)"),
            (.sectionTitle(.indexTitle, section: x, title: x), "(index-title x x)"),
            (.sectionTitle(.footer, section: x, title: x), "(footer x x)"),
            (.tableStyle(grouped: false), "(style plain)"), (.show, "(show)"), (.dump, "(dump)"),
            (.letBinding(name: "a", nameRange: range, value: x), "(let a x)"),
            (.assignment(name: "a", nameRange: range, value: x), "(assign a x)"),
            (
                .conditional(arms: [ConditionalArm(condition: x, body: block)], otherwise: block),
                "(if (cond x (block (show))) (else (block (show))))"
            ),
            (.forLoop(variable: "i", variableRange: range, sequence: x, body: block), "(for i x (block (show)))"),
            (.whileLoop(condition: x, body: block), "(while x (block (show)))"),
            (.repeatLoop(count: x, body: block), "(repeat x (block (show)))"),
            (
                .procedure(ProcDecl(name: "p", nameRange: range, parameters: ["a", "b"], body: block)),
                "(proc p (a b) (block (show)))"
            ),
            (.call(name: "f", nameRange: range, arguments: [x]), "(call f x)"),
            (.returnStmt(nil), "(return)"), (.print([x, x]), "(print x x)"),
            (.expect(x, message: x), "(expect x x)"),
            (.expectError(text: nil, body: block), "(expect-error (block (show)))"),
            (.run(x), "(run x)"), (.hook(name: "canEdit", nameRange: range, body: .expression(x)), "(on canEdit x)"),
            (.edit(true), "(edit on)"), (.tap(x), "(tap x)"), (.swipe(x), "(swipe x)"),
            (.drag(from: x, to: x), "(drag x x)"), (.select(x), "(select x)"), (.trace(false), "(trace off)"),
            (.apply(ApplySnapshot(snapshot: x)), "(apply animated x)"),
        ]
        for (kind, expected) in kinds {
            #expect(sexpr(Stmt(kind, range)) == expected)
        }
    }
}
