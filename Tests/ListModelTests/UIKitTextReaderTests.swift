import Testing

@testable import ListModel

/// The reader is the inverse of the wording: every text the simulator can word, in every view, iOS
/// version and tail setting, and in the forms pages and crash reports leave it in, reads back as the value
/// it was worded from, with that view and version among those the reader gives.
@Suite struct UIKitTextReaderTests {
    /// The texts of every case, their numbers drawn from `seed` (small ones, and an index path's row
    /// NSNotFound for a section's), and for the modern text lists of every kind of update.
    static func values(seed: UInt64) -> [UIKitText] {
        var random = SeededGenerator(seed: seed)
        var values: [UIKitText] = []
        for kind in UIKitText.Kind.allCases where kind != .repeatedInCollectionView {
            let probe = UIKitText.probe(kind)
            let drawn = UIKitText.sentinels.map { _ in random.below(4) == 0 ? random.below(2_000) : random.below(13) }
            values.append(probe.mappingNumbers { n in UIKitText.sentinels.firstIndex(of: n).map { drawn[$0] } ?? n })
        }
        values.append(.deleteAndReloadSamePath(.forSection(random.below(5))))
        let updates: [Update] = [
            .deleteRow(IndexPath(section: 0, row: random.below(9))), .insertRow(IndexPath(section: 1, row: 0)),
            .reloadRow(IndexPath(section: 0, row: 2)),
            .moveRow(from: IndexPath(section: 1, row: 3), to: IndexPath(section: 0, row: random.below(9))),
            .deleteSection(random.below(3)), .insertSection(2), .reloadSection(1), .moveSection(from: 0, to: 3),
        ]
        for count in [0, 1, 3, 8] {
            let before = (0..<(1 + random.below(3))).map { _ in random.below(30) }
            let after = (0..<(1 + random.below(3))).map { _ in random.below(30) }
            values.append(.invalidBatchUpdates(before: before, after: after, updates: Array(updates.prefix(count))))
        }
        return values
    }

    /// Whether `value`'s text in `view` on `ios` prints every number the value holds: not the moves before
    /// iOS 5; not a scroll to a missing section's row (only its section), nor the rows of a collection view's
    /// section before iOS 15 (`attempt to scroll to invalid index path` names the path alone), nor the
    /// sections of a missing section there.
    static func printsEveryNumber(_ value: UIKitText, _ view: ViewKind, _ ios: IOSVersion) -> Bool {
        switch value {
        case .invalidRowCount: ios.has(IOSVersion.movedClause, in: view)
        case .scrollRowPastEnd: view == .table || ios.has(IOSVersion.collectionScrollText, in: view)
        case .scrollSectionPastEnd: false
        default: true
        }
    }

    /// The only text read from `input`.
    static func readOne(_ input: String) -> UIKitTextReader.Found? {
        let (found, _) = UIKitTextReader.read(Array(input.utf8))
        return found.count == 1 ? found[0] : nil
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyWordedTextReadsBackAsItsValue(seed: UInt64) {
        var checked = 0
        for value in Self.values(seed: seed) {
            for view in [ViewKind.table, .collection] {
                for ios in IOSVersion.known {
                    for suffix in [false, true] {
                        let text = value.worded(for: view, ios: ios, suffix: suffix)
                        guard let found = Self.readOne(text) else {
                            Issue.record("not read (\(view), iOS \(ios), suffix \(suffix)): \(text)")
                            continue
                        }
                        // Read, then worded again, the text is itself; and it is the value, but for the numbers
                        // the text does not print (0 then).
                        #expect(found.uikitText?.worded(for: view, ios: ios, suffix: suffix) == text, "\(text)")
                        if Self.printsEveryNumber(value, view, ios) { #expect(found.uikitText == value, "\(text)") }
                        #expect(found.range == 0..<text.utf8.count, "\(text)")
                        // A collection view's scroll text ends with a full stop after the view.
                        let shown = suffix && (text.hasSuffix(">") || text.hasSuffix(">."))
                        #expect(found.hasViewDescription == shown, "\(text)")
                        if value.raises(in: view, ios: ios) {
                            let versions = found.wordings.first { $0.view == view }?.versions ?? []
                            #expect(versions.contains(ios), "\(view), iOS \(ios) not among \(found.wordings): \(text)")
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 2_000)
    }

    /// The forms a text takes in the field read as the text itself: re-wrapped, its blanks collapsed, its
    /// index paths with their addresses, inside an Xcode console's line, escaped in an `.ips` report's JSON.
    @Test(arguments: [
        "rewrapped", "collapsed", "addresses", "console", "ips", "no-break spaces",
    ])
    func fieldFormsReadAsTheText(_ form: String) {
        for value in Self.values(seed: 7) {
            for view in [ViewKind.table, .collection] {
                let ios = IOSVersion(16, 4)
                let text = value.worded(for: view, ios: ios, suffix: true)
                let input: String
                switch form {
                case "rewrapped":
                    input = String(
                        text.enumerated().map { $0.offset % 37 == 36 && $0.element == " " ? "\n" : $0.element })
                case "collapsed":
                    input = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
                case "addresses":
                    input = text.replacing("<NSIndexPath>", with: "<NSIndexPath: 0xc000000000200016>")
                case "console":
                    input =
                        "2024-03-01 12:00:00.123 App[123:4567] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '"
                        + text + "'\n*** First throw call stack:\n(0x1a2b3c 0x1a2b3d)"
                case "ips":
                    input =
                        #"{"exception" : {"type" : "EXC_CRASH"}, "reason" : ""#
                        + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"").replacing("\n", with: "\\n")
                        .replacing("\t", with: "\\t") + #""}"#
                default:
                    input = text.replacing(" ", with: "\u{A0}")
                }
                let found = Self.readOne(input)
                if Self.printsEveryNumber(value, view, ios) {
                    #expect(found?.uikitText == value, "\(form): \(input)")
                } else {
                    #expect(found?.uikitText?.worded(for: view, ios: ios, suffix: true) == text, "\(form): \(input)")
                }
            }
        }
    }

    /// The two spaces after a count text's first sentence say iOS 12 or earlier for a table view; one space,
    /// later; the view's description says iOS 15 or later; "and/or", iOS 16.4 to 16.x.
    @Test func theFormSaysTheVersion() throws {
        let count = UIKitText.invalidRowCount(
            section: 0, after: 3, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)
        let old = try #require(Self.readOne(count.worded(for: .table, ios: IOSVersion(9))))
        #expect(old.gap == .twoSpaces)
        #expect(old.wordings.map(\.view) == [.table])
        #expect(old.wordings[0].versions.first == IOSVersion(5) && old.wordings[0].versions.last == IOSVersion(12))
        let new = try #require(Self.readOne(count.worded(for: .table, ios: IOSVersion(17), suffix: true)))
        #expect(new.gap == .one && new.hasViewDescription)
        #expect(new.wordings[0].versions.first == IOSVersion(15) && new.wordings[0].versions.last == .current)
        // One space alone does not date a text: reporters collapse the two of older versions.
        let collapsed = try #require(Self.readOne(count.worded(for: .table, ios: IOSVersion(17))))
        #expect(
            collapsed.wordings[0].versions.first == IOSVersion(5) && collapsed.wordings[0].versions.last == .current)
        let modern = UIKitText.invalidBatchUpdates(
            before: [3], after: [3], updates: [.insertRow(IndexPath(section: 0, row: 0))])
        let andOr = try #require(Self.readOne(modern.worded(for: .collection, ios: IOSVersion(16, 4))))
        #expect(andOr.wordings == [.init(view: .collection, versions: [IOSVersion(16, 4)])])
        // Words both views print alike are both views'.
        let both = try #require(
            Self.readOne(UIKitText.deleteAndReloadSamePath(IndexPath(section: 0, row: 1)).worded(for: .table)))
        #expect(both.wordings.map(\.view) == [.table, .collection])
    }

    /// UICollectionView's log of iOS 13 to 16.3, in both its forms, and the diffable data source's texts.
    @Test func logsAndDiffableTexts() throws {
        let count = UIKitText.invalidRowCount(
            section: 1, after: 2, before: 4, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)
        let lists: [[Update]] = [
            [.deleteRow(IndexPath(section: 1, row: 3))], [],
            [
                .deleteSection(2), .deleteRow(IndexPath(section: 1, row: 3)), .insertRow(IndexPath(section: 0, row: 0)),
                .insertSection(3), .moveRow(from: IndexPath(section: 0, row: 1), to: IndexPath(section: 1, row: 0)),
                .moveSection(from: 4, to: 5),
            ],
        ]
        for ios in [IOSVersion(13), IOSVersion(15)] {
            for updates in lists {
                let log = UIKitMessage.collectionViewLog(count, updates: updates, ios: ios)
                let found = try #require(Self.readOne("2021-01-01 App[1:2] " + log + "\nnext line"), "\(log)")
                #expect(found.uikitText == count)
                #expect(found.wordings.first?.versions.contains(ios) == true)
                guard case .logged(_, let form) = found.text else { return #expect(Bool(false), "\(found.text)") }
                #expect(form == (ios == IOSVersion(13) ? .willPerformReloadData : .performingReloadDataAsAFallback))
                // iOS 13's log goes on with the update's items, read to its end; the later form has none.
                #expect(found.logUpdates == (ios == IOSVersion(13) ? updates : nil))
                #expect(found.range.upperBound == "2021-01-01 App[1:2] ".utf8.count + log.utf8.count)
            }
        }
        let duplicates = UIKitMessage.duplicateIdentifiers("item", ["Milk", "a \"b\""])
        #expect(
            Self.readOne(duplicates)?.text == .duplicateIdentifiers(kind: "item", identifiers: ["Milk", "a \"b\""]))
        let missing = UIKitMessage.missingItemIdentifier("reconfigure", "Tea")
        #expect(Self.readOne(missing)?.text == .missingItemIdentifier(action: "reconfigure", identifier: "Tea"))
    }

    /// Several texts in one log are each read, in order; a text that stops short is a near miss that says
    /// what was expected; text that is none is nothing.
    @Test func aLogWithSeveralTextsAndNearMisses() {
        let a = UIKitText.deleteMissingRow(IndexPath(section: 0, row: 5), rowsBefore: 5).worded(for: .table)
        let b = UIKitText.insertRowPastEnd(IndexPath(section: 2, row: 3), rowsAfter: 3).worded(for: .collection)
        let log =
            "start\n" + a + "\nnoise attempt to fly\n" + b + "\nInvalid update: invalid number of rows in section x.\n"
        let (found, misses) = UIKitTextReader.read(Array(log.utf8))
        #expect(
            found.map(\.uikitText) == [
                .deleteMissingRow(IndexPath(section: 0, row: 5), rowsBefore: 5),
                .insertRowPastEnd(IndexPath(section: 2, row: 3), rowsAfter: 3),
            ])
        #expect(misses.contains { $0.expected == "a number" && $0.found.hasPrefix("'x.") }, "\(misses)")
        #expect(UIKitTextReader.read(Array("index 5 beyond bounds [0 .. 4]".utf8)).found.isEmpty)
    }
}
