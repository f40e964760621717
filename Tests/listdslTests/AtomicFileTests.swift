import Foundation
import Testing

@testable import listdsl

/// Every file listdsl writes is written whole or not at all, never over something that is not a file.
@Suite struct AtomicFileTests {
    @Test func writesReplaceTheFileAndLeaveNoTemporaryFiles() throws {
        let dir = try scratchDirectory("atomic")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("out.list").path
        #expect(AtomicFile.write(Array("one\n".utf8), to: target, mode: 0o644) == nil)
        #expect(AtomicFile.write(Array("two\n".utf8), to: target, mode: 0o644) == nil)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "two\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.list"])
        #expect(AtomicFile.write([], to: dir.appendingPathComponent("missing/x").path, mode: 0o644) != nil)
    }

    /// A failure names the file the user asked for, never the temporary file beside it.
    @Test func aFailureNamesTheFileAskedFor() throws {
        // /proc refuses new files even to root, after the path itself resolves.
        let problem = AtomicFile.write(Array("x\n".utf8), to: "/proc/self/listdsl-test.list", mode: 0o644)
        #expect(problem?.hasPrefix("cannot write '/proc/self/listdsl-test.list': ") == true, "\(problem ?? "")")
        #expect(problem?.contains(".tmp") == false)
    }

    @Test func aReplacedFileKeepsItsPermissions() throws {
        let dir = try scratchDirectory("atomic")
        defer { try? FileManager.default.removeItem(at: dir) }
        let target = dir.appendingPathComponent("private.list").path
        #expect(AtomicFile.write(Array("one\n".utf8), to: target, mode: 0o600) == nil)
        #expect(chmod(target, 0o640) == 0)
        #expect(AtomicFile.write(Array("two\n".utf8), to: target, mode: 0o644) == nil)
        var info = stat()
        #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o640)
    }

    /// What stands at the path before the write, and what the write must leave there.
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        /// Makes the thing at `path` in `dir`; returns the file the text must end up in, or nil when the write
        /// must be refused.
        var make: @Sendable (_ dir: URL, _ path: String) throws -> String?
        /// Words the refusal must contain.
        var refusal: String = ""
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(id: "nothing there") { _, path in path },
        Case(id: "a relative symbolic link") { dir, path in
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "real.list")
            return dir.appendingPathComponent("real.list").path
        },
        Case(id: "a chain of links to an existing file") { dir, path in
            let real = dir.appendingPathComponent("sub/real.list").path
            try FileManager.default.createDirectory(
                at: dir.appendingPathComponent("sub"), withIntermediateDirectories: true)
            try Data("old\n".utf8).write(to: URL(fileURLWithPath: real))
            try FileManager.default.createSymbolicLink(
                atPath: dir.appendingPathComponent("middle").path, withDestinationPath: real)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "middle")
            return real
        },
        Case(
            id: "a FIFO",
            make: { _, path in
                #expect(mkfifo(path, 0o600) == 0)
                return nil
            }, refusal: "is a FIFO; refusing to replace it"),
        Case(
            id: "a directory",
            make: { _, path in
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
                return nil
            }, refusal: "is a directory"),
        Case(
            id: "a link to a device",
            make: { _, path in
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/null")
                return nil
            }, refusal: "is a character device"),
        Case(
            id: "a loop of links",
            make: { dir, path in
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "other")
                try FileManager.default.createSymbolicLink(
                    atPath: dir.appendingPathComponent("other").path, withDestinationPath: "target.list")
                return nil
            }, refusal: "too many levels of symbolic links"),
    ]

    @Test(arguments: cases) func onlyARegularFileIsEverReplaced(_ c: Case) throws {
        let dir = try scratchDirectory("atomic")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("target.list").path
        let expected = try c.make(dir, path)
        var before = stat()
        _ = lstat(path, &before)
        let problem = AtomicFile.write(Array("new\n".utf8), to: path, mode: 0o644)
        if let expected {
            #expect(problem == nil, "\(problem ?? "")")
            #expect(try String(contentsOfFile: expected, encoding: .utf8) == "new\n")
        } else {
            #expect(problem?.contains(c.refusal) == true, "\(problem ?? "written")")
            var after = stat()
            _ = lstat(path, &after)
            #expect(after.st_mode == before.st_mode && after.st_ino == before.st_ino, "what was there is untouched")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    /// A name as long as a file name may be (255 bytes; 250 here) can be written: the temporary file beside
    /// it has a short name of its own, not one made longer than the limit from the target's.
    @Test(arguments: ["save", "the user-defaults store", "history"]) func aLongNameCanBeWritten(_ writer: String) throws
    {
        let dir = try scratchDirectory("atomic")
        defer { try? FileManager.default.removeItem(at: dir) }
        let name = String(repeating: "n", count: 245) + ".json"
        let path = dir.appendingPathComponent(name).path
        switch writer {
        case "save":
            let run = try runListdsl(["-e", #"reset [["A"]]; save "\#(name)""#], directory: dir)
            #expect(run.status == 0, "\(run.stderr)")
        case "the user-defaults store":
            let run = try runListdsl(["-e", #"defaults set "k" 1"#], environment: ["LISTDSL_DEFAULTS": path])
            #expect(run.status == 0, "\(run.stderr)")
        default:
            let history = History(path: path)
            #expect(history.load() == nil)
            #expect(history.add("print 1").warning == nil)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == [name])
    }

    /// Below the language's own check, the one reader and the one writer of files refuse a name with a NUL
    /// byte (the system would end the name there), for every path they are given: `.read`, `.save`, the
    /// history, the user-defaults store, `html -o`.
    @Test func aNameWithANULIsNeitherReadNorWritten() throws {
        let dir = try scratchDirectory("atomic")
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.json").path
        #expect(AtomicFile.write(Array("old\n".utf8), to: real, mode: 0o644) == nil)
        let problem = AtomicFile.write(Array("new\n".utf8), to: real + "\0.plist", mode: 0o644)
        #expect(problem == "the file name holds a NUL byte")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "old\n")
        switch readInput(path: real + "\0x", limit: 1 << 20, checks: .none) {
        case .success: Issue.record("a name with a NUL was read")
        case .failure(let error): #expect(error.message == "the file name holds a NUL byte")
        }
    }
}
