import SMAnalyzer
import SMEngine

// What the fuzzer takes from an exploration of the spec: the reference coverage is measured against, and the
// shortest trace to a failure the exploration finds too.
extension Fuzzer {
    /// One thread (fuzzing is single-threaded, and tests fuzz side by side), a modest memory bound, and quick
    /// solver questions: the reference is a report's yardstick, not a proof.
    static var referenceOptions: AnalysisOptions {
        var options = AnalysisOptions()
        options.exploration.threads = 1
        options.exploration.maximumMemory = 2 << 30
        options.solverTimeoutMilliseconds = 500
        return options
    }

    func explore() -> Exploration? {
        guard configuration.explorationLimit > 0 else { return nil }
        var options = Self.referenceOptions.exploration
        options.maximumStates = configuration.explorationLimit
        return try? Explorer(machine: machine, options: options).run()
    }

    /// The exploration's shortest trace to the same failure (an engine error or an invariant: what exploration
    /// checks), when it is shorter than `length` and replays to the same failure.
    func shortestTrace(to failure: RunFailure, shorterThan length: Int) -> (trace: [TraceStep], failure: RunFailure)? {
        guard failure.kind == .engineError || failure.kind == .invariant, let exploration else { return nil }
        let found: [TraceStep]?
        if failure.kind == .invariant, let index = FuzzRunner.invariantIndex(failure.signature) {
            found = exploration.shortestTrace(violatingInvariant: index)
        } else {
            found = exploration.shortestTrace { FuzzRunner.signature(of: $0) == failure.signature }
        }
        guard let trace = found, trace.count < length, let replayed = replay(trace), replayed.signature == failure.signature
        else { return nil }
        return (Array(trace.prefix(replayed.step)), replayed)
    }
}
