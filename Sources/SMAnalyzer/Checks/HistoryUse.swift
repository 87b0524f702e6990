import SMSpec

/// What may use each history state: transitions that target it, and states whose default entry is it, directly or
/// through other histories whose default goes to it (`"target": "p/h"`). Built once per spec, so asking about every
/// history costs the size of the spec, not that times the histories.
struct HistoryUse {
    private let spec: ResolvedSpec
    /// For each state, the histories whose default targets include it.
    private let defaultedBy: [Int: [Int]]
    private let targetedBy: [Int: [Int]]
    private let initialOf: [Int: [Int]]

    init(spec: ResolvedSpec) {
        self.spec = spec
        var defaultedBy: [Int: [Int]] = [:]
        for state in spec.states where state.kind == .history {
            for target in state.historyDefault { defaultedBy[target, default: []].append(state.index) }
        }
        var targetedBy: [Int: [Int]] = [:]
        for transition in spec.transitions {
            for target in Set(transition.targets) { targetedBy[target, default: []].append(transition.index) }
        }
        var initialOf: [Int: [Int]] = [:]
        for state in spec.states { if let initial = state.initial { initialOf[initial, default: []].append(state.index) } }
        self.defaultedBy = defaultedBy
        self.targetedBy = targetedBy
        self.initialOf = initialOf
    }

    /// `history` and the histories whose default goes to it, directly or through others.
    private func leading(to history: Int) -> [Int] {
        var leading: Set<Int> = [history]
        var pending = [history]
        while let target = pending.popLast() {
            for other in defaultedBy[target] ?? [] where leading.insert(other).inserted { pending.append(other) }
        }
        return leading.sorted()
    }

    /// The transitions that may use `history`, in document order.
    func transitions(using history: Int) -> [ResolvedTransition] {
        Set(leading(to: history).flatMap { targetedBy[$0] ?? [] }).sorted().map { spec.transitions[$0] }
    }

    /// The states whose default entry may use `history`.
    func statesEnteringByDefault(through history: Int) -> [ResolvedState] {
        Set(leading(to: history).flatMap { initialOf[$0] ?? [] }).sorted().map { spec.states[$0] }
    }
}
