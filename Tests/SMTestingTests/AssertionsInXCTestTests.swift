import SMEngine
import SMFuzz
import SMSpec
import SMTestSupport
import SMTesting
import XCTest

/// The assertions inside an XCTest test, observed through `recordFailure`: they stay silent on good specs and fail, at the
/// caller's line, with `smcheck`'s message on bad ones.
final class AssertionsInXCTestTests: XCTestCase {
    private var captured: [(description: String, line: Int)] = []
    private var capturing = false

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            captured.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    /// The failures `body` records, instead of failing this test.
    private func failures(of body: () -> Void) -> [(description: String, line: Int)] {
        captured = []
        capturing = true
        body()
        capturing = false
        return captured
    }

    func testNoFindings() throws {
        let rocket = try Fixtures.spec("rocket")
        XCTAssertTrue(failures { assertNoFindings(in: rocket) }.isEmpty)
        let defect = try Fixtures.spec("defects/sm004-nondeterministic-guards")
        let line = #line + 1
        let recorded = failures { assertNoFindings(in: defect) }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertTrue(recorded.first?.description.contains("warning SM004") == true, recorded.first?.description ?? "")
    }

    func testTrace() throws {
        let rocket = try Fixtures.spec("rocket")
        XCTAssertTrue(failures { assertTrace(["fire", "abort"], in: rocket, endsIn: ["standby"]) }.isEmpty)
        let recorded = failures { assertTrace(["fire"], in: rocket, endsIn: ["standby"]) }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(
            recorded.first?.description.hasSuffix("Rocket: after fire: expected 'standby' to be active; active: countdown") == true,
            recorded.first?.description ?? "")
    }

    func testConformance() throws {
        let rocket = try Fixtures.spec("rocket")
        XCTAssertTrue(failures { assertConformance(CorrectRocket.self, to: rocket, seed: 2024, runs: 300, length: 60) }.isEmpty)
        let recorded = failures { assertConformance(EarlyRocket.self, to: rocket, seed: 2024, runs: 300, length: 60) }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertTrue(recorded.first?.description.contains("it is in launch where the spec is in countdown") == true)
    }

    func testLinearizable() throws {
        let rocket = try Fixtures.spec("rocket")
        XCTAssertTrue(failures { assertLinearizable(LockedRocket.self, to: rocket, seed: 1, scenarios: 20) }.isEmpty)
        XCTAssertTrue(failures { assertLinearizable(StateMachine.self, to: rocket, seed: 1, scenarios: 20) }.isEmpty)
        var line = 0
        let recorded = failures {
            // The line of the call, whatever the formatter does around it.
            line = #line + 1
            assertLinearizable(RacyRocket.self, to: rocket, replaying: ["fire"], then: [["tick"], ["tick"]], executions: 200)
        }
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertTrue(recorded.first?.description.contains("Rocket: not linearizable") == true, recorded.first?.description ?? "")
    }

    func testReplaying() throws {
        let rocket = try Fixtures.spec("rocket")
        let trace: [SentEvent] = ["fire", "tick", "tick", "tick", "tick"]
        XCTAssertTrue(failures { assertConformance(CorrectRocket.self, to: rocket, replaying: trace) }.isEmpty)
        XCTAssertEqual(failures { assertConformance(EarlyRocket.self, to: rocket, replaying: trace) }.count, 1)
        let neverLaunches = Property("never launches") { !$0.isActive("launch") }
        XCTAssertTrue(failures { assertFuzzingPasses(rocket, properties: [neverLaunches], replaying: trace) }.isEmpty)
        XCTAssertEqual(failures { assertFuzzingPasses(rocket, properties: [neverLaunches], replaying: trace + ["tick"]) }.count, 1)
    }

    func testFuzzingPasses() throws {
        let rocket = try Fixtures.spec("rocket")
        XCTAssertTrue(failures { assertFuzzingPasses(rocket, seed: 7) }.isEmpty)
    }
}
