// A `MachineState`'s fields are public and mutable, so one handed back to the machine may not be one of its own:
// another machine's, or one edited by hand. The step writes a state into buffers sized for this machine and reads
// per-state tables by the states it names, so what it takes is checked first.
extension Machine {
    /// Why `state` cannot be one of this machine's states, or nil when it can: the number of variables, history
    /// memories and configuration words; states that exist; a legal configuration (the root active, each active
    /// state's parent active, one child of an active compound state, every region of an active parallel one, no
    /// pseudostate); each variable within its type; each memory one its history could record.
    package func problem(with state: MachineState) -> String? {
        if state.variables.count != variableRange.count {
            return "the state has \(state.variables.count) variables; '\(spec.name)' declares \(variableRange.count)"
        }
        if state.history.count != historyStates.count {
            return "the state has \(state.history.count) history memories; '\(spec.name)' has \(historyStates.count) history states"
        }
        if let problem = setProblem(state.configuration) { return "the configuration \(problem)" }
        let configuration = state.configuration
        guard configuration.contains(0) else { return "the configuration does not contain the root state" }
        for s in configuration where s != 0 {
            if tree.kind[s] == .history || tree.kind[s] == .choice {
                return "'\(path(of: s))' is a pseudostate, never active between steps"
            }
            guard configuration.contains(tree.parent[s]) else { return "'\(path(of: s))' is active but its parent is not" }
        }
        for s in configuration {
            if let problem = childrenProblem(of: s, among: configuration) { return "'\(path(of: s))' is active \(problem)" }
        }
        for (v, value) in state.variables.enumerated() where !variableRange[v].contains(value) {
            return "variable '\(spec.variables[v].name)' is \(value), outside its type (\(spec.variables[v].type))"
        }
        for (h, memory) in state.history.enumerated() {
            guard let memory else { continue }
            if let problem = memoryProblem(memory, history: h) { return "the memory of '\(path(of: historyStates[h]))' \(problem)" }
        }
        return nil
    }

    /// Why `state`'s children in `set` are not those of a legal configuration (one of a compound state, every region
    /// of a parallel one), or nil.
    private func childrenProblem(of state: Int, among set: StateSet) -> String? {
        switch tree.kind[state] {
        case .compound:
            let active = tree.children[state].count(where: { set.contains($0) })
            return active == 1 ? nil : "with \(active) active children; a compound state has one"
        case .parallel:
            let idle = tree.children[state].first { !set.contains($0) && tree.kind[$0] != .history }
            return idle.map { "but its region '\(path(of: $0))' is not" }
        case .atomic, .final, .history, .choice:
            return nil
        }
    }

    /// Why `memory` is not one history `h` could record when its parent was left, or nil. A shallow history records
    /// the parent's active children, a deep one the active leaves below it (a choice among them when its branch was
    /// what left the parent): never nothing, never a history state, always a configuration of the parent.
    private func memoryProblem(_ memory: StateSet, history h: Int) -> String? {
        if let problem = setProblem(memory) { return problem }
        guard !memory.isEmpty else { return "is empty; a history records at least one state" }
        if let stray = memory.first(where: { !tree.historyMasks[h].contains($0) || tree.kind[$0] == .history }) {
            return "holds '\(path(of: stray))', which it cannot record"
        }
        let owner = tree.parent[historyStates[h]]
        // The memory with the states between it and the parent: they must make a configuration of the parent.
        var inside = StateSet(capacity: tree.count)
        for member in memory {
            var state = member
            while state != owner {
                inside.insert(state)
                state = tree.parent[state]
            }
        }
        let isDeep = spec.states[historyStates[h]].historyDepth == .deep
        for state in [owner] + (isDeep ? Array(inside) : []) {
            if let problem = childrenProblem(of: state, among: inside) {
                return "is not a configuration of '\(path(of: owner))': '\(path(of: state))' in it \(problem)"
            }
        }
        return nil
    }

    /// Why a set of states is not one of this machine's (another machine's word count, a state past the last), as
    /// said of the set; nil when it is.
    private func setProblem(_ set: StateSet) -> String? {
        if set.words.count != words { return "is a set of another machine's states (\(set.words.count) words, not \(words))" }
        let spare = words * 64 - tree.count
        if spare > 0 && set.words[words - 1] >> UInt64(64 - spare) != 0 { return "names states past the machine's last" }
        return nil
    }
}
