import SMEngine
import SMFuzz
import SMSpec
import SMTestSupport
import Testing

@Suite("Model-based testing of a hand-written implementation")
struct ConformanceTests {
    static let configuration = FuzzConfiguration(runs: 300, length: 60, seed: 2024)

    @Test("the correct hand-written rocket conforms to Specs/rocket.json")
    func correctRocketPasses() throws {
        let machine = try Machine(try Fixtures.spec("rocket"))
        let result = Fuzzer(machine: machine, configuration: Self.configuration, conformance: CorrectRocket.self).run()
        #expect(result.failure == nil, "\(result.failure?.failure.message ?? "")")
        #expect(result.runs == 300)
        #expect(result.coverage.takenTransitions.allSatisfy { $0 })
    }

    @Test("the rocket that launches a tick early is caught, and the divergence shrunk to fire and four ticks")
    func earlyRocketFails() throws {
        let machine = try Machine(try Fixtures.spec("rocket"))
        let result = Fuzzer(machine: machine, configuration: Self.configuration, conformance: EarlyRocket.self).run()
        let failure = try #require(result.failure)
        #expect(failure.failure.kind == .divergence)
        #expect(failure.trace.map { machine.describe($0.event) } == ["fire", "tick", "tick", "tick", "tick"])
        #expect(
            failure.failure.message
                == "after 5 events the implementation disagrees with the spec: it is in launch where the spec is in countdown; its 'abortEnabled' is false where the spec's is true"
        )
    }

    @Test("an implementation reporting a state the spec does not have is told so")
    func unknownStates() throws {
        struct Confused: StateMachineImplementation {
            mutating func handle(_ event: String, _ arguments: [String: Value]) throws {}
            var observation: ObservedState { ObservedState(states: ["standbye"]) }
        }
        let machine = try Machine(try Fixtures.spec("rocket"))
        let result = Fuzzer(machine: machine, configuration: FuzzConfiguration(runs: 1, length: 1), conformance: Confused.self).run()
        #expect(
            result.failure?.failure.message.hasPrefix(
                "after 0 events the implementation disagrees with the spec: it reports states the spec does not have: standbye") == true)
    }
}
