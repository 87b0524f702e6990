import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("History")
struct HistoryTests {
    @Test("shallow history restores the last child with its own initial state")
    func shallow() throws {
        let run = try Scenario(fixture: "semantics/history-shallow")
        try run.send(["next", "deeper"])
        #expect(run.leaves == ["player/playing/loud"])
        #expect(try run.send("pause") == ["exit player/playing/loud", "exit player/playing", "exit player", "enter paused"])
        #expect(try run.send("resume") == ["exit paused", "enter player", "enter player/playing", "enter player/playing/quiet"])
    }

    @Test("deep history restores the whole last configuration")
    func deep() throws {
        let run = try Scenario(fixture: "semantics/history-deep")
        try run.send(["next", "deeper", "pause"])
        #expect(try run.send("resume") == ["exit paused", "enter player", "enter player/playing", "enter player/playing/loud"])
    }

    @Test("a transition to the parent itself ignores the history")
    func parentIgnoresHistory() throws {
        let run = try Scenario(fixture: "semantics/history-shallow")
        try run.send(["next", "pause", "restart"])
        #expect(run.leaves == ["player/stopped"])
    }

    @Test("before the parent was ever left, the history's default target is used")
    func defaultTarget() throws {
        let run = try Scenario(fixture: "semantics/history-default")
        #expect(try run.send("go") == ["exit start", "enter box", "enter box/three"])
        try run.send(["move", "move", "back"])
        #expect(try run.send("go") == ["exit start", "enter box", "enter box/two"])
    }

    @Test("deep history of a parallel state restores every region")
    func parallel() throws {
        let run = try Scenario(fixture: "semantics/history-parallel")
        try run.send(["a", "b", "leave"])
        #expect(
            try run.send("back") == [
                "exit out", "enter wrap", "enter wrap/par", "enter wrap/par/r1", "enter wrap/par/r1/x2", "enter wrap/par/r2",
                "enter wrap/par/r2/y2",
            ])
    }

    @Test("a transition to a history state exits and enters only below their common ancestor")
    func historyDomain() throws {
        let run = try Scenario(fixture: "semantics/history-in-exit-set")
        try run.send(["move", "out"])
        #expect(try run.send("in") == ["exit outer/outside", "enter outer/box", "enter outer/box/q"])
    }

    @Test("the history memory is part of the state: equal configurations with different memories differ")
    func historyIsState() throws {
        let visitedTwo = try Scenario(fixture: "semantics/history-default")
        try visitedTwo.send(["go", "move", "move", "back"])
        let visitedOne = try Scenario(fixture: "semantics/history-default")
        try visitedOne.send(["go", "move", "back"])
        #expect(visitedTwo.state.configuration == visitedOne.state.configuration)
        #expect(visitedTwo.state != visitedOne.state)
    }

    @Test("an initial state that is a history state: the default first, then where the state was left (W3C test 580)")
    func historyAsInitial() throws {
        let run = try Scenario(fixture: "semantics/history-initial")
        #expect(run.startLog == ["enter player", "enter player/song"])
        try run.send(["next", "leave"])
        #expect(try run.send("back") == ["exit away", "enter player", "enter player/outro"])
        try run.send(["next", "leave"])
        #expect(try run.send("back") == ["exit away", "enter player", "enter player/intro"])
    }

    @Test("a history state without a default, as the initial state, enters the first child")
    func historyAsInitialWithoutDefault() throws {
        var spec = try Fixtures.fixture("semantics/history-initial")
        spec.states[0].children[3].historyDefault = []
        let run = try Scenario(spec)
        #expect(run.startLog == ["enter player", "enter player/intro"])
    }

    @Test("the machine's initial state may be a history state further down")
    func rootInitialIsHistory() throws {
        var spec = try Fixtures.fixture("semantics/history-initial")
        spec.states.reverse()
        spec.initial = "player/h"
        let run = try Scenario(spec)
        #expect(run.startLog == ["enter player", "enter player/song"])
        try run.send(["next", "leave", "back"])
        #expect(run.leaves == ["player/outro"])
    }
}

@Suite("Final states and completion")
struct FinalStateTests {
    @Test("entering a final child raises done.state.<parent> in the same macrostep")
    func compoundDone() throws {
        let run = try Scenario(fixture: "semantics/final-done")
        #expect(
            try run.send("finish") == [
                "exit job/working", "enter job/finished", "call enterFinished", "exit job/finished", "exit job", "call jobDone",
                "enter after",
            ])
    }

    @Test("a parallel state is done when every region is")
    func parallelDone() throws {
        let run = try Scenario(fixture: "semantics/parallel-done")
        try run.send("a")
        #expect(run.leaves == ["par/r1/f1", "par/r2/w2"])
        try run.send("b")
        #expect(run.leaves == ["after"])
    }

    @Test("a final region is done at once, and its parallel state when every other region is")
    func finalRegion() throws {
        let run = try Scenario(fixture: "semantics/parallel-final-region")
        #expect(run.leaves == ["par/done", "par/r1/w1", "par/r2/w2"])
        try run.send("a")
        #expect(run.leaves == ["par/done", "par/r1/f1", "par/r2/w2"])
        try run.send("b")
        #expect(run.leaves == ["after"])
        // A parallel state whose only region is final is done as soon as it is entered.
        try run.send("a")
        #expect(run.leaves == ["end"])
    }

    @Test("a top-level final state stops the machine")
    func halts() throws {
        let run = try Scenario(fixture: "semantics/final-halts")
        try run.send("stop")
        try run.send("go")
        #expect(!run.handled)
        #expect(run.leaves == ["stopped"])
    }

    @Test("completion events of same-named states are told apart by path")
    func byPath() throws {
        let run = try Scenario(fixture: "semantics/done-by-path")
        try run.send("finish")
        #expect(run.leaves == ["second/task/w"])
        try run.send("finish")
        #expect(run.leaves == ["end"])
    }
}
