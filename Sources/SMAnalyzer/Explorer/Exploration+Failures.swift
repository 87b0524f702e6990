public import SMEngine

// Shortest traces to what a fuzzer can fail on, so a shrunk fuzz failure can be swapped for the shortest one
// (shrinking gives a 1-minimal trace, not always the shortest).
extension Exploration {
    /// The shortest trace from the start to a configuration where invariant `index` does not hold (empty when the
    /// initial configuration breaks it); nil when the exploration found none.
    public func shortestTrace(violatingInvariant index: Int) -> [TraceStep]? {
        results.invariants[index].map { trace(to: $0) }
    }

    /// The shortest trace whose last event fails with an engine error `matches` accepts (empty when the start
    /// fails so); nil when the exploration found none. An exploration keeps the shortest witness of each error.
    public func shortestTrace(toErrorWhere matches: (EngineError) -> Bool) -> [TraceStep]? {
        if let startError, matches(startError) { return [] }
        return results.errors.values.filter { matches($0.error) }.map(\.witness).min().map { trace(to: $0) }
    }

    /// What the exploration found failing, as a fuzz run would fail: each violated invariant's index and each engine
    /// error (the start's first), for a campaign to say what its runs did not reach.
    public var failures: (invariants: [Int], errors: [EngineError]) {
        (
            results.invariants.keys.sorted(),
            (startError.map { [$0] } ?? []) + results.errors.values.sorted { $0.witness < $1.witness }.map(\.error)
        )
    }
}
