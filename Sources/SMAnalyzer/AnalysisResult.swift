public import SMEngine
public import SMSpec

/// Checks that could not be decided, and why. An analysis with anything undecided is never reported as "ok": the
/// findings are then only what was found in the part that was checked.
public struct Undecided: Hashable, Sendable {
    /// The finding codes whose absence was not established (a finding of these codes may still have been found).
    public var codes: [FindingCode]
    /// What stopped the check, and what would let it finish.
    public var reason: String

    public init(_ codes: [FindingCode], _ reason: String) {
        self.codes = codes.sorted()
        self.reason = reason
    }

    /// `SM001 unreachable state, SM005 dead transition: <reason>`; with more codes, their numbers in ranges
    /// (`SM001, SM002, SM004–SM012: <reason>`).
    public var description: String {
        guard codes.count > 2 else { return codes.map { "\($0.rawValue) \($0.title)" }.joined(separator: ", ") + ": " + reason }
        let all = FindingCode.allCases
        var parts: [String] = []
        var start = 0
        while start < codes.count {
            var end = start
            while end + 1 < codes.count, all.firstIndex(of: codes[end + 1]) == all.firstIndex(of: codes[end])! + 1 { end += 1 }
            parts.append(end - start >= 2 ? "\(codes[start].rawValue)–\(codes[end].rawValue)"
                         : codes[start...end].map(\.rawValue).joined(separator: ", "))
            start = end + 1
        }
        return parts.joined(separator: ", ") + ": " + reason
    }
}

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

/// The findings of one spec, with the statistics and the exploration they came from.
public struct AnalysisResult: Sendable {
    public let spec: ResolvedSpec
    public let machine: Machine
    /// Sorted for output (`sortedForOutput`).
    public let findings: [Finding]
    public let stats: AnalysisStats

    package init(spec: ResolvedSpec, machine: Machine, findings: [Finding], stats: AnalysisStats) {
        self.spec = spec
        self.machine = machine
        self.findings = findings
        self.stats = stats
    }

    /// The worst severity among the findings, if any.
    public var worstSeverity: Severity? { findings.map(\.severity).max() }
}

extension FindingCode {
    /// Findings that say something never happens: only a check of every reachable configuration can report them.
    public static let needingEveryConfiguration: [FindingCode] = [
        .unreachableState, .deadTransition, .expectedReachable, .eventNeverHandled, .uselessHistory,
    ]
    /// Findings about something that happens in some run: one run shows them, and only a check of every reachable
    /// configuration shows there is none.
    public static let shownByARun: [FindingCode] = [
        .infiniteLoop, .nondeterministicGuards, .invariantViolated, .deadlock, .incompleteChoice, .rangeViolation,
        .queueOverflow,
    ]
}

