import SMEngine
import SMFuzz
import SMSpec
import SMTestSupport
import SMTesting
import Testing

/// Failures found by fuzzing come with a Swift test that replays them; the replaying forms it calls pass and fail
/// as the original check does.
@Suite("Failures as Swift tests")
struct GeneratedTestTests {
    static let rocket = try! Fixtures.spec("rocket")

    @Test("a conformance failure's message ends with a test that replays the shrunk trace")
    func conformanceMessage() throws {
        let failures = SpecChecks.fuzz(
            Self.rocket, configuration: FuzzConfiguration(runs: 300, length: 60, seed: 2024),
            implementation: { EarlyRocket() }, implementationName: String(reflecting: EarlyRocket.self))
        let message = try #require(failures.first)
        let path = try #require(Self.rocket.file)
        #expect(
            message.hasSuffix(
                """
                  a test that fails until this is fixed:

                import SMSpec
                import SMTestSupport
                import SMTesting
                import Testing

                // smcheck fuzz found this (run 2): after 5 events the implementation disagrees with the spec: it is in launch where the spec is in countdown; its 'abortEnabled' is false where the spec's is true
                @Test func earlyRocketConformsToRocket() throws {
                    let spec = try Spec.load(path: "\(path)")
                    assertConformance(SMTestSupport.EarlyRocket.self, to: spec, replaying: ["fire", "tick", "tick", "tick", "tick"])
                }

                """), "\(message)")
    }

    @Test("the replaying forms: conformance on exactly these events, fuzzing checks on exactly these events")
    func replaying() throws {
        let trace: [SentEvent] = ["fire", "tick", "tick", "tick", "tick"]
        assertConformance(CorrectRocket.self, to: Self.rocket, replaying: trace)
        #expect(
            SpecChecks.replay(trace, in: Self.rocket, implementation: { EarlyRocket() }) == [
                "Rocket: after fire, tick, tick, tick, tick: after 5 events the implementation disagrees with the spec: it is in launch where the spec is in countdown; its 'abortEnabled' is false where the spec's is true"
            ])
        let neverLaunches = Property("never launches") { !$0.isActive("launch") }
        assertFuzzingPasses(Self.rocket, properties: [neverLaunches], replaying: trace)
        #expect(
            SpecChecks.replay(trace + ["tick"], in: Self.rocket, properties: [neverLaunches])
                == ["Rocket: after fire, tick, tick, tick, tick, tick: property 'never launches' does not hold in launch"])
    }

    @Test("assertTrace checks the invariants after every event")
    func traceInvariants() throws {
        let lock = try Fixtures.fixture("fuzz/combination-lock")
        #expect(
            SpecChecks.trace(["a", "b", "c", SentEvent("d", ["code": .int(5)])], in: lock, endsIn: [])
                == ["combination lock: after a, b, c, d: invariant 'stays locked' (!in(open)) is violated in lock/open"])
        assertTrace(["a", "b", "c", SentEvent("d", ["code": .int(4)])], in: lock, endsIn: ["s0"])
    }

    @Test("assertTrace takes the outcomes of opaque guards and oneOf targets, as traces record them")
    func traceChoices() throws {
        let opaque = try Fixtures.fixture("semantics/opaque-guard")
        assertTrace([SentEvent("play", choices: [1])], in: opaque, endsIn: ["playing"])
        assertTrace([SentEvent("play", choices: [0])], in: opaque, endsIn: ["buffering"])
        assertTrace(["play"], in: opaque, endsIn: ["buffering"])
        let oneOf = try Fixtures.fixture("semantics/one-of")
        assertTrace([SentEvent("finish", choices: [1])], in: oneOf, endsIn: ["failed"])
    }

    @Test("an engine error's test is assertTrace on the shrunk trace; a spec without a file is inlined")
    func engineErrorSource() throws {
        var spec = try Fixtures.fixture("fuzz/off-by-one")
        spec.file = nil
        let failures = SpecChecks.fuzz(spec, configuration: FuzzConfiguration(runs: 50, length: 50, seed: 7))
        let message = try #require(failures.first)
        #expect(
            message.contains(
                """
                @Test func offByOneGuardHasNoRangeViolation() throws {
                    let spec = try Spec.load(json: #\"\"\"
                {
                """))
        #expect(message.contains("assertTrace([\"inc\", \"inc\", \"inc\", \"inc\", \"inc\", \"inc\"], in: spec, endsIn: [])"))
    }

    @Test("assertLinearizable: the locked rocket and the engine pass, the racy rocket fails with its history and a test")
    func linearizable() throws {
        assertLinearizable(LockedRocket.self, to: Self.rocket, seed: 1, scenarios: 20)
        assertLinearizable(StateMachine.self, to: Self.rocket, seed: 1, scenarios: 20)
        let failures = SpecChecks.linearizability(
            Self.rocket, configuration: LinearizabilityConfiguration(seed: 1),
            make: { RacyRocket(spec: Self.rocket) }, implementationName: String(reflecting: RacyRocket.self))
        let message = try #require(failures.first)
        #expect(message.hasPrefix("Rocket: not linearizable: no order of the events explains what the implementation returned\n"))
        #expect(message.contains("  sent: fire, then at once: thread 1: tick | thread 2: tick\n"))
        #expect(
            message.contains(
                "thread 2: tick → countdown abortEnabled=true,countDown=4,fireEnabled=false: its 'countDown' is 4 where the spec's is 3")
                || message.contains(
                    "thread 1: tick → countdown abortEnabled=true,countDown=4,fireEnabled=false: its 'countDown' is 4 where the spec's is 3"
                ),
            "\(message)")
        #expect(
            message.contains(
                #"assertLinearizable(SMTestSupport.RacyRocket.self, to: spec, replaying: ["fire"], then: [["tick"], ["tick"]], executions: 1000)"#
            ))
        withKnownIssue {
            assertLinearizable(RacyRocket.self, to: Self.rocket, replaying: ["fire"], then: [["tick"], ["tick"]], executions: 200)
        } matching: { issue in
            issue.comments.first?.rawValue.contains("not linearizable") == true
        }
    }
}
