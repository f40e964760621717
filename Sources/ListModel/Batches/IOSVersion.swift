/// The iOS whose UIKit is simulated (`ios 12`, `ios 16.4`, `--ios 12`): UIKit's texts and a few of its
/// rules changed between versions, and a crash log from a user's device printed that version's. The
/// default is today's iOS, `IOSVersion.current`. Every behaviour that depends on the version is a row of
/// `IOSVersion.rules`, with the versions it holds for and the reports it rests on; grammar.md's table is
/// that list (a test keeps them equal).
public struct IOSVersion: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let major: Int
    public let minor: Int

    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// Today's iOS (November 2026): the default.
    public static let current = IOSVersion(26)
    /// The oldest iOS simulated: UITableView's batch updates (`beginUpdates`) came with iPhone OS 2.
    public static let oldest = IOSVersion(2)

    /// `major`, or `major.minor` when the minor version is not 0.
    public var description: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }

    public static func < (a: IOSVersion, b: IOSVersion) -> Bool {
        (a.major, a.minor) < (b.major, b.minor)
    }

    /// The version `text` names (`12`, `16.4`), or nil when it is not one listdsl knows (iPhone OS 2 to
    /// today's iOS).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2,
            let major = Int64(parts[0]).flatMap({ Int(exactly: $0) }),
            parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            parts.count == 1 || (parts[1].allSatisfy({ $0.isASCII && $0.isNumber }) && !parts[1].isEmpty)
        else { return nil }
        let minor = parts.count == 2 ? Int64(parts[1]).flatMap({ Int(exactly: $0) }) ?? -1 : 0
        guard minor >= 0 && minor < 100 else { return nil }
        let version = IOSVersion(major, minor)
        guard version >= .oldest && version < IOSVersion(IOSVersion.current.major + 1) else { return nil }
        self = version
    }

    /// A behaviour of UIKit that depends on the iOS version.
    public struct Rule: Sendable {
        /// What changes, in a few words (grammar.md's first column).
        public let behaviour: String
        /// The classes it is about (both, unless it names one).
        public let views: [ViewKind]
        /// The versions it holds for: from `since` (inclusive) to `until` (exclusive); nil is open.
        public let since: IOSVersion?
        public let until: IOSVersion?
        /// What the simulator does in those versions.
        public let then: String
        /// What it does in the others.
        public let otherwise: String
        /// The reports it rests on, and what is not verified.
        public let sources: String

        init(
            _ behaviour: String, views: [ViewKind] = [.table, .collection], since: IOSVersion? = nil,
            until: IOSVersion? = nil, then: String, otherwise: String, sources: String
        ) {
            self.behaviour = behaviour
            self.views = views
            self.since = since
            self.until = until
            self.then = then
            self.otherwise = otherwise
            self.sources = sources
        }

        /// Whether the rule holds for `version` and the class `view`.
        public func holds(for version: IOSVersion, in view: ViewKind) -> Bool {
            views.contains(view) && (since.map { version >= $0 } ?? true) && (until.map { version < $0 } ?? true)
        }

        /// The versions, as grammar.md writes them: "iOS 5 and later", "iOS 13 to 16.3", "up to iOS 12".
        public var versions: String {
            switch (since, until) {
            case (let since?, nil): return "iOS \(since) and later"
            case (nil, let until?): return "up to iOS \(until.previous)"
            case (let since?, let until?):
                // "iOS 16.4 to 16.x" rather than "to 16".
                let last = until.minor == 0 && since.major == until.major - 1 ? "\(since.major).x" : until.previous
                return "iOS \(since) to \(last)"
            case (nil, nil): return "every iOS"
            }
        }
    }

    /// The version just before this one, as the rules' upper bounds are written (`13` → `12`, `16.4` → `16.3`).
    var previous: String { minor == 0 ? "\(major - 1)" : "\(major).\(minor - 1)" }

    /// Two spaces after the first sentence of UITableView's "Invalid update: invalid number of …" texts.
    public static let twoSpacesInTable = Rule(
        "spaces after `section N.` / `sections.` in the count texts", views: [.table], until: IOSVersion(13),
        then: "two (UIKit's format strings)", otherwise: "one",
        sources:
            "two: forkingdog/UITableView-FDTemplateLayoutCell#40 (2015), Roobiq/RBQFetchedResultsController#42 (iOS 9), vector-im/element-ios#1033 (iOS 10.3), akemin-dayo/PreferenceOrganizer2#48 (iOS 11.3.1), element-ios#2611 (iOS 12, not stated there); one: Dimillian/MovieSwiftUI#17 (iOS 13 beta), Automattic/simplenote-ios#730 (iOS 13.3.1), SwipeCellKit#374 (2020), deltachat/deltachat-ios#1142 (2021), element-ios#4270 (iOS 14.4.2)"
    )

    /// Two spaces after the first sentence of UICollectionView's count texts.
    public static let twoSpacesInCollection = Rule(
        "spaces after `section N.` / `sections.` in the count texts", views: [.collection], until: IOSVersion(14),
        then: "two", otherwise: "one",
        sources:
            "two: yapstudios/YapDatabase#380 (2016), Instagram/IGListKit#336 (iOS 10.1), MessageKit#1008 (iOS 12), IGListKit#1442 (iOS 13.4.1); one: Storyly#287 (iOS 15, 16), xmartlabs/XLPagerTabStrip#859 (iOS 17.1.2). iOS 14 not verified"
    )

    /// The row-count text's "and plus or minus the number of rows moved into or out of that section" clause.
    public static let movedClause = Rule(
        "the row-count text's \"moved into or out of that section\" clause", since: IOSVersion(5),
        then: "present", otherwise: "absent: the text ends after \"(N inserted, N deleted).\"",
        sources:
            "reference §2.1 and rule 10 (O5); present in every report from iOS 5 on; the older form rests on one undated, mirrored Stack Overflow page (not verified)"
    )

    /// The " Table view: <UITableView: 0x…; …>" tail, printed with `messages suffix on`.
    public static let suffix = Rule(
        "the ` Table view: <…>` / ` Collection view: <…>` tail (with `messages suffix on`)", since: IOSVersion(15),
        then: "appended, with a fixed address", otherwise: "none",
        sources:
            "absent: element-ios#4270 (iOS 14.4.2) and every iOS 13 console log; present: Storyly#287 (iOS 15, 16), paypal/paypalcheckout-ios#98 (\"iOS 14+\"), reference O1 (iOS 16.0), XLPagerTabStrip#859 (iOS 17.1.2). iOS 14.5 to 14.8 not verified"
    )

    /// The modern "Invalid batch updates detected" text exists (`messages modern` prints it).
    public static let modernText = Rule(
        "the modern text \"Invalid batch updates detected\" (with `messages modern`)", since: IOSVersion(16, 4),
        then: "for a count below what the updates imply", otherwise: "never: `messages modern` gives the classic text",
        sources:
            "Apple developer forums 728797 (a UIKit engineer: \"new as of iOS 16.4\"), forums 751732 (an Apple engineer: the reloadData fallback \"is now a hard exception\"; \"reloads are decomposed into a delete an an insert\"), wireapp/wire-ios#572 (\"Starting from iOS 16.4\"); a table view's with \"and/or\", so iOS 16.4 to 16.x: tasty-code/ios-contact-manager-ui (Xcode's banner, `]\\nTable view: <…>`)"
    )

    /// The modern text says "before and/or after" rather than "before and after".
    public static let andOr = Rule(
        "the modern text's \"before and/or after\"", since: IOSVersion(16, 4), until: IOSVersion(17),
        then: "\"before and/or after\"", otherwise: "\"before and after\"",
        sources:
            "and/or: forums 728797 (iOS 16.4.1), ra1028/DifferenceKit#155 (iOS 16.5), GetStream/stream-chat-swift#2848 (iOS 16.7.1); and: XLPagerTabStrip#859 (iOS 17.1.2), exyte/Chat#56 (2024), reference O2 (Xcode 26.6)"
    )

    /// UITableView raises for a row moved out of a deleted section or into an inserted one, instead of reloading.
    public static let tableMovesAcrossSections = Rule(
        "UITableView: a row moved out of a deleted section or into an inserted one", views: [.table],
        until: IOSVersion(11),
        then: "raises \"cannot move a row from a deleted section (N)\" / \"… into a newly inserted section (N)\"",
        otherwise: "accepted: no row-count check, ends with reloadData (reference rule 9)",
        sources:
            "raises: SwiftKickMobile/TLIndexPathTools#13 and #20 (2014), mmorey/MDMCoreData#14 (2014); reloads: UIKit-3698 (reference D1, iOS 11). iOS 9 and 10 not verified"
    )

    /// UICollectionView logs a failed count check and reloads, instead of raising.
    public static let collectionLogsAndReloads = Rule(
        "UICollectionView: a failed count check", views: [.collection], since: IOSVersion(13),
        until: IOSVersion(16, 4), then: "logged, and the collection view reloads", otherwise: "raises",
        sources:
            "logs: IGListKit#1442 (iOS 13.4.1), JoniVR/VerticalCardSwiper#62 (2020); raises: MessageKit#1008 (iOS 12), IGListKit#1576 (iOS 16.4 with Xcode 14.3), forums 728797"
    )

    /// The words of that log: iOS 13's, or the later "Performing reloadData as a fallback".
    public static let collectionLogWording = Rule(
        "UICollectionView: the log of a failed count check", views: [.collection], since: IOSVersion(14),
        until: IOSVersion(16, 4),
        then: "\"[UICollectionView] Performing reloadData as a fallback — TEXT Collection view: <…>\"",
        otherwise:
            "(iOS 13) \"[UICollectionView] TEXT - will perform reloadData. UICollectionView instance: <…>; currentUpdate: [UICollectionViewUpdate - 0x…: old:<UICollectionViewData: 0x…> new<UICollectionViewData: 0x…> items:<(…)>]\", the items one a line (`\"D(0,18)\"`)",
        sources:
            "iOS 13: IGListKit#1442, VerticalCardSwiper#62 and MvvmCross/MvvmCross#3861 (the tail, `old:<` and `new<` alike in both; one item, `D(0,18)`, and an empty list; the other items' forms are not verified); the later form, ending at the view's description: SwipeCellKit#452 (2023), anuraguppuluri/UnsplashAPI's README (a raw console, 2023, iOS 15.5 by its project); the version it changed in is not verified (iOS 14 has no report)"
    )

    /// UITableView raises when asked the number of rows of a section it does not have.
    public static let tableRowsRaises = Rule(
        "UITableView: `numberOfRows(inSection:)` of a missing section (`tableRows`)", views: [.table],
        since: IOSVersion(13), then: "raises \"Requested the number of rows for section (N) which is out of bounds.\"",
        otherwise: "answers NSNotFound, 9223372036854775807",
        sources:
            "raises: SwifterSwift#693 (iOS 13), stripe/stripe-ios#1426 (iOS 13), forums 759261 (iOS 17); NSNotFound: RxSwiftCommunity/RxDataSources#305 (2019, before iOS 13)"
    )

    /// iOS 5.0's UITableView words a row inserted past the end of its section without numbers.
    public static let genericInsertText = Rule(
        "UITableView: a row inserted past the end of its section (T11)", views: [.table], until: IOSVersion(5, 1),
        then:
            "raises \"Invalid table view update.  The application has requested an update to the table view that is inconsistent with the state provided by the data source.\"",
        otherwise:
            "raises \"attempt to insert row N into section S, but there are only M rows in section S after the update\"",
        sources:
            "the generic text: myell0w/MTStatusBarOverlay#41 (UIKit-1912.3, iOS 5.0; the repository's history shows one insertRows one past the end while the counts agreed); T11: AlexBarinov/UIBubbleTableView#5 (2012-08, iOS 5.1 by its date), paypal/PayPal-iOS-SDK#39 (UIKit-2380.17, iOS 6). The count texts are seen from iOS 5.1 (UIKit-1914.84, Stack Overflow 10134841); iOS 2 to 4 not verified"
    )

    /// UICollectionView on iOS 9 asserts when a section it reloads changed its item count in the same batch.
    public static let nilViewAnimation = Rule(
        "UICollectionView: a section reloaded while its item count changes", views: [.collection],
        since: IOSVersion(9), until: IOSVersion(10),
        then: "raises \"attempt to create view animation for nil view\" once every check has passed",
        otherwise: "accepted: a reloaded section's count is not checked",
        sources:
            "raises: rdar://28163205 (lionheart/openradar-mirror#15767; UIKit-3512.60.7, iOS 9.3; [4, 0] to [5, 0] items with both sections reloaded, \"reproducible: always\"); facebook/componentkit#394 (UIKit-3505.16, iOS 9.0/9.1: a section inserted with its items, \"frequently\", not simulated). No table view report; the assertion is still in iOS 18.2's UIKitCore, but no report after iOS 9 shows it. iOS 6 to 8 and 10 not verified"
    )

    /// UITableView's text for `scrollToRow(at:at:animated:)` to a row or section it does not have.
    public static let tableScrollText = Rule(
        "UITableView: `scroll` to a row or section it does not have", views: [.table], since: IOSVersion(13),
        then:
            "raises (NSRangeException) \"Attempted to scroll the table view to an out-of-bounds row (N) when there are only M rows in section S.\" (with `messages suffix on`, then ` Table view: <…>`); a section: \"… an out-of-bounds section (S) when there are only M sections.\"",
        otherwise:
            "raises \"-[UITableView _contentOffsetForScrollingToRowAtIndexPath:atScrollPosition:]: row (N) beyond bounds (M) for section (S).\"; a section: \"…: section (S) beyond bounds (M).\"",
        sources:
            "new: itsmeichigo/DateTimePicker#91 (2019-12, iOS 13, with the view's description), Provenance-Emu/Provenance#1876 (2022), Automattic/pocket-casts-ios#1565 (2024); a section: SURYAKANTSHARMA/CountryPicker#54 (2020-04, \"only 1 sections\"; whether the view's description follows is not verified); old: evgzor/CustomDatePickerView#3 and matghazaryan/SOMessaging#22 (2014, iOS 7), zendesk/zendesk_sdk_chat_ios#79 (2016), xmartlabs/Eureka#1219 (2017); a section: a crash catalogue's note (`section (2) beyond bounds (1).`)"
    )

    /// UITableView's older scroll texts name the public method up to iOS 5.
    public static let tableScrollPublicSelector = Rule(
        "UITableView: the method an old `scroll` text names", views: [.table], until: IOSVersion(6),
        then: "`-[UITableView scrollToRowAtIndexPath:atScrollPosition:animated:]`",
        otherwise: "`-[UITableView _contentOffsetForScrollingToRowAtIndexPath:atScrollPosition:]` (to iOS 12)",
        sources: "photokandyStudios/gbible#37 (2012-05, iOS 5); iOS 6 not verified"
    )

    /// UITableView's scroll texts of iOS 11 and 12 name the method with `usingPresentationValues:`.
    public static let tableScrollPresentationValues = Rule(
        "UITableView: `usingPresentationValues:` in an old `scroll` text", views: [.table], since: IOSVersion(11),
        until: IOSVersion(13),
        then: "`…atScrollPosition:usingPresentationValues:]`", otherwise: "`…atScrollPosition:]`",
        sources:
            "CodeWicky/DWLogger#1 (2018); the selector came with iOS 11's split of presentation and data index paths (inferred)"
    )

    /// UICollectionView's text for `scrollToItem(at:at:animated:)` to an item it does not have.
    public static let collectionScrollText = Rule(
        "UICollectionView: `scroll` to an item or section it does not have", views: [.collection],
        since: IOSVersion(15),
        then:
            "raises (NSInternalInconsistencyException) \"Attempted to scroll the collection view to an out-of-bounds item (N) when there are only M items in section S.\" (with `messages suffix on`, then ` Collection view: <…>.`); a section: \"… an out-of-bounds section (S) when there are only M sections.\" (not verified)",
        otherwise:
            "raises (NSInvalidArgumentException) \"attempt to scroll to invalid index path: <NSIndexPath: 0x…> {length = 2, path = S - I}\"",
        sources:
            "new: chiahsien/CHTCollectionViewWaterfallLayout#203 (2021-09, iOS 15), Provenance-Emu/Provenance#1771 and #1868 (2022), Coder-TanJX/JXBanner#30 (2022, \"only 1 items\"), SRGSSR/playsrg-apple#180 (iOS 15); old: tuoxie007/HSUDatePicker#5 (2015, iOS 8), johntvolk/ExpandableColumnLayout#6 (2016), patchthecode/JTAppleCalendar#922 (iOS 12), v15a1/Glideshow#14 (iOS 12.5.1). iOS 13 and 14 not verified"
    )

    /// Every version-dependent behaviour, in grammar.md's order.
    public static let rules: [Rule] = [
        twoSpacesInTable, twoSpacesInCollection, movedClause, suffix, modernText, andOr, tableMovesAcrossSections,
        collectionLogsAndReloads, collectionLogWording, tableRowsRaises, genericInsertText, nilViewAnimation,
        tableScrollText, tableScrollPublicSelector, tableScrollPresentationValues, collectionScrollText,
    ]

    /// Whether `rule` holds for this version in the class `view`.
    public func has(_ rule: Rule, in view: ViewKind) -> Bool { rule.holds(for: self, in: view) }
}
