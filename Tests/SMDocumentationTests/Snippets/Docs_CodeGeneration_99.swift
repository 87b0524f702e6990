// Generated from Docs/CodeGeneration.md (the Swift block at line 99); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file
import SMSpec
import SMTesting
import Testing

@Test func rocketBehavesAsItsSpec() throws {
    assertConformance(Rocket.self, to: try Spec.load(path: "Specs/rocket.json"), seed: 1)
}

func snippet_Docs_CodeGeneration_99() throws {
}
