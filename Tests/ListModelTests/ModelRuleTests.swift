import Testing

@testable import ListModel

/// Every rule of the model's own catalogue with its text.
@Suite struct ModelRuleTests {
    static let p = IndexPath(section: 0, row: 2)
    static let cases: [(ModelRule, String)] = [
        (.endWithoutBegin, "'end' without a matching 'begin'"),
        (
            .plainAfterData,
            "cannot mix plain and 'data' commands in one batch: a 'data' command already edited the data source"
        ),
        (
            .dataAfterPlain,
            "cannot mix plain and 'data' commands in one batch: a plain command already edits the data source"
        ),
        (
            .notInsideBatch(command: "reloadData", instead: "end the batch first"),
            "'reloadData' cannot be used inside a batch: end the batch first"
        ),
        // The language adds what to write instead of its own commands (`append`, `reset`).
        (.notInsideBatch(command: "reset", instead: nil), "'reset' cannot be used inside a batch"),
        (.negativeSection(-1), "section -1 is negative"),
        (.negativeIndexPath(IndexPath(section: 0, row: -1)), "index path 0:-1 has a negative row"),
        (.noSection(3, in: "the data source", count: 1), "no section 3 in the data source, which has 1 section"),
        (.noRow(p, in: "the table view", sections: 0, rows: 0), "no row 0:2 in the table view, which has 0 sections"),
        (.noRow(p, in: "the table view", sections: nil, rows: 1), "no row 0:2 in the table view: section 0 has 1 row"),
        (.tableMoveInsideBatch, "cannot move a row in the table view while a batch is open"),
        (
            .moveToMissingSection(from: p, to: IndexPath(section: 4, row: 0), sections: 2),
            "cannot move row 0:2 to 4:0: the table view has 2 sections"
        ),
        (
            .moveBeyondRows(from: p, to: IndexPath(section: 1, row: 9), lastRow: 3),
            "cannot move row 0:2 to 1:9: in section 1 it can go to rows 0 to 3"
        ),
    ]

    @Test func everyRulesText() {
        for (rule, text) in Self.cases { #expect(rule.message == text) }
        // Every case of ModelRule is in the table.
        #expect(Set(Self.cases.map { String(String(describing: $0.0).prefix { $0 != "(" }) }).count == 11)
    }
}
