import SMEngine
import SMFuzz
import SMSpec
import SMTestSupport
import Testing

@Suite("An implementation told the choices the fuzzer drew")
struct ChoiceReplayTests {
    /// The opaque-guard fixture by hand: `play` goes to playing when `?canPlay` holds, else to buffering.
    struct Player: StateMachineImplementation {
        var state = "paused"
        /// Whether `handle` uses the draws (a correct host) or assumes the stream is always ready.
        var usesChoices = true

        mutating func handle(_ event: String, _ arguments: [String: Value]) throws {
            try handle(event, arguments, choices: [])
        }

        mutating func handle(_ event: String, _ arguments: [String: Value], choices: [Int]) throws {
            guard event == "play", state == "paused" else { return }
            let canPlay = usesChoices ? choices.first == 1 : true
            state = canPlay ? "playing" : "buffering"
        }

        var observation: ObservedState { ObservedState(states: [state]) }
    }

    struct AlwaysReady: StateMachineImplementation {
        var player = Player(usesChoices: false)
        mutating func handle(_ event: String, _ arguments: [String: Value]) throws { try player.handle(event, arguments) }
        var observation: ObservedState { player.observation }
    }

    @Test("an implementation that replays the draws conforms on both outcomes of the opaque guard")
    func replayingConforms() throws {
        let machine = try Machine(try Fixtures.fixture("semantics/opaque-guard"))
        let result = Fuzzer(machine: machine, configuration: FuzzConfiguration(runs: 50, length: 20, seed: 3), conformance: Player.self)
            .run()
        #expect(result.failure == nil, "\(result.failure?.failure.message ?? "")")
        #expect(result.coverage.guardOutcomes.contains(3), "the guard was seen both true and false")
    }

    @Test("one that ignores them is caught where the guard was drawn false")
    func ignoringDiverges() throws {
        let machine = try Machine(try Fixtures.fixture("semantics/opaque-guard"))
        let result = Fuzzer(
            machine: machine, configuration: FuzzConfiguration(runs: 50, length: 20, seed: 3), conformance: AlwaysReady.self
        ).run()
        let failure = try #require(result.failure)
        #expect(failure.failure.kind == .divergence)
        #expect(failure.trace.map(\.choices) == [[0]])
        #expect(
            failure.failure.message
                == "after 1 event the implementation disagrees with the spec: it is in playing where the spec is in buffering")
    }
}
