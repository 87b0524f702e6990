import SMSolver

/// What to run and how far to go.
public struct AnalysisOptions: Sendable {
    public var exploration = ExplorationOptions()
    /// Which back end proves guard properties over the declared domains.
    public var solver: SolverChoice = .automatic
    /// Assume the invariants when reasoning about transitions on external events.
    public var assumeInvariants = false
    /// Milliseconds each solver check may take.
    public var solverTimeoutMilliseconds: UInt32 = 2_000
    /// Also report (as info) events a leaf state handles only under guards that can all be false at once.
    public var reportsIgnoredEvents = false
    /// How the runs of the machine are checked (see `VerificationMethod`).
    public var method: VerificationMethod = .automatic
    /// Symbolic verification of one spec stops after this long, and so does its guard analysis; what is left is
    /// undecided.
    public var timeLimit: Duration = .seconds(60)
    /// Bounded model checking unrolls at most this many steps.
    public var maximumDepth = 1_000
    /// Polled throughout; when it returns true the analysis stops and returns what it decided so far.
    public var isCancelled: @Sendable () -> Bool = { false }
    /// Told what symbolic verification is doing, now and then.
    public var symbolicProgress: (@Sendable (String) -> Void)?
    /// Told how many guard questions the solver was asked so far, before each one.
    public var guardProgress: (@Sendable (Int) -> Void)?

    public enum SolverChoice: String, Sendable, CaseIterable {
        /// Z3 when this build has it, else enumeration.
        case automatic
        case z3
        case enumerate
        case off
    }

    public init() {}
}

/// How the runs of a machine are checked: by visiting every reachable configuration, or on symbolic values.
public enum VerificationMethod: String, Hashable, Sendable, CaseIterable {
    /// Exploration when the state space is small enough to visit; otherwise, or when exploration stops at a limit,
    /// symbolic verification.
    case automatic = "auto"
    /// Visit every reachable configuration (stops at the limits).
    case exploration = "explore"
    /// Bounded model checking, k-induction and Spacer on symbolic values (needs Z3).
    case symbolic
}
