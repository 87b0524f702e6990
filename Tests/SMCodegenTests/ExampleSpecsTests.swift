import Foundation
import SMTestSupport
import Testing

/// Copies of seed specs that the SMCheckGenerate plugin reads (it takes `*.smcheck.json` in a target).
@Suite("Copies of the seed specs")
struct ExampleSpecsTests {
    @Test(
        "its specs are the seed specs they are named after, byte for byte",
        arguments: [
            ("Examples/RocketApp/Sources/RocketApp/rocket.smcheck.json", "Specs/rocket.json"),
            ("Examples/RocketApp/Sources/RocketApp/player.smcheck.json", "Specs/transitionkit-player.json"),
        ])
    func specsAreTheSeedSpecs(example: String, seed: String) throws {
        #expect(try Fixtures.text(example) == Fixtures.text(seed))
    }
}
