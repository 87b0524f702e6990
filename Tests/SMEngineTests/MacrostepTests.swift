import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("Run to completion")
struct MacrostepTests {
    @Test("eventless transitions chain in one macrostep")
    func eventlessChain() throws {
        let run = try Scenario(fixture: "semantics/always-chain")
        #expect(
            try run.send("go") == [
                "exit idle", "enter a", "call enterA", "exit a", "enter b", "call enterB", "exit b", "enter c", "call enterC",
            ])
        #expect(run.last.microsteps.count == 3)
    }

    @Test("a guarded eventless transition fires after the microstep that makes its guard hold")
    func eventlessGuard() throws {
        let run = try Scenario(fixture: "semantics/always-guarded")
        try run.send(["inc", "inc"])
        #expect(run.leaves == ["counting"])
        #expect(try run.send("inc") == ["n = 3", "exit counting", "enter full"])
    }

    @Test("raised events are processed in order, after eventless transitions, in the same macrostep")
    func raisedEvents() throws {
        let run = try Scenario(fixture: "semantics/raise-order")
        #expect(
            try run.send("go") == [
                "exit a", "raise first", "raise second", "enter b", "exit b", "call eventlessFirst", "enter c",
                "exit c", "call handledFirst", "enter d", "exit d", "call handledSecond", "enter e",
            ])
    }

    @Test("eventless transitions go before the next internal event")
    func eventlessBeforeInternal() throws {
        let run = try Scenario(fixture: "semantics/eventless-priority")
        try run.send("go")
        #expect(run.leaves == ["d"])
        #expect(run.value("order") == .int(12))
    }

    @Test("sent events are processed after the macrostep, in order")
    func sentEvents() throws {
        let run = try Scenario(fixture: "semantics/send-queue")
        #expect(
            try run.send("go") == [
                "exit a", #"send ping {"n": 1}"#, #"send ping {"n": 2}"#, "enter b", "log = 5", "log = 51", "log = 512",
            ])
    }

    @Test("simultaneous assignment reads the old values; separate actions see each other")
    func assignments() throws {
        let swap = try Scenario(fixture: "semantics/assign-simultaneous")
        #expect(try swap.send("swap") == ["x = 2", "y = 1"])
        let chain = try Scenario(fixture: "semantics/assign-simultaneous")
        #expect(try chain.send("chain") == ["x = 2", "y = 3"])
    }

    @Test("an assignment with a value out of range stores none: the error shows the values from before it")
    func failingAssignment() throws {
        let run = try Scenario(fixture: "semantics/assign-failing")
        #expect(try run.send("fail") == ["retries = 1", "delay = 2"])
        #expect(try run.send("fail") == ["retries = 2", "delay = 4"])
        let error = try #require(throws: EngineError.self) { try run.send("fail") }
        #expect(error.message.hasPrefix("range violation: 'delay' cannot be 8"))
        #expect(error.variables == [2, 4])
        #expect(run.value("retries") == .int(2))
    }

    @Test("if runs one branch")
    func ifAction() throws {
        let run = try Scenario(fixture: "semantics/if-action")
        try run.send("go", ["big": .bool(true)])
        #expect(run.value("n") == .int(9))
        try run.send("go", ["big": .bool(false)])
        #expect(run.value("n") == .int(1))
    }

    @Test("event parameters in guards and actions; enum parameters convert by name")
    func parameters() throws {
        let run = try Scenario(fixture: "semantics/event-parameters")
        try run.send("setVolume", ["to": .int(5)])
        #expect(!run.handled)
        try run.send("setVolume", ["to": .int(7)])
        #expect(run.value("volume") == .int(7))
        try run.send("setMode", ["to": .enumCase("auto")])
        #expect(run.value("mode") == .enumCase("auto"))
        #expect(throws: EngineError.self) { try run.send("setMode", ["to": .enumCase("off")]) }
        #expect(run.value("mode") == .enumCase("auto"))
    }

    @Test("a wildcard matches every event; its key order against the event's own key decides")
    func wildcard() throws {
        for (event, leaf) in [("known", "viaKnown"), ("other", "viaStar"), ("late", "viaStar")] {
            let run = try Scenario(fixture: "semantics/wildcard")
            try run.send(event)
            #expect(run.leaves == [leaf], "\(event)")
        }
    }

    @Test("else is taken when no earlier transition of its list is enabled")
    func elseGuard() throws {
        for (value, leaf) in [(1, "one"), (2, "two"), (5, "other")] {
            let run = try Scenario(fixture: "semantics/else-guard")
            try run.send("set", ["to": .int(value)])
            try run.send("check")
            #expect(run.leaves == [leaf])
        }
    }

    @Test("a choice is left through the first branch that holds")
    func choice() throws {
        for (level, leaf) in [(7, "high"), (4, "middle"), (1, "low")] {
            let run = try Scenario(fixture: "semantics/choice")
            let log = try run.send("set", ["to": .int(level)])
            #expect(log == ["exit idle", "level = \(level)", "enter route", "exit route", "enter \(leaf)"])
        }
    }

    @Test("opaque guards: the choice sequence decides")
    func opaqueGuard() throws {
        let yes = try Scenario(fixture: "semantics/opaque-guard")
        try yes.send("play", choices: [1])
        #expect(yes.leaves == ["playing"])
        let no = try Scenario(fixture: "semantics/opaque-guard")
        try no.send("play", choices: [0])
        #expect(no.leaves == ["buffering"])
    }

    @Test("an opaque guard has one outcome per selection: one choice for every transition it guards")
    func opaqueGuardAskedOnce() throws {
        let both = try Scenario(fixture: "semantics/opaque-guard-asked-once")
        // A second value would be drawn for the right region's guard if each transition asked on its own.
        try both.send("go", choices: [1, 0])
        #expect(both.leaves == ["lights/left/leftLit", "lights/right/rightLit"])
        let neither = try Scenario(fixture: "semantics/opaque-guard-asked-once")
        try neither.send("go", choices: [0, 1])
        #expect(neither.leaves == ["lights/left/leftDark", "lights/right/rightDark"])
        // Both regions reach the parallel state's `leave`: ?open is asked once.
        let stays = try Scenario(fixture: "semantics/opaque-guard-asked-once")
        try stays.send("leave", choices: [0, 1])
        #expect(stays.leaves == ["lights/left/leftDark", "lights/right/rightDark"])
    }

    @Test("oneOf: the choice sequence picks the target; the first by default")
    func oneOf() throws {
        let first = try Scenario(fixture: "semantics/one-of")
        try first.send("finish")
        #expect(first.leaves == ["complete"])
        let second = try Scenario(fixture: "semantics/one-of")
        try second.send("finish", choices: [1])
        #expect(second.leaves == ["failed"])
        #expect(second.last.state != first.last.state)
    }

    @Test("the step is a pure function: the same state, event and choices give the same result")
    func purity() throws {
        let machine = try Machine(try Fixtures.spec("tbstatemachine"))
        let start = try machine.initialState().state
        let event = try machine.eventInstance("transition_15")
        let a = try machine.step(start, event, recordingMicrosteps: true)
        let b = try machine.step(start, event, recordingMicrosteps: true)
        #expect(a == b)
        #expect(try machine.step(start, event).state == a.state)
    }
}
