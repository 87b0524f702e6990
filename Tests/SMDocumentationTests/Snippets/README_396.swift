// Generated from README.md (the Swift block at line 396); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file
import SMTesting
import Testing

@Test func rocketSpec() throws {
    let rocket = try Spec.load(path: "Specs/rocket.json")
    assertNoFindings(in: rocket)                                   // warnings and errors fail the test
    assertTrace(["fire", "tick", "tick", "tick", "tick", "tick"], in: rocket, endsIn: ["launch"])
    assertFuzzingPasses(rocket, seed: 1)                           // engine errors, invariants, your properties
    assertConformance(MyRocket.self, to: rocket, seed: 1)          // your implementation against the spec
}

func snippet_README_396() throws {
}
