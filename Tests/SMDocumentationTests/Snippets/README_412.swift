// Generated from README.md (the Swift block at line 412); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file
import SMTesting
import XCTest

final class RocketSpecTests: XCTestCase {
    func testRocketSpec() throws {
        let rocket = try Spec.load(path: "Specs/rocket.json")
        assertNoFindings(in: rocket)
        assertTrace(["fire", "tick", "tick", "tick", "tick", "tick"], in: rocket, endsIn: ["launch"])
        assertConformance(MyRocket.self, to: rocket, seed: 1)
    }
}

func snippet_README_412() throws {
}
