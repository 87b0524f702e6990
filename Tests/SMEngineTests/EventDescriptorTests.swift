import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("Event descriptors (SCXML 3.12.1)")
struct EventDescriptorTests {
    @Test("a descriptor takes its event and every event that continues it with '.'; '.*' means the same")
    func prefixes() throws {
        let run = try Scenario(fixture: "semantics/event-descriptors")
        #expect(try run.send(["error.io"]) == ["io"])
        #expect(try run.send(["reset", "error.io.disk"]) == ["io"])
        #expect(try run.send(["reset", "error.net"]) == ["other"])
    }

    @Test("a descriptor matches whole tokens: 'error' does not take 'errors'")
    func wholeTokens() throws {
        let run = try Scenario(fixture: "semantics/event-descriptors")
        try run.send("errors")
        #expect(!run.handled)
        #expect(run.leaves == ["ok"])
    }

    @Test("keys are tried in the order written: 'error.io.*' before 'error' takes error.io")
    func priority() throws {
        var spec = try Fixtures.fixture("semantics/event-descriptors")
        spec.states[0].transitions.swapAt(0, 1)
        let run = try Scenario(spec)
        #expect(try run.send(["error.io"]) == ["other"])
    }

    @Test("a key with several descriptors handles each of them")
    func severalDescriptors() throws {
        let run = try Scenario(fixture: "semantics/event-descriptors")
        #expect(try run.send("reset") == ["call stayed"])
        #expect(try run.send("wake") == ["call stayed"])
    }

    @Test("each transition's trigger is resolved once into the events it matches")
    func resolution() throws {
        let spec = try Fixtures.fixture("semantics/event-descriptors").resolve()
        let matched = spec.transitions.filter { $0.source == 1 }.map { t in t.matchedEvents.map { spec.events[$0].name } }
        #expect(matched == [["error.io", "error.io.disk"], ["error.io", "error.io.disk", "error.net"], ["reset", "wake"]])
        #expect(spec.transitions.map(\.triggerText).prefix(3) == ["error.io.*", "error", "reset wake"])
    }

    @Test("done.state descriptors: 'done.state' takes the completion of every state")
    func completionPrefix() throws {
        let spec = Spec(
            name: "completions", events: [Spec.EventDeclaration("finish")],
            states: [
                Spec.State(
                    "p",
                    children: [
                        Spec.State("w", transitions: [Spec.Transition(on: .event("finish"), target: .states(["f"]))]),
                        Spec.State("f", kind: .final),
                    ],
                    transitions: [Spec.Transition(on: .event("done.state"), target: .states(["end"]))]),
                Spec.State("end"),
            ])
        let run = try Scenario(spec)
        #expect(try run.send(["finish"]) == ["end"])
    }

    @Test("a guard reads event parameters when every event its descriptor matches has the same ones")
    func sharedParameters() throws {
        let code = Spec.Parameter("code", .int(min: 0, max: 3))
        var spec = Spec(
            name: "codes",
            events: [Spec.EventDeclaration("error.io", parameters: [code]), Spec.EventDeclaration("error.net", parameters: [code])],
            states: [
                Spec.State(
                    "s", transitions: [Spec.Transition(on: .event("error"), target: .states(["bad"]), guard: .expression("event.code > 1"))]
                ),
                Spec.State("bad"),
            ])
        let run = try Scenario(spec)
        try run.send("error.net", ["code": Value.int(1)])
        #expect(run.leaves == ["s"])
        try run.send("error.io", ["code": Value.int(2)])
        #expect(run.leaves == ["bad"])

        spec.events[1].parameters = []
        let error = #expect(throws: SpecError.self) { try spec.resolve() }
        #expect(
            error?.diagnostics.map(\.fullMessage) == [
                #"in "event.code > 1": 'event.code' is not available here: "error" matches events with different parameters"#
            ])
    }
}
