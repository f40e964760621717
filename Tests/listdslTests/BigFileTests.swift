import Platform
import Foundation
import Testing

/// A `load` file and a user-defaults store far bigger than a lesson's: reading them stays within the
/// memory limit, and Ctrl-C stops it at once.
@Suite struct BigFileTests {
    /// A JSON array of `count` empty arrays, `[[],[],…]`: a few bytes a value, the tree's worst case.
    static func tinyArrays(_ count: Int) -> Data {
        var bytes = [UInt8](repeating: 0, count: count * 3 + 1)
        bytes[0] = UInt8(ascii: "[")
        for n in 0..<count {
            bytes[n * 3 + 1] = UInt8(ascii: "[")
            bytes[n * 3 + 2] = UInt8(ascii: "]")
            bytes[n * 3 + 3] = UInt8(ascii: n + 1 < count ? "," : "]")
        }
        return Data(bytes)
    }

    /// A user-defaults store whose one key holds `count` one-string lists, `{"k":[[""],[""],…]}`.
    static func storeOfTinyLists(_ count: Int) -> Data {
        var bytes = Array(#"{"k":["#.utf8)
        bytes.reserveCapacity(count * 5 + 8)
        for n in 0..<count { bytes += n + 1 < count ? Array(#"[""],"#.utf8) : Array(#"[""]]}"#.utf8) }
        return Data(bytes)
    }

    /// Runs a program and writes its peak resident memory (KiB) to a file: the test process spawns this
    /// small process, which forks the program. A child spawned by the test process itself would report
    /// the test process's memory as its own peak (a spawned child shares, then counts, its parent's
    /// pages until it execs), and in the whole suite that is hundreds of megabytes.
    static let peakWrapper = """
        import os, sys
        pid = os.fork()
        if pid == 0:
            os.execv(sys.argv[2], sys.argv[2:])
        _, status, usage = os.wait4(pid, 0)
        open(sys.argv[1], "w").write(str(usage.ru_maxrss))
        code = os.waitstatus_to_exitcode(status)
        sys.exit(code if code >= 0 else 128 - code)
        """

    /// A started `listdsl`: its process id and the file its standard error goes to.
    struct Child {
        var pid: pid_t
        var stderrPath: String
        /// Where the peak-memory wrapper writes the peak, when the run is measured.
        var peakPath: String?

        /// Starts `listdsl arguments` with `environment` added, standard input and output empty; when
        /// `measured`, through `peakWrapper`, so `wait()` gives its own peak memory (but `pid` is then the
        /// wrapper's, which a signal does not pass on).
        static func start(
            _ arguments: [String], environment extra: [String: String], in dir: URL, measured: Bool = false
        ) throws -> Child {
            let stderrPath = dir.appendingPathComponent("stderr.txt").path
            let actions = ChildProcess.FileActions()
            actions.open(0, "/dev/null", O_RDONLY)
            actions.open(1, "/dev/null", O_WRONLY)
            actions.open(2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
            actions.closeOthers()
            var environment = ProcessInfo.processInfo.environment
            environment["NO_COLOR"] = "1"
            environment["LISTDSL_HISTORY"] = ""
            environment["LISTDSL_DEFAULTS"] = ""
            for (k, v) in extra { environment[k] = v }
            let peakPath = measured ? dir.appendingPathComponent("peak.txt").path : nil
            let command =
                peakPath.map { ["/usr/bin/env", "python3", "-c", BigFileTests.peakWrapper, $0] } ?? []
            let spawned = ChildProcess.spawn(
                command + [listdslBinary.path] + arguments, environment: environment.map { "\($0.key)=\($0.value)" },
                actions: actions, newSession: false)
            return Child(pid: try spawned.get(), stderrPath: stderrPath, peakPath: peakPath)
        }

        /// Waits for the child to end (killing it after `timeout` seconds): its exit status (128 + the
        /// signal's number when a signal ended it), its peak resident memory in bytes, and its standard error.
        func wait(timeout: Double = 120) -> (status: Int32, peakBytes: Int, stderr: String) {
            let deadline = Date().addingTimeInterval(timeout)
            var status: Int32 = 0
            var usage = rusage()
            while true {
                let done = wait4(pid, &status, WNOHANG, &usage)
                if done == pid { break }
                if done < 0 && errno != EINTR { break }
                if Date() > deadline { kill(pid, SIGKILL) }
                usleep(10_000)
            }
            let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            let stderr = (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? ""
            // Measured: the program's own peak, which the wrapper wrote; else the child's (see `peakWrapper`).
            let peak = peakPath.map {
                (try? String(contentsOfFile: $0, encoding: .utf8)).flatMap { Int($0) } ?? Int.max
            }
            return (code, (peak ?? usage.ru_maxrss) * 1024, stderr)
        }

        /// Bytes the child has read so far (`rchar` of `/proc/PID/io`), or nil when that cannot be read.
        var bytesRead: Int? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8) else { return nil }
            let line = text.split(separator: "\n").first { $0.hasPrefix("rchar:") }
            return line.flatMap { Int($0.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) }
        }
    }

    /// Where a big file is read, and the start of the diagnostic its memory limit gives.
    struct Case: CustomTestStringConvertible, Sendable {
        var id: String
        var arguments: [String]
        /// The store's file name in the scratch directory, when the case reads one.
        var store: String?
        var file: String
        var make: @Sendable () -> Data
        var diagnostic: String
        var testDescription: String { id }
    }

    static let cases: [Case] = [
        Case(
            id: "load", arguments: ["-e", #"load "tiny.json""#], file: "tiny.json", make: { tinyArrays(10_000_000) },
            diagnostic: "-e:1:6: error: cannot load 'tiny.json': memory limit exceeded at byte "),
        Case(
            id: "the user-defaults store", arguments: ["-e", #"print defaults("k", [])"#], store: "defaults.json",
            file: "defaults.json", make: { storeOfTinyLists(6_000_000) },
            diagnostic: "-e:1:7: error: the user-defaults store '"),
    ]

    /// A 30 MB file whose tree would take more than 500 MB is read only up to the memory limit: a
    /// diagnostic names the file and the byte where reading stopped, and the process never used much more.
    @Test(arguments: cases) func readingStaysWithinTheMemoryLimit(_ c: Case) throws {
        let dir = try scratchDirectory("big")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(c.file).path
        try c.make().write(to: URL(fileURLWithPath: path))
        let child = try Child.start(
            ["--limit", "memory=256M"] + c.arguments.map { $0.replacingOccurrences(of: "tiny.json", with: path) },
            environment: c.store == nil ? [:] : ["LISTDSL_DEFAULTS": path], in: dir, measured: true)
        let run = child.wait()
        #expect(run.status == 70, "\(run.stderr.prefix(400))")
        let expected = c.store == nil ? c.diagnostic.replacingOccurrences(of: "tiny.json", with: path) : c.diagnostic
        #expect(run.stderr.hasPrefix(expected), "\(run.stderr.prefix(400))")
        #expect(run.stderr.contains("memory limit exceeded at byte "), "\(run.stderr.prefix(400))")
        #expect(run.stderr.contains("\(path):1:"), "a note points into the file: \(run.stderr.prefix(600))")
        #expect(run.peakBytes < 320 << 20, "peak resident memory \(run.peakBytes >> 20) MiB")
    }

    /// The store's tree is freed as its values are made, so reading a store takes about the memory of the
    /// values, not of both: 2 million one-string lists (10 MB) took over 448 MiB (the memory limit
    /// stopped them), and now take about 350 MB.
    @Test func aStoresTreeIsFreedAsItsValuesAreMade() throws {
        let dir = try scratchDirectory("big")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("defaults.json").path
        try Self.storeOfTinyLists(2_000_000).write(to: URL(fileURLWithPath: path))
        let child = try Child.start(
            ["--limit", "memory=448M", "--limit", "value-size=1G", "-e", #"print len(defaults("k", []))"#],
            environment: ["LISTDSL_DEFAULTS": path], in: dir, measured: true)
        let run = child.wait()
        #expect(run.status == 0, "\(run.stderr.prefix(400))")
        #expect(run.peakBytes < 448 << 20, "peak resident memory \(run.peakBytes >> 20) MiB")
    }

    /// Under an address-space limit (`ulimit -v`) the memory limit counts the address space and stays
    /// below that limit, so reading a big file ends in the memory limit's diagnostic, not in an allocation
    /// that fails and aborts the process ("Fatal error: failed to allocate", SIGABRT).
    @Test(arguments: cases) func underUlimitTheMemoryLimitTripsBeforeAnAllocationFails(_ c: Case) throws {
        let dir = try scratchDirectory("big")
        defer { try? FileManager.default.removeItem(at: dir) }
        try c.make().write(to: dir.appendingPathComponent(c.file))
        let run = try runListdsl(
            c.arguments, directory: dir, environment: c.store == nil ? [:] : ["LISTDSL_DEFAULTS": c.file],
            memoryLimitMB: 1400)
        #expect(run.status == 70, "\(run.stderr.prefix(400))")
        #expect(run.stderr.hasPrefix(c.diagnostic), "\(run.stderr.prefix(400))")
        #expect(run.stderr.contains("memory limit exceeded at byte "), "\(run.stderr.prefix(400))")
    }

    /// Ctrl-C while a big file is being read stops the run within half a second (exit 130), and changes
    /// nothing: the store is as it was.
    @Test(arguments: ["load", "defaults set"]) func ctrlCStopsReadingABigFile(_ statement: String) throws {
        let dir = try scratchDirectory("big")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("big.json").path
        let data = statement == "load" ? Self.tinyArrays(10_000_000) : Self.storeOfTinyLists(6_000_000)
        try data.write(to: URL(fileURLWithPath: path))
        let code = statement == "load" ? "load \"\(path)\"" : #"defaults set "new" 1"#
        let child = try Child.start(
            ["-e", code], environment: statement == "load" ? [:] : ["LISTDSL_DEFAULTS": path], in: dir)
        // Ready when it has read the whole file: it is parsing it now.
        let ready = Date().addingTimeInterval(60)
        while (child.bytesRead ?? 0) < data.count && Date() < ready { usleep(5_000) }
        #expect((child.bytesRead ?? 0) >= data.count, "the file was read")
        let signalled = Date()
        kill(child.pid, SIGINT)
        let run = child.wait()
        let elapsed = Date().timeIntervalSince(signalled)
        #expect(run.status == 130, "\(run.stderr.prefix(400))")
        #expect(run.stderr.hasPrefix("-e:1:"), "\(run.stderr.prefix(400))")
        #expect(run.stderr.contains("error: interrupted"), "\(run.stderr.prefix(400))")
        #expect(elapsed < 0.5, "exited \(elapsed) s after the signal")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == data)
    }
}
