#if Z3
    import Foundation
    import SMEngine
    import SMSolver
    import SMSpec

    /// Bounded model checking and k-induction over a transition system's encoding.
    ///
    /// A property's "bad" is what makes it happen: in a state (an invariant broken, a deadlock) or on a step from a
    /// state (an edge that fails, enters a state, takes a transition, meets an overlap).
    final class ModelChecker {
        let encoding: SymbolicEncoding
        let conditions: PropertyConditions
        let timeoutMilliseconds: UInt32
        var context: Z3Context { encoding.context }
        var system: TransitionSystem { encoding.system }
        private var fresh = 0

        init(encoding: SymbolicEncoding, conditions: PropertyConditions, timeoutMilliseconds: UInt32) {
            self.encoding = encoding
            self.conditions = conditions
            self.timeoutMilliseconds = timeoutMilliseconds
        }

        // MARK: - Bads

        /// The property's bad in `state` (nil when it has none there). `weakened`: a deadlock's condition without
        /// quantifiers, checking events with too many parameter values for theirs at the bounds only; it holds
        /// wherever the deadlock does, so where it never holds, no deadlock does.
        func stateBad(_ property: Property, _ state: SymbolicEncoding.State, weakened: Bool = false) -> Term? {
            switch property {
            case .invariant(let index):
                guard let expression = conditions.invariants[index] else { return nil }
                // An invariant that cannot be evaluated does not hold (`holds` is false there), as the engine checks it.
                return context.not(encoding.encoder(state).formula(.holds(expression)))
            case .deadlock(let configuration):
                guard let locations = conditions.deadlocks[configuration] else { return nil }
                return context.or(
                    locations.map {
                        context.and([context.equal(state.location, context.int($0)), noProgress(from: $0, state, weakened: weakened)])
                    })
            default:
                return nil
            }
        }

        /// The property's bad on a step from `state` with `input` (nil when it has none). `taken` keeps each edge's
        /// term for this step: an edge shows many properties (its failure, the states it enters, the transitions it
        /// takes), and its conditions, of values a hundred microsteps deep, are costly to encode again for each.
        func edgeBad(
            _ property: Property, _ state: SymbolicEncoding.State, _ input: SymbolicEncoding.Input, taken: inout [Int: Term]
        ) -> Term? {
            guard let edges = conditions.edges[property], !edges.isEmpty else { return nil }
            var terms: [Term] = []
            for (edge, extra) in edges {
                let edgeTaken = taken[edge] ?? encoding.taken(edge, from: state, input: input)
                taken[edge] = edgeTaken
                terms.append(
                    extra.isEmpty
                        ? edgeTaken : context.and([edgeTaken, encoding.conditions(extra, state, input, event: system.edges[edge].event)]))
            }
            return context.or(terms)
        }

        func edgeBad(_ property: Property, _ state: SymbolicEncoding.State, _ input: SymbolicEncoding.Input) -> Term? {
            var taken: [Int: Term] = [:]
            return edgeBad(property, state, input, taken: &taken)
        }

        /// No event changes anything from `location` with `state`'s values: for every event and all its parameter
        /// values, every path that can be taken stays in place, or is the event going unhandled. `weakened`: only the
        /// boundary values of parameters with too many values to write out. A deadlock's bad at that location (a Horn
        /// rule of each location takes its own, not the disjunction over every location that `stateBad` builds).
        func noProgress(from location: Int, _ state: SymbolicEncoding.State, weakened: Bool) -> Term {
            var byEvent: [Int: [Int]] = [:]
            for (index, edge) in system.edges.enumerated() where edge.source == location { byEvent[edge.event, default: []].append(index) }
            var terms: [Term] = []
            for (event, edges) in byEvent.sorted(by: { $0.key < $1.key }) {
                func stays(_ input: SymbolicEncoding.Input) -> Term {
                    context.and(
                        edges.map { index -> Term in
                            let edge = system.edges[index]
                            let enabled = encoding.conditions(edge.path.conditions, state, input, event: event)
                            return context.implies(enabled, context.not(progress(edge, from: location, state, input)))
                        })
                }
                // Every value of small parameter domains written out (no quantifier, so Horn clauses can carry it too).
                if let instances = encoding.parameterInstances(of: event, upTo: Self.expandedInstances) {
                    terms += instances.map(stays)
                    continue
                }
                if weakened {
                    terms += encoding.boundaryInstances(of: event, upTo: Self.expandedInstances).map(stays)
                    continue
                }
                fresh += 1
                let input = encoding.input("q\(fresh)")
                terms.append(
                    context.forall(input.parameters[event] ?? [], context.implies(encoding.domain(input, only: event), stays(input))))
            }
            return context.and(terms)
        }

        /// Events with at most this many parameter combinations have their deadlock condition written out.
        static let expandedInstances = 256

        /// Whether no deadlock condition needs a quantifier.
        var deadlocksAreQuantifierFree: Bool {
            system.machine.spec.events.allSatisfy { !$0.isImplicit ? $0.instanceCount <= Self.expandedInstances : true }
        }

        private func progress(
            _ edge: TransitionSystem.Edge, from location: Int, _ state: SymbolicEncoding.State,
            _ input: SymbolicEncoding.Input
        ) -> Term {
            switch edge.path.outcome {
            case .failure(let failure):
                if case .unhandledEvent = failure.kind { return context.bool(false) }
                return context.bool(true)
            case .stable(_, let values):
                guard edge.target == location else { return context.bool(true) }
                let encoder = encoding.encoder(state, input, event: edge.event)
                return context.or(
                    values.enumerated().map { i, value in context.not(context.equal(state.values[i], encoder.expression(value).value)) })
            }
        }

        // MARK: - Bounded model checking

        struct Found {
            let trace: [TraceStep]
            let inLastStep: Bool
        }

        /// The unrolling bounded model checking has built so far: the solver holds the start and the steps up to
        /// `depth`, whose bads are looked for next. Kept between calls of `bmc`, so that a search stopped for other
        /// work (Spacer's proofs) goes on where it stopped instead of encoding the shallower steps again.
        final class Unrolling {
            let solver: Z3Solver
            var states: [SymbolicEncoding.State]
            var inputs: [SymbolicEncoding.Input] = []
            var depth = 0
            var diameterChecks: Bool
            /// Every reachable state lies within the depths searched.
            var exhausted = false

            init(_ checker: ModelChecker) throws(SolverError) {
                solver = try Z3Solver(checker.context, timeoutMilliseconds: checker.timeoutMilliseconds, resourceLimit: 0)
                states = [checker.encoding.state("s0")]
                solver.assert(checker.encoding.initial(states[0]))
                diameterChecks = checker.checksDiameter
            }
        }

        /// Unrolls from where `unrolling` stopped (the start, for a new one), one step at a time, and finds the shortest
        /// trace to each property's bad, until every property is found, `maximumDepth` is reached or time runs out.
        /// Returns what was found in this call and the depth to which the others are known not to happen.
        func bmc(
            _ properties: [Property], in unrolling: Unrolling, maximumDepth: Int, deadline: ContinuousClock.Instant,
            cancelled: () -> Bool, progress: (Int, Int) -> Void
        ) throws(SolverError) -> BMCResult {
            let solver = unrolling.solver
            var pending = properties
            var found: [Property: Found] = [:]
            var checkedDepth = unrolling.depth - 1
            if unrolling.exhausted { return BMCResult(found: [:], checkedDepth: checkedDepth, stopped: nil, exhausted: true) }
            for depth in unrolling.depth...max(unrolling.depth, maximumDepth) where depth <= maximumDepth {
                if pending.isEmpty { break }
                if ContinuousClock.now > deadline || cancelled() {
                    return BMCResult(found: found, checkedDepth: checkedDepth, stopped: "the time limit ran out at depth \(depth)")
                }
                let state = unrolling.states[depth]
                // A call stopped inside this depth made its input already.
                if unrolling.inputs.count == depth { unrolling.inputs.append(encoding.input("i\(depth)")) }
                let input = unrolling.inputs[depth]
                let inputs = unrolling.inputs
                let states = unrolling.states
                // Bads in the state first (a trace of `depth` steps), then on a step from it (`depth + 1` steps).
                // Encoding them can take long on its own: the deadline is watched between properties too.
                var stateBads: [(Property, Term)] = []
                var edgeBads: [(Property, Term)] = []
                var takenAtDepth: [Int: Term] = [:]
                for property in pending {
                    if ContinuousClock.now > deadline || cancelled() {
                        return BMCResult(found: found, checkedDepth: checkedDepth, stopped: "the time limit ran out at depth \(depth)")
                    }
                    if let bad = stateBad(property, state) { stateBads.append((property, bad)) }
                    if let bad = edgeBad(property, state, input, taken: &takenAtDepth) { edgeBads.append((property, bad)) }
                }
                for (kind, bads) in [(false, stateBads), (true, edgeBads)] {
                    // A property found in the state is not looked for again on the step: its trace is a step shorter.
                    let stillPending = Set(pending)
                    var remaining = bads.filter { bad in stillPending.contains(bad.0) }
                    while !remaining.isEmpty {
                        // Each model may show one property of thousands: the deadline bounds the round, not only a call.
                        if ContinuousClock.now > deadline || cancelled() {
                            return BMCResult(found: found, checkedDepth: checkedDepth, stopped: "the time limit ran out at depth \(depth)")
                        }
                        solver.push()
                        if kind { solver.assert(encoding.domain(input)) }
                        solver.assert(context.or(remaining.map(\.1)))
                        let time = SolverTime(perCall: timeoutMilliseconds, deadline: deadline)
                        solver.setLimits(timeoutMilliseconds: time.milliseconds)
                        let outcome = try solver.check()
                        switch outcome {
                        case .satisfiable(let model):
                            let stepInputs = kind ? inputs : Array(inputs.dropLast())
                            var shown = Set(remaining.filter { model.bool($0.1) == true }.map(\.0))
                            let trace = self.trace(model, states: states, inputs: stepInputs)
                            for property in shown { found[property] = Found(trace: trace, inLastStep: kind) }
                            try solver.pop()
                            if shown.isEmpty {
                                // A model need not give a quantified bad a value (a deadlock over wide parameter
                                // domains): each bad is then asked alone, and the first that holds is shown.
                                let alone = try firstHoldingAlone(
                                    remaining, solver: solver, input: kind ? input : nil, deadline: deadline, cancelled: cancelled
                                ) { self.trace($0, states: states, inputs: stepInputs) }
                                // Those that cannot happen at this depth are not asked again at it.
                                remaining.removeAll { alone.unsatisfiable.contains($0.0) }
                                switch alone.outcome {
                                case .holds(let property, let trace)?:
                                    found[property] = Found(trace: trace, inLastStep: kind)
                                    shown = [property]
                                case .unknown(let reason)?:
                                    return BMCResult(found: found, checkedDepth: checkedDepth, stopped: "\(reason) at depth \(depth)")
                                case nil where !alone.unsatisfiable.isEmpty && remaining.isEmpty:
                                    // Each was unsatisfiable alone after all: none at this depth.
                                    break
                                case nil:
                                    return BMCResult(
                                        found: found, checkedDepth: checkedDepth,
                                        stopped: "z3 returned a model that shows no property at depth \(depth)")
                                }
                            }
                            remaining.removeAll { shown.contains($0.0) }
                            pending.removeAll { shown.contains($0) }
                        case .unsatisfiable:
                            try solver.pop()
                            remaining = []
                        case .unknown(let reason):
                            try solver.pop()
                            return BMCResult(
                                found: found, checkedDepth: checkedDepth,
                                stopped: "\(time.whyUnknown("z3", reason: reason)) at depth \(depth)")
                        }
                    }
                }
                checkedDepth = depth
                progress(depth, pending.count)
                let next = encoding.state("s\(depth + 1)")
                solver.assert(encoding.domain(input))
                solver.assert(encoding.transition(from: state, input: input, to: next))
                unrolling.states.append(next)
                unrolling.depth = depth + 1
                // No path of depth + 1 steps through distinct states: every reachable state was reached by now, so
                // what was not found never happens (the recurrence diameter; only worth asking of small systems).
                if unrolling.diameterChecks, depth < Self.diameterCheckLimit {
                    switch try hasSimplePath(solver, unrolling.states, time: SolverTime(perCall: 1_000, deadline: deadline)) {
                    case false?:
                        unrolling.exhausted = true
                        return BMCResult(found: found, checkedDepth: checkedDepth, stopped: nil, exhausted: true)
                    case true?: break
                    case nil: unrolling.diameterChecks = false  // too hard for this system: not asked again
                    }
                }
            }
            return BMCResult(found: found, checkedDepth: checkedDepth, stopped: nil)
        }

        private enum AloneOutcome {
            case holds(Property, [TraceStep])
            case unknown(String)
        }

        /// The first of `bads` satisfiable on its own (with `input`'s domain, for bads on a step), with the trace
        /// `trace` reads off its model (nil when none is, or time ran out first), and those found unsatisfiable on
        /// the way. Each question has what is left of the time limit.
        private func firstHoldingAlone(
            _ bads: [(Property, Term)], solver: Z3Solver, input: SymbolicEncoding.Input?, deadline: ContinuousClock.Instant,
            cancelled: () -> Bool, trace: (Z3Model) -> [TraceStep]
        ) throws(SolverError) -> (outcome: AloneOutcome?, unsatisfiable: [Property]) {
            var unsatisfiable: [Property] = []
            for (property, bad) in bads {
                if ContinuousClock.now > deadline || cancelled() { return (.unknown("the time limit ran out"), unsatisfiable) }
                let time = SolverTime(perCall: timeoutMilliseconds, deadline: deadline)
                solver.push()
                if let input { solver.assert(encoding.domain(input)) }
                solver.assert(bad)
                solver.setLimits(timeoutMilliseconds: time.milliseconds)
                let outcome = try solver.check()
                let shown: [TraceStep]? = if case .satisfiable(let model) = outcome { trace(model) } else { nil }
                try solver.pop()
                switch outcome {
                case .satisfiable: return (.holds(property, shown ?? []), unsatisfiable)
                case .unsatisfiable: unsatisfiable.append(property)
                case .unknown(let reason): return (.unknown(time.whyUnknown("z3", reason: reason)), unsatisfiable)
                }
            }
            return (nil, unsatisfiable)
        }

        struct BMCResult {
            var found: [Property: Found]
            /// The depth to which everything not found is known not to happen.
            var checkedDepth: Int
            var stopped: String?
            /// Every reachable state lies within `checkedDepth` steps: what was not found never happens.
            var exhausted = false
        }

        /// Whether the recurrence diameter is worth looking for: a small packed state space (each variable counted in
        /// the steps its assignments allow, `StateCodec.bits`).
        var checksDiameter: Bool { StateCodec(machine: system.machine).bits <= 24 }
        static let diameterCheckLimit = 200

        /// Whether a path through distinct states links `states`; nil when the solver cannot tell in `time`.
        private func hasSimplePath(_ solver: Z3Solver, _ states: [SymbolicEncoding.State], time: SolverTime) throws(SolverError) -> Bool? {
            solver.push()
            solver.setLimits(timeoutMilliseconds: time.milliseconds)
            defer { try? solver.pop() }
            for j in states.indices {
                for i in 0..<j {
                    let differ =
                        [context.not(context.equal(states[i].location, states[j].location))]
                        + zip(states[i].values, states[j].values).map { context.not(context.equal($0, $1)) }
                    solver.assert(context.or(differ))
                }
            }
            switch try solver.check() {
            case .unsatisfiable: return false
            case .satisfiable: return true
            case .unknown: return nil
            }
        }

        /// The events, parameters and choices of a model's steps.
        private func trace(_ model: Z3Model, states: [SymbolicEncoding.State], inputs: [SymbolicEncoding.Input]) -> [TraceStep] {
            let spec = system.machine.spec
            return inputs.map { input in
                let index = model.int(input.selector) ?? 0
                let edge = system.edges[min(max(index, 0), system.edges.count - 1)]
                let parameters = spec.events[edge.event].parameters
                let arguments = (input.parameters[edge.event] ?? []).enumerated().map { i, term in
                    parameters[i].type == .bool
                        ? ((model.bool(term) ?? false) ? 1 : 0) : (model.int(term) ?? parameters[i].type.encodedRange.lowerBound)
                }
                return TraceStep(event: EventInstance(event: edge.event, arguments: arguments), choices: edge.path.choices)
            }
        }

        // MARK: - k-induction

        /// Tries to prove that the properties never happen by k-induction, for k up to `maximumK`: from any state of
        /// the system, k steps in which none of them happens cannot lead to one that does. Properties that can break
        /// the step are dropped and the rest tried again, so what is returned is proved for the depths BMC checked.
        func induction(_ properties: [Property], maximumK: Int, deadline: ContinuousClock.Instant, cancelled: () -> Bool)
            throws(SolverError) -> (proved: [Property], stopped: String?)
        {
            guard maximumK >= 1 else { return ([], nil) }
            var proved: [Property] = []
            for k in 1...maximumK {
                var working = properties.filter { !proved.contains($0) }
                if working.isEmpty { break }
                let solver = try Z3Solver(context, timeoutMilliseconds: timeoutMilliseconds, resourceLimit: 0)
                var states = [encoding.state("k\(k)s0")]
                var inputs: [SymbolicEncoding.Input] = []
                solver.assert(encoding.domain(states[0]))
                for j in 0..<k {
                    let input = encoding.input("k\(k)i\(j)")
                    inputs.append(input)
                    let next = encoding.state("k\(k)s\(j + 1)")
                    solver.assert(encoding.domain(input))
                    solver.assert(encoding.transition(from: states[j], input: input, to: next))
                    states.append(next)
                }
                let last = encoding.input("k\(k)i\(k)")
                solver.assert(encoding.domain(last))
                // What is already proved holds in every reachable state: a sound strengthening of every step.
                for property in proved {
                    for j in 0...k {
                        if let bad = stateBad(property, states[j]) { solver.assert(context.not(bad)) }
                        if j < k, let bad = edgeBad(property, states[j], inputs[j]) { solver.assert(context.not(bad)) }
                    }
                }
                while !working.isEmpty {
                    if ContinuousClock.now > deadline || cancelled() { return (proved, "the time limit ran out during induction") }
                    solver.push()
                    for property in working {
                        for j in 0..<k {
                            if let bad = stateBad(property, states[j]) { solver.assert(context.not(bad)) }
                            if let bad = edgeBad(property, states[j], inputs[j]) { solver.assert(context.not(bad)) }
                        }
                    }
                    let bads = working.map { property in
                        (property, context.or([stateBad(property, states[k]), edgeBad(property, states[k], last)].compactMap { $0 }))
                    }
                    solver.assert(context.or(bads.map(\.1)))
                    solver.setLimits(timeoutMilliseconds: SolverTime(perCall: timeoutMilliseconds, deadline: deadline).milliseconds)
                    let outcome = try solver.check()
                    try solver.pop()
                    switch outcome {
                    case .unsatisfiable:
                        proved += working
                        working = []
                    case .satisfiable(let model):
                        let breaking = bads.filter { model.bool($0.1) == true }.map(\.0)
                        if breaking.isEmpty { working = [] }
                        working.removeAll { breaking.contains($0) }
                    case .unknown:
                        working = []
                    }
                }
            }
            return (proved, nil)
        }
    }
#endif
