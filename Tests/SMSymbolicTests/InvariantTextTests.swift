#if Z3
    import SMSolver
    import SMSpec
    import Testing

    @testable import SMSymbolic

    /// Spacer's invariants read as the spec's expressions where the two agree, and say so where Z3's Euclidean
    /// arithmetic stays.
    @Suite("Invariants in the spec's words")
    struct InvariantTextTests {
        private func text(_ reading: Z3Reading, minimum: Int) throws -> String {
            let spec = try Spec.load(
                json: """
                    {"format": "smcheck/1", "name": "t", "variables": {"x": {"type": "int", "min": \(minimum), "max": 100, "initial": 0},
                     "y": {"type": "int", "min": 0, "max": 9, "initial": 0}}, "states": {"a": {}}}
                    """
            ).resolve()
            return InvariantText(spec: spec).render(reading)
        }

        private let x = Z3Reading.bound(0), y = Z3Reading.bound(1)
        private func op(_ op: Z3Reading.Operator, _ arguments: Z3Reading...) -> Z3Reading { .operation(op, arguments) }

        @Test("x + -2 * (x div 2) is x % 2 where x is never negative, and x mod 2, said to be Euclidean, where it may be")
        func remainder() throws {
            let parity = op(.lessOrEqual, op(.add, x, op(.multiply, .integer("-2"), op(.divide, x, .integer("2")))), .integer("0"))
            #expect(try text(parity, minimum: 0) == "x % 2 <= 0")
            #expect(try text(parity, minimum: -100) == "x mod 2 <= 0 (div and mod: Euclidean, as Z3 has them; mod is never negative)")
        }

        @Test("a comparison the variable's range decides is folded away, with the && and || around it")
        func decidedByRange() throws {
            // x is 0...100 here, y 0...9.
            let past = op(.greaterOrEqual, x, .integer("-9223372036854775809"))
            #expect(try text(op(.or, op(.not, past), op(.not, op(.lessOrEqual, x, .integer("99")))), minimum: 0) == "!(x <= 99)")
            #expect(try text(op(.and, past, op(.less, y, .integer("5"))), minimum: 0) == "y < 5")
            #expect(try text(op(.or, op(.less, .integer("-1"), y), op(.equal, x, .integer("7"))), minimum: 0) == "true")
            #expect(try text(op(.and, op(.greater, y, .integer("9")), op(.equal, x, .integer("7"))), minimum: 0) == "false")
            #expect(try text(op(.implies, op(.distinct, y, .integer("12")), op(.equal, x, .integer("7"))), minimum: 0) == "x == 7")
            // Not decided: the number is inside the range.
            #expect(try text(op(.greaterOrEqual, x, .integer("3")), minimum: 0) == "x >= 3")
        }

        @Test("-1 * x is -x, a + -3 * b is a - 3 * b, and div of a dividend that is never negative is /")
        func signs() throws {
            #expect(try text(op(.greaterOrEqual, op(.multiply, .integer("-1"), x), .integer("-5")), minimum: -100) == "-x >= -5")
            #expect(try text(op(.less, op(.add, x, op(.multiply, .integer("-3"), y)), .integer("4")), minimum: -100) == "x - 3 * y < 4")
            #expect(try text(op(.less, op(.add, x, op(.multiply, .integer("-1"), y)), .integer("4")), minimum: -100) == "x - y < 4")
            #expect(try text(op(.equal, op(.divide, y, .integer("4")), .integer("1")), minimum: 0) == "y / 4 == 1")
            #expect(
                try text(op(.equal, op(.divide, x, .integer("4")), .integer("1")), minimum: -100)
                    == "x div 4 == 1 (div and mod: Euclidean, as Z3 has them; mod is never negative)")
        }
    }
#endif
