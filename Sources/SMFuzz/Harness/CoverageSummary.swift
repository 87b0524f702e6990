public import SMEngine
import SMSpec

/// What a campaign reached, by name: states entered, transitions taken and, for guarded transitions, which outcomes
/// of the guard were seen. History states are left out: they are never active themselves.
///
/// Cost: O(states + transitions) to build from a recorder.
public struct CoverageSummary: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        /// A state's path, or a transition as `source --event [guard]--> targets`.
        public var name: String
        public var covered: Bool
    }

    public struct GuardOutcomes: Sendable, Equatable {
        /// The transition the guard belongs to.
        public var transition: String
        public var sawTrue: Bool
        public var sawFalse: Bool
    }

    public var states: [Item]
    public var transitions: [Item]
    public var guards: [GuardOutcomes]

    public init(machine: Machine, recorder: CoverageRecorder) {
        let spec = machine.spec
        states = spec.states.dropFirst().filter { $0.kind != .history }.map {
            Item(name: $0.path, covered: recorder.enteredStates.contains($0.index))
        }
        transitions = spec.transitions.map {
            Item(name: spec.describe($0), covered: recorder.takenTransitions[$0.index])
        }
        // `else` is not evaluated: it is taken when nothing before it is, which the transition's coverage shows.
        guards = spec.transitions.filter { $0.guardCondition != nil && $0.guardCondition != .otherwise }.map {
            let outcomes = recorder.guardOutcomes[$0.index]
            return GuardOutcomes(transition: spec.describe($0), sawTrue: outcomes & 1 != 0, sawFalse: outcomes & 2 != 0)
        }
    }

    public var coveredStates: Int { states.count { $0.covered } }
    public var coveredTransitions: Int { transitions.count { $0.covered } }
    /// Guard outcomes seen, out of `2 * guards.count` (true and false for each guard).
    public var coveredGuardOutcomes: Int { guards.reduce(0) { $0 + ($1.sawTrue ? 1 : 0) + ($1.sawFalse ? 1 : 0) } }

    /// The guard outcomes not seen, as `true: transition` or `false: transition`.
    public var missedGuardOutcomes: [String] {
        guards.flatMap { outcomes in
            (outcomes.sawTrue ? [] : ["true: \(outcomes.transition)"]) + (outcomes.sawFalse ? [] : ["false: \(outcomes.transition)"])
        }
    }
}
