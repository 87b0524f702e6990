/// What names an expression can see where it is written.
public struct ExpressionScope: Sendable {
    public struct Binding: Sendable {
        public var index: Int
        public var type: ValueType

        public init(index: Int, type: ValueType) {
            self.index = index
            self.type = type
        }
    }

    public var variables: [String: Binding]
    /// The parameters of the event being handled; nil where there is no event (entry/exit, always, invariants).
    public var parameters: [String: Binding]?
    /// Says why `event.x` is not available here, for the error message.
    public var noParametersReason: String
    /// Resolves `in(...)`; returns the state index or an error message with an optional suggestion.
    public var resolveState: @Sendable (String) -> Result<Int, ExpressionError>
    /// Variables whose declarations were rejected: using them is not a second error.
    public var rejectedVariables: Set<String> = []
    /// Parameters whose declarations were rejected (already reported): a use is not reported again.
    public var rejectedParameters: Set<String> = []

    public init(
        variables: [String: Binding], parameters: [String: Binding]?, noParametersReason: String,
        resolveState: @escaping @Sendable (String) -> Result<Int, ExpressionError>
    ) {
        self.variables = variables
        self.parameters = parameters
        self.noParametersReason = noParametersReason
        self.resolveState = resolveState
    }
}

/// Type-checks expression syntax and resolves its names.
///
/// Enum literals (`.auto`) take their type from context: the other operand of `==`/`!=`, or the variable or
/// parameter they are assigned to. Values of two different enum types can be compared or assigned when the types
/// share at least one value name; a conversion table maps one to the other.
public struct TypeChecker {
    let scope: ExpressionScope

    public init(scope: ExpressionScope) { self.scope = scope }

    /// Checks `syntax` and, when `expected` is given, that its type fits it.
    public func check(_ syntax: ExpressionSyntax, expecting expected: ExpressionType? = nil) throws(ExpressionError)
        -> (TypedExpression, ExpressionType)
    {
        let (typed, type) = try infer(syntax, context: expected)
        guard let expected else { return (typed, type) }
        return (try convert(typed, from: type, to: expected, at: syntax), expected)
    }

    private func convert(_ typed: TypedExpression, from type: ExpressionType, to expected: ExpressionType, at syntax: ExpressionSyntax)
        throws(ExpressionError) -> TypedExpression
    {
        if type == expected { return typed }
        if case .enumeration(let from) = type, case .enumeration(let to) = expected {
            let table = from.map { to.firstIndex(of: $0) ?? -1 }
            if table.allSatisfy({ $0 < 0 }) {
                throw ExpressionError("\(type) has no value in common with \(expected)", at: syntax.start)
            }
            return .convertEnum(typed, table)
        }
        throw ExpressionError("expected \(expected.description), but this is \(type.description)", at: syntax.start)
    }

    private func infer(_ syntax: ExpressionSyntax, context: ExpressionType?) throws(ExpressionError) -> (TypedExpression, ExpressionType) {
        switch syntax.kind {
        case .integer(let v):
            return (.integer(v), .int)
        case .boolean(let b):
            return (.boolean(b), .bool)
        case .enumLiteral(let name):
            guard case .enumeration(let values) = context else {
                throw ExpressionError(
                    "cannot tell which enum '.\(name)' belongs to; compare it with a variable or parameter of that enum",
                    at: syntax.start)
            }
            guard let index = values.firstIndex(of: name) else {
                throw ExpressionError(
                    "'.\(name)' is not a value of enum {\(values.joined(separator: ", "))}", at: syntax.start,
                    suggestion: Suggestions.closest(to: name, in: values).map { "." + $0 })
            }
            return (.enumValue(index), .enumeration(values))
        case .variable(let name):
            guard let binding = scope.variables[name] else {
                if scope.rejectedVariables.contains(name) {
                    throw ExpressionError("variable '\(name)' has a bad declaration", at: syntax.start, isConsequence: true)
                }
                var message = "unknown variable " + (name.unicodeScalars.count <= 100 ? "'\(name)'" : JSONWriter.quoted(name))
                // `mode == fast`: a value of the enum it is compared with or assigned to, written without its dot.
                if case .enumeration(let values) = context, values.contains(name) {
                    throw ExpressionError(
                        message + "; enum values are written with a leading dot", at: syntax.start, suggestion: "." + name)
                }
                if scope.variables.isEmpty { message += "; the spec declares no variables" }
                if let parameters = scope.parameters, parameters[name] != nil {
                    throw ExpressionError(message + "; event parameters are written 'event.\(name)'", at: syntax.start)
                }
                throw ExpressionError(message, at: syntax.start, suggestion: Suggestions.closest(to: name, in: scope.variables.keys))
            }
            return (.variable(binding.index), ExpressionType(binding.type))
        case .eventParameter(let name):
            guard let parameters = scope.parameters else {
                throw ExpressionError("'event.\(name)' is not available here: \(scope.noParametersReason)", at: syntax.start)
            }
            guard let binding = parameters[name] else {
                if scope.rejectedParameters.contains(name) {
                    throw ExpressionError("parameter 'event.\(name)' has a bad declaration", at: syntax.start, isConsequence: true)
                }
                let message =
                    parameters.isEmpty
                    ? "'event.\(name)': this event has no parameters"
                    : "unknown parameter 'event.\(name)'"
                throw ExpressionError(
                    message, at: syntax.start, suggestion: Suggestions.closest(to: name, in: parameters.keys).map { "event." + $0 })
            }
            return (.parameter(binding.index), ExpressionType(binding.type))
        case .inState(let reference):
            switch scope.resolveState(reference) {
            case .success(let index): return (.inState(index), .bool)
            case .failure(var error):
                error.offset += syntax.operatorOffset
                throw error
            }
        case .unary(let op, let operand):
            let (typed, type) = try infer(operand, context: nil)
            switch op {
            case .not:
                guard type == .bool else {
                    throw operandError("!", expected: "a bool operand", got: type, at: syntax.operatorOffset, operand: operand)
                }
                return (.not(typed), .bool)
            case .negate:
                guard type == .int else {
                    throw operandError("-", expected: "an int operand", got: type, at: syntax.operatorOffset, operand: operand)
                }
                return (.negate(typed), .int)
            }
        case .binary(let op, let lhs, let rhs):
            return try inferBinary(op, lhs, rhs, syntax)
        }
    }

    private func inferBinary(_ op: BinaryOperator, _ lhs: ExpressionSyntax, _ rhs: ExpressionSyntax, _ syntax: ExpressionSyntax)
        throws(ExpressionError) -> (TypedExpression, ExpressionType)
    {
        if op.isLogical {
            let (l, lt) = try infer(lhs, context: nil)
            let (r, rt) = try infer(rhs, context: nil)
            guard lt == .bool else {
                throw operandError(op.rawValue, expected: "bool operands", got: lt, at: syntax.operatorOffset, operand: lhs)
            }
            guard rt == .bool else {
                throw operandError(op.rawValue, expected: "bool operands", got: rt, at: syntax.operatorOffset, operand: rhs)
            }
            return (op == .and ? .and(l, r) : .or(l, r), .bool)
        }
        if op.isArithmetic {
            let (l, lt) = try infer(lhs, context: nil)
            let (r, rt) = try infer(rhs, context: nil)
            guard lt == .int else {
                throw operandError(op.rawValue, expected: "int operands", got: lt, at: syntax.operatorOffset, operand: lhs)
            }
            guard rt == .int else {
                throw operandError(op.rawValue, expected: "int operands", got: rt, at: syntax.operatorOffset, operand: rhs)
            }
            let arithmetic: ArithmeticOperator =
                switch op {
                case .add: .add
                case .subtract: .subtract
                case .multiply: .multiply
                case .divide: .divide
                default: .remainder
                }
            return (.arithmetic(arithmetic, l, r), .int)
        }
        // Comparison: an enum literal takes the type of the other side.
        let comparison: ComparisonOperator =
            switch op {
            case .equal: .equal
            case .notEqual: .notEqual
            case .less: .less
            case .lessOrEqual: .lessOrEqual
            case .greater: .greater
            default: .greaterOrEqual
            }
        let (l, lt, r, rt): (TypedExpression, ExpressionType, TypedExpression, ExpressionType)
        if isContextual(lhs) {
            let right = try infer(rhs, context: nil)
            let left = try infer(lhs, context: right.1)
            (l, lt, r, rt) = (left.0, left.1, right.0, right.1)
        } else {
            let left = try infer(lhs, context: nil)
            let right = try infer(rhs, context: left.1)
            (l, lt, r, rt) = (left.0, left.1, right.0, right.1)
        }
        let isOrdering = comparison != .equal && comparison != .notEqual
        if isOrdering {
            guard lt == .int else {
                throw operandError(op.rawValue, expected: "int operands", got: lt, at: syntax.operatorOffset, operand: lhs)
            }
            guard rt == .int else {
                throw operandError(op.rawValue, expected: "int operands", got: rt, at: syntax.operatorOffset, operand: rhs)
            }
            return (.comparison(comparison, l, r), .bool)
        }
        switch (lt, rt) {
        case (.int, .int), (.bool, .bool):
            return (.comparison(comparison, l, r), .bool)
        case (.enumeration(let lv), .enumeration(let rv)):
            if lv == rv { return (.comparison(comparison, l, r), .bool) }
            let table = rv.map { lv.firstIndex(of: $0) ?? -1 }
            if table.allSatisfy({ $0 < 0 }) {
                throw ExpressionError(
                    "cannot compare \(lt) with \(rt): they have no value in common, so '\(op.rawValue)' would be constant",
                    at: syntax.operatorOffset)
            }
            return (.comparison(comparison, l, .convertEnum(r, table)), .bool)
        default:
            throw ExpressionError("cannot compare \(lt.description) with \(rt.description)", at: syntax.operatorOffset)
        }
    }

    /// An operand whose type comes from the other side: an enum literal, or a bare name that is no variable (an enum
    /// value missing its dot, which the other side's type can name).
    private func isContextual(_ syntax: ExpressionSyntax) -> Bool {
        switch syntax.kind {
        case .enumLiteral: true
        case .variable(let name): scope.variables[name] == nil
        default: false
        }
    }

    private func operandError(_ op: String, expected: String, got: ExpressionType, at offset: Int, operand: ExpressionSyntax)
        -> ExpressionError
    {
        ExpressionError("'\(op)' needs \(expected), but \(describe(operand)) is \(got.description)", at: offset)
    }

    private func describe(_ syntax: ExpressionSyntax) -> String {
        switch syntax.kind {
        case .variable(let name): "'\(name)'"
        case .eventParameter(let name): "'event.\(name)'"
        case .integer(let v): "'\(v)'"
        case .boolean(let b): "'\(b)'"
        case .enumLiteral(let name): "'.\(name)'"
        case .inState(let s): "'in(\(s))'"
        case .unary, .binary: "the operand"
        }
    }
}
