import Foundation
import Testing

/// Crash texts from public reports no one here wrote, rebuilt as scripts: each script, run with the `--ios`
/// the report states or implies, gives the report's text to the byte, up to the address UIKit prints
/// (`<NSIndexPath: 0x…>`, the view's `<UITableView: 0x…>`). Where a crash reporter or a web page collapsed
/// the text's white space (Crashlytics, the forums), runs of white space are compared as one.
@Suite struct FieldReportTests {
    struct Report: CustomTestStringConvertible, Sendable {
        /// Where the text was published, and what says which iOS it is.
        var source: String
        var ios: String
        /// The script; its last statement fails with UIKit's text.
        var script: String
        /// The text as the report prints it, up to the address.
        var text: String
        /// True when the report's white space was collapsed on its way (compare runs of it as one space).
        var collapsed = false
        /// True when UIKit did not raise but logged the text (standard error holds it).
        var logged = false

        var testDescription: String { source }
    }

    static let reports: [Report] = [
        Report(
            source: "forkingdog/UITableView-FDTemplateLayoutCell#40 (2015, iOS 8)", ios: "8",
            script: "data insert section 0\ninsert 0:0 \"x\"",
            text:
                "Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (0), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
        ),
        Report(
            source: "Roobiq/RBQFetchedResultsController#42 (\"fails on iOS9\")", ios: "9",
            script: "data insert section 0\ndata insert section 1\ndata insert section 2\nbegin\nend",
            text:
                "Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (3) must be equal to the number of sections contained in the table view before the update (0), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
        ),
        Report(
            source: "vector-im/element-ios#1033 (\"iPhone 10.3\")", ios: "10.3",
            script: "reset [[],[],[],[],[],[],[],[],[],[]]\nfor i in 0..<5 { data append 9 \"row \\(i)\" }\nbegin\nend",
            text:
                "Invalid update: invalid number of rows in section 9.  The number of rows contained in an existing section after the update (5) must be equal to the number of rows contained in that section before the update (0), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
        ),
        Report(
            source: "yapstudios/YapDatabase#380 (2016, a collection view)", ios: "10",
            script:
                "view collection\nfor s in 0..<6 { data insert section s }\nbegin\nfor s in 0..<5 { table insert section s }\nend",
            text:
                "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (6) must be equal to the number of sections contained in the collection view before the update (0), plus or minus the number of sections inserted or deleted (5 inserted, 0 deleted)."
        ),
        Report(
            source: "SwipeCellKit#374 (2020, an iOS 13 simulator)", ios: "13",
            script: "reset [[\"a\"],[\"b\"],[\"c\"],[\"d\"],[\"e\"]]\ndata delete section 4\nbegin\nend",
            text:
                "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (4) must be equal to the number of sections contained in the table view before the update (5), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
        ),
        Report(
            source: "deltachat/deltachat-ios#1142 (2021)", ios: "14",
            script: "reset [[\"a\"]]\ntable delete 0:0",
            text:
                "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (1) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
        ),
        Report(
            source: "Instagram/IGListKit#1442 (iOS 13.4.1, logged, not raised)", ios: "13.4",
            script: "view collection\nreset [[\"a\",\"b\",\"c\"]]\nfor r in 0..<3 { data delete 0:0 }\ntable delete 0:0",
            text:
                "[UICollectionView] Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (0) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). - will perform reloadData. UICollectionView instance: <UICollectionView: 0x",
            logged: true),
        Report(
            source: "Apple developer forums 728797 (iOS 16.4.1, a collection view)", ios: "16.4",
            script:
                "view collection\nmessages modern\nreset [[]]\nfor i in 0..<27386 { append 0 \"\\(i)\" }\ndata delete 0:0\nbegin\ntable delete 0:27384\ntable insert 0:27384\nend",
            text:
                "Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [27386] } Data source after updates = { 1 section with item counts: [27385] } Updates = [ Delete item (0 - 27384), Insert item (0 - 27384) ]",
            collapsed: true),
        Report(
            source: "xmartlabs/XLPagerTabStrip#859 (iOS 17.1.2, a collection view)", ios: "17.1",
            script:
                "view collection\nmessages modern\nmessages suffix on\nreset [[\"a\",\"b\",\"c\",\"d\"]]\nfor r in 0..<3 { data delete 0:0 }\nbegin\nend",
            text:
                "Invalid batch updates detected: the number of sections and/or items returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [4] } Data source after updates = { 1 section with item counts: [1] } Updates = [ ] Collection view: <",
            collapsed: true),
        Report(
            source: "exyte/Chat#56 (2024, a table view)", ios: "17",
            script:
                "messages modern\nreset [[\"a\",\"b\",\"c\"]]\nfor r in 0..<3 { data delete 0:0 }\nbegin\ntable delete 0:1\ntable delete 0:0\nend",
            text:
                "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with row counts: [3] } Data source after updates = { 1 section with row counts: [0] } Updates = [ Delete row (0 - 1), Delete row (0 - 0) ]",
            collapsed: true),
        Report(
            source: "SwiftKickMobile/TLIndexPathTools#13 (2014)", ios: "7",
            script: "reset [[\"a\"],[\"b\"]]\nbegin\ninsert section 2\nmove 0:0 to 2:0\nend",
            text: "cannot move a row into a newly inserted section (2)"),
        Report(
            source: "SwifterSwift#693 (iOS 13, Xcode 11)", ios: "13", script: "print tableRows(0)",
            text: "Requested the number of rows for section (0) which is out of bounds."),
        Report(
            source: "vector-im/element-ios#4591 (2021)", ios: "14", script: "reset [[\"a\"]]\nprint tableRows(-1)",
            text: "Requested the number of rows for section (-1) which is out of bounds."),
    ]

    /// The text with runs of white space as one space, trimmed.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    @Test(arguments: reports)
    func theReportsTextComesOut(_ report: Report) throws {
        if report.logged {
            let run = try runListdsl(["--ios", report.ios, "-e", report.script])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.contains(report.text), "\(run.stderr)")
            return
        }
        let script = "expect error {\n" + report.script + "\n}\nprint lastError()"
        let run = try runListdsl(["--ios", report.ios, "-e", script])
        #expect(run.status == 0, "\(run.stderr)")
        let text = String(run.stdout.dropLast())  // print's line end
        let ours = report.collapsed ? Self.collapsed(text) : text
        let theirs = report.collapsed ? Self.collapsed(report.text) : report.text
        if report.text.hasSuffix("<") {
            // Up to the view's description, whose class and address are the app's.
            #expect(ours.hasPrefix(theirs), "\(ours)")
        } else {
            #expect(ours == theirs)
        }
    }
}
