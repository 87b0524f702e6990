public import SMEngine
import SMSolver
public import SMSpec
import SMSymbolic

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
        let structural = StructureChecks(machine: machine).run()
        var stats = AnalysisStats()
        var runs = Runs()
        switch options.method {
        case .exploration:
            runs = explore(machine, options.exploration, structural: structural, stats: &stats)
        case .symbolic:
            runs = verifySymbolically(machine, options, structural: structural, stats: &stats)
        case .automatic:
            runs = automatically(machine, options, structural: structural, stats: &stats)
        }
        if MemoryUse.resident() == nil {
            stats.notes.append("the memory limit was not enforced: this platform does not report the process's resident memory")
        }
        var findings = structural + runs.findings
        if let (backend, method) = solver(for: machine, options: options, stats: &stats) {
            var guardAnalysis = GuardAnalysis(spec: machine.spec, backend: backend, assumeInvariants: options.assumeInvariants)
            guardAnalysis.deadline = ContinuousClock.now + options.timeLimit
            guardAnalysis.isCancelled = options.isCancelled
            guardAnalysis.progress = options.guardProgress
            let analysis = guardAnalysis.run()
            SolverChecks(
                machine: machine, analysis: analysis, method: method, runs: runs.knowledge,
                reportsIgnoredEvents: options.reportsIgnoredEvents
            ).merge(into: &findings)
            // Guard questions matter only where the runs did not decide the same codes already; the events a state
            // ignores (`--ignored-events`) only the guard analysis reports.
            let open =
                (runs.knowledge.complete ? [] : [.nondeterministicGuards, .deadTransition, .incompleteChoice, .rangeViolation])
                + (options.reportsIgnoredEvents ? [FindingCode.eventNeverHandled] : [])
            if !analysis.unknown.isEmpty, !open.isEmpty {
                stats.undecided.append(
                    Undecided(
                        open,
                        "\(backend.name) could not decide \(analysis.unknown.count) of \(analysis.queries) guard questions (\(analysis.unknown[0]))"
                    ))
            }
            if let stopped = analysis.stopped, !open.isEmpty {
                stats.undecided.append(Undecided(open, "\(stopped); the questions left were not asked"))
            }
        }
        return AnalysisResult(spec: machine.spec, machine: machine, findings: findings.sortedWithoutRepeats(), stats: stats)
    }

    /// What checking the runs gave: findings, and what the guard analysis may rely on.
    struct Runs {
        var findings: [Finding] = []
        var knowledge = RunKnowledge.none
        /// What an exploration saw happen, for the symbolic verification that may follow it.
        var seen: SeenInRuns?
    }

    /// Explores; an exploration that stops at a limit leaves every run-based code undecided.
    private static func explore(_ machine: Machine, _ options: ExplorationOptions, structural: [Finding], stats: inout AnalysisStats)
        -> Runs
    {
        do {
            let explored = try Explorer(machine: machine, options: options).run()
            stats.configurations = explored.configurations
            stats.transitions = explored.transitions
            stats.depth = explored.depth
            if explored.stoppedOnlyAtALimit { stats.exploredSteps = explored.depth - 2 }
            stats.expectedCoverage = explored.bitstate?.expectedCoverage
            stats.bitstateSaturated = explored.bitstate?.isSaturated ?? false
            stats.milliseconds = Int((explored.elapsed * 1000).rounded())
            if let reason = explored.incompleteReason {
                // A bitstate search says itself what it covered. The count is the summary's: the reason's is where the
                // limit struck, and the states being expanded then still kept their successors.
                let scope = explored.bitstate == nil ? "; only the configurations reached were checked" : ""
                stats.undecided.append(Undecided(FindingCode.needingEveryConfiguration + FindingCode.shownByARun, reason + scope))
            }
            return Runs(
                findings: ExplorationChecks(exploration: explored, structural: structural).run(),
                knowledge: RunKnowledge(exploration: explored), seen: SeenInRuns(exploration: explored))
        } catch {
            stats.undecided.append(
                Undecided(
                    FindingCode.needingEveryConfiguration + FindingCode.shownByARun,
                    "nothing was explored: \(error.message)"))
            return Runs()
        }
    }

    /// Symbolic verification of everything the runs decide; when it cannot run, every run-based code is undecided.
    private static func verifySymbolically(
        _ machine: Machine, _ options: AnalysisOptions, structural: [Finding],
        stats: inout AnalysisStats, seen: SeenInRuns? = nil, exploredSteps: Int = -1
    ) -> Runs {
        // A start that fails leaves no run to verify: exploring that is instant and decides every code (nothing but
        // the start's failure happens), where the symbolic checks could only report the failure.
        if seen == nil, (try? machine.initialState()) == nil {
            return explore(machine, options.exploration, structural: structural, stats: &stats)
        }
        var symbolicOptions = SymbolicOptions()
        symbolicOptions.timeLimit = options.timeLimit
        symbolicOptions.maximumDepth = options.maximumDepth
        symbolicOptions.isCancelled = options.isCancelled
        symbolicOptions.progress = options.symbolicProgress
        symbolicOptions.exploredSteps = exploredSteps
        let result = SymbolicVerifier.verify(machine, options: symbolicOptions)
        let elapsed = result.elapsed.components
        let whole: Int64 = elapsed.seconds * 1000
        let fraction: Double = Double(elapsed.attoseconds) / 1e15
        let milliseconds = Int(whole) + Int(fraction.rounded())
        if let failure = result.failure {
            stats.undecided.append(
                Undecided(
                    FindingCode.needingEveryConfiguration + FindingCode.shownByARun,
                    "symbolic verification could not run: \(failure)"))
            return Runs()
        }
        var (findings, undecided) = SymbolicChecks(machine: machine, result: result, structural: structural, seen: seen).run()
        if result.system?.startHasOtherOutcomes == true {
            // The system follows the start's first outcome only: what the others lead to (a state, a failure there)
            // has no property in it at all, so every code shown by a run is open, as exploration says. Reasons of
            // another kind (a counterexample that does not replay) stay.
            let blanket = Undecided(
                FindingCode.needingEveryConfiguration + FindingCode.shownByARun, ChoiceSequence.startOutcomesNotExplored)
            undecided = [blanket] + undecided.filter { !$0.reason.contains(ChoiceSequence.startOutcomesNotExplored) }
        }
        stats.undecided += undecided
        let proved = result.verdicts.values.count { if case .never = $0 { true } else { false } }
        let found = result.verdicts.values.count { if case .happens = $0 { true } else { false } }
        stats.symbolic = SymbolicStats(
            controlStates: result.system?.locations.count ?? 0, paths: result.system?.edges.count ?? 0,
            depth: result.depth, proved: proved, found: found, milliseconds: milliseconds)
        return Runs(findings: findings, knowledge: RunKnowledge(symbolic: result, undecided: Set(undecided.flatMap(\.codes))))
    }

    /// Exploration when the space is small enough to visit, else (or when it stops at a limit) symbolic verification.
    private static func automatically(
        _ machine: Machine, _ options: AnalysisOptions, structural: [Finding],
        stats: inout AnalysisStats
    ) -> Runs {
        // A bitstate search or the compact store is asked for explicitly, for spaces the default store cannot hold:
        // it is what runs, in full.
        guard SymbolicVerifier.isAvailable, options.exploration.bitstateBytes == nil, options.exploration.store != .compact else {
            return explore(machine, options.exploration, structural: structural, stats: &stats)
        }
        var exploration = options.exploration
        // A declared space (each variable's values as far as its assignments allow, `VariableSteps`) of more than 2^24
        // configurations, or of more than 2^28 steps (each configuration once per event instance: an event with a
        // parameter of 1,000 values is 1,000 steps, each run by the engine), is explored only briefly first: the
        // reachable part is often far smaller, but when it is not, the time is better spent on symbolic verification.
        let bits = StateCodec(machine: machine).bits
        let firstLook = bits > Self.explorableBits || bits + Self.bitsOfSteps(perConfiguration: machine) > Self.explorableStepBits
        if firstLook {
            if exploration.maximumStates > Self.firstLookConfigurations {
                exploration.maximumStates = Self.firstLookConfigurations
                exploration.maximumStatesSource = "auto's limit for a first look"
            }
            exploration.maximumDuration = min(exploration.maximumDuration ?? .seconds(2), .seconds(2))
        }
        var explored = AnalysisStats()
        let runs = explore(machine, exploration, structural: structural, stats: &explored)
        guard !explored.complete else {
            stats = explored
            return runs
        }
        // Whether the first look stopped the search, not a limit the caller set.
        let cutShort = firstLook && explored.configurations < options.exploration.maximumStates
        var symbolic = AnalysisStats()
        let verified = verifySymbolically(
            machine, options, structural: structural, stats: &symbolic, seen: runs.seen, exploredSteps: explored.exploredSteps)
        stats.configurations = explored.configurations
        stats.transitions = explored.transitions
        stats.depth = explored.depth
        stats.milliseconds = explored.milliseconds
        stats.symbolic = symbolic.symbolic
        if symbolic.symbolic == nil {
            // Symbolic verification could not run: the partial exploration is what there is.
            stats.undecided = explored.undecided + symbolic.undecided.filter { !explored.undecided.contains($0) }
            stats.notes.append("exploration stopped at a limit and symbolic verification could not run")
            if cutShort { stats.notes.append(Self.exploreInFull) }
            return runs
        }
        stats.undecided = symbolic.undecided
        stats.notes.append("exploration did not finish (\(explored.undecided.first?.reason ?? "")); the runs were checked symbolically")
        // The first look may have stopped a search that would have ended soon: what to ask for when the symbolic
        // proofs leave something open.
        if cutShort && !stats.undecided.isEmpty { stats.notes.append(Self.exploreInFull) }
        // Findings exploration showed on the way stay, unless the symbolic ones say the same.
        var findings = verified.findings
        let known = Set(findings.map(\.identity))
        findings += runs.findings.filter { !known.contains($0.identity) }
        return Runs(findings: findings, knowledge: verified.knowledge)
    }

    /// What to ask for when the automatic method's first look at a big space left a result incomplete.
    static let exploreInFull =
        "the reachable configurations may be few enough to search them all: --method explore searches until done or a limit, "
        + "--compact in a few bytes a configuration"

    /// The most configurations the first look at a big declared space stores (`automatic`; and each shard's look,
    /// which decides whether a swarm shares a spec out or searches it in every job).
    package static let firstLookConfigurations = 2_000_000

    /// Declared spaces up to 2^24 configurations (16 million) are explored in full by `automatic`: seconds at most.
    package static let explorableBits = 24
    /// And up to 2^28 steps: configurations times the event instances tried in each.
    package static let explorableStepBits = 28

    /// The bits of the number of event instances exploration tries in each configuration (rounded up; saturating).
    private static func bitsOfSteps(perConfiguration machine: Machine) -> Int {
        // Each count saturates at Int.max (parameters of 2^64 combinations): capped before adding, so no sum overflows.
        let cap = 1 << 40
        let instances = machine.spec.events.filter { !$0.isImplicit }.reduce(0) { min($0 + min($1.instanceCount, cap), cap) }
        return Int.bitWidth - (max(1, instances) - 1).leadingZeroBitCount
    }

    static func solver(for machine: Machine, options: AnalysisOptions, stats: inout AnalysisStats) -> ((any GuardBackend), Finding.Method)?
    {
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
