import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Testing

/// The table view's cells are fetched from the data source exactly when UIKit fetches them, one case
/// per rule: each case makes the table view's cells differ from the data source first (a `data`
/// edit the table view is not told of), so a cell that was not fetched shows its old text.
@Suite struct CellTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        /// Runs untraced; leaves cells that differ from the data source.
        var setup: String
        /// Runs traced: the step whose fetches are checked.
        var step: String
        /// The index paths of `tableView(_:cellForRowAt:)`, in the order asked.
        var fetched: [String]
        /// What the table view shows afterwards, section by section.
        var cells: [[String]]
        /// The warnings the step reports.
        var warnings: [String] = []
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "insert fetches the inserted row only", setup: #"reset [["A","B"]]; data reload 0:0 "a""#,
            step: #"insert 0:1 "X""#, fetched: ["[0, 1]"], cells: [["A", "X", "B"]]),
        Case(
            id: "reload fetches the reloaded row",
            setup: #"reset [["A","B"]]; data reload 0:0 "a"; data reload 0:1 "b""#,
            step: "reload 0:1", fetched: ["[0, 1]"], cells: [["A", "b"]]),
        Case(
            id: "a reload lands where UIKit puts its insert", setup: #"reset [["A","B","C"]]; data reload 0:2 "c""#,
            step: #"begin; insert 0:0 "X"; reload 0:1 "B!"; end"#, fetched: ["[0, 0]", "[0, 2]"],
            cells: [["X", "A", "B!", "C"]]),
        Case(
            id: "section insert fetches every row of the new section",
            setup: #"reset [["A"],["B"]]; data reload 0:0 "a"; data insert section 1; data append 1 "N1", "N2""#,
            step: "table insert section 1", fetched: ["[1, 0]", "[1, 1]"], cells: [["A"], ["N1", "N2"], ["B"]]),
        Case(
            id: "section reload fetches every row of the section",
            setup: #"reset [["A","B"],["C"]]; data reload 1:0 "c""#, step: #"reload section 0 ["P","Q","R"]"#,
            fetched: ["[0, 0]", "[0, 1]", "[0, 2]"], cells: [["P", "Q", "R"], ["C"]]),
        Case(
            id: "a moved cell travels with its content", setup: #"reset [["A","B","C"]]; data reload 0:0 "a""#,
            step: "move 0:0 to 0:2", fetched: [], cells: [["B", "C", "A"]]),
        Case(
            id: "table move without the data source: the swap shows until a reload",
            setup: #"reset [["A","B","C"]]"#, step: "table move 0:0 to 0:1", fetched: [], cells: [["B", "A", "C"]]),
        Case(
            id: "untouched cells keep their text and slide", setup: #"reset [["A","B","C"]]; data reload 0:2 "c""#,
            step: "delete 0:0", fetched: [], cells: [["B", "C"]]),
        Case(
            id: "a stale row stays stale when only another row is deleted",
            setup: #"reset [["A","B","C"]]; data reload 0:0 "X"; data delete 0:2"#, step: "table delete 0:2",
            fetched: [], cells: [["A", "B"]]),
        Case(
            id: "reloadData fetches every cell", setup: #"reset [["A","B"],["C"]]; data reload 0:0 "a""#,
            step: "reloadData", fetched: ["[0, 0]", "[0, 1]", "[1, 0]"], cells: [["a", "B"], ["C"]]),
        Case(
            id: "reset fetches every cell", setup: #"reset [["A"]]"#, step: #"reset [["X","Y"]]"#,
            fetched: ["[0, 0]", "[0, 1]"], cells: [["X", "Y"]]),
        Case(
            id: "a commit UIKit ends with reloadData fetches every cell",
            setup: #"reset [["A","B"],["C"]]; data reload 1:0 "c""#,
            step: "begin; delete section 0; move 0:1 to 0:0; end",
            fetched: ["[0, 0]", "[0, 1]"], cells: [["B", "c"]],
            warnings: [
                "row moved out of deleted section 0: UITableView skips the row-count check and reloads the table"
            ]),
        Case(
            id: "a failed batch fetches nothing and changes nothing", setup: #"reset [["A","B"]]; data reload 0:0 "a""#,
            step: #"expect error "Invalid update" { begin; table insert 0:0; end }"#, fetched: [],
            cells: [["A", "B"]]),
    ]

    @Test(arguments: CellTests.cases)
    func fetches(_ c: Case) {
        let show = "for s in 0..<tableSections() { print tableItems(s) }"
        let result = interpret(c.setup + "\ntrace on\n" + c.step + "\ntrace off\n" + show)
        #expect(result.errors == c.warnings, "\(c.id)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let fetched = lines.compactMap { line -> String? in
            guard line.hasPrefix("tableView(_:cellForRowAt:) ") else { return nil }
            return line.dropFirst("tableView(_:cellForRowAt:) ".count).components(separatedBy: " -> ").first
        }
        #expect(fetched == c.fetched, "\(c.id)")
        let shown = c.cells.map { "[" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        #expect(Array(lines.suffix(shown.count)) == shown, "\(c.id)")
    }

    /// A cell the trace says was fetched answers with the data source's row; `cell(PATH)` reads the
    /// table view and `item(PATH)` the data source.
    @Test func cellAndItemReadTheTwoLayers() {
        let result = interpret(
            #"reset [["A","B"]]; data reload 0:0 "X"; print cell(0:0), item(0:0); reload 0:0; print cell(0:0)"#)
        #expect(result.errors == [])
        #expect(result.stdout == "A X\nX\n")
        let missing = interpret(#"reset [["A"]]; print cell(0:1)"#)
        #expect(missing.errors == ["no row 0:1 in the table view: section 0 has 1 row"])
    }

    /// The counts are asked when a batch ends, before UIKit's checks: so they come before an
    /// "Invalid update" too.
    @Test func countsAreAskedBeforeTheChecks() {
        let result = interpret(#"reset [["A","B"]]; data delete 0:0; trace on; begin; end"#)
        #expect(
            result.stdout
                == "beginUpdates()\nendUpdates()\nnumberOfSections(in:) -> 1\ntableView(_:numberOfRowsInSection:) 0 -> 1\n"
        )
        #expect(result.errors.first?.hasPrefix("Invalid update: invalid number of rows in section 0") == true)
    }
}
