import SMEngine
import SMSymbolic

/// What an exploration that stopped at a limit saw happen. Symbolic verification that follows it need not leave
/// these undecided: a state entered, a transition taken, an event handled, an invariant broken, a deadlock or an
/// overlap found (its finding, with its trace, comes from the exploration).
struct SeenInRuns {
    private let coverage: CoverageRecorder
    private let invariants: Set<Int>
    private let overlaps: Set<WorkerResults.Pair>
    private let deadlocks: Set<[UInt64]>

    init(exploration: Exploration) {
        coverage = exploration.coverage
        invariants = Set(exploration.results.invariants.keys)
        overlaps = Set(exploration.results.overlaps.keys)
        deadlocks = Set(exploration.results.deadlocks.keys)
    }

    func saw(_ property: Property) -> Bool {
        switch property {
        case .enters(let state): coverage.enteredStates.contains(state)
        case .takes(let transition): coverage.takenTransitions[transition]
        case .handles(let event): coverage.handledEvents[event]
        case .invariant(let index): invariants.contains(index)
        case .overlap(let first, let second): overlaps.contains(WorkerResults.Pair(first: first, second: second))
        case .deadlock(let configuration): deadlocks.contains(configuration.words)
        case .failure: false  // an engine error's signature is not kept by the exploration
        }
    }
}
