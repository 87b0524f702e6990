import SMEngine
import SMSpec

/// Findings that follow from the spec's text alone: duplicate names (SM003), events nothing handles (SM012),
/// variables nothing reads (SM013), history states nothing targets (SM014).
struct StructureChecks {
    let machine: Machine
    var spec: ResolvedSpec { machine.spec }

    func run() -> [Finding] {
        duplicateNames() + unhandledEvents() + unreadVariables() + untargetedHistory()
    }

    private func duplicateNames() -> [Finding] {
        let named = Dictionary(grouping: spec.states.dropFirst(), by: \.name).filter { $0.value.count > 1 }
        return named.values.map { states in
            let paths = states.map(\.path)
            let name = states[0].name
            // A top-level state's path is its name: a bare reference means it, which a reader may not expect.
            let reference =
                paths.contains(name)
                ? "a bare reference to '\(name)' means the top-level one"
                : "a bare reference to '\(name)' is ambiguous"
            return Finding(
                .duplicateName,
                "\(states.count) states are named '\(name)' (\(paths.joined(separator: ", "))); \(reference), and name-based lookups like StateKit's goToState pick one silently",
                states: paths, location: states[1].location, method: .structure)
        }
    }

    /// Events no transition's trigger matches (by name, by a descriptor such as `error` for `error.io`, or `*`).
    private func unhandledEvents() -> [Finding] {
        let handled = Set(spec.transitions.flatMap(\.matchedEvents))
        return spec.events.filter { !$0.isImplicit && !handled.contains($0.index) }.map { event in
            Finding(
                .eventNeverHandled, "event '\(event.name)' is never handled: no state has a transition for it",
                location: event.location, method: .structure)
        }
    }

    private func unreadVariables() -> [Finding] {
        var read = Set<Int>()
        func visit(_ actions: [ResolvedAction]) {
            for action in actions {
                switch action.kind {
                case .assign(let assignments): for a in assignments { read.formUnion(a.value.variablesRead) }
                case .raise(_, let arguments), .send(_, let arguments): for e in arguments { read.formUnion(e.variablesRead) }
                case .ifThen(let condition, let thenActions, let elseActions):
                    read.formUnion(condition.variablesRead)
                    visit(thenActions)
                    visit(elseActions)
                case .call: break
                }
            }
        }
        for transition in spec.transitions {
            if case .expression(let e, _) = transition.guardCondition { read.formUnion(e.variablesRead) }
            visit(transition.actions)
        }
        for state in spec.states {
            visit(state.entry)
            visit(state.exit)
        }
        for invariant in spec.invariants { read.formUnion(invariant.expression.variablesRead) }
        return spec.variables.enumerated().filter { !read.contains($0.offset) }.map { index, variable in
            Finding(
                .unusedDeclaration,
                "variable '\(variable.name)' is never read: no guard, action or invariant uses its value",
                location: variable.location, method: .structure)
        }
    }

    private func untargetedHistory() -> [Finding] {
        let use = HistoryUse(spec: spec)
        // A history another history's default goes to is used when that one is.
        let unused = spec.states.filter { state in
            state.kind == .history && use.transitions(using: state.index).isEmpty
                && use.statesEnteringByDefault(through: state.index).isEmpty
        }
        return unused.map { state in
            Finding(
                .uselessHistory,
                "history state '\(state.path)' is never targeted, so it never restores anything; target it (as \"\(state.path)\") where the parent should resume",
                states: [state.path], location: state.location, method: .structure)
        }
    }
}
