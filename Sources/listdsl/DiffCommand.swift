import ArgumentParser
import ListDSL
import ListModel

/// `listdsl diff OLD.json NEW.json`: the batch, in ListDSL, that turns one state into another.
struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the batch that turns one table into another, as a diffable data source derives it.",
        discussion: """
            OLD and NEW are tables in dump's format: [["Milk","Eggs"],["Tea"]]. Sections are matched by
            position; rows are identified by their text, which must be unique in each table. The batch
            (begin … end) passes UIKit's checks and turns OLD into NEW exactly, with few moves.

            EXIT STATUS:
              0    the batch was printed
              64   usage error
              65   a table is not valid JSON of that shape, or repeats a row
              66   a file cannot be read
            """
    )

    @Argument(help: ArgumentHelp("The table before, as dump writes it ('-' reads standard input).", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The table after.", valueName: "new"))
    var new: String

    @Option(help: ArgumentHelp("Colour diagnostics: auto, always or never.", valueName: "when"))
    var color: ColorMode = .auto

    func run() throws {
        let console = Console(errorColor: colorWanted(fd: 2, mode: color))
        defer { console.flush() }
        var tables: [(SourceFile, [[String]])] = []
        for path in [old, new] {
            let file: SourceFile
            switch readScript(path, limit: Limits().scriptBytes, console: console) {
            case .success(let read): file = read
            case .failure(let exit): throw ExitCode(exit.status)
            }
            switch TableJSON.parse(file.bytes) {
            case .success(let table): tables.append((file, table))
            case .failure(let problem):
                console.report(
                    Diagnostic(
                        file: file, range: SourceRange(problem.offset, problem.offset + 1), message: problem.message))
                throw ExitCode(Exit.syntax.rawValue)
            }
        }
        do {
            console.write(BatchScript.text(try SnapshotDiff.batch(from: tables[0].1, to: tables[1].1)))
        } catch {
            let file = error.state == "old" ? tables[0].0 : tables[1].0
            let list = error.duplicates.map(Value.quoted).joined(separator: ", ")
            console.report(
                Diagnostic(
                    file: file, range: SourceRange(0, 0),
                    message:
                        "rows are not unique: \(list) \(error.duplicates.count == 1 ? "appears" : "appear") more than once (a diff identifies rows by their text)",
                    hint: "UIKit's diffable data source stops the same way: 'supplied item identifiers are not unique'")
            )
            throw ExitCode(Exit.syntax.rawValue)
        }
    }
}
