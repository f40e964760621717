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
            console.write(Diff.script(try SnapshotDiff.batch(from: tables[0].1, to: tables[1].1)))
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

    /// The edits as a ListDSL batch, one command per line.
    static func script(_ edits: [Edit]) -> String {
        var out = "begin\n"
        for edit in edits {
            out += "  "
            switch edit {
            case .deleteSection(let s): out += "delete section \(s)"
            case .insertSection(let s, _): out += "insert section \(s)"
            case .deleteRow(let p): out += "delete \(p.section):\(p.row)"
            case .insertRow(let p, let text): out += "insert \(p.section):\(p.row) \(Value.quoted(text))"
            case .moveRow(let from, let to): out += "move \(from.section):\(from.row) to \(to.section):\(to.row)"
            case .reloadRow(let p, _): out += "reload \(p.section):\(p.row)"
            case .moveSection(let from, let to): out += "move section \(from) to \(to)"
            case .reloadSection(let s, _): out += "reload section \(s)"
            }
            out += "\n"
        }
        return out + "end\n"
    }
}

/// A table in `dump`'s format: a JSON array of arrays of strings.
enum TableJSON {
    /// Where the input stops being a table, and why.
    struct Problem: Error {
        var offset: Int
        var message: String
    }

    /// The table `bytes` spell, or where and why they do not.
    static func parse(_ bytes: [UInt8]) -> Result<[[String]], Problem> {
        var i = 0
        func skipBlanks() {
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        }
        func expect(_ byte: UInt8, _ what: String) throws(Problem) {
            skipBlanks()
            guard i < bytes.count, bytes[i] == byte else { throw Problem(offset: i, message: "expected \(what)") }
            i += 1
        }
        /// The elements of an array, each read by `element`, after its `[`.
        func elements<T>(_ element: () throws(Problem) -> T) throws(Problem) -> [T] {
            var out: [T] = []
            skipBlanks()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                i += 1
                return out
            }
            while true {
                out.append(try element())
                skipBlanks()
                guard i < bytes.count else { throw Problem(offset: i, message: "expected ',' or ']'") }
                if bytes[i] == UInt8(ascii: "]") {
                    i += 1
                    return out
                }
                guard bytes[i] == UInt8(ascii: ",") else { throw Problem(offset: i, message: "expected ',' or ']'") }
                i += 1
            }
        }
        func string() throws(Problem) -> String {
            try expect(UInt8(ascii: "\""), "a string (a row's text)")
            // Most texts have no escapes: take their bytes as they are.
            var end = i
            while end < bytes.count, bytes[end] != 0x22, bytes[end] != 0x5C, bytes[end] >= 0x20 { end += 1 }
            if end < bytes.count, bytes[end] == 0x22 {
                defer { i = end + 1 }
                return String(decoding: bytes[i..<end], as: UTF8.self)
            }
            var scalars = String.UnicodeScalarView()
            var utf8: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
                utf8.removeAll(keepingCapacity: true)
            }
            func hex4() throws(Problem) -> UInt32 {
                guard i + 4 <= bytes.count else { throw Problem(offset: i, message: "expected four hex digits") }
                var value: UInt32 = 0
                for _ in 0..<4 {
                    guard let digit = Character(UnicodeScalar(bytes[i])).hexDigitValue else {
                        throw Problem(offset: i, message: "expected four hex digits")
                    }
                    value = value * 16 + UInt32(digit)
                    i += 1
                }
                return value
            }
            while true {
                guard i < bytes.count else { throw Problem(offset: i, message: "unterminated string") }
                let byte = bytes[i]
                i += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    guard i < bytes.count else { throw Problem(offset: i, message: "unterminated string") }
                    let escape = bytes[i]
                    i += 1
                    let simple: [UInt8: UInt8] = [
                        UInt8(ascii: "\""): 0x22, UInt8(ascii: "\\"): 0x5C, UInt8(ascii: "/"): 0x2F,
                        UInt8(ascii: "b"): 0x08, UInt8(ascii: "f"): 0x0C, UInt8(ascii: "n"): 0x0A,
                        UInt8(ascii: "r"): 0x0D, UInt8(ascii: "t"): 0x09,
                    ]
                    if let value = simple[escape] {
                        utf8.append(value)
                    } else if escape == UInt8(ascii: "u") {
                        var value = try hex4()
                        if (0xD800..<0xDC00).contains(value), i + 6 <= bytes.count, bytes[i] == 0x5C,
                            bytes[i + 1] == UInt8(ascii: "u")
                        {
                            i += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else {
                                throw Problem(offset: i - 6, message: "a lone surrogate is not a character")
                            }
                            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let scalar = Unicode.Scalar(value) else {
                            throw Problem(offset: i - 6, message: "a lone surrogate is not a character")
                        }
                        flush()
                        scalars.append(scalar)
                    } else {
                        throw Problem(offset: i - 2, message: "invalid escape in a string")
                    }
                case 0x00..<0x20:
                    throw Problem(offset: i - 1, message: "a control character must be escaped in a string")
                default:
                    utf8.append(byte)
                }
            }
        }
        do {
            try expect(UInt8(ascii: "["), "'[' (a table is a list of sections, each a list of rows)")
            let table = try elements { () throws(Problem) -> [String] in
                try expect(UInt8(ascii: "["), "'[' (a section is a list of rows)")
                return try elements(string)
            }
            skipBlanks()
            if i < bytes.count { throw Problem(offset: i, message: "expected the end of the table") }
            return .success(table)
        } catch let problem as Problem {
            return .failure(problem)
        } catch {
            return .failure(Problem(offset: i, message: "not a table"))
        }
    }
}
