import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("Exit, action and entry order")
struct TransitionOrderTests {
    @Test("exit actions, then transition actions, then entry actions")
    func flat() throws {
        let run = try Scenario(fixture: "semantics/flat-transition")
        #expect(run.startLog == ["enter a", "call enterA"])
        #expect(try run.send("go") == ["exit a", "call exitA", "call goAction", "enter b", "call enterB"])
        #expect(run.leaves == ["b"])
    }

    @Test("entries go outermost first down to the initial leaf; exits innermost first up to the common ancestor")
    func nested() throws {
        let run = try Scenario(fixture: "semantics/nested-entry-exit")
        #expect(run.startLog == ["enter p", "call enterP", "enter p/p1", "call enterP1", "enter p/p1/p11", "call enterP11"])
        #expect(
            try run.send("cross") == [
                "exit p/p1/p11", "call exitP11", "exit p/p1", "call exitP1", "exit p", "call exitP",
                "enter q", "call enterQ", "enter q/q2", "call enterQ2", "enter q/q2/q21", "call enterQ21",
            ])
    }

    @Test("a transition between siblings exits only below their parent")
    func siblings() throws {
        let run = try Scenario(fixture: "semantics/nested-entry-exit")
        #expect(try run.send("inner") == ["exit p/p1/p11", "call exitP11", "exit p/p1", "call exitP1", "enter p/p2"])
        #expect(run.active == ["p", "p/p2"])
    }

    @Test("TBStateMachine's debug log: a -> b/b2/b21 exits a3 and a, enters b, b2, b21")
    func tbStateMachineLCA() throws {
        let run = try Scenario(spec: "tbstatemachine")
        #expect(run.startLog == ["enter a", "call enterA", "enter a/a1"])
        try run.send("transition_1")
        try run.send("transition_1")
        #expect(run.leaves == ["a/a3"])
        #expect(
            try run.send("transition_4") == [
                "exit a/a3", "exit a", "call exitA", "enter b", "internalCount = 0", "enter b/b2", "enter b/b2/b21",
            ])
    }

    @Test("the leaf's own transition wins over its ancestor's (inner first)")
    func innerFirst() throws {
        let run = try Scenario(fixture: "semantics/inner-first")
        #expect(try run.send("e") == ["call innerHandled"])
        #expect(run.leaves == ["outer/inner"])
        #expect(try run.send("f") == ["exit outer/inner", "exit outer", "enter elsewhere"])
    }

    @Test("an external self-transition leaves and re-enters its state")
    func externalSelfTransition() throws {
        let run = try Scenario(fixture: "semantics/self-external")
        try run.send("next")
        #expect(try run.send("again") == ["exit s/s2", "call exitS2", "exit s", "call exitS", "enter s", "call enterS", "enter s/s1"])
        #expect(run.leaves == ["s/s1"])
    }

    @Test("a local transition to a descendant does not leave its source; an external one does")
    func localVersusExternal() throws {
        let run = try Scenario(fixture: "semantics/self-local")
        try run.send("next")
        #expect(try run.send("localDown") == ["exit s/s2", "enter s/s1"])
        #expect(try run.send("externalDown") == ["exit s/s1", "exit s", "call exitS", "enter s", "call enterS", "enter s/s1"])
    }

    @Test("a targetless transition runs its actions and nothing else")
    func targetless() throws {
        let run = try Scenario(fixture: "semantics/targetless")
        #expect(try run.send("bump") == ["n = 1"])
        try run.send("bump")
        try run.send("bump")
        #expect(run.value("n") == .int(3))
        #expect(try run.send("bump") == [])
        #expect(!run.handled)
        #expect(run.leaves == ["p/child"])
    }

    @Test("an explicit initial may name a deeper descendant")
    func explicitInitial() throws {
        let run = try Scenario(fixture: "semantics/initial-explicit")
        #expect(run.startLog == ["enter deep", "enter deep/x", "enter deep/x/y"])
        #expect(try run.send("reset") == ["exit deep/x/y", "exit deep/x", "exit deep", "enter top", "enter top/c", "enter top/c/c2"])
    }

    @Test("the start enters the initial configuration and runs to completion")
    func startMacrostep() throws {
        let run = try Scenario(fixture: "semantics/start-macrostep")
        #expect(run.startLog == ["enter boot", "raise ready", "exit boot", "enter loading", "exit loading", "enter running"])
        #expect(run.leaves == ["running"])
    }
}
