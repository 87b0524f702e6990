public import SMSpec

// Guard outcomes that can never be seen. The engine evaluates a guard only when every transition before it in its
// list (the same state and event, in document order) is disabled: after `ticks < 5` the guard `ticks >= 5` is never
// false, and after an unguided transition nothing is evaluated at all. Coverage does not count such outcomes as
// missing. Outcomes use the bits of `CoverageRecorder.guardOutcomes`: 1 for true, 2 for false.
extension GuardAnalysis {
    /// Per transition, the outcomes of its guard the back end proves impossible where it is evaluated, over the
    /// declared domains, together with those the structure shows (`structurallyImpossibleOutcomes`). A question
    /// the back end cannot decide leaves the outcome possible.
    ///
    /// Cost: two queries per guarded transition and list it is in.
    /// Stops asking at `deadline` or when `isCancelled`: the outcomes not asked about stay possible.
    public func impossibleOutcomes() -> [UInt8] {
        var impossible = Self.structurallyImpossibleOutcomes(in: spec)
        // Each transition's lists, with its place in each, found once.
        var containing = [[(event: Int?, list: [Int], position: Int)]](repeating: [], count: spec.transitions.count)
        for (event, list) in lists {
            for (position, t) in list.enumerated() { containing[t].append((event, list, position)) }
        }
        for t in spec.transitions.indices where Self.isEvaluated(spec.transitions[t].guardCondition) {
            if isCancelled() || deadline.map({ ContinuousClock.now >= $0 }) == true { break }
            for (bit, holds) in [(UInt8(1), true), (UInt8(2), false)] where impossible[t] & bit == 0 {
                let provenEverywhere = containing[t].allSatisfy { event, list, position in
                    let own = guardFormula(t, in: list)
                    let earlier = list[..<position].map { Formula.not(guardFormula($0, in: list)) }
                    let query = query(spec.transitions[t], .and(earlier + [holds ? own : .not(own)]), event: event)
                    if case .unsatisfiable = backend.solve(query) { return true }
                    return false
                }
                if !containing[t].isEmpty && provenEverywhere { impossible[t] |= bit }
            }
        }
        return impossible
    }

    /// Per transition, the outcomes of its guard its list shows impossible without a solver: after an earlier
    /// unguided (or `else`) transition neither outcome is ever seen; after the same guard, true is not; after its
    /// complement (`x < 5` then `x >= 5` or `5 <= x`, `e` then `!e`), false is not.
    public static func structurallyImpossibleOutcomes(in spec: ResolvedSpec) -> [UInt8] {
        var impossible = [UInt8](repeating: 0, count: spec.transitions.count)
        var seen = [Bool](repeating: false, count: spec.transitions.count)
        for (_, list) in GuardAnalysis.lists(of: spec) {
            for (position, t) in list.enumerated() where isEvaluated(spec.transitions[t].guardCondition) {
                var here: UInt8 = 0
                for earlier in list[..<position] {
                    switch (spec.transitions[earlier].guardCondition, spec.transitions[t].guardCondition) {
                    case (nil, _), (.otherwise, _):
                        here |= 3
                    case (.opaque(let a, _), .opaque(let b, _)) where a == b:
                        here |= 1
                    case (.expression(let a, _), .expression(let b, _)):
                        if a == b { here |= 1 }
                        if a.isComplement(of: b) { here |= 2 }
                    default:
                        break
                    }
                }
                // Impossible only when impossible in every list the transition is in.
                impossible[t] = seen[t] ? impossible[t] & here : here
                seen[t] = true
            }
        }
        return impossible
    }

    /// Whether the engine evaluates the guard (and records its outcomes): an expression or an opaque guard.
    static func isEvaluated(_ condition: ResolvedGuard?) -> Bool {
        switch condition {
        case .expression, .opaque: true
        case nil, .otherwise: false
        }
    }
}

extension TypedExpression {
    /// True when the two are each other's negation as written: `!e` and `e`, or comparisons of the same operands
    /// with opposite operators (either way round).
    func isComplement(of other: TypedExpression) -> Bool {
        switch (self, other) {
        case (.not(let e), _): return e == other
        case (_, .not(let e)): return e == self
        case (.comparison(let op, let a, let b), .comparison(let otherOp, let c, let d)):
            return (a == c && b == d && op.negated == otherOp) || (a == d && b == c && op.negated.swapped == otherOp)
        default: return false
        }
    }
}

extension ComparisonOperator {
    /// The operator true exactly when this one is false.
    var negated: ComparisonOperator {
        switch self {
        case .equal: .notEqual
        case .notEqual: .equal
        case .less: .greaterOrEqual
        case .lessOrEqual: .greater
        case .greater: .lessOrEqual
        case .greaterOrEqual: .less
        }
    }

    /// The operator that gives the same answer with the operands swapped.
    var swapped: ComparisonOperator {
        switch self {
        case .equal, .notEqual: self
        case .less: .greater
        case .lessOrEqual: .greaterOrEqual
        case .greater: .less
        case .greaterOrEqual: .lessOrEqual
        }
    }
}
