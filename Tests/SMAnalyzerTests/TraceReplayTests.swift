import SMAnalyzer
@_spi(Stepping) import SMEngine
import SMSolver
import SMSpec
import SMTestSupport
import Testing

/// Every trace the analyzer reports, fed to the engine, shows what the finding says.
@Suite("Every reported trace replays")
struct TraceReplayTests {
    /// Specs with findings that have traces: each must report at least one (so no case passes without checking).
    static var specs: [String] {
        [
            "sm002-infinite-loop", "sm004-nondeterministic-guards", "sm006-invariant-violation", "sm007-deadlock",
            "sm008-incomplete-choice", "sm009-range-violation", "sm011-queue-overflow",
        ]
        .map { Fixtures.specsDirectory.appendingPathComponent("defects/" + $0 + ".json").path }
            + [
                "semantics/loop-cap", "semantics/choice-incomplete", "semantics/queue-overflow", "semantics/range-violation",
                "symbolic/vault-combination",
            ]
            .map { Fixtures.fixturesDirectory.appendingPathComponent($0 + ".json").path }
    }

    /// How the runs are checked: exploration, a bitstate search (depth first: its traces are paths, not the
    /// shortest), or symbolic verification.
    enum Search: String, CaseIterable, Sendable { case exploration, bitstate, symbolic }

    /// Every search with Z3; without it, the searches of the runs on the specs they can explore.
    static let cases: [(String, Search)] = specs.flatMap { path in Search.allCases.map { (path, $0) } }
        .filter { Z3Library.isAvailable || ($0.1 != .symbolic && !$0.0.contains("/symbolic/")) }

    @Test(
        "traces lead to the reported configuration or failure, by exploration, bitstate search and symbolic verification",
        arguments: cases)
    func replay(path: String, search: Search) throws {
        let spec = try Spec.load(path: path)
        var options = AnalysisOptions()
        switch search {
        case .exploration: options.method = .exploration
        case .symbolic: options.method = .symbolic
        case .bitstate:
            options.method = .exploration
            options.exploration.bitstateBytes = 1 << 20
            options.exploration.searchSeed = 3
        }
        if path.contains("/symbolic/") { options.method = .symbolic }
        let result = try Analyzer.analyze(spec, options: options)
        #expect(result.findings.contains { $0.trace != nil }, "\(path) has findings with traces")
        let machine = result.machine
        for finding in result.findings {
            guard let trace = finding.trace else { continue }
            var state = try machine.initialState().state
            switch finding.code {
            case .infiniteLoop, .incompleteChoice, .rangeViolation, .queueOverflow:
                for step in trace.dropLast() { state = try machine.step(state, step.event, choices: ChoiceSequence(step.choices)).state }
                let last = try #require(trace.last)
                do {
                    _ = try machine.step(state, last.event, choices: ChoiceSequence(last.choices))
                    Issue.record("\(finding.code.rawValue): the last step of the trace did not fail")
                } catch {
                    let code: FindingCode =
                        switch error.kind {
                        case .infiniteLoop: .infiniteLoop
                        case .incompleteChoice: .incompleteChoice
                        case .queueOverflow: .queueOverflow
                        default: .rangeViolation
                        }
                    #expect(code == finding.code)
                }
            case .nondeterministicGuards:
                for step in trace.dropLast() { state = try machine.step(state, step.event, choices: ChoiceSequence(step.choices)).state }
                let context = StepContext(machine: machine)
                context.load(state)
                context.recorder = CoverageRecorder(machine: machine, checksOverlaps: true)
                let last = try #require(trace.last)
                context.choices = ChoiceSequence(last.choices)
                _ = try? context.process(last.event)
                #expect(context.recorder!.overlaps.contains { [$0.first, $0.second] == finding.transitions })
            default:
                for step in trace { state = try machine.step(state, step.event, choices: ChoiceSequence(step.choices)).state }
                #expect(machine.activeLeafPaths(state.configuration) == finding.states, "\(finding.code.rawValue) \(finding.message)")
                #expect(machine.variableValues(state.variables).map { WitnessValue($0.name, $0.value) } == finding.witness)
                if finding.code == .invariantViolated {
                    let context = StepContext(machine: machine)
                    context.load(state)
                    #expect(machine.spec.invariants.indices.contains { !context.invariantHolds($0) })
                }
            }
        }
    }
}
