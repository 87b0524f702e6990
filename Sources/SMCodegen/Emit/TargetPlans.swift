import SMEngine
import SMSpec

/// How a target option of a transition is entered.
enum EntryPlan {
    /// The states to enter, in order (the engine's precomputed entry set).
    case sequence([Int])
    /// A history target: one precomputed sequence per state `history` can have recorded (a child or a leaf of its
    /// parent), and `otherwise` for nothing recorded yet.
    case byHistory(history: Int, cases: [(recorded: Int, states: [Int])], otherwise: [Int])
}

/// What the generated code knows ahead of time about one target option: the transition domain (which says what is
/// left) and how the targets are entered. Neither when a history state's recording makes them depend on the run in
/// ways a few branches cannot cover; then the kernel computes both, as the engine does.
struct TargetPlan {
    let domain: Int?
    let entry: EntryPlan?

    var isPrecomputed: Bool { domain != nil && entry != nil }

    /// The most recorded values a history target is branched on before the kernel takes over.
    static let branchLimit = 32

    static func plans(of transition: Int, context: EmissionContext) -> [TargetPlan] {
        context.machine.targetOptions(of: transition).map { option in
            guard option.isDynamic else { return TargetPlan(domain: option.domain, entry: .sequence(option.entryOrder)) }
            return historyPlan(transition, option, context: context) ?? TargetPlan(domain: nil, entry: nil)
        }
    }

    /// A transition to one history state whose parent has no parallel state below it: what it recorded is one child
    /// (shallow) or one leaf (deep), so each value gets its entry precomputed. The domain must not depend on the
    /// value (it does when the source lies inside the parent).
    private static func historyPlan(_ transition: Int, _ option: Machine.TargetOption, context: EmissionContext) -> TargetPlan? {
        let spec = context.spec, machine = context.machine
        guard option.targets.count == 1, let history = option.targets.first, spec.states[history].kind == .history,
            let parent = spec.states[history].parent, spec.states[parent].kind == .compound, !context.facts.sharedByLeaves[parent],
            !machine.historyDefaults(of: history).contains(where: { spec.states[$0].kind == .history })
        else { return nil }
        let recordable =
            spec.states[history].historyDepth == .deep
            ? spec.states.filter { $0.isLeaf && spec.isDescendant($0.index, of: parent, orSelf: false) }.map(\.index)
            : spec.states[parent].children.filter { spec.states[$0].kind != .history }
        guard recordable.count <= branchLimit else { return nil }
        let source = spec.transitions[transition].source, isLocal = spec.transitions[transition].kind == .local
        let otherwise = machine.entry(source: source, targets: [history], isLocal: isLocal, recorded: [:])
        let cases = recordable.map { state in
            (
                state,
                machine.entry(
                    source: source, targets: [history], isLocal: isLocal,
                    recorded: [history: StateSet(capacity: spec.states.count, [state])])
            )
        }
        guard cases.allSatisfy({ $0.1.domain == otherwise.domain }) else { return nil }
        return TargetPlan(
            domain: otherwise.domain,
            entry: .byHistory(history: history, cases: cases.map { ($0.0, $0.1.states) }, otherwise: otherwise.states))
    }
}
