import ListFormats
import ListLanguage
import ListModel

/// The user-defaults store (`defaults set KEY VALUE`, `defaults remove KEY`, `defaults(KEY, DEFAULT)`):
/// values that outlive the run, as an app's `UserDefaults.standard`, kept as one JSON dictionary in the
/// file the command names (`InterpreterIO.defaultsFile`).
extension Interpreter {
    /// The store as the file holds it now (an absent file is an empty store).
    func readDefaults(at range: SourceRange) throws(ScriptError) -> [String: Value] {
        guard let path = io.defaultsFile else { return defaultsStore ?? [:] }
        return try defaults(in: io.load(path), path, at: range)
    }

    /// The store a read of its file gave.
    private func defaults(in read: Result<SourceFile, LoadError>, _ path: String, at range: SourceRange)
        throws(ScriptError) -> [String: Value]
    {
        let loaded: SourceFile
        switch read {
        case .success(let f): loaded = f
        case .failure(let e) where e.isMissing: return [:]
        case .failure(let e) where e.isInterrupt:
            throw .interrupted(Diagnostic(RuntimeError.interrupted, file: file, range: range))
        case .failure(let e): throw failure(range, .defaultsStore(reason: "'\(path)' cannot be read: \(e.message)"))
        }
        let checks = readingChecks
        do throws(PropertyTree.Problem) {
            var tree = try PropertyTree.parseJSON(loaded.bytes, checks: checks).get()
            guard case .dictionary(var members) = tree.kind else {
                throw SavedState.mismatch(tree, "a dictionary of keys and values")
            }
            tree.kind = .null  // the members are held once, so each value's tree can be freed once made
            var store: [String: Value] = [:]
            var made = 0
            for n in members.indices {
                store[members[n].key] = try Self.value(of: &members[n].value, checks, made: &made)
            }
            return store
        } catch {
            throw readingFailure(error, of: .defaultsStore(path), loaded, at: range) {
                .defaultsStore(reason: "'\(path)' is damaged: \($0)")
            }
        }
    }

    /// `defaults(KEY, DEFAULT)`: the value kept under KEY, else DEFAULT; a kept value is held to the value
    /// limits as any value made (another run, or a run with higher limits, may have kept it).
    func defaultValue(_ key: String, otherwise fallback: Value, at range: SourceRange) throws(ScriptError) -> Value {
        if defaultsStore == nil { defaultsStore = try readDefaults(at: range) }
        guard let value = defaultsStore?[key] else { return fallback }
        switch value {
        case .string(let s): try checkSize(s.utf8.count, of: "string", range)
        case .list(let list): _ = try checkedList(list, range)
        default: break
        }
        return value
    }

    /// `defaults set KEY VALUE` (`valueExpr` given) or `defaults remove KEY`: changes the key in the
    /// file as it is now (another run may have changed other keys) and writes it back whole.
    func setDefault(_ keyExpr: Expr, _ valueExpr: Expr?) throws(ScriptError) {
        let key = try stringOperand(keyExpr, for: "defaults", needs: "a key string")
        let value = try valueExpr.map { (e) throws(ScriptError) -> Value in try storable(e) }
        if let value, let valueExpr, Self.tree(of: value) == nil {
            throw failure(valueExpr.range, .notPropertyListValue(value.found()))
        }
        let range = keyExpr.range.union(valueExpr?.range ?? keyExpr.range)
        guard let path = io.defaultsFile else {
            var store = defaultsStore ?? [:]
            store[key] = value
            defaultsStore = store
            return
        }
        // Read, changed and written with no other run's write in between, so no key another run has
        // just set is lost.
        var result: Result<[String: Value], ScriptError> = .success([:])
        let problem = io.update(path) { read in
            result = Result { () throws(ScriptError) in try defaults(in: read, path, at: range) }
            guard case .success(var store) = result else { return nil }
            store[key] = value
            result = .success(store)
            let members = store.sorted { $0.key < $1.key }.compactMap { entry in
                Self.tree(of: entry.value).map { PropertyTree.Member(key: entry.key, value: $0) }
            }
            return Array(PropertyTree(.dictionary(members)).json().utf8)
        }
        let store = try result.get()
        if let problem { throw failure(range, .defaultsStore(reason: "cannot be written: \(problem)")) }
        defaultsStore = store
    }

    /// A value as the store keeps it: strings, integers, booleans and lists of them; nil for any other.
    static func tree(of value: Value) -> PropertyTree? {
        switch value {
        case .string(let s): return PropertyTree(.string(s))
        case .integer(let n): return PropertyTree(.integer(n))
        case .boolean(let b): return PropertyTree(.boolean(b))
        case .list(let list):
            var elements: [PropertyTree] = []
            elements.reserveCapacity(list.elements.count)
            for element in list.elements {
                guard let tree = tree(of: element) else { return nil }
                elements.append(tree)
            }
            return PropertyTree(.array(elements))
        default: return nil
        }
    }

    /// The value a stored tree holds; `made` counts the values made, and every 65,536 of them `checks` run.
    ///
    /// An array's elements are taken out of `tree` (left `null`) and freed as their values are made, so
    /// the tree and the value it becomes are not both whole at once (a store of 20 million one-string
    /// lists would otherwise take twice the memory).
    static func value(of tree: inout PropertyTree, _ checks: ReadingChecks, made: inout Int)
        throws(PropertyTree.Problem) -> Value
    {
        made &+= 1
        if made & 0xFFFF == 0 { try checks.check(at: tree.offset) }
        switch tree.kind {
        case .string(let s): return .string(s)
        case .integer(let n): return .integer(n)
        case .boolean(let b): return .boolean(b)
        case .array(var elements):
            tree.kind = .null
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for n in elements.indices { values.append(try value(of: &elements[n], checks, made: &made)) }
            return .list(ListValue(values))
        case .null, .dictionary:
            throw SavedState.mismatch(tree, "a string, an integer, true or false, or an array of them")
        }
    }
}
