import ListModel
import Testing

/// The iOS versions listdsl simulates: how `ios VERSION` reads one, which rules hold where, and
/// grammar.md's table, which is `IOSVersion.rules` written out (a new rule must reach it).
@Suite struct IOSVersionTests {
    @Test(arguments: [
        ("12", IOSVersion(12)), ("16.4", IOSVersion(16, 4)), ("2", IOSVersion(2)), ("26", IOSVersion(26)),
        ("26.3", IOSVersion(26, 3)), ("13.0", IOSVersion(13)),
    ])
    func aVersionIsRead(_ text: String, _ version: IOSVersion) {
        #expect(IOSVersion(text) == version)
    }

    @Test(arguments: ["1", "27", "40", "", "16.", ".4", "16.4.1", "x", "-3", "16.100", "１２", "99999999999999999999"])
    func anythingElseIsNot(_ text: String) {
        #expect(IOSVersion(text) == nil)
    }

    @Test func theDefaultIsTodaysIOS() {
        #expect(IOSVersion.current == IOSVersion(26))
        #expect(IOSVersion.current.description == "26")
        #expect(IOSVersion(16, 4).description == "16.4")
    }

    /// Each rule's edges: the last version before it and the first in it (or the last in it and the first after).
    @Test(arguments: [
        (IOSVersion.twoSpacesInTable, ViewKind.table, IOSVersion(12, 4), true),
        (IOSVersion.twoSpacesInTable, .table, IOSVersion(13), false),
        (IOSVersion.twoSpacesInTable, .collection, IOSVersion(12), false),
        (IOSVersion.twoSpacesInCollection, .collection, IOSVersion(13, 7), true),
        (IOSVersion.twoSpacesInCollection, .collection, IOSVersion(14), false),
        (IOSVersion.movedClause, .table, IOSVersion(4, 3), false),
        (IOSVersion.movedClause, .table, IOSVersion(5), true),
        (IOSVersion.suffix, .table, IOSVersion(14, 8), false),
        (IOSVersion.suffix, .collection, IOSVersion(15), true),
        (IOSVersion.modernText, .collection, IOSVersion(16, 3), false),
        (IOSVersion.modernText, .table, IOSVersion(16, 4), true),
        (IOSVersion.andOr, .collection, IOSVersion(16, 7), true),
        (IOSVersion.andOr, .collection, IOSVersion(17), false),
        (IOSVersion.tableMovesAcrossSections, .table, IOSVersion(10, 3), true),
        (IOSVersion.tableMovesAcrossSections, .table, IOSVersion(11), false),
        (IOSVersion.collectionLogsAndReloads, .collection, IOSVersion(12, 4), false),
        (IOSVersion.collectionLogsAndReloads, .collection, IOSVersion(13), true),
        (IOSVersion.collectionLogsAndReloads, .collection, IOSVersion(16, 3), true),
        (IOSVersion.collectionLogsAndReloads, .collection, IOSVersion(16, 4), false),
        (IOSVersion.collectionLogsAndReloads, .table, IOSVersion(14), false),
        (IOSVersion.tableRowsRaises, .table, IOSVersion(12, 5), false),
        (IOSVersion.tableRowsRaises, .table, IOSVersion(13), true),
    ])
    func aRuleHoldsWhereItSays(_ rule: IOSVersion.Rule, _ view: ViewKind, _ version: IOSVersion, _ holds: Bool) {
        #expect(version.has(rule, in: view) == holds, "\(rule.behaviour) on iOS \(version)")
    }

    /// The versions as grammar.md's table writes them.
    @Test func theVersionsAreWordedAsTheTableWritesThem() {
        #expect(IOSVersion.twoSpacesInTable.versions == "up to iOS 12")
        #expect(IOSVersion.collectionLogsAndReloads.versions == "iOS 13 to 16.3")
        #expect(IOSVersion.suffix.versions == "iOS 15 and later")
    }

    /// grammar.md's table: one row per rule, in order, with every column.
    static var table: String {
        var lines = [
            "| behaviour | class | versions | then | other versions | sources |",
            "|---|---|---|---|---|---|",
        ]
        for rule in IOSVersion.rules {
            let views = rule.views.count == 2 ? "both" : rule.views[0] == .table ? "UITableView" : "UICollectionView"
            let cells = [rule.behaviour, views, rule.versions, rule.then, rule.otherwise, rule.sources]
            lines.append("| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    @Test func grammarHasTheTable() throws {
        let grammar = try packageFile("grammar.md")
        #expect(grammar.contains(Self.table), "grammar.md's table should be:\n\(Self.table)")
    }
}
