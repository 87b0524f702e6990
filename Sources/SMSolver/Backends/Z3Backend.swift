public import SMSpec

#if Z3
    internal import CZ3
#endif

/// Answers guard queries with Z3, through `ExpressionEncoder` (ints and enums as Z3 integers, bools as booleans,
/// definedness as the engine evaluates): each variable and parameter is a constant constrained to its declared
/// domain; `in(state)` is a boolean per state, constrained by the hierarchy (see `StateConstraints`); opaque guards
/// are free booleans.
///
/// One context and one solver serve all queries of a spec: domain constraints are asserted once, each query is
/// checked between push and pop. Every check has a time limit and a deterministic resource limit.
public final class Z3Backend: GuardBackend {
    public let name = "z3"
    public let spec: ResolvedSpec

    #if Z3
        private let context: Z3Context
        private let solver: Z3Solver
        private var variables: [Term] = []
        /// Per event, per parameter.
        private var parameters: [[Term]] = []
        private var states: [Term] = []
        private var opaque: [Term] = []
    #endif

    /// - Parameters:
    ///   - timeoutMilliseconds: each check gives up after this long (answering `.unknown`).
    ///   - resourceLimit: each check gives up after this much work, the same on every machine (0: none).
    public init(spec: ResolvedSpec, timeoutMilliseconds: UInt32 = 2_000, resourceLimit: UInt32 = 2_000_000) throws(SolverError) {
        self.spec = spec
        #if Z3
            context = try Z3Context()
            solver = try Z3Solver(context, timeoutMilliseconds: timeoutMilliseconds, resourceLimit: resourceLimit)
            for (i, variable) in spec.variables.enumerated() {
                variables.append(declare("v\(i)_\(variable.name)", variable.type))
            }
            for event in spec.events {
                parameters.append(
                    event.parameters.enumerated().map { i, parameter in
                        declare("e\(event.index)_p\(i)_\(parameter.name)", parameter.type)
                    })
            }
            states = spec.states.map { context.constant("in_\($0.index)", context.boolSort) }
            opaque = spec.opaqueGuards.indices.map { context.constant("opaque_\($0)", context.boolSort) }
            try context.check()
        #else
            throw SolverError("this smcheck was built without Z3 (the \"Z3\" trait); use --solver enumerate")
        #endif
    }

    public func solve(_ query: GuardQuery) -> Verdict {
        #if Z3
            do {
                return try check(query)
            } catch {
                return .unknown(error.message)
            }
        #else
            return .unknown("built without Z3")
        #endif
    }

    #if Z3
        /// A constant of the type's sort, constrained to its domain.
        private func declare(_ name: String, _ type: ValueType) -> Term {
            if type == .bool { return context.constant(name, context.boolSort) }
            let term = context.constant(name, context.intSort)
            let range = type.encodedRange
            solver.assert(context.lessOrEqual(context.int(range.lowerBound), term))
            solver.assert(context.lessOrEqual(term, context.int(range.upperBound)))
            return term
        }

        private func encoder(event: Int?) -> ExpressionEncoder {
            let spec = spec, variables = variables, parameters = parameters, states = states, opaque = opaque
            return ExpressionEncoder(
                context: context, variable: { variables[$0] }, parameter: { i in event.map { parameters[$0][i] } },
                inState: { states[$0] }, opaque: { opaque[$0] },
                variableIsBool: { spec.variables[$0].type == .bool },
                parameterIsBool: { i in event.map { spec.events[$0].parameters[i].type == .bool } ?? false })
        }

        private func check(_ query: GuardQuery) throws(SolverError) -> Verdict {
            let atoms = query.formula.atoms
            let constraints = StateConstraints(spec: spec, tested: atoms.states, active: query.activeStates)
            solver.push()
            defer { try? solver.pop() }
            solver.assert(states[0])
            for s in query.activeStates { solver.assert(states[s]) }
            for (s, p) in constraints.implications { solver.assert(context.implies(states[s], states[p])) }
            for (a, b) in constraints.exclusions { solver.assert(context.not(context.and([states[a], states[b]]))) }
            for (p, r) in constraints.regions { solver.assert(context.implies(states[p], states[r])) }
            solver.assert(encoder(event: query.event).formula(query.formula))
            try context.check()
            switch try solver.check() {
            case .unsatisfiable:
                return .unsatisfiable
            case .unknown(let reason):
                return .unknown("z3 gave up (\(reason))")
            case .satisfiable(let model):
                var witness = SolverWitness()
                for v in atoms.variables { witness.variables[v] = value(model, variables[v], spec.variables[v].type) }
                if let event = query.event {
                    for p in atoms.parameters {
                        witness.parameters[p] = value(model, parameters[event][p], spec.events[event].parameters[p].type)
                    }
                }
                for id in atoms.opaque { witness.opaque[id] = model.bool(opaque[id]) ?? false }
                for s in atoms.states { witness.states[s] = model.bool(states[s]) ?? false }
                return .satisfiable(witness)
            }
        }

        private func value(_ model: Z3Model, _ term: Term, _ type: ValueType) -> Int {
            type == .bool ? ((model.bool(term) ?? false) ? 1 : 0) : (model.int(term) ?? type.encodedRange.lowerBound)
        }
    #endif
}
