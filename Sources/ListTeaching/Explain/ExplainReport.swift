import ListFormats
import ListModel

/// What `listdsl explain` says of an input: every text explained, or, when none was read, the near misses;
/// as text for a terminal, or as JSON for a tool (`format: listdsl-explain`, version 1, docs/explain.md).
public struct ExplainReport: Sendable {
    /// The input's name, as messages name it (`crash.log`, `-e`, `<stdin>`).
    public var name: String
    public var explained: [Explanation]
    public var nearMisses: [UIKitTextReader.NearMiss]
    /// The input, for the line numbers of the texts.
    let input: [UInt8]

    /// The 1-based line of each offset `line(of:)` is asked about, found in one pass over the input.
    let lines: [Int: Int]

    /// Reads and explains `input`, named `name`.
    public init(name: String, input: [UInt8]) {
        self.name = name
        self.input = input
        (explained, nearMisses) = Explanation.explain(input)
        let offsets =
            explained.flatMap { [$0.found.range.lowerBound] + $0.repeats.map { $0.lowerBound } }
            + nearMisses.map { $0.range.upperBound }
        lines = Self.lines(of: offsets.sorted(), in: input)
    }

    /// The JSON document's version.
    public static let version = 1

    /// The 1-based line of each of `offsets` (ascending) in `input`, counted in one pass.
    static func lines(of offsets: [Int], in input: [UInt8]) -> [Int: Int] {
        var lines: [Int: Int] = [:]
        var line = 1
        var i = 0
        for offset in offsets {
            while i < min(offset, input.count) {
                if input[i] == 0x0A { line += 1 }
                i += 1
            }
            lines[offset] = line
        }
        return lines
    }

    /// The 1-based line of byte `offset` of the input (one of the texts' or near misses').
    func line(of offset: Int) -> Int { lines[offset] ?? 1 }

    // MARK: Text

    /// The report for a reader: each text's explanation, its script and whether it reproduces.
    public var text: String {
        if explained.isEmpty {
            var out = "\(name): no UIKit batch-update text found\n"
            for miss in nearMisses.prefix(5) {
                out +=
                    "\(name):\(line(of: miss.range.upperBound)): almost one: after \"\(Self.tail(miss.read))\" expected \(miss.expected), found \(miss.found)\n"
            }
            return out
        }
        var out = ""
        if explained.reduce(0, { $0 + 1 + $1.repeats.count }) >= UIKitTextReader.maximumTexts {
            out +=
                "\(name): the first \(Quantity.grouped(UIKitTextReader.maximumTexts)) texts are read; there may be more after them\n\n"
        }
        for (k, e) in explained.enumerated() {
            if k > 0 { out += "\n" }
            out += "\(name):\(line(of: e.found.range.lowerBound)): \(Self.heading(e))\n"
            if !e.repeats.isEmpty {
                let more = e.repeats.prefix(10).map { String(line(of: $0.lowerBound)) }.joined(separator: ", ")
                out +=
                    "(the same text again at line\(e.repeats.count == 1 ? "" : "s") \(more)\(e.repeats.count > 10 ? " and \(e.repeats.count - 10) more" : ""))\n"
            }
            out += Self.indented(Self.oneLine(e.given), by: "  ") + "\n\n"
            out += "What failed: \(e.check).\n"
            out += "UIKit's arithmetic:\n" + e.arithmetic.map { "  " + $0 + "\n" }.joined()
            if !e.meaning.isEmpty { out += "What the numbers say:\n" + e.meaning.map { "  " + $0 + ".\n" }.joined() }
            out += "The view and the iOS: \(Self.viewWords(e)); \(e.versions).\n"
            out += e.versionNotes.map { "  - " + $0 + "\n" }.joined()
            if !e.causes.isEmpty {
                out += "Likely causes, most likely first:\n"
                for (n, cause) in e.causes.enumerated() {
                    out += "  \(n + 1). \(cause.title).\n"
                    out += Self.indented(cause.swift, by: "       ") + "\n"
                    out += "     Fix: \(cause.fix).\n"
                }
            }
            out += Self.reproductionText(e)
        }
        return out
    }

    /// `UITableView raised:` and what it was.
    static func heading(_ e: Explanation) -> String {
        let cls = e.view == .table ? "UITableView" : "UICollectionView"
        switch e.found.text {
        case .raised: return e.viewNamed ? "\(cls) raised:" : "UIKit raised (a table view or a collection view):"
        case .logged: return "UICollectionView logged (and reloaded):"
        case .duplicateIdentifiers, .missingItemIdentifier: return "a diffable data source raised:"
        }
    }

    /// The view, as the explanation says which it is.
    static func viewWords(_ e: Explanation) -> String {
        switch e.found.text {
        case .duplicateIdentifiers, .missingItemIdentifier: "a diffable data source (table or collection view)"
        default:
            e.viewNamed
                ? "a \(e.view.name), as its words say"
                : "a table view or a collection view (the words are the same; a \(e.view.name) is simulated)"
        }
    }

    /// The script, and whether the simulator raises the text with it.
    static func reproductionText(_ e: Explanation) -> String {
        let r = e.reproduction
        var out = ""
        if let impossible = r.impossible {
            return "Not reproduced: \(impossible).\n"
        }
        let verb = e.found.isLogged ? "log" : "raise"
        out +=
            r.matches
            ? "Reproduced: this script makes the simulator \(verb) the same text, word for word:\n"
            : "The script below does not raise the same text (see the end):\n"
        out += indented(r.script.hasSuffix("\n") ? String(r.script.dropLast()) : r.script, by: "  ") + "\n"
        if !r.chosen.isEmpty {
            out += "Chosen, as the text does not say:\n" + r.chosen.map { "  - " + $0 + "\n" }.joined()
        }
        if !r.matches {
            let did = e.found.isLogged ? "logged" : "raised"
            out +=
                "The simulator "
                + (r.simulated.map { "\(did) instead:\n" + indented(oneLine($0), by: "  ") } ?? "\(did) nothing") + "\n"
        }
        return out
    }

    /// `text` with each line after `prefix`.
    static func indented(_ text: String, by prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { prefix + $0 }.joined(separator: "\n")
    }

    /// A long text's runs of blanks as one space, so a re-wrapped text reads as one.
    static func oneLine(_ text: String) -> String { UIKitTextReader.oneLine(Array(text.utf8)) }

    /// The last words of `text`, for a near miss.
    static func tail(_ text: String) -> String {
        let line = oneLine(text)
        return line.utf8.count > 60 ? "…" + String(decoding: Array(line.utf8).suffix(60), as: UTF8.self) : line
    }

    // MARK: JSON

    /// The report as one JSON object (docs/explain.md).
    public var json: String {
        var w = JSONWriter()
        w.object { w in
            w.member("format", "listdsl-explain")
            w.member("version", Self.version)
            w.member("name", name)
            w.key("texts")
            w.array(explained) { w, e in
                w.object { w in
                    Self.write(
                        e, line: self.line(of: e.found.range.lowerBound),
                        repeatLines: e.repeats.map { self.line(of: $0.lowerBound) }, &w)
                }
            }
            w.key("nearMisses")
            w.array(nearMisses) { w, miss in
                w.object { w in
                    w.member("line", self.line(of: miss.range.upperBound))
                    w.member("offset", miss.range.upperBound)
                    w.member("read", miss.read)
                    w.member("expected", miss.expected)
                    w.member("found", miss.found)
                }
            }
        }
        return String(decoding: w.bytes, as: UTF8.self) + "\n"
    }

    /// One explanation's members.
    static func write(_ e: Explanation, line: Int, repeatLines: [Int], _ w: inout JSONWriter) {
        w.member("line", line)
        w.member("heading", heading(e))
        w.member("viewWords", viewWords(e))
        w.key("repeatLines")
        w.integers(repeatLines)
        w.key("range")
        w.integers([e.found.range.lowerBound, e.found.range.upperBound])
        w.member("text", e.given)
        switch e.found.text {
        case .raised(let t): w.member("form", "raised"); w.member("kind", t.kind.rawValue)
        case .logged(let t, let form):
            w.member("form", form == .willPerformReloadData ? "log-ios13" : "log-fallback")
            w.member("kind", t.kind.rawValue)
        case .duplicateIdentifiers(let kind, let ids):
            w.member("form", "diffable")
            w.member("kind", "duplicate\(kind == "item" ? "Item" : "Section")Identifiers")
            w.key("identifiers")
            w.strings(ids)
        case .missingItemIdentifier(let action, let id):
            w.member("form", "diffable")
            w.member("kind", "missingItemIdentifier")
            w.member("action", action)
            w.member("identifier", id)
        }
        w.member("view", e.view.rawValue)
        w.member("viewNamed", e.viewNamed)
        w.key("versions")
        w.strings(e.found.wordings.first { $0.view == e.view }?.versions.map { $0.description } ?? [])
        w.member("versionsText", e.versions)
        w.key("versionNotes")
        w.strings(e.versionNotes)
        w.member("partial", e.found.partial)
        w.member("check", e.check)
        w.key("arithmetic")
        w.strings(e.arithmetic)
        w.key("meaning")
        w.strings(e.meaning)
        w.key("causes")
        w.array(e.causes) { w, cause in
            w.object { w in
                w.member("title", cause.title)
                w.member("swift", cause.swift)
                w.member("fix", cause.fix)
            }
        }
        w.member("script", e.reproduction.script)
        w.member("ios", e.reproduction.ios.description)
        w.key("chosen")
        w.strings(e.reproduction.chosen)
        w.member("reproduced", e.reproduction.matches)
        w.member("simulated", e.reproduction.simulated)
        w.member("impossible", e.reproduction.impossible)
    }
}
