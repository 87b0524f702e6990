package import SMSpec

/// A compiled expression: stack bytecode over variable slots, parameter slots and the configuration bitset.
///
/// Expressions are compiled once; evaluating one reads no names, allocates nothing and touches only the slots it
/// names. `&&` and `||` short-circuit with jumps, so `false && x / 0 == 1` does not divide. A binary operation whose
/// right operand is a constant, a variable or a parameter is one instruction (`applyLoaded`): `l3 == 1` is a load and
/// an `applyLoaded`, where it was three instructions. Two shapes skip the stack: a condition of comparisons of loads
/// runs as branches (`BranchCode`: one node per comparison, which is what a guard of many comparisons spends its time
/// on), and a load followed by operations on loads runs on one accumulator (`chain`).
///
/// Immutable once compiled (hence `@unchecked Sendable`): evaluation reads the code through pointers the program owns,
/// so a step that evaluates a guard pays no reference counting and no bounds check for it.
package final class Program: @unchecked Sendable {
    enum Opcode: UInt8, Sendable {
        case constant, variable, parameter, inState
        case not, negate, add, subtract, multiply, divide, remainder
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
        /// If the top is 0 jump to the operand (keeping the 0), else pop it. For `&&`.
        case jumpIfFalse
        /// If the top is not 0 jump to the operand (keeping it), else pop it. For `||`.
        case jumpIfTrue
        /// Replace the top with `conversions[operand][top]`, or -1 when out of the table. Enum to enum.
        case convert
        /// Replace the top with `operation` applied to it and to what `source` loads from `operand` (a constant,
        /// a variable or a parameter).
        case applyLoaded
    }

    /// 16 bytes: the three opcodes share the operand's alignment padding.
    struct Instruction: Sendable {
        var opcode: Opcode
        /// For `applyLoaded`: the binary operation, and how its right operand is loaded.
        var operation: Opcode = .constant
        var source: Opcode = .constant
        var operand: Int
    }

    let code: [Instruction]
    /// `code`, for evaluation.
    private let instructions: UnsafeMutablePointer<Instruction>
    let conversions: [[Int]]
    let maximumStack: Int
    /// Whether the program tests which states are active (`In(...)`), so evaluating it needs the configuration.
    let readsStates: Bool
    /// The variables the program reads, each once, in increasing order: what a step plan loads from a packed key
    /// before it evaluates the program (`StepPlanCache`).
    let variablesRead: [Int32]
    /// The same program as a chain on one accumulator, when it has that shape: a load, then unary operations and
    /// binary ones whose right operand is a load (`!ready`, `count < 10`, `(x + 1) % 150`: most guards and
    /// assignments), and a lone load. Evaluated with no stack, which is what a step spends on them.
    private let chain: UnsafeMutablePointer<Link>
    /// Links in `chain`; 0 when the program is not a chain.
    private let chainCount: Int
    /// The same program as branches (`BranchCode`), when it is a condition of comparisons of loads: guards as specs
    /// write them, long ones included, with one dispatch per comparison.
    private let branches: UnsafeMutablePointer<BranchCode.Node>
    /// Where `branches` start; nil when the program is not such a condition.
    private let branchEntry: Int32?

    /// One link of `chain`: apply `opcode` to the accumulator (with the loaded operand, for a binary one); the first
    /// link loads the accumulator.
    private struct Link: Sendable {
        var opcode: Opcode
        var source: Opcode
        var operand: Int
    }
    /// The typed expression this program was compiled from: what the symbolic step (SMSymbolic) reads.
    package let expression: TypedExpression

    /// Compiles a typed expression.
    package init(_ expression: TypedExpression) {
        var emitter = Emitter()
        var depth = 0
        emitter.emit(expression, depth: &depth)
        code = emitter.code
        conversions = emitter.conversions
        maximumStack = emitter.maximumStack
        readsStates = emitter.code.contains { $0.opcode == .inState }
        variablesRead = Set(
            emitter.code.compactMap { instruction in
                instruction.opcode == .variable || (instruction.opcode == .applyLoaded && instruction.source == .variable)
                    ? Int32(instruction.operand) : nil
            }
        ).sorted()
        instructions = HotTables.copy(emitter.code)
        let links = Self.chain(of: emitter.code) ?? []
        chain = HotTables.copy(links)
        chainCount = links.count
        let branchCode = BranchCode(expression)
        branches = HotTables.copy(branchCode?.nodes ?? [])
        branchEntry = branchCode?.entry
        branchesAddConstants = branchCode?.nodes.contains { $0.leftOffset != 0 || $0.rightOffset != 0 } ?? false
        branchShapes = Set(branchCode?.nodes.map(\.shape) ?? [])
        self.expression = expression
    }

    deinit {
        instructions.deallocate()
        chain.deallocate()
        branches.deallocate()
    }

    private static func isLoad(_ opcode: Opcode) -> Bool { opcode == .constant || opcode == .variable || opcode == .parameter }

    private static func chain(of code: [Instruction]) -> [Link]? {
        guard let first = code.first, isLoad(first.opcode) else { return nil }
        var links = [Link(opcode: .constant, source: first.opcode, operand: first.operand)]
        for instruction in code.dropFirst() {
            switch instruction.opcode {
            case .not, .negate:
                links.append(Link(opcode: instruction.opcode, source: .constant, operand: 0))
            case .applyLoaded:
                links.append(Link(opcode: instruction.operation, source: instruction.source, operand: instruction.operand))
            default: return nil
            }
        }
        return links
    }

    /// Whether the program runs as branches (for tests).
    var runsAsBranches: Bool { branchEntry != nil }
    /// Whether it runs as branches some of whose sides add a constant (for tests).
    let branchesAddConstants: Bool
    /// The shapes of its branches' nodes (for tests).
    let branchShapes: Set<BranchCode.Shape>
    /// Whether the program runs as an accumulator chain (for tests).
    var runsAsChain: Bool { branchEntry == nil && chainCount > 0 }

    /// When the whole program is one constant, its value (guards like `true`).
    var constantValue: Int? {
        code.count == 1 && code[0].opcode == .constant ? code[0].operand : nil
    }
}

/// Turns a typed expression into stack code.
private struct Emitter {
    typealias Instruction = Program.Instruction
    typealias Opcode = Program.Opcode
    var code: [Instruction] = []
    var conversions: [[Int]] = []
    var maximumStack = 0

    private mutating func push(_ opcode: Opcode, _ operand: Int = 0, _ depth: inout Int) {
        code.append(Instruction(opcode: opcode, operand: operand))
        depth += 1
        maximumStack = max(maximumStack, depth)
    }

    mutating func emit(_ expression: TypedExpression, depth: inout Int) {
        switch expression {
        case .integer(let v): push(.constant, v, &depth)
        case .boolean(let b): push(.constant, b ? 1 : 0, &depth)
        case .enumValue(let i): push(.constant, i, &depth)
        case .variable(let i): push(.variable, i, &depth)
        case .parameter(let i): push(.parameter, i, &depth)
        case .inState(let s): push(.inState, s, &depth)
        case .not(let e):
            emit(e, depth: &depth)
            code.append(Instruction(opcode: .not, operand: 0))
        case .negate(let e):
            emit(e, depth: &depth)
            code.append(Instruction(opcode: .negate, operand: 0))
        case .convertEnum(let e, let table):
            emit(e, depth: &depth)
            conversions.append(table)
            code.append(Instruction(opcode: .convert, operand: conversions.count - 1))
        case .arithmetic(let op, let l, let r):
            let opcode: Opcode =
                switch op {
                case .add: .add
                case .subtract: .subtract
                case .multiply: .multiply
                case .divide: .divide
                case .remainder: .remainder
                }
            emitBinary(opcode, l, r, depth: &depth)
        case .comparison(let op, let l, let r):
            let opcode: Opcode =
                switch op {
                case .equal: .equal
                case .notEqual: .notEqual
                case .less: .less
                case .lessOrEqual: .lessOrEqual
                case .greater: .greater
                case .greaterOrEqual: .greaterOrEqual
                }
            emitBinary(opcode, l, r, depth: &depth)
        case .and(let l, let r), .or(let l, let r):
            let isAnd = if case .and = expression { true } else { false }
            emit(l, depth: &depth)
            let jump = code.count
            code.append(Instruction(opcode: isAnd ? .jumpIfFalse : .jumpIfTrue, operand: 0))
            depth -= 1
            emit(r, depth: &depth)
            code[jump].operand = code.count
        }
    }

    /// `l`, then `opcode` with `r`: one `applyLoaded` when `r` is a load.
    private mutating func emitBinary(_ opcode: Opcode, _ l: TypedExpression, _ r: TypedExpression, depth: inout Int) {
        emit(l, depth: &depth)
        let load: (source: Opcode, operand: Int)? =
            switch r {
            case .integer(let v): (.constant, v)
            case .boolean(let b): (.constant, b ? 1 : 0)
            case .enumValue(let i): (.constant, i)
            case .variable(let i): (.variable, i)
            case .parameter(let i): (.parameter, i)
            default: nil
            }
        if let load {
            code.append(Instruction(opcode: .applyLoaded, operation: opcode, source: load.source, operand: load.operand))
        } else {
            emit(r, depth: &depth)
            code.append(Instruction(opcode: opcode, operand: 0))
            depth -= 1
        }
    }

}

extension Program {
    /// Runs the program. Values: bools 0/1, enums as indices. The configuration is `words` 64-bit words.
    ///
    /// Complexity: O(length of the program).

    func evaluate(
        variables: UnsafePointer<Int>, parameters: UnsafePointer<Int>, configuration: UnsafePointer<UInt64>
    ) throws(EvaluationError) -> Int {
        if let branchEntry {
            let value = BranchCode.evaluate(
                branches, from: branchEntry, variables: variables, parameters: parameters, configuration: configuration)
            if value != BranchCode.undecided { return value }
        }
        if chainCount > 0 {
            var accumulator = 0
            for i in 0..<chainCount {
                let link = chain[i]
                let loaded = Self.load(
                    link.source, link.operand, variables: variables, parameters: parameters, configuration: configuration)
                switch link.opcode {
                case .constant: accumulator = loaded
                case .not: accumulator = accumulator == 0 ? 1 : 0
                case .negate:
                    let (value, overflow) = (0).subtractingReportingOverflow(accumulator)
                    if overflow { throw .overflow }
                    accumulator = value
                default: accumulator = try Self.binary(link.opcode, accumulator, loaded)
                }
            }
            return accumulator
        }
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: max(1, maximumStack)) { stack throws(EvaluationError) -> Int in
            try run(stack: stack.baseAddress!, variables: variables, parameters: parameters, configuration: configuration)
        }
    }

    static func isActive(_ state: Int, _ configuration: UnsafePointer<UInt64>) -> Int {
        Int(truncatingIfNeeded: (configuration[state >> 6] >> UInt64(state & 63)) & 1)
    }

    func run(
        stack: UnsafeMutablePointer<Int>, variables: UnsafePointer<Int>, parameters: UnsafePointer<Int>,
        configuration: UnsafePointer<UInt64>
    ) throws(EvaluationError) -> Int {
        var top = -1
        var pc = 0
        let count = code.count
        while pc < count {
            let instruction = instructions[pc]
            pc += 1
            switch instruction.opcode {
            case .constant: top += 1; stack[top] = instruction.operand
            case .variable: top += 1; stack[top] = variables[instruction.operand]
            case .parameter: top += 1; stack[top] = parameters[instruction.operand]
            case .inState: top += 1; stack[top] = Self.isActive(instruction.operand, configuration)
            case .not: stack[top] = stack[top] == 0 ? 1 : 0
            case .negate:
                let (value, overflow) = (0).subtractingReportingOverflow(stack[top])
                if overflow { throw .overflow }
                stack[top] = value
            case .convert:
                let table = conversions[instruction.operand]
                let v = stack[top]
                stack[top] = v >= 0 && v < table.count ? table[v] : -1
            case .jumpIfFalse:
                if stack[top] == 0 { pc = instruction.operand } else { top -= 1 }
            case .jumpIfTrue:
                if stack[top] != 0 { pc = instruction.operand } else { top -= 1 }
            case .applyLoaded:
                let loaded = Self.load(
                    instruction.source, instruction.operand, variables: variables, parameters: parameters, configuration: configuration)
                stack[top] = try Self.binary(instruction.operation, stack[top], loaded)
            default:
                let r = stack[top]
                top -= 1
                let l = stack[top]
                stack[top] = try Self.binary(instruction.opcode, l, r)
            }
        }
        return stack[0]
    }

    /// What `source` (`.variable`, `.parameter`, `.inState`, else a constant) loads from `operand`: a chain link's
    /// operand, an `applyLoaded`'s right one, and both sides of a `BranchCode` node.
    @inline(__always)
    static func load(
        _ source: Opcode, _ operand: Int, variables: UnsafePointer<Int>, parameters: UnsafePointer<Int>,
        configuration: UnsafePointer<UInt64>
    ) -> Int {
        switch source {
        case .variable: variables[operand]
        case .parameter: parameters[operand]
        case .inState: isActive(operand, configuration)
        default: operand
        }
    }

    @inline(__always)
    static func binary(_ opcode: Opcode, _ l: Int, _ r: Int) throws(EvaluationError) -> Int {
        switch opcode {
        case .add: return try ArithmeticOperator.add.apply(l, r)
        case .subtract: return try ArithmeticOperator.subtract.apply(l, r)
        case .multiply: return try ArithmeticOperator.multiply.apply(l, r)
        case .divide: return try ArithmeticOperator.divide.apply(l, r)
        case .remainder: return try ArithmeticOperator.remainder.apply(l, r)
        case .equal: return l == r ? 1 : 0
        case .notEqual: return l != r ? 1 : 0
        case .less: return l < r ? 1 : 0
        case .lessOrEqual: return l <= r ? 1 : 0
        case .greater: return l > r ? 1 : 0
        case .greaterOrEqual: return l >= r ? 1 : 0
        default: return 0
        }
    }
}
