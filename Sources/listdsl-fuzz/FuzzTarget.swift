import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Platform

/// What the fuzzer feeds its inputs to, chosen by `LISTDSL_FUZZ_MODE` (default `script`); fuzz/run.sh
/// runs each mode with its own corpus and seeds (fuzz/seeds/MODE).
enum FuzzMode: String, CaseIterable {
    /// Scripts through the lexer, the parser and the interpreter, with the change view (`FuzzTarget`).
    case script
    /// Documents `load` reads, as JSON and as a property list (`StateFuzz`).
    case state
    /// Two tables for `listdsl diff` (`DiffFuzz`).
    case diff
    /// Scripts run with undo history, then undone and redone (`UndoFuzz`).
    case undo
    /// The user-defaults store's file (`DefaultsFuzz`).
    case defaults
    /// Scripts recorded as an HTML lesson (`LessonFuzz`).
    case html
    /// Sessions with the language server (`LanguageServerFuzz`).
    case lsp
    /// Crash logs read and explained by `listdsl explain` (`ExplainFuzz`).
    case explain

    /// The mode of this run, read once.
    static let current = selected

    /// The mode `LISTDSL_FUZZ_MODE` names; a name that is none stops the fuzzer.
    static var selected: FuzzMode {
        guard let name = environment("LISTDSL_FUZZ_MODE") else { return .script }
        guard let mode = FuzzMode(rawValue: name) else {
            printError(
                "listdsl-fuzz: no mode '\(name)'; the modes are \(allCases.map(\.rawValue).joined(separator: ", "))\n")
            exit(64)
        }
        return mode
    }

    /// Runs one input in this mode.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .script: FuzzTarget.run(bytes)
        case .state: StateFuzz.run(bytes)
        case .diff: DiffFuzz.run(bytes)
        case .undo: UndoFuzz.run(bytes)
        case .defaults: DefaultsFuzz.run(bytes)
        case .html: LessonFuzz.run(bytes)
        case .lsp: LanguageServerFuzz.run(bytes)
        case .explain: ExplainFuzz.run(bytes)
        }
    }

    /// The tokens libFuzzer splices into this mode's inputs.
    var dictionary: String {
        switch self {
        case .script, .undo, .html: FuzzTarget.dictionary
        case .state, .diff, .defaults: FuzzTarget.documentDictionary
        case .lsp: LanguageServerFuzz.dictionary
        case .explain: ExplainFuzz.dictionary
        }
    }
}

/// One fuzz input: bytes through the lexer, the parser and the interpreter, as listdsl runs a script and
/// as the REPL runs entries, with small limits so each input ends quickly. Besides "no crash, no hang,
/// no runaway memory", which libFuzzer watches, three oracles must hold: the parser's literal fast path
/// and its general rules give the same tree and diagnostics; a file parsed in two halves, when they
/// join, gives the whole file's parse; and every diagnostic renders.
enum FuzzTarget {
    /// The limits an input runs under: small enough for thousands of inputs a second.
    static let limits = Limits(
        scriptBytes: 1 << 20, valueSize: 64 << 10, valueDepth: 100, tableSize: 20_000, tableText: 1 << 20,
        callDepth: 100, steps: 5_000)

    /// Runs one input; stops the process (a finding) when an oracle fails.
    static func run(_ bytes: [UInt8]) {
        let file = SourceFile(name: "fuzz.list", bytes: bytes)
        let parsed = Parser.parse(file)
        checkFastPathAgrees(file, parsed)
        checkHalvesJoin(file, parsed)
        let renderer = DiagnosticRenderer(color: bytes.first.map { $0 & 1 == 1 } ?? false)
        for diagnostic in parsed.diagnostics { _ = renderer.render(diagnostic) }
        if parsed.diagnostics.contains(where: { $0.severity == .error }) { return }
        _ = sexpr(parsed.program)

        var output = 0
        let changes = ChangeCollector()
        // Every event, drawn as text and as JSON lines, and collected for the change view.
        let text = TextRenderer(write: { output &+= $0.utf8.count }, report: { _ = renderer.render($0) })
        let json = JSONLinesRenderer(write: { output &+= $0.utf8.count })
        let io = InterpreterIO(
            emit: {
                changes.receive($0)
                text.render($0)
                json.render($0)
            },
            detail: .all, load: { _ in .failure(LoadError("no files while fuzzing")) }, isInterrupted: { false })
        let interpreter = Interpreter(
            io: io,
            options: InterpreterOptions(limits: limits, trace: bytes.count % 3 == 0, color: bytes.count % 5 == 0))
        // As the REPL runs entries: statement by statement, each failure undone, the change view drawn.
        for statement in parsed.program.statements {
            let snapshot = interpreter.snapshot()
            let change = StatementChange(interpreter, changes)
            do {
                try interpreter.runTopLevel(statement, in: file)
            } catch {
                if case .runtime(let d) = error { _ = renderer.render(d) }
                interpreter.restore(snapshot)
                if interpreter.model.batchDepth > 0 { interpreter.abandonBatch() }
                continue
            }
            _ = change.render(interpreter)
        }
        do { try interpreter.finish() } catch { if case .runtime(let d) = error { _ = renderer.render(d) } }
    }

    /// The literal fast path is a speed trick only: with it off, the same tree and the same diagnostics.
    static func checkFastPathAgrees(_ file: SourceFile, _ parsed: ParseResult) {
        let general = Parser.parse(file, fastPaths: false)
        if general.diagnostics.map(\.message) != parsed.diagnostics.map(\.message)
            || general.isIncomplete != parsed.isIncomplete
            || (parsed.diagnostics.isEmpty && sexpr(general.program) != sexpr(parsed.program))
        {
            let fast = parsed.diagnostics.map { "\($0.range.lowerBound): \($0.message)" }
            let slow = general.diagnostics.map { "\($0.range.lowerBound): \($0.message)" }
            let first =
                zip(fast, slow).first { $0 != $1 }.map { "\($0.0) | \($0.1)" } ?? "\(fast.count) | \(slow.count)"
            finding("the parser's fast path and its general rules disagree: fast | general: \(first)")
        }
    }

    /// Two halves that join must be the whole file's parse, and so must two windows that parse.
    static func checkHalvesJoin(_ file: SourceFile, _ whole: ParseResult) {
        guard file.bytes.count > 2, let cut = Parser.splitPoint(of: file, near: file.bytes.count / 2) else { return }
        let first = Parser.parse(file, part: 0..<cut)
        let second = Parser.parse(file, part: cut..<file.bytes.count)
        // The same two halves as windows of a file run a window at a time (the command's StreamedScript):
        // the check that builds no tree agrees with the parse that does, and two that parse are the whole.
        let windows = [0..<cut, cut..<file.bytes.count].map { range in
            SourceFile(name: file.name, bytes: Array(file.bytes[range]), firstLine: range.lowerBound == 0 ? 1 : 2)
        }
        let programs = windows.map { Parser.parseWindow($0) }
        if zip(windows, programs).contains(where: { Parser.windowParses($0) != ($1 != nil) }) {
            finding("a window's check that builds no tree and its parse disagree")
        }
        let parsed = programs.compactMap { $0 }
        let statements = parsed.flatMap { program in program.statements.map { sexpr($0) } }
        if parsed.count == windows.count
            && (!whole.diagnostics.isEmpty || statements != whole.program.statements.map { sexpr($0) })
        {
            finding("a file's two windows parsed into something other than its whole parse")
        }
        guard let joined = Parser.joined(first, second) else { return }
        if !whole.diagnostics.isEmpty || !joined.diagnostics.isEmpty || sexpr(joined.program) != sexpr(whole.program) {
            finding("a file parsed in two halves joined into something other than its whole parse")
        }
    }

    /// Reports a broken oracle the way libFuzzer notices: the process aborts.
    static func finding(_ message: String) -> Never {
        printError("listdsl-fuzz: \(message)\n")
        abort()
    }

    /// The words of the language, as a libFuzzer dictionary (one quoted token a line).
    static var dictionary: String {
        let words = Set(Vocabulary.entries.map(\.word)).union([
            "0:0", "1:2", "\"x\"", "[[\"a\"]]", "{", "}", "..<", "...", "\\(", "\\u{1F600}", "\\uD83D\\uDE00",
        ])
        return dictionaryLines(words)
    }

    /// The words of saved states, the defaults store and their two formats, as a libFuzzer dictionary.
    static var documentDictionary: String {
        dictionaryLines([
            "\"format\"", "\"listdsl-state\"", "\"version\"", "\"view\"", "\"style\"", "\"messages\"",
            "\"editing\"", "\"selection\"", "\"section\"", "\"row\"", "\"dataSource\"", "\"tableView\"",
            "\"rows\"", "\"header\"", "\"footer\"", "\"indexTitle\"", "\"accessories\"", "\"checkmark\"",
            "\"table\"", "\"collection\"", "\"plain\"", "\"grouped\"", "\"classic\"", "\"modern\"", "true",
            "false", "null", "[", "]", "{", "}", ":", ",", "\\u0000", "\\ud83d\\ude00", "\\u00e9", "e\\u0301",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", "<plist version=\"1.0\">", "</plist>", "<dict>", "</dict>",
            "<key>", "</key>", "<string>", "</string>", "<integer>", "</integer>", "<array>", "</array>", "<true/>",
            "<false/>", "<string/>", "<array/>", "<dict/>", "&amp;", "&lt;", "&#x1F600;", "<![CDATA[", "]]>",
            "<!--", "-->", "9223372036854775807", "-9223372036854775808",
        ])
    }

    /// Quotes each word as a line of a libFuzzer dictionary: `"` and `\\` escaped, and every byte outside
    /// printable ASCII (a line break, a UTF-8 sequence's bytes) as `\\xHH`.
    static func dictionaryLines(_ words: Set<String>) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        return words.sorted().map { word in
            var line: [UInt8] = [0x22]
            for byte in word.utf8 {
                if byte == 0x22 || byte == 0x5C {
                    line += [0x5C, byte]
                } else if byte < 0x20 || byte >= 0x7F {
                    line += [0x5C, UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
                } else {
                    line.append(byte)
                }
            }
            return String(decoding: line + [0x22], as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }
}

/// `listdsl-fuzz`. Built by fuzz/run.sh with `-sanitize=fuzzer -D LISTDSL_LIBFUZZER`, it hands its
/// arguments to libFuzzer, which calls the mode's `run` with each input it makes. Built plainly,
/// `listdsl-fuzz FILE…` runs each file as one input, to replay a finding without the sanitizer, and
/// `listdsl-fuzz --dictionary` prints the dictionary the fuzzing script gives libFuzzer. Either way
/// `LISTDSL_FUZZ_MODE` chooses the mode (`FuzzMode`).
@main
enum FuzzMain {
    static func main() {
        let mode = FuzzMode.current
        if CommandLine.arguments.dropFirst().first == "--dictionary" {
            print(mode.dictionary, terminator: "")
            return
        }
        #if LISTDSL_LIBFUZZER
            var argc = CommandLine.argc
            var argv = Optional(CommandLine.unsafeArgv)
            exit(
                LLVMFuzzerRunDriver(&argc, &argv) { data, count in
                    FuzzMode.current.run(data.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
                    return 0
                })
        #else
            for path in CommandLine.arguments.dropFirst() {
                guard let handle = fopen(path, "rb") else {
                    printError("listdsl-fuzz: cannot read '\(path)'\n")
                    exit(66)
                }
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let n = fread(&buffer, 1, buffer.count, handle)
                    if n <= 0 { break }
                    bytes += buffer[0..<n]
                }
                fclose(handle)
                mode.run(bytes)
                print("\(path): ok")
            }
            if mode == .lsp {
                let c = LanguageServerFuzz.counts
                print("lsp: \(c.messages) messages read, \(c.texts) texts compared, \(c.positions) positions checked")
            }
            if mode == .undo {
                let c = UndoFuzz.counts
                print(
                    "undo: \(c.inputs) inputs parsed, \(c.modelled) followed by the model to the end, \(c.unwound) undone and redone whole, \(c.states) states compared"
                )
            }
        #endif
    }
}

#if LISTDSL_LIBFUZZER
    /// libFuzzer's driver, for a program with a `main` of its own.
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32
#endif

/// The value of the environment variable `name`, if set.
func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}

/// Writes `text` to standard error.
func printError(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(2, &bytes, bytes.count)
}
