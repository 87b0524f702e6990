// A `MachineState`'s fields are public and mutable, so one handed back to the machine may not be one of its own:
// another machine's, or one edited by hand. The step writes a state into buffers sized for this machine and reads
// per-state tables by the states it names, so what it takes is checked first.
extension Machine {
    /// Why `state` cannot be one of this machine's states, or nil when it can: the number of variables, history
    /// memories and configuration words; states that exist; a legal configuration (the root active, each active
    /// state's parent active, one child of an active compound state, every region of an active parallel one, no
    /// pseudostate); each variable within its type; each memory a set of the history parent's descendants.
    package func problem(with state: MachineState) -> String? {
        if state.variables.count != variableRange.count {
            return "the state has \(state.variables.count) variables; '\(spec.name)' declares \(variableRange.count)"
        }
        if state.history.count != historyStates.count {
            return "the state has \(state.history.count) history memories; '\(spec.name)' has \(historyStates.count) history states"
        }
        if let problem = setProblem(state.configuration, "the configuration") { return problem }
        let configuration = state.configuration
        guard configuration.contains(0) else { return "the configuration does not contain the root state" }
        for s in configuration where s != 0 {
            if tree.kind[s] == .history || tree.kind[s] == .choice {
                return "'\(path(of: s))' is a pseudostate, never active between steps"
            }
            guard configuration.contains(tree.parent[s]) else { return "'\(path(of: s))' is active but its parent is not" }
        }
        for s in configuration {
            let name = path(of: s)
            switch tree.kind[s] {
            case .compound:
                let active = tree.children[s].filter { configuration.contains($0) }.count
                if active != 1 { return "'\(name)' is active with \(active) active children; a compound state has one" }
            case .parallel:
                if let idle = tree.children[s].first(where: { !configuration.contains($0) && tree.kind[$0] != .history }) {
                    return "'\(name)' is active but its region '\(path(of: idle))' is not"
                }
            case .atomic, .final, .history, .choice: break
            }
        }
        for (v, value) in state.variables.enumerated() where !variableRange[v].contains(value) {
            return "variable '\(spec.variables[v].name)' is \(value), outside its type (\(spec.variables[v].type))"
        }
        for (h, memory) in state.history.enumerated() {
            guard let memory else { continue }
            let owner = tree.parent[historyStates[h]]
            if let problem = setProblem(memory, "the memory of '\(path(of: historyStates[h]))'") { return problem }
            if let stray = memory.first(where: { !tree.isDescendant($0, of: owner) || $0 == owner }) {
                return "the memory of '\(path(of: historyStates[h]))' holds '\(path(of: stray))', not inside its parent"
            }
        }
        return nil
    }

    /// Why a set of states is not one of this machine's: a word count of another machine, or a state past its last.
    private func setProblem(_ set: StateSet, _ what: String) -> String? {
        if set.words.count != words { return "\(what) is a set of another machine's states (\(set.words.count) words, not \(words))" }
        let spare = words * 64 - tree.count
        if spare > 0 && set.words[words - 1] >> UInt64(64 - spare) != 0 { return "\(what) names states past the machine's last" }
        return nil
    }
}
