import Foundation
import ListModel

import Platform

/// Types random key sequences into the real `listdsl` REPL through a pseudo-terminal and checks, after
/// each, that the REPL did not die from a signal, still answers, and did not outgrow its memory limit.
///
///     listdsl-keyfuzz BINARY [--sequences N] [--seconds S] [--seed N] [--findings DIR] [--replay FILE]
///
/// It stops after N sequences or S seconds, whichever comes first, prints what it ran, and exits 1 when
/// it found anything; each finding's keys are written to DIR (hex, one sequence a line), which
/// `--replay FILE` types again, in order, in one session.
@main
struct KeyFuzzer {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        func option(_ name: String) -> String? {
            guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
            let value = arguments[i + 1]
            arguments.removeSubrange(i...(i + 1))
            return value
        }
        let sequences = option("--sequences").flatMap(Int.init) ?? 10_000
        let seconds = option("--seconds").flatMap(Double.init) ?? 60
        let seed = option("--seed").flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970)
        let findings = option("--findings") ?? "fuzz-findings"
        let replay = option("--replay")
        guard arguments.count == 1 else {
            printError(
                "usage: listdsl-keyfuzz BINARY [--sequences N] [--seconds S] [--seed N] [--findings DIR] [--replay FILE]\n"
            )
            exit(64)
        }
        guard let binary = realpath(arguments[0], nil) else {
            printError("listdsl-keyfuzz: no such program '\(arguments[0])'\n")
            exit(66)
        }
        var fuzzer = KeyFuzzer(binary: String(cString: binary), seed: seed, findingsDirectory: findings)
        if let replay {
            // A findings file: one sequence a line, in hex; typed in order, in one session.
            guard let text = try? String(contentsOfFile: replay, encoding: .utf8) else {
                printError("listdsl-keyfuzz: cannot read '\(replay)'\n")
                exit(66)
            }
            fuzzer.replaying = text.split(separator: "\n").map { line in
                line.split(separator: " ").compactMap { UInt8($0, radix: 16) }
            }
        }
        free(binary)
        let summary = fuzzer.run(sequences: fuzzer.replaying?.count ?? sequences, seconds: seconds)
        print(summary)
        exit(fuzzer.findings.isEmpty ? 0 : 1)
    }

    let binary: String
    let findingsDirectory: String
    var random: SeededGenerator
    /// What went wrong, one line each.
    var findings: [String] = []
    /// Sequences to type instead of random ones (`--replay`), in order.
    var replaying: [[UInt8]]?
    /// A scratch directory the REPL runs in (its history, files it saves).
    let scratch: String

    /// The most memory the REPL may use: it runs with `--limit memory=512M`, which it checks as it runs.
    static let memoryBound = 768 << 20
    /// How long the REPL may take to answer after a sequence.
    static let answerTimeout: Double = 20

    init(binary: String, seed: UInt64, findingsDirectory: String) {
        self.binary = binary
        self.findingsDirectory = findingsDirectory
        random = SeededGenerator(seed: seed)
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("listdsl-keyfuzz-XXXXXX").path
        var buffer = Array(template.utf8CString)
        scratch = mkdtemp(&buffer).map { String(cString: $0) } ?? FileManager.default.temporaryDirectory.path
        print("seed \(seed)")
    }

    /// Runs sessions of up to 50 sequences each until `sequences` ran or `seconds` passed.
    mutating func run(sequences: Int, seconds: Double) -> String {
        let start = Date()
        var ran = 0
        var sessions = 0
        var keysTyped = 0
        while ran < sequences && Date().timeIntervalSince(start) < seconds {
            guard let session = REPLSession(binary: binary, directory: scratch) else {
                findings.append("cannot start \(binary) in a pseudo-terminal")
                break
            }
            sessions += 1
            var typed: [[UInt8]] = []
            guard session.waitForOutput(containing: "list> ", timeout: Self.answerTimeout) else {
                record("no first prompt", session: session, typed: typed)
                session.kill()
                break
            }
            var probe = 0
            let sessionLength = replaying.map(\.count) ?? 50
            while ran < sequences && typed.count < sessionLength && Date().timeIntervalSince(start) < seconds {
                let keys = nextSequence()
                typed.append(keys)
                keysTyped += keys.count
                ran += 1
                session.type(keys, random: &random)
                if let ended = session.exitStatus() {
                    if ended.signal != nil {
                        record("died from signal \(ended.signal ?? 0)", session: session, typed: typed)
                    }
                    break  // Ctrl-D or `quit`: a normal end; a new session starts
                }
                probe += 1
                let outcome = session.probe(probe, timeout: Self.answerTimeout)
                if let ended = session.exitStatus() {
                    if ended.signal != nil {
                        record("died from signal \(ended.signal ?? 0)", session: session, typed: typed)
                    }
                    break
                }
                if outcome == .exited { break }
                if outcome == .silent {
                    record("stopped answering", session: session, typed: typed)
                    break
                }
                if let rss = session.residentMemory(), rss > Self.memoryBound {
                    record("uses \(rss >> 20) MiB of memory", session: session, typed: typed)
                    break
                }
            }
            session.kill()
        }
        let elapsed = Date().timeIntervalSince(start)
        return
            "\(ran) key sequences (\(keysTyped) keys) in \(sessions) sessions, \(String(format: "%.0f", elapsed)) s: "
            + (findings.isEmpty
                ? "no crash, hang or runaway memory"
                : "\(findings.count) finding(s):\n" + findings.joined(separator: "\n"))
    }

    /// Notes a finding and writes the session's keys to the findings directory.
    mutating func record(_ what: String, session: REPLSession, typed: [[UInt8]]) {
        try? FileManager.default.createDirectory(atPath: findingsDirectory, withIntermediateDirectories: true)
        let file = findingsDirectory + "/keys-\(findings.count + 1).hex"
        let text = typed.map { $0.map { String(format: "%02x", $0) }.joined(separator: " ") }.joined(separator: "\n")
        try? (text + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let finding =
            "\(what) after \(typed.count) sequence(s); keys in \(file); last output: "
            + String(decoding: session.output.suffix(600), as: UTF8.self).debugDescription
        findings.append(finding)
        printError("finding: " + finding + "\n")
    }

    // MARK: - Key sequences

    /// Fragments of the language, typed as a user types them.
    static let fragments: [String] = [
        "reset [[\"a\",\"b\",\"c\"],[\"d\"]]", "insert 0:0 \"x\"", "delete 0:1", "move 0:0 to 0:2", "reload 0:1 \"y\"",
        "begin", "end", "show", "dump", "append 0 \"z\"", "insert section 0 \"S\"", "delete section 1",
        "data delete 0:0",
        "table insert 0:0", "reloadData", "edit on", "tap 0:0", "swipe 0:1", "drag 0:0 to 0:1", "select 0:0",
        "on commit { if style == delete { delete path } }", "on move { data move source to destination }",
        "let n = 0", "while true { n = n + 1 }", "repeat 100000 { append 0 \"r\" }", "for i in 0..<3 { print i }",
        "proc f(x) { return f(x) }", "f(1)", "print str([1, [2, [3]]])", "let s = \"x\"; repeat 40 { s = s + s }",
        "expect error { delete 9:9 }", "run \"missing.list\"", ".show", ".help", ".help insert", ".history",
        ".trace on", ".trace off", ".autoshow off", ".save out.list", ".read out.list", ".reset", "print \"é→😀\"",
        "if true {", "}", "[", "(", "\"unterminated", "\\(", "print \"\\u{", "# comment", ";;", "\u{1}\u{7F}",
        "header 0 \"H\"", "style grouped", "trace on", "print lastError()", "print item(0:0)", "let l = []",
        "repeat 2000 { l = [l] }",
    ]

    /// Keys with a special meaning: control characters (not Ctrl-Z, which would stop the process as a
    /// shell's job control does, with no shell here to continue it), and escape sequences a terminal sends.
    static let controls: [[UInt8]] =
        (0x00...0x1F).filter { $0 != 0x1A }.map { [UInt8($0)] } + [[0x7F]]
        + [
            "\u{1B}[A", "\u{1B}[B", "\u{1B}[C", "\u{1B}[D", "\u{1B}[H", "\u{1B}[F", "\u{1B}[3~", "\u{1B}[200~",
            "\u{1B}[201~", "\u{1B}[1;5C", "\u{1B}OA", "\u{1B}b", "\u{1B}f", "\u{1B}d", "\u{1B}x", "\u{1B}.",
            "\u{1B}\u{7F}",
            "\u{1B}", "\u{1B}[", "\u{1B}O", "\u{1B}[2~", "\u{1B}[5~", "\u{1B}[Z", "\u{1B}\u{1D}", "\u{1B}1\u{1B}2",
            "\u{1B}[999999999999999999999A",
        ].map { Array($0.utf8) }

    /// One random sequence: a mix of typed fragments, control keys, escape sequences, pastes, stray bytes,
    /// a long line now and then, and Ctrl-C at random moments.
    mutating func nextSequence() -> [UInt8] {
        if var queue = replaying, !queue.isEmpty {
            let next = queue.removeFirst()
            replaying = queue.isEmpty ? [] : queue
            return next
        }
        var keys: [UInt8] = []
        for _ in 0..<random.below(12) + 1 {
            switch random.below(100) {
            case 0..<30: keys += Array(Self.fragments[random.below(Self.fragments.count)].utf8)
            case 30..<52: keys += Self.controls[random.below(Self.controls.count)]
            case 52..<62: keys.append(0x0D)
            case 62..<68: keys.append(0x03)  // Ctrl-C
            case 68..<74:
                // A paste, bracketed, sometimes never ended.
                keys +=
                    Array("\u{1B}[200~".utf8) + Array(Self.fragments[random.below(Self.fragments.count)].utf8)
                    + [0x0A] + Array(Self.fragments[random.below(Self.fragments.count)].utf8)
                if random.below(4) > 0 { keys += Array("\u{1B}[201~".utf8) }
            case 74..<80: keys += (0..<random.below(8) + 1).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            case 80..<81: keys += Array(repeating: UInt8(ascii: "x"), count: 1_000 + random.below(8_000))
            case 82..<86:
                keys += Array("\u{12}".utf8) + Array(Self.fragments[random.below(Self.fragments.count)].prefix(3).utf8)
            default: keys += (0..<random.below(6) + 1).map { _ in UInt8(0x20 + random.below(0x5F)) }
            }
        }
        return keys
    }
}

/// Writes `text` to standard error.
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
}
