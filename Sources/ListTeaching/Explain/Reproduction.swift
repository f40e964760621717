import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// A script that makes the simulator raise a text read from the field, and whether it does.
///
/// The script tells the table view (`table …`) exactly the updates the text's numbers say the app told it,
/// and the data source (`data …`) what it answered, so the simulator runs UIKit's checks on the same
/// numbers. What the numbers do not say (which rows, which other section a move used) is chosen as simply
/// as it can be, and `chosen` says so.
public struct Reproduction: Sendable {
    /// The script, with a comment line for each part chosen.
    public var script: String
    /// What the script chose that the text does not say.
    public var chosen: [String]
    /// The view and the iOS the script simulates.
    public var view: ViewKind
    public var ios: IOSVersion
    /// What the simulator raised (or logged) running the script, in its words; nil when it raised nothing.
    public var simulated: String?
    /// Whether that is the text read, word for word (up to the addresses and the view's description, which
    /// no script chooses).
    public var matches: Bool
    /// Why the text cannot be reproduced, when it cannot be written as a script (its numbers contradict an
    /// earlier check of UIKit's, so no device prints it).
    public var impossible: String?

    /// The script for `found`, simulating `view` on `ios`, run and compared with the text as given (`given`,
    /// the input's bytes of it).
    static func make(_ found: UIKitTextReader.Found, view: ViewKind, ios: IOSVersion, given: [UInt8]) -> Reproduction {
        // A log always ends with the view's description; a raised text has it from iOS 15 (`messages suffix on`).
        var builder = ScriptBuilder(view: view, ios: ios, tail: found.hasViewDescription && !found.isLogged)
        switch found.text {
        case .raised(let text): builder.build(text)
        case .logged(let text, _): builder.build(text, listed: found.logUpdates)
        case .duplicateIdentifiers(let kind, let identifiers):
            builder.buildDuplicates(kind, identifiers, values: found.identifiersAreValues)
        case .missingItemIdentifier(let action, let identifier): builder.buildMissing(action, identifier)
        }
        var reproduction = Reproduction(
            script: builder.script, chosen: builder.chosen, view: view, ios: ios, simulated: nil, matches: false,
            impossible: builder.impossible)
        if found.partial {
            reproduction.chosen.insert(
                "section 0: the text as quoted starts at its second sentence, and the first names the section", at: 0)
        }
        guard builder.impossible == nil else { return reproduction }
        let run = ScriptRun(builder.script)
        reproduction.simulated = run.raised
        if let raised = run.raised {
            // iOS 13's log goes on after the view's description; a copy without that tail stopped before it.
            let simulated =
                found.isLogged && found.logUpdates == nil
                ? UIKitTextReader.withoutCurrentUpdate(Array(raised.utf8)) : Array(raised.utf8)
            reproduction.matches = Reproduction.sameText(simulated, given, partial: found.partial)
        }
        return reproduction
    }

    /// Whether the simulator's text is the given one: their words the same, the index paths' addresses and
    /// the view's description aside (`UIKitTextReader.comparable`); for a text quoted from its second
    /// sentence on, the simulator's text ends with it.
    static func sameText(_ simulated: [UInt8], _ given: [UInt8], partial: Bool) -> Bool {
        let (s, g) = (UIKitTextReader.comparable(simulated), UIKitTextReader.comparable(given))
        return partial ? s.count >= g.count && Array(s[(s.count - g.count)...]) == g : s == g
    }
}

extension UIKitTextReader.Found {
    /// Whether the text is UICollectionView's log rather than a raised exception.
    var isLogged: Bool {
        if case .logged = text { return true }
        return false
    }
}

/// Runs a reproducing script in a session of its own and keeps what UIKit raised or logged.
struct ScriptRun {
    /// The error that stopped the script (UIKit's text), or the log a collection view's warning quotes; nil
    /// when it ran to its end without either.
    var raised: String?

    init(_ script: String) {
        var logged: String?
        let io = InterpreterIO(
            emit: { event in
                if case .diagnostic(let d) = event, d.severity == .warning, logged == nil {
                    logged = ScriptRun.quotedLog(d.message)
                }
            },
            detail: .all, load: { _ in .failure(LoadError("a reproducing script reads no files")) },
            isInterrupted: { false })
        // Small limits: the scripts are small, and a text's numbers (untrusted) must not make them big.
        var limits = Limits(tableSize: 1 << 20, steps: 5_000_000)
        limits.memoryBytes = Limits.defaultMemoryBytes
        let interpreter = Interpreter(io: io, options: InterpreterOptions(limits: limits))
        let file = SourceFile(name: "reproduce.list", text: script)
        let parsed = Parser.parse(file)
        var raised = parsed.diagnostics.first.map { "the script does not parse: " + $0.message }
        if parsed.diagnostics.isEmpty {
            do throws(ScriptError) { try interpreter.run(parsed.program, in: file) } catch {
                raised = error.diagnostics.first?.message
            }
        }
        self.raised = raised ?? logged
    }

    /// The log a collection view's warning quotes (`it logs "[UICollectionView] …" and reloads`).
    static func quotedLog(_ message: String) -> String? {
        let bytes = Array(message.utf8)
        let open = Array("logs \"".utf8)
        let close = Array("\" and reloads".utf8)
        guard let start = (0..<bytes.count).first(where: { bytes[$0...].starts(with: open) }),
            let end = (0..<bytes.count).last(where: { bytes[$0...].starts(with: close) }), end >= start + open.count
        else { return nil }
        return String(decoding: bytes[(start + open.count)..<end], as: UTF8.self)
    }
}

/// Writes a reproducing script a line at a time.
struct ScriptBuilder {
    let view: ViewKind
    let ios: IOSVersion
    let tail: Bool
    private(set) var lines: [String] = []
    private(set) var chosen: [String] = []
    private(set) var impossible: String?

    init(view: ViewKind, ios: IOSVersion, tail: Bool) {
        self.view = view
        self.ios = ios
        self.tail = tail
        if ios != .current { lines.append("ios \(ios)") }
        if view == .collection { lines.append("view collection") }
        if tail { lines.append("messages suffix on") }
    }

    /// The script written so far.
    var script: String { lines.joined(separator: "\n") + "\n" }

    /// The most rows a section of a reproducing script holds: a text's numbers are untrusted.
    static let largest = 1 << 20

    // MARK: Pieces

    /// `reset` to sections holding `counts` rows (`A`, `B`, … or `row 0`, … for big ones; a loop of appends
    /// past 12 rows).
    mutating func table(_ counts: [Int]) {
        guard counts.allSatisfy({ $0 >= 0 && $0 <= ScriptBuilder.largest }), counts.count <= 10_000 else {
            impossible = "its numbers are too big to simulate (more than \(ScriptBuilder.largest) rows a section)"
            return
        }
        let small = counts.map { count in
            count <= 12 ? "[" + (0..<count).map { Self.rowText($0) }.joined(separator: ", ") + "]" : "[]"
        }
        lines.append("reset [" + small.joined(separator: ", ") + "]")
        for (section, count) in counts.enumerated() where count > 12 {
            lines.append("for i in 0..<\(count) { append \(section) \"row \\(i)\" }")
        }
    }

    /// A row's text: `"A"` to `"L"`.
    static func rowText(_ n: Int) -> String {
        "\"" + String(UnicodeScalar(UInt8(65 + n % 26))) + (n >= 26 ? String(n / 26) : "") + "\""
    }

    /// Data-source edits that take section `section` from `from` rows to `to`.
    mutating func dataRows(_ section: Int, from: Int, to: Int) {
        if to > from {
            lines.append(
                to - from <= 3
                    ? (from..<to).map { "  data append \(section) \"new \($0 - from + 1)\"" }.joined(separator: "\n")
                    : "  for i in 0..<\(to - from) { data append \(section) \"new \\(i)\" }")
        } else if from > to {
            lines.append(
                from - to <= 3
                    ? (0..<(from - to)).map { _ in "  data delete \(section):0" }.joined(separator: "\n")
                    : "  repeat \(from - to) { data delete \(section):0 }")
        }
    }

    /// Says what the script chose that the text does not.
    mutating func choose(_ what: String) {
        chosen.append(what)
    }

    /// `S:R`, a section operation's path as `section S`.
    static func path(_ p: IndexPath) -> String { "\(p.section):\(p.row)" }

    /// The sections a text's numbers need: enough for every section named, and at least `least`.
    static func sections(_ named: [Int], least: Int = 1) -> Int { max(least, (named.max() ?? 0) + 1) }

    // MARK: The texts

    /// The script for a UIKit text; for iOS 13's log, whose update items are `listed`, a batch of those
    /// items when they are the deletes and inserts of the section the text counts.
    mutating func build(_ text: UIKitText, listed: [Update]? = nil) {
        if let listed, case .invalidRowCount(let s, let after, let before, let inserted, let deleted, 0, 0) = text {
            var deletes: [IndexPath] = []
            var inserts: [IndexPath] = []
            for update in listed {
                switch update {
                case .deleteRow(let p) where p.section == s && p.row < before: deletes.append(p)
                case .insertRow(let p) where p.section == s && p.row < after: inserts.append(p)
                default: break
                }
            }
            if deletes.count + inserts.count == listed.count && deletes.count == deleted && inserts.count == inserted
                && after != before + inserted - deleted
            {
                table([Int](repeating: 0, count: s) + [before])
                if s > 0 { choose("sections 0 to \(s - 1) are empty: the text names section \(s) only") }
                lines.append("begin")
                if !deletes.isEmpty { lines.append("  table delete " + deletes.map(Self.path).joined(separator: ", ")) }
                if !inserts.isEmpty { lines.append("  table insert " + inserts.map(Self.path).joined(separator: ", ")) }
                dataRows(s, from: before, to: after)
                lines.append("end")
                return
            }
        }
        switch text {
        case .invalidRowCount(let s, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            rowCount(
                s, after: after, before: before, inserted: inserted, deleted: deleted, movedIn: movedIn,
                movedOut: movedOut)
        case .invalidSectionCount(let after, let before, let inserted, let deleted):
            sectionCount(after: after, before: before, inserted: inserted, deleted: deleted)
        case .invalidBatchUpdates(let before, let after, let updates):
            modern(before: before, after: after, updates: updates)
        case .scrollRowPastEnd(let p, let rows):
            scroll(to: p, sections: p.section + 1, rows: rows)
        case .scrollSectionPastEnd(let p, let sections):
            scroll(to: p, sections: sections, rows: 1)
        default:
            outOfRange(text)
        }
    }

    /// A scroll to `p` in a view of `sections` sections of `rows` rows each, which it does not have.
    mutating func scroll(to p: IndexPath, sections: Int, rows: Int) {
        guard sections <= 10_000 else {
            impossible = "its numbers are too big to simulate (more than 10,000 sections)"
            return
        }
        table([Int](repeating: rows, count: sections))
        choose("every section holds \(rows) \(rows == 1 ? view.item : view.items): the text's numbers need no more")
        lines.append("scroll " + Self.path(p))
    }

    /// T24: section `s` had `before` rows; the table view was told of the inserts, deletes and moves; the
    /// data source answered `after`.
    mutating func rowCount(_ s: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    {
        guard inserted + movedIn <= after else {
            impossible =
                "\(inserted) inserted and \(movedIn) moved in do not fit \(after) \(view.items) after the update: UIKit's insert check would have raised first"
            return
        }
        guard after != before + inserted - deleted + movedIn - movedOut else {
            impossible =
                "its numbers add up (\(before) + \(inserted) − \(deleted) + \(movedIn) − \(movedOut) = \(after)), and UIKit raises it only when they do not: the text was edited, or copied wrong"
            return
        }
        guard deleted + movedOut <= before else {
            impossible =
                "\(deleted) deleted and \(movedOut) moved out do not fit \(before) \(view.items) before the update: UIKit's delete check would have raised first"
            return
        }
        let other = s + 1
        var counts = [Int](repeating: 0, count: s + 1)
        counts[s] = before
        if s > 0 { choose("sections 0 to \(s - 1) are empty: the text names section \(s) only") }
        if movedIn > 0 || movedOut > 0 {
            counts.append(movedIn + 1)
            choose(
                "the \(view.items) moved in and out of section \(s) come from and go to section \(other), which keeps one \(view.item) of its own"
            )
        }
        table(counts)
        lines.append("begin")
        if deleted > 0 {
            lines.append("  table delete " + (0..<deleted).map { "\(s):\($0)" }.joined(separator: ", "))
            choose("the \(view.items) deleted are the first \(deleted) of section \(s)")
        }
        if inserted > 0 {
            lines.append("  table insert " + (0..<inserted).map { "\(s):\($0)" }.joined(separator: ", "))
            choose("the \(view.items) inserted go to the top of section \(s)")
        }
        for k in 0..<movedIn { lines.append("  table move \(other):\(k) to \(s):\(inserted + k)") }
        for k in 0..<movedOut { lines.append("  table move \(s):\(deleted + k) to \(other):\(k)") }
        // What the data source answers when the batch ends: `after` rows in section s, and the other
        // section as the moves leave it (so that its own check passes).
        dataRows(s, from: before, to: after)
        if movedIn > 0 || movedOut > 0 { dataRows(other, from: movedIn + 1, to: 1 + movedOut) }
        lines.append("end")
    }

    /// T22: the table view had `before` sections, was told of the inserts and deletes, and the data source
    /// answered `after`.
    mutating func sectionCount(after: Int, before: Int, inserted: Int, deleted: Int) {
        guard after != before + inserted - deleted else {
            impossible =
                "its numbers add up (\(before) + \(inserted) − \(deleted) = \(after)), and UIKit raises it only when they do not: the text was edited, or copied wrong"
            return
        }
        guard inserted <= after, deleted <= before else {
            impossible =
                "the sections inserted or deleted do not fit the counts: UIKit's earlier checks would have raised first"
            return
        }
        guard before <= 10_000, after <= 10_000 else {
            impossible = "its numbers are too big to simulate (more than 10,000 sections)"
            return
        }
        table([Int](repeating: 0, count: before))
        choose("every section is empty: the text counts sections only")
        lines.append("begin")
        if deleted > 0 {
            lines.append("  table delete section " + (0..<deleted).map(String.init).joined(separator: ", "))
        }
        for section in 0..<inserted { lines.append("  table insert section \(section)") }
        if after > before {
            lines.append("  repeat \(after - before) { data insert section 0 }")
        } else if after < before {
            lines.append("  repeat \(before - after) { data delete section 0 }")
        }
        lines.append("end")
    }

    /// The modern text: the data source's counts before and after, and the updates as issued.
    mutating func modern(before: [Int], after: [Int], updates: [Update]) {
        lines.insert("messages modern", at: lines.count - (tail ? 1 : 0))
        guard before.count == after.count else {
            // Sections inserted or deleted: the counts per section say which only with the updates.
            return modernSections(before: before, after: after, updates: updates)
        }
        table(before)
        lines.append("begin")
        for update in updates { lines.append("  table " + Self.command(update)) }
        for (s, count) in after.enumerated() where count != before[s] { dataRows(s, from: before[s], to: count) }
        lines.append("end")
    }

    /// The modern text whose section count changed: sections added or removed in the data source as the
    /// section updates say.
    mutating func modernSections(before: [Int], after: [Int], updates: [Update]) {
        table(before)
        lines.append("begin")
        for update in updates { lines.append("  table " + Self.command(update)) }
        var sections = before
        for update in updates {
            switch update {
            case .deleteSection(let s) where s < sections.count:
                lines.append("  data delete section \(s)")
                sections.remove(at: s)
            case .insertSection(let s) where s <= sections.count:
                lines.append("  data insert section \(s)")
                sections.insert(0, at: s)
            default: break
            }
        }
        if sections.count < after.count {
            lines.append("  repeat \(after.count - sections.count) { data insert section \(sections.count) }")
            sections += [Int](repeating: 0, count: after.count - sections.count)
        }
        while sections.count > after.count {
            lines.append("  data delete section \(sections.count - 1)")
            sections.removeLast()
        }
        for (s, count) in after.enumerated() where count != sections[s] { dataRows(s, from: sections[s], to: count) }
        lines.append("end")
        choose("the sections the data source adds or removes are the ones the updates name, then at the end")
    }

    /// An update as a command of the table layer.
    static func command(_ update: Update) -> String {
        switch update {
        case .deleteRow(let p): "delete \(path(p))"
        case .insertRow(let p): "insert \(path(p))"
        case .reloadRow(let p): "reload \(path(p))"
        case .moveRow(let from, let to): "move \(path(from)) to \(path(to))"
        case .deleteSection(let s): "delete section \(s)"
        case .insertSection(let s): "insert section \(s)"
        case .reloadSection(let s): "reload section \(s)"
        case .moveSection(let from, let to): "move section \(from) to \(to)"
        }
    }

    /// The texts about one update or two: a table view with enough sections and rows for every update but
    /// the one the text is about, and the updates.
    mutating func outOfRange(_ text: UIKitText) {
        /// A section operation's index path names the section; a row's, the row.
        func target(_ p: IndexPath) -> String { p.row == IndexPath.notFound ? "section \(p.section)" : Self.path(p) }
        var sections: Int
        var rows = 1
        var updates: [String] = []
        var data: [String] = []
        switch text {
        case .deleteAndReloadSamePath(let p):
            sections = p.section + 1
            rows = p.row == IndexPath.notFound ? 1 : p.row + 1
            updates = ["delete " + target(p), "reload " + target(p)]
        case .deleteAndMoveSameSection(let s):
            sections = s + 2
            updates = ["delete section \(s)", "move section \(s) to \(s + 1)"]
        case .deleteAndMoveSamePath(let p):
            sections = p.section + 1
            rows = p.row + 2
            updates = ["delete " + Self.path(p), "move \(Self.path(p)) to \(p.section):\(p.row + 1)"]
        case .deleteMissingSection(let s, let before):
            sections = before
            updates = ["delete section \(s)"]
        case .deleteRowFromMissingSection(let p, let before):
            sections = before
            updates = ["delete " + Self.path(p)]
        case .deleteMissingRow(let p, let before):
            sections = p.section + 1
            rows = before
            updates = ["delete " + Self.path(p)]
        case .insertAndMoveSameSection(let s):
            sections = s + 2
            updates = ["insert section \(s)", "move section \(s + 1) to \(s)"]
            data = ["data insert section \(s)"]
        case .insertAndMoveSamePath(let p):
            sections = p.section + 1
            rows = p.row + 2
            updates = ["insert " + Self.path(p), "move \(p.section):\(p.row + 1) to \(Self.path(p))"]
            data = ["data append \(p.section) \"new\""]
        case .insertSectionPastEnd(let s, let after):
            sections = after
            updates = ["insert section \(s)"]
        case .insertRowIntoMissingSection(let p, let after):
            sections = after
            updates = ["insert " + Self.path(p)]
        case .insertRowPastEnd(let p, let after):
            sections = p.section + 1
            rows = after
            updates = ["insert " + Self.path(p)]
        case .moveMissingSection(let s, let before):
            sections = before
            updates = ["move section \(s) to 0"]
        case .moveSectionPastEnd(let from, let to, let after):
            sections = after
            updates = ["move section \(from) to \(to)"]
        case .moveRowFromMissingSection(let p, let before):
            sections = before
            updates = ["move \(Self.path(p)) to 0:0"]
        case .moveMissingRow(let p, let before):
            sections = p.section + 1
            rows = before
            updates = ["move \(Self.path(p)) to \(p.section):0"]
        case .moveRowIntoMissingSection(let from, let to, let after):
            sections = after
            rows = from.row + 1
            updates = ["move \(Self.path(from)) to \(Self.path(to))"]
        case .moveRowPastEnd(let from, let to, let after):
            sections = max(from.section, to.section) + 1
            rows = after
            updates = ["move \(Self.path(from)) to \(Self.path(to))"]
        case .sectionMovedTwice(let s, let first, let second):
            sections = Self.sections([s, first, second])
            updates = ["move section \(s) to \(first)", "move section \(s) to \(second)"]
        case .rowMovedTwice(let p, let first, let second):
            sections = Self.sections([p.section, first.section, second.section])
            rows = max(p.row, first.row, second.row) + 1
            updates = ["move \(Self.path(p)) to \(Self.path(first))", "move \(Self.path(p)) to \(Self.path(second))"]
        case .sectionsMovedToOne(let first, let second, let destination):
            sections = Self.sections([first, second, destination])
            updates = ["move section \(first) to \(destination)", "move section \(second) to \(destination)"]
        case .rowsMovedToOne(let first, let second, let destination):
            sections = Self.sections([first.section, second.section, destination.section])
            rows = max(first.row, second.row, destination.row) + 1
            updates = [
                "move \(Self.path(first)) to \(Self.path(destination))",
                "move \(Self.path(second)) to \(Self.path(destination))",
            ]
        case .cannotMoveFromDeletedSection(let s):
            sections = s + 2
            updates = ["delete section \(s)", "move \(s):0 to \(s + 1):0"]
            data = ["data delete section \(s)", "data append \(s) \"moved\""]
        case .cannotMoveIntoInsertedSection(let s):
            sections = s + 1
            updates = ["insert section \(s)", "move \(s):0 to \(s):0"]
            data = ["data insert section \(s)"]
        case .inconsistentTableUpdate:
            sections = 1
            rows = 1
            updates = ["insert 0:1"]
            choose("the text names no row: the script inserts row 1 into a section of one row, one past its end")
        case .viewAnimationForNilView:
            sections = 1
            rows = 4
            updates = ["reload section 0"]
            data = ["data append 0 \"new\""]
            choose("the text names no section: the script reloads section 0 while its items go from 4 to 5")
        case .invalidRowCount, .invalidSectionCount, .invalidBatchUpdates, .repeatedInCollectionView,
            .scrollRowPastEnd, .scrollSectionPastEnd:
            impossible = "it is not one of the texts about one update"
            return
        }
        guard sections <= 10_000 else {
            impossible = "its numbers are too big to simulate (more than 10,000 sections)"
            return
        }
        table([Int](repeating: rows, count: max(sections, 0)))
        choose("every section holds \(rows) \(rows == 1 ? view.item : view.items): the text's numbers need no more")
        lines.append("begin")
        for update in updates { lines.append("  table " + update) }
        for line in data { lines.append("  " + line) }
        lines.append("end")
    }

    // MARK: The diffable data source

    /// A snapshot applied with `identifiers` repeated (as rows, or as sections' headers).
    mutating func buildDuplicates(_ kind: String, _ identifiers: [String], values: Bool) {
        let texts = identifiers.map { Value.quoted($0) }
        let option = values ? " valueIdentifiers" : ""
        if values { choose("the identifiers are Swift values, printed bare: the script writes their descriptions") }
        if kind == "item" {
            lines.append("apply [[" + (texts + texts).joined(separator: ", ") + "]]" + option)
            choose("every repeated identifier is twice in one section")
        } else {
            let sections = texts.map { _ in "[]" }
            lines.append(
                "apply [" + (sections + sections).joined(separator: ", ") + "] sections ["
                    + (texts + texts).joined(separator: ", ")
                    + "]" + option)
            choose("every repeated section identifier names two empty sections")
        }
    }

    /// A snapshot applied with `identifier` reloaded or reconfigured, which it does not hold.
    mutating func buildMissing(_ action: String, _ identifier: String) {
        let other = identifier == "A" ? "B" : "A"
        lines.append(
            "apply [[\"\(other)\"]] \(action == "reload" ? "reloading" : "reconfiguring") [\(Value.quoted(identifier))]"
        )
        choose("the snapshot holds one other item, \"\(other)\"")
    }
}
