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
              70   the memory limit was reached (--limit memory=SIZE)
              130  interrupted by Ctrl-C
            """
    )

    @Argument(help: ArgumentHelp("The table before, as dump writes it ('-' reads standard input).", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The table after.", valueName: "new"))
    var new: String

    @Option(help: ArgumentHelp("Colour diagnostics: auto, always or never.", valueName: "when"))
    var color: ColorMode = .auto

    @OptionGroup var reading: ReadingLimits

    /// The most memory the diff takes beyond its two tables, counting the sections and rows of both: an
    /// upper bound of what was measured (the rows' identities, the derivation's index paths, the edits),
    /// so the memory limit is met before the diff starts rather than by the diff. Measured as the peak
    /// past the tables: 27 bytes a section for tables of empty sections, 34 to 89 a row for a million rows
    /// kept or reversed, 291 MB for two million empty sections diffed with a million rows (bench/NOTES.md).
    static func workingMemory(sections: Int, rows: Int) -> Int {
        sections &* 64 &+ rows &* 256
    }

    func run() throws {
        installInterruptHandler()
        let console = Console(errorColor: colorWanted(fd: 2, mode: color))
        defer { console.flush() }
        let limits = reading.limits
        let checks = readingChecks(limits)
        var tables: [(file: SourceFile, rows: [[String]], offsets: [[Int]])] = []
        for path in [old, new] {
            let file: SourceFile
            switch readScript(path, limits: limits, console: console) {
            case .success(let read): file = read
            case .failure(let exit): throw ExitCode(exit.status)
            }
            switch TableJSON.parseWithOffsets(file.bytes, checks: checks) {
            case .success(let table): tables.append((file, table.rows, table.offsets))
            case .failure(let problem):
                console.report(
                    Diagnostic(
                        file: file, range: SourceRange(problem.offset, problem.offset + 1), message: problem.message,
                        hint: problem.cause == .text ? nil : "raise the limit with --limit memory=SIZE"))
                throw ExitCode(Self.status(problem.cause))
            }
        }
        let sections = tables[0].rows.count &+ tables[1].rows.count
        let rows = tables.reduce(0) { $0 &+ $1.rows.reduce(0) { $0 &+ $1.count } }
        do throws(ReadingStop) {
            try checks.check(more: Self.workingMemory(sections: sections, rows: rows))
        } catch {
            console.report(
                Diagnostic(
                    file: tables[1].file, range: SourceRange(0, 0),
                    message: error == .interrupted
                        ? "interrupted" : "memory limit exceeded before the diff: " + Self.memoryReason(error),
                    hint: error == .interrupted ? nil : "raise the limit with --limit memory=SIZE"))
            throw ExitCode(error == .interrupted ? Exit.interrupted.rawValue : Exit.runtime.rawValue)
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

    /// The exit status of a table not read for `cause`: 65 for its text, 70 for the memory limit, 130 for Ctrl-C.
    static func status(_ cause: PropertyTree.Problem.Cause) -> Int32 {
        switch cause {
        case .text: Exit.syntax.rawValue
        case .memoryLimit: Exit.runtime.rawValue
        case .interrupted: Exit.interrupted.rawValue
        }
    }

    /// "listdsl is using … and needs … more; the limit is …" for a memory limit met.
    static func memoryReason(_ stop: ReadingStop) -> String {
        guard case .memoryLimit(let used, let more, let limit) = stop else { return "" }
        return "\(Quantity.using(used, more: more)); the limit is \(Quantity.describe(bytes: limit))"
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
