import SMAnalyzer
import SMFuzz
import SMSpec
import SMTestSupport
import SMTesting
import Testing

/// The assertions inside a Swift Testing test pass on good specs and record the `smcheck` message as an issue, at
/// the caller, on bad ones.
@Suite("Assertions in Swift Testing")
struct AssertionsInSwiftTestingTests {
    @Test("assertNoFindings passes on the rocket and records SM001 with its place on the unreachable-state defect")
    func noFindings() throws {
        assertNoFindings(in: try Fixtures.spec("rocket"))
        let defect = try Fixtures.spec("defects/sm001-unreachable-state")
        withKnownIssue {
            assertNoFindings(in: defect)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [
                "  warning SM001 state 'archived' is unreachable: no sequence of events enters it, not even for a moment\n"
                    + "    at \(defect.file!):9:5 (/states/archived)"
            ]
        }
        assertNoFindings(in: defect, ignoring: [.unreachableState])
        assertNoFindings(in: defect, severity: .error)
    }

    @Test("the failure is recorded at the line of the call")
    func callerLocation() throws {
        let defect = try Fixtures.spec("defects/sm001-unreachable-state")
        let line = #line + 2
        withKnownIssue {
            assertNoFindings(in: defect)
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
        }
    }

    @Test("an exploration stopped by a limit fails instead of passing quietly")
    func incompleteExploration() throws {
        var options = AnalysisOptions()
        options.method = .exploration
        options.exploration.maximumStates = 3
        let failures = SpecChecks.findings(in: try Fixtures.spec("rocket"), options: options)
        #expect(
            failures.contains {
                $0.contains(
                    "rocket.json: incomplete, so passing would claim more than was checked; not checked:\n  SM001, SM002, SM004–SM012, SM014: stopped after 3 configurations"
                )
            }, "\(failures)")
    }

    @Test("assertTrace follows the rocket to launch, and names what is active when the expectation is wrong")
    func trace() throws {
        let rocket = try Fixtures.spec("rocket")
        let toLaunch: [SentEvent] = ["fire"] + Array(repeating: "tick", count: 5)
        assertTrace(toLaunch, in: rocket, endsIn: ["launch"])
        #expect(
            SpecChecks.trace(["fire", "tick"], in: rocket, endsIn: ["launch"])
                == ["Rocket: after fire, tick: expected 'launch' to be active; active: countdown"])
        #expect(
            SpecChecks.trace([], in: rocket, endsIn: ["standbye"])
                == ["Rocket: no state is named 'standbye'; did you mean 'standby'?"])
        #expect(
            SpecChecks.trace(["launch!"], in: rocket, endsIn: [])
                == ["Rocket: after launch!: unknown event 'launch!'"])
    }

    @Test("events with arguments: a value outside the parameter's domain is reported with the event")
    func traceWithArguments() throws {
        let spec = try Fixtures.spec("defects/sm004-nondeterministic-guards")
        assertTrace([SentEvent("set", ["to": .int(3)]), "check"], in: spec, endsIn: ["low"])
        assertTrace([SentEvent("set", ["to": .int(7)]), "check"], in: spec, endsIn: ["high"])
        let failures = SpecChecks.trace([SentEvent("set", ["to": .int(99)])], in: spec, endsIn: [])
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("SM004 nondeterministic guards: after set: ") == true, "\(failures)")
    }

    @Test("assertConformance passes the article's rocket and shrinks the early launch to fire and four ticks")
    func conformance() throws {
        let rocket = try Fixtures.spec("rocket")
        assertConformance(CorrectRocket.self, to: rocket, seed: 2024, runs: 300, length: 60)
        let failures = SpecChecks.fuzz(
            rocket, configuration: FuzzConfiguration(runs: 300, length: 60, seed: 2024),
            implementation: { EarlyRocket() })
        #expect(failures.count == 1)
        let message = try #require(failures.first)
        #expect(
            message.contains(
                "failed: after 5 events the implementation disagrees with the spec: it is in launch where the spec is in countdown"))
        #expect(message.contains("shrunk to 5 events"))
        withKnownIssue {
            assertConformance(EarlyRocket.self, to: rocket, seed: 2024, runs: 300, length: 60)
        } matching: { issue in
            issue.comments.first?.rawValue.contains("it is in launch where the spec is in countdown") == true
        }
    }

    @Test("the suggested test imports the implementation's module, unless it is the test's own (where it is pasted)")
    func suggestedTestImports() throws {
        let rocket = try Fixtures.spec("rocket")
        withKnownIssue {
            assertConformance(EarlyRocket.self, to: rocket, seed: 2024, runs: 300, length: 60)
        } matching: { issue in
            let message = issue.comments.first?.rawValue ?? ""
            return message.contains("import SMTestSupport\n")
                && message.contains("assertConformance(SMTestSupport.EarlyRocket.self, to: spec")
        }
        withKnownIssue {
            assertConformance(LocalEarlyRocket.self, to: rocket, seed: 2024, runs: 300, length: 60)
        } matching: { issue in
            let message = issue.comments.first?.rawValue ?? ""
            return !message.contains("import SMTestingTests") && message.contains("assertConformance(LocalEarlyRocket.self, to: spec")
        }
    }

    @Test("assertFuzzingPasses checks Swift properties and records the shrunk trace that breaks one")
    func fuzzing() throws {
        let rocket = try Fixtures.spec("rocket")
        assertFuzzingPasses(rocket, seed: 7)
        let neverLaunches = Property("never launches") { !$0.isActive("launch") }
        let failures = SpecChecks.fuzz(
            rocket, configuration: FuzzConfiguration(runs: 100, length: 50, seed: 7, properties: [neverLaunches]))
        let message = try #require(failures.first)
        #expect(message.contains("never launches"))
        #expect(message.contains("shrunk to 6 events"))
    }
}

@Suite("The README's assertions example")
struct ReadmeAssertionsExampleTests {
    @Test("the four expectations of README.md pass on the rocket with the article's implementation")
    func rocketSpec() throws {
        // As in README.md, "Assertions for your tests", with CorrectRocket for MyRocket.
        let rocket = try Fixtures.spec("rocket")
        assertNoFindings(in: rocket)
        assertTrace(["fire", "tick", "tick", "tick", "tick", "tick"], in: rocket, endsIn: ["launch"])
        assertFuzzingPasses(rocket, seed: 1)
        assertConformance(CorrectRocket.self, to: rocket, seed: 1)
    }
}

/// The early rocket declared in this test module, as a user's own implementation is.
struct LocalEarlyRocket: StateMachineImplementation {
    var rocket = EarlyRocket()
    mutating func handle(_ event: String, _ arguments: [String: Value]) throws { try rocket.handle(event, arguments) }
    var observation: ObservedState { rocket.observation }
}
