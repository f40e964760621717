import Foundation
import Synchronization
import Testing

/// `save`, `load` and the user-defaults store through the real binary and the real file system.
@Suite struct StateFileTests {
    @Test func saveThenLoadInAnotherRun() throws {
        let dir = try scratchDirectory("state")
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["list.json", "items.plist"] {
            let save = try runListdsl(
                ["-e", #"reset [["Tea","Milk"]]; header 0 "Drinks"; select 0:1; edit on; save "\#(name)""#],
                directory: dir)
            #expect(save.status == 0, "\(save.stderr)")
            let load = try runListdsl(["-e", #"load "\#(name)"; print editing(), selected(); show"#], directory: dir)
            #expect(load.status == 0, "\(load.stderr)")
            #expect(load.stdout.hasPrefix("true [0:1]\nsection 0: Drinks\n"), "\(load.stdout)")
        }
        let plist = try String(contentsOf: dir.appendingPathComponent("items.plist"), encoding: .utf8)
        #expect(plist.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC"))
        #expect(plist.contains("\t<key>dataSource</key>\n"))
    }

    /// A symbolic link is followed and kept; a directory or a FIFO at the path is never replaced.
    @Test func saveFollowsLinksAndRefusesWhatIsNotAFile() throws {
        let dir = try scratchDirectory("state")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("link.json").path, withDestinationPath: "target.json")
        let linked = try runListdsl(["-e", #"reset [["A"]]; save "link.json""#], directory: dir)
        #expect(linked.status == 0, "\(linked.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("link.json").path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("target.json").path))

        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("dir.json"), withIntermediateDirectories: false)
        #expect(mkfifo(dir.appendingPathComponent("fifo.json").path, 0o644) == 0)
        for (name, kind) in [("dir.json", "a directory"), ("fifo.json", "a FIFO")] {
            let run = try runListdsl(["-e", #"reset [["A"]]; save "\#(name)""#], directory: dir)
            #expect(run.status == 70)
            #expect(
                run.stderr.contains("error: cannot save '\(name)': '\(name)' is \(kind); refusing to replace it"),
                "\(run.stderr)")
        }
    }

    /// A bad file's diagnostic names the file and points into it.
    @Test func aBadFileIsShownWhereItIsWrong() throws {
        let dir = try scratchDirectory("state")
        defer { try? FileManager.default.removeItem(at: dir) }
        try #"{"format": "listdsl-state", "version": 1, "dataSource": [{"rows": ["a", 7]}]}"#.write(
            to: dir.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        let run = try runListdsl(["-e", #"reset [["A"]]; load "bad.json""#], directory: dir)
        #expect(run.status == 70)
        #expect(
            run.stderr.contains(
                "-e:1:21: error: cannot load 'bad.json': expected a string (a row's text), found an integer"),
            "\(run.stderr)")
        #expect(run.stderr.contains("bad.json:1:73: note: here"), "\(run.stderr)")
    }

    /// A script run statement by statement (`--changes`, the init file before a REPL) keeps undo history
    /// as `run` does, and the change view draws the inverse batch.
    @Test func undoUnderTheChangeView() throws {
        let run = try runListdsl(
            ["--changes", "-"], stdin: "reset [[\"A\", \"B\"]]\ninsert 0:0 \"X\"\nundo\n")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout.hasSuffix("section 0\n  - 0:0        X\n    0:1 → 0:0  A\n    0:2 → 0:1  B\n"), "\(run.stdout)")
    }

    /// The store outlives the process, in the file LISTDSL_DEFAULTS names (its folder made as needed).
    @Test func defaultsSurviveBetweenRuns() throws {
        let dir = try scratchDirectory("state")
        defer { try? FileManager.default.removeItem(at: dir) }
        let environment = ["LISTDSL_DEFAULTS": dir.appendingPathComponent("store/listdsl/defaults.json").path]
        let first = try runListdsl(
            ["-e", #"print defaults("count", 0); defaults set "count" defaults("count", 0) + 1"#],
            environment: environment)
        let second = try runListdsl(
            ["-e", #"print defaults("count", 0); defaults set "count" defaults("count", 0) + 1"#],
            environment: environment)
        #expect(first.stdout == "0\n", "\(first.stderr)")
        #expect(second.stdout == "1\n", "\(second.stderr)")
        let empty = try runListdsl(["-e", #"print defaults("count", 0)"#])  // LISTDSL_DEFAULTS="": one run only
        #expect(empty.stdout == "0\n")
    }

    /// A statement given a file name that holds a NUL byte, and where the error's caret starts.
    struct NULCase: CustomTestStringConvertible, Sendable {
        var id: String
        var code: String
        var column: Int
        var testDescription: String { id }
    }

    /// A file name with a NUL in it is refused, not cut at the NUL by the system: `save` would write a
    /// property list into `real.json`, `load` read `a` and `run` run `r.list`. The files are all there, so a
    /// name cut short would be found.
    @Test(arguments: [
        NULCase(id: "save", code: #"reset [["B"]]; save "real.json\0.plist""#, column: 21),
        NULCase(id: "load", code: #"load "real.json\0x.json""#, column: 6),
        NULCase(id: "run", code: #"run "r.list\0junk""#, column: 5),
        NULCase(id: "run, from a variable", code: #"let f = "r.list\0"; run f"#, column: 25),
    ])
    func aFileNameWithANULIsRefused(_ c: NULCase) throws {
        let dir = try scratchDirectory("state")
        defer { try? FileManager.default.removeItem(at: dir) }
        let saved = try runListdsl(["-e", #"reset [["A"]]; save "real.json""#], directory: dir)
        #expect(saved.status == 0, "\(saved.stderr)")
        try Data("print \"ran r.list\"\n".utf8).write(to: dir.appendingPathComponent("r.list"))
        let before = try Data(contentsOf: dir.appendingPathComponent("real.json"))
        let run = try runListdsl(["-e", c.code], directory: dir)
        #expect(run.status == 70, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
        let name = c.code.split(separator: "\"").dropFirst(c.id == "save" ? 3 : 1).first.map(String.init) ?? ""
        #expect(
            run.stderr.hasPrefix("-e:1:\(c.column): error: file name '\(name)' holds a NUL byte\n"), "\(run.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("real.json")) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["r.list", "real.json"])
    }

    /// Two runs changing the store at once each read it, change it and write it back under a lock, so
    /// neither writes over a key the other has just written.
    @Test func twoRunsSettingKeysAtOnceKeepAllOfThem() throws {
        let dir = try scratchDirectory("state")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("defaults.json").path
        let scripts = ["a", "b"].map { #"for i in 0..<150 { defaults set "\#($0)\(i)" i }"# }
        let statuses = Mutex<[Int32]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { n in
            let run = try? runListdsl(["-e", scripts[n]], environment: ["LISTDSL_DEFAULTS": store])
            statuses.withLock { $0.append(run?.status ?? -1) }
        }
        #expect(statuses.withLock { $0 } == [0, 0])
        let kept = #"for p in ["a", "b"] { for i in 0..<150 { if defaults("\(p)\(i)", -1) == i { n = n + 1 } } }"#
        let count = try runListdsl(
            ["-e", "let n = 0", "-e", kept, "-e", "print n"], environment: ["LISTDSL_DEFAULTS": store])
        #expect(count.stdout == "300\n", "\(count.stderr)")
    }
}
