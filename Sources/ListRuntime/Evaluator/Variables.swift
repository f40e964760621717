import ListFormats
import ListLanguage
import ListModel

/// The session's variables: the globals, and the block scopes of every running call in one stack.
///
/// Names are numbered once, when code naming them is compiled (`number(of:)`), and looked up by number:
/// a global is an array element, a local is found by comparing numbers from the innermost binding
/// outwards, the few bindings a frame holds. Scoping is exactly the tree's: a lookup sees the running
/// call's scopes, innermost first, then the globals; `let` at the top level outside any block makes a
/// global, and anywhere else a binding of the innermost scope.
struct Variables: ~Copyable {
    /// Each name's number. It never forgets one, so numbers held by compiled code stay valid.
    private var numbers: [String: Int] = [:]
    /// The name of each number.
    private(set) var names: [String] = []
    /// The globals' values by number: nil (or past the end) when not declared.
    var globals: [Value?] = []
    /// The running calls' bindings.
    var locals = Locals()

    /// The bindings of the running calls, innermost last: each block scope's bindings follow its
    /// enclosing scope's, and a call's follow its caller's. Not copyable: `snapshot()` copies them.
    struct Locals: ~Copyable {
        /// The bindings, each a name's number (-1 for an argument not yet named) and its value.
        fileprivate(set) var bindings = BindingStack()
        /// Where the running call's bindings start.
        fileprivate(set) var frameStart = 0
        /// Where the innermost scope's bindings start; -1 at the top level outside any block.
        fileprivate(set) var scopeStart = -1
        /// How many calls are running (0 at the top level).
        fileprivate(set) var depth = 0

        init() {}

        /// A copy, bindings and all, for putting back with `=` after code that may have left a call.
        func snapshot() -> Locals {
            var copy = Locals()
            copy.bindings = bindings.copy()
            copy.frameStart = frameStart
            copy.scopeStart = scopeStart
            copy.depth = depth
            return copy
        }
    }

    /// The bindings' storage: a buffer managed by hand, as a call pushes and pops a few bindings each
    /// time. An array would check its buffer's uniqueness, its bounds and its capacity at every push,
    /// pop and store, a large part of a call (bench/NOTES.md). Every index is one the bindings hold (the
    /// variables' code computes them from `count`, `frameStart` and `scopeStart`).
    struct BindingStack: ~Copyable {
        private var base: UnsafeMutablePointer<Binding>
        private var capacity: Int
        /// How many bindings there are.
        private(set) var count = 0

        init(capacity: Int = 16) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }

        /// The binding at `k`, which must be below `count`.
        subscript(k: Int) -> Binding {
            @inline(__always) unsafeAddress {
                assert(k >= 0 && k < count)
                return UnsafePointer(base + k)
            }
            @inline(__always) unsafeMutableAddress {
                assert(k >= 0 && k < count)
                return base + k
            }
        }

        /// Replaces the value at `k`, which must be below `count`. An integer (what a loop over a range
        /// binds each time round) owns nothing, so it is written over, without the call that destroys
        /// a value.
        @inline(__always)
        mutating func replace(at k: Int, with value: consuming Value) {
            assert(k >= 0 && k < count)
            if case .integer = base[k].value {
                (base + k).initialize(to: Binding(number: base[k].number, value: value))
            } else {
                base[k].value = value
            }
        }

        /// Adds a binding on top.
        @inline(__always)
        mutating func append(_ binding: consuming Binding) {
            if count == capacity { grow() }
            (base + count).initialize(to: binding)
            count += 1
        }

        /// Drops the bindings above the first `n`.
        @inline(__always)
        mutating func truncate(to n: Int) {
            let n = max(n, 0)
            // One at a time, each moved out and dropped: `deinitialize(count:)` goes through the
            // runtime's generic array destroy, slower for the few a scope holds.
            while count > n {
                count -= 1
                _ = (base + count).move()
            }
        }

        @inline(never)
        private mutating func grow() {
            let larger = UnsafeMutablePointer<Binding>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
            capacity *= 2
        }

        /// The same bindings in a buffer of their own.
        func copy() -> BindingStack {
            var copy = BindingStack(capacity: max(16, count))
            copy.base.initialize(from: base, count: count)
            copy.count = count
            return copy
        }
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
    func integer(_ n: Int) -> Int64? {
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
            locals.bindings.replace(at: i, with: value)
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
            locals.bindings.replace(at: start, with: value)
            return
        }
        locals.bindings.truncate(to: start)
        locals.bindings.append(Binding(number: n, value: value))
    }

    /// Adds a call's argument, not yet visible under any name: `name(_:from:)` names it.
    mutating func pushArgument(_ value: consuming Value) { pushBinding(-1, value) }

    /// Adds a call's argument under the name numbered `n`, once every argument is evaluated: until
    /// `enterFrame`, it is in the caller's scope.
    mutating func pushBinding(_ n: Int, _ value: consuming Value) {
        locals.bindings.append(Binding(number: n, value: value))
    }

    /// Names the arguments pushed since there were `start` bindings by the numbers `parameters`.
    mutating func name(_ parameters: [Int], from start: Int) {
        for (k, n) in parameters.enumerated() where start + k < locals.bindings.count {
            locals.bindings[start + k].number = n
        }
    }

    /// Drops the arguments pushed since there were `count` bindings (an argument failed).
    mutating func dropArguments(to count: Int) { locals.bindings.truncate(to: count) }

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
        locals.bindings.truncate(to: locals.scopeStart)
        locals.scopeStart = saved.scopeStart
    }

    /// Ends the call `enterFrame` started.
    mutating func leaveFrame(_ saved: Saved) {
        locals.bindings.truncate(to: locals.frameStart)
        locals.frameStart = saved.frameStart
        locals.scopeStart = saved.scopeStart
        locals.depth -= 1
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
        for k in locals.frameStart..<locals.bindings.count where locals.bindings[k].number >= 0 {
            visible.insert(names[locals.bindings[k].number])
        }
        return Array(visible)
    }
}
