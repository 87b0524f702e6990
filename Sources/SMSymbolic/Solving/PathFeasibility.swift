#if Z3
    package import SMSolver
    package import SMSpec

    /// Whether a path's conditions can hold for some values of the declared domains: how the symbolic step drops
    /// paths no value can take. Unknown (a timeout) counts as feasible, which is always safe: the conditions stay on
    /// the path.
    ///
    /// A path grows one condition at a time, so the next question mostly repeats the last one's conditions and adds
    /// one. Two ways to ask, each fast where the other is slow:
    /// - **whole**: every condition at once, in one scope of a solver of its own. Z3 simplifies a conjunction best
    ///   this way (a chain of nested `/` that one scope per condition left at its time limit takes milliseconds),
    ///   but a path of a thousand microsteps would have its thousand conditions solved again for every new one.
    /// - **incremental**: a second solver keeps the last question's conditions, one scope each, and only those after
    ///   the common prefix are taken back and added.
    ///
    /// Short paths are asked whole. Long ones are asked incrementally, with a short limit, and whole when that gives
    /// no answer; once the whole question answered where the incremental one did not, every question is asked whole.
    /// Each condition's term is encoded once. Which way is taken (a 50 ms limit on a busy machine) changes the time,
    /// never the answer: the whole question is asked whenever the incremental one gives none.
    package final class PathFeasibility {
        package let context: Z3Context
        private let whole: Z3Solver
        private let incremental: Z3Solver
        private let spec: ResolvedSpec
        private let variables: [Term]
        private let parameters: [[Term]]
        private var cache: [CacheKey: Bool] = [:]
        /// Each condition's term, by the event whose parameters it names.
        private var encoded: [EncodedCondition: Term] = [:]
        /// The conditions the incremental solver holds, one scope each, and the event whose parameters they name.
        private var asserted: [Formula] = []
        private var assertedEvent: Int?
        private var incrementalFailed = false
        package private(set) var checks = 0

        /// Paths with at most this many conditions are asked whole.
        static let wholeUpTo = 64
        /// What the incremental solver gets before the question is asked whole.
        static let incrementalMilliseconds: UInt32 = 50

        private struct CacheKey: Hashable {
            let event: Int?
            let conditions: [Formula]
        }

        private struct EncodedCondition: Hashable {
            let event: Int?
            let condition: Formula
        }

        package init(spec: ResolvedSpec, timeoutMilliseconds: UInt32 = 500) throws(SolverError) {
            self.spec = spec
            let context = try Z3Context()
            let whole = try Z3Solver(context, timeoutMilliseconds: timeoutMilliseconds, resourceLimit: 1_000_000)
            let incremental = try Z3Solver(context, timeoutMilliseconds: Self.incrementalMilliseconds, resourceLimit: 1_000_000)
            self.context = context
            self.whole = whole
            self.incremental = incremental
            func declare(_ name: String, _ type: ValueType) -> Term {
                if type == .bool { return context.constant(name, context.boolSort) }
                let term = context.constant(name, context.intSort)
                let range = type.encodedRange
                for solver in [whole, incremental] {
                    solver.assert(context.lessOrEqual(context.int(range.lowerBound), term))
                    solver.assert(context.lessOrEqual(term, context.int(range.upperBound)))
                }
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
            let incrementally =
                conditions.count > Self.wholeUpTo && !incrementalFailed ? askedIncrementally(event: event, conditions) : nil
            let outcome = incrementally ?? askedWhole(event: event, conditions)
            // Where the whole question was answered and the incremental one was not, the spec's conditions are of the
            // kind only the whole question simplifies: the incremental solver is not asked again.
            if incrementally == nil, outcome != nil, conditions.count > Self.wholeUpTo { incrementalFailed = true }
            let feasible = outcome != false
            if cache.count > 100_000 { cache.removeAll() }
            cache[key] = feasible
            return feasible
        }

        /// Whether the conditions can hold (nil: no answer in time).
        private func askedWhole(event: Int?, _ conditions: [Formula]) -> Bool? {
            whole.push()
            defer { try? whole.pop() }
            whole.assert(context.and(conditions.map { term(of: $0, event: event) }))
            return Self.answer(try? whole.check())
        }

        private func askedIncrementally(event: Int?, _ conditions: [Formula]) -> Bool? {
            var common = 0
            if assertedEvent == event {
                while common < min(asserted.count, conditions.count), asserted[common] == conditions[common] { common += 1 }
            }
            do {
                try incremental.pop(asserted.count - common)
            } catch {
                // The solver's stack is not what `asserted` says: every question is asked whole from now on.
                incrementalFailed = true
                return nil
            }
            asserted.removeLast(asserted.count - common)
            assertedEvent = event
            for condition in conditions[common...] {
                incremental.push()
                incremental.assert(term(of: condition, event: event))
                asserted.append(condition)
            }
            return Self.answer(try? incremental.check())
        }

        private static func answer(_ outcome: Z3Solver.Outcome?) -> Bool? {
            switch outcome {
            case .unsatisfiable: false
            case .satisfiable: true
            case .unknown, nil: nil
            }
        }

        /// A value of `type` that the conditions make equal to something simpler: the constant a solution of them
        /// gives it, else one of the variables of that type it reads (a bool read by an int value is 0 or 1, and no
        /// int variable may hold it), once the solver proves that no solution gives it another value (nil: none, or
        /// no answer in time). Symbolic steps rebuild a value from the last microstep's
        /// (`x = (x + 1) % 6`, then `x - 1` when positive): without this, a loop of microsteps nests it one level
        /// deeper each time, and every question about the path grows with it.
        package func simpler(_ value: TypedExpression, of type: ValueType, event: Int?, conditions: [Formula]) -> TypedExpression? {
            var candidates: [TypedExpression] = []
            whole.push()
            whole.assert(context.and(conditions.map { term(of: $0, event: event) }))
            if case .satisfiable(let model)? = try? whole.check() {
                let encoded = encoder(event: event).expression(value)
                switch type {
                case .bool: if encoded.isBool, let truth = model.bool(encoded.value) { candidates.append(.boolean(truth)) }
                case .int: if !encoded.isBool, let number = model.int(encoded.value) { candidates.append(.integer(number)) }
                case .enumeration: if !encoded.isBool, let index = model.int(encoded.value) { candidates.append(.enumValue(index)) }
                }
            }
            try? whole.pop()
            candidates += value.variablesRead.sorted().filter { spec.variables[$0].type == type }.map { TypedExpression.variable($0) }
            return candidates.first { candidate in
                !isFeasible(event: event, conditions: conditions + [.not(.holds(.comparison(.equal, value, candidate)))])
            }
        }

        private func encoder(event: Int?) -> ExpressionEncoder {
            let spec = spec, variables = variables, parameters = parameters
            return ExpressionEncoder(
                context: context, variable: { variables[$0] }, parameter: { i in event.map { parameters[$0][i] } },
                inState: { _ in self.context.bool(false) }, opaque: { _ in self.context.bool(false) },
                variableIsBool: { spec.variables[$0].type == .bool },
                parameterIsBool: { i in event.map { spec.events[$0].parameters[i].type == .bool } ?? false })
        }

        private func term(of condition: Formula, event: Int?) -> Term {
            let key = EncodedCondition(event: event, condition: condition)
            if let known = encoded[key] { return known }
            let term = encoder(event: event).formula(condition)
            if encoded.count > 100_000 { encoded.removeAll() }
            encoded[key] = term
            return term
        }
    }
#endif
