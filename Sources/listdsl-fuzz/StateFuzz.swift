import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

/// The state mode: arbitrary bytes as a document `load` reads, as JSON and as a property list.
///
/// Oracles: a tree either reader gives writes back as JSON (and, when it can, as a property list) that
/// reads into the same tree; and a document `load` accepts, saved again and loaded into a new session,
/// gives the same state, exactly, through JSON and through a property list; and what loads is a state
/// statements can make.
enum StateFuzz {
    /// Small limits: a document that loads must fit them (the table limits are checked as `reset` checks).
    static let limits = Limits(
        scriptBytes: 1 << 20, valueSize: 64 << 10, valueDepth: 100, tableSize: 20_000, tableText: 1 << 18,
        callDepth: 100, steps: 5_000)

    static func run(_ bytes: [UInt8]) {
        if case .success(let tree) = PropertyTree.parseJSON(bytes) { checkTreeRoundTrip(tree, "JSON") }
        if case .success(let tree) = PropertyTree.parsePropertyList(bytes) { checkTreeRoundTrip(tree, "property list") }
        for name in ["fuzz.json", "fuzz.plist"] { checkLoadRoundTrip(bytes, name) }
    }

    /// The tree written back reads into itself, as JSON and as a property list.
    static func checkTreeRoundTrip(_ tree: PropertyTree, _ format: String) {
        let json = tree.json()
        guard case .success(let again) = PropertyTree.parseJSON(Array(json.utf8)) else {
            FuzzTarget.finding("a tree read from a \(format) writes JSON that does not read: \(json)")
        }
        if again != tree { FuzzTarget.finding("a tree read from a \(format) changes through JSON: \(json)") }
        // A property list has no null, and XML no control characters: writing one then throws, as documented.
        guard let plist = try? tree.propertyList() else { return }
        guard case .success(let fromPlist) = PropertyTree.parsePropertyList(Array(plist.utf8)) else {
            FuzzTarget.finding("a tree read from a \(format) writes a property list that does not read: \(plist)")
        }
        // A dictionary member whose value is null is left out of a property list, as documented.
        if fromPlist != withoutNullMembers(tree) {
            FuzzTarget.finding("a tree read from a \(format) changes through a property list: \(plist)")
        }
    }

    /// `tree` as a property list keeps it: every dictionary member whose value is null left out.
    static func withoutNullMembers(_ tree: PropertyTree) -> PropertyTree {
        switch tree.kind {
        case .array(let elements): PropertyTree(.array(elements.map(withoutNullMembers)), offset: tree.offset)
        case .dictionary(let members):
            PropertyTree(
                .dictionary(
                    members.filter { !$0.value.isNull }.map {
                        PropertyTree.Member(key: $0.key, value: withoutNullMembers($0.value))
                    }), offset: tree.offset)
        default: tree
        }
    }

    /// A document `load` accepts saves as JSON and as a property list; each loads into a new session and
    /// saves the same JSON, byte for byte.
    static func checkLoadRoundTrip(_ bytes: [UInt8], _ name: String) {
        let files = MemoryFiles([name: bytes])
        let session = FuzzSession(limits: limits, files: files)
        guard session.run("load \"\(name)\"") == nil else { return }
        // What loads is a state statements can make: its view and its iOS, set again as statements set them.
        let model = session.interpreter.model
        if let error = session.run("view \(model.view.rawValue); ios \(model.ios)") {
            FuzzTarget.finding("\(name) loaded a state no statement can make: \(error.message)")
        }
        guard session.run("save \"saved.json\"") == nil, let saved = files.contents["saved.json"] else {
            FuzzTarget.finding("a state that loaded from \(name) cannot be saved as JSON")
        }
        let plistSaved = session.run("save \"saved.plist\"") == nil
        for copy in plistSaved ? ["saved.json", "saved.plist"] : ["saved.json"] {
            let again = FuzzSession(limits: limits, files: files)
            if let error = again.run("load \"\(copy)\"") {
                FuzzTarget.finding("\(name) loaded and was saved as \(copy), which does not load: \(error.message)")
            }
            files.contents["again.json"] = nil
            guard again.run("save \"again.json\"") == nil, let resaved = files.contents["again.json"] else {
                FuzzTarget.finding("a state loaded from \(copy) cannot be saved")
            }
            if resaved != saved {
                FuzzTarget.finding(
                    "\(name) saved, loaded from \(copy) and saved again differs:\n  \(String(decoding: saved, as: UTF8.self))\n  \(String(decoding: resaved, as: UTF8.self))"
                )
            }
        }
    }
}
