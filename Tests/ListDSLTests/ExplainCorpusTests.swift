import Foundation
import Testing

@testable import ListModel
@testable import ListTeaching

/// Every public crash report of the corpus (Tests/Explain/reports: 130 reports from issue trackers and
/// forums, each with its source, and 10 texts that only look like UIKit's): `explain` reads each report's
/// texts and reproduces them word for word (119 of 130), but for the reports listed below, each with the reason; and it
/// reproduces nothing from the look-alikes.
@Suite struct ExplainCorpusTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Explain/reports")

    /// The reports not reproduced, by the start of their file name: whether their text is read (and
    /// explained) all the same, and why it is not reproduced.
    static let exceptions: [String: (read: Bool, why: String)] = [
        "001": (false, "the quote stops before the text's moved clause"),
        "022": (false, "only the modern text's first sentence is quoted"),
        "029": (false, "the quote stops before the text's last word"),
        "046": (false, "the stored copy of the page ends in the middle of the text"),
        "050": (false, "Markdown bold in the middle of the text ('**after the update (0)')"),
        "053": (false, "the stored copy of the page ends in the middle of the updates"),
        "059": (
            false,
            "iOS 13's first diffable wording, with no 'item' and no identifiers, which the simulator does not print"
        ),
        "060": (false, "a section snapshot's wording, which the simulator does not print"),
        "061": (true, "Sentry's copy of the text, flattened, with an identifier that is a Swift value"),
        "070": (false, "the stored copy of the page ends in the middle of the text"),
        "099": (false, "UITableView's internal section-map error, not one of the checks the simulator models"),
    ]

    /// Each report's text, after its header (`# ---`).
    static func reports() throws -> [(file: String, text: String)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".txt") }
        return try files.sorted().map { file in
            let whole = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            return (file, whole.components(separatedBy: "# ---\n").dropFirst().joined(separator: "# ---\n"))
        }
    }

    @Test func everyReportIsReadAndReproducedButTheListedOnes() throws {
        let reports = try Self.reports()
        #expect(reports.count == 140)
        var reproduced = 0
        for (file, text) in reports {
            let (explained, _) = Explanation.explain(Array(text.utf8))
            let verdicts = explained.map {
                ($0.found.uikitText.map { $0.kind.rawValue } ?? "diffable", $0.reproduction)
            }
            if file.contains("-not-batch-") {
                #expect(!explained.contains { $0.reproduction.matches }, "\(file): a look-alike was reproduced")
                continue
            }
            if let exception = Self.exceptions[String(file.prefix(3))] {
                #expect(!explained.isEmpty == exception.read, "\(file): \(exception.why)")
                #expect(
                    !explained.contains { $0.reproduction.matches }, "\(file) is reproduced now: take it off the list")
                continue
            }
            #expect(!explained.isEmpty, "\(file): nothing read")
            for (kind, reproduction) in verdicts {
                #expect(
                    reproduction.matches,
                    "\(file) (\(kind)): \(reproduction.impossible ?? reproduction.simulated ?? "nothing raised")\n\(reproduction.script)"
                )
            }
            if !explained.isEmpty && verdicts.allSatisfy({ $0.1.matches }) { reproduced += 1 }
        }
        #expect(reproduced == 119, "reproduced word for word: \(reproduced) of 130 reports")
    }

    /// A look-alike whose numbers add up is read, and explain says UIKit would not raise it.
    @Test func aTextWhoseNumbersAddUpIsNotReproduced() throws {
        let text = try #require(try Self.reports().first { $0.file.hasPrefix("112-") }?.text)
        let (explained, _) = Explanation.explain(Array(text.utf8))
        #expect(explained.first?.reproduction.impossible?.hasPrefix("its numbers add up") == true)
    }
}

/// Every text the simulator can raise is reproduced: a value of each case with numbers a real batch could
/// give, worded for each view and iOS version that raises it, is explained with a script that makes the
/// simulator raise it word for word.
@Suite struct ExplainReproducesEveryTextTests {
    static func path(_ s: Int, _ r: Int) -> ListModel.IndexPath { ListModel.IndexPath(section: s, row: r) }

    static let values: [UIKitText] = [
        .deleteAndReloadSamePath(path(0, 1)), .deleteAndReloadSamePath(ListModel.IndexPath.forSection(1)),
        .deleteAndMoveSameSection(1), .deleteAndMoveSamePath(path(0, 1)),
        .deleteMissingSection(3, sectionsBefore: 2), .deleteRowFromMissingSection(path(4, 0), sectionsBefore: 2),
        .deleteMissingRow(path(0, 5), rowsBefore: 5), .insertAndMoveSameSection(1), .insertAndMoveSamePath(path(0, 1)),
        .insertSectionPastEnd(3, sectionsAfter: 2), .insertRowIntoMissingSection(path(3, 0), sectionsAfter: 2),
        .insertRowPastEnd(path(0, 4), rowsAfter: 3), .moveMissingSection(3, sectionsBefore: 2),
        .moveSectionPastEnd(from: 0, to: 3, sectionsAfter: 2),
        .moveRowFromMissingSection(path(3, 0), sectionsBefore: 2),
        .moveMissingRow(path(0, 4), rowsBefore: 3),
        .moveRowIntoMissingSection(from: path(0, 0), to: path(3, 0), sectionsAfter: 2),
        .moveRowPastEnd(from: path(0, 0), to: path(0, 5), rowsAfter: 3), .sectionMovedTwice(0, first: 1, second: 2),
        .rowMovedTwice(path(0, 0), first: path(0, 1), second: path(0, 2)),
        .sectionsMovedToOne(first: 0, second: 1, destination: 2),
        .rowsMovedToOne(first: path(0, 0), second: path(0, 1), destination: path(0, 2)),
        .invalidSectionCount(after: 2, before: 2, inserted: 1, deleted: 0),
        .invalidRowCount(section: 1, after: 3, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0),
        .invalidRowCount(section: 0, after: 3, before: 5, inserted: 1, deleted: 2, movedIn: 1, movedOut: 1),
        .invalidBatchUpdates(before: [3], after: [1], updates: [.deleteRow(path(0, 2)), .insertRow(path(0, 0))]),
        .invalidBatchUpdates(before: [3, 2], after: [3, 2], updates: [.insertRow(path(1, 0))]),
        .cannotMoveFromDeletedSection(0), .cannotMoveIntoInsertedSection(1), .inconsistentTableUpdate,
        .viewAnimationForNilView, .scrollRowPastEnd(path(0, 2), rows: 2), .scrollRowPastEnd(path(1, 0), rows: 0),
        .scrollSectionPastEnd(path(3, 0), sections: 2),
    ]

    @Test(arguments: values.indices)
    func theTextIsReproducedInEveryViewAndVersionThatRaisesIt(_ k: Int) {
        let value = Self.values[k]
        for view in [ViewKind.table, .collection] {
            for ios in IOSVersion.known
            where value.raises(in: view, ios: ios) && (view == .table || ios >= IOSVersion(6)) {
                for suffix in [false, true] {
                    let text = value.worded(for: view, ios: ios, suffix: suffix)
                    let (explained, _) = Explanation.explain(Array(text.utf8))
                    guard let e = explained.first else {
                        Issue.record("not read: \(text)")
                        continue
                    }
                    #expect(
                        e.reproduction.matches,
                        "\(view), iOS \(ios), suffix \(suffix): \(text)\nscript:\n\(e.reproduction.script)\nsimulated: \(e.reproduction.impossible ?? e.reproduction.simulated ?? "nothing")"
                    )
                }
            }
        }
    }
}
