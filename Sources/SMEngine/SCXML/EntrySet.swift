/// SCXML's computeEntrySet: the states a set of transitions enters, from their targets down to leaves (through
/// history, initial children and every region of a parallel state) and up to the transition domain.
///
/// Used at compile time for the common case (one transition, no history target: the result never changes) and at
/// run time for the rest.
package struct EntrySet {
    package let tree: StateTree
    /// What each history state recorded (indexed by history ordinal); empty means nothing recorded anywhere.
    package let history: [StateSet?]
    package private(set) var statesToEnter: StateSet

    package init(tree: StateTree, history: [StateSet?]) {
        self.tree = tree
        self.history = history
        self.statesToEnter = StateSet(capacity: tree.count)
    }

    private func recorded(_ historyState: Int) -> StateSet? {
        let ordinal = tree.historyOrdinal[historyState]
        return ordinal < history.count ? history[ordinal] : nil
    }

    /// Adds what one transition enters: `targets` resolved down, and their ancestors up to `domain`.
    package mutating func add(targets: [Int], domain: Int) {
        for target in targets { addDescendants(target) }
        for target in effectiveTargets(targets) { addAncestors(target, upTo: domain) }
    }

    /// Targets with history states replaced by what they recorded (or by their defaults).
    package func effectiveTargets(_ targets: [Int], depth: Int = 0) -> [Int] {
        targets.flatMap { target -> [Int] in
            guard tree.kind[target] == .history, depth < tree.count else { return [target] }
            if let recorded = recorded(target) { return Array(recorded) }
            return effectiveTargets(tree.historyDefaults[target], depth: depth + 1)
        }
    }

    /// SCXML's addDescendantStatesToEnter.
    mutating func addDescendants(_ state: Int) {
        if tree.kind[state] == .history {
            let parent = tree.parent[state]
            let resolved = recorded(state).map(Array.init) ?? tree.historyDefaults[state]
            for s in resolved { addDescendants(s) }
            for s in resolved { addAncestors(s, upTo: parent) }
            return
        }
        statesToEnter.insert(state)
        switch tree.kind[state] {
        case .compound:
            let initial = tree.initialTarget[state]
            addDescendants(initial)
            addAncestors(initial, upTo: state)
        case .parallel:
            for child in tree.children[state] where tree.kind[child] != .history && !entersSomething(under: child) {
                addDescendants(child)
            }
        default:
            break
        }
    }

    /// SCXML's addAncestorStatesToEnter: proper ancestors of `state` below `ancestor`.
    mutating func addAncestors(_ state: Int, upTo ancestor: Int) {
        for a in tree.ancestors[state] {
            if a == ancestor { break }
            statesToEnter.insert(a)
            if tree.kind[a] == .parallel {
                for child in tree.children[a] where tree.kind[child] != .history && !entersSomething(under: child) {
                    addDescendants(child)
                }
            }
        }
    }

    private func entersSomething(under state: Int) -> Bool {
        statesToEnter.contains(state) || statesToEnter.intersects(tree.descendants[state])
    }
}
