import Foundation
import Platform
import Synchronization
import Testing

/// Runs the built `listdsl` binary and captures what it did.
struct Run {
    var stdout: String
    var stderr: String
    var status: Int32
}

/// The executable `name` on the PATH, if there is one.
func executableOnPath(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let path = dir + "/" + name
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// The package's root directory (two levels above this file's folder).
let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The `listdsl` binary built next to the test bundle.
let listdslBinary: URL = {
    // CI runs the REPL's tests a second time against a build linked with libedit (.ci/run).
    if let given = ProcessInfo.processInfo.environment["LISTDSL_TEST_BINARY"], !given.isEmpty {
        return URL(fileURLWithPath: given)
    }
    // The build folder holds the test bundle: on macOS a bundle (`X.xctest/...`) the runner loaded, on
    // Linux the runner itself.
    let bundle = Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
    let exe = bundle ?? URL(fileURLWithPath: Host.executablePath() ?? CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = exe.deletingLastPathComponent()
    while dir.pathExtension == "xctest" || dir.lastPathComponent == "Contents" || dir.lastPathComponent == "MacOS" {
        dir = dir.deletingLastPathComponent()
    }
    return dir.appendingPathComponent("listdsl")
}()

/// Runs `listdsl` with `arguments`, feeding `stdin`, in `directory`; plain output (NO_COLOR, TERM=dumb).
///
/// With `memoryLimitMB` the binary runs under `ulimit -v`, so a bug that would take all the machine's
/// memory fails the test instead of the machine. `runProcess` says what happens after `timeout` seconds.
func runListdsl(
    _ arguments: [String], stdin: String? = nil, directory: URL? = nil, environment extra: [String: String] = [:],
    timeout: Double = 120, memoryLimitMB: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Run {
    guard let memoryLimitMB else {
        return try runProcess(
            listdslBinary, arguments, stdin: stdin, directory: directory, environment: extra, timeout: timeout,
            sourceLocation: sourceLocation)
    }
    let limited = ["-c", "ulimit -v \(memoryLimitMB * 1024) && exec \"$0\" \"$@\"", listdslBinary.path] + arguments
    return try runProcess(
        URL(fileURLWithPath: "/bin/sh"), limited, stdin: stdin, directory: directory, environment: extra,
        timeout: timeout, sourceLocation: sourceLocation)
}

/// Runs `/bin/sh -c script` with plain output, as `runListdsl` runs the binary.
func runShell(
    _ script: String, directory: URL? = nil, environment extra: [String: String] = [:], timeout: Double = 120,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Run {
    try runProcess(
        URL(fileURLWithPath: "/bin/sh"), ["-c", script], directory: directory, environment: extra, timeout: timeout,
        sourceLocation: sourceLocation)
}

/// Runs `executable` with `arguments`, feeding `stdin`, in `directory`, with NO_COLOR, TERM=dumb and no
/// history or user-defaults file.
///
/// A run that takes longer than `timeout` seconds is killed and recorded as a test failure. A run ended
/// by a signal has the status a shell gives it: 128 + the signal's number.
func runProcess(
    _ executable: URL, _ arguments: [String], stdin: String? = nil, stdinBytes: [UInt8]? = nil,
    directory: URL? = nil, environment extra: [String: String] = [:], timeout: Double = 120,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> Run {
    let input = Pipe()
    let child = try Child(executable, arguments, input: input, directory: directory, environment: extra)
    let timedOut = Flag()
    // The timer queue keeps a work item until its deadline, cancelled or not: it holds the child weakly,
    // so a finished run's pipes do not stay open for `timeout` seconds.
    let killer = DispatchWorkItem { [weak child] in
        guard let child, child.process.isRunning else { return }
        timedOut.raise()
        kill(child.pid, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
    defer { killer.cancel() }
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    if let stdinBytes { input.fileHandleForWriting.write(Data(stdinBytes)) }
    try? input.fileHandleForWriting.close()
    let run = child.finish()
    if timedOut.isRaised {
        Issue.record(
            "\(executable.lastPathComponent) \(arguments.prefix(4)) ran longer than \(timeout) s and was killed",
            sourceLocation: sourceLocation)
    }
    return run
}

/// What shows that a child has reached the statement a Ctrl-C is meant for (besides its SIGINT handler).
enum Readiness: Sendable {
    /// The child holds this file of its working directory open: it is waiting for a FIFO.
    case holdsOpen(String)
    /// This file of the working directory exists: the script saves it just before the statement under test.
    case saved(String)
}

/// Starts `listdsl arguments` in `directory` with no standard input, waits until it has installed its
/// SIGINT handler and `readiness` holds, sends SIGINT and gives what it did; a process still running 10 s
/// after the signal is killed (status 137).
///
/// A child that ends before it is ready, or is not ready within `deadline` seconds, is killed and
/// recorded as a test failure that says which condition was missing.
func runInterrupted(
    _ arguments: [String], directory: URL, environment extra: [String: String] = [:], once readiness: Readiness,
    deadline: Double = 60, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Run {
    let child = try Child(listdslBinary, arguments, input: nil, directory: directory, environment: extra)
    let reached: () -> Bool
    let described: String
    switch readiness {
    case .holdsOpen(let name):
        let path = realPath(directory.appendingPathComponent(name))
        reached = { holdsOpen(child.pid, path) }
        described = "has '\(name)' open"
    case .saved(let name):
        let path = directory.appendingPathComponent(name).path
        reached = { FileManager.default.fileExists(atPath: path) }
        described = "has saved '\(name)'"
    }
    // What was seen at the last look, for the message when the child never gets there.
    var (catching, there) = (false, false)
    let giveUp = Date().addingTimeInterval(deadline)
    while child.process.isRunning && Date() < giveUp {
        (catching, there) = (catchesInterrupt(child.pid), reached())
        if catching && there { break }
        Thread.sleep(forTimeInterval: 0.01)
    }
    guard catching && there else {
        let ended =
            child.process.isRunning
            ? "was not ready for Ctrl-C within \(deadline) s" : "ended before it was ready for Ctrl-C"
        if child.process.isRunning { kill(child.pid, SIGKILL) }
        let run = child.finish()
        Issue.record(
            """
            listdsl \(arguments.prefix(6)) \(ended) (its SIGINT handler installed: \(catching ? "yes" : "no"); \
            \(described): \(there ? "yes" : "no")); exit \(run.status), stderr: \(run.stderr.prefix(400))
            """, sourceLocation: sourceLocation)
        return run
    }
    child.process.interrupt()
    let killAt = Date().addingTimeInterval(10)
    while child.process.isRunning && Date() < killAt { Thread.sleep(forTimeInterval: 0.05) }
    if child.process.isRunning { kill(child.pid, SIGKILL) }
    return child.finish()
}

/// A running child process with plain output (as `runProcess` describes), its standard output and error
/// read as they arrive, so a chatty process cannot fill one pipe and block.
final class Child: @unchecked Sendable {
    let process = Process()
    let out = Pipe()
    let err = Pipe()
    /// Filled by the reader threads; read only after `readers` is done.
    private var outData = Data()
    private var errData = Data()
    private let readers = DispatchGroup()

    /// Starts `executable` with `arguments` in `directory`, its standard input `input` (nil: none).
    init(_ executable: URL, _ arguments: [String], input: Pipe?, directory: URL?, environment extra: [String: String])
        throws
    {
        process.executableURL = executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        env["TERM"] = "dumb"
        env["LISTDSL_HISTORY"] = ""
        env["LISTDSL_DEFAULTS"] = ""  // a test's user defaults last one run unless it names a file
        for (k, v) in extra { env[k] = v }
        process.environment = env
        if let directory { process.currentDirectoryURL = directory }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input ?? FileHandle.nullDevice
        try process.run()
        readers.enter()
        DispatchQueue.global().async { [self] in
            outData = out.fileHandleForReading.readDataToEndOfFile()
            readers.leave()
        }
        readers.enter()
        DispatchQueue.global().async { [self] in
            errData = err.fileHandleForReading.readDataToEndOfFile()
            readers.leave()
        }
    }

    /// The child's process id.
    var pid: pid_t { process.processIdentifier }

    /// Waits for the child to end and gives what it did; a child ended by a signal has the status a
    /// shell gives it: 128 + the signal's number.
    ///
    /// It closes the pipes' read ends: a test process that left them open would hold thousands of
    /// descriptors, and Foundation's `Process.run` on Linux reads past the end of a `/proc/self/fd`
    /// listing that long and crashes.
    func finish() -> Run {
        readers.wait()
        try? out.fileHandleForReading.close()
        try? err.fileHandleForReading.close()
        process.waitUntilExit()
        let signalled = process.terminationReason == .uncaughtSignal
        return Run(
            stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
            status: signalled ? 128 + process.terminationStatus : process.terminationStatus)
    }
}

/// Whether process `pid` catches SIGINT: the signal's bit (number − 1) in the `SigCgt` mask of
/// /proc/PID/status.
func catchesInterrupt(_ pid: pid_t) -> Bool {
    guard let status = procFile("/proc/\(pid)/status"),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
        let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return false }
    return mask & (1 << UInt64(SIGINT - 1)) != 0
}

/// Whether process `pid` has the file at `path` (a real path) open: one of its /proc/PID/fd links names it.
func holdsOpen(_ pid: pid_t, _ path: String) -> Bool {
    let fds = "/proc/\(pid)/fd"
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: fds) else { return false }
    return entries.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(fds)/\($0)")) == path }
}

/// `url`'s path with every symbolic link resolved, as the kernel names an open file.
func realPath(_ url: URL) -> String {
    guard let resolved = realpath(url.path, nil) else { return url.path }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// The text of a /proc file (whose size the file system gives as 0, so it is read to its end); nil when
/// it cannot be read, as when the process has ended.
func procFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = read(fd, &buffer, buffer.count)
        if n < 0 && errno == EINTR { continue }
        if n < 0 { return nil }
        if n == 0 { break }
        bytes += buffer[0..<n]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// A new empty directory for one test, named `listdsl-NAME-…`; the test removes it.
func scratchDirectory(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listdsl-\(name)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A flag one thread raises and another reads.
final class Flag: Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .relaxed) }
    var isRaised: Bool { raised.load(ordering: .relaxed) }
}

/// Collapses whitespace runs, as the conformance runner does.
func normalised(_ s: String) -> String {
    s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
}
