import ArgumentParser
import CReadline
import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching
import Platform

/// The version `--version` prints.
let listdslVersion = "0.1.0"

/// What `--version` prints: the name, the version, and what it was built with.
let versionLine: String = {
    #if compiler(>=7.0)
        let swift = "7 or later"
    #elseif compiler(>=6.3)
        let swift = "6.3"
    #elseif compiler(>=6.2)
        let swift = "6.2"
    #elseif compiler(>=6.1)
        let swift = "6.1"
    #else
        let swift = "6.0"
    #endif
    // GNU readline names its version ("8.2"); libedit's readline interface names only itself ("EditLine wrapper").
    let editor = String(cString: listdsl_line_editor_name())
    let version = listdsl_rl_library_version().map { String(cString: $0) } ?? "unknown"
    let lineEditor = editor == "GNU readline" ? "\(editor) \(version)" : editor
    return "listdsl \(listdslVersion) (Swift \(swift), \(lineEditor))"
}()

/// Exit statuses (README, "Using it").
enum Exit: Int32, CaseIterable {
    case ok = 0
    case expectFailed = 1
    case usage = 64
    case syntax = 65
    case noInput = 66
    case runtime = 70
    case cannotCreate = 73
    case interrupted = 130

    /// What the status means, as `--help` says it.
    var meaning: String {
        switch self {
        case .ok: "success"
        case .expectFailed: "an 'expect' failed"
        case .usage: "usage error"
        case .syntax: "syntax error (nothing was run)"
        case .noInput: "a script file cannot be read"
        case .runtime: "runtime error, including every UIKit validation failure"
        case .cannotCreate: "the output file cannot be written (html -o)"
        case .interrupted: "interrupted by Ctrl-C"
        }
    }
}

/// The exit-code table printed by `--help`, one line per `Exit` case.
let exitCodeHelp =
    "EXIT STATUS:\n"
    + Exit.allCases.map { code in
        let number = String(code.rawValue)
        return "  " + number + String(repeating: " ", count: 5 - number.count) + code.meaning
    }.joined(separator: "\n")

/// `listdsl`: edit a sectioned list the way UITableView does.
@main
struct Listdsl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listdsl",
        abstract: "Run ListDSL scripts: edit a sectioned list exactly the way iOS's UITableView does.",
        discussion: """
            With no FILE, starts the REPL when standard input is a terminal and otherwise runs standard input as a script.

            \(exitCodeHelp)
            """,
        version: versionLine,
        subcommands: [Run.self, Check.self, HTML.self, Site.self, Diff.self, Explain.self, QuizCommand.self, LSP.self],
        defaultSubcommand: Run.self
    )

    /// Parses the arguments and runs; a rejected argument is reported as the program's other errors
    /// are (`listdsl: error: …`), with the parser's exit status. Help, the version and the commands'
    /// own exit statuses go the usual way.
    static func main() {
        HugePages.adviser = Host.adviseHugePages
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            print(rootHelp(), terminator: "")
            return
        }
        if arguments.first == "--complete-words" {
            print(completionWords(Array(arguments.dropFirst())).joined(separator: "\n"))
            return
        }
        if let plain = FastStart.plainRun(arguments) {
            exitOnLargeStack {
                ScriptRunner(options: RunSettings(), runsInitFile: true).main(
                    files: plain.files, code: plain.code, interactive: nil)
            }
        }
        let command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            let status = exitCode(for: error)
            guard status != .success else { exit(withError: error) }
            Console(errorColor: colorWanted(fd: 2, mode: .auto)).report(.arguments(message(for: error)))
            exit(withError: ExitCode(status.rawValue))
        }
        do {
            var command = command
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}

/// `listdsl --help`: what everyday use needs on its first screen, all of it from the argument
/// definitions: the usage of each command, the default command's arguments and options, the commands.
func rootHelp(columns: Int? = nil) -> String {
    let run = Run.helpMessage(columns: columns)
    let commands = Listdsl.configuration.subcommands.map { command -> String in
        let name = command._commandName
        let label = ObjectIdentifier(command) == ObjectIdentifier(Run.self) ? "\(name) (default)" : name
        return "  " + label + String(repeating: " ", count: max(1, 24 - label.count)) + command.configuration.abstract
    }
    return """
        OVERVIEW: \(Listdsl.configuration.abstract)

        USAGE: listdsl [<file> ...] [-e <code> ...] [-i <file>] [<options>]   run scripts, or the REPL
               listdsl check <file> ...                                    parse only
               listdsl html <file> ... [-o <file>]                         an HTML lesson
               listdsl diff <old.json> <new.json>                          the batch between two tables
               listdsl quiz [--level <n>] [--seed <n>] [--print]           practise: predict the table or the crash

        With no file, starts the REPL when standard input is a terminal and otherwise runs standard input as a script.

        \(helpBlock("ARGUMENTS:", of: run))
        \(helpBlock("OPTIONS:", of: run))  --version               Show the version and what it was built with.

        SUBCOMMANDS:
        \(commands.joined(separator: "\n"))

          See 'listdsl help <subcommand>' for each command's own options.

        \(exitCodeHelp)

        """
}

/// The block of `help` under `heading` (e.g. "OPTIONS:"), up to the next heading.
func helpBlock(_ heading: String, of help: String) -> String {
    let all = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = all.firstIndex(where: { $0 == heading }) else { return "" }
    var lines: [Substring] = []
    for line in all[(start + 1)...] {
        if let first = line.first, first != " ", line.hasSuffix(":") { break }
        lines.append(line)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return heading + "\n" + lines.joined(separator: "\n") + "\n"
}

/// `listdsl --complete-words [SUBCOMMAND]`, for the shell completion scripts: the subcommands (with
/// none given) and the options of the command, read off its help, one per line.
func completionWords(_ arguments: [String]) -> [String] {
    let commands: [ParsableCommand.Type] = Listdsl.configuration.subcommands
    let command = commands.first { $0._commandName == arguments.first } ?? Run.self
    var words = arguments.isEmpty ? commands.map { $0._commandName } : []
    for line in helpBlock("OPTIONS:", of: command.helpMessage(columns: 200)).split(separator: "\n") {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.first == "-" else { continue }
        for name in trimmed.split(separator: " ").prefix(3) {
            let word = name.trimmingCharacters(in: ",")
            if word.hasPrefix("-") { words.append(word) }
        }
    }
    if arguments.isEmpty { words.append("--version") }
    return words
}

extension Substring {
    /// The text with `characters` removed from both ends.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}

extension ColorMode: ExpressibleByArgument {}
extension ViewKind: ExpressibleByArgument {}
extension MessageStyle: ExpressibleByArgument {}

extension IOSVersion: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
    public var defaultValueDescription: String { description }
}

/// Options every way of running shares.
struct RunOptions: ParsableArguments {
    @Flag(help: "Print every hook call and table-view method as it happens.")
    var trace = false

    @Option(help: ArgumentHelp("Colour output: auto (only on a terminal), always or never.", valueName: "when"))
    var color: ColorMode = .auto

    @Option(help: ArgumentHelp("Stop with an error after this many statements.", valueName: "n"))
    var maxSteps: Int?

    @Flag(help: "After each top-level statement that changes the table, show what it changed, as the REPL does.")
    var changes = false

    @Flag(help: "Leave out the notes that explain what UIKit does silently (a batch's merged duplicates).")
    var noNotes = false

    @Option(
        help: ArgumentHelp(
            "The class simulated: table (UITableView) or collection (UICollectionView), whose batch rules and texts differ.",
            valueName: "view"))
    var view: ViewKind = .table

    @Option(
        help: ArgumentHelp(
            "Count errors as UIKit's classic formula, or modern: 'Invalid batch updates detected' when a count is below what the updates imply.",
            valueName: "style"))
    var messages: MessageStyle = .classic

    @Option(
        help: ArgumentHelp(
            "The iOS whose texts and rules apply, from \(IOSVersion.oldest) to \(IOSVersion.current) (e.g. 12 or 16.4); the default is today's, iOS \(IOSVersion.current). See grammar.md, \"iOS versions\".",
            valueName: "version"))
    var ios: IOSVersion = .current

    @Flag(
        help: ArgumentHelp(
            "Write the run on standard output as JSON lines, one event per line (see docs/events.md).",
            discussion: "The scripts' output and diagnostics are carried inside the events."))
    var events = false

    @Option(
        name: .customLong("limit"),
        help: ArgumentHelp(
            "Set a limit: "
                + Limits.names.map { "\($0.name) (\($0.summary))" }.joined(separator: ", ")
                + "; sizes take K, M or G. See grammar.md, \"Limits\".",
            valueName: "name=value"))
    var limitSettings: [LimitSetting] = []

    /// The settings as parsed, for the runners.
    var settings: RunSettings {
        RunSettings(
            trace: trace, color: color, maxSteps: maxSteps, changes: changes, noNotes: noNotes, view: view,
            messages: messages, ios: ios, events: events, limitSettings: limitSettings)
    }

    /// Rejects a negative step count and a limit that does not exist or is too small.
    func validate() throws {
        if let max = maxSteps, max < 0 { throw ValidationError("--max-steps needs a number of steps of at least 0") }
        var probe = Limits()
        for setting in limitSettings {
            if let problem = probe.set(setting.name, to: setting.value) { throw ValidationError("--limit: " + problem) }
        }
    }
}

/// What `RunOptions` says, as plain values: the runners read these, so a run with no options (`listdsl
/// FILE`, `listdsl -e CODE`) can start without the argument parser (see `FastStart`).
struct RunSettings {
    var trace = false
    var color: ColorMode = .auto
    var maxSteps: Int?
    var changes = false
    var noNotes = false
    var view: ViewKind = .table
    var messages: MessageStyle = .classic
    var ios: IOSVersion = .current
    var events = false
    var limitSettings: [LimitSetting] = []

    /// The limits these options set, the others at their defaults.
    var limits: Limits {
        var limits = Limits()
        limits.steps = maxSteps
        for setting in limitSettings { _ = limits.set(setting.name, to: setting.value) }
        limits.memoryBytes = memoryLimit(within: limits.memoryBytes)
        return limits
    }

    /// The interpreter's options these set: limits, the trace (unless `trace` says otherwise), notes, the
    /// view simulated and the texts of count errors.
    func interpreterOptions(color: Bool, trace: Bool? = nil) -> InterpreterOptions {
        var interpreterOptions = InterpreterOptions(limits: limits, trace: trace ?? self.trace, color: color)
        interpreterOptions.notes = !noNotes
        interpreterOptions.view = view
        interpreterOptions.messages = messages
        interpreterOptions.ios = ios
        return interpreterOptions
    }
}

/// The commonest command lines — scripts and `-e CODE`, no options, no subcommand — run without the
/// argument parser, whose reflection over every option would otherwise be three quarters of start-up.
/// Anything else (an option, `--`, a subcommand, `help`) goes through the parser as before, so errors,
/// help and every option behave exactly as the parser makes them.
enum FastStart {
    /// The words that name a subcommand first on the line (a test keeps them equal to the parser's: asking
    /// the parser for them costs as much as a start). An array: a `Set` would cost a start the
    /// metadata and the hashing of its first `Set<String>`.
    static let subcommands = ["run", "check", "html", "site", "diff", "explain", "quiz", "lsp", "help"]

    /// The scripts and the `-e` code of a command line that needs no parser; nil for any other.
    static func plainRun(_ arguments: [String]) -> (files: [String], code: [String])? {
        var files: [String] = []
        var code: [String] = []
        var index = 0
        if let first = arguments.first, subcommands.contains(first) { return nil }
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "-e" {
                guard index + 1 < arguments.count else { return nil }
                code.append(arguments[index + 1])
                index += 2
            } else if argument == "-" || !argument.hasPrefix("-") {
                files.append(argument)
                index += 1
            } else {
                return nil
            }
        }
        return (files, code)
    }
}

/// One `--limit NAME=VALUE`.
struct LimitSetting: ExpressibleByArgument {
    var name: String
    var value: Int

    /// Reads `name=value`; nil when it is not of that form or the value is not an amount.
    init?(argument: String) {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let name = String(argument[..<equals])
        self.name = name
        let isSize = Limits.names.first { $0.name == name }?.isSize ?? true
        guard let value = Limits.amount(String(argument[argument.index(after: equals)...]), isSize: isSize) else {
            return nil
        }
        self.value = value
    }
}

extension Limits {
    /// The defaults with `settings` set; a value a limit refuses (memory below 64 MiB) is a usage error, as
    /// it is for a run.
    init(setting settings: [LimitSetting]) throws {
        self.init()
        for setting in settings {
            if let problem = set(setting.name, to: setting.value) { throw ValidationError("--limit: " + problem) }
        }
    }
}

/// `--limit script-size=SIZE` and `--limit memory=SIZE`: the limits of a command that reads its input and
/// runs nothing (`check`, `diff`, `lsp`). Reading is held to them as a run is: the input's size before it is
/// read, and the memory its tree takes as it is read (`ReadingChecks`).
struct ReadingLimits: ParsableArguments {
    @Option(
        name: .customLong("limit"),
        help: ArgumentHelp(
            "script-size=SIZE: the largest input; memory=SIZE: the memory reading it may use (K, M or G).",
            valueName: "name=value"))
    var settings: [LimitSetting] = []

    func validate() throws {
        for setting in settings where setting.name != "script-size" && setting.name != "memory" {
            throw ValidationError("--limit: this command reads its input only; its limits are script-size and memory")
        }
        _ = try Limits(setting: settings)
    }

    /// The limits `--limit` sets, the others at their defaults; memory within an address-space limit.
    var limits: Limits {
        var limits = Limits()
        for setting in settings { _ = limits.set(setting.name, to: setting.value) }
        limits.memoryBytes = memoryLimit(within: limits.memoryBytes)
        return limits
    }
}

/// `listdsl [FILE…]`, `listdsl -e CODE`, `listdsl -i FILE`, `listdsl -`.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scripts in order in one session (the default command).",
        discussion: exitCodeHelp
    )

    @OptionGroup var script: ScriptArguments

    func validate() throws { try script.validate() }

    func run() throws { try script.run() }
}

/// What a run takes: scripts, `-e` code, `-i`, and the options every way of running shares.
struct ScriptArguments: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Scripts to run in order, sharing one session; '-' reads standard input.", valueName: "file"),
        completion: .file(extensions: ["list"]))
    var files: [String] = []

    @Option(
        name: .customShort("e"), parsing: .unconditionalSingleValue,
        help: ArgumentHelp("Run CODE (repeatable; named \"-e\" in diagnostics).", valueName: "code"))
    var code: [String] = []

    @Option(
        name: .customShort("i"), help: ArgumentHelp("Run FILE, then enter the REPL with its state.", valueName: "file"),
        completion: .file(extensions: ["list"]))
    var interactive: String?

    @Flag(
        name: [.customShort("q"), .customLong("no-init")],
        help: "Start the REPL without running the init file ($XDG_CONFIG_HOME/listdsl/init.list or $LISTDSL_INIT).")
    var noInit = false

    @OptionGroup var options: RunOptions

    /// The event stream is a script run's: the REPL has no place for it.
    func validate() throws {
        if options.events && interactive != nil {
            throw ValidationError("--events runs scripts; it cannot start the REPL (-i)")
        }
    }

    func run() throws {
        let status = onLargeStack { [self] in
            ScriptRunner(options: options.settings, runsInitFile: !noInit).main(
                files: files, code: code, interactive: interactive)
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// `listdsl check FILE…`: parse only.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Parse scripts and report every syntax error; run nothing.",
        discussion: """
            EXIT STATUS:
              0    every file parsed cleanly
              64   usage error
              65   at least one syntax error
              66   a file cannot be read
            """
    )

    @Argument(
        help: ArgumentHelp("Scripts to check; '-' reads standard input.", valueName: "file"),
        completion: .file(extensions: ["list"]))
    var files: [String]

    @Flag(help: "Print each file's syntax tree as S-expressions.")
    var ast = false

    @Option(help: ArgumentHelp("Colour diagnostics: auto, always or never.", valueName: "when"))
    var color: ColorMode = .auto

    @OptionGroup var reading: ReadingLimits

    func validate() throws {
        if files.isEmpty { throw ValidationError("check needs at least one FILE") }
    }

    func run() throws {
        installInterruptHandler()
        let console = Console(errorColor: colorWanted(fd: 2, mode: color))
        defer { console.flush() }
        var status = Exit.ok.rawValue
        let limits = reading.limits
        let limit = limits.scriptBytes
        for path in files {
            // A big file whose every window parses on its own is clean, and was never held whole; any
            // other is read and parsed whole, for its diagnostics or its tree.
            if !ast, path != "-", let streamed = StreamedScript(path: path, limit: limit), streamed.check() { continue }
            let source: SourceFile
            switch readScript(path, limits: limits, console: console) {
            case .success(let file): source = file
            case .failure(let exit) where exit.status == Exit.interrupted.rawValue: throw ExitCode(exit.status)
            case .failure(let exit):
                status = exit.status
                continue
            }
            let result = parseFile(source, limits: limits)
            keepUntilExit(result)
            for d in result.diagnostics { console.report(d) }
            if let failed = result.failureStatus {
                if failed == Exit.interrupted.rawValue { throw ExitCode(failed) }
                if status == Exit.ok.rawValue { status = failed }
            } else if ast {
                console.write(sexpr(result.program))
                console.write("\n")
            }
        }
        if status != Exit.ok.rawValue { throw ExitCode(status) }
    }
}
