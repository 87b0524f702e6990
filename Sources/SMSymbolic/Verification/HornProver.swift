#if Z3
    import Foundation
    import SMEngine
    import SMSolver
    import SMSpec

    /// Proves that properties never happen with Z3's Spacer engine: the machine as constrained Horn clauses, one
    /// relation per location over the variables (`R_l(v)`: these values are reachable there), a clause for the start
    /// and one per edge. A property's bad is a query; when it is not derivable, Spacer's inductive invariants of the
    /// relations are the proof, and they are shown in the spec's own words.
    final class HornProver {
        let encoding: SymbolicEncoding
        let conditions: PropertyConditions
        let timeoutMilliseconds: UInt32
        private var context: Z3Context { encoding.context }
        private var system: TransitionSystem { encoding.system }

        init(encoding: SymbolicEncoding, conditions: PropertyConditions, timeoutMilliseconds: UInt32) {
            self.encoding = encoding
            self.conditions = conditions
            self.timeoutMilliseconds = timeoutMilliseconds
        }

        enum Outcome {
            case never(invariant: String?)
            case happens
            case unknown(String)
        }

        /// Decides one property, in at most `share` of the time. Deadlocks need quantifiers over event parameters with
        /// many values, which Horn clauses cannot carry: with those, a deadlock is only proved never to happen here,
        /// from a weaker condition.
        func decide(_ property: Property, deadline: ContinuousClock.Instant, share: Duration? = nil) throws(SolverError) -> Outcome {
            let time = SolverTime(perCall: timeoutMilliseconds, deadline: deadline, share: share)
            let fixedpoint = try Z3Fixedpoint(context, timeoutMilliseconds: time.milliseconds)
            let spec = system.machine.spec
            let sorts = spec.variables.map { $0.type == .bool ? context.boolSort : context.intSort }
            let relations = system.locations.indices.map { context.relation("R\($0)", sorts) }
            relations.forEach(fixedpoint.register)
            let bad = context.relation("bad", [])
            fixedpoint.register(bad)
            let state = encoding.state("h")
            let input = encoding.input("hi")
            let bound = [state.location, input.selector] + state.values + input.parameters.keys.sorted().flatMap { input.parameters[$0]! }
            func rule(_ body: [Term], _ head: Term, _ name: String) {
                fixedpoint.add(rule: context.forall(bound, context.implies(context.and(body), head)), named: name)
            }

            // The start.
            if let start = system.startLocation, case .stable(_, let values) = system.start.outcome {
                let encoder = encoding.encoder(state)
                fixedpoint.add(rule: context.apply(relations[start], values.map { encoder.expression($0).value }), named: "start")
            }
            // The steps. Building the rules of a spec with tens of thousands of edges takes a while: the deadline
            // bounds it as it bounds the query.
            let inputDomain = encoding.domain(input)
            for index in 0..<system.stableEdgeCount {
                if index % 1024 == 1023, ContinuousClock.now > deadline { return .unknown("the time limit ran out") }
                let edge = system.edges[index]
                guard let target = edge.target, case .stable(_, let values) = edge.path.outcome else { continue }
                let encoder = encoding.encoder(state, input, event: edge.event)
                rule(
                    [
                        context.apply(relations[edge.source], state.values), inputDomain,
                        encoding.conditions(edge.path.conditions, state, input, event: edge.event),
                    ],
                    context.apply(relations[target], values.map { encoder.expression($0).value }), "edge\(index)")
            }
            // The property's bad.
            let checker = ModelChecker(encoding: encoding, conditions: conditions, timeoutMilliseconds: timeoutMilliseconds)
            var clauses = 0
            // The exact deadlock condition may need quantifiers over parameters, which Horn clauses do not carry: a
            // weaker one without them can still prove that no deadlock happens, and anything else stays undecided.
            let weakened = if case .deadlock = property { !checker.deadlocksAreQuantifierFree } else { false }
            // A deadlock's bad is each location's own no-progress condition, where its configuration can deadlock
            // (not the disjunction over all of them, which k rules would build k times); any other property's is the
            // same at every location, built once (none: the property is shown by edges alone).
            let everywhere: Term? = if case .deadlock = property { nil } else { checker.stateBad(property, state) }
            for (l, relation) in relations.enumerated() {
                // Each location's condition can be large (a deadlock's: no event's guards hold there): the deadline
                // bounds building them as it bounds the query.
                if ContinuousClock.now > deadline { return .unknown("the time limit ran out") }
                let stateBad: Term
                if case .deadlock(let configuration) = property {
                    guard (conditions.deadlocks[configuration] ?? []).contains(l) else { continue }
                    stateBad = checker.noProgress(from: l, state, weakened: weakened)
                } else if let everywhere {
                    stateBad = everywhere
                } else {
                    break
                }
                rule(
                    [context.apply(relation, state.values), context.equal(state.location, context.int(l)), stateBad],
                    context.apply(bad, []), "bad\(l)")
                clauses += 1
            }
            for (edge, extra) in conditions.edges[property] ?? [] {
                let source = system.edges[edge].source
                rule(
                    [
                        context.apply(relations[source], state.values), context.equal(state.location, context.int(source)),
                        inputDomain, encoding.taken(edge, from: state, input: input, selected: false),
                        encoding.conditions(extra, state, input, event: system.edges[edge].event),
                    ],
                    context.apply(bad, []), "bad-edge\(edge)")
                clauses += 1
            }
            guard clauses > 0 else { return .never(invariant: nil) }
            let outcome: Z3Fixedpoint.Outcome
            do {
                outcome = try fixedpoint.query(bad)
            } catch {
                // Z3 reports a query it cancelled at its time limit as an error.
                return .unknown(time.whyUnknown("spacer", reason: error.message))
            }
            switch outcome {
            case .derivable:
                return weakened
                    ? .unknown(
                        "its states can be reached where no event changes anything at its parameters' bounds; whether every other value "
                            + "changes nothing either needs quantifiers over event parameters") : .happens
            case .unknown(let reason):
                return .unknown(time.whyUnknown("spacer", reason: reason))
            case .underivable:
                return .never(invariant: invariant(fixedpoint, relations, for: property))
            }
        }

        /// The invariants Spacer found, in the spec's words: at the locations where the property's bad could show,
        /// or, when those say nothing (their own reachability follows from elsewhere), at every location that has one.
        private func invariant(_ fixedpoint: Z3Fixedpoint, _ relations: [FunctionDeclaration], for property: Property) -> String? {
            var relevant = Set((conditions.edges[property] ?? []).map { system.edges[$0.edge].source })
            if case .invariant = property { relevant.formUnion(system.locations.indices) }
            if case .deadlock(let configuration) = property { relevant.formUnion(conditions.deadlocks[configuration] ?? []) }
            let machine = system.machine
            let renderer = InvariantText(spec: machine.spec)
            func describe(_ locations: [Int]) -> [String] {
                var parts: [String] = []
                for l in locations {
                    guard let term = fixedpoint.invariant(of: relations[l]) else { continue }
                    let text = renderer.render(context.read(context.simplify(term)))
                    guard text != "true" else { continue }
                    let place = machine.activeLeafList(system.locations[l].configuration)
                    parts.append(text == "false" ? "\(place) is never active" : "in \(place): \(text)")
                }
                return parts
            }
            var parts = describe(relevant.sorted())
            if parts.isEmpty { parts = describe(Array(system.locations.indices)) }
            // One location and one invariant: no need to say where.
            if parts.count == 1, system.locations.count == 1, let only = parts.first, let colon = only.range(of: ": ") {
                return String(only[colon.upperBound...])
            }
            return parts.isEmpty ? nil : parts.prefix(6).joined(separator: "; ")
        }
    }

    /// A Z3 formula over a relation's arguments (the variables, as bound variables) written as an expression of the
    /// spec format, as far as it has the operators. Z3's Euclidean `div` and `mod` become the spec's `/` and `%` where
    /// they agree (a dividend that is never negative); elsewhere they keep their names, and the text says what they mean.
    struct InvariantText {
        let spec: ResolvedSpec

        func render(_ reading: Z3Reading) -> String {
            let rewritten = rewrite(reading)
            let text = text(rewritten, parent: 0)
            return Self.hasEuclidean(rewritten) ? text + " (div and mod: Euclidean, as Z3 has them; mod is never negative)" : text
        }

        /// Z3 writes `x mod k` as `x + -k * (x div k)`, `-x` as `-1 * x` and `a - k * b` as `a + -k * b`: each back in
        /// the form a reader writes.
        func rewrite(_ reading: Z3Reading) -> Z3Reading {
            guard case .operation(let op, let arguments) = reading else { return reading }
            let rewritten = arguments.map(rewrite)
            switch op {
            case .add where rewritten.count == 2:
                if case .operation(.multiply, let product) = rewritten[1], product.count == 2,
                    case .integer(let factor) = product[0], factor.hasPrefix("-"),
                    case .operation(let division, let quotient) = product[1], division == .divide || division == .truncatedDivide,
                    quotient.count == 2,
                    case .integer(let divisor) = quotient[1], divisor == String(factor.dropFirst()),
                    String(describing: quotient[0]) == String(describing: rewritten[0])
                {
                    return .operation(isNeverNegative(rewritten[0]) ? .truncatedRemainder : .modulo, [rewritten[0], .integer(divisor)])
                }
                if let subtracted = negated(rewritten[1]) { return .operation(.subtract, [rewritten[0], subtracted]) }
            case .multiply where rewritten.count == 2:
                if case .integer("-1") = rewritten[0] { return .operation(.negate, [rewritten[1]]) }
            case .divide where rewritten.count == 2:
                // Euclidean and truncating division agree for a dividend that is never negative (a divisor of 0 is
                // left to Z3's own reading).
                if isNeverNegative(rewritten[0]), case .integer(let divisor) = rewritten[1], divisor != "0" {
                    return .operation(.truncatedDivide, rewritten)
                }
            case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .distinct:
                if let decided = decided(op, rewritten) { return .boolean(decided) }
            case .not where rewritten.count == 1:
                if case .boolean(let value) = rewritten[0] { return .boolean(!value) }
            case .and, .or:
                // `true` and `false` from decided comparisons drop out, or decide the whole.
                let absorbing = op == .or
                if rewritten.contains(.boolean(absorbing)) { return .boolean(absorbing) }
                let rest = rewritten.filter { $0 != .boolean(!absorbing) }
                if rest.count <= 1 { return rest.first ?? .boolean(!absorbing) }
                return .operation(op, rest)
            case .implies where rewritten.count == 2:
                if case .boolean(let premise) = rewritten[0] { return premise ? rewritten[1] : .boolean(true) }
            default:
                break
            }
            return .operation(op, rewritten)
        }

        /// A comparison of a variable with a number that its declared range decides (Spacer's invariants hold of
        /// reachable states, whose variables are in range, and may bound them past it: `delay >= -9223372036854775809`).
        private func decided(_ op: Z3Reading.Operator, _ arguments: [Z3Reading]) -> Bool? {
            guard arguments.count == 2 else { return nil }
            func range(_ reading: Z3Reading) -> ClosedRange<Double>? {
                guard case .bound(let index) = reading, spec.variables.indices.contains(index),
                    case .int(let minimum, let maximum) = spec.variables[index].type
                else { return nil }
                return Double(minimum)...Double(maximum)
            }
            func number(_ reading: Z3Reading) -> Double? {
                guard case .integer(let digits) = reading else { return nil }
                return Double(digits)
            }
            // As `variable op number`: a number on the left turns the comparison around.
            let (values, constant, comparison): (ClosedRange<Double>, Double, Z3Reading.Operator)
            if let r = range(arguments[0]), let c = number(arguments[1]) {
                (values, constant, comparison) = (r, c, op)
            } else if let r = range(arguments[1]), let c = number(arguments[0]) {
                let turned: [Z3Reading.Operator: Z3Reading.Operator] = [
                    .less: .greater, .lessOrEqual: .greaterOrEqual, .greater: .less, .greaterOrEqual: .lessOrEqual,
                ]
                (values, constant, comparison) = (r, c, turned[op] ?? op)
            } else {
                return nil
            }
            let (low, high) = (values.lowerBound, values.upperBound)
            switch comparison {
            case .less: return high < constant ? true : low >= constant ? false : nil
            case .lessOrEqual: return high <= constant ? true : low > constant ? false : nil
            case .greater: return low > constant ? true : high <= constant ? false : nil
            case .greaterOrEqual: return low >= constant ? true : high < constant ? false : nil
            case .equal: return values.contains(constant) ? (low == high ? true : nil) : false
            case .distinct: return values.contains(constant) ? (low == high ? false : nil) : true
            default: return nil
            }
        }

        /// `b` where `term` is `-b` or `-k * b` (as `k * b`).
        private func negated(_ term: Z3Reading) -> Z3Reading? {
            switch term {
            case .operation(.negate, let inner) where inner.count == 1: return inner[0]
            case .operation(.multiply, let product) where product.count == 2:
                guard case .integer(let factor) = product[0], factor.hasPrefix("-") else { return nil }
                let magnitude = String(factor.dropFirst())
                return magnitude == "1" ? product[1] : .operation(.multiply, [.integer(magnitude), product[1]])
            default: return nil
            }
        }

        private static func hasEuclidean(_ reading: Z3Reading) -> Bool {
            guard case .operation(let op, let arguments) = reading else { return false }
            return op == .divide || op == .modulo || arguments.contains(where: hasEuclidean)
        }

        private func text(_ reading: Z3Reading, parent: Int) -> String {
            switch reading {
            case .bound(let index):
                // A cover's bound variable `index` is the relation's argument `index`: the variable of that index.
                return spec.variables.indices.contains(index) ? spec.variables[index].name : "?\(index)"
            case .constant(let name): return name
            case .integer(let digits): return digits
            case .boolean(let value): return String(value)
            case .other(let smt): return "(\(smt))"
            case .operation(let op, let arguments):
                let precedence = Self.precedence(op)
                let body: String
                switch op {
                case .not: body = "!" + text(arguments[0], parent: 6)
                case .negate: body = "-" + text(arguments[0], parent: 6)
                case .ite: body = "(\(text(arguments[0], parent: 0)) ? \(text(arguments[1], parent: 0)) : \(text(arguments[2], parent: 0)))"
                case .implies: body = "!\(text(arguments[0], parent: 6)) || \(text(arguments[1], parent: 1))"
                case .modulo, .divide, .remainder, .truncatedRemainder, .truncatedDivide:
                    body = "\(text(arguments[0], parent: 5)) \(op.rawValue) \(text(arguments[1], parent: 6))"
                default:
                    body = arguments.map { text($0, parent: precedence + 1) }.joined(separator: " \(op.rawValue) ")
                }
                return precedence < parent ? "(\(body))" : body
            }
        }

        /// A variable whose type has no negative value, or a constant that is not negative.
        private func isNeverNegative(_ reading: Z3Reading) -> Bool {
            switch reading {
            case .bound(let variable):
                guard spec.variables.indices.contains(variable), case .int(let minimum, _) = spec.variables[variable].type else {
                    return false
                }
                return minimum >= 0
            case .integer(let digits): return !digits.hasPrefix("-")
            default: return false
            }
        }

        private static func precedence(_ op: Z3Reading.Operator) -> Int {
            switch op {
            case .or, .implies: 1
            case .and: 2
            case .equal, .distinct, .less, .lessOrEqual, .greater, .greaterOrEqual: 3
            case .add, .subtract: 4
            case .multiply, .divide, .modulo, .remainder, .truncatedRemainder, .truncatedDivide: 5
            case .not, .negate, .ite: 6
            }
        }
    }
#endif
