import SMSpec

extension ResolvedSpec {
    /// `history` and the histories whose default goes to it, directly or through others (`"target": "p/h"`): using
    /// any of them may use it.
    func historiesLeading(to history: Int) -> Set<Int> {
        var leading: Set<Int> = [history]
        var pending = [history]
        while let target = pending.popLast() {
            for state in states where state.kind == .history && state.historyDefault.contains(target) {
                if leading.insert(state.index).inserted { pending.append(state.index) }
            }
        }
        return leading
    }

    /// The transitions that may use `history`: those that target it or a history leading to it.
    func transitions(using history: Int) -> [ResolvedTransition] {
        let leading = historiesLeading(to: history)
        return transitions.filter { !leading.isDisjoint(with: $0.targets) }
    }

    /// The states whose default entry may use `history`: those whose initial state is it or a history leading to it.
    func statesEnteringByDefault(through history: Int) -> [ResolvedState] {
        let leading = historiesLeading(to: history)
        return states.filter { $0.initial.map(leading.contains) == true }
    }
}
