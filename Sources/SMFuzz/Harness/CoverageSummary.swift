public import SMAnalyzer
package import SMEngine
import SMSpec

/// What a campaign reached, by name: states entered, transitions taken and, for guarded transitions, which outcomes
/// of the guard were seen. History states are left out: they are never active themselves.
///
/// With a reference (`CoverageReference`), what cannot happen is not counted: states and transitions a finished
/// exploration never reaches, guard outcomes it never meets, and guard outcomes the solver (or the structure)
/// proves impossible after the guards before them. 100% then means everything that can happen happened.
///
/// Cost: O(states + transitions) to build from a recorder.
public struct CoverageSummary: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        /// A state's path, or a transition as `source --event [guard]--> targets`.
        public var name: String
        public var covered: Bool
        /// False when the reference shows it never happens (and the campaign did not reach it either).
        public var canHappen = true
    }

    public struct GuardOutcomes: Sendable, Equatable {
        /// The transition the guard belongs to.
        public var transition: String
        public var sawTrue: Bool
        public var sawFalse: Bool
        /// Why an outcome is not counted; nil when it is.
        public var trueExcluded: Exclusion?
        public var falseExcluded: Exclusion?
    }

    /// Why something is left out of the count.
    public enum Exclusion: Sendable, Equatable {
        /// A finished exploration never reaches it.
        case unreachable
        /// Impossible where the guard is evaluated (after the guards before it in its list, within the declared
        /// domains), proven by this method.
        case impossible(Finding.Method)
    }

    public var states: [Item]
    public var transitions: [Item]
    public var guards: [GuardOutcomes]
    /// True when states and transitions are counted against a finished exploration.
    public var againstExploration: Bool

    package init(machine: Machine, recorder: CoverageRecorder, reference: CoverageReference? = nil) {
        let spec = machine.spec
        againstExploration = reference?.reachableTransitions != nil
        states = spec.states.dropFirst().filter { $0.kind != .history }.map {
            let covered = recorder.enteredStates.contains($0.index)
            return Item(name: $0.path, covered: covered, canHappen: covered || reference?.reachableStates?.contains($0.index) ?? true)
        }
        transitions = spec.transitions.map {
            let covered = recorder.takenTransitions[$0.index]
            return Item(
                name: spec.describe($0), covered: covered,
                canHappen: covered || reference?.reachableTransitions?[$0.index] ?? true)
        }
        // `else` is not evaluated: it is taken when nothing before it is, which the transition's coverage shows.
        guards = spec.transitions.filter { $0.guardCondition != nil && $0.guardCondition != .otherwise }.map { transition in
            let outcomes = recorder.guardOutcomes[transition.index]
            func exclusion(_ bit: UInt8) -> Exclusion? {
                guard outcomes & bit == 0, let reference else { return nil }
                if reference.impossibleGuardOutcomes[transition.index] & bit != 0 { return .impossible(reference.guardMethod) }
                if let reachable = reference.reachableGuardOutcomes, reachable[transition.index] & bit == 0 { return .unreachable }
                return nil
            }
            return GuardOutcomes(
                transition: spec.describe(transition), sawTrue: outcomes & 1 != 0, sawFalse: outcomes & 2 != 0,
                trueExcluded: exclusion(1), falseExcluded: exclusion(2))
        }
    }

    public var coveredStates: Int { states.count { $0.covered } }
    public var coveredTransitions: Int { transitions.count { $0.covered } }
    /// Guard outcomes seen (true and false for each guard).
    public var coveredGuardOutcomes: Int { guards.reduce(0) { $0 + ($1.sawTrue ? 1 : 0) + ($1.sawFalse ? 1 : 0) } }

    /// What is counted: everything that can happen.
    public var totalStates: Int { states.count { $0.canHappen } }
    public var totalTransitions: Int { transitions.count { $0.canHappen } }
    public var totalGuardOutcomes: Int {
        guards.reduce(0) { $0 + ($1.trueExcluded == nil ? 1 : 0) + ($1.falseExcluded == nil ? 1 : 0) }
    }

    /// States and transitions that can happen and were not reached.
    public var missedStates: [String] { states.filter { $0.canHappen && !$0.covered }.map(\.name) }
    public var missedTransitions: [String] { transitions.filter { $0.canHappen && !$0.covered }.map(\.name) }

    /// The guard outcomes that can happen and were not seen, as `true: transition` or `false: transition`.
    public var missedGuardOutcomes: [String] {
        guards.flatMap { outcomes in
            (outcomes.sawTrue || outcomes.trueExcluded != nil ? [] : ["true: \(outcomes.transition)"])
                + (outcomes.sawFalse || outcomes.falseExcluded != nil ? [] : ["false: \(outcomes.transition)"])
        }
    }

    /// What is not counted, and why: `state x (the exploration never reaches it)`, `false: t (impossible where the
    /// guard is evaluated, by z3)`.
    public var excluded: [String] {
        let unreachable = Exclusion.unreachable.reason
        var lines = states.filter { !$0.canHappen }.map { "state \($0.name) (\(unreachable))" }
        lines += transitions.filter { !$0.canHappen }.map { "\($0.name) (\(unreachable))" }
        for outcomes in guards {
            for (value, exclusion) in [("true", outcomes.trueExcluded), ("false", outcomes.falseExcluded)] {
                guard let exclusion else { continue }
                lines.append("\(value): \(outcomes.transition) (\(exclusion.reason))")
            }
        }
        return lines
    }
}

extension CoverageSummary.Exclusion {
    /// In words, for reports.
    public var reason: String {
        switch self {
        case .unreachable: "the exploration never reaches it"
        case .impossible(let method): "impossible where the guard is evaluated, by \(method.rawValue)"
        }
    }
}
