import SMBuilder
import SMSpec
import Testing

@testable import SMEngine

@Suite("The values a variable can take")
struct VariableStepsTests {
    /// Each variable's least value, step and number of values, by name.
    static func steps(of spec: Spec) throws -> [String: [Int]] {
        let steps = VariableSteps(machine: try Machine(spec))
        return Dictionary(
            uniqueKeysWithValues: spec.variables.indices.map {
                (spec.variables[$0].name, [steps.base[$0], steps.step[$0], steps.values[$0]])
            })
    }

    @Test("a credit that starts at 0 and only gains or loses multiples of 5, or is set to 0, takes multiples of 5")
    func multiplesOfFive() throws {
        let found = try Self.steps(
            of: Spec("vending") {
                Variable("credit", .int(min: 0, max: 4000), initial: .int(0))
                Events("coin", "buy", "refund")
                StateNode("ready") {
                    On("coin", guard: "credit + 5 <= 4000") { Assign("credit", "credit + 5") }
                    On("buy", guard: "credit >= 15") { Assign("credit", "credit - 15") }
                    On("buy", guard: "credit >= 40") { Assign("credit", "credit - 40") }
                    On("refund") { Assign("credit", "0") }
                }
            })
        #expect(found["credit"] == [0, 5, 801])
    }

    @Test("the class keeps the initial value's remainder, from the least value in the range, negatives included")
    func offsetClasses() throws {
        let found = try Self.steps(
            of: Spec("offsets") {
                Variable("x", .int(min: 0, max: 20), initial: .int(3))
                Variable("y", .int(min: -10, max: 10), initial: .int(-7))
                Events("go")
                StateNode("main") {
                    On("go") { Assign("x", "x + 4") }
                    On("go") { Assign("y", "y - 3") }
                }
            })
        // 3, 7, 11, 15, 19; and -10, -7, ..., 8.
        #expect(found["x"] == [3, 4, 5])
        #expect(found["y"] == [-10, 3, 7])
    }

    @Test("what the classes cannot follow takes every value: a parameter, a division, a product of two variables, a wrap")
    func everyValue() throws {
        let found = try Self.steps(
            of: Spec("anything") {
                Variable("p", .int(min: 0, max: 9))
                Variable("d", .int(min: 0, max: 9), initial: .int(9))
                Variable("m", .int(min: 0, max: 9), initial: .int(1))
                Variable("w", .int(min: 0, max: 149))
                Events("go")
                EventDeclaration("set", ("value", .int(min: 0, max: 9)))
                StateNode("main") {
                    On("set") { Assign("p", "event.value") }
                    On("go") { Assign("d", "(d + 2) / 3") }
                    On("go") { Assign("m", "m * p") }
                    On("go") { Assign("w", "(w + 1) % 150") }
                }
            })
        for name in ["p", "d", "m"] { #expect(found[name] == [0, 1, 10], "\(name)") }
        #expect(found["w"] == [0, 1, 150])
    }

    @Test("arithmetic the engine would refuse, or that leaves a word, takes every value rather than trap")
    func overflow() {
        let minimum = TypedExpression.integer(.min)
        #expect(Congruence(of: .arithmetic(.remainder, minimum, .integer(-1)), in: []) == .any)
        #expect(Congruence(of: .arithmetic(.divide, minimum, .integer(-1)), in: []) == .any)
        #expect(Congruence(of: .negate(minimum), in: []) == .any)
        #expect(Congruence(of: .arithmetic(.add, .integer(.max), .integer(1)), in: []) == .any)
        #expect(Congruence(of: .arithmetic(.multiply, .integer(1 << 62), .integer(4)), in: []) == .any)
        #expect(Congruence(of: .arithmetic(.remainder, .integer(-7), .integer(3)), in: []) == Congruence(exactly: -1))
        #expect(Congruence(exactly: 3).joined(with: Congruence(exactly: .min)) == .any)
    }

    @Test("a variable nothing assigns, or assigns its own value, keeps it: one value, no bits")
    func constants() throws {
        let found = try Self.steps(
            of: Spec("constants") {
                Variable("c", .int(min: 0, max: 39), initial: .int(17))
                Variable("same", .int(min: 0, max: 39), initial: .int(4))
                Variable("zero", .int(min: 0, max: 39), initial: .int(0))
                Events("go")
                StateNode("main") {
                    On("go") { Assign("same", "same * 1 + 0") }
                    On("go") { Assign("zero", "zero * c") }
                }
            })
        // One value each (the step is then 1: the codec stores 0 steps in no bits).
        #expect(found["c"] == [17, 1, 1] && found["same"] == [4, 1, 1] && found["zero"] == [0, 1, 1], "\(found)")
        let codec = StateCodec(
            machine: try Machine(
                Spec("constants") {
                    Variable("c", .int(min: 0, max: 39), initial: .int(17)); StateNode("s")
                }))
        #expect(codec.bits == 0)
    }

    @Test("assignments in entry and exit actions, in branches, through other variables and products by constants count")
    func throughActions() throws {
        let found = try Self.steps(
            of: Spec("actions") {
                Variable("a", .int(min: 0, max: 100), initial: .int(0))
                Variable("b", .int(min: 0, max: 100), initial: .int(0))
                Variable("e", .int(min: 0, max: 100), initial: .int(0))
                Events("go")
                StateNode("first") {
                    OnEntry {
                        If("a < 50") {
                            Assign("a", "a + 6")
                        } else: {
                            Assign("b", "2 * a")
                        }
                    }
                    OnExit { Assign("e", "b % 4 + 8") }
                    On("go", to: "second")
                }
                StateNode("second") { On("go", to: "first") }
            })
        // a: multiples of 6; b: twice those, multiples of 12; e: b % 4 is a multiple of gcd(12, 4) = 4, plus 8.
        #expect(found["a"] == [0, 6, 17])
        #expect(found["b"] == [0, 12, 9])
        #expect(found["e"] == [0, 4, 26])
    }
}
