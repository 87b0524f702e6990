// Generated from Docs/Fuzzing.md (the Swift block at line 203); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file
import SMFuzz

struct MyRocket: StateMachineImplementation {
    var controller = RocketController()
    mutating func handle(_ event: String, _ arguments: [String: Value]) throws { controller.handle(event) }
    var observation: ObservedState {
        ObservedState(states: [controller.state.rawValue], variables: ["countDown": .int(controller.countDown)])
    }
}

func snippet_Docs_Fuzzing_203() throws {
    let result = Fuzzer(machine: try Machine(try Spec.load(path: "Specs/rocket.json")),
                        configuration: FuzzConfiguration(runs: 200, length: 100, seed: 1),
                        conformance: MyRocket.self).run()
    if let failure = result.failure { print(failure.failure.message, failure.trace) }
}
