import ArgumentParser
import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

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
        var tables: [(file: SourceFile, rows: [[String]], offsets: [[Int]])] = []
        for path in [old, new] {
            let file: SourceFile
            switch readScript(path, limit: Limits().scriptBytes, console: console) {
            case .success(let read): file = read
            case .failure(let exit): throw ExitCode(exit.status)
            }
            switch TableJSON.parseWithOffsets(file.bytes) {
            case .success(let table): tables.append((file, table.rows, table.offsets))
            case .failure(let problem):
                console.report(
                    Diagnostic(
                        file: file, range: SourceRange(problem.offset, problem.offset + 1), message: problem.message))
                throw ExitCode(Exit.syntax.rawValue)
            }
        }
        do {
            console.write(BatchScript.text(try SnapshotDiff.batch(from: tables[0].rows, to: tables[1].rows)))
        } catch {
            let table = error.state == "old" ? tables[0] : tables[1]
            let list = error.duplicates.map(Value.quoted).joined(separator: ", ")
            let at = Self.firstRepeat(of: error.duplicates.first ?? "", in: table.rows, at: table.offsets) ?? 0
            console.report(
                Diagnostic(
                    file: table.file, range: SourceRange(at, at + 1),
                    message:
                        "rows are not unique: \(list) \(error.duplicates.count == 1 ? "appears" : "appear") more than once (a diff identifies rows by their text)",
                    hint: "UIKit's diffable data source stops the same way: 'supplied item identifiers are not unique'")
            )
            throw ExitCode(Exit.syntax.rawValue)
        }
    }

    /// Where `text` first appears again in `rows` (flattened, in order): the offset of that row's text.
    static func firstRepeat(of text: String, in rows: [[String]], at offsets: [[Int]]) -> Int? {
        var seen = false
        for (section, texts) in rows.enumerated() {
            for (row, candidate) in texts.enumerated() where TextEquality.same(candidate, text) {
                if seen { return offsets[section][row] }
                seen = true
            }
        }
        return nil
    }
}
