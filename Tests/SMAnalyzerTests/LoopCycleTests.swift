import SMEngine
import SMSpec
import SMTestSupport
import Testing

@testable import SMAnalyzer

@Suite("The cycle behind an infinite-loop error")
struct LoopCycleTests {
    @Test("a step that goes round a send loop before an eventless loop stops it: the cycle is the eventless one")
    func cycleTheLimitStopped() throws {
        let machine = try Machine(try Fixtures.fixture("symbolic/send-loop-then-choice-loop"))
        let spec = machine.spec
        let c = try #require(spec.events.first { $0.name == "c" }), a = try #require(spec.events.first { $0.name == "a" })
        let s1 = try machine.step(try machine.initialState().state, EventInstance(event: c.index, arguments: [2])).state
        // ?ok holds three times (the send loop's state repeats from the second), then fails: the choice loops.
        let step = TraceStep(event: EventInstance(event: a.index, arguments: []), choices: [1, 1, 1, 0])
        let cycle = try #require(LoopCycle.find(machine: machine, from: s1, step: step))
        #expect(cycle.transitions.map { spec.describe(spec.transitions[$0]) } == ["s2/s2_0 --always [f]--> s2/s2_0"])
        #expect(cycle.states.map { machine.path(of: $0) } == ["s2/s2_0"])
    }

    @Test("a cycle the run left, then a chain the limit cut short: no cycle, not the one left behind")
    func cycleThenChain() throws {
        // ?ok true sends e again with nothing changed (a cycle); false goes to c, which counts up until the limit.
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "cycle then chain", "options": {"maxMicrosteps": 10},
                 "variables": {"n": {"type": "int", "min": 0, "max": 100}}, "events": {"e": {}},
                 "states": {"a": {"on": {"e": [{"guard": "?ok", "actions": [{"send": "e"}]}, {"target": "c"}]}},
                            "c": {"always": {"guard": "n < 100", "actions": [{"assign": {"n": "n + 1"}}]}}}}
                """#)
        let machine = try Machine(spec)
        let step = TraceStep(event: EventInstance(event: 0, arguments: []), choices: [1, 1, 1, 0])
        #expect(LoopCycle.find(machine: machine, from: try machine.initialState().state, step: step) == nil)
    }

    @Test("a chain the limit cut short has no cycle")
    func chainHasNoCycle() throws {
        let spec = try Spec.load(
            json: #"""
                {"format": "smcheck/1", "name": "chain", "variables": {"n": {"type": "int", "min": 0, "max": 1000}},
                 "events": {"go": {}},
                 "states": {"a": {"on": {"go": "b"}}, "b": {"always": [{"guard": "n < 1000", "actions": [{"assign": {"n": "n + 1"}}]}]}}}
                """#)
        let machine = try Machine(spec)
        let go = TraceStep(event: EventInstance(event: 0, arguments: []))
        #expect(LoopCycle.find(machine: machine, from: try machine.initialState().state, step: go) == nil)
    }
}
