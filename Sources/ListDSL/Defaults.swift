import ListModel

/// The user-defaults store (`defaults set KEY VALUE`, `defaults remove KEY`, `defaults(KEY, DEFAULT)`):
/// values that outlive the run, as an app's `UserDefaults.standard`, kept as one JSON dictionary in the
/// file the command names (`InterpreterIO.defaultsFile`).
extension Interpreter {
    /// The store as the file holds it now (an absent file is an empty store).
    func readDefaults(at range: SourceRange) throws(ScriptError) -> [String: Value] {
        guard let path = io.defaultsFile else { return defaultsStore ?? [:] }
        let loaded: SourceFile
        switch io.load(path) {
        case .success(let f): loaded = f
        case .failure(let e) where e.isMissing: return [:]
        case .failure(let e) where e.isInterrupt:
            throw .interrupted(Diagnostic(RuntimeError.interrupted, file: file, range: range))
        case .failure(let e): throw failure(range, .defaultsStore(reason: "'\(path)' cannot be read: \(e.message)"))
        }
        do throws(PropertyTree.Problem) {
            let tree = try PropertyTree.parseJSON(loaded.bytes).get()
            guard case .dictionary(let members) = tree.kind else {
                throw SavedState.mismatch(tree, "a dictionary of keys and values")
            }
            var store: [String: Value] = [:]
            for member in members { store[member.key] = try Self.value(of: member.value) }
            return store
        } catch {
            let at = min(error.offset, loaded.bytes.count)
            throw .runtime(
                Diagnostic(
                    RuntimeError.defaultsStore(reason: "'\(path)' is damaged: \(error.message)"), file: file,
                    range: range, notes: [Diagnostic.Note(file: loaded, range: SourceRange(at, at), message: "here")]))
        }
    }

    /// `defaults(KEY, DEFAULT)`: the value kept under KEY, else DEFAULT.
    func defaultValue(_ key: String, otherwise fallback: Value, at range: SourceRange) throws(ScriptError) -> Value {
        if defaultsStore == nil { defaultsStore = try readDefaults(at: range) }
        return defaultsStore?[key] ?? fallback
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
        var store = try readDefaults(at: range)
        store[key] = value
        if let path = io.defaultsFile {
            let members = store.sorted { $0.key < $1.key }.compactMap { entry in
                Self.tree(of: entry.value).map { PropertyTree.Member(key: entry.key, value: $0) }
            }
            if let problem = io.write(path, Array(PropertyTree(.dictionary(members)).json().utf8), true) {
                throw failure(range, .defaultsStore(reason: "cannot be written: \(problem)"))
            }
        }
        defaultsStore = store
    }

    /// A value as the store keeps it: strings, integers, booleans and lists of them; nil for any other.
    static func tree(of value: Value) -> PropertyTree? {
        switch value {
        case .string(let s): return PropertyTree(.string(s))
        case .integer(let n): return PropertyTree(.integer(Int(clamping: n)))
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

    /// The value a stored tree holds.
    static func value(of tree: PropertyTree) throws(PropertyTree.Problem) -> Value {
        switch tree.kind {
        case .string(let s): return .string(s)
        case .integer(let n): return .integer(n)
        case .boolean(let b): return .boolean(b)
        case .array(let elements):
            var values: [Value] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try value(of: element)) }
            return .list(ListValue(values))
        case .null, .dictionary:
            throw SavedState.mismatch(tree, "a string, an integer, true or false, or an array of them")
        }
    }
}
