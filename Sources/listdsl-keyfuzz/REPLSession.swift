import Platform
import Foundation
import ListModel

import Platform

/// The `listdsl` REPL running in a pseudo-terminal of its own, as in a terminal window: the terminal is
/// its controlling terminal, so Ctrl-C typed into it is SIGINT, as for a user.
final class REPLSession {
    /// The pseudo-terminal's master side: what is written is typed; what is read is the screen's output.
    let master: Int32
    let pid: pid_t
    /// The output so far (the last 256 KiB).
    private(set) var output: [UInt8] = []
    /// How the process ended, once it has.
    private var ended: Ending?

    /// How the REPL process ended.
    struct Ending {
        var status: Int32?
        var signal: Int32?
    }

    /// What a probe found.
    enum ProbeOutcome { case answered, silent, exited }

    /// Starts `binary` in a new 100×40 pseudo-terminal, in `directory`, with a history file there and
    /// small limits; nil when the terminal or the process cannot be made.
    init?(binary: String, directory: String) {
        master = openPseudoTerminal(O_RDWR | O_NOCTTY)
        guard master >= 0, grantPseudoTerminal(master) == 0, unlockPseudoTerminal(master) == 0,
            let name = pseudoTerminalName(master)
        else { return nil }
        let terminal = String(cString: name)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        let actions = ChildProcess.FileActions()
        // Opened after setsid() in the child, the terminal becomes its controlling terminal.
        actions.open(0, terminal, O_RDWR)
        actions.duplicate(0, to: 1)
        actions.duplicate(0, to: 2)
        actions.closeOthers()
        let script =
            "cd \"$1\" && stty rows 40 cols 100 && exec \"$0\" --limit memory=512M --limit table-size=1000000"
        let argv = ["/bin/sh", "-c", script, binary, directory]
        let environment = [
            "TERM=xterm", "INPUTRC=/dev/null", "HOME=\(directory)", "LISTDSL_HISTORY=\(directory)/history",
            "PATH=/usr/bin:/bin", "LANG=C.UTF-8",
        ]
        guard
            case .success(let child) = ChildProcess.spawn(
                argv, environment: environment, actions: actions, newSession: true)
        else {
            close(master)
            return nil
        }
        pid = child
    }

    /// Types `keys` in chunks of random size with short pauses, as typing and pasting do, reading the
    /// output meanwhile so the terminal never blocks the program.
    func type(_ keys: [UInt8], random: inout SeededGenerator) {
        var index = 0
        while index < keys.count {
            let chunk = min(keys.count - index, 1 + random.below(64))
            write(Array(keys[index..<index + chunk]))
            index += chunk
            drain(for: random.below(4) == 0 ? 0.002 : 0)
        }
        drainUntilQuiet(atMost: 0.2)
    }

    /// Writes bytes to the terminal, waiting while it is full.
    func write(_ bytes: [UInt8]) {
        var offset = 0
        let deadline = Date().addingTimeInterval(10)
        while offset < bytes.count && Date() < deadline {
            let n = bytes[offset...].withUnsafeBytes { Host.write(master, $0.baseAddress, $0.count) }
            if n > 0 {
                offset += n
            } else {
                drain(for: 0.005)  // the terminal's input is full until the program reads: keep its output moving
            }
        }
    }

    /// Reads output for `seconds`.
    func drain(for seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let wait = max(0, Int32(deadline.timeIntervalSinceNow * 1000))
            guard poll(&request, 1, wait) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let n = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if n <= 0 { return }  // the program ended (EIO) or nothing after all
            output += buffer[0..<n]
            if output.count > 256 << 10 { output.removeFirst(output.count - (128 << 10)) }
        } while Date() < deadline
    }

    /// Reads output until none came for 50 ms, or `atMost` seconds passed.
    func drainUntilQuiet(atMost seconds: Double) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let before = output.count
            drain(for: 0.05)
            if output.count == before { return }
        }
    }

    /// Waits until the output holds `text`; false after `timeout` seconds.
    func waitForOutput(containing text: String, after start: Int = 0, timeout: Double) -> Bool {
        let wanted = Array(text.utf8)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if REPLSession.contains(output, wanted, from: max(0, min(start, output.count))) { return true }
            if exitStatus() != nil { return false }
            drain(for: 0.05)
        }
        return false
    }

    /// Whether the REPL answers: Ctrl-Q (in case Ctrl-S stopped output), Ctrl-C to leave whatever the keys
    /// left running or half typed, then `print "probe-N"`, whose output must appear. Tries three times.
    func probe(_ number: Int, timeout: Double) -> ProbeOutcome {
        let answer = "probe-\(number)\r\n"
        for _ in 0..<3 {
            let mark = output.count
            write([0x11, 0x03])
            _ = waitForOutput(containing: "^C", after: mark, timeout: 1)  // Ctrl-C spent on a statement shows no ^C
            drainUntilQuiet(atMost: 0.5)
            if exitStatus() != nil { return .exited }
            let start = output.count
            write(Array("print \"probe-\(number)\"\r".utf8))
            if waitForOutput(containing: answer, after: start, timeout: timeout / 3) { return .answered }
            if exitStatus() != nil { return .exited }
        }
        return .silent
    }

    /// How the process ended, or nil while it runs.
    func exitStatus() -> Ending? {
        if let ended { return ended }
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        let signal = status & 0x7F
        ended = signal == 0 ? Ending(status: (status >> 8) & 0xFF, signal: nil) : Ending(status: nil, signal: signal)
        return ended
    }

    /// The process's resident memory in bytes.
    func residentMemory() -> Int? {
        Host.processMemory(addressSpace: false, of: pid)
    }

    /// Ends the process and the terminal.
    func kill() {
        if exitStatus() == nil {
            Host.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        close(master)
    }

    /// Whether `haystack[from...]` contains `needle`.
    static func contains(_ haystack: [UInt8], _ needle: [UInt8], from: Int) -> Bool {
        guard !needle.isEmpty, haystack.count - from >= needle.count else { return false }
        var i = from
        while i + needle.count <= haystack.count {
            if haystack[i] == needle[0] && haystack[i..<i + needle.count].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}

// The pseudo-terminal functions of glibc's stdlib.h, which the Glibc module leaves out (they need
// _XOPEN_SOURCE).

/// `posix_openpt`: opens a new pseudo-terminal's master side.
@_silgen_name("posix_openpt")
func openPseudoTerminal(_ flags: Int32) -> Int32

/// `grantpt`: gives the caller the terminal's slave side.
@_silgen_name("grantpt")
func grantPseudoTerminal(_ master: Int32) -> Int32

/// `unlockpt`: lets the slave side be opened.
@_silgen_name("unlockpt")
func unlockPseudoTerminal(_ master: Int32) -> Int32

/// `ptsname`: the slave side's path.
@_silgen_name("ptsname")
func pseudoTerminalName(_ master: Int32) -> UnsafeMutablePointer<CChar>?
