import SMSpec
import SMTestSupport
import Testing

@testable import SMSymbolic

/// Folding constants into one node must keep what the engine computes: the same value, and an overflow wherever the
/// step-by-step evaluation meets one.
@Suite("Substitution folds constants")
struct SubstitutionTests {
    private func substituted(_ e: TypedExpression, x: TypedExpression = .variable(0)) -> TypedExpression {
        Substitution(variables: [x], parameters: nil, isActive: { _ in false }).apply(e)
    }

    private func evaluated(_ e: TypedExpression, x: Int) -> Int? {
        try? e.evaluate(variable: { _ in x }, parameter: { _ in 0 }, isActive: { _ in false })
    }

    @Test("a value changed by a constant on every microstep stays one node deep")
    func drainStaysShallow() {
        let drain = TypedExpression.arithmetic(.subtract, .variable(0), .integer(10_000))
        var value = TypedExpression.variable(0)
        for _ in 0..<100 { value = substituted(drain, x: value) }
        #expect(value == .arithmetic(.subtract, .variable(0), .integer(1_000_000)))

        let doubling = TypedExpression.arithmetic(.multiply, .variable(0), .integer(2))
        value = .variable(0)
        for _ in 0..<10 { value = substituted(doubling, x: value) }
        #expect(value == .arithmetic(.multiply, .variable(0), .integer(1024)))
    }

    @Test("constants of opposite signs stay apart: the engine's first step may overflow where the sum would not")
    func oppositeSignsStay() {
        let e = TypedExpression.arithmetic(
            .subtract, .arithmetic(.add, .variable(0), .integer(1)), .integer(1))
        #expect(substituted(e) == e)
        #expect(evaluated(e, x: Int.max) == nil)
    }

    @Test("times -1 stays apart: x * 2 may overflow at 2^62 where x * -2 does not, and so may x * -1 at Int.min")
    func timesMinusOneStays() {
        for (inner, x) in [(2, 1 << 62), (-1, Int.min)] {
            let e = TypedExpression.arithmetic(.multiply, .arithmetic(.multiply, .variable(0), .integer(inner)), .integer(-1))
            #expect(substituted(e) == e)
            #expect(evaluated(e, x: x) == nil)
        }
    }

    @Test("folded and step-by-step evaluation agree on value and overflow, near the 64-bit limits too")
    func foldingKeepsEvaluation() {
        var random = SeededRandom(seed: 0x5EED_F01D)
        let edges = [0, 1, 2, 3, -1, -2, 1_000, 1 << 62, -(1 << 62), Int.max / 2, Int.max - 3, Int.max, Int.min + 3, Int.min]
        func constant() -> Int {
            Bool.random(using: &random) ? edges.randomElement(using: &random)! : Int.random(in: -9...9, using: &random)
        }
        var folded = 0
        for _ in 0..<5_000 {
            var e = TypedExpression.variable(0)
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let op: ArithmeticOperator = [.add, .subtract, .multiply].randomElement(using: &random)!
                e = .arithmetic(op, e, .integer(constant()))
            }
            let folding = substituted(e)
            if folding != e { folded += 1 }
            for _ in 0..<8 {
                let x = Bool.random(using: &random) ? constant() : Int.random(in: Int.min...Int.max, using: &random)
                #expect(evaluated(folding, x: x) == evaluated(e, x: x), "\(e) folded to \(folding), x = \(x)")
            }
        }
        // The cases must include folds, or the comparison shows nothing.
        #expect(folded > 1_000)
    }
}
