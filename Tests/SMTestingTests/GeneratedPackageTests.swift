import Foundation
import SMEngine
import SMFuzz
import SMReport
import SMSpec
import SMTestSupport
import SMTesting
import Testing

/// Generated tests, pasted into the `DependentPackage` (which depends on this one by path): they compile, fail on the
/// bugs they were made from, and the conformance one passes once the implementation is fixed.
@Suite("A pasted generated test")
struct GeneratedPackageTests {
    @Test("compiles; fails on the buggy code and specs; the conformance test passes once the rocket is fixed")
    func pastedTests() throws {
        // Two builds and two test runs: a hung `swift` fails the run rather than holding it. The watch starts once
        // the package is this test's, so the time another test holds it does not count.
        try DependentPackage.exclusively { try failingIfStuck(after: .seconds(20 * 60)) { try buildAndTestPastedPackage() } }
    }

    private func buildAndTestPastedPackage() throws {
        do {
            // The rockets of the test support in a module of the same name, so the generated tests'
            // `SMTestSupport.EarlyRocket` is the same code.
            let rockets = try Fixtures.text("Tests/SMTestSupport/Rockets.swift")
            try DependentPackage.write("Sources/SMTestSupport/Rockets.swift", rockets)
            // The property the generated property test names, where a user's would be: in the test target.
            let tests =
                try Self.generatedTests() + [
                    (
                        "Properties",
                        """
                        import SMFuzz

                        let closeCloses = Property("close closes") { $0.lastEvent != "close" || !$0.isActive("open") }

                        """
                    )
                ]
            for (name, source) in tests { try DependentPackage.write("Tests/GeneratedTests/\(name).swift", source) }
            let testDirectory = DependentPackage.root.appendingPathComponent("Tests/GeneratedTests")
            for stale in try FileManager.default.contentsOfDirectory(atPath: testDirectory.path)
            where !tests.contains(where: { $0.0 + ".swift" == stale }) {
                try FileManager.default.removeItem(at: testDirectory.appendingPathComponent(stale))
            }
            try DependentPackage.writeManifest()

            let build = try DependentPackage.build(product: DependentPackage.testProduct)
            try #require(build.status == 0, "the generated tests do not build:\n\(build.standardOutput)")
            let buggy = try DependentPackage.swift(["test", "--skip-build"])
            #expect(buggy.status != 0, "the generated tests pass on the bugs they were made from")
            let log = buggy.standardOutput + buggy.standardError
            for failure in [
                "it is in launch where the spec is in countdown", "Rocket: not linearizable",
                "range violation: 'count' cannot be 6", "property 'close closes' does not hold in open",
            ] {
                #expect(log.contains(failure), "\(failure) is not in:\n\(log)")
            }

            // The fix: the early rocket launches at zero like the article's.
            let fixed = rockets.replacingOccurrences(
                of: "var controller = RocketController(launchesAt: 1)",
                with: "var controller = RocketController(launchesAt: 0)")
            try #require(fixed != rockets, "the early rocket's bug is not where this test expects it")
            try DependentPackage.write("Sources/SMTestSupport/Rockets.swift", fixed)
            let rebuilt = try DependentPackage.build(product: DependentPackage.testProduct)
            try #require(rebuilt.status == 0, "\(rebuilt.standardOutput)")
            let passing = try DependentPackage.swift(["test", "--skip-build", "--filter", "earlyRocketConformsToRocket"])
            #expect(
                passing.status == 0, "the generated test fails on the fixed rocket:\n\(passing.standardOutput)\n\(passing.standardError)")
            #expect(passing.standardOutput.contains("earlyRocketConformsToRocket"))
        }
    }

    /// One generated test of each kind, from failures found here: a divergence, a linearizability failure, an engine
    /// error and a property.
    static func generatedTests() throws -> [(String, String)] {
        let rocket = try Fixtures.spec("rocket")
        let rocketMachine = try Machine(rocket)
        let early = try #require(
            Fuzzer(
                machine: rocketMachine, configuration: FuzzConfiguration(runs: 300, length: 60, seed: 2024),
                implementation: { EarlyRocket() }
            ).run().failure)
        let racy = try #require(
            LinearizabilityTester(
                machine: rocketMachine, configuration: LinearizabilityConfiguration(seed: 1),
                make: { RacyRocket(spec: rocket) }
            ).run().failure)
        let counter = try Fixtures.fixture("fuzz/off-by-one")
        let counterMachine = try Machine(counter)
        let range = try #require(Fuzzer(machine: counterMachine, configuration: FuzzConfiguration(seed: 7)).run().failure)
        let door = try Fixtures.fixture("fuzz/missing-transition")
        let doorMachine = try Machine(door)
        let closes = Property("close closes") { $0.lastEvent != "close" || !$0.isActive("open") }
        let property = try #require(
            Fuzzer(machine: doorMachine, configuration: FuzzConfiguration(seed: 7, properties: [closes])).run().failure)
        return [
            (
                "Conformance",
                SwiftTestSource.fuzz(early, machine: rocketMachine, spec: rocket, implementation: String(reflecting: EarlyRocket.self))
            ),
            (
                "Linearizability",
                SwiftTestSource.linearizability(
                    racy, machine: rocketMachine, spec: rocket,
                    implementation: String(reflecting: RacyRocket.self))
            ),
            ("EngineError", SwiftTestSource.fuzz(range, machine: counterMachine, spec: counter)),
            ("Property", SwiftTestSource.fuzz(property, machine: doorMachine, spec: door)),
        ]
    }
}
