/// The untyped syntax tree of an expression, with character offsets into its text for error messages.
public struct ExpressionSyntax: Hashable, Sendable {
    public indirect enum Kind: Hashable, Sendable {
        case integer(Int)
        case boolean(Bool)
        /// `.name`: an enum value whose type comes from the other operand or the assignment target.
        case enumLiteral(String)
        case variable(String)
        /// `event.name`
        case eventParameter(String)
        /// `in(name-or-path)`
        case inState(String)
        case unary(UnaryOperator, ExpressionSyntax)
        case binary(BinaryOperator, ExpressionSyntax, ExpressionSyntax)
    }

    public var kind: Kind
    /// Offsets (in Unicode scalars) of the node's first scalar and one past its last.
    public var start: Int
    public var end: Int
    /// For binary and unary nodes: where the operator is written, which is where type errors point.
    public var operatorOffset: Int

    public init(_ kind: Kind, start: Int, end: Int, operatorOffset: Int? = nil) {
        self.kind = kind
        self.start = start
        self.end = end
        self.operatorOffset = operatorOffset ?? start
    }
}

public enum UnaryOperator: String, Hashable, Sendable {
    case not = "!"
    case negate = "-"
}

public enum BinaryOperator: String, Hashable, Sendable, CaseIterable {
    case multiply = "*", divide = "/", remainder = "%"
    case add = "+", subtract = "-"
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case and = "&&"
    case or = "||"

    /// Swift's precedence groups: multiplication > addition > comparison > conjunction > disjunction.
    var precedence: Int {
        switch self {
        case .multiply, .divide, .remainder: 5
        case .add, .subtract: 4
        case .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual: 3
        case .and: 2
        case .or: 1
        }
    }

    var isComparison: Bool { precedence == 3 }
    var isArithmetic: Bool { precedence >= 4 }
    var isLogical: Bool { precedence <= 2 }
}

/// An error inside an expression, at a character offset of its text.
public struct ExpressionError: Error, Hashable, Sendable {
    public var message: String
    public var offset: Int
    public var suggestion: String?
    /// True when the error only follows from another one already reported (a name whose declaration was bad).
    public var isConsequence: Bool

    public init(_ message: String, at offset: Int, suggestion: String? = nil, isConsequence: Bool = false) {
        self.message = message
        self.offset = offset
        self.suggestion = suggestion
        self.isConsequence = isConsequence
    }
}
