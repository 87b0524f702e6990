import SMSpec

/// A condition compiled to branches: `&&`, `||` and `!` over comparisons of loads (`lev1 < l0`, `mode == 2`), bool
/// variables and parameters, and `In(...)`, as a graph in which each node compares two loads and goes to one node or
/// the other. Where the stack code spends three dispatches per comparison of a long guard (load, compare, jump),
/// this spends one, and no stack: `(l0 == 1 && victim1 != 0) || (lev1 < l0 && lev2 < l0)` is four nodes.
///
/// A side of a comparison may add a constant to its load (`credit + 5 <= limit`, `n - 1 > m`), the shape of most
/// guards with arithmetic in them.
///
/// Short-circuiting is the graph's shape: the right operand of `&&` is reached only through its left one's true
/// edge. A comparison of loads cannot fail; one whose constant takes a side past 64 bits would, and then
/// `evaluate` leaves the whole condition to the stack code, which reports it. A condition with other arithmetic or
/// an enum conversion in it is not compiled (`init` answers nil) and runs as stack code.
struct BranchCode {
    /// Node targets at or past these are results, not nodes.
    static let isFalse: Int32 = -1
    static let isTrue: Int32 = -2

    /// What a node compares: most compare a variable with a constant or with another variable, and load them without
    /// asking where each side comes from.
    enum Shape: UInt8, Sendable {
        case variableWithConstant, variableWithVariable
        /// Any sources (a parameter, `In(...)`), or a side that adds a constant.
        case general
    }

    /// Compares `left` with `right`; goes to `ifTrue` when `outcomes` has the bit of how they compare (1 less,
    /// 2 equal, 4 greater), else to `ifFalse`.
    struct Node: Sendable {
        var leftSource: Program.Opcode
        var rightSource: Program.Opcode
        var outcomes: UInt8
        var shape: Shape
        var ifTrue: Int32
        var ifFalse: Int32
        var leftOperand: Int
        var rightOperand: Int
        /// Constants added to the loads before they are compared.
        var leftOffset: Int
        var rightOffset: Int
    }

    private(set) var nodes: [Node] = []
    /// The node evaluated first, or a result (`isTrue`, `isFalse`) when the condition is a constant.
    private(set) var entry: Int32 = isFalse

    init?(_ expression: TypedExpression) {
        // A lone variable or parameter may be an int: only operators say the value is a bool (the type checker saw to
        // it that what `&&`, `||` and `!` take is one).
        switch expression {
        case .variable, .parameter: return nil
        default: break
        }
        guard let entry = emit(expression, ifTrue: Self.isTrue, ifFalse: Self.isFalse) else { return nil }
        self.entry = entry
    }

    /// Emits `expression` so that it goes to `ifTrue` or `ifFalse`, and returns where it starts; nil when it is not a
    /// condition of this form. The right operand is emitted first, so the left one can go to it. Recursion as deep as
    /// the expression, which the parser bounds (`ExpressionParser.maximumDepth`), as the stack code's emitter.
    private mutating func emit(_ expression: TypedExpression, ifTrue: Int32, ifFalse: Int32) -> Int32? {
        switch expression {
        case .boolean(let value): return value ? ifTrue : ifFalse
        case .not(let operand): return emit(operand, ifTrue: ifFalse, ifFalse: ifTrue)
        case .and(let left, let right):
            guard let rightEntry = emit(right, ifTrue: ifTrue, ifFalse: ifFalse) else { return nil }
            return emit(left, ifTrue: rightEntry, ifFalse: ifFalse)
        case .or(let left, let right):
            guard let rightEntry = emit(right, ifTrue: ifTrue, ifFalse: ifFalse) else { return nil }
            return emit(left, ifTrue: ifTrue, ifFalse: rightEntry)
        case .variable, .parameter, .inState:
            return node(expression, .notEqual, .integer(0), ifTrue: ifTrue, ifFalse: ifFalse)
        case .comparison(let operation, let left, let right):
            return node(left, operation, right, ifTrue: ifTrue, ifFalse: ifFalse)
        default: return nil
        }
    }

    private mutating func node(
        _ left: TypedExpression, _ operation: ComparisonOperator, _ right: TypedExpression, ifTrue: Int32, ifFalse: Int32
    ) -> Int32? {
        guard var (leftSource, leftOperand, leftOffset) = Self.offsetLoad(left),
            var (rightSource, rightOperand, rightOffset) = Self.offsetLoad(right)
        else { return nil }
        var outcomes: UInt8 =
            switch operation {
            case .less: 0b001
            case .equal: 0b010
            case .lessOrEqual: 0b011
            case .greater: 0b100
            case .notEqual: 0b101
            case .greaterOrEqual: 0b110
            }
        // `3 < x` as `x > 3`: the variable on the left, less and greater swapped.
        if leftSource == .constant && rightSource == .variable {
            swap(&leftSource, &rightSource)
            swap(&leftOperand, &rightOperand)
            swap(&leftOffset, &rightOffset)
            outcomes = outcomes & 0b010 | (outcomes & 0b001) << 2 | (outcomes & 0b100) >> 2
        }
        let shape: Shape =
            switch (leftSource, rightSource, leftOffset == 0 && rightOffset == 0) {
            case (.variable, .constant, true): .variableWithConstant
            case (.variable, .variable, true): .variableWithVariable
            default: .general
            }
        nodes.append(
            Node(
                leftSource: leftSource, rightSource: rightSource, outcomes: outcomes, shape: shape, ifTrue: ifTrue,
                ifFalse: ifFalse, leftOperand: leftOperand, rightOperand: rightOperand, leftOffset: leftOffset,
                rightOffset: rightOffset))
        return Int32(nodes.count - 1)
    }

    /// How a node loads `expression`, when it is a load with a constant added or subtracted.
    private static func offsetLoad(_ expression: TypedExpression) -> (Program.Opcode, Int, Int)? {
        switch expression {
        case .arithmetic(.add, let operand, .integer(let constant)), .arithmetic(.add, .integer(let constant), let operand):
            guard let (source, loaded) = load(operand) else { return nil }
            return (source, loaded, constant)
        case .arithmetic(.subtract, let operand, .integer(let constant)) where constant != Int.min:
            guard let (source, loaded) = load(operand) else { return nil }
            return (source, loaded, -constant)
        default:
            guard let (source, loaded) = load(expression) else { return nil }
            return (source, loaded, 0)
        }
    }

    /// How a node loads `expression`, when it is a load.
    private static func load(_ expression: TypedExpression) -> (Program.Opcode, Int)? {
        switch expression {
        case .integer(let value): (.constant, value)
        case .boolean(let value): (.constant, value ? 1 : 0)
        case .enumValue(let index): (.constant, index)
        case .variable(let index): (.variable, index)
        case .parameter(let index): (.parameter, index)
        case .inState(let state): (.inState, state)
        default: nil
        }
    }

    /// What `evaluate` answers when a side's constant took it past 64 bits: the stack code decides (and fails).
    static let undecided = -1

    /// Runs the branches from `entry`: 1 when the condition holds, 0 when not, `undecided` when a side overflowed.
    @inline(__always)
    static func evaluate(
        _ nodes: UnsafePointer<Node>, from entry: Int32, variables: UnsafePointer<Int>, parameters: UnsafePointer<Int>,
        configuration: UnsafePointer<UInt64>
    ) -> Int {
        var next = entry
        while next >= 0 {
            let node = nodes[Int(next)]
            let left: Int
            let right: Int
            switch node.shape {
            case .variableWithConstant:
                left = variables[node.leftOperand]
                right = node.rightOperand
            case .variableWithVariable:
                left = variables[node.leftOperand]
                right = variables[node.rightOperand]
            case .general:
                let leftLoad = Program.load(
                    node.leftSource, node.leftOperand, variables: variables, parameters: parameters, configuration: configuration)
                let rightLoad = Program.load(
                    node.rightSource, node.rightOperand, variables: variables, parameters: parameters, configuration: configuration)
                let (leftSum, leftOverflow) = leftLoad.addingReportingOverflow(node.leftOffset)
                let (rightSum, rightOverflow) = rightLoad.addingReportingOverflow(node.rightOffset)
                if leftOverflow || rightOverflow { return undecided }
                left = leftSum
                right = rightSum
            }
            // Which of less (bit 0), equal (bit 1), greater (bit 2) holds, without a branch per operator.
            let outcome = (left > right ? 2 : 0) | (left == right ? 1 : 0)
            next = (node.outcomes >> UInt8(outcome)) & 1 != 0 ? node.ifTrue : node.ifFalse
        }
        return next == isTrue ? 1 : 0
    }
}
