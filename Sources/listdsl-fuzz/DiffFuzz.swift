import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

/// The diff mode: `listdsl diff OLD NEW` on two arbitrary documents (the input's bytes before and after
/// its first NUL byte; without one, NEW is the empty table).
///
/// Oracles: the diff refuses only tables that repeat a row; and the batch it prints, run as a script in
/// a session that holds OLD, passes UIKit's checks and leaves both layers holding NEW, byte for byte.
enum DiffFuzz {
    /// Limits far above what the input can spell (the diff's own batch must never reach one).
    static let limits = Limits(
        scriptBytes: 16 << 20, valueSize: 16 << 20, valueDepth: 100, tableSize: 1 << 20, tableText: 16 << 20,
        callDepth: 100, steps: nil)

    static func run(_ bytes: [UInt8]) {
        let cut = bytes.firstIndex(of: 0) ?? bytes.count
        let oldBytes = Array(bytes[..<cut])
        let newBytes = cut < bytes.count ? Array(bytes[(cut + 1)...]) : Array("[]".utf8)
        guard case .success(let old) = TableJSON.parse(oldBytes), case .success(let new) = TableJSON.parse(newBytes)
        else { return }
        let edits: [Edit]
        do {
            edits = try SnapshotDiff.batch(from: old, to: new)
        } catch {
            let table = error.state == "old" ? old : new
            let rows = table.joined()
            if Set(rows).count == rows.count {
                FuzzTarget.finding("the diff says \(error.state) repeats \(error.duplicates), which it does not")
            }
            return
        }
        let script = BatchScript.text(edits)
        let files = MemoryFiles(["old.json": Array(document(old).utf8)])
        let session = FuzzSession(limits: limits, files: files)
        if let error = session.run("load \"old.json\"") {
            FuzzTarget.finding("the old table does not load: \(error.message)")
        }
        let file = SourceFile(name: "diff.list", bytes: Array(script.utf8))
        let parsed = Parser.parse(file)
        if let error = parsed.diagnostics.first(where: { $0.severity == .error }) {
            FuzzTarget.finding("the diff's batch does not parse: \(error.message)\n\(script)")
        }
        for statement in parsed.program.statements {
            if let error = session.run(statement, in: file) {
                FuzzTarget.finding("the diff's batch fails: \(error.message)\n\(script)")
            }
        }
        let state = session.interpreter.model.state
        let expected = new.map { $0.map { Array($0.utf8) } }
        for (layer, sections) in [("data source", state.dataSource), ("table view", state.tableView)]
        where sections.map({ $0.rows.map { Array($0.utf8) } }) != expected {
            FuzzTarget.finding(
                "the diff's batch leaves the \(layer) \(sections.map(\.rows)), not \(new), byte for byte\n\(script)")
        }
    }

    /// A saved-state document whose data source is `table`.
    static func document(_ table: [[String]]) -> String {
        let sections = table.map { rows in
            PropertyTree(
                .dictionary([
                    PropertyTree.Member(
                        key: "rows", value: PropertyTree(.array(rows.map { PropertyTree(.string($0)) })))
                ]))
        }
        return PropertyTree(
            .dictionary([
                PropertyTree.Member(key: "format", value: PropertyTree(.string("listdsl-state"))),
                PropertyTree.Member(key: "version", value: PropertyTree(.integer(1))),
                PropertyTree.Member(key: "dataSource", value: PropertyTree(.array(sections))),
            ])
        ).json()
    }
}
