import Foundation
import Platform
import Testing

/// The built `listdsl` running in a pseudo-terminal: a detached tmux pane on a server of its own.
///
/// Every wait polls the screen against a deadline instead of sleeping a fixed time, so a loaded machine
/// makes the tests slower, not flaky. The server is killed by `close()` (and on deinit).
final class TerminalSession {
    /// The private tmux server's socket name (`tmux -L`).
    let socket: String
    /// A scratch directory for this session: the working directory, the history file, the exit status.
    let directory: URL
    /// Where the wrapper writes the binary's exit status.
    let statusFile: URL
    private var closed = false
    /// Whether `directory` was made here (and is removed by `close()`).
    private let ownsDirectory: Bool

    /// How long any single wait may take.
    static let timeout: Double = 30

    /// Whether terminal tests can run: tmux is installed, or this is CI (which installs it, so its
    /// absence there is a failure, not a skip).
    static let isAvailable: Bool = {
        if ProcessInfo.processInfo.environment["CI"] != nil { return true }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/tmux") }
    }()
    /// Why a terminal test is skipped.
    static let unavailable: Comment =
        "tmux is not installed: the REPL tests drive the REPL through it (apt-get install tmux)"

    /// Starts `listdsl arguments` in a `width`×`height` terminal with `environment` added (plain output and
    /// a history file in the scratch directory unless overridden). With `inShell`, starts an interactive
    /// bash with job control instead (its prompt `$ `), for a test to type the command into and use `fg`.
    init(
        _ arguments: [String] = [], environment: [String: String] = [:], directory: URL? = nil, width: Int = 120,
        height: Int = 40, inShell: Bool = false
    ) throws {
        let unique = "\(getpid())-\(UUID().uuidString.prefix(8))"
        socket = "listdsl-test-\(unique)"
        ownsDirectory = directory == nil
        if let directory {
            self.directory = directory
        } else {
            self.directory = FileManager.default.temporaryDirectory.appendingPathComponent("listdsl-repl-\(unique)")
            try FileManager.default.createDirectory(at: self.directory, withIntermediateDirectories: true)
        }
        statusFile = self.directory.appendingPathComponent(".status-\(unique)")
        var env: [String: String] = [
            "NO_COLOR": "1", "TERM": "xterm", "HOME": self.directory.path,
            "LISTDSL_HISTORY": self.directory.appendingPathComponent("history").path, "INPUTRC": "/dev/null",
        ]
        for (k, v) in environment { env[k] = v }
        let assignments = env.keys.sorted().map { TerminalSession.quote("\($0)=\(env[$0] ?? "")") }.joined(
            separator: " ")
        let program =
            inShell
            ? ["bash", "--norc", "--noprofile", "-i"]
            : [listdslBinary.path] + arguments
        let command =
            "cd \(TerminalSession.quote(self.directory.path)) && env \(assignments) \(inShell ? "PS1='$ ' " : "")"
            + program.map(TerminalSession.quote).joined(separator: " ")
            + "; echo $? > \(TerminalSession.quote(statusFile.path))"
        // The server this starts keeps its inherited descriptors: it must not get a pipe we read to the end.
        try tmux(
            ["new-session", "-d", "-x", String(width), "-y", String(height), "-s", "main", command], output: false)
    }

    deinit { close() }

    /// Kills the tmux server (and with it the binary, if still running), and removes the server's socket
    /// and the scratch directory this session made.
    func close() {
        if closed { return }
        closed = true
        _ = try? tmux(["kill-server"], check: false)
        let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        unlink("\(base)/tmux-\(getuid())/\(socket)")
        if ownsDirectory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", "main", "-l", text])
    }

    /// Presses keys by tmux name: `Enter`, `Tab`, `C-c`, `C-d`, `C-r`, `Up`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// Sends raw bytes, as a terminal sends keys tmux has no name for (a paste's end is `ESC [ 2 0 1 ~`).
    func send(bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "main", "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// Pastes `text` as a terminal paste (bracketed when the program asked for it).
    func paste(_ text: String) throws {
        let file = directory.appendingPathComponent(".paste-\(UUID().uuidString.prefix(8))")
        try Data(text.utf8).write(to: file)
        try tmux(["load-buffer", "-b", "p", file.path])
        try tmux(["paste-buffer", "-p", "-d", "-b", "p", "-t", "main"])
    }

    /// The screen and its scrollback, wrapped lines joined, trailing blanks and blank lines removed; with
    /// `escapes`, the colour escape sequences too.
    func screen(escapes: Bool = false) -> String {
        let raw =
            (try? tmux(
                ["capture-pane", "-p", "-J", "-S", "-2000", "-t", "main"] + (escapes ? ["-e"] : []), check: false))
            ?? ""
        var lines = raw.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0.reversed().drop(while: { $0 == " " }).reversed())
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Polls the screen until `condition` holds; returns that screen, or records a failure and returns the
    /// last screen seen.
    @discardableResult
    func waitFor(
        _ what: String, timeout: Double = TerminalSession.timeout, sourceLocation: SourceLocation = #_sourceLocation,
        _ condition: (String) -> Bool
    ) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record(
            "timed out waiting for \(what); the screen ended:\n\(last.suffix(3000))", sourceLocation: sourceLocation)
        return last
    }

    /// The number of prompt lines (`list> `, `list[batch 1]> `, ` ...> `) on the screen so far.
    static func promptCount(_ screen: String) -> Int {
        screen.split(separator: "\n", omittingEmptySubsequences: false).filter(isPrompt).count
    }

    /// Whether a screen line starts with a prompt.
    static func isPrompt<S: StringProtocol>(_ line: S) -> Bool {
        line.hasPrefix("list> ") || line == "list>" || line.hasPrefix("list[batch ")
            || line.drop { $0 == " " }.hasPrefix("...> ") || line.drop { $0 == " " } == "...>"
    }

    /// The last line of the screen.
    static func lastLine(_ screen: String) -> String {
        screen.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    }

    /// Waits for the first prompt.
    @discardableResult
    func waitForPrompt(sourceLocation: SourceLocation = #_sourceLocation) -> String {
        waitFor("the prompt", sourceLocation: sourceLocation) { TerminalSession.lastLine($0) == "list>" }
    }

    /// Types a line, waits for it to be echoed, presses Enter and waits for the next prompt; returns the
    /// screen text after the entered line.
    @discardableResult
    func enter(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let before = TerminalSession.promptCount(screen())
        try type(line)
        waitFor("'\(line)' to be echoed", sourceLocation: sourceLocation) {
            TerminalSession.lastLine($0).hasSuffix(line)
        }
        try press("Enter")
        let after = waitFor("the prompt after '\(line)'", sourceLocation: sourceLocation) { screen in
            TerminalSession.promptCount(screen) > before && TerminalSession.isPrompt(TerminalSession.lastLine(screen))
                && !TerminalSession.lastLine(screen).hasSuffix(line)
        }
        return TerminalSession.output(after, after: line)
    }

    /// The lines of `screen` after the last line ending in `line`, without the final prompt.
    static func output(_ screen: String, after line: String) -> String {
        var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let at = lines.lastIndex(where: { isPrompt($0) && $0.hasSuffix(line) }) else { return "" }
        lines = Array(lines[(at + 1)...])
        if let last = lines.last, isPrompt(last) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Waits for the binary to exit and returns its status.
    func exitStatus(sourceLocation: SourceLocation = #_sourceLocation) -> Int32? {
        let deadline = Date().addingTimeInterval(TerminalSession.timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: statusFile, encoding: .utf8),
                let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return status
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record(
            "the REPL did not exit; the screen ended:\n\(screen().suffix(3000))", sourceLocation: sourceLocation)
        return nil
    }

    /// The process id of the binary in the pane: the pane's shell's child named `listdsl` (found in /proc);
    /// nil while there is none.
    func programPID() -> pid_t? {
        let pane = try? tmux(["display-message", "-p", "-t", "main", "#{pane_pid}"], check: false)
        guard let shell = pane.flatMap({ pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }),
            let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc")
        else { return nil }
        for entry in entries {
            guard let pid = pid_t(entry), let stat = procFile("/proc/\(pid)/stat"),
                let nameStart = stat.firstIndex(of: "("), let nameEnd = stat.lastIndex(of: ")")
            else { continue }
            // "pid (comm) state ppid …": the name may hold spaces, so fields are counted after its ")".
            let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
            let name = stat[stat.index(after: nameStart)..<nameEnd]
            if fields.count > 1, pid_t(fields[1]) == shell, name == "listdsl" {
                return pid
            }
        }
        return nil
    }

    /// How many bytes process `pid` has read so far (`rchar` in /proc/PID/io); the REPL reads its keys
    /// one byte at a time. Nil when the process cannot be read.
    static func bytesRead(by pid: pid_t) -> Int? {
        guard let io = procFile("/proc/\(pid)/io"),
            let line = io.split(separator: "\n").first(where: { $0.hasPrefix("rchar:") })
        else { return nil }
        return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces))
    }

    /// Sends raw bytes and waits until the binary has read every one of them, which no screen shows while
    /// the keys leave the line as it was (an unfinished paste); records a failure after `timeout` seconds.
    func sendAndWaitForRead(
        bytes: [UInt8], timeout: Double = TerminalSession.timeout, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        guard let pid = programPID(), let start = TerminalSession.bytesRead(by: pid) else {
            Issue.record("cannot find the binary's process in the pane", sourceLocation: sourceLocation)
            return
        }
        try send(bytes: bytes)
        let deadline = Date().addingTimeInterval(timeout)
        var read = 0
        while Date() < deadline {
            read = (TerminalSession.bytesRead(by: pid) ?? start) - start
            if read >= bytes.count { return }
            Thread.sleep(forTimeInterval: 0.01)
        }
        Issue.record(
            "timed out waiting for the binary to read the \(bytes.count) bytes sent; it read \(read)",
            sourceLocation: sourceLocation)
    }

    /// Runs tmux on this session's server; returns its standard output.
    ///
    /// Not through Foundation's `Process`, which waited for the tmux server that `new-session` forks (the
    /// server keeps inherited descriptors). Here the child gets only /dev/null and, when wanted, an output
    /// pipe; every other descriptor is closed in the child.
    @discardableResult
    private func tmux(_ arguments: [String], check: Bool = true, output: Bool = true) throws -> String {
        let argv = [TerminalSession.tmuxPath, "-f", "/dev/null", "-L", socket] + arguments
        var pipeFDs: [Int32] = [-1, -1]
        if output {
            if pipe(&pipeFDs) != 0 { throw TerminalError("pipe failed") }
            _ = fcntl(pipeFDs[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(pipeFDs[1], F_SETFD, FD_CLOEXEC)
        }
        let actions = ChildProcess.FileActions()
        actions.open(0, "/dev/null", O_RDONLY)
        if output {
            actions.duplicate(pipeFDs[1], to: 1)
        } else {
            actions.open(1, "/dev/null", O_WRONLY)
        }
        actions.open(2, "/dev/null", O_WRONLY)
        actions.closeOthers()
        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        let spawned = ChildProcess.spawn(
            argv, environment: environment.map { "\($0.key)=\($0.value)" }, actions: actions, newSession: false)
        if output { Host.close(pipeFDs[1]) }
        guard case .success(let pid) = spawned else {
            if output { Host.close(pipeFDs[0]) }
            throw TerminalError("cannot run \(argv[0]): error \(spawned)")
        }
        var data = Data()
        if output {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(pipeFDs[0], $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                data.append(contentsOf: buffer[0..<n])
            }
            Host.close(pipeFDs[0])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = (status & 0x7F) == 0
        let code = (status >> 8) & 0xFF
        if check && !(exited && code == 0) {
            throw TerminalError("tmux \(arguments.joined(separator: " ")) failed with status \(status)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The line editors the binary can be built with (Package.swift, LISTDSL_LINE_EDITOR).
    enum LineEditor { case gnuReadline, libedit }

    /// The line editor the binary under test was built with, from its `--version`. The two differ in what
    /// they draw, not in what the REPL does: the incremental search's prompt (`(reverse-i-search)`x'` or
    /// `bck:x`), and GNU readline's bracketed paste, which libedit lacks.
    static let lineEditor: LineEditor = {
        let version = (try? runListdsl(["--version"]))?.stdout ?? ""
        return version.contains("libedit") ? .libedit : .gnuReadline
    }()

    /// Whether `screen` shows the incremental search for `text` in the binary's line editor.
    static func showsReverseSearch(_ screen: String, for text: String) -> Bool {
        switch lineEditor {
        case .gnuReadline: screen.contains("(reverse-i-search)`\(text)'")
        case .libedit: screen.contains("bck:\(text)") || screen.contains("bck?\(text)")
        }
    }

    /// tmux, from the usual places.
    static let tmuxPath: String = {
        for dir in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin", "/bin"]
        where FileManager.default.isExecutableFile(atPath: dir + "/tmux") {
            return dir + "/tmux"
        }
        return "/usr/bin/tmux"
    }()

    /// `s` quoted for the shell.
    static func quote(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// A tmux command that failed.
struct TerminalError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
