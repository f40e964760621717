/// Reads UIKit's batch-update texts back into the values `UIKitText` words, out of whatever a developer
/// has: a bare reason, an Xcode console, a crash report, a page copied as text (`listdsl explain`).
///
/// The reader is the inverse of the wording. Each case's template is its probe (`UIKitText.probe`) worded
/// by `worded(for:ios:suffix:)` for each view and each known iOS version, with the probe's sentinel numbers
/// as holes; a text is read by matching it against the templates, and its value is the probe with the
/// numbers found in place of the sentinels. So a case the simulator learns to word is read at once, and a
/// test words every case in every form and reads it back. Matching is forgiving where pages and crash
/// reporters change a text: any run of blanks, line breaks or `\n` escapes stands for a blank, and an
/// `<NSIndexPath: 0x…>` is read with or without its address. Which views and iOS versions print the text
/// as it is given (two spaces after its first sentence, the view's description after it, "and/or") is
/// found by wording the value again for each and comparing.
///
/// Time is linear in the input: the reader stops only at the first words a template can start with, and
/// no template is longer than a few hundred bytes (the modern text's lists are read item by item).
public enum UIKitTextReader {
    /// A text found in the input.
    public struct Found: Equatable, Sendable {
        /// What the text is.
        public var text: Text
        /// For each view whose words these are, the known iOS versions that print the text as it is given
        /// (`IOSVersion.known`): one view, or both when the words are the same for a table and a collection
        /// view.
        public var wordings: [Wording]
        /// How many blanks follow the count texts' first sentence, when the text has one.
        public var gap: Gap
        /// Whether the text is followed by the view's description (` Table view: <UITableView: 0x…; …>`),
        /// which iOS 15 and later print after a count text.
        public var hasViewDescription: Bool
        /// Where the text is in the input (bytes).
        public var range: Range<Int>
        /// Whether the text lacks its first sentence (`Invalid update: invalid number of rows in section N.`),
        /// as forum posts often quote a count text: its section is then not known (0 is read).
        public var partial = false
        /// Whether a repeated identifier is printed bare where a string would be quoted (a Swift value's
        /// description: `Mastodon.StatusItem.thread(…)`).
        public var identifiersAreValues = false
        /// The update items iOS 13's log lists after the view's description (`; currentUpdate: [… items:<(…)>]`),
        /// when the input has them.
        public var logUpdates: [Update]?

        /// What a found text is.
        public enum Text: Equatable, Sendable {
            /// An exception's reason.
            case raised(UIKitText)
            /// UICollectionView's log of a failed count check (iOS 13 to 16.3), after which it reloads.
            case logged(UIKitText, LogForm)
            /// A diffable data source's snapshot with a repeated identifier (`kind`: `item` or `section`).
            case duplicateIdentifiers(kind: String, identifiers: [String])
            /// A diffable data source asked to reload or reconfigure (`action`) an item it does not have.
            case missingItemIdentifier(action: String, identifier: String)
        }

        /// The two words of UICollectionView's log.
        public enum LogForm: Equatable, Sendable {
            /// iOS 13: `[UICollectionView] TEXT - will perform reloadData. UICollectionView instance: <…>`.
            case willPerformReloadData
            /// iOS 14 to 16.3: `[UICollectionView] Performing reloadData as a fallback — TEXT Collection view: <…>`.
            case performingReloadDataAsAFallback
        }

        /// The blanks after a count text's first sentence (`section 0.` / `sections.`).
        public enum Gap: Equatable, Sendable {
            /// The text has no such sentence.
            case none
            /// Two spaces: UIKit's format up to iOS 12 (UITableView) or 13 (UICollectionView).
            case twoSpaces
            /// One blank: later versions, or any version whose two spaces a crash reporter or a page
            /// collapsed (the versions found count both).
            case one
        }

        /// A view and the versions that print the text so.
        public struct Wording: Equatable, Sendable {
            public var view: ViewKind
            public var versions: [IOSVersion]
        }

        /// The UIKit text, whatever its form.
        public var uikitText: UIKitText? {
            switch text {
            case .raised(let t), .logged(let t, _): t
            default: nil
            }
        }
    }

    /// Words that start a batch-update text but did not go on as one: where, what was expected there and
    /// what was found, for the message "expected …".
    public struct NearMiss: Equatable, Sendable {
        public var range: Range<Int>
        /// The text that was read before the place where it stopped matching.
        public var read: String
        /// What the closest template wanted next.
        public var expected: String
        /// What the input had there (a few words).
        public var found: String
    }

    /// The most texts `read` returns, and the most near misses: a log with more is read that far (its
    /// memory stays in proportion to the input, whatever it holds).
    public static let maximumTexts = 1_000

    /// The batch-update texts in `input`, in order (at most `maximumTexts`), and the near misses (at most as
    /// many) where none was read.
    public static func read(_ input: [UInt8]) -> (found: [Found], nearMisses: [NearMiss]) {
        input.withUnsafeBufferPointer { b in
            var found: [Found] = []
            var misses: [NearMiss] = []
            var i = 0
            var nextFree = 0  // the end of the last text found: nothing inside it is read again
            while i < b.count && found.count < maximumTexts {
                let starts = Templates.shared.anchorStart[Int(b[i])]
                guard !starts.isEmpty else {
                    i += 1
                    continue
                }
                var best: Found?
                var closest: (reached: Int, miss: NearMiss)?
                for anchor in starts where Reader.hasWords(b, anchor.bytes, at: i) {
                    switch anchor.kind {
                    case .templates(let list):
                        let (value, miss) = readTemplated(b, at: i, from: list, raised: true)
                        if let value, value.range.upperBound > (best?.range.upperBound ?? -1) { best = value }
                        if let miss, miss.reached > (closest?.reached ?? -1) { closest = miss }
                    case .modern:
                        let (value, miss) = readModern(b, at: i)
                        if let value { best = value }
                        if let miss, miss.reached > (closest?.reached ?? -1) { closest = miss }
                    case .collectionLog:
                        if let value = readCollectionLog(b, at: i) { best = value }
                    case .duplicateIdentifiers:
                        if let value = readDuplicateIdentifiers(b, at: i) { best = value }
                    case .missingItem:
                        if let value = readMissingItem(b, at: i) { best = value }
                    }
                }
                if let best {
                    found.append(best)
                    nextFree = best.range.upperBound
                    i = nextFree
                } else {
                    // Words that only start like a text ("The", "Invalid") are no near miss: a few words in.
                    // A text's second sentence is read on its own too: the same miss, found twice, is said once.
                    if let closest, closest.reached - i >= Self.nearMissLength,
                        misses.last?.range.upperBound != closest.reached, misses.count < maximumTexts
                    {
                        misses.append(closest.miss)
                    }
                    i += 1
                }
            }
            return (found, misses)
        }
    }

    /// How far into a text's words the input must go along before it is a near miss when it stops.
    static let nearMissLength = 24

    // MARK: Templates

    /// A piece of a template.
    enum Token: Equatable {
        /// Bytes as they are.
        case literal([UInt8])
        /// One or more blanks.
        case blank
        /// A number: the sentinel at this index of `UIKitText.sentinels`.
        case number(Int)
        /// `<NSIndexPath>`, or `<NSIndexPath: 0x…>` with the address an index path prints.
        case indexPathOpen
    }

    /// A case's words as one or more (view, version) pairs word them.
    struct Template {
        var kind: UIKitText.Kind
        var tokens: [Token]
        /// The words exactly, as compared with a text read (its blanks made canonical).
        var canonical: [UInt8]
        var pairs: [(view: ViewKind, ios: IOSVersion)]
        /// A count text from its second sentence on (`The number of …`), as forum posts quote it.
        var partial = false
    }

    /// Where reading may start, and what reads from there.
    struct Anchor {
        enum Kind {
            case templates([Int])
            case modern
            case collectionLog
            case duplicateIdentifiers
            case missingItem
        }
        var bytes: [UInt8]
        var kind: Kind
    }

    /// Every template, and the anchors by their first byte; made once.
    final class Templates: @unchecked Sendable {
        static let shared = Templates()
        let all: [Template]
        /// The anchors starting with each byte: their first words (up to three, one space between), which
        /// must all be there before any template is tried (a log full of "attempt" and "The" costs a few
        /// comparisons a word).
        let anchorStart: [[Anchor]]

        init() {
            var all: [Template] = []
            var index: [String: Int] = [:]
            for kind in UIKitText.Kind.allCases where kind != .invalidBatchUpdates && kind != .repeatedInCollectionView
            {
                let probe = UIKitText.probe(kind)
                for view in [ViewKind.table, .collection] {
                    for ios in IOSVersion.known {
                        let words = probe.worded(for: view, ios: ios)
                        // A count text's second sentence on its own too: forum posts often quote it alone.
                        var forms = [(words, false)]
                        if kind == .invalidRowCount || kind == .invalidSectionCount,
                            let second = Templates.secondSentence(words)
                        {
                            forms.append((second, true))
                        }
                        for (words, partial) in forms {
                            if let k = index[words] {
                                all[k].pairs.append((view, ios))
                            } else {
                                index[words] = all.count
                                let bytes = Array(words.utf8)
                                all.append(
                                    Template(
                                        kind: kind, tokens: Templates.tokens(bytes), canonical: Reader.canonical(bytes),
                                        pairs: [(view, ios)], partial: partial))
                            }
                        }
                    }
                }
            }
            self.all = all
            // Templates by their first words, up to three before a number.
            var byWords: [[UInt8]: [Int]] = [:]
            for (k, template) in all.enumerated() {
                var words: [[UInt8]] = []
                for token in template.tokens {
                    if case .literal(let word) = token { words.append(word) } else if token != .blank { break }
                    if words.count == 3 { break }
                }
                guard !words.isEmpty else { continue }
                byWords[Array(words.joined(separator: [0x20])), default: []].append(k)
            }
            var anchors = byWords.map { Anchor(bytes: $0.key, kind: .templates($0.value)) }
            // The other texts' first words.
            func words(_ text: String) -> [UInt8] { Array(text.utf8) }
            anchors.append(Anchor(bytes: words("Invalid batch updates"), kind: .modern))
            anchors.append(Anchor(bytes: words(UIKitMessage.collectionLogPrefix), kind: .collectionLog))
            anchors.append(Anchor(bytes: words("Fatal: supplied"), kind: .duplicateIdentifiers))
            anchors.append(Anchor(bytes: words("supplied item identifiers"), kind: .duplicateIdentifiers))
            anchors.append(Anchor(bytes: words("supplied section identifiers"), kind: .duplicateIdentifiers))
            anchors.append(Anchor(bytes: words("Attempted to"), kind: .missingItem))
            var starts = [[Anchor]](repeating: [], count: 256)
            for anchor in anchors { starts[Int(anchor.bytes[0])].append(anchor) }
            anchorStart = starts
        }

        /// A count text's words from its second sentence (`The number of …`) on.
        static func secondSentence(_ words: String) -> String? {
            let bytes = Array(words.utf8)
            let start = Array("The number".utf8)
            guard let i = (0..<bytes.count).first(where: { Reader.hasPrefix(bytes, start, at: $0) }) else { return nil }
            return String(decoding: bytes[i...], as: UTF8.self)
        }

        /// `bytes` as tokens: a run of blanks a blank, a sentinel a number, `<NSIndexPath>` its own token.
        static func tokens(_ bytes: [UInt8]) -> [Token] {
            var tokens: [Token] = []
            var literal: [UInt8] = []
            func flush() {
                if !literal.isEmpty { tokens.append(.literal(literal)) }
                literal = []
            }
            let open = Array("<NSIndexPath>".utf8)
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if Reader.isBlankByte(byte) {
                    flush()
                    if tokens.last != .blank { tokens.append(.blank) }
                    i += 1
                } else if Reader.hasPrefix(bytes, open, at: i) {
                    flush()
                    tokens.append(.indexPathOpen)
                    i += open.count
                } else if Reader.isDigit(byte) {
                    var end = i
                    while end < bytes.count && Reader.isDigit(bytes[end]) { end += 1 }
                    let digits = String(decoding: bytes[i..<end], as: UTF8.self)
                    if let n = Int64(digits), let k = UIKitText.sentinels.firstIndex(of: Int(truncatingIfNeeded: n)),
                        n == Int64(UIKitText.sentinels[k])
                    {
                        flush()
                        tokens.append(.number(k))
                    } else {
                        literal += bytes[i..<end]
                    }
                    i = end
                } else {
                    literal.append(byte)
                    i += 1
                }
            }
            flush()
            return tokens
        }
    }

    /// The best of `templates` read at `start`: the longest text read, with the views and versions that
    /// print it so; else how far the closest came.
    /// Read as `raised`, the versions are those that raise the text (`UIKitText.raises(in:ios:)`).
    static func readTemplated(_ b: UnsafeBufferPointer<UInt8>, at start: Int, from templates: [Int], raised: Bool)
        -> (Found?, (reached: Int, miss: NearMiss)?)
    {
        let all = Templates.shared.all
        var matches: [(template: Int, result: Reader.Match)] = []
        var closest: (reached: Int, miss: NearMiss)?
        for k in templates {
            switch Reader.match(all[k].tokens, b, at: start) {
            case .success(let match): matches.append((k, match))
            case .failure(let failure):
                if failure.reached > (closest?.reached ?? start) {
                    closest = (
                        failure.reached,
                        NearMiss(
                            range: start..<failure.reached,
                            read: String(decoding: b[start..<failure.reached], as: UTF8.self),
                            expected: failure.expected, found: Reader.words(b, at: failure.reached))
                    )
                }
            }
        }
        guard let longest = matches.map({ $0.result.end }).max() else { return (nil, closest) }
        let best = matches.filter { $0.result.end == longest }
        let first = best[0]
        let sentinels = UIKitText.sentinels
        // A number the text does not print is 0: before iOS 5 the row-count text had no moves to count.
        let value = UIKitText.probe(all[first.template].kind).mappingNumbers { sentinel in
            sentinels.firstIndex(of: sentinel).map { first.result.numbers[$0] ?? 0 } ?? sentinel
        }
        // The templates whose exact words (blanks made canonical) are the text's, with the numbers in. One
        // blank after a count text's first sentence says nothing: crash reporters and pages collapse the
        // two spaces of older versions (the corpus has them so from iOS 5.1 to 12.4), so those count too.
        let gap = Reader.gap(first.result.canonical)
        let widened = gap == .one ? Reader.widenedGap(first.result.canonical) : nil
        var pairs: [(view: ViewKind, ios: IOSVersion)] = []
        for match in best {
            for pair in all[match.template].pairs {
                let words = Reader.canonical(Array(value.worded(for: pair.view, ios: pair.ios).utf8))
                if words == match.result.canonical || words == widened { pairs.append(pair) }
            }
        }
        if pairs.isEmpty { pairs = best.flatMap { all[$0.template].pairs } }
        if raised { pairs = pairs.filter { value.raises(in: $0.view, ios: $0.ios) } }
        var end = longest
        var described = false
        let scroll = value.check == .scroll
        if UIKitText.suffixed.contains(value.check) || scroll, let tail = Reader.viewDescription(b, at: end) {
            end = tail.end
            // A collection view's scroll text ends with a full stop after the view.
            if scroll && tail.view == .collection && end < b.count && b[end] == UInt8(ascii: ".") { end += 1 }
            described = true
            pairs = pairs.filter {
                $0.view == tail.view
                    && $0.ios.has(scroll ? UIKitText.scrollRule($0.view) : IOSVersion.suffix, in: $0.view)
            }
        }
        var found = Found(
            text: .raised(value), wordings: wordings(pairs), gap: gap, hasViewDescription: described,
            range: start..<end)
        found.partial = all[first.template].partial
        return (found, closest)
    }

    /// A log of iOS 13 (`text`) without its `; currentUpdate: […]` tail, as a copy that stops at the view's
    /// description has it.
    public static func withoutCurrentUpdate(_ text: [UInt8]) -> [UInt8] {
        let open = Array("; currentUpdate:".utf8)
        guard text.count >= open.count,
            let start = (0...(text.count - open.count)).last(where: { Reader.hasPrefix(text, open, at: $0) })
        else { return text }
        return Array(text[..<start])
    }

    /// `text` as two texts are compared: each index path without its address, the view's description left
    /// out (`<UITableView…>`, `<UICollectionView…>` to their nested end, or any description after
    /// `view:` or `instance:`, as an app's subclass prints one), other addresses (`0x…`) left out, JSON
    /// escapes as blanks, blanks canonical. Two texts are the same text, for all a script could choose,
    /// when these are equal.
    public static func comparable(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        let labels = [Array("view: ".utf8), Array("instance: ".utf8)]
        text.withUnsafeBufferPointer { b in
            var i = 0
            while i < b.count {
                if let end = Reader.indexPathOpen(b, at: i) {
                    out += Array("<NSIndexPath>".utf8)
                    i = end
                } else if Reader.hasPrefix(b, Array("<UITableView".utf8), at: i)
                    || Reader.hasPrefix(b, Array("<UICollectionView".utf8), at: i)
                    || (b[i] == UInt8(ascii: "<")
                        && labels.contains { out.count >= $0.count && Array(out.suffix($0.count)) == $0 }),
                    let end = Reader.description(b, at: i)
                {
                    out += Array("<view>".utf8)
                    i = end
                } else if Reader.hasPrefix(b, Array("0x".utf8), at: i), i + 2 < b.count, Reader.isHexDigit(b[i + 2]) {
                    out += Array("0x".utf8)
                    i += 2
                    while i < b.count && Reader.isHexDigit(b[i]) { i += 1 }
                } else {
                    let (end, _) = Reader.blankRun(b, at: i)
                    if end > i {
                        out.append(0x20)
                        i = end
                    } else {
                        out.append(b[i])
                        i += 1
                    }
                }
            }
        }
        return Reader.canonical(out)
    }

    /// `text` on one line: each run of blanks one space, but a run of exactly two spaces (a count text's
    /// gap, up to iOS 12) kept, as a report shows a re-wrapped text.
    public static func oneLine(_ text: [UInt8]) -> String { String(decoding: Reader.canonical(text), as: UTF8.self) }

    /// The pairs grouped by view, table first.
    static func wordings(_ pairs: [(view: ViewKind, ios: IOSVersion)]) -> [Found.Wording] {
        [ViewKind.table, .collection].compactMap { view in
            let versions = Array(Set(pairs.filter { $0.view == view }.map { $0.ios })).sorted()
            return versions.isEmpty ? nil : Found.Wording(view: view, versions: versions)
        }
    }

    // MARK: The modern text

    /// The modern text at `start`: its headline, the data source's counts before and after, and the
    /// updates, each read as `UIKitText.modernUpdate` words it.
    static func readModern(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> (Found?, (reached: Int, miss: NearMiss)?)
    {
        var best: (Found, Int)?
        var closest: (reached: Int, miss: NearMiss)?
        for view in [ViewKind.table, .collection] {
            for conjunction in ["and/or", "and"] {
                var r = Reader(b, at: start)
                let headline = UIKitText.modernHeadline(view: view, conjunction: conjunction)
                let read =
                    r.words(headline) && r.blank() && r.words("Data source before updates =") && r.blank()
                    && r.counts(view) != nil
                let before = read ? r.lastCounts : []
                let readAfter =
                    read && r.blank() && r.words("Data source after updates =") && r.blank() && r.counts(view) != nil
                let after = readAfter ? r.lastCounts : []
                var updates: [Update] = []
                var complete = readAfter && r.blank() && r.words("Updates = [")
                if complete {
                    _ = r.optionalBlank()
                    while !r.peek("]") {
                        guard let update = r.update(view) else {
                            complete = false
                            break
                        }
                        updates.append(update)
                        _ = r.optionalBlank()
                        if r.peek(",") {
                            _ = r.words(",")
                            _ = r.optionalBlank()
                        }
                    }
                    complete = complete && r.words("]")
                }
                guard complete else {
                    if r.reached > (closest?.reached ?? start) {
                        closest = (
                            r.reached,
                            NearMiss(
                                range: start..<r.reached, read: String(decoding: b[start..<r.reached], as: UTF8.self),
                                expected: r.expected, found: Reader.words(b, at: r.reached))
                        )
                    }
                    continue
                }
                var end = r.position
                var described = false
                if let tail = Reader.viewDescription(b, at: end), tail.view == view {
                    end = tail.end
                    described = true
                }
                let value = UIKitText.invalidBatchUpdates(before: before, after: after, updates: updates)
                let versions = IOSVersion.known.filter {
                    $0.has(IOSVersion.modernText, in: view)
                        && $0.has(IOSVersion.andOr, in: view) == (conjunction == "and/or")
                }
                let found = Found(
                    text: .raised(value), wordings: [Found.Wording(view: view, versions: versions)], gap: .none,
                    hasViewDescription: described, range: start..<end)
                if end > (best?.1 ?? -1) { best = (found, end) }
            }
        }
        return (best?.0, best == nil ? closest : nil)
    }

    // MARK: UICollectionView's log

    /// UICollectionView's log of a failed count check at `start` (`[UICollectionView] …`), in either form.
    static func readCollectionLog(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Found? {
        var r = Reader(b, at: start)
        guard r.words(UIKitMessage.collectionLogPrefix) else { return nil }
        _ = r.optionalBlank()
        let fallback = r.words(UIKitMessage.collectionLogFallback)
        if fallback { _ = r.optionalBlank() }
        let at = r.position
        let counts = Templates.shared.all.indices.filter {
            let kind = Templates.shared.all[$0].kind
            return kind == .invalidRowCount || kind == .invalidSectionCount
        }
        guard case (let read?, _) = readTemplated(b, at: at, from: counts, raised: false), let text = read.uikitText
        else { return nil }
        var end = read.range.upperBound
        var logUpdates: [Update]?
        let form: Found.LogForm
        if fallback {
            guard read.hasViewDescription else { return nil }
            form = .performingReloadDataAsAFallback
        } else {
            var tail = Reader(b, at: end)
            guard tail.blank(), tail.words(UIKitMessage.collectionLogWillReload), tail.blank(),
                let description = Reader.description(b, at: tail.position)
            else { return nil }
            end = description
            form = .willPerformReloadData
            if let current = readCurrentUpdate(b, at: end) {
                end = current.end
                logUpdates = current.updates
            }
        }
        let rule = form == .willPerformReloadData ? IOSVersion.collectionLogWording : nil
        let versions = IOSVersion.known.filter {
            $0.has(IOSVersion.collectionLogsAndReloads, in: .collection)
                && (rule == nil
                    ? $0.has(IOSVersion.collectionLogWording, in: .collection)
                    : !$0.has(IOSVersion.collectionLogWording, in: .collection))
        }
        var found = Found(
            text: .logged(text, form), wordings: [Found.Wording(view: .collection, versions: versions)],
            gap: read.gap, hasViewDescription: true, range: start..<end)
        found.logUpdates = logUpdates
        return found
    }

    /// iOS 13's `; currentUpdate: [UICollectionViewUpdate - 0x…: old:<…> new<…> items:<(…)>]` at `start`
    /// (`UIKitMessage.currentUpdate`): where it ends, and its update items.
    static func readCurrentUpdate(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, updates: [Update])? {
        var r = Reader(b, at: start)
        guard r.words("; currentUpdate: [UICollectionViewUpdate -"), r.blank(), r.address(), r.words(": old:"),
            let old = Reader.description(b, at: r.position)
        else { return nil }
        r = Reader(b, at: old)
        guard r.blank(), r.words("new"), let new = Reader.description(b, at: r.position) else { return nil }
        r = Reader(b, at: new)
        guard r.blank(), r.words("items:<(") else { return nil }
        var updates: [Update] = []
        _ = r.optionalBlank()
        while !r.peek(")") {
            guard r.words("\""), let update = r.currentUpdateItem(), r.words("\"") else { return nil }
            updates.append(update)
            _ = r.optionalBlank()
            if r.peek(",") {
                _ = r.words(",")
                _ = r.optionalBlank()
            }
        }
        guard r.words(")>]") else { return nil }
        return (r.position, updates)
    }

    // MARK: The diffable data source's texts

    /// `Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(…)}` at `start`.
    /// Sentry's copy of it too, which leaves out `Fatal: ` and prints the set as `{ X }`.
    static func readDuplicateIdentifiers(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Found? {
        for kind in ["item", "section"] {
            var r = Reader(b, at: start)
            _ = r.words("Fatal:") && r.blank()
            guard r.words("supplied \(kind) identifiers are not unique."), r.blank(),
                r.words("Duplicate identifiers:"), r.blank(), r.words("{")
            else { continue }
            let close = r.words("(") ? ")}" : "}"
            var identifiers: [String] = []
            var values = false
            _ = r.optionalBlank()
            while !r.peek(close) {
                let quoted = r.peek("\"")
                guard let identifier = r.collectionElement(closedBy: close) else { return nil }
                identifiers.append(identifier)
                if !quoted && UIKitMessage.describedInCollection(identifier) != identifier { values = true }
                _ = r.optionalBlank()
                if r.peek(",") {
                    _ = r.words(",")
                    _ = r.optionalBlank()
                }
            }
            guard r.words(close) else { return nil }
            var found = Found(
                text: .duplicateIdentifiers(kind: kind, identifiers: identifiers),
                wordings: [
                    Found.Wording(view: .table, versions: diffableVersions),
                    Found.Wording(view: .collection, versions: diffableVersions),
                ],
                gap: .none, hasViewDescription: false, range: start..<r.position)
            found.identifiersAreValues = values
            return found
        }
        return nil
    }

    /// `Attempted to reload item identifier that does not exist in the snapshot: X` at `start`.
    static func readMissingItem(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Found? {
        for action in ["reload", "reconfigure"] {
            var r = Reader(b, at: start)
            guard r.words("Attempted to \(action) item identifier that does not exist in the snapshot:"), r.blank()
            else { continue }
            // The identifier runs to the end of its line (or of the reason a console quotes).
            var end = r.position
            while end < b.count && b[end] != 0x0A && b[end] != 0x0D && b[end] != UInt8(ascii: "'") { end += 1 }
            let identifier = String(decoding: b[r.position..<end], as: UTF8.self)
            guard !identifier.isEmpty else { return nil }
            return Found(
                text: .missingItemIdentifier(action: action, identifier: identifier),
                wordings: [
                    Found.Wording(view: .table, versions: diffableVersions),
                    Found.Wording(view: .collection, versions: diffableVersions),
                ],
                gap: .none, hasViewDescription: false, range: start..<end)
        }
        return nil
    }

    /// The versions with diffable data sources: iOS 13 and later.
    static let diffableVersions = IOSVersion.known.filter { $0 >= IOSVersion(13) }
}

/// A cursor over the input that matches the texts' pieces, forgiving as `UIKitTextReader` says.
struct Reader {
    let b: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    /// The furthest position reached, and what was wanted there.
    private(set) var reached: Int
    private(set) var expected = ""
    /// The counts `counts(_:)` read last.
    private(set) var lastCounts: [Int] = []

    init(_ b: UnsafeBufferPointer<UInt8>, at start: Int) {
        self.b = b
        position = start
        reached = start
    }

    /// The result of matching tokens: where the text ended, its numbers by sentinel, and its canonical bytes.
    struct Match {
        var end: Int
        var numbers: [Int?]
        var canonical: [UInt8]
    }

    /// Where and why a template stopped matching.
    struct Failure: Error {
        var reached: Int
        var expected: String
    }

    /// Matches `tokens` at `start` of `b`.
    static func match(_ tokens: [UIKitTextReader.Token], _ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Result<
        Match, Failure
    > {
        var i = start
        var numbers = [Int?](repeating: nil, count: UIKitText.sentinels.count)
        var canonical: [UInt8] = []
        for token in tokens {
            switch token {
            case .literal(let bytes):
                guard hasPrefix(b, bytes, at: i) else {
                    var k = 0
                    while k < bytes.count && i + k < b.count && b[i + k] == bytes[k] { k += 1 }
                    return .failure(
                        Failure(reached: i + k, expected: "'" + String(decoding: bytes, as: UTF8.self) + "'"))
                }
                canonical += bytes
                i += bytes.count
            case .blank:
                let (end, blanks) = blankRun(b, at: i)
                guard end > i else { return .failure(Failure(reached: i, expected: "a blank")) }
                canonical += blanks == 2 ? [0x20, 0x20] : [0x20]
                i = end
            case .number(let k):
                guard let (value, end) = number(b, at: i) else {
                    return .failure(Failure(reached: i, expected: "a number"))
                }
                if let earlier = numbers[k], earlier != value {
                    return .failure(Failure(reached: i, expected: "the number \(earlier) again"))
                }
                numbers[k] = value
                canonical += b[i..<end]
                i = end
            case .indexPathOpen:
                guard let end = indexPathOpen(b, at: i) else {
                    return .failure(Failure(reached: i, expected: "'<NSIndexPath: 0x…>'"))
                }
                canonical += Array("<NSIndexPath>".utf8)
                i = end
            }
        }
        return .success(Match(end: i, numbers: numbers, canonical: canonical))
    }

    // MARK: Pieces

    /// Whether `b` holds `bytes` at `i`.
    static func hasPrefix<B: RandomAccessCollection<UInt8>>(_ b: B, _ bytes: [UInt8], at i: Int) -> Bool
    where B.Index == Int {
        guard i >= 0, i + bytes.count <= b.count else { return false }
        for k in 0..<bytes.count where b[i + k] != bytes[k] { return false }
        return true
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// Whether `b` holds `words` at `i`, each space of `words` standing for any run of blanks.
    static func hasWords(_ b: UnsafeBufferPointer<UInt8>, _ words: [UInt8], at start: Int) -> Bool {
        var i = start
        for byte in words {
            if byte == 0x20 {
                let (end, _) = blankRun(b, at: i)
                guard end > i else { return false }
                i = end
            } else {
                guard i < b.count, b[i] == byte else { return false }
                i += 1
            }
        }
        return true
    }

    /// A blank as a template has one: a space, a tab, a line break.
    static func isBlankByte(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The blanks at `i`, and how many spaces they are when they are spaces alone (else 1): a space, a tab, a
    /// line break, a no-break space (`C2 A0`, as pages have it) or the escapes `\n`, `\t`, `\r` (a JSON
    /// string's, in an `.ips` report).
    static func blankRun(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> (end: Int, spaces: Int) {
        var i = start
        var spaces = 0
        var onlySpaces = true
        while i < b.count {
            let byte = b[i]
            if byte == 0x20 {
                spaces += 1
                i += 1
            } else if isBlankByte(byte) {
                onlySpaces = false
                i += 1
            } else if byte == 0xC2 && i + 1 < b.count && b[i + 1] == 0xA0 {
                onlySpaces = false
                i += 2
            } else if byte == 0x5C && i + 1 < b.count && (b[i + 1] == 0x6E || b[i + 1] == 0x74 || b[i + 1] == 0x72) {
                onlySpaces = false
                i += 2
            } else {
                break
            }
        }
        return (i, onlySpaces ? spaces : 1)
    }

    /// A decimal number at `i` (at most 19 digits, within 64 bits): its value, where UIKit's `NSNotFound`
    /// (9223372036854775807) is `IndexPath.notFound`, and its end.
    static func number(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> (Int, Int)? {
        var i = start
        var value: Int64 = 0
        while i < b.count && isDigit(b[i]) {
            guard i - start < 19 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(Int64(b[i] - 0x30))
            guard !o1 && !o2 else { return nil }
            value = sum
            i += 1
        }
        guard i > start else { return nil }
        if value == Int64.max { return (IndexPath.notFound, i) }
        guard let n = Int(exactly: value) else { return nil }
        return (n, i)
    }

    /// `<NSIndexPath>` or `<NSIndexPath: …>` (an address, or one a page elided) at `i`: its end.
    static func indexPathOpen(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        let name = Array("<NSIndexPath".utf8)
        guard hasPrefix(b, name, at: i) else { return nil }
        var k = i + name.count
        if k < b.count && b[k] == UInt8(ascii: ">") { return k + 1 }
        guard k < b.count && b[k] == UInt8(ascii: ":") else { return nil }
        let limit = min(b.count, k + 48)
        while k < limit && b[k] != UInt8(ascii: ">") && b[k] != UInt8(ascii: "<") && b[k] != 0x0A { k += 1 }
        return k < limit && b[k] == UInt8(ascii: ">") ? k + 1 : nil
    }

    /// The view's description after a count text, at `i`: a blank, ` Table view: <UITableView…>` or ` Collection
    /// view: <UICollectionView…>`, the brackets nested to their end.
    static func viewDescription(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> (end: Int, view: ViewKind)? {
        let (afterBlank, _) = blankRun(b, at: i)
        for view in [ViewKind.table, .collection] {
            let label = Array((view == .table ? "Table view:" : "Collection view:").utf8)
            guard hasPrefix(b, label, at: afterBlank) else { continue }
            let (open, _) = blankRun(b, at: afterBlank + label.count)
            let name = Array((view == .table ? "<UITableView" : "<UICollectionView").utf8)
            guard hasPrefix(b, name, at: open), let end = description(b, at: open) else { return nil }
            return (end, view)
        }
        return nil
    }

    /// The end of a description in angle brackets at `i` (`<UITableView: 0x…; layer = <CALayer: …>; …>`),
    /// nested brackets included; nil when it does not close within 8 KiB.
    static func description(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        guard i < b.count, b[i] == UInt8(ascii: "<") else { return nil }
        var depth = 0
        var k = i
        let limit = min(b.count, i + (8 << 10))
        while k < limit {
            if b[k] == UInt8(ascii: "<") { depth += 1 }
            if b[k] == UInt8(ascii: ">") {
                depth -= 1
                if depth == 0 { return k + 1 }
            }
            k += 1
        }
        return nil
    }

    /// `bytes` with each run of blanks one space, but a run of exactly two spaces two: a text's words as the
    /// reader compares them.
    static func canonical(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if isBlankByte(bytes[i]) {
                var end = i
                var onlySpaces = true
                while end < bytes.count && isBlankByte(bytes[end]) {
                    if bytes[end] != 0x20 { onlySpaces = false }
                    end += 1
                }
                out += onlySpaces && end - i == 2 ? [0x20, 0x20] : [0x20]
                i = end
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    /// Whether canonical words hold two spaces after a sentence (a count text's first), one, or no such gap.
    static func gap(_ canonical: [UInt8]) -> UIKitTextReader.Found.Gap {
        let two = Array(".  The".utf8)
        let one = Array(". The".utf8)
        for i in 0..<canonical.count {
            if hasPrefix(canonical, two, at: i) { return .twoSpaces }
            if hasPrefix(canonical, one, at: i) { return .one }
        }
        return .none
    }

    /// Canonical words with their first sentence's one blank made two (as versions before iOS 13 print it).
    static func widenedGap(_ canonical: [UInt8]) -> [UInt8]? {
        let one = Array(". The".utf8)
        guard let i = (0..<canonical.count).first(where: { hasPrefix(canonical, one, at: $0) }) else { return nil }
        return Array(canonical[..<(i + 1)]) + [0x20] + Array(canonical[(i + 1)...])
    }

    /// A few words at `i`, for a message.
    static func words(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> String {
        guard i < b.count else { return "the end of the text" }
        var end = i
        var spaces = 0
        while end < b.count && end - i < 40 && b[end] != 0x0A {
            if b[end] == 0x20 { spaces += 1 }
            if spaces == 4 { break }
            end += 1
        }
        return "'" + String(decoding: b[i..<end], as: UTF8.self) + "'"
    }

    // MARK: Reading as a cursor (the modern text, the logs, the diffable texts)

    /// Reads `text`'s words (its blanks forgiving); false, and what was wanted, when they are not next.
    mutating func words(_ text: String) -> Bool {
        switch Reader.match(UIKitTextReader.Templates.tokens(Array(text.utf8)), b, at: position) {
        case .success(let match):
            position = match.end
            reached = max(reached, position)
            return true
        case .failure(let failure):
            if failure.reached >= reached {
                reached = failure.reached
                expected = "'" + text + "'"
            }
            return false
        }
    }

    /// Says `what` was wanted here, unless the reader already got further.
    private mutating func wanted(_ what: String) {
        guard position >= reached else { return }
        reached = position
        expected = what
    }

    /// Reads one or more blanks.
    mutating func blank() -> Bool {
        let (end, _) = Reader.blankRun(b, at: position)
        guard end > position else {
            wanted("a blank")
            return false
        }
        position = end
        reached = max(reached, position)
        return true
    }

    /// Reads any blanks; whether there were some.
    mutating func optionalBlank() -> Bool {
        let (end, _) = Reader.blankRun(b, at: position)
        defer { position = end }
        return end > position
    }

    /// Whether `text` is next (nothing is read).
    func peek(_ text: String) -> Bool { Reader.hasPrefix(b, Array(text.utf8), at: position) }

    /// Reads a number.
    mutating func number() -> Int? {
        guard let (value, end) = Reader.number(b, at: position) else {
            wanted("a number")
            return nil
        }
        position = end
        reached = max(reached, position)
        return value
    }

    /// Reads the modern text's counts, `{ 2 sections with row counts: [3, 1] }`, into `lastCounts`.
    mutating func counts(_ view: ViewKind) -> [Int]? {
        guard words("{"), blank(), let sections = number(), blank(),
            words(sections == 1 ? "section" : "sections"), blank(), words("with \(view.item) counts:"),
            blank(), words("[")
        else { return nil }
        var rows: [Int] = []
        while !peek("]") {
            guard let n = number() else { return nil }
            rows.append(n)
            if peek(",") {
                _ = words(",")
                _ = optionalBlank()
            } else {
                break
            }
        }
        guard words("]"), blank(), words("}"), rows.count == sections else { return nil }
        lastCounts = rows
        return rows
    }

    /// One update of each kind, with sentinels for numbers: what a list's words are read against.
    static let updateProbes: [Update] = {
        let n = UIKitText.sentinels
        return [
            .deleteRow(IndexPath(section: n[0], row: n[1])), .insertRow(IndexPath(section: n[0], row: n[1])),
            .reloadRow(IndexPath(section: n[0], row: n[1])),
            .moveRow(from: IndexPath(section: n[0], row: n[1]), to: IndexPath(section: n[2], row: n[3])),
            .deleteSection(n[0]), .insertSection(n[0]), .reloadSection(n[0]), .moveSection(from: n[0], to: n[2]),
        ]
    }()

    /// `probe` with the numbers a match found in place of its sentinels.
    static func update(_ probe: Update, numbers: [Int?]) -> Update {
        let number = { (k: Int) in numbers[k] ?? 0 }
        return switch probe {
        case .deleteRow: .deleteRow(IndexPath(section: number(0), row: number(1)))
        case .insertRow: .insertRow(IndexPath(section: number(0), row: number(1)))
        case .reloadRow: .reloadRow(IndexPath(section: number(0), row: number(1)))
        case .moveRow:
            .moveRow(
                from: IndexPath(section: number(0), row: number(1)),
                to: IndexPath(section: number(2), row: number(3)))
        case .deleteSection: .deleteSection(number(0))
        case .insertSection: .insertSection(number(0))
        case .reloadSection: .reloadSection(number(0))
        case .moveSection: .moveSection(from: number(0), to: number(2))
        }
    }

    /// Reads one update of the modern text's list, as `UIKitText.modernUpdate` words it.
    mutating func update(_ view: ViewKind) -> Update? {
        listed(wordedBy: { UIKitText.modernUpdate($0, in: view) }, "an update, such as 'Delete \(view.item) (0 - 1)'")
    }

    /// Reads one update item of iOS 13's log, as `UIKitMessage.currentUpdateItem` words it (`D(0,18)`).
    mutating func currentUpdateItem() -> Update? {
        listed(wordedBy: UIKitMessage.currentUpdateItem, "an update item, such as 'D(0,1)'")
    }

    /// Reads one update of a list whose updates `words` words; else says `expected` was wanted.
    private mutating func listed(wordedBy words: (Update) -> String, _ expected: String) -> Update? {
        for probe in Reader.updateProbes {
            let tokens = UIKitTextReader.Templates.tokens(Array(words(probe).utf8))
            guard case .success(let match) = Reader.match(tokens, b, at: position) else { continue }
            position = match.end
            reached = max(reached, position)
            return Reader.update(probe, numbers: match.numbers)
        }
        wanted(expected)
        return nil
    }

    /// Reads an address, `0x` and hexadecimal digits.
    mutating func address() -> Bool {
        guard Reader.hasPrefix(b, Array("0x".utf8), at: position) else { return false }
        var i = position + 2
        while i < b.count && i < position + 18 && Reader.isHexDigit(b[i]) { i += 1 }
        guard i > position + 2 else { return false }
        position = i
        reached = max(reached, position)
        return true
    }

    /// Four hexadecimal digits at `i`, as a UTF-16 unit.
    static func hexUnit(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt16? {
        guard i + 4 <= b.count else { return nil }
        var unit: UInt16 = 0
        for k in i..<(i + 4) {
            let byte = b[k]
            guard isHexDigit(byte) else { return nil }
            let digit = isDigit(byte) ? byte - 0x30 : (byte | 0x20) - 0x61 + 10
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    /// Reads an element as `NSSet` describes one: a string in double quotes (with `\"`, `\\`, `\n`, `\t`), or
    /// any other description (`Mastodon.StatusItem.thread(…)`, bare words) up to a `,` or the set's `)}`
    /// outside its own brackets, its blanks at either end left out.
    mutating func collectionElement(closedBy close: String) -> String? {
        guard position < b.count else { return nil }
        if b[position] == UInt8(ascii: "\"") {
            var out: [UInt8] = []
            var i = position + 1
            var units: [UInt16] = []
            while i < b.count && b[i] != UInt8(ascii: "\"") {
                // `\Uxxxx`: a UTF-16 unit beyond ASCII (a surrogate pair is two).
                if b[i] == 0x5C, i + 5 < b.count, b[i + 1] == UInt8(ascii: "U"),
                    let unit = Reader.hexUnit(b, at: i + 2)
                {
                    units.append(unit)
                    i += 6
                    continue
                }
                if !units.isEmpty {
                    out += Array(String(decoding: units, as: UTF16.self).utf8)
                    units.removeAll()
                }
                if b[i] == 0x5C && i + 1 < b.count {
                    let next = b[i + 1]
                    out.append(
                        next == UInt8(ascii: "n")
                            ? 0x0A
                            : next == UInt8(ascii: "t")
                                ? 0x09
                                : next == UInt8(ascii: "r") ? 0x0D : next)
                    i += 2
                } else {
                    out.append(b[i])
                    i += 1
                }
            }
            guard i < b.count else { return nil }
            if !units.isEmpty { out += Array(String(decoding: units, as: UTF16.self).utf8) }
            position = i + 1
            return String(decoding: out, as: UTF8.self)
        }
        var depth = 0
        var end = position
        let limit = min(b.count, position + (4 << 10))
        while end < limit {
            let byte = b[end]
            if depth == 0 && (byte == UInt8(ascii: ",") || Reader.hasPrefix(b, Array(close.utf8), at: end)) { break }
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") { depth += 1 }
            if byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") { depth -= 1 }
            end += 1
        }
        var last = end
        while last > position && Reader.isBlankByte(b[last - 1]) { last -= 1 }
        guard last > position, end < limit else { return nil }
        defer { position = end }
        return String(decoding: b[position..<last], as: UTF8.self)
    }
}
