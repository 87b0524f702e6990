import SMSpec

/// Interval bounds of expressions over the declared domains: when an expression provably evaluates without error
/// (no division by zero, no 64-bit overflow), the symbolic step need not split off an error path for it.
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
        case .not(let inner): return range(inner).map { _ in 0...1 }
        case .negate(let inner):
            guard let r = range(inner), r.lowerBound != Int.min else { return nil }
            return -r.upperBound...(-r.lowerBound)
        case .convertEnum(let inner, let table):
            guard range(inner) != nil else { return nil }
            return -1...max(-1, table.max() ?? -1)
        case .comparison(_, let l, let r), .and(let l, let r), .or(let l, let r):
            guard range(l) != nil, range(r) != nil else { return nil }
            return 0...1
        case .arithmetic(let op, let l, let r):
            guard let a = range(l), let b = range(r) else { return nil }
            return Self.apply(op, a, b)
        }
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
