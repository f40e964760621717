import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

/// The defaults mode: arbitrary bytes as the user-defaults store's file.
///
/// Oracles: `defaults(KEY, DEFAULT)` reads the store exactly when it is a JSON dictionary of strings,
/// integers, booleans and arrays of them; `defaults set` and `defaults remove` then write back every
/// other key unchanged; and a store that does not read is never written over.
enum DefaultsFuzz {
    /// Values far above what the input can spell: a stored value must never reach a value limit.
    static let limits = Limits(
        scriptBytes: 1 << 20, valueSize: 16 << 20, valueDepth: 1_000, tableSize: 20_000, tableText: 1 << 18,
        callDepth: 100, steps: 5_000)
    static let path = "defaults.json"
    /// The key the check sets and removes.
    static let key = "fuzz-key"

    static func run(_ bytes: [UInt8]) {
        let files = MemoryFiles([path: bytes])
        let session = FuzzSession(limits: limits, files: files, defaultsFile: path)
        let original = storedMembers(bytes)
        let read = session.run("let v = defaults(\"\(key)\", 0)")
        if (read == nil) != (original != nil) {
            FuzzTarget.finding(
                original == nil
                    ? "defaults() read a store that is not a dictionary of property-list values"
                    : "defaults() refused a good store: \(read?.message ?? "")")
        }
        let set = session.run("defaults set \"\(key)\" [1, \"two\", true]")
        guard let original else {
            if set == nil || files.contents[path] != bytes {
                FuzzTarget.finding("defaults set wrote over a store that does not read")
            }
            return
        }
        if let set { FuzzTarget.finding("defaults set failed on a good store: \(set.message)") }
        expect(files.contents[path], original, adding: true)
        if let removed = session.run("defaults remove \"\(key)\"") {
            FuzzTarget.finding("defaults remove failed on a good store: \(removed.message)")
        }
        expect(files.contents[path], original, adding: false)
    }

    /// The members of a store the interpreter must read, by key; nil for a file it must refuse.
    static func storedMembers(_ bytes: [UInt8]) -> [String: PropertyTree]? {
        guard case .success(let tree) = PropertyTree.parseJSON(bytes), let members = tree.dictionary,
            members.allSatisfy({ isStorable($0.value) })
        else { return nil }
        return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the store can hold `tree`: a string, an integer, a boolean or an array of them.
    static func isStorable(_ tree: PropertyTree) -> Bool {
        switch tree.kind {
        case .string, .integer, .boolean: true
        case .array(let elements): elements.allSatisfy(isStorable)
        case .null, .dictionary: false
        }
    }

    /// The store written holds `original`'s keys unchanged, and the check's key when `adding`.
    static func expect(_ written: [UInt8]?, _ original: [String: PropertyTree], adding: Bool) {
        guard let written, let members = storedMembers(written) else {
            FuzzTarget.finding("the store written does not read back")
        }
        var expected = original
        expected[key] =
            adding
            ? PropertyTree(
                .array([PropertyTree(.integer(1)), PropertyTree(.string("two")), PropertyTree(.boolean(true))]))
            : nil
        if members != expected {
            FuzzTarget.finding(
                "the store written back changed other keys:\n  \(String(decoding: written, as: UTF8.self))")
        }
    }
}
