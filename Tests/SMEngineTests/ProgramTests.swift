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
        arguments: ["!flag", "x < 2", "true", "(x == 1 && y != 0) || (x < y && y != 3 && !flag)", "!(x < 2 || y >= 3) && mode == .b"])
    func commonGuards(text: String) throws {
        #expect(try Self.program(text).runsAsBranches)
    }

    @Test("a condition of arithmetic runs as stack code", arguments: ["x + 1 < y && flag", "x / y == 1 || flag"])
    func arithmeticConditions(text: String) throws {
        let program = try Self.program(text)
        #expect(!program.runsAsBranches && !program.runsAsChain)
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
