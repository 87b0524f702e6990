// Generated from README.md (the Swift block at line 380); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file
import SMFuzz

func snippet_README_380() throws {
    // MyRocket: your hand-written rocket, conforming to StateMachineImplementation (see Docs/Fuzzing.md).
    let result = Fuzzer(machine: try Machine(try Spec.load(path: "Specs/rocket.json")),
                        configuration: FuzzConfiguration(runs: 200, length: 100, seed: 1),
                        conformance: MyRocket.self).run()
    print(result.failure?.failure.message ?? "MyRocket behaves as the spec says")
}
