import SMEngine
import SMSpec

/// What a spec uses, decided once: the generated code leaves out everything a spec does not need (a flat machine
/// gets no queues, no microstep counter, no history and no run-time entry sets).
struct MachineFacts {
    /// Several leaves can be active at once: selection walks the configuration and collects transitions.
    let hasParallel: Bool
    let hasEventless: Bool
    let raises: Bool
    let sends: Bool
    /// Entering a final state below the top level raises `done.state` events.
    let raisesDoneEvents: Bool
    let hasChoices: Bool
    /// Some transition targets a history state: its entry set depends on what was recorded (the run-time kernel).
    let hasDynamicTargets: Bool
    /// The host provides opaque guards, callbacks or `oneOf` picks.
    let hasHooks: Bool
    let hasOneOf: Bool
    let unhandledIsError: Bool
    /// The most leaves that can be active at once (the selection's capacity).
    let maximumActiveLeaves: Int
    /// Per compound state: whether its subtree holds a parallel state (then its transitions can be reached from
    /// several active leaves, and selection must not take them twice).
    let sharedByLeaves: [Bool]

    var usesInternalQueue: Bool { raises || raisesDoneEvents }
    /// More than one microstep per macrostep is possible, so the `maxMicrosteps` cap must be counted.
    var countsMicrosteps: Bool { hasEventless || usesInternalQueue || hasLimitBelowOne }
    let hasLimitBelowOne: Bool
    /// History is recorded only when a transition can enter it.
    var recordsHistory: Bool { hasDynamicTargets }
    /// Exits walk the configuration below a domain (rather than following the one known active branch).
    var walksExits: Bool { hasParallel || hasDynamicTargets }

    init(machine: Machine) {
        let spec = machine.spec
        hasParallel = spec.states.contains { $0.kind == .parallel }
        hasEventless = spec.states.contains { !$0.eventless.isEmpty }
        var raises = false, sends = false
        func scan(_ actions: [ResolvedAction]) {
            for action in actions {
                switch action.kind {
                case .raise: raises = true
                case .send: sends = true
                case .ifThen(_, let thenActions, let elseActions):
                    scan(thenActions)
                    scan(elseActions)
                case .assign, .call: break
                }
            }
        }
        for state in spec.states {
            scan(state.entry)
            scan(state.exit)
        }
        for transition in spec.transitions { scan(transition.actions) }
        self.raises = raises
        self.sends = sends
        raisesDoneEvents = spec.states.contains { $0.kind == .final && $0.parent != 0 }
        hasChoices = spec.states.contains { $0.kind == .choice }
        hasDynamicTargets = (0..<machine.transitionCount).contains { t in machine.targetOptions(of: t).contains(where: \.isDynamic) }
        hasOneOf = spec.transitions.contains(where: \.isOneOf)
        hasHooks = !spec.opaqueGuards.isEmpty || !spec.callbacks.isEmpty || hasOneOf
        unhandledIsError = spec.options.unhandled == .error
        hasLimitBelowOne = spec.options.maxMicrosteps < 1

        // Leaves come after their ancestors in document order: fold from the end.
        var leaves = Array(repeating: 1, count: spec.states.count)
        var shared = Array(repeating: false, count: spec.states.count)
        for state in spec.states.reversed() {
            let children = state.children.filter { spec.states[$0].kind != .history }
            switch state.kind {
            case .parallel:
                leaves[state.index] = children.map { leaves[$0] }.reduce(0, +)
                shared[state.index] = true
            case .compound:
                leaves[state.index] = children.map { leaves[$0] }.max() ?? 1
                shared[state.index] = children.contains { shared[$0] }
            default:
                break
            }
        }
        maximumActiveLeaves = max(1, leaves[0])
        sharedByLeaves = shared
    }
}
