import SMSpec

/// The values an int expression can take, when they provably stay within 64 bits.
struct ValueRange: Equatable {
    let lower: Int
    let upper: Int

    func contains(_ other: ValueRange) -> Bool { lower <= other.lower && other.upper <= upper }
    func contains(_ value: Int) -> Bool { lower <= value && value <= upper }
}

/// The Swift type of an emitted expression, with what is known about its values.
enum ValueKind {
    case bool
    /// nil: unknown (the result of a checked operation).
    case int(ValueRange?)
    case enumeration([String])
    /// A value converted from another enum by name: nil in Swift where the name is not a value of this enum.
    case convertedEnumeration([String])
}

struct EmittedValue {
    var code: String
    var kind: ValueKind
}

/// Translates a type-checked expression into Swift over the generated types: ints stay `Int`, bools `Bool`, enums
/// their generated enum. Operations whose bounds cannot overflow are written as plain Swift; the others are checked
/// (overflow, division by zero) and throw the engine's range violation, which needs statements before the value
/// (`prelude`). `&&` and `||` keep short-circuiting around checked operands.
struct ExpressionEmitter {
    let names: GeneratedNames
    let spec: ResolvedSpec
    /// Swift for `in(state)`.
    let isActive: (Int) -> String
    /// The parameters of the event being handled: their local names and types.
    let parameters: [(name: String, type: ValueType)]
    /// What the expression is, in error messages: `the assignment`, `the guard of a --e--> b`.
    let what: String
    /// Enum conversions used, as (from values, to values): the emitter declares a function for each.
    var conversions: [(from: [String], to: [String], table: [Int])] = []
    private(set) var prelude: [String] = []
    private var temporaries: Int

    init(
        names: GeneratedNames, spec: ResolvedSpec, isActive: @escaping (Int) -> String,
        parameters: [(name: String, type: ValueType)], what: String, firstTemporary: Int = 0
    ) {
        self.names = names
        self.spec = spec
        self.isActive = isActive
        self.parameters = parameters
        self.what = what
        self.temporaries = firstTemporary
    }

    /// The temporaries used so far, so a caller can continue numbering in the same scope.
    var temporaryCount: Int { temporaries }

    mutating func takePrelude() -> [String] {
        defer { prelude = [] }
        return prelude
    }

    // MARK: - Emitting

    /// The expression as Swift, reading as `expected` (the type of the variable, parameter or other operand it is
    /// compared with; needed for enum literals and conversions).
    mutating func emit(_ expression: TypedExpression, expected: ValueType? = nil) -> EmittedValue {
        // Swift warns "will never be executed" beside an `if` whose condition it folds (`1 > 2`), but not beside a
        // literal `if false`: a condition that is constant is written as its value.
        if Self.isCompoundCondition(expression), let value = Self.constantValue(of: expression) {
            return EmittedValue(code: value != 0 ? "true" : "false", kind: .bool)
        }
        switch expression {
        case .integer(let value):
            return EmittedValue(code: Self.literal(value), kind: .int(ValueRange(lower: value, upper: value)))
        case .boolean(let value):
            return EmittedValue(code: value ? "true" : "false", kind: .bool)
        case .enumValue(let index):
            guard case .enumeration(let values) = expected else { return EmittedValue(code: "nil", kind: .bool) }
            return EmittedValue(code: names.enumValue(index, of: values), kind: .enumeration(values))
        case .variable(let index):
            let variable = spec.variables[index]
            return EmittedValue(
                code: "current.variables.\(SwiftIdentifier.escaped(names.variableProperty[index]))", kind: Self.kind(of: variable.type))
        case .parameter(let index):
            let parameter = parameters[index]
            return EmittedValue(code: parameter.name, kind: Self.kind(of: parameter.type))
        case .inState(let state):
            return EmittedValue(code: isActive(state), kind: .bool)
        case .not(let operand):
            let value = emit(operand)
            return EmittedValue(code: "!" + Self.parenthesized(value.code), kind: .bool)
        case .negate(let operand):
            let value = emit(operand)
            if case .int(let range?) = value.kind, range.lower != Int.min {
                return EmittedValue(
                    code: "-" + Self.parenthesized(value.code), kind: .int(ValueRange(lower: -range.upper, upper: -range.lower)))
            }
            return checked("0.subtractingReportingOverflow(\(value.code))", dividing: nil)
        case .arithmetic(let op, let left, let right):
            return arithmetic(op, emit(left), emit(right))
        case .comparison(let op, let left, let right):
            return comparison(op, left, right)
        case .and(let left, let right):
            return logical(left, right, isAnd: true)
        case .or(let left, let right):
            return logical(left, right, isAnd: false)
        case .convertEnum(let operand, let table):
            let value = emit(operand)
            guard case .enumeration(let from) = value.kind, case .enumeration(let to) = expected else { return value }
            if !conversions.contains(where: { $0.from == from && $0.to == to }) { conversions.append((from, to, table)) }
            return EmittedValue(
                code: "Self.\(Self.conversionName(from: from, to: to, names: names))(\(value.code))", kind: .convertedEnumeration(to))
        }
    }

    /// A bool expression built from others (`!`, a comparison, `&&`, `||`), which Swift may fold when they are constants.
    static func isCompoundCondition(_ expression: TypedExpression) -> Bool {
        switch expression {
        case .not, .comparison, .and, .or: true
        default: false
        }
    }

    /// The value of an expression that reads no variable, parameter or state, as `TypedExpression.evaluate` gives it
    /// (bools 0 or 1); nil when it reads one, or when evaluating it fails (its checks then throw at run time, as the
    /// engine does). `&&` and `||` whose left side decides are constant whatever the right side reads, which never runs.
    static func constantValue(of expression: TypedExpression) -> Int? {
        switch expression {
        case .integer(let value): return value
        case .boolean(let value): return value ? 1 : 0
        case .enumValue(let index): return index
        case .variable, .parameter, .inState: return nil
        case .not(let operand): return constantValue(of: operand).map { $0 == 0 ? 1 : 0 }
        case .negate(let operand):
            guard let value = constantValue(of: operand) else { return nil }
            let (result, overflow) = 0.subtractingReportingOverflow(value)
            return overflow ? nil : result
        case .arithmetic(let op, let left, let right):
            guard let a = constantValue(of: left), let b = constantValue(of: right) else { return nil }
            return try? op.apply(a, b)
        case .comparison(let op, let left, let right):
            guard let a = constantValue(of: left), let b = constantValue(of: right) else { return nil }
            return op.compare(a, b) ? 1 : 0
        case .and(let left, let right):
            guard let a = constantValue(of: left) else { return nil }
            return a == 0 ? 0 : constantValue(of: right).map { $0 == 0 ? 0 : 1 }
        case .or(let left, let right):
            guard let a = constantValue(of: left) else { return nil }
            return a != 0 ? 1 : constantValue(of: right).map { $0 == 0 ? 0 : 1 }
        case .convertEnum(let operand, let table):
            guard let value = constantValue(of: operand) else { return nil }
            return value >= 0 && value < table.count ? table[value] : -1
        }
    }

    static func conversionName(from: [String], to: [String], names: GeneratedNames) -> String {
        names.members.conversion[from]?[to] ?? "convert\(names.enumTypes[from] ?? "Value")To\(names.enumTypes[to] ?? "Value")"
    }

    // MARK: - Operators

    private mutating func arithmetic(_ op: ArithmeticOperator, _ a: EmittedValue, _ b: EmittedValue) -> EmittedValue {
        guard case .int(let ra) = a.kind, case .int(let rb) = b.kind else { return a }
        let l = Self.parenthesized(a.code), r = Self.parenthesized(b.code)
        // Constant operands that overflow (Int.min / -1) fail wherever they are evaluated: written as the operation,
        // the compiler would refuse it.
        if let ra, let rb, ra.lower == ra.upper, rb.lower == rb.upper, rb.lower != 0, (try? op.apply(ra.lower, rb.lower)) == nil {
            return failing("integer overflow")
        }
        switch op {
        case .add, .subtract, .multiply:
            if let ra, let rb, let range = Self.range(of: op, ra, rb) {
                return EmittedValue(code: "\(l) \(op.rawValue) \(r)", kind: .int(range))
            }
            let method =
                op == .add
                ? "addingReportingOverflow(" : op == .subtract ? "subtractingReportingOverflow(" : "multipliedReportingOverflow(by: "
            return checked("\(l).\(method)\(b.code))", dividing: nil)
        case .divide, .remainder:
            let mayBeZero = rb.map { $0.contains(0) } ?? true
            let mayOverflow = (ra.map { $0.lower == Int.min } ?? true) && (rb.map { $0.contains(-1) } ?? true)
            if !mayBeZero && !mayOverflow, let ra, let rb {
                return EmittedValue(code: "\(l) \(op.rawValue) \(r)", kind: .int(Self.quotientRange(op, ra, rb)))
            }
            // A divisor that is always 0 fails wherever it is evaluated: written as a division, the compiler would
            // refuse it (and call what follows the check dead code).
            if let rb, rb.lower == 0 && rb.upper == 0 { return failing("division by zero") }
            let method = op == .divide ? "dividedReportingOverflow(by: " : "remainderReportingOverflow(dividingBy: "
            return checked("\(l).\(method)\(b.code))", dividing: mayBeZero ? b.code : nil)
        }
    }

    /// An operation that always fails, as a call that throws (see `failingOperation` in the generated code).
    private mutating func failing(_ reason: String) -> EmittedValue {
        let value = temporary()
        prelude.append(
            "let \(value) = try failingOperation(\(SwiftIdentifier.stringLiteral(reason)), in: \(SwiftIdentifier.stringLiteral(what)))")
        return EmittedValue(code: value, kind: .int(nil))
    }

    /// A checked operation: `(value, overflow)` into temporaries, a throw on overflow (and, first, on a zero divisor).
    private mutating func checked(_ call: String, dividing divisor: String?) -> EmittedValue {
        let value = temporary(), overflow = temporary()
        if let divisor {
            prelude.append(
                "if \(Self.parenthesized(divisor)) == 0 { throw evaluationFailure(\"division by zero\", in: \(SwiftIdentifier.stringLiteral(what))) }"
            )
        }
        prelude.append("let (\(value), \(overflow)) = \(call)")
        prelude.append("if \(overflow) { throw evaluationFailure(\"integer overflow\", in: \(SwiftIdentifier.stringLiteral(what))) }")
        return EmittedValue(code: value, kind: .int(nil))
    }

    private mutating func comparison(_ op: ComparisonOperator, _ left: TypedExpression, _ right: TypedExpression) -> EmittedValue {
        // An enum literal takes its type from the other side, as the type checker did.
        let leftType = staticType(left), rightType = staticType(right)
        let a = emit(left, expected: leftType ?? rightType)
        let b = emit(right, expected: rightType ?? leftType ?? Self.valueType(of: a.kind))
        return EmittedValue(code: "\(Self.parenthesized(a.code)) \(op.rawValue) \(Self.parenthesized(b.code))", kind: .bool)
    }

    private mutating func logical(_ left: TypedExpression, _ right: TypedExpression, isAnd: Bool) -> EmittedValue {
        let a = emit(left)
        let outer = prelude
        prelude = []
        let b = emit(right)
        let inner = prelude
        prelude = outer
        let op = isAnd ? "&&" : "||"
        guard !inner.isEmpty else {
            return EmittedValue(code: "\(Self.parenthesized(a.code)) \(op) \(Self.parenthesized(b.code))", kind: .bool)
        }
        // The right side has checks: evaluate it only when the left side does not decide.
        let result = temporary()
        prelude.append("var \(result) = \(a.code)")
        prelude.append("if \(isAnd ? "" : "!")\(result) {")
        prelude += inner.map { "    " + $0 }
        prelude.append("    \(result) = \(b.code)")
        prelude.append("}")
        return EmittedValue(code: result, kind: .bool)
    }

    private mutating func temporary() -> String {
        temporaries += 1
        return "value\(temporaries)"
    }

    // MARK: - Types and ranges

    /// The type of an expression that has one by itself (not an enum literal or a conversion).
    func staticType(_ expression: TypedExpression) -> ValueType? {
        switch expression {
        case .variable(let index): spec.variables[index].type
        case .parameter(let index): parameters[index].type
        case .integer, .arithmetic, .negate: .int(min: Int.min, max: Int.max)
        case .boolean, .not, .and, .or, .comparison, .inState: .bool
        case .enumValue, .convertEnum: nil
        }
    }

    static func kind(of type: ValueType) -> ValueKind {
        switch type {
        case .bool: .bool
        case .int(let min, let max): .int(ValueRange(lower: min, upper: max))
        case .enumeration(let values): .enumeration(values)
        }
    }

    static func valueType(of kind: ValueKind) -> ValueType? {
        switch kind {
        case .bool: .bool
        case .int: .int(min: Int.min, max: Int.max)
        case .enumeration(let values), .convertedEnumeration(let values): .enumeration(values)
        }
    }

    /// The range of `a op b` for + - *, or nil when a bound overflows.
    static func range(of op: ArithmeticOperator, _ a: ValueRange, _ b: ValueRange) -> ValueRange? {
        var candidates: [Int] = []
        let pairs: [(Int, Int)]
        switch op {
        case .add: pairs = [(a.lower, b.lower), (a.upper, b.upper)]
        case .subtract: pairs = [(a.lower, b.upper), (a.upper, b.lower)]
        default: pairs = [(a.lower, b.lower), (a.lower, b.upper), (a.upper, b.lower), (a.upper, b.upper)]
        }
        for (x, y) in pairs {
            let (value, overflow) =
                switch op {
                case .add: x.addingReportingOverflow(y)
                case .subtract: x.subtractingReportingOverflow(y)
                default: x.multipliedReportingOverflow(by: y)
                }
            if overflow { return nil }
            candidates.append(value)
        }
        return ValueRange(lower: candidates.min()!, upper: candidates.max()!)
    }

    /// The range of `a / b` or `a % b` for a divisor range without 0 (and no `Int.min / -1`).
    static func quotientRange(_ op: ArithmeticOperator, _ a: ValueRange, _ b: ValueRange) -> ValueRange {
        if op == .divide {
            let corners = [a.lower / b.lower, a.lower / b.upper, a.upper / b.lower, a.upper / b.upper]
            return ValueRange(lower: corners.min()!, upper: corners.max()!)
        }
        // The remainder has the dividend's sign and is smaller than the divisor in magnitude.
        let divisor = max(b.lower.magnitude, b.upper.magnitude) - 1
        let bound = divisor > UInt(Int.max) ? Int.max : Int(divisor)
        return ValueRange(lower: a.lower < 0 ? max(a.lower, -bound) : 0, upper: a.upper > 0 ? min(a.upper, bound) : 0)
    }

    // MARK: - Text

    static func literal(_ value: Int) -> String {
        value == Int.min ? "Int.min" : value < 0 ? "(\(value))" : String(value)
    }

    /// Wraps code in parentheses unless it is a name, a literal or already parenthesized.
    static func parenthesized(_ code: String) -> String {
        if code.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "`" }) { return code }
        if code.hasPrefix("("), code.hasSuffix(")"), isBalanced(code.dropFirst().dropLast()) { return code }
        return "(" + code + ")"
    }

    private static func isBalanced(_ text: Substring) -> Bool {
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" {
                depth -= 1
                if depth < 0 { return false }
            }
        }
        return depth == 0
    }
}
