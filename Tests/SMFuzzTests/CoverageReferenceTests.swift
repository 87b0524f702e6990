import SMBuilder
import SMEngine
import SMFuzz
import SMSpec
import SMTestSupport
import Testing

@Suite("Coverage against what can happen")
struct CoverageReferenceTests {
    @Test("every spec in Specs/: a seeded campaign reaches every state, transition and guard outcome the exploration reaches")
    func specsReachEverything() throws {
        let paths = try Fixtures.allSpecPaths
        try #require(!paths.isEmpty, "no specs in \(Fixtures.specsDirectory.path)")
        for path in paths {
            let machine = try Machine(try Spec.load(path: path))
            let result = Fuzzer(machine: machine, configuration: FuzzConfiguration(runs: 200, length: 100, seed: 1)).run()
            let name = Fixtures.relative(path)
            #expect(
                result.reference?.reachableTransitions != nil,
                "\(name): the exploration did not finish: \(result.reference?.explorationNote ?? "no reference")")
            if let failure = result.failure {
                // A campaign stops at its first failure; only the deliberately broken specs may fail.
                #expect(name.hasPrefix("Specs/defects/"), "\(name): \(failure.failure.message)")
                continue
            }
            let summary = result.coverageSummary
            #expect(
                summary.missedStates.isEmpty && summary.missedTransitions.isEmpty && summary.missedGuardOutcomes.isEmpty,
                "\(name): \(summary.missedStates + summary.missedTransitions + summary.missedGuardOutcomes)")
            #expect(summary.coveredTransitions == summary.totalTransitions && summary.coveredStates == summary.totalStates)
        }
    }

    @Test("what cannot happen is not counted: an unreachable state and transition, the false of a complementary guard")
    func exclusions() throws {
        let spec = Spec("exclusions") {
            Variable("ticks", .int(min: 0, max: 9))
            Events("tick", "go")
            StateNode("counting") {
                On("tick", guard: "ticks < 5") { Assign("ticks", "ticks + 1") }
                On("tick", to: "done", guard: "ticks >= 5")
            }
            StateNode("done")
            StateNode("island") { On("go", to: "done") }
        }
        let machine = try Machine(spec)
        let result = Fuzzer(machine: machine, configuration: FuzzConfiguration(runs: 50, length: 20, seed: 1)).run()
        #expect(result.reference?.reachableStates != nil, "the exploration did not finish: \(result.reference?.explorationNote ?? "")")
        let summary = result.coverageSummary
        #expect(
            summary.excluded == [
                "state island (the exploration never reaches it)",
                "island --go--> done (the exploration never reaches it)",
                "false: counting --tick [ticks >= 5]--> done (impossible where the guard is evaluated, by \(BuildTraits.guardProver))",
            ])
        #expect(summary.missedGuardOutcomes.isEmpty)
        #expect((summary.coveredStates, summary.totalStates, summary.states.count) == (2, 2, 3))
        #expect((summary.coveredTransitions, summary.totalTransitions) == (2, 2))
        #expect((summary.coveredGuardOutcomes, summary.totalGuardOutcomes) == (3, 3))
    }

    @Test("without exploration everything is counted, and the structure still rules out the complement's false")
    func withoutExploration() throws {
        var configuration = FuzzConfiguration(runs: 50, length: 20, seed: 1)
        configuration.explorationLimit = 0
        let machine = try Machine(try Fixtures.spec("defects/sm001-unreachable-state"))
        let result = Fuzzer(machine: machine, configuration: configuration).run()
        #expect(result.reference?.reachableStates == nil)
        #expect(result.coverageSummary.missedStates == ["archived"])
    }

    @Test("a failure the exploration also finds gets its shortest trace when shrinking stops at a longer 1-minimal one")
    func shortestTrace() throws {
        let machine = try Machine(try Fixtures.fixture("fuzz/shortcut"))
        // Seed 1 finds the long way (a, a, b), from which no event can be removed.
        let result = Fuzzer(machine: machine, configuration: FuzzConfiguration(runs: 10, length: 10, seed: 1)).run()
        let failure = try #require(result.failure)
        #expect(failure.shrunkSteps == 3)
        #expect(failure.isFromExploration)
        #expect(failure.trace.map { machine.describe($0.event) } == ["jump", "b"])
        #expect(failure.failure.signature == "invariant:0")
        #expect(Fuzzer(machine: machine).replay(failure.trace)?.signature == "invariant:0")
        var unexplored = FuzzConfiguration(runs: 10, length: 10, seed: 1)
        unexplored.explorationLimit = 0
        let shrunkOnly = try #require(Fuzzer(machine: machine, configuration: unexplored).run().failure)
        #expect(shrunkOnly.trace.map { machine.describe($0.event) } == ["a", "a", "b"])
        #expect(!shrunkOnly.isFromExploration)
    }
}
