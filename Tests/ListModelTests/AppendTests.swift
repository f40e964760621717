import ListModel
import Testing

/// A model in some state, and the section a row is appended to.
struct AppendCase: Sendable, CustomTestStringConvertible {
    let name: String
    let section: Int
    let prepare: @Sendable (inout TableModel) throws -> Void
    var testDescription: String { name }
}

@Suite("append of one row")
struct AppendTests {
    static let cases: [AppendCase] = [
        AppendCase(name: "to a section in sync", section: 1) { _ in },
        AppendCase(name: "with no report wanted", section: 0) { $0.reportsInPlaceChanges = false },
        AppendCase(name: "to an empty section", section: 2) { _ in },
        AppendCase(name: "after the data source changed alone", section: 0) {
            try $0.apply(.insertRow(IndexPath(section: 0, row: 0), "new"))
        },
        AppendCase(name: "inside a batch", section: 0) { $0.begin() },
        AppendCase(name: "to a negative section", section: -1) { _ in },
        AppendCase(name: "to a section beyond the last", section: 3) { _ in },
    ]

    /// `append(section:row:)` does exactly what `append(section:rows:)` does with that one row: the
    /// same report or the same error, and the same model after.
    @Test(arguments: cases)
    func oneRowIsAppendedAsInAList(_ c: AppendCase) throws {
        var start = TableModel(sections: [Section(rows: ["a", "b"]), Section(rows: ["c"]), Section(rows: [])])
        try c.prepare(&start)
        var one = start
        var list = start
        let byOne = Result { () throws(UpdateError) in try one.append(section: c.section, row: "z") }
        let byList = Result { () throws(UpdateError) in try list.append(section: c.section, rows: ["z"]) }
        #expect(byOne == byList)
        #expect(one.holdsSameState(as: list))
        #expect(one.batchDepth == list.batchDepth)
    }
}
