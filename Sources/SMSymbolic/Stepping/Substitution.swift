import SMSpec

/// Puts the path's current values into an expression and folds what became constant, so conditions that do not
/// depend on the values before the step (most guards once `in()` is known) need no solver at all.
///
/// Folding never hides an error: a constant subexpression that fails to evaluate (a division by zero) is kept, so
/// the definedness of the whole stays what the engine would find.
struct Substitution {
    /// The current value of each variable, over the values before the step.
    let variables: [TypedExpression]
    /// The parameters of the event being handled; nil where no event is in scope.
    let parameters: [TypedExpression]?
    let isActive: (Int) -> Bool

    func apply(_ e: TypedExpression) -> TypedExpression {
        switch e {
        case .integer, .boolean, .enumValue: return e
        case .variable(let i): return variables[i]
        case .parameter(let i):
            guard let parameters, i < parameters.count else { return e }
            return parameters[i]
        case .inState(let s): return .boolean(isActive(s))
        case .not(let inner): return Self.fold(.not(apply(inner)))
        case .negate(let inner): return Self.fold(.negate(apply(inner)))
        case .convertEnum(let inner, let table): return Self.fold(.convertEnum(apply(inner), table))
        case .arithmetic(let op, let l, let r): return Self.fold(.arithmetic(op, apply(l), apply(r)))
        case .comparison(let op, let l, let r): return Self.fold(.comparison(op, apply(l), apply(r)))
        case .and(let l, let r):
            let left = apply(l)
            switch left {
            case .boolean(false): return left
            case .boolean(true): return apply(r)
            default: return .and(left, apply(r))
            }
        case .or(let l, let r):
            let left = apply(l)
            switch left {
            case .boolean(true): return left
            case .boolean(false): return apply(r)
            default: return .or(left, apply(r))
            }
        }
    }

    /// The value of a constant expression, or its error; nil when it reads variables or parameters.
    static func constant(_ e: TypedExpression) -> Result<Int, EvaluationError>? {
        switch e {
        case .integer(let v), .enumValue(let v): return .success(v)
        case .boolean(let b): return .success(b ? 1 : 0)
        default: break
        }
        guard isClosed(e) else { return nil }
        do {
            return .success(try e.evaluate(variable: { _ in 0 }, parameter: { _ in 0 }, isActive: { _ in false }))
        } catch {
            return .failure(error)
        }
    }

    /// Evaluates a node whose operands are constants; leaves it alone when that fails (the error must stay).
    private static func fold(_ e: TypedExpression) -> TypedExpression {
        if let combined = combiningConstants(e) { return combined }
        guard let result = constant(e), case .success(let value) = result else { return e }
        switch e {
        case .not, .comparison, .and, .or: return .boolean(value != 0)
        case .convertEnum: return .enumValue(value)
        default: return .integer(value)
        }
    }

    /// `(x + 3) + 4` as `x + 7`, `(x - 1) - 1` as `x - 2`, `(x * 2) * 3` as `x * 6`: a value a loop of microsteps
    /// changes by a constant each time stays one node deep, where it would grow by a node per microstep (a drain of a
    /// hundred microsteps made conditions of a hundred nested nodes, encoded again for every path and every depth).
    ///
    /// Only constants of the same sign are added, so the inner value lies between `x` and the result; only multipliers
    /// other than 0 and an outer one other than -1, so the inner value is no larger than the result. When the result
    /// fits in 64 bits, so did the step the engine computes first, and folding keeps every overflow the engine would
    /// meet. Nil when the node is not of that shape.
    static func combiningConstants(_ e: TypedExpression) -> TypedExpression? {
        guard case .arithmetic(let op, let left, .integer(let outer)) = e else { return nil }
        switch op {
        case .add, .subtract:
            guard let (base, inner) = offset(left) else { return nil }
            guard op == .add || outer != Int.min else { return nil }
            let added = op == .add ? outer : -outer
            guard inner == 0 || added == 0 || (inner < 0) == (added < 0) else { return nil }
            let (total, overflow) = inner.addingReportingOverflow(added)
            if overflow { return nil }
            if total == 0 { return base }
            return total < 0 && total != Int.min ? .arithmetic(.subtract, base, .integer(-total)) : .arithmetic(.add, base, .integer(total))
        case .multiply:
            // Times -1 is the one multiplier that keeps the magnitude: x * c could be 2^63 (an overflow) where
            // x * c * -1 is Int.min (none).
            guard case .arithmetic(.multiply, let base, .integer(let inner)) = left, outer != 0, outer != -1, inner != 0 else { return nil }
            let (product, overflow) = inner.multipliedReportingOverflow(by: outer)
            return overflow ? nil : .arithmetic(.multiply, base, .integer(product))
        case .divide, .remainder:
            return nil
        }
    }

    /// `x + c` as `(x, c)` and `x - c` as `(x, -c)`.
    private static func offset(_ e: TypedExpression) -> (base: TypedExpression, constant: Int)? {
        switch e {
        case .arithmetic(.add, let base, .integer(let c)): return (base, c)
        case .arithmetic(.subtract, let base, .integer(let c)) where c != Int.min: return (base, -c)
        default: return nil
        }
    }

    /// Whether the operands of a node are constants (its value depends on nothing).
    private static func isClosed(_ e: TypedExpression) -> Bool {
        func isConstant(_ e: TypedExpression) -> Bool {
            switch e {
            case .integer, .boolean, .enumValue: true
            default: false
            }
        }
        switch e {
        case .not(let inner), .negate(let inner), .convertEnum(let inner, _): return isConstant(inner)
        case .arithmetic(_, let l, let r), .comparison(_, let l, let r), .and(let l, let r), .or(let l, let r):
            return isConstant(l) && isConstant(r)
        default: return false
        }
    }
}
