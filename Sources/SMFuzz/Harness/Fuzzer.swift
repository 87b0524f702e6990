import SMAnalyzer
@_spi(Stepping) public import SMEngine
import SMSpec

/// Property-based testing of a machine: seeded random event sequences against the engine (and, when given, the
/// user's own implementation), failures shrunk to a minimal trace that replays exactly.
public final class Fuzzer {
    public let machine: Machine
    public let configuration: FuzzConfiguration
    let implementation: (@Sendable () -> any StateMachineImplementation)?
    /// Explored once, on first use, within `configuration.explorationLimit`.
    lazy var exploration: Exploration? = explore()

    public init(
        machine: Machine, configuration: FuzzConfiguration = FuzzConfiguration(),
        implementation: (@Sendable () -> any StateMachineImplementation)? = nil
    ) {
        self.machine = machine
        self.configuration = configuration
        self.implementation = implementation
    }

    /// Tests `Implementation` against the spec: the same events to both, the first divergence shrunk.
    public convenience init<Implementation: StateMachineImplementation>(
        machine: Machine, configuration: FuzzConfiguration = FuzzConfiguration(), conformance: Implementation.Type
    ) {
        self.init(machine: machine, configuration: configuration, implementation: { Implementation() })
    }

    public func run(progress: ((FuzzProgress) -> Void)? = nil) -> FuzzResult {
        // Explored before the clock starts: the campaign's speed is the fuzzing's.
        let exploration = self.exploration
        let start = ContinuousClock.now
        let runner = FuzzRunner(
            machine: machine, properties: configuration.properties, implementation: implementation,
            recordsCoverage: true, weighted: true, tracksNovelty: configuration.guided)
        var guidance = configuration.guided ? Guidance(seed: configuration.seed) : nil
        var events = 0
        var runs = 0
        var lastProgress = start
        var found: FuzzFailure?
        var interrupted = false
        var runsEnded: ContinuousClock.Instant?
        for index in 0..<configuration.runs {
            // At least one run: a time limit that setting up took does not make a campaign of none.
            if runs > 0, let limit = configuration.timeLimit, ContinuousClock.now - start > limit { break }
            if configuration.isCancelled?() == true {
                interrupted = true
                break
            }
            let seed = SplitMix64.seed(ofRun: index, campaign: configuration.seed)
            var (source, length) =
                guidance?.source(seed: seed, length: configuration.length) ?? (ChoiceSource(seed: seed), configuration.length)
            let result = runner.run(&source, length: length)
            runs += 1
            events += result.trace.count
            if let failure = result.failure {
                runsEnded = ContinuousClock.now
                found = shrink(result, failure: failure, run: index, seed: seed)
                break
            }
            guidance?.learn(from: result)
            if let progress, ContinuousClock.now - lastProgress > .milliseconds(500) {
                lastProgress = ContinuousClock.now
                progress(FuzzProgress(runs: runs, events: events, seconds: (ContinuousClock.now - start).seconds))
            }
        }
        let seconds = ((runsEnded ?? ContinuousClock.now) - start).seconds
        return FuzzResult(
            machine: machine, configuration: configuration, runs: runs, events: events, seconds: seconds,
            failure: found, interrupted: interrupted, coverage: runner.context.recorder ?? CoverageRecorder(machine: machine),
            reference: CoverageReference(machine: machine, exploration: exploration, options: Self.referenceOptions),
            failuresNoRunReached: found == nil ? explorationFailures(exploration) : [])
    }

    /// What the exploration found failing, in words: a campaign whose runs all passed must not read as a spec that
    /// cannot fail when the exploration knows better.
    private func explorationFailures(_ exploration: Exploration?) -> [String] {
        guard let failures = exploration?.failures else { return [] }
        let invariants = machine.spec.invariants
        return failures.invariants.map { "invariant '\(invariants[$0].name)' is violated" } + failures.errors.map(\.message)
    }

    private func shrink(_ result: FuzzRunner.Result, failure: RunFailure, run: Int, seed: UInt64) -> FuzzFailure {
        guard configuration.shrinks else {
            return FuzzFailure(
                run: run, runSeed: seed, failure: failure, trace: Array(result.trace.prefix(failure.step)),
                choices: result.choices, originalSteps: failure.step, shrinkReplays: 0)
        }
        let replayer = replayRunner()
        var shrinker = Shrinker { choices in
            var source = ChoiceSource(replaying: choices)
            let replayed = replayer.run(&source, length: nil)
            return replayed.failure?.signature == failure.signature ? replayed : nil
        }
        // Shrinking gets as long as the runs had, from now: a failure found late in the budget is still shrunk.
        let start = ContinuousClock.now
        let (limit, isCancelled) = (configuration.timeLimit, configuration.isCancelled)
        shrinker.stopReason = {
            if isCancelled?() == true { return .interrupted }
            if let limit, ContinuousClock.now - start > limit { return .timeLimit }
            return nil
        }
        let shrunk = shrinker.shrink(result)
        let shrinkSeconds = (ContinuousClock.now - start).seconds
        let final = shrunk.failure ?? failure
        let trace = Array(shrunk.trace.prefix(final.step))
        if let shortest = shortestTrace(to: final, shorterThan: trace.count) {
            return FuzzFailure(
                run: run, runSeed: seed, failure: shortest.failure, trace: shortest.trace,
                choices: choices(for: shortest.trace), originalSteps: failure.step,
                shrinkReplays: shrinker.replays, shrunkSteps: trace.count, shrinkSeconds: shrinkSeconds)
        }
        return FuzzFailure(
            run: run, runSeed: seed, failure: final, trace: trace, choices: shrunk.choices,
            originalSteps: failure.step, shrinkReplays: shrinker.replays, shrinkingStop: shrinker.stopped,
            shrinkSeconds: shrinkSeconds)
    }

    /// Shrinks a failing trace from anywhere (a log, a bug report, a long saved run) to a 1-minimal one that fails
    /// the same way; nil when the trace does not fail.
    ///
    /// Cost: each replay runs the trace so far; delta debugging needs O(k log n) replays for a failure that needs
    /// k of n events.
    public func shrink(_ trace: [TraceStep]) -> FuzzFailure? {
        var source = ChoiceSource(replaying: choices(for: trace))
        let result = replayRunner().run(&source, length: trace.count)
        guard let failure = result.failure else { return nil }
        return shrink(result, failure: failure, run: 0, seed: 0)
    }

    func replayRunner() -> FuzzRunner {
        FuzzRunner(
            machine: machine, properties: configuration.properties, implementation: implementation,
            recordsCoverage: false, weighted: false)
    }

    /// Replays a trace (events with their parameters and choices) and returns how it fails, if it does.
    /// `observe` sees the state after the start and after each event up to the failure.
    public func replay(_ trace: [TraceStep], observe: ((FuzzState) -> Void)? = nil) -> RunFailure? {
        let runner = replayRunner()
        runner.observer = observe
        var source = ChoiceSource(replaying: choices(for: trace))
        // As many steps as the trace has: choices a step does not meet go back to the source, and must not be read
        // as one more event.
        return runner.run(&source, length: trace.count).failure
    }

    /// The choice sequence that generates `trace`.
    public func choices(for trace: [TraceStep]) -> [Int] {
        let events = machine.spec.events.filter { !$0.isImplicit }
        var result: [Int] = []
        for step in trace {
            result.append(events.firstIndex { $0.index == step.event.event } ?? 0)
            for (parameter, value) in zip(machine.spec.events[step.event.event].parameters, step.event.arguments) {
                switch parameter.type {
                case .int(let min, _): result.append(value - min)
                default: result.append(value)
                }
            }
            result += step.choices
        }
        return result
    }
}
