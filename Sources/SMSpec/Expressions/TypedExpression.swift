/// A type-checked expression whose names are resolved to indices: variables by declaration order, event parameters
/// by parameter order, states by document order. The engine compiles it to bytecode, the solver encodes it into Z3,
/// the enumeration back end evaluates it directly.
public indirect enum TypedExpression: Hashable, Sendable {
    case integer(Int)
    case boolean(Bool)
    /// An enum value, as its index in the expression's enum type.
    case enumValue(Int)
    case variable(Int)
    case parameter(Int)
    case inState(Int)
    case not(TypedExpression)
    case negate(TypedExpression)
    case arithmetic(ArithmeticOperator, TypedExpression, TypedExpression)
    case comparison(ComparisonOperator, TypedExpression, TypedExpression)
    case and(TypedExpression, TypedExpression)
    case or(TypedExpression, TypedExpression)
    /// Maps an enum value of one enum type to the index of the same-named value in another (-1: not a value there).
    case convertEnum(TypedExpression, [Int])

    /// Every variable index read, for "unused variable" and dependency analysis.
    public var variablesRead: Set<Int> {
        var result = Set<Int>()
        visit { if case .variable(let i) = $0 { result.insert(i) } }
        return result
    }

    /// Every state index tested with `in()`.
    public var statesTested: Set<Int> {
        var result = Set<Int>()
        visit { if case .inState(let i) = $0 { result.insert(i) } }
        return result
    }

    public var readsParameters: Bool {
        var result = false
        visit { if case .parameter = $0 { result = true } }
        return result
    }

    /// Whether the expression, written out as a tree, has more than `limit` nodes. A subexpression used twice counts
    /// twice: that is the work of walking, hashing or encoding it. Stops counting at the limit, so an expression
    /// whose size doubles with each assignment (`x = x * x`) costs at most `limit` steps.
    public func hasMoreNodes(than limit: Int) -> Bool {
        var pending = [self]
        var count = 0
        while let e = pending.popLast() {
            count += 1
            if count > limit { return true }
            e.forEachChild { pending.append($0) }
        }
        return false
    }

    /// Calls `body` on this node and every node below it, parents before children and left before right. On an
    /// explicit stack, as `hasMoreNodes`: a value built by many assignments can be deeper than a thread's stack.
    public func visit(_ body: (TypedExpression) -> Void) {
        var pending = [self]
        while let e = pending.popLast() {
            body(e)
            let first = pending.count
            e.forEachChild { pending.append($0) }
            pending[first...].reverse()
        }
    }

    /// Calls `body` on each direct subexpression, left to right.
    private func forEachChild(_ body: (TypedExpression) -> Void) {
        switch self {
        case .integer, .boolean, .enumValue, .variable, .parameter, .inState: break
        case .not(let e), .negate(let e), .convertEnum(let e, _): body(e)
        case .arithmetic(_, let l, let r), .comparison(_, let l, let r), .and(let l, let r), .or(let l, let r):
            body(l)
            body(r)
        }
    }
}

public enum ArithmeticOperator: String, Hashable, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
}

public enum ComparisonOperator: String, Hashable, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    public func compare(_ l: Int, _ r: Int) -> Bool {
        switch self {
        case .equal: l == r
        case .notEqual: l != r
        case .less: l < r
        case .lessOrEqual: l <= r
        case .greater: l > r
        case .greaterOrEqual: l >= r
        }
    }
}

/// The static type of an expression. Ints in expressions are unbounded (64-bit); bounds apply when a value is stored.
public enum ExpressionType: Hashable, Sendable, CustomStringConvertible {
    case bool
    case int
    case enumeration([String])

    public init(_ type: ValueType) {
        switch type {
        case .bool: self = .bool
        case .int: self = .int
        case .enumeration(let values): self = .enumeration(values)
        }
    }

    public var description: String {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .enumeration(let values): "enum {\(values.joined(separator: ", "))}"
        }
    }
}

/// Why evaluation failed: the only run-time errors of the language are leaving a domain.
public enum EvaluationError: Error, Hashable, Sendable {
    case divisionByZero
    case overflow

    /// What went wrong, for messages: "division by zero", "integer overflow".
    public var reason: String {
        switch self {
        case .divisionByZero: "division by zero"
        case .overflow: "integer overflow"
        }
    }
}

extension TypedExpression {
    /// Evaluates the expression over plain values. This is the reference semantics; the engine's bytecode and the
    /// Z3 encoding are tested against it.
    ///
    /// Values are Ints: bools are 0/1, enums their index.
    public func evaluate(
        variable: (Int) -> Int, parameter: (Int) -> Int, isActive: (Int) -> Bool
    ) throws(EvaluationError) -> Int {
        switch self {
        case .integer(let v): return v
        case .boolean(let b): return b ? 1 : 0
        case .enumValue(let i): return i
        case .variable(let i): return variable(i)
        case .parameter(let i): return parameter(i)
        case .inState(let s): return isActive(s) ? 1 : 0
        case .not(let e): return try e.evaluate(variable: variable, parameter: parameter, isActive: isActive) == 0 ? 1 : 0
        case .negate(let e):
            let v = try e.evaluate(variable: variable, parameter: parameter, isActive: isActive)
            let (r, o) = (0).subtractingReportingOverflow(v)
            if o { throw .overflow }
            return r
        case .arithmetic(let op, let l, let r):
            let a = try l.evaluate(variable: variable, parameter: parameter, isActive: isActive)
            let b = try r.evaluate(variable: variable, parameter: parameter, isActive: isActive)
            return try op.apply(a, b)
        case .comparison(let op, let l, let r):
            let a = try l.evaluate(variable: variable, parameter: parameter, isActive: isActive)
            let b = try r.evaluate(variable: variable, parameter: parameter, isActive: isActive)
            return op.compare(a, b) ? 1 : 0
        case .and(let l, let r):
            if try l.evaluate(variable: variable, parameter: parameter, isActive: isActive) == 0 { return 0 }
            return try r.evaluate(variable: variable, parameter: parameter, isActive: isActive) == 0 ? 0 : 1
        case .or(let l, let r):
            if try l.evaluate(variable: variable, parameter: parameter, isActive: isActive) != 0 { return 1 }
            return try r.evaluate(variable: variable, parameter: parameter, isActive: isActive) == 0 ? 0 : 1
        case .convertEnum(let e, let table):
            let v = try e.evaluate(variable: variable, parameter: parameter, isActive: isActive)
            return v >= 0 && v < table.count ? table[v] : -1
        }
    }
}

extension ArithmeticOperator {
    /// Swift's semantics: `/` and `%` truncate toward zero; division by zero and overflow are errors.
    /// Inlinable: the explorer's step evaluates it for every assignment of every state.
    @inlinable
    public func apply(_ a: Int, _ b: Int) throws(EvaluationError) -> Int {
        let result: (partialValue: Int, overflow: Bool)
        switch self {
        case .add: result = a.addingReportingOverflow(b)
        case .subtract: result = a.subtractingReportingOverflow(b)
        case .multiply: result = a.multipliedReportingOverflow(by: b)
        case .divide:
            if b == 0 { throw .divisionByZero }
            result = a.dividedReportingOverflow(by: b)
        case .remainder:
            if b == 0 { throw .divisionByZero }
            result = a.remainderReportingOverflow(dividingBy: b)
        }
        if result.overflow { throw .overflow }
        return result.partialValue
    }
}

extension TypedExpression {
    /// The expression with variables replaced: `variable(i)` becomes `values[i]` where given. How symbolic
    /// execution follows assignments through a list of actions.
    public func substituting(_ values: [Int: TypedExpression]) -> TypedExpression {
        guard !values.isEmpty else { return self }
        switch self {
        case .integer, .boolean, .enumValue, .parameter, .inState: return self
        case .variable(let i): return values[i] ?? self
        case .not(let e): return .not(e.substituting(values))
        case .negate(let e): return .negate(e.substituting(values))
        case .convertEnum(let e, let table): return .convertEnum(e.substituting(values), table)
        case .arithmetic(let op, let l, let r): return .arithmetic(op, l.substituting(values), r.substituting(values))
        case .comparison(let op, let l, let r): return .comparison(op, l.substituting(values), r.substituting(values))
        case .and(let l, let r): return .and(l.substituting(values), r.substituting(values))
        case .or(let l, let r): return .or(l.substituting(values), r.substituting(values))
        }
    }

    /// Every parameter index read.
    public var parametersRead: Set<Int> {
        var result = Set<Int>()
        visit { if case .parameter(let i) = $0 { result.insert(i) } }
        return result
    }
}
