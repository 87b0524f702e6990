public import SMEngine
public import SMSpec

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
