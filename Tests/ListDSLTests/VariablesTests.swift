import Testing

@testable import ListFormats
@testable import ListLanguage
@testable import ListModel
@testable import ListRuntime
@testable import ListTeaching

/// The variable store's scoping, the tree's rules: globals at the top level, block scopes that shadow
/// and end, and calls that see their own bindings and the globals only.
@Suite struct VariablesTests {
    @Test func aLetAtTheTopLevelIsGlobalAndABlockShadowsIt() {
        var v = Variables()
        let x = v.number(of: "x")
        v.declare(x, .integer(1))
        #expect(v.globalNames == ["x"])
        let saved = v.enterScope()
        #expect(v.value(x) == .integer(1))
        v.declare(x, .integer(2))
        #expect(v.value(x) == .integer(2))
        let assigned = v.assign(x, .integer(3))
        #expect(assigned)
        #expect(v.value(x) == .integer(3))
        v.leaveScope(saved)
        #expect(v.value(x) == .integer(1))
    }

    @Test func aNameIsNumberedOnceAndAnUndeclaredOneHasNoValue() {
        var v = Variables()
        let a = v.number(of: "a")
        let b = v.number(of: "b")
        let again = v.number(of: "a")
        #expect(b != a)
        #expect(again == a)
        #expect(v.value(a) == nil)
        let assigned = v.assign(a, .integer(1))
        #expect(!assigned)
    }

    @Test func aCallSeesItsArgumentsAndTheGlobalsButNotItsCallersScopes() {
        var v = Variables()
        let (g, local, p) = (v.number(of: "g"), v.number(of: "local"), v.number(of: "p"))
        v.declare(g, .string("global"))
        let scope = v.enterScope()
        v.declare(local, .integer(7))
        let start = v.locals.bindings.count
        v.pushArgument(.integer(42))
        // An argument still being evaluated has no name: it is neither found nor suggested.
        #expect(v.value(p) == nil)
        #expect(Set(v.visibleNames) == ["g", "local"])
        v.name([p], from: start)
        let frame = v.enterFrame(start: start)
        #expect(v.locals.depth == 1)
        #expect(v.value(p) == .integer(42))
        #expect(v.value(g) == .string("global"))
        #expect(v.value(local) == nil)
        v.declare(local, .integer(8))  // the call's own
        v.leaveFrame(frame)
        #expect(v.locals.depth == 0)
        #expect(v.value(local) == .integer(7))
        #expect(v.value(p) == nil)
        v.leaveScope(scope)
        #expect(v.value(local) == nil)
        #expect(v.locals.bindings.count == 0)
    }

    @Test func aLoopVariableIsTheScopesOnlyBindingEachTimeRound() {
        var v = Variables()
        let (i, y) = (v.number(of: "i"), v.number(of: "y"))
        let saved = v.enterScope()
        v.rebind(i, .integer(0))
        v.declare(y, .integer(10))
        v.rebind(i, .integer(1))
        #expect(v.value(i) == .integer(1))
        #expect(v.value(y) == nil)
        v.leaveScope(saved)
        #expect(v.value(i) == nil)
    }

    @Test func droppedArgumentsLeaveTheStackAsItWas() {
        var v = Variables()
        let x = v.number(of: "x")
        let saved = v.enterScope()
        v.declare(x, .integer(1))
        let start = v.locals.bindings.count
        v.pushArgument(.integer(2))
        v.pushArgument(.integer(3))
        v.dropArguments(to: start)
        #expect(v.locals.bindings.count == start)
        #expect(v.value(x) == .integer(1))
        v.leaveScope(saved)
    }

    @Test func aSnapshotIsACopyThatPutsTheBindingsBack() {
        var v = Variables()
        let x = v.number(of: "x")
        let saved = v.enterScope()
        // More bindings than the stack's first buffer holds, so it grows with values in it.
        for k in 0..<100 { v.declare(v.number(of: "v\(k)"), .string(String(repeating: "s", count: k))) }
        v.declare(x, .string("before"))
        let snapshot = v.locals.snapshot()
        let assigned = v.assign(x, .string("after"))
        #expect(assigned)
        v.declare(v.number(of: "extra"), .integer(1))
        #expect(v.value(x) == .string("after"))
        #expect(snapshot.bindings.count == 101)
        v.locals = snapshot
        #expect(v.value(x) == .string("before"))
        #expect(v.value(v.number(of: "v99")) == .string(String(repeating: "s", count: 99)))
        #expect(v.value(v.number(of: "extra")) == nil)
        v.leaveScope(saved)
        #expect(v.locals.bindings.count == 0)
        #expect(v.value(x) == nil)
    }
}
