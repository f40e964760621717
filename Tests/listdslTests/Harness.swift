import Foundation
import Synchronization
import Testing

/// Runs the built `listdsl` binary and captures what it did.
struct Run {
    var stdout: String
    var stderr: String
    var status: Int32
}

/// The package's root directory (two levels above this file's folder).
let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The `listdsl` binary built next to the test bundle.
let listdslBinary: URL = {
    let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    var dir = exe.deletingLastPathComponent()
    // The bundle may be a directory (`X.xctest/...`) on some toolchains; walk up to the build folder.
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
    let process = Process()
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
    let out = Pipe()
    let err = Pipe()
    let input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    let timedOut = Flag()
    let killer = DispatchWorkItem { [process] in
        guard process.isRunning else { return }
        timedOut.raise()
        kill(process.processIdentifier, SIGKILL)
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
    defer { killer.cancel() }
    // Read both pipes concurrently so a chatty process cannot fill one and block.
    nonisolated(unsafe) var errData = Data()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        errData = err.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    if let stdinBytes { input.fileHandleForWriting.write(Data(stdinBytes)) }
    try? input.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    if timedOut.isRaised {
        Issue.record(
            "\(executable.lastPathComponent) \(arguments.prefix(4)) ran longer than \(timeout) s and was killed",
            sourceLocation: sourceLocation)
    }
    let signalled = process.terminationReason == .uncaughtSignal
    return Run(
        stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self),
        status: signalled ? 128 + process.terminationStatus : process.terminationStatus)
}

/// Starts `listdsl arguments` in `directory`, sends SIGINT after `delay` seconds, and gives what it did
/// (standard output is not kept); a process still running 10 s after the signal is killed (status 137).
func runInterrupted(_ arguments: [String], after delay: Double, directory: URL) throws -> Run {
    let process = Process()
    process.executableURL = listdslBinary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    let err = Pipe()
    process.standardError = err
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    Thread.sleep(forTimeInterval: delay)
    process.interrupt()
    let deadline = Date().addingTimeInterval(10)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    let signalled = process.terminationReason == .uncaughtSignal
    return Run(
        stdout: "", stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
        status: signalled ? 128 + process.terminationStatus : process.terminationStatus)
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
