import Foundation
import Testing

/// The way in: `--version`, `--help`'s first screen against the argument definitions, and the shell
/// completion scripts exercised in bash.
@Suite struct FirstHourTests {
    @Test func versionSaysWhatItWasBuiltWith() throws {
        let run = try runListdsl(["--version"])
        #expect(run.status == 0)
        let line = run.stdout.trimmingCharacters(in: .newlines)
        #expect(
            line.wholeMatch(
                of: /listdsl \d+\.\d+\.\d+ \(Swift \d+(\.\d+)?( or later)?, (GNU readline \d+\.\d+|libedit)\)/)
                != nil, "\(line)")
    }

    /// Every option of the default command (read off `listdsl run --help`) and every subcommand is on
    /// `listdsl --help`'s first screen, with placeholders that read as words.
    @Test func helpShowsTheEverydayOptionsAndTheCommands() throws {
        let root = try runListdsl(["--help"]).stdout
        let run = try runListdsl(["run", "--help"]).stdout
        let options = run.split(separator: "\n").compactMap { line -> String? in
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-") else { return nil }
            return trimmed.split(separator: " ").first.map { String($0.filter { $0 != "," }) }
        }
        #expect(options.count >= 10)
        for option in options { #expect(root.contains(option), "\(option) is missing from listdsl --help") }
        for command in ["check", "html", "run (default)"] { #expect(root.contains("\n  " + command)) }
        for placeholder in ["-e <code>", "-i <file>", "--max-steps <n>", "--color <when>"] {
            #expect(root.contains(placeholder), "\(placeholder)")
        }
        #expect(!root.contains("<e>") && !root.contains("<i>"))
        // The first screen: usage and the everyday options within the first 40 lines.
        let first = root.split(separator: "\n", omittingEmptySubsequences: false).prefix(40).joined(separator: "\n")
        for option in ["-e <code>", "-i <file>", "--trace", "--max-steps", "--color"] {
            #expect(first.contains(option))
        }
    }

    /// The bash completion script completes options (asked of listdsl), subcommands and `.list` files.
    @Test(arguments: [
        ("listdsl --tr", ["--trace"]),
        ("listdsl ch", ["check"]),
        ("listdsl run --ma", ["--max-steps"]),
        ("listdsl html --ou", ["--output"]),
        ("listdsl ", ["a.list", "b.list", "check", "diff", "explain", "html", "lsp", "quiz", "run", "site"]),
        ("listdsl check ", ["a.list", "b.list"]),
        ("listdsl --color al", ["always"]),
        ("listdsl diff ", ["old.json"]),
    ])
    func bashCompletes(_ line: String, _ expected: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["a.list", "b.list", "notes.txt", "old.json"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: Data())
        }
        let script = """
            source "$1"
            COMP_LINE="$2"; COMP_POINT=${#COMP_LINE}
            read -ra COMP_WORDS <<< "$COMP_LINE"
            [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            _listdsl
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bin = listdslBinary.deletingLastPathComponent().path
        let run = try runProcess(
            URL(fileURLWithPath: "/bin/bash"),
            ["-c", script, "bash", packageRoot.appendingPathComponent("completions/listdsl.bash").path, line],
            directory: directory, environment: ["PATH": bin + ":/usr/bin:/bin"])
        let words = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.sorted()
        #expect(words == expected, "\(line) -> \(words)")
    }
}
