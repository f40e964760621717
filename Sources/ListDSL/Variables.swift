/// The session's variables: the globals, and the block scopes of every running call in one stack.
///
/// Names are numbered once, when code naming them is compiled (`number(of:)`), and looked up by number:
/// a global is an array element, a local is found by comparing numbers from the innermost binding
/// outwards, the few bindings a frame holds. Scoping is exactly the tree's: a lookup sees the running
/// call's scopes, innermost first, then the globals; `let` at the top level outside any block makes a
/// global, and anywhere else a binding of the innermost scope.
struct Variables {
    /// Each name's number. It never forgets one, so numbers held by compiled code stay valid.
    private var numbers: [String: Int] = [:]
    /// The name of each number.
    private(set) var names: [String] = []
    /// The globals' values by number: nil (or past the end) when not declared.
    var globals: [Value?] = []
    /// The running calls' bindings.
    var locals = Locals()

    /// The bindings of the running calls, innermost last: each block scope's bindings follow its
    /// enclosing scope's, and a call's follow its caller's.
    struct Locals {
        /// The bindings, each a name's number (-1 for an argument not yet named) and its value: one
        /// array, so pushing or dropping a binding checks one buffer's uniqueness, not two.
        fileprivate(set) var bindings: [Binding] = []
        /// Where the running call's bindings start.
        fileprivate(set) var frameStart = 0
        /// Where the innermost scope's bindings start; -1 at the top level outside any block.
        fileprivate(set) var scopeStart = -1
        /// How many calls are running (0 at the top level).
        fileprivate(set) var depth = 0
    }

    /// A local variable: its name's number and its value.
    struct Binding {
        var number: Int
        var value: Value
    }

    /// What `enterScope` and `enterFrame` replace, for `leave` to put back.
    struct Saved {
        fileprivate var frameStart: Int
        fileprivate var scopeStart: Int
    }

    /// The number of `name`, given it here the first time.
    mutating func number(of name: String) -> Int {
        if let n = numbers[name] { return n }
        let n = names.count
        numbers[name] = n
        names.append(name)
        return n
    }

    /// The value of variable `n` as seen here: the running call's scopes, innermost first, then the globals.
    @inline(__always)
    func value(_ n: Int) -> Value? {
        if let i = binding(of: n) { return locals.bindings[i].value }
        return n < globals.count ? globals[n] : nil
    }

    /// The value of variable `n` as `value` sees it, if that is an integer (read in place, not copied).
    @inline(__always)
    func integer(_ n: Int) -> Int? {
        if let i = binding(of: n) {
            guard case .integer(let x) = locals.bindings[i].value else { return nil }
            return x
        }
        guard n < globals.count, case .integer(let x)? = globals[n] else { return nil }
        return x
    }

    /// Where variable `n` is bound in the running call's scopes, innermost first; nil when it is not.
    @inline(__always)
    private func binding(of n: Int) -> Int? {
        var i = locals.bindings.count - 1
        while i >= locals.frameStart {
            if locals.bindings[i].number == n { return i }
            i -= 1
        }
        return nil
    }

    /// Declares variable `n` in the innermost scope (a global at the top level outside any block); a
    /// name the scope already holds takes the new value.
    mutating func declare(_ n: Int, _ value: consuming Value) {
        let start = locals.scopeStart
        if start < 0 {
            setGlobal(n, value)
            return
        }
        var i = locals.bindings.count - 1
        while i >= start {
            if locals.bindings[i].number == n {
                locals.bindings[i].value = value
                return
            }
            i -= 1
        }
        locals.bindings.append(Binding(number: n, value: value))
    }

    /// Assigns to variable `n` where it is bound; false when it is bound nowhere visible.
    mutating func assign(_ n: Int, _ value: consuming Value) -> Bool {
        if let i = binding(of: n) {
            locals.bindings[i].value = value
            return true
        }
        guard n < globals.count, globals[n] != nil else { return false }
        globals[n] = value
        return true
    }

    private mutating func setGlobal(_ n: Int, _ value: consuming Value) {
        while globals.count <= n { globals.append(nil) }
        globals[n] = value
    }

    /// Opens a block scope.
    mutating func enterScope() -> Saved {
        let saved = Saved(frameStart: locals.frameStart, scopeStart: locals.scopeStart)
        locals.scopeStart = locals.bindings.count
        return saved
    }

    /// Makes the innermost scope hold only variable `n` (a loop's variable, each time round).
    @inline(__always)
    mutating func rebind(_ n: Int, _ value: consuming Value) {
        let start = locals.scopeStart
        if locals.bindings.count == start + 1 && locals.bindings[start].number == n {
            locals.bindings[start].value = value
            return
        }
        truncate(to: start)
        locals.bindings.append(Binding(number: n, value: value))
    }

    /// Adds a call's argument, not yet visible under any name: `name(_:from:)` names it.
    mutating func pushArgument(_ value: consuming Value) {
        locals.bindings.append(Binding(number: -1, value: value))
    }

    /// Adds a call's argument under the name numbered `n`, once every argument is evaluated: until
    /// `enterFrame`, it is in the caller's scope.
    mutating func pushBinding(_ n: Int, _ value: consuming Value) {
        locals.bindings.append(Binding(number: n, value: value))
    }

    /// Names the arguments pushed since there were `start` bindings by the numbers `parameters`.
    mutating func name(_ parameters: [Int], from start: Int) {
        for (k, n) in parameters.enumerated() { locals.bindings[start + k].number = n }
    }

    /// Drops the arguments pushed since there were `count` bindings (an argument failed).
    mutating func dropArguments(to count: Int) { truncate(to: count) }

    /// Starts a call: a frame whose first scope holds the arguments, named, pushed since there were
    /// `start` bindings.
    mutating func enterFrame(start: Int) -> Saved {
        let saved = Saved(frameStart: locals.frameStart, scopeStart: locals.scopeStart)
        locals.frameStart = start
        locals.scopeStart = start
        locals.depth += 1
        return saved
    }

    /// Closes the scope `enterScope` opened.
    mutating func leaveScope(_ saved: Saved) {
        truncate(to: locals.scopeStart)
        locals.scopeStart = saved.scopeStart
    }

    /// Ends the call `enterFrame` started.
    mutating func leaveFrame(_ saved: Saved) {
        truncate(to: locals.frameStart)
        locals.frameStart = saved.frameStart
        locals.scopeStart = saved.scopeStart
        locals.depth -= 1
    }

    private mutating func truncate(to count: Int) {
        // One at a time: there are few, and `removeLast(k)` costs more than several `removeLast()`.
        while locals.bindings.count > count { locals.bindings.removeLast() }
    }

    /// The names of the declared globals.
    var globalNames: [String] {
        var result: [String] = []
        for (n, value) in globals.enumerated() where value != nil { result.append(names[n]) }
        return result
    }

    /// Every name visible here: the running call's bindings and the globals.
    var visibleNames: [String] {
        var visible = Set(globalNames)
        // An argument still being evaluated (numbered -1) has no name yet.
        for binding in locals.bindings[locals.frameStart...] where binding.number >= 0 {
            visible.insert(names[binding.number])
        }
        return Array(visible)
    }
}
