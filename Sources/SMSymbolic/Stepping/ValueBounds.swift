import SMSpec

/// Interval bounds of expressions over the declared domains: when an expression provably evaluates without error
/// (no division by zero, no 64-bit overflow), the symbolic step need not split off an error path for it, and when a
/// condition's bounds are one value, it need not ask the solver which outcomes can happen.
struct ValueBounds {
    /// The encoded domain of each variable (bools 0...1, enums their indices).
    let variables: [ClosedRange<Int>]
    /// The encoded domain of each parameter of the event in scope.
    let parameters: [ClosedRange<Int>]

    /// The range of the expression's value, or nil when its evaluation may fail.
    func range(_ e: TypedExpression) -> ClosedRange<Int>? {
        switch e {
        case .integer(let v), .enumValue(let v): return v...v
        case .boolean(let b): return b ? 1...1 : 0...0
        case .variable(let i): return i < variables.count ? variables[i] : nil
        case .parameter(let i): return i < parameters.count ? parameters[i] : nil
        case .inState: return 0...1
        case .not(let inner):
            guard let r = range(inner) else { return nil }
            return Self.truth(r).map { $0 ? 0...0 : 1...1 } ?? 0...1
        case .negate(let inner):
            guard let r = range(inner), r.lowerBound != Int.min else { return nil }
            return -r.upperBound...(-r.lowerBound)
        case .convertEnum(let inner, let table):
            guard range(inner) != nil else { return nil }
            return -1...max(-1, table.max() ?? -1)
        case .comparison(let op, let l, let r):
            guard let a = range(l), let b = range(r) else { return nil }
            return Self.compare(op, a, b).map { $0 ? 1...1 : 0...0 } ?? 0...1
        case .and(let l, let r), .or(let l, let r):
            guard let a = range(l), let b = range(r) else { return nil }
            let isAnd = if case .and = e { true } else { false }
            // Either side decides it alone (false for `&&`, true for `||`), or both do.
            switch (Self.truth(a), Self.truth(b)) {
            case (let x?, _) where x != isAnd, (_, let x?) where x != isAnd: return x ? 1...1 : 0...0
            case (.some, .some): return isAnd ? 1...1 : 0...0
            default: return 0...1
            }
        case .arithmetic(let op, let l, let r):
            guard let a = range(l), let b = range(r) else { return nil }
            return Self.apply(op, a, b)
        }
    }

    /// A condition's value when its range decides it: false for 0 alone, true for a range without 0.
    private static func truth(_ r: ClosedRange<Int>) -> Bool? {
        if r == 0...0 { return false }
        return r.contains(0) ? nil : true
    }

    /// A comparison's value when it is the same for every pair of values of the ranges; nil when it may be either.
    /// (A guard such as `tries <= 4` on a counter of 0...3 is then decided without the solver, however long the
    /// expression its value has become within a macrostep.)
    private static func compare(_ op: ComparisonOperator, _ a: ClosedRange<Int>, _ b: ClosedRange<Int>) -> Bool? {
        let always: Bool
        let never: Bool
        switch op {
        case .less: (always, never) = (a.upperBound < b.lowerBound, a.lowerBound >= b.upperBound)
        case .lessOrEqual: (always, never) = (a.upperBound <= b.lowerBound, a.lowerBound > b.upperBound)
        case .greater: (always, never) = (a.lowerBound > b.upperBound, a.upperBound <= b.lowerBound)
        case .greaterOrEqual: (always, never) = (a.lowerBound >= b.upperBound, a.upperBound < b.lowerBound)
        case .equal, .notEqual:
            let same = a.lowerBound == a.upperBound && a == b
            let disjoint = a.upperBound < b.lowerBound || b.upperBound < a.lowerBound
            (always, never) = op == .equal ? (same, disjoint) : (disjoint, same)
        }
        if always { return true }
        return never ? false : nil
    }

    private static func apply(_ op: ArithmeticOperator, _ a: ClosedRange<Int>, _ b: ClosedRange<Int>) -> ClosedRange<Int>? {
        switch op {
        case .add, .subtract, .multiply:
            var corners: [Int] = []
            for x in [a.lowerBound, a.upperBound] {
                for y in [b.lowerBound, b.upperBound] {
                    guard let value = try? op.apply(x, y) else { return nil }
                    corners.append(value)
                }
            }
            return corners.min()!...corners.max()!
        case .divide, .remainder:
            // A divisor range holding 0, or Int.min / -1, may fail; otherwise the corners bound the quotient.
            guard !b.contains(0), !(a.contains(Int.min) && b.contains(-1)) else { return nil }
            if op == .remainder {
                let m = max(Swift.abs(b.lowerBound), Swift.abs(b.upperBound)) - 1
                return (a.lowerBound >= 0 ? 0 : -m)...(a.upperBound <= 0 ? 0 : m)
            }
            let corners = [a.lowerBound, a.upperBound].flatMap { x in [b.lowerBound, b.upperBound].compactMap { try? op.apply(x, $0) } }
            return corners.min()!...corners.max()!
        }
    }
}
