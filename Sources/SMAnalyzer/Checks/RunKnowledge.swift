import SMEngine
import SMSymbolic

/// What the guard analysis over declared domains may rely on from checking the runs (by exploration or
/// symbolically): whether every run-based check was decided, and which states no run enters.
struct RunKnowledge {
    /// Every run-based check was decided, so a guard problem the runs did not show needs values no run reaches.
    var complete: Bool
    /// Whether the runs decided the code: a guard problem of that code they did not show needs values no run
    /// reaches. Every code when `complete`.
    var decides: (FindingCode) -> Bool
    /// Whether the state was shown never to be entered.
    var neverEntered: (Int) -> Bool
    /// Whether the event was seen unhandled while the state was active; nil where the runs cannot tell.
    var seenUnhandled: ((_ event: Int, _ state: Int) -> Bool)?

    static var none: RunKnowledge { RunKnowledge(complete: false, neverEntered: { _ in false }, seenUnhandled: nil) }

    init(
        complete: Bool, neverEntered: @escaping (Int) -> Bool, seenUnhandled: ((Int, Int) -> Bool)?,
        decides: ((FindingCode) -> Bool)? = nil
    ) {
        self.complete = complete
        self.decides = decides ?? { _ in complete }
        self.neverEntered = neverEntered
        self.seenUnhandled = seenUnhandled
    }

    init(exploration: Exploration) {
        let coverage = exploration.coverage
        let complete = exploration.isComplete
        let words = exploration.machine.words
        self.init(
            complete: complete, neverEntered: { complete && !coverage.enteredStates.contains($0) },
            seenUnhandled: complete ? { coverage.wasUnhandled($0, in: $1, words: words) } : nil)
    }

    /// `undecided`: the codes symbolic verification left undecided.
    init(symbolic result: SymbolicResult, undecided: Set<FindingCode>) {
        let verdicts = result.verdicts
        self.init(
            complete: undecided.isEmpty,
            neverEntered: { state in
                if case .never? = verdicts[.enters(state)] { return true }
                return false
            }, seenUnhandled: nil, decides: { !undecided.contains($0) })
    }
}
