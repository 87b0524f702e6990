#if Z3
    package import SMSolver
    package import SMSpec

    /// Whether a path's conditions can hold for some values of the declared domains: how the symbolic step drops
    /// paths no value can take. Unknown (a timeout) counts as feasible, which is always safe: the conditions stay on
    /// the path.
    ///
    /// A path grows one condition at a time, and the next question is mostly about the same path: the solver keeps the
    /// last question's conditions, one scope each, and only the ones after the common prefix are taken back and added.
    /// Asking each question from scratch made a loop of a thousand microsteps cost a million encoded conditions.
    package final class PathFeasibility {
        package let context: Z3Context
        private let solver: Z3Solver
        private let spec: ResolvedSpec
        private let variables: [Term]
        private let parameters: [[Term]]
        private var cache: [CacheKey: Bool] = [:]
        /// The conditions asserted now, one scope each, and the event whose parameters they name.
        private var asserted: [Formula] = []
        private var assertedEvent: Int?
        package private(set) var checks = 0

        private struct CacheKey: Hashable {
            let event: Int?
            let conditions: [Formula]
        }

        package init(spec: ResolvedSpec, timeoutMilliseconds: UInt32 = 500) throws(SolverError) {
            self.spec = spec
            let context = try Z3Context()
            let solver = try Z3Solver(context, timeoutMilliseconds: timeoutMilliseconds, resourceLimit: 1_000_000)
            self.context = context
            self.solver = solver
            func declare(_ name: String, _ type: ValueType) -> Term {
                if type == .bool { return context.constant(name, context.boolSort) }
                let term = context.constant(name, context.intSort)
                let range = type.encodedRange
                solver.assert(context.lessOrEqual(context.int(range.lowerBound), term))
                solver.assert(context.lessOrEqual(term, context.int(range.upperBound)))
                return term
            }
            let variables = spec.variables.enumerated().map { declare("v\($0)", $1.type) }
            self.variables = variables
            parameters = spec.events.map { event in event.parameters.enumerated().map { declare("e\(event.index)_p\($0)", $1.type) } }
            try context.check()
        }

        package func isFeasible(event: Int?, conditions: [Formula]) -> Bool {
            if conditions.isEmpty { return true }
            let key = CacheKey(event: event, conditions: conditions)
            if let known = cache[key] { return known }
            checks += 1
            let spec = spec, variables = variables, parameters = parameters
            let encoder = ExpressionEncoder(
                context: context, variable: { variables[$0] }, parameter: { i in event.map { parameters[$0][i] } },
                inState: { _ in self.context.bool(false) }, opaque: { _ in self.context.bool(false) },
                variableIsBool: { spec.variables[$0].type == .bool },
                parameterIsBool: { i in event.map { spec.events[$0].parameters[i].type == .bool } ?? false })
            var common = 0
            if assertedEvent == event {
                while common < min(asserted.count, conditions.count), asserted[common] == conditions[common] { common += 1 }
            }
            do {
                try solver.pop(asserted.count - common)
            } catch {
                return true  // the solver's stack is not what it was: feasible is always safe
            }
            asserted.removeLast(asserted.count - common)
            assertedEvent = event
            for condition in conditions[common...] {
                solver.push()
                solver.assert(encoder.formula(condition))
                asserted.append(condition)
            }
            let feasible: Bool
            switch try? solver.check() {
            case .unsatisfiable: feasible = false
            default: feasible = true
            }
            if cache.count > 100_000 { cache.removeAll() }
            cache[key] = feasible
            return feasible
        }
    }
#endif
