// Generated from Docs/Fuzzing.md (the Swift block at line 217); do not edit.
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

func snippet_Docs_Fuzzing_217() throws {
    let machine = try Machine(try Spec.load(path: "Specs/rocket.json"))
    let result = Fuzzer(machine: machine, configuration: FuzzConfiguration(runs: 200, length: 100, seed: 1),
                        conformance: MyRocket.self).run()
    if let failure = result.failure {
        print(failure.failure.message)
        // The trace's events are numbered; the machine names them (with their arguments).
        print(failure.trace.map { machine.describe($0.event) })   // ["fire", "tick", ...]
    }
}
