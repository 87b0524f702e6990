#if Z3
internal import CZ3
#endif
public import SMSpec

/// Answers guard queries with Z3. The encoding of the expression language:
/// - ints are Z3 integers, each variable and parameter constrained to its declared bounds; `/` and `%` truncate
///   toward zero as in Swift (built from Z3's Euclidean division by cases on the signs);
/// - bools are Z3 booleans; enums are Z3 enumeration sorts, one per enum type; values of another enum convert by
///   name, with a validity condition for names the target lacks;
/// - `in(state)` is a boolean per state, constrained by the hierarchy (see `StateConstraints`);
/// - opaque guards are free booleans;
/// - every expression comes with a definedness condition (no division by zero, `&&`/`||` short-circuiting), and
///   `holds(e)` means "defined and true", exactly as the engine evaluates it.
///
/// One context and one solver serve all queries of a spec: domain constraints are asserted once, each query is
/// checked between push and pop. Every check has a time limit and a deterministic resource limit.
public final class Z3Backend: GuardBackend {
    public let name = "z3"
    public let spec: ResolvedSpec

    #if Z3
    private let context: Z3Context
    private let solver: Z3Solver
    private var sorts: [[String]: EnumerationSort] = [:]
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
            let term = declare("v\(i)_\(variable.name)", variable.type)
            variables.append(term)
        }
        for event in spec.events {
            parameters.append(event.parameters.enumerated().map { i, parameter in
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
    private func declare(_ name: String, _ type: ValueType) -> Term {
        switch type {
        case .bool:
            return context.constant(name, context.boolSort)
        case .int(let min, let max):
            let term = context.constant(name, context.intSort)
            solver.assert(context.lessOrEqual(context.int(min), term))
            solver.assert(context.lessOrEqual(term, context.int(max)))
            return term
        case .enumeration(let values):
            return context.constant(name, sort(values).sort)
        }
    }

    private func sort(_ values: [String]) -> EnumerationSort {
        if let existing = sorts[values] { return existing }
        let created = EnumerationSort(context, name: "enum\(sorts.count)", values: values)
        sorts[values] = created
        return created
    }

    private func check(_ query: GuardQuery) throws(SolverError) -> Verdict {
        let atoms = query.formula.atoms
        let constraints = StateConstraints(spec: spec, tested: atoms.states, active: query.activeStates)
        let encoder = Encoder(backend: self, event: query.event)
        solver.push()
        defer { try? solver.pop() }
        solver.assert(states[0])
        for s in query.activeStates { solver.assert(states[s]) }
        for (s, p) in constraints.implications { solver.assert(context.implies(states[s], states[p])) }
        for (a, b) in constraints.exclusions { solver.assert(context.not(context.and([states[a], states[b]]))) }
        for (p, r) in constraints.regions { solver.assert(context.implies(states[p], states[r])) }
        solver.assert(encoder.formula(query.formula))
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
                for p in atoms.parameters { witness.parameters[p] = value(model, parameters[event][p], spec.events[event].parameters[p].type) }
            }
            for id in atoms.opaque { witness.opaque[id] = model.bool(opaque[id]) ?? false }
            for s in atoms.states { witness.states[s] = model.bool(states[s]) ?? false }
            return .satisfiable(witness)
        }
    }

    private func value(_ model: Z3Model, _ term: Term, _ type: ValueType) -> Int {
        switch type {
        case .bool: (model.bool(term) ?? false) ? 1 : 0
        case .int(let min, _): model.int(term) ?? min
        case .enumeration(let values): model.enumeration(term, sort(values)) ?? 0
        }
    }

    /// Encodes formulas and expressions of one query.
    private struct Encoder {
        let backend: Z3Backend
        let event: Int?
        var context: Z3Context { backend.context }
        var spec: ResolvedSpec { backend.spec }

        /// An encoded expression: its value, and the condition under which it evaluates without error.
        struct Encoded {
            enum Value {
                case bool(Term)
                case int(Term)
                /// An enum value of the given type, valid unless a conversion met a name the type lacks.
                case enumeration(Term, valid: Term?, type: [String])
            }
            let value: Value
            let defined: Term
        }

        func formula(_ f: Formula) -> Term {
            switch f {
            case .truth(let b): return context.bool(b)
            case .holds(let e):
                let encoded = expression(e, expected: nil)
                return context.and([encoded.defined, boolean(encoded)])
            case .defined(let e):
                return expression(e, expected: nil).defined
            case .outside(let e, let type):
                let range = type.encodedRange
                var target: [String]?
                if case .enumeration(let values) = type { target = values }
                let encoded = expression(e, expected: target)
                switch encoded.value {
                case .int(let t):
                    return context.and([encoded.defined, context.or([context.less(t, context.int(range.lowerBound)),
                                                                      context.greater(t, context.int(range.upperBound))])])
                case .bool:
                    return context.bool(false)
                case .enumeration(_, let valid, _):
                    return context.and([encoded.defined, valid.map { context.not($0) } ?? context.bool(false)])
                }
            case .opaque(let id): return backend.opaque[id]
            case .not(let g): return context.not(formula(g))
            case .and(let list): return context.and(list.map(formula))
            case .or(let list): return context.or(list.map(formula))
            }
        }

        private func boolean(_ encoded: Encoded) -> Term {
            if case .bool(let t) = encoded.value { return t }
            return context.bool(false)
        }

        /// The declared enum type of a variable or parameter expression.
        private func declaredEnum(_ e: TypedExpression) -> [String]? {
            switch e {
            case .variable(let i): if case .enumeration(let values) = spec.variables[i].type { return values }
            case .parameter(let i):
                if let event, case .enumeration(let values) = spec.events[event].parameters[i].type { return values }
            default: break
            }
            return nil
        }

        private func isBoolean(_ e: TypedExpression) -> Bool {
            switch e {
            case .boolean, .inState, .not, .comparison, .and, .or: return true
            case .variable(let i): return spec.variables[i].type == .bool
            case .parameter(let i): return event.map { spec.events[$0].parameters[i].type == .bool } ?? false
            default: return false
            }
        }

        private func isEnum(_ e: TypedExpression) -> Bool {
            switch e {
            case .enumValue, .convertEnum: true
            default: declaredEnum(e) != nil
            }
        }

        func expression(_ e: TypedExpression, expected: [String]?) -> Encoded {
            let yes = context.bool(true)
            switch e {
            case .integer(let v): return Encoded(value: .int(context.int(v)), defined: yes)
            case .boolean(let b): return Encoded(value: .bool(context.bool(b)), defined: yes)
            case .enumValue(let index):
                // Without a type from context only definedness is asked, and a literal is always defined.
                guard let type = expected, index < type.count else { return Encoded(value: .bool(context.bool(false)), defined: yes) }
                return Encoded(value: .enumeration(backend.sort(type).constants[index], valid: nil, type: type), defined: yes)
            case .variable(let i):
                let term = backend.variables[i]
                return Encoded(value: wrap(term, spec.variables[i].type), defined: yes)
            case .parameter(let i):
                guard let event else { return Encoded(value: .int(context.int(0)), defined: context.bool(false)) }
                return Encoded(value: wrap(backend.parameters[event][i], spec.events[event].parameters[i].type), defined: yes)
            case .inState(let s): return Encoded(value: .bool(backend.states[s]), defined: yes)
            case .not(let inner):
                let encoded = expression(inner, expected: nil)
                return Encoded(value: .bool(context.not(boolean(encoded))), defined: encoded.defined)
            case .negate(let inner):
                let encoded = expression(inner, expected: nil)
                return Encoded(value: .int(context.negate(integer(encoded))), defined: encoded.defined)
            case .arithmetic(let op, let l, let r):
                let a = expression(l, expected: nil), b = expression(r, expected: nil)
                let x = integer(a), y = integer(b)
                var defined = context.and([a.defined, b.defined])
                let value: Term
                switch op {
                case .add: value = context.add(x, y)
                case .subtract: value = context.subtract(x, y)
                case .multiply: value = context.multiply(x, y)
                case .divide, .remainder:
                    defined = context.and([defined, context.not(context.equal(y, context.int(0)))])
                    let quotient = truncatedDivision(x, y)
                    value = op == .divide ? quotient : context.subtract(x, context.multiply(y, quotient))
                }
                return Encoded(value: .int(value), defined: defined)
            case .comparison(let op, let l, let r):
                let type = (isEnum(l) || isEnum(r)) ? (declaredEnum(l) ?? declaredEnum(r)) : nil
                let a = expression(l, expected: type), b = expression(r, expected: type)
                let defined = context.and([a.defined, b.defined])
                return Encoded(value: .bool(compare(op, a, b)), defined: defined)
            case .and(let l, let r), .or(let l, let r):
                let isAnd = if case .and = e { true } else { false }
                let a = expression(l, expected: nil), b = expression(r, expected: nil)
                let x = boolean(a), y = boolean(b)
                let defined = context.and([a.defined, context.or([isAnd ? context.not(x) : x, b.defined])])
                return Encoded(value: .bool(isAnd ? context.and([x, y]) : context.or([x, y])), defined: defined)
            case .convertEnum(let inner, let table):
                let source = declaredEnum(inner) ?? []
                let encoded = expression(inner, expected: source)
                guard case .enumeration(let term, let innerValid, _) = encoded.value else {
                    return Encoded(value: .bool(context.bool(false)), defined: context.bool(false))
                }
                // Without a target type only definedness is asked: the conversion itself never fails.
                guard let target = expected, !target.isEmpty else { return encoded }
                let targetSort = backend.sort(target)
                let sourceSort = backend.sort(source)
                var value = targetSort.constants[0]
                var validCases: [Term] = []
                for (index, mapped) in table.enumerated().reversed() where index < sourceSort.constants.count {
                    let isThis = context.equal(term, sourceSort.constants[index])
                    if mapped >= 0 && mapped < targetSort.constants.count {
                        value = context.ite(isThis, targetSort.constants[mapped], value)
                        validCases.append(isThis)
                    }
                }
                var valid = context.or(validCases)
                if let innerValid { valid = context.and([innerValid, valid]) }
                return Encoded(value: .enumeration(value, valid: valid, type: target), defined: encoded.defined)
            }
        }

        private func wrap(_ term: Term, _ type: ValueType) -> Encoded.Value {
            switch type {
            case .bool: .bool(term)
            case .int: .int(term)
            case .enumeration(let values): .enumeration(term, valid: nil, type: values)
            }
        }

        private func integer(_ encoded: Encoded) -> Term {
            if case .int(let t) = encoded.value { return t }
            return context.int(0)
        }

        /// Swift's `/`: toward zero. Z3's integer division is Euclidean (the remainder is never negative), which
        /// agrees when the dividend is not negative; the other cases negate around it.
        private func truncatedDivision(_ a: Term, _ b: Term) -> Term {
            let zero = context.int(0)
            let aNonNegative = context.greaterOrEqual(a, zero)
            let bPositive = context.greater(b, zero)
            let forNonNegative = context.ite(bPositive, context.div(a, b), context.negate(context.div(a, context.negate(b))))
            let minusA = context.negate(a)
            let forNegative = context.ite(bPositive, context.negate(context.div(minusA, b)), context.div(minusA, context.negate(b)))
            return context.ite(aNonNegative, forNonNegative, forNegative)
        }

        private func compare(_ op: ComparisonOperator, _ a: Encoded, _ b: Encoded) -> Term {
            switch (a.value, b.value) {
            case (.int(let x), .int(let y)):
                return switch op {
                case .equal: context.equal(x, y)
                case .notEqual: context.not(context.equal(x, y))
                case .less: context.less(x, y)
                case .lessOrEqual: context.lessOrEqual(x, y)
                case .greater: context.greater(x, y)
                case .greaterOrEqual: context.greaterOrEqual(x, y)
                }
            case (.bool(let x), .bool(let y)):
                let same = context.equal(x, y)
                return op == .equal ? same : context.not(same)
            case (.enumeration(let x, let xValid, _), .enumeration(let y, let yValid, _)):
                var same = context.equal(x, y)
                let validity = [xValid, yValid].compactMap { $0 }
                if !validity.isEmpty { same = context.and(validity + [same]) }
                return op == .equal ? same : context.not(same)
            default:
                return context.bool(false)
            }
        }
    }
    #endif
}
