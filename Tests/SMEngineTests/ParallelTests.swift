import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("Parallel regions")
struct ParallelTests {
    @Test("regions are entered in document order and exited in reverse")
    func entryAndExitOrder() throws {
        let run = try Scenario(fixture: "semantics/parallel-entry")
        #expect(
            run.startLog == [
                "enter par", "call enterPar", "enter par/r1", "call enterR1", "enter par/r1/r1a", "call enterR1a",
                "enter par/r2", "call enterR2", "enter par/r2/r2a", "call enterR2a",
            ])
        #expect(
            try run.send("leave") == [
                "exit par/r2/r2a", "call exitR2a", "exit par/r2", "call exitR2", "exit par/r1/r1a", "call exitR1a",
                "exit par/r1", "call exitR1", "exit par", "call exitPar", "enter out",
            ])
    }

    @Test("a transition inside one region touches only that region")
    func oneRegion() throws {
        let run = try Scenario(fixture: "semantics/parallel-regions")
        #expect(try run.send("left") == ["exit par/r1/a1", "enter par/r1/a2"])
        #expect(run.leaves == ["par/r1/a2", "par/r2/b1"])
    }

    @Test("one event in two regions: both transitions in one microstep, exits first, actions in document order")
    func bothRegions() throws {
        let run = try Scenario(fixture: "semantics/parallel-regions")
        try run.send("left")
        #expect(
            try run.send("both") == [
                "exit par/r2/b1", "exit par/r1/a2", "call r1Back", "call r2Action", "enter par/r1/a1", "enter par/r2/b2",
            ])
        #expect(run.last.microsteps.count == 1)
    }

    @Test("of two conflicting transitions, the one from the descendant state wins")
    func descendantWins() throws {
        let run = try Scenario(fixture: "semantics/parallel-conflict")
        #expect(try run.send("e") == ["exit par/r1/a", "call r1Moves", "enter par/r1/a2"])
        #expect(run.leaves == ["par/r1/a2", "par/r2/b"])
    }

    @Test("between unrelated conflicting transitions, the earlier in document order wins")
    func earlierWins() throws {
        let run = try Scenario(fixture: "semantics/parallel-conflict")
        #expect(
            try run.send("f") == ["exit par/r2/b", "exit par/r2", "exit par/r1/a", "exit par/r1", "exit par", "call r1Leaves", "enter out"])
    }

    @Test("a transition both regions bubble up to is taken once")
    func sharedAncestor() throws {
        let run = try Scenario(fixture: "semantics/parallel-shared-ancestor")
        #expect(
            try run.send("e") == ["exit par/r2/b", "exit par/r2", "exit par/r1/a", "exit par/r1", "exit par", "call once", "enter out"])
    }

    @Test("a transition from one region into another re-enters the parallel state")
    func crossRegion() throws {
        let run = try Scenario(fixture: "semantics/deep-local-parallel")
        #expect(
            try run.send("cross") == [
                "exit par/r2/b1", "exit par/r2", "exit par/r1/a1", "exit par/r1", "exit par", "call exitPar",
                "enter par", "call enterPar", "enter par/r1", "enter par/r1/a1", "enter par/r2", "enter par/r2/b2",
            ])
    }

    @Test("fork enters the given states in two regions; the join waits for both")
    func forkAndJoin() throws {
        let run = try Scenario(fixture: "semantics/fork-join")
        #expect(try run.send("fork") == ["exit idle", "enter par", "enter par/r1", "enter par/r1/x2", "enter par/r2", "enter par/r2/y2"])
        try run.send("a")
        #expect(run.leaves == ["par/r1/x3", "par/r2/y2"])
        #expect(
            try run.send("b") == [
                "exit par/r2/y2", "enter par/r2/y3", "exit par/r2/y3", "exit par/r2", "exit par/r1/x3", "exit par/r1", "exit par",
                "enter joined",
            ])
        #expect(run.leaves == ["joined"])
    }

    @Test("TBStateMachine's fork into c212 and c222, and its join back to b")
    func tbStateMachineForkJoin() throws {
        let run = try Scenario(spec: "tbstatemachine")
        #expect(
            try run.send("transition_15") == [
                "exit a/a1", "exit a", "call exitA", "enter c", "enter c/c2", "enter c/c2/region1", "enter c/c2/region1/c212",
                "enter c/c2/region2", "enter c/c2/region2/c222",
            ])
        try run.send("transition_16")
        #expect(run.leaves == ["c/c2/region1/joined1", "c/c2/region2/c222"])
        try run.send("transition_17")
        #expect(run.leaves == ["b/b1"])
    }

    @Test("a region reads another region's state with in()")
    func inGuard() throws {
        let run = try Scenario(fixture: "semantics/in-guard")
        try run.send("go")
        #expect(!run.handled)
        try run.send("toggle")
        try run.send("go")
        #expect(run.leaves == ["par/lights/on", "par/motor/running"])
    }
}
