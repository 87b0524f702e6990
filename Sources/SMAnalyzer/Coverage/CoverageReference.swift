public import SMEngine
import SMSolver

/// What complete coverage of a machine is: the states and transitions an exploration reaches (when it finishes),
/// and the guard outcomes that can be seen at all. Fuzzing coverage is reported against it, so that 100% means
/// everything that can happen happened, and an unreachable state or an `else`-like last guard's false outcome is
/// not listed as missing.
public struct CoverageReference: Sendable {
    /// The states entered (even for a moment) and the transitions taken somewhere in the reachable state space;
    /// nil when the exploration did not finish (or could not run).
    public let reachableStates: StateSet?
    public let reachableTransitions: [Bool]?
    /// Per transition, the outcomes of its guard the exploration saw (1 true, 2 false); nil as above.
    public let reachableGuardOutcomes: [UInt8]?
    /// Per transition, the outcomes of its guard that cannot be seen given the guards before it in its list
    /// (1 true, 2 false), proven by `guardMethod`.
    public let impossibleGuardOutcomes: [UInt8]
    /// How the impossible outcomes were proven: z3, enumeration, or the structure alone.
    public let guardMethod: Finding.Method
    /// Why there are no reachable sets, when there are none.
    public let explorationNote: String?

    /// The reference from `exploration` (nil: none) and the guard solver `options` choose.
    public init(machine: Machine, exploration: Exploration?, options: AnalysisOptions = AnalysisOptions()) {
        if let exploration, exploration.isComplete, exploration.startError == nil {
            reachableStates = exploration.coverage.enteredStates
            reachableTransitions = exploration.coverage.takenTransitions
            // Only what a run's selection evaluates: the overlap check also evaluates guards no run reaches.
            reachableGuardOutcomes = exploration.coverage.guardOutcomes.map { $0 & 3 }
            explorationNote = nil
        } else {
            reachableStates = nil
            reachableTransitions = nil
            reachableGuardOutcomes = nil
            explorationNote =
                exploration == nil
                ? "no exploration"
                : exploration!.startError.map { "the start fails: \($0.message)" } ?? exploration!.incompleteReason
        }
        var stats = AnalysisStats()
        if let (backend, method) = Analyzer.solver(for: machine, options: options, stats: &stats) {
            var analysis = GuardAnalysis(spec: machine.spec, backend: backend)
            analysis.deadline = ContinuousClock.now + options.timeLimit
            analysis.isCancelled = options.isCancelled
            impossibleGuardOutcomes = analysis.impossibleOutcomes()
            guardMethod = method
        } else {
            impossibleGuardOutcomes = GuardAnalysis.structurallyImpossibleOutcomes(in: machine.spec)
            guardMethod = .structure
        }
    }
}
