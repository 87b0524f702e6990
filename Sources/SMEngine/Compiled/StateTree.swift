import SMSpec

/// The state hierarchy as flat arrays indexed by state id, with the SCXML tree queries over them.
package struct StateTree: Sendable {
    package let count: Int
    package let words: Int
    package let parent: [Int]
    package let kind: [Spec.State.Kind]
    package let children: [[Int]]
    /// Proper ancestors, parent first.
    package let ancestors: [[Int]]
    /// Proper descendants.
    package let descendants: [StateSet]
    /// For compound states and the root: the default initial target (a descendant); -1 otherwise.
    package let initialTarget: [Int]
    /// History pseudostates that are children of each state.
    package let historyChildren: [[Int]]
    /// The history states, in document order.
    package let historyStates: [Int]
    /// For each state: its index in `historyStates`, or -1.
    package let historyOrdinal: [Int]
    /// For each history state: where to go when nothing is recorded.
    package let historyDefaults: [[Int]]
    /// Leaves: atomic, final and choice states.
    package let leaves: StateSet
    /// By history ordinal, the states it records when its parent is exited, among the active ones: the leaves
    /// below the parent (deep) or the parent's children (shallow).
    package let historyMasks: [StateSet]
    /// The final states at the top level: entering one halts the machine. Listed apart, so the halt check reads
    /// these, not every top-level state (a flat machine of 100,000 states checked each on every step).
    package let haltingStates: [Int]

    init(_ spec: ResolvedSpec) {
        let n = spec.states.count
        count = n
        words = max(1, (n + 63) / 64)
        parent = spec.states.map { $0.parent ?? -1 }
        kind = spec.states.map(\.kind)
        children = spec.states.map(\.children)
        haltingStates = spec.states.first?.children.filter { spec.states[$0].kind == .final } ?? []
        ancestors = spec.states.map { spec.ancestors(of: $0.index) }
        var descendantSets = Array(repeating: StateSet(capacity: n), count: n)
        for state in spec.states.reversed() {
            if let p = state.parent {
                descendantSets[p].insert(state.index)
                descendantSets[p].formUnion(descendantSets[state.index])
            }
        }
        descendants = descendantSets
        initialTarget = spec.states.map { $0.initial ?? -1 }
        historyChildren = spec.states.map { state in state.children.filter { spec.states[$0].kind == .history } }
        historyStates = spec.states.filter { $0.kind == .history }.map(\.index)
        var ordinals = Array(repeating: -1, count: n)
        for (i, h) in historyStates.enumerated() { ordinals[h] = i }
        historyOrdinal = ordinals
        historyDefaults = spec.states.map { state in
            guard state.kind == .history, let p = state.parent else { return [] }
            if !state.historyDefault.isEmpty { return state.historyDefault }
            // Without a default, entering the history enters its parent as a default entry would; when the parent's
            // initial state is a history state itself, its first child instead.
            let parentState = spec.states[p]
            let children = parentState.children.filter { spec.states[$0].kind != .history }
            if parentState.kind == .parallel { return children }
            if let initial = parentState.initial, spec.states[initial].kind != .history { return [initial] }
            return children.isEmpty ? [p] : [children[0]]
        }
        let leaves = StateSet(capacity: n, spec.states.filter(\.isLeaf).map(\.index))
        self.leaves = leaves
        historyMasks = historyStates.map { h in
            let p = spec.states[h].parent ?? 0
            return spec.states[h].historyDepth == .deep
                ? descendantSets[p].intersection(leaves)
                : StateSet(capacity: n, spec.states[p].children)
        }
    }

    package func isDescendant(_ state: Int, of ancestor: Int) -> Bool { descendants[ancestor].contains(state) }
    package func isCompound(_ state: Int) -> Bool { kind[state] == .compound }

    /// SCXML's getTransitionDomain for a transition with effective targets `targets`.
    package func domain(source: Int, targets: [Int], isLocal: Bool) -> Int {
        if isLocal && isCompound(source) && targets.allSatisfy({ isDescendant($0, of: source) }) { return source }
        return leastCommonCompoundAncestor([source] + targets)
    }

    /// SCXML's findLCCA: the nearest proper ancestor of the first state that is compound (or the root) and
    /// contains all the others.
    package func leastCommonCompoundAncestor(_ states: [Int]) -> Int {
        for candidate in ancestors[states[0]] where candidate == 0 || isCompound(candidate) {
            if states.dropFirst().allSatisfy({ isDescendant($0, of: candidate) }) { return candidate }
        }
        return 0
    }
}
