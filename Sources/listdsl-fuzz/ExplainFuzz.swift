import ListFormats
import ListModel
import ListTeaching

/// The explain mode: arbitrary bytes as a crash log `listdsl explain` reads (grown from the corpus of public
/// reports, Tests/Explain/reports).
///
/// Oracles: the texts found are in the input, in order, apart; each raised or logged text, worded again for
/// a view and version the reader says print it, reads back as the same value (the reader is the wording's
/// inverse); every explanation has a check and, unless no script can raise it, a script that parses and
/// runs within its limits; and the report renders as text and as JSON that reads.
enum ExplainFuzz {
    static func run(_ bytes: [UInt8]) {
        let (found, _) = UIKitTextReader.read(bytes)
        var end = 0
        for text in found {
            guard text.range.lowerBound >= end, text.range.upperBound <= bytes.count, !text.range.isEmpty else {
                FuzzTarget.finding("a text found at \(text.range) is out of order or outside the \(bytes.count) bytes")
            }
            end = text.range.upperBound
            guard let value = text.uikitText, let wording = text.wordings.first, let ios = wording.versions.last else {
                continue
            }
            let words = value.worded(for: wording.view, ios: ios)
            let again = UIKitTextReader.read(Array(words.utf8)).found
            guard again.count == 1, again[0].uikitText == value else {
                FuzzTarget.finding("\(value) worded for \(wording.view) on iOS \(ios) does not read back: \(words)")
            }
        }
        let report = ExplainReport(name: "fuzz", input: bytes)
        for e in report.explained where e.check.isEmpty {
            FuzzTarget.finding("an explanation without a check: \(e.given)")
        }
        _ = report.text
        guard case .success = PropertyTree.parseJSON(Array(report.json.utf8)) else {
            FuzzTarget.finding("the report's JSON does not read: \(report.json)")
        }
    }

    /// The words the texts are made of, as a libFuzzer dictionary.
    static var dictionary: String {
        FuzzTarget.dictionaryLines([
            "Invalid update: invalid number of rows in section ", "Invalid update: invalid number of sections.",
            "  The number of rows contained in an existing section after the update (",
            ") must be equal to the number of rows contained in that section before the update (",
            "), plus or minus the number of rows inserted or deleted from that section (", " inserted, ",
            " deleted) and plus or minus the number of rows moved into or out of that section (", " moved in, ",
            " moved out).", "attempt to delete row ", "attempt to insert item ", " from section ", " into section ",
            " which only contains ", " rows before the update", ", but there are only ", " items after the update",
            "attempt to delete and reload the same index path (<NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 1})",
            "Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates.",
            "\nData source before updates = { 1 section with row counts: [3] }",
            "\nUpdates = [\n\tDelete row (0 - 2),\n]",
            "[UICollectionView] ", "Performing reloadData as a fallback — ",
            " - will perform reloadData. UICollectionView instance: <UICollectionView: 0x1>",
            " Table view: <UITableView: 0x7f; frame = (0 0; 390 844); layer = <CALayer: 0x6>>",
            "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    a,\n    \"b c\"\n)}",
            "Attempted to reload item identifier that does not exist in the snapshot: X",
            "cannot move a row from a deleted section (",
            "reason: '", "\\n", "9223372036854775807", "\u{A0}",
        ])
    }
}
