package import SMEngine
package import SMSolver
package import SMSpec

/// Something the symbolic verifier decides: whether it ever happens in a run from the start.
package enum Property: Hashable, Sendable {
    /// Invariant (by index) violated at the end of a macrostep (SM006).
    case invariant(Int)
    /// An engine error with this signature (`EngineError.Kind.findingSignature`): loops, range violations,
    /// incomplete choices, queue overflows (SM002, SM009, SM008, SM011).
    case failure(String)
    /// The state is entered, even for a moment (SM001, SM010).
    case enters(Int)
    /// The transition is taken (SM005, SM014).
    case takes(Int)
    /// Some transition handles the event (SM012).
    case handles(Int)
    /// Two transitions of one list are enabled at once (SM004).
    case overlap(first: Int, second: Int)
    /// A stable configuration with these active states in which no event changes anything (SM007).
    case deadlock(StateSet)
}

/// Where each property's event shows in a transition system.
package struct PropertyConditions {
    /// Properties the start itself shows.
    package var atStart: Set<Property> = []
    /// Properties the start shows under conditions that are not constants (an opaque guard's outcome): the
    /// verifier cannot say that these never happen.
    package var maybeAtStart: Set<Property> = []
    /// For each property, the edges (by index) that show it, with conditions beyond the edge's own.
    package var edges: [Property: [(edge: Int, extra: [Formula])]] = [:]
    /// For invariants: the expression that must hold in every stable state.
    package var invariants: [Int: TypedExpression] = [:]
    /// For deadlocks: the locations with those active states that are not final.
    package var deadlocks: [StateSet: [Int]] = [:]
    /// Every property to decide, in a stable order.
    package var all: [Property] = []

    package init(system: TransitionSystem) {
        let machine = system.machine
        let spec = machine.spec
        var all: [Property] = []
        all += spec.invariants.indices.map { .invariant($0) }
        all += spec.states.dropFirst().filter { $0.kind != .history }.map { .enters($0.index) }
        all += spec.transitions.indices.map { .takes($0) }
        all += spec.events.filter { !$0.isImplicit }.map { .handles($0.index) }
        for invariant in spec.invariants { invariants[invariant.index] = invariant.expression }
        // Locals, not the stored properties: closures that wrote to those copied the whole value on every call
        // (seconds per thousand edges).
        var atStart: Set<Property> = []
        var maybeAtStart: Set<Property> = []
        var edges: [Property: [(edge: Int, extra: [Formula])]] = [:]

        // The start's values are constants: an invariant it breaks before the events the machine sent itself run, and
        // two guards it finds enabled at once, are decided here.
        record(
            system.start, spec: spec, into: { atStart.insert($0) },
            extra: { property, conditions in
                switch Self.constantTruth(.and(conditions)) {
                case true?: atStart.insert(property)
                case false?: break
                case nil: maybeAtStart.insert(property)
                }
            })
        for (index, edge) in system.edges.enumerated() {
            record(
                edge.path, spec: spec, into: { property in edges[property, default: []].append((index, [])) },
                extra: { property, conditions in edges[property, default: []].append((index, conditions)) })
        }
        self.atStart = atStart
        self.maybeAtStart = maybeAtStart
        self.edges = edges
        // Failures and overlaps are only properties where some path shows them.
        var seen = Set(all)
        let onlyWhereShown = atStart.union(edges.keys).filter { !seen.contains($0) }
        for property in onlyWhereShown.map({ (String(describing: $0), $0) }).sorted(by: { $0.0 < $1.0 }).map(\.1)
        where seen.insert(property).inserted {
            all.append(property)
        }
        // A location with a step that always changes something (an unconditional path elsewhere, or one that fails) is
        // never deadlocked: only the others need the solver.
        var alwaysProgresses = Set<Int>()
        for edge in system.edges where edge.path.conditions.isEmpty {
            switch edge.path.outcome {
            case .failure(let failure):
                if case .unhandledEvent = failure.kind { continue }
                alwaysProgresses.insert(edge.source)
            case .stable:
                if edge.target != edge.source { alwaysProgresses.insert(edge.source) }
            }
        }
        for (l, control) in system.locations.enumerated() where !Self.isFinal(control.configuration, machine) {
            if deadlocks[control.configuration] == nil {
                all.append(.deadlock(control.configuration))
                deadlocks[control.configuration] = []
            }
            if !alwaysProgresses.contains(l) { deadlocks[control.configuration, default: []].append(l) }
        }
        self.all = all
    }

    /// What one path shows: its failure, the states it enters, the transitions it takes, the events handled, the
    /// overlaps it meets, and invariants broken at the end of a macrostep before the last.
    private func record(
        _ path: SymbolicPath, spec: ResolvedSpec, into shows: (Property) -> Void,
        extra: (Property, [Formula]) -> Void
    ) {
        if let failure = path.failure, let signature = failure.kind.findingSignature(at: failure.location) { shows(.failure(signature)) }
        for state in path.entered where spec.states[state].kind != .history && state != 0 { shows(.enters(state)) }
        for transition in path.taken { shows(.takes(transition)) }
        for event in path.handledEvents where !spec.events[event].isImplicit { shows(.handles(event)) }
        for overlap in path.overlaps { extra(.overlap(first: overlap.first, second: overlap.second), overlap.conditions) }
        for (control, values) in path.intermediate {
            for invariant in spec.invariants {
                let configuration = control.configuration
                let value = Substitution(variables: values, parameters: nil, isActive: { configuration.contains($0) }).apply(
                    invariant.expression)
                switch Substitution.constant(value) {
                case .success(let v) where v != 0: continue
                // An invariant that cannot be evaluated does not hold (as the engine checks it).
                case .success, .failure: extra(.invariant(invariant.index), [])
                case nil: extra(.invariant(invariant.index), [.not(.holds(value))])
                }
            }
        }
    }

    /// A configuration the machine is done in: halted, or every active leaf final (no deadlock there).
    static func isFinal(_ configuration: StateSet, _ machine: Machine) -> Bool {
        let spec = machine.spec
        if spec.states[0].children.contains(where: { spec.states[$0].kind == .final && configuration.contains($0) }) { return true }
        let leaves = configuration.filter { machine.isLeaf($0) }
        return !leaves.isEmpty && leaves.allSatisfy { spec.states[$0].kind == .final }
    }

    /// Whether `formula` holds, when its expressions are constants; nil when one is not (or is an opaque guard).
    private static func constantTruth(_ formula: Formula) -> Bool? {
        switch formula {
        case .truth(let value): return value
        case .holds(let e):
            switch Substitution.constant(e) {
            case .success(let value)?: return value != 0
            case .failure?: return false
            case nil: return nil
            }
        case .defined(let e):
            switch Substitution.constant(e) {
            case .success?: return true
            case .failure?: return false
            case nil: return nil
            }
        case .outside, .opaque: return nil
        case .not(let inner): return constantTruth(inner).map { !$0 }
        case .and(let list):
            let values = list.map(constantTruth)
            if values.contains(false) { return false }
            return values.contains(nil) ? nil : true
        case .or(let list):
            let values = list.map(constantTruth)
            if values.contains(true) { return true }
            return values.contains(nil) ? nil : false
        }
    }
}
