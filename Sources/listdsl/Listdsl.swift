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

    func validate() throws {
        if let max = options.maxSteps, max < 0 {
            throw ValidationError("--max-steps needs a number of steps of at least 0")
        }
    }

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

    func validate() throws {
        if files.isEmpty { throw ValidationError("check needs at least one FILE") }
    }

    func run() throws {
        let console = Console(errorColor: colorWanted(fd: 2, mode: color))
        var status = Exit.ok
        for path in files {
            let source: SourceFile
            switch readAll(path: path == "-" ? nil : path) {
            case .success(let bytes):
                source = SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes)
            case .failure(let error):
                console.error("listdsl: cannot read '\(path)': \(error.message)\n")
                status = Exit.noInput
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
        console.flush()
        if status != Exit.ok { throw ExitCode(status) }
    }
}
