import Foundation
import Testing

@testable import listdsl

/// The history file: where it lives, its format, merging and atomic writes.
@Suite struct HistoryTests {
    struct PathCase: CustomTestStringConvertible, Sendable {
        var id: String
        var environment: [String: String]
        var home: String?
        var expected: String?
        var testDescription: String { id }
    }

    static let pathCases: [PathCase] = [
        PathCase(
            id: "override", environment: ["LISTDSL_HISTORY": "/tmp/h", "XDG_STATE_HOME": "/x"], expected: "/tmp/h"),
        PathCase(
            id: "empty override disables", environment: ["LISTDSL_HISTORY": "", "HOME": "/home/u"], expected: nil),
        PathCase(
            id: "xdg", environment: ["XDG_STATE_HOME": "/state", "HOME": "/home/u"], expected: "/state/listdsl/history"),
        PathCase(
            id: "relative xdg ignored", environment: ["XDG_STATE_HOME": "state", "HOME": "/home/u"],
            expected: "/home/u/.local/state/listdsl/history"),
        PathCase(id: "home", environment: ["HOME": "/home/u/"], expected: "/home/u/.local/state/listdsl/history"),
        PathCase(
            id: "password database", environment: [:], home: "/home/pw",
            expected: "/home/pw/.local/state/listdsl/history"),
        PathCase(id: "nowhere", environment: [:], home: nil, expected: nil),
    ]

    @Test(arguments: pathCases) func defaultPath(_ c: PathCase) {
        #expect(History.defaultPath(environment: { c.environment[$0] }, home: c.home) == c.expected)
    }

    @Test(arguments: ["plain", "two\nlines", "back\\slash \\n literal", "cr\r", "ünïcödé → ✓", "trailing\\"])
    func entriesRoundTrip(_ entry: String) throws {
        let decoded = try History.decode(History.encode([entry, "next"])).get()
        #expect(decoded == [entry, "next"])
        #expect(History.encode([entry]).filter { $0 == 0x0A }.count == 2, "one line per entry after the header")
    }

    /// A file's lines as entries: plain lines as they are, escapes undone, blank lines skipped; a file that
    /// is only its header holds none.
    @Test(arguments: [
        ("#listdsl history 1\n", [String]()),
        ("#listdsl history 1\nplain\n\nünï → ✓\n", ["plain", "ünï → ✓"]),
        ("#listdsl history 1\nback\\\\slash\\nnext\nlast\\\n", ["back\\slash\nnext", "last\\"]),
        ("#listdsl history 1\na\\rb\\x\nno newline at the end", ["a\rbx", "no newline at the end"]),
    ])
    func linesAreEntries(_ file: String, _ entries: [String]) throws {
        #expect(try History.decode(Array(file.utf8)).get() == entries)
    }

    @Test(arguments: [
        ([0xFF, 0xFE, 0x41] as [UInt8], "not valid UTF-8"),
        (Array("#listdsl history 1\nok\u{0}\n".utf8), "NUL"),
        (Array("some other file\n".utf8), "not a listdsl history file"),
    ])
    func garbageIsRejected(_ bytes: [UInt8], _ reason: String) {
        guard case .failure(let error) = History.decode(bytes) else {
            Issue.record("accepted")
            return
        }
        #expect(error.message.contains(reason))
    }

    @Test func skipsRepeatsAndKeepsTheLastThousand() throws {
        let dir = try scratchDirectory("hist")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("a/b/history").path
        #expect(History(path: nil).limit == 1000)
        let history = History(path: path, limit: 10)
        #expect(history.load() == nil)
        #expect(history.add("one").added)
        #expect(!history.add("one").added)
        #expect(!history.add("   ").added)
        #expect(!history.add(String(repeating: "x", count: History.maxEntryBytes + 1)).added)
        for i in 0..<15 { history.add("entry \(i)") }
        #expect(history.entries.count == 10)
        let reloaded = History(path: path, limit: 10)
        #expect(reloaded.load() == nil)
        #expect(reloaded.entries == (5..<15).map { "entry \($0)" })
        let mode =
            try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("a/b").path)[.posixPermissions]
            as? Int
        #expect(mode == 0o700)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("a/b").path) == ["history"])
    }

    @Test func twoSessionsMergeTheirEntries() throws {
        let dir = try scratchDirectory("hist")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("history").path
        let first = History(path: path)
        let second = History(path: path)
        #expect(first.load() == nil && second.load() == nil)
        first.add("from first")
        second.add("from second")
        first.add("first again")
        let merged = History(path: path)
        _ = merged.load()
        #expect(merged.entries == ["from first", "from second", "first again"])
    }

    @Test func aGarbageFileIsIgnoredWithOneWarningAndLeftAlone() throws {
        let dir = try scratchDirectory("hist")
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("history")
        let garbage = Data([0x00, 0xFF, 0x13, 0x37])
        try garbage.write(to: url)
        let history = History(path: url.path)
        let warning = history.load()
        #expect(warning?.severity == .warning)
        #expect(history.entries.isEmpty)
        let later = history.add("still works in memory")
        #expect(later.added && later.warning == nil)
        #expect(history.entries == ["still works in memory"])
        #expect(try Data(contentsOf: url) == garbage)
    }

    @Test func anUnreadableFileIsIgnoredWithAWarning() throws {
        let dir = try scratchDirectory("hist")
        defer { try? FileManager.default.removeItem(at: dir) }
        let history = History(path: dir.path)  // a directory, not a file
        #expect(history.load()?.message.contains("not a regular file") == true)
    }
}
