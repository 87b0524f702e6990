public import SMEngine
import SMSolver
public import SMSpec

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

    public enum SolverChoice: String, Sendable, CaseIterable {
        /// Z3 when this build has it, else enumeration.
        case automatic
        case z3
        case enumerate
        case off
    }

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
        var exploration: Exploration?
        do {
            let explorer = try Explorer(machine: machine, options: options.exploration)
            let explored = explorer.run()
            exploration = explored
            findings += ExplorationChecks(exploration: explored, structural: findings).run()
            stats = AnalysisStats(configurations: explored.configurations, transitions: explored.transitions,
                                  depth: explored.depth, complete: explored.isComplete,
                                  milliseconds: Int((explored.elapsed * 1000).rounded()), note: explored.incompleteReason)
        } catch {
            stats.note = error.message
        }
        if let (backend, method) = solver(for: machine, options: options, stats: &stats) {
            let analysis = GuardAnalysis(spec: machine.spec, backend: backend, assumeInvariants: options.assumeInvariants).run()
            SolverChecks(machine: machine, analysis: analysis, method: method, exploration: exploration,
                         reportsIgnoredEvents: options.reportsIgnoredEvents).merge(into: &findings)
            if !analysis.unknown.isEmpty {
                let note = "\(backend.name) could not decide \(analysis.unknown.count) of \(analysis.queries) guard questions (\(analysis.unknown[0]))"
                stats.note = stats.note.map { $0 + "; " + note } ?? note
            }
        }
        return AnalysisResult(spec: machine.spec, machine: machine, findings: findings.sortedForOutput(), stats: stats)
    }

    static func solver(for machine: Machine, options: AnalysisOptions, stats: inout AnalysisStats) -> ((any GuardBackend), Method)? {
        let choice = options.solver == .automatic ? (Z3Library.isAvailable ? .z3 : .enumerate) : options.solver
        switch choice {
        case .off, .automatic:
            return nil
        case .enumerate:
            return (EnumerationBackend(spec: machine.spec), .enumeration)
        case .z3:
            do {
                return (try Z3Backend(spec: machine.spec, timeoutMilliseconds: options.solverTimeoutMilliseconds), .z3)
            } catch {
                stats.note = stats.note.map { $0 + "; " + error.message } ?? error.message
                return nil
            }
        }
    }
}
