public import SMEngine
public import SMSpec

/// What to run and how far to go.
public struct AnalysisOptions: Sendable {
    public var exploration = ExplorationOptions()

    public init() {}
}

/// Statistics of one analysis.
public struct AnalysisStats: Hashable, Sendable {
    public var configurations: Int
    public var transitions: Int
    public var depth: Int
    public var complete: Bool
    public var milliseconds: Int
    /// Why the exploration is incomplete, when it is.
    public var note: String?
}

/// The findings of one spec, with the statistics and the exploration they came from.
public struct AnalysisResult: Sendable {
    public let spec: ResolvedSpec
    public let machine: Machine
    /// Sorted for output (`sortedForOutput`).
    public let findings: [Finding]
    public let stats: AnalysisStats

    /// The worst severity among the findings, if any.
    public var worstSeverity: Severity? { findings.map(\.severity).max() }
}

/// Loads nothing and prints nothing: runs every check of the spec format on a spec and returns the findings.
///
/// ```swift
/// let result = try Analyzer.analyze(Spec.load(path: "Specs/rocket.json"))
/// for finding in result.findings { print(finding.code, finding.message) }
/// ```
public enum Analyzer {
    public static func analyze(_ spec: Spec, options: AnalysisOptions = AnalysisOptions()) throws(SpecError) -> AnalysisResult {
        let machine = try Machine(spec)
        return analyze(machine, options: options)
    }

    public static func analyze(_ machine: Machine, options: AnalysisOptions = AnalysisOptions()) -> AnalysisResult {
        var findings = StructureChecks(machine: machine).run()
        var stats = AnalysisStats(configurations: 0, transitions: 0, depth: 0, complete: false, milliseconds: 0)
        do {
            let explorer = try Explorer(machine: machine, options: options.exploration)
            let exploration = explorer.run()
            findings += ExplorationChecks(exploration: exploration, structural: findings).run()
            stats = AnalysisStats(configurations: exploration.configurations, transitions: exploration.transitions,
                                  depth: exploration.depth, complete: exploration.isComplete,
                                  milliseconds: Int((exploration.elapsed * 1000).rounded()), note: exploration.incompleteReason)
        } catch {
            stats.note = error.message
        }
        return AnalysisResult(spec: machine.spec, machine: machine, findings: findings.sortedForOutput(), stats: stats)
    }
}
