/// Statistics of one analysis.
public struct AnalysisStats: Hashable, Sendable {
    public var configurations: Int
    public var transitions: Int
    public var depth: Int
    public var milliseconds: Int
    /// What could not be decided; empty when every check was decided.
    public var undecided: [Undecided] = []
    /// Remarks that do not limit the result (e.g. where the solver was not used).
    public var notes: [String] = []
    /// What symbolic verification did, when it ran.
    public var symbolic: SymbolicStats?
    /// The expected share of the reachable configurations a bitstate search visited, when one ran.
    public var expectedCoverage: Double?
    /// Whether that bitstate search ended with its array saturated, so `expectedCoverage` may be far above what it
    /// covered (`Exploration.Bitstate`).
    public var bitstateSaturated = false
    /// Steps from the start within which an exploration stopped at a limit expanded every configuration (-1: none
    /// is claimed), what an undecided property's reason may say after it.
    package var exploredSteps = -1

    /// True when every check was decided: the findings are all there is to find.
    public var complete: Bool { undecided.isEmpty }

    public init(configurations: Int = 0, transitions: Int = 0, depth: Int = 0, milliseconds: Int = 0) {
        self.configurations = configurations
        self.transitions = transitions
        self.depth = depth
        self.milliseconds = milliseconds
    }
}

/// What symbolic verification did for one spec.
public struct SymbolicStats: Hashable, Sendable {
    /// Control configurations (active states and history) and symbolic paths of the transition system.
    public var controlStates: Int
    public var paths: Int
    /// Steps bounded model checking covered from the start.
    public var depth: Int
    public var proved: Int
    public var found: Int
    public var milliseconds: Int
}
