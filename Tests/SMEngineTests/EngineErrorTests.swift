import Foundation
import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("Engine errors")
struct EngineErrorTests {
    func error(_ body: () throws -> Void) throws -> EngineError {
        do {
            try body()
        } catch let error as EngineError {
            return error
        }
        Issue.record("expected an engine error")
        throw CancellationError()
    }

    @Test("an app's localizedDescription of a spec error and an engine error is their message, not Foundation's")
    func localizedDescriptions() throws {
        let specError = try #require(throws: SpecError.self) {
            try Spec.load(json: #"{"format": "smcheck/1", "name": "x", "states": {"a": {"on": {"go": "b"}}}}"#)
        }
        #expect((specError as any Error).localizedDescription == specError.description)
        #expect(specError.description.contains("1:"))
        let engineError = EngineError(.invalidEvent, "unknown event 'fly'")
        #expect((engineError as any Error).localizedDescription == engineError.description)
    }

    @Test("more than 100 microsteps in one macrostep is an infinite loop, with the looping trace")
    func loopCap() throws {
        let run = try Scenario(fixture: "semantics/loop-cap")
        let failure = try error { try run.send("go") }
        guard case .infiniteLoop(let transitions) = failure.kind else { Issue.record("\(failure.kind)"); return }
        // The last 64 transitions taken, which show the loop: ping and pong, alternating.
        // The last 64 selected, but the 101st, which the limit stopped.
        #expect(transitions.count == 63)
        let machine = run.machine
        #expect(
            Set(transitions.suffix(4).map { machine.spec.describe(machine.spec.transitions[$0]) })
                == ["ping --always--> pong", "pong --always--> ping"])
        #expect(
            failure.message.hasPrefix(
                "no stable configuration after 100 microsteps in one macrostep (the maxMicrosteps limit): an infinite transition loop, or a chain of transitions longer than the limit; the last transitions taken were "
            ))
        // The 101st microstep is selected, not taken: the message says which it is.
        let taken = machine.spec.describe(machine.spec.transitions[transitions.last!])
        let next = machine.spec.describe(machine.spec.transitions[transitions[transitions.count - 2]])
        #expect(failure.message.hasSuffix("\(taken), and the limit stopped the next: \(next)"))
        #expect(next != taken)
        #expect(run.leaves == ["idle"], "the state is unchanged")
    }

    @Test("more than maxMicrosteps events sent to itself for one event is SM002, named as a loop or a long chain")
    func sendChainCap() throws {
        let run = try Scenario(fixture: "semantics/send-chain-past-the-limit")
        let failure = try error { try run.send("go") }
        guard case .infiniteLoop = failure.kind else { Issue.record("\(failure.kind)"); return }
        #expect(
            failure.message
                == "more than 5 events sent by the machine to itself for one external event (the maxMicrosteps limit): an infinite send loop, or a chain of sends longer than the limit"
        )
        var spec = try Fixtures.fixture("semantics/send-chain-past-the-limit")
        spec.options.maxMicrosteps = 11
        let longer = try Scenario(spec)
        try longer.send("go")
        #expect(longer.leaves == ["b"])
    }

    @Test("the cap is maxMicrosteps: 9 microsteps pass with 9 and fail with 8")
    func customCap() throws {
        let run = try Scenario(fixture: "semantics/loop-bound")
        try run.send("go")
        #expect(run.leaves == ["done"])
        #expect(run.last.microsteps.count == 9)
        var spec = try Fixtures.fixture("semantics/loop-bound")
        spec.options.maxMicrosteps = 8
        let tight = try Scenario(spec)
        _ = try error { try tight.send("go") }
    }

    @Test("a limit of one says one microstep and one event, in the singular")
    func limitOfOne() throws {
        var loop = try Fixtures.fixture("semantics/loop-bound")
        loop.options.maxMicrosteps = 1
        let looping = try error { try Scenario(loop).send("go") }
        #expect(looping.message.hasPrefix("no stable configuration after 1 microstep in one macrostep (the maxMicrosteps limit)"))
        var sends = try Fixtures.fixture("semantics/send-chain-past-the-limit")
        sends.options.maxMicrosteps = 1
        let sending = try error { try Scenario(sends).send("go") }
        #expect(sending.message.hasPrefix("more than 1 event sent by the machine to itself for one external event"))
    }

    @Test("a range violation names the variable, the value and the type, and changes nothing")
    func rangeViolation() throws {
        let run = try Scenario(fixture: "semantics/range-violation")
        try run.send(["inc", "inc"])
        let failure = try error { try run.send("inc") }
        #expect(failure.kind == .rangeViolation(variable: 0, value: 3))
        #expect(failure.message == "range violation: 'n' cannot be 3; its type is int 0...2")
        #expect(failure.location?.pointer.description == "/states/s/on/inc/actions/0/assign/n")
        #expect(run.value("n") == .int(2))
    }

    @Test("division by zero in a guard is a range violation")
    func divisionByZero() throws {
        let run = try Scenario(fixture: "semantics/range-violation")
        let failure = try error { try run.send("divide") }
        #expect(failure.message == "range violation: division by zero in the guard of s --divide [n / d > 0]--> t (n = 0, d = 0)")
        try run.send(["one", "inc", "divide"])
        #expect(run.leaves == ["t"])
    }

    @Test("an incomplete choice is an error and the machine stays where it was")
    func incompleteChoice() throws {
        let run = try Scenario(fixture: "semantics/choice-incomplete")
        let failure = try error { try run.send("set", ["to": .int(5)]) }
        #expect(failure.message == "incomplete choice: no branch of 'route' is enabled (level = 5)")
        #expect(run.leaves == ["idle"])
        #expect(run.value("level") == .int(0))
    }

    @Test("sending more than queueBound events is an overflow")
    func queueOverflow() throws {
        let run = try Scenario(fixture: "semantics/queue-overflow")
        let failure = try error { try run.send("burst") }
        #expect(failure.message == "external queue overflow: sending 'tick' with 2 events already waiting (queueBound)")
        #expect(failure.location?.pointer.description == "/states/a/on/burst/actions/2")
    }

    @Test("with unhandled: error, an event no state handles is an error")
    func unhandledIsError() throws {
        let run = try Scenario(fixture: "semantics/unhandled-error")
        let failure = try error { try run.send("stop") }
        #expect(failure.message == "event 'stop' is not handled in state 'idle'")
        try run.send("start")
        #expect(run.leaves == ["running"])
    }

    @Test("assigning an enum value the target enum lacks is a range violation")
    func enumConversion() throws {
        let run = try Scenario(fixture: "semantics/enum-conversion")
        try run.send("show", ["color": .enumCase("red")])
        #expect(run.value("light") == .enumCase("red"))
        let failure = try error { try run.send("show", ["color": .enumCase("blue")]) }
        #expect(failure.message == "range violation: 'light' cannot be a value not in its enum; its type is enum {red, green}")
    }

    @Test("unknown events and bad arguments are rejected before anything happens")
    func invalidEvents() throws {
        let machine = try Machine(try Fixtures.fixture("semantics/event-parameters"))
        #expect(throws: EngineError(.invalidEvent, "unknown event 'setVolum'; did you mean 'setVolume'?")) {
            try machine.eventInstance("setVolum")
        }
        #expect(throws: EngineError(.invalidEvent, "event 'setVolume' needs parameter 'to' (int 0...10)")) {
            try machine.eventInstance("setVolume")
        }
        #expect(throws: EngineError(.invalidEvent, "'11' is not a value of parameter 'to' (int 0...10)")) {
            try machine.eventInstance("setVolume", ["to": .int(11)])
        }
        let state = try machine.initialState().state
        #expect(throws: EngineError(.invalidEvent, "argument 99 of 'setVolume' is outside 'to': int 0...10")) {
            try machine.step(state, EventInstance(event: 0, arguments: [99]))
        }
    }
}
