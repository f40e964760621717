import ArgumentParser
import ListDSL

/// The version `--version` prints.
let listdslVersion = "0.1.0"

/// Exit statuses (SPEC §2).
enum Exit {
    static let ok: Int32 = 0
    static let expectFailed: Int32 = 1
    static let usage: Int32 = 64
    static let syntax: Int32 = 65
    static let noInput: Int32 = 66
    static let runtime: Int32 = 70
    static let interrupted: Int32 = 130
}

/// The exit-code table printed by `--help`.
let exitCodeHelp = """
    EXIT STATUS:
      0    success
      1    an 'expect' failed
      64   usage error
      65   syntax error (nothing was run)
      66   a script file cannot be read
      70   runtime error, including every UIKit validation failure
      130  interrupted by Ctrl-C
    """

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
        version: listdslVersion,
        subcommands: [Run.self, Check.self],
        defaultSubcommand: Run.self
    )
}

extension ColorMode: ExpressibleByArgument {}

/// Options every way of running shares.
struct RunOptions: ParsableArguments {
    @Flag(help: "Print every hook call and table-view method as it happens.")
    var trace = false

    @Option(help: "Colour output: auto (only on a terminal), always or never.")
    var color: ColorMode = .auto

    @Option(help: "Stop with an error after this many statements.")
    var maxSteps: Int?

    @Option(help: ArgumentHelp("Procedure and hook calls in progress at once.", valueName: "N"))
    var maxCallDepth: Int = Limits().callDepth

    @Option(help: ArgumentHelp("The largest value: bytes of text plus list elements (K, M, G suffixes).", valueName: "SIZE"))
    var maxValueSize: ByteSize = ByteSize(Limits().valueSize)

    @Option(help: ArgumentHelp("Rows and sections the data source may hold together.", valueName: "N"))
    var maxTableSize: Int = Limits().tableSize

    @Option(help: ArgumentHelp("The largest script file or standard input (K, M, G suffixes).", valueName: "SIZE"))
    var maxScriptSize: ByteSize = ByteSize(Limits().scriptBytes)

    @Option(help: ArgumentHelp("Memory the run may use (K, M, G suffixes).", valueName: "SIZE"))
    var maxMemory: ByteSize = ByteSize(Limits().memoryBytes)

    /// The limits these options set, the others at their defaults.
    var limits: Limits {
        var limits = Limits()
        limits.steps = maxSteps
        limits.callDepth = maxCallDepth
        limits.valueSize = maxValueSize.bytes
        limits.tableSize = maxTableSize
        limits.scriptBytes = maxScriptSize.bytes
        limits.memoryBytes = maxMemory.bytes
        return limits
    }

    /// Rejects limits below what any run needs.
    func validate() throws {
        if let max = maxSteps, max < 0 { throw ValidationError("--max-steps needs a number of steps of at least 0") }
        if maxCallDepth < 1 { throw ValidationError("--max-call-depth needs a depth of at least 1") }
        if maxTableSize < 1 { throw ValidationError("--max-table-size needs a size of at least 1") }
        if maxMemory.bytes < 64 << 20 { throw ValidationError("--max-memory needs at least 64M") }
    }
}

/// A size in bytes on the command line: digits with an optional `K`, `M` or `G` (powers of 1024).
struct ByteSize: ExpressibleByArgument, Equatable {
    var bytes: Int

    /// A size of `bytes` bytes.
    init(_ bytes: Int) { self.bytes = bytes }

    /// Reads `512`, `64K`, `256M` or `4G`; nil for anything else, or a size that does not fit.
    init?(argument: String) {
        var digits = Substring(argument)
        var shift = 0
        switch digits.last {
        case "K", "k": shift = 10
        case "M", "m": shift = 20
        case "G", "g": shift = 30
        default: break
        }
        if shift > 0 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let n = Int(digits), n >= 0, n <= Int.max >> shift else {
            return nil
        }
        bytes = n << shift
    }

    /// The default as `--help` shows it.
    var defaultValueDescription: String { Limits.describe(bytes: bytes) }
}

/// `listdsl [FILE…]`, `listdsl -e CODE`, `listdsl -i FILE`, `listdsl -`.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run scripts in order in one session (the default command).",
        discussion: exitCodeHelp
    )

    @Argument(help: "Scripts to run in order, sharing one session; '-' reads standard input.")
    var files: [String] = []

    @Option(
        name: .customShort("e"), parsing: .unconditionalSingleValue,
        help: "Run CODE (repeatable; named \"-e\" in diagnostics).")
    var code: [String] = []

    @Option(name: .customShort("i"), help: "Run FILE, then enter the REPL with its state.")
    var interactive: String?

    @OptionGroup var options: RunOptions

    func run() throws {
        let status = onLargeStack { [self] in
            ScriptRunner(options: options).main(files: files, code: code, interactive: interactive)
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

    @Argument(help: "Scripts to check; '-' reads standard input.")
    var files: [String]

    @Flag(help: "Print each file's syntax tree as S-expressions.")
    var ast = false

    @Option(help: "Colour diagnostics: auto, always or never.")
    var color: ColorMode = .auto

    @Option(help: ArgumentHelp("The largest script file or standard input (K, M, G suffixes).", valueName: "SIZE"))
    var maxScriptSize: ByteSize = ByteSize(Limits().scriptBytes)

    func validate() throws {
        if files.isEmpty { throw ValidationError("check needs at least one FILE") }
    }

    func run() throws {
        installInterruptHandler()
        let console = Console(errorColor: colorWanted(fd: 2, mode: color))
        defer { console.flush() }
        var status = Exit.ok
        for path in files {
            let source: SourceFile
            switch readScript(path, limit: maxScriptSize.bytes, console: console) {
            case .success(let file): source = file
            case .failure(let exit) where exit.status == Exit.interrupted: throw ExitCode(exit.status)
            case .failure(let exit):
                status = exit.status
                continue
            }
            let result = parseFile(source)
            _ = Unmanaged.passRetained(Retained(result))  // the process exits soon: skip freeing the tree
            for d in result.diagnostics { console.report(d) }
            if result.diagnostics.contains(where: { $0.severity == .error }) {
                if status == Exit.ok { status = Exit.syntax }
            } else if ast {
                console.write(sexpr(result.program))
                console.write("\n")
            }
        }
        if status != Exit.ok { throw ExitCode(status) }
    }
}
