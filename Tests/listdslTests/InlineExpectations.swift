/// What a script expects of its run, written in its comments as jlox writes `// expect:`.
///
/// On a line of its own:
/// - `# stdout: LINE` is the next line of standard output (when any is given, they are all of it);
///   `# no-stdout` says there is none.
/// - `# exit: N` is the exit status (0 when absent).
/// - `# error: LINE:COL: MESSAGE` says standard error holds the diagnostic
///   `SCRIPT:LINE:COL: error: MESSAGE`, the whole message; `# warning:` and `# note:` likewise.
///   `# error: FILE:LINE:COL: MESSAGE` is a diagnostic in another file, named by its path from the
///   script's folder (the binary runs in that folder, so it prints the same path).
/// - `# hint: TEXT` says standard error holds the line `hint: TEXT`.
/// - `# | TEXT` says standard error holds the line `TEXT`: the next line of a message that spans
///   lines (UIKit's `Duplicate identifiers: {(` set, one identifier a line).
///
/// At the end of a code line, `# error: col COL: MESSAGE` (or `warning`, `note`) is a diagnostic on
/// that line, and `# stdout: LINE` reads as it does on a line of its own.
///
/// When every diagnostic is expected with its position, standard error must be exactly the expected
/// diagnostics and hints (each diagnostic's source line and caret aside): a script that expects none
/// must leave it empty. The conformance cases' positionless form, `# error: TEXT`, only asks that
/// standard error contain TEXT (runs of white space collapsed); `# warning: TEXT` and `# note: TEXT`
/// ask for `warning: TEXT` and `note: TEXT`. A script using it is not checked for other output there.
struct InlineExpectations {
    var stdout: [String] = []
    var noStdout = false
    var exit: Int32 = 0
    /// The diagnostic and hint lines standard error must hold, as the binary prints them.
    var diagnostics: [String] = []
    /// Positionless expectations: text standard error must contain.
    var positionless: [String] = []
    /// Expectation comments that could not be read.
    var malformed: [String] = []

    /// The kinds of diagnostic a comment can expect.
    static let severities = ["error", "warning", "note"]

    /// Reads the expectations of `script`, a file named `file` (as the binary names it).
    init(script: String, file: String) {
        for (index, raw) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw.drop(while: { $0 == " " || $0 == "\t" }))
            if line.hasPrefix("#") {
                read(line, file: file)
            } else if let comment = InlineExpectations.trailingComment(line) {
                readTrailing(comment, file: file, line: index + 1)
            }
        }
    }

    /// Reads a comment on a line of its own.
    private mutating func read(_ comment: String, file: String) {
        if comment.trimmingCharacters(in: .whitespaces) == "# no-stdout" {
            noStdout = true
        } else if let text = InlineExpectations.value(of: "stdout", in: comment) {
            stdout.append(text)
        } else if let text = InlineExpectations.value(of: "exit", in: comment) {
            exit = Int32(text.trimmingCharacters(in: .whitespaces)) ?? -1
        } else if let text = InlineExpectations.value(of: "hint", in: comment) {
            diagnostics.append("hint: \(text)")
        } else if comment.hasPrefix("# | ") {
            diagnostics.append(String(comment.dropFirst(4)))
        } else {
            for severity in InlineExpectations.severities {
                guard let text = InlineExpectations.value(of: severity, in: comment) else { continue }
                if let (place, message) = InlineExpectations.position(text) {
                    let qualified = place.filter { $0 == ":" }.count == 2 ? place : "\(file):\(place)"
                    diagnostics.append("\(qualified): \(severity): \(message)")
                } else {
                    positionless.append(severity == "error" ? text : "\(severity): \(text)")
                }
            }
        }
    }

    /// Reads a comment at the end of code on line `line`.
    private mutating func readTrailing(_ comment: String, file: String, line: Int) {
        if let text = InlineExpectations.value(of: "stdout", in: comment) {
            stdout.append(text)
            return
        }
        for severity in InlineExpectations.severities {
            guard let text = InlineExpectations.value(of: severity, in: comment) else { continue }
            let digits = text.hasPrefix("col ") ? text.dropFirst(4).prefix(while: \.isNumber) : ""
            let rest = text.dropFirst(4 + digits.count)
            guard !digits.isEmpty, rest.hasPrefix(": ") else {
                malformed.append("line \(line): '\(comment)' should give the column: '# \(severity): col N: …'")
                return
            }
            diagnostics.append("\(file):\(line):\(digits): \(severity): \(rest.dropFirst(2))")
            return
        }
        for kind in ["exit", "hint", "no-stdout"] where comment.hasPrefix("# \(kind)") {
            malformed.append("line \(line): '# \(kind)' belongs on a line of its own")
        }
    }

    /// The text after `# kind:` (and one space), or nil when `comment` is not that expectation.
    static func value(of kind: String, in comment: String) -> String? {
        guard comment.hasPrefix("# \(kind):") else { return nil }
        let text = comment.dropFirst("# \(kind):".count)
        return String(text.hasPrefix(" ") ? text.dropFirst() : text)
    }

    /// `LINE:COL` or `FILE:LINE:COL` and the message after it, when `text` starts with a position.
    static func position(_ text: String) -> (place: String, message: String)? {
        guard let end = text.range(of: ": ") else { return nil }
        let place = text[..<end.lowerBound]
        let parts = place.split(separator: ":", omittingEmptySubsequences: false)
        let numbers = parts.suffix(2)
        guard parts.count == 2 || (parts.count == 3 && !parts[0].isEmpty && !parts[0].contains(" ")),
            numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) })
        else { return nil }
        return (String(place), String(text[end.upperBound...]))
    }

    /// The comment that ends a line of code: from the first `#` outside a string literal.
    static func trailingComment(_ line: String) -> String? {
        var inString = false
        var escaped = false
        for index in line.indices {
            let character = line[index]
            if escaped {
                escaped = false
            } else if inString && character == "\\" {
                escaped = true
            } else if character == "\"" {
                inString.toggle()
            } else if character == "#" && !inString {
                return String(line[index...])
            }
        }
        return nil
    }

    /// What is wrong with `run`, or an empty list.
    func problems(_ run: Run) -> [String] {
        var problems = malformed
        if run.status != exit { problems.append("exit \(run.status), expected \(exit)") }
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let got = lines.last == "" ? Array(lines.dropLast()) : lines
        if !stdout.isEmpty && got != stdout {
            problems.append("stdout was:\n\(run.stdout)\nexpected:\n\(stdout.joined(separator: "\n"))")
        }
        if noStdout && !run.stdout.isEmpty { problems.append("stdout should be empty, was: \(run.stdout)") }
        if positionless.isEmpty {
            problems += diagnosticProblems(run.stderr)
        } else {
            for text in positionless where !normalised(run.stderr).contains(normalised(text)) {
                problems.append("stderr lacks: \(text)\nstderr was: \(run.stderr)")
            }
            for line in diagnostics where !run.stderr.split(separator: "\n").contains(Substring(line)) {
                problems.append("stderr lacks: \(line)\nstderr was: \(run.stderr)")
            }
        }
        return problems
    }

    /// Standard error against the expected diagnostics, exactly: each is there once per expectation,
    /// and nothing else is, but the source line and caret under each diagnostic.
    func diagnosticProblems(_ stderr: String) -> [String] {
        var missing = diagnostics
        var unexpected: [String] = []
        for line in stderr.split(separator: "\n").map(String.init) where !InlineExpectations.isExcerpt(line) {
            if let found = missing.firstIndex(of: line) {
                missing.remove(at: found)
            } else {
                unexpected.append(line)
            }
        }
        guard !missing.isEmpty || !unexpected.isEmpty else { return [] }
        if diagnostics.isEmpty {
            return ["stderr should be empty (the script expects no diagnostic), was:\n\(stderr)"]
        }
        return missing.map { "stderr lacks: \($0)" } + unexpected.map { "stderr has, unexpected: \($0)" }
            + ["stderr was:\n\(stderr)"]
    }

    /// True for the lines under a diagnostic that show its source line (`   2 | code`) and caret
    /// (`     |   ^~~`).
    static func isExcerpt(_ line: String) -> Bool {
        let afterSpaces = line.drop(while: { $0 == " " })
        if afterSpaces.hasPrefix("|") { return afterSpaces.count < line.count }
        let afterNumber = afterSpaces.drop(while: \.isNumber)
        return afterNumber.count < afterSpaces.count && afterNumber.hasPrefix(" |")
    }
}
