import SMSpec
import SMTestSupport
import Testing

@testable import SMEngine

@Suite("Compiled expressions")
struct ProgramTests {
    /// The values of x, y, flag, mode, other and of the parameters p and q, drawn from their domains.
    static func valuations(_ random: inout SeededRandom) -> (variables: [Int], parameters: [Int], configuration: [UInt64]) {
        let variables = [
            Int.random(in: -3...3, using: &random), Int.random(in: 0...4, using: &random), Int.random(in: 0...1, using: &random),
            Int.random(in: 0...2, using: &random), Int.random(in: 0...1, using: &random),
        ]
        return (
            variables, [Int.random(in: 0...3, using: &random), Int.random(in: 0...2, using: &random)],
            [UInt64.random(in: 0...1023, using: &random)]
        )
    }

    @Test("a program gives what the typed expression gives, errors included, as branches, chains and stack code alike")
    func agreesWithTheInterpreter() {
        var generator = RandomExpressions(seed: 7)
        var random = SeededRandom(seed: 11)
        var chains = 0
        var branches = 0
        var errors = 0
        for i in 0..<4000 {
            let expression = i % 2 == 0 ? generator.bool() : generator.int()
            let program = Program(expression)
            if program.runsAsChain { chains += 1 }
            if program.runsAsBranches { branches += 1 }
            for _ in 0..<8 {
                let (variables, parameters, configuration) = Self.valuations(&random)
                let expected = Result { () throws(EvaluationError) -> Int in
                    try expression.evaluate(
                        variable: { variables[$0] }, parameter: { parameters[$0] },
                        isActive: { configuration[0] & (1 << UInt64($0)) != 0 })
                }
                let found = Result { () throws(EvaluationError) -> Int in
                    try program.evaluate(variables: variables, parameters: parameters, configuration: configuration)
                }
                if case .failure = expected { errors += 1 }
                #expect(found == expected, "\(expression)")
            }
        }
        // Every path must have been exercised for the comparison to mean something.
        #expect(
            chains > 400 && branches > 400 && chains + branches < 3600,
            "of 4000 programs, \(chains) ran as chains and \(branches) as branches")
        #expect(errors > 100, "only \(errors) evaluations failed")
    }

    @Test("an instruction takes 16 bytes: its opcodes share the operand's padding")
    func instructionSize() {
        #expect(MemoryLayout<Program.Instruction>.stride == 16)
    }

    @Test("assignments as specs write them run as chains", arguments: ["(x + 1) % 4", "x + y - 1", "-x", "y"])
    func commonAssignments(text: String) throws {
        #expect(try Self.program(text).runsAsChain)
    }

    @Test(
        "guards as specs write them, long ones included, run as branches",
        arguments: [
            "!flag", "x < 2", "true", "(x == 1 && y != 0) || (x < y && y != 3 && !flag)", "!(x < 2 || y >= 3) && mode == .b",
            "x + 1 < y && flag", "x + 5 <= 7 && 2 + y > x - 1",
        ])
    func commonGuards(text: String) throws {
        #expect(try Self.program(text).runsAsBranches)
    }

    @Test(
        "a comparison of a variable with a constant or another variable loads them directly, a constant on the left too",
        arguments: [
            ("x < 2", BranchCode.Shape.variableWithConstant), ("2 > x", .variableWithConstant), ("2 >= x", .variableWithConstant),
            ("2 != x", .variableWithConstant), ("!flag", .variableWithConstant), ("x <= y", .variableWithVariable),
            ("x + 1 < y", .general), ("3 < 4", .general),
        ])
    func nodeShapes(text: String, shape: BranchCode.Shape) throws {
        let program = try Self.program(text)
        #expect(program.branchShapes == [shape])
        // The swapped sides compare as written; flag (variable 2) is x's lowest bit.
        for x in -3...3 {
            let flag = x & 1
            let value = try program.evaluate(variables: [x, 1, flag, 0, 0], parameters: [], configuration: [0])
            let expected: Bool =
                switch text {
                case "x < 2": x < 2
                case "2 > x": 2 > x
                case "2 >= x": 2 >= x
                case "2 != x": 2 != x
                case "!flag": flag == 0
                case "x <= y": x <= 1
                case "x + 1 < y": x + 1 < 1
                default: true
                }
            #expect(value == (expected ? 1 : 0), "\(text) with x = \(x)")
        }
    }

    @Test("a condition of other arithmetic runs as stack code", arguments: ["x * 2 < y && flag", "x / y == 1 || flag"])
    func arithmeticConditions(text: String) throws {
        let program = try Self.program(text)
        #expect(!program.runsAsBranches && !program.runsAsChain)
    }

    @Test("comparisons whose sides add constants, some near the 64-bit limits, agree with the typed expression as branches")
    func offsetsAgree() {
        var random = SeededRandom(seed: 5)
        let constants = [0, 1, -1, 5, -7, Int.max, Int.min + 1, Int.max - 2, Int.min + 3]
        func side() -> TypedExpression {
            let load: TypedExpression = [.variable(0), .variable(1), .parameter(0), .integer(3)].randomElement(using: &random)!
            let constant = constants.randomElement(using: &random)!
            switch Int.random(in: 0...2, using: &random) {
            case 0: return .arithmetic(.add, load, .integer(constant))
            case 1: return .arithmetic(.subtract, load, .integer(constant))
            default: return .arithmetic(.add, .integer(constant), load)
            }
        }
        func comparison() -> TypedExpression {
            let ops: [ComparisonOperator] = [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]
            return .comparison(ops.randomElement(using: &random)!, side(), side())
        }
        var failures = 0
        for _ in 0..<2000 {
            let expression: TypedExpression =
                Bool.random(using: &random) ? .and(comparison(), .or(comparison(), .variable(2))) : .or(.not(comparison()), comparison())
            let program = Program(expression)
            #expect(program.runsAsBranches && program.branchesAddConstants, "\(expression)")
            for _ in 0..<4 {
                let (variables, parameters, configuration) = Self.valuations(&random)
                let expected = Result { () throws(EvaluationError) -> Int in
                    try expression.evaluate(variable: { variables[$0] }, parameter: { parameters[$0] }, isActive: { _ in false })
                }
                let found = Result { () throws(EvaluationError) -> Int in
                    try program.evaluate(variables: variables, parameters: parameters, configuration: configuration)
                }
                if case .failure = expected { failures += 1 }
                #expect(found == expected, "\(expression)")
            }
        }
        #expect(failures > 100, "only \(failures) evaluations overflowed")
    }

    @Test("a side that a constant takes past 64 bits leaves the condition to the stack code, which reports the overflow")
    func offsetOverflow() throws {
        let program = try Self.program("flag || x + 9223372036854775807 > y")
        #expect(program.runsAsBranches)
        let configuration: [UInt64] = [0]
        // x = 1 overflows; x = 0 does not; flag = 1 never gets there (short-circuit).
        #expect(throws: EvaluationError.self) {
            try program.evaluate(variables: [1, 0, 0, 0, 0], parameters: [0, 0], configuration: configuration)
        }
        #expect(try program.evaluate(variables: [0, 0, 0, 0, 0], parameters: [0, 0], configuration: configuration) == 1)
        #expect(try program.evaluate(variables: [1, 0, 1, 0, 0], parameters: [0, 0], configuration: configuration) == 1)
    }

    private static func program(_ text: String) throws -> Program {
        let spec = RandomExpressions.resolved
        let scope = ExpressionScope(
            variables: Dictionary(uniqueKeysWithValues: spec.variables.enumerated().map { ($1.name, .init(index: $0, type: $1.type)) }),
            parameters: [:], noParametersReason: "", resolveState: { _ in .failure(ExpressionError("no states", at: 0)) })
        let (typed, _) = try TypeChecker(scope: scope).check(try ExpressionParser.parse(text))
        return Program(typed)
    }
}
