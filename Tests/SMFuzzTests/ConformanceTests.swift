import SMEngine
import SMFuzz
import SMSpec
import SMTestSupport
import Testing

/// The rocket controller of the seed article, written by hand as the article does: a state enum whose didSet sets
/// the buttons and the countdown, and event handlers that change the state.
struct RocketController {
    enum State: String { case standby, countdown, launch }

    /// At which count the rocket launches; the article launches at 0.
    let launchesAt: Int
    private(set) var countDown = 5
    private(set) var fireEnabled = true
    private(set) var abortEnabled = false
    private(set) var currentState: State = .standby {
        didSet {
            switch currentState {
            case .standby:
                countDown = 5
                fireEnabled = true
                abortEnabled = false
            case .countdown:
                countDown = 5
                fireEnabled = false
                abortEnabled = true
            case .launch:
                fireEnabled = false
                abortEnabled = false
            }
        }
    }

    init(launchesAt: Int) { self.launchesAt = launchesAt }

    mutating func handle(_ event: String) {
        switch (currentState, event) {
        case (.standby, "fire"): currentState = .countdown
        case (.countdown, "abort"): currentState = .standby
        case (.countdown, "tick"):
            countDown -= 1
            if countDown == launchesAt { currentState = .launch }
        case (.launch, "landing"): currentState = .standby
        default: break
        }
    }

    var observation: Observation {
        Observation(states: [currentState.rawValue], variables: [
            "countDown": .int(countDown), "fireEnabled": .bool(fireEnabled), "abortEnabled": .bool(abortEnabled),
        ])
    }
}

struct CorrectRocket: StateMachineImplementation {
    var controller = RocketController(launchesAt: 0)
    mutating func handle(_ event: String, _ arguments: [String: Value]) throws { controller.handle(event) }
    var observation: Observation { controller.observation }
}

/// Planted bug: launches one tick early.
struct EarlyRocket: StateMachineImplementation {
    var controller = RocketController(launchesAt: 1)
    mutating func handle(_ event: String, _ arguments: [String: Value]) throws { controller.handle(event) }
    var observation: Observation { controller.observation }
}

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
        #expect(failure.failure.message == "after 5 event(s) the implementation disagrees with the spec: it is in launch where the spec is in countdown; its 'abortEnabled' is false where the spec's is true; its 'countDown' is 1 where the spec's is 1".replacingOccurrences(of: "; its 'countDown' is 1 where the spec's is 1", with: ""))
    }

    @Test("an implementation reporting a state the spec does not have is told so")
    func unknownStates() throws {
        struct Confused: StateMachineImplementation {
            mutating func handle(_ event: String, _ arguments: [String: Value]) throws {}
            var observation: Observation { Observation(states: ["standbye"]) }
        }
        let machine = try Machine(try Fixtures.spec("rocket"))
        let result = Fuzzer(machine: machine, configuration: FuzzConfiguration(runs: 1, length: 1), conformance: Confused.self).run()
        #expect(result.failure?.failure.message.hasPrefix("after 0 event(s) the implementation disagrees with the spec: it reports states the spec does not have: standbye") == true)
    }
}
