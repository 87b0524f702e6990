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

    /// True when every check was decided: the findings are all there is to find.
    public var complete: Bool { undecided.isEmpty }

    public init(configurations: Int = 0, transitions: Int = 0, depth: Int = 0, milliseconds: Int = 0) {
        self.configurations = configurations
        self.transitions = transitions
        self.depth = depth
        self.milliseconds = milliseconds
    }
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
        var stats = AnalysisStats()
        var exploration: Exploration?
        do {
            let explorer = try Explorer(machine: machine, options: options.exploration)
            let explored = explorer.run()
            exploration = explored
            findings += ExplorationChecks(exploration: explored, structural: findings).run()
            stats = AnalysisStats(configurations: explored.configurations, transitions: explored.transitions,
                                  depth: explored.depth, milliseconds: Int((explored.elapsed * 1000).rounded()))
            if let reason = explored.incompleteReason {
                stats.undecided.append(Undecided(FindingCode.needingEveryConfiguration + FindingCode.shownByARun,
                                                 "\(reason); only the \(explored.configurations) configurations reached were checked"))
            }
        } catch {
            stats.undecided.append(Undecided(FindingCode.needingEveryConfiguration + FindingCode.shownByARun,
                                             "nothing was explored: \(error.message)"))
        }
        if MemoryUse.resident() == nil {
            stats.notes.append("the memory limit was not enforced: this platform does not report the process's resident memory")
        }
        if let (backend, method) = solver(for: machine, options: options, stats: &stats) {
            let analysis = GuardAnalysis(spec: machine.spec, backend: backend, assumeInvariants: options.assumeInvariants).run()
            SolverChecks(machine: machine, analysis: analysis, method: method, exploration: exploration,
                         reportsIgnoredEvents: options.reportsIgnoredEvents).merge(into: &findings)
            // Guard questions matter only where the exploration did not decide the same codes already.
            if !analysis.unknown.isEmpty, !(exploration?.isComplete ?? false) {
                stats.undecided.append(Undecided(
                    [.nondeterministicGuards, .deadTransition, .incompleteChoice, .rangeViolation],
                    "\(backend.name) could not decide \(analysis.unknown.count) of \(analysis.queries) guard questions (\(analysis.unknown[0]))"))
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
                stats.notes.append("guards were not proven: \(error.message)")
                return nil
            }
        }
    }
}
