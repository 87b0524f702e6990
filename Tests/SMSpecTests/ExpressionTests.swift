import SMSpec
import Testing

@Suite("Expression language")
struct ExpressionTests {
    /// Variables x (int), flag (bool), mode (enum a, b, c), other (enum c, d); parameter p (int).
    static let scope = ExpressionScope(
        variables: [
            "x": .init(index: 0, type: .int(min: -10, max: 10)),
            "flag": .init(index: 1, type: .bool),
            "mode": .init(index: 2, type: .enumeration(["a", "b", "c"])),
            "other": .init(index: 3, type: .enumeration(["c", "d"])),
        ],
        parameters: ["p": .init(index: 0, type: .int(min: 0, max: 5))],
        noParametersReason: "",
        resolveState: { $0 == "s" ? .success(1) : .failure(ExpressionError("unknown state", at: 0)) })

    /// Evaluates with x = 7, flag = true, mode = b (1), other = c (0), p = 3, state 1 active.
    static func evaluate(_ text: String) throws -> Int {
        let (typed, _) = try TypeChecker(scope: scope).check(try ExpressionParser.parse(text))
        let values = [7, 1, 1, 0]
        return try typed.evaluate(variable: { values[$0] }, parameter: { _ in 3 }, isActive: { $0 == 1 })
    }

    @Test(
        "precedence and associativity follow Swift",
        arguments: [
            ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 4 - 3", 3), ("20 / 2 / 5", 2), ("2 * 3 % 4", 2),
            ("-x + 1", -6), ("- 3 * 2", -6), ("x > 5 && x < 8", 1), ("flag || x > 100 && false", 1), ("!flag || true", 1),
            ("!(x == 7)", 0), ("1 + 2 == 3", 1),
        ])
    func precedence(text: String, expected: Int) throws {
        #expect(try Self.evaluate(text) == expected)
    }

    @Test(
        "division and remainder truncate toward zero, as in Swift",
        arguments: [
            ("-7 / 2", -3), ("7 / -2", -3), ("-7 % 2", -1), ("7 % -2", 1),
        ])
    func truncation(text: String, expected: Int) throws {
        #expect(try Self.evaluate(text) == expected)
    }

    @Test("the 64-bit bounds can be written as literals, and a minus before digits is their sign")
    func integerBounds() throws {
        #expect(try Self.evaluate("-9223372036854775808 < -9223372036854775807") == 1)
        #expect(try Self.evaluate("9223372036854775807 + -9223372036854775808") == -1)
        #expect(try Self.evaluate("x - -3") == 10)
        #expect(try Self.evaluate("-(3) * 2") == -6)
        #expect(throws: EvaluationError.overflow) { try Self.evaluate("-9223372036854775808 - x") }
        #expect(throws: EvaluationError.overflow) { try Self.evaluate("-(-9223372036854775808)") }
        #expect(throws: ExpressionError.self) { try ExpressionParser.parse("-9223372036854775809") }
    }

    @Test("division by zero and overflow are evaluation errors")
    func evaluationErrors() {
        #expect(throws: EvaluationError.divisionByZero) { try Self.evaluate("x / (event.p - 3)") }
        #expect(throws: EvaluationError.divisionByZero) { try Self.evaluate("x % 0") }
        #expect(throws: EvaluationError.overflow) { try Self.evaluate("9223372036854775807 + x") }
        #expect(throws: EvaluationError.overflow) { try Self.evaluate("-9223372036854775807 - x") }
    }

    @Test("enum literals take the type of the other side; different enums compare by value name")
    func enums() throws {
        #expect(try Self.evaluate("mode == .b") == 1)
        #expect(try Self.evaluate(".c == mode") == 0)
        #expect(try Self.evaluate("mode != .a") == 1)
        // other is c (index 0 in its own type, index 2 in mode's): compared by name.
        #expect(try Self.evaluate("mode == other") == 0)
        #expect(try Self.evaluate("other == .c") == 1)
    }

    @Test("event parameters and in()")
    func parametersAndStates() throws {
        #expect(try Self.evaluate("event.p + x") == 10)
        #expect(try Self.evaluate("in(s) && flag") == 1)
    }

    @Test("&& and || short-circuit: the right side is not evaluated")
    func shortCircuit() throws {
        #expect(try Self.evaluate("false && x / 0 == 1") == 0)
        #expect(try Self.evaluate("true || x / 0 == 1") == 1)
    }

    @Test("what an expression reads")
    func dependencies() throws {
        let (typed, _) = try TypeChecker(scope: Self.scope).check(try ExpressionParser.parse("x > 1 && in(s) || event.p == 2"))
        #expect(typed.variablesRead == [0])
        #expect(typed.statesTested == [1])
        #expect(typed.readsParameters)
    }

    @Test("a walk sees parents before children and left before right; a size is counted up to its limit")
    func walkOrderAndSize() {
        let tree = TypedExpression.and(
            .comparison(.less, .variable(0), .arithmetic(.add, .variable(1), .integer(2))), .not(.inState(3)))
        var seen: [TypedExpression] = []
        tree.visit { seen.append($0) }
        #expect(
            seen == [
                tree, .comparison(.less, .variable(0), .arithmetic(.add, .variable(1), .integer(2))), .variable(0),
                .arithmetic(.add, .variable(1), .integer(2)), .variable(1), .integer(2), .not(.inState(3)), .inState(3),
            ])
        #expect(!tree.hasMoreNodes(than: 8) && tree.hasMoreNodes(than: 7))
    }
}
