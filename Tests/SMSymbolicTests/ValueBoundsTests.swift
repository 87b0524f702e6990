@_spi(Stepping) import SMEngine
import SMSpec
import Testing

@testable import SMSymbolic

/// Conditions whose bounds decide them are decided without the solver, and only those.
@Suite("Bounds of values")
struct ValueBoundsTests {
    /// `x` in 0...3, `y` in 10...20.
    let bounds = ValueBounds(variables: [0...3, 10...20], parameters: [])
    let x = TypedExpression.variable(0)
    let y = TypedExpression.variable(1)

    @Test("a comparison is decided when every pair of values in the ranges gives the same answer")
    func comparisons() {
        let wrapped = TypedExpression.arithmetic(.remainder, .arithmetic(.add, x, .integer(1)), .integer(4))
        #expect(bounds.range(.comparison(.lessOrEqual, wrapped, .integer(4))) == 1...1)
        #expect(bounds.range(.comparison(.lessOrEqual, wrapped, .integer(3))) == 1...1)
        #expect(bounds.range(.comparison(.less, wrapped, .integer(3))) == 0...1)
        #expect(bounds.range(.comparison(.less, x, y)) == 1...1)
        #expect(bounds.range(.comparison(.greaterOrEqual, x, y)) == 0...0)
        #expect(bounds.range(.comparison(.greater, y, .integer(9))) == 1...1)
        #expect(bounds.range(.comparison(.greater, y, .integer(10))) == 0...1)
        #expect(bounds.range(.comparison(.equal, x, y)) == 0...0)
        #expect(bounds.range(.comparison(.notEqual, x, y)) == 1...1)
        #expect(bounds.range(.comparison(.equal, x, .integer(2))) == 0...1)
        #expect(bounds.range(.comparison(.equal, .integer(2), .integer(2))) == 1...1)
    }

    @Test("not, and, or follow the sides they are decided by")
    func connectives() {
        let always = TypedExpression.comparison(.less, x, y)
        let never = TypedExpression.comparison(.greater, x, y)
        let either = TypedExpression.comparison(.equal, x, .integer(1))
        #expect(bounds.range(.not(always)) == 0...0)
        #expect(bounds.range(.not(either)) == 0...1)
        #expect(bounds.range(.and(always, always)) == 1...1)
        #expect(bounds.range(.and(either, never)) == 0...0)
        #expect(bounds.range(.and(always, either)) == 0...1)
        #expect(bounds.range(.or(either, always)) == 1...1)
        #expect(bounds.range(.or(never, never)) == 0...0)
        #expect(bounds.range(.or(never, either)) == 0...1)
        // A side that may fail to evaluate leaves the whole undecided, as before.
        let failing = TypedExpression.comparison(.equal, .arithmetic(.divide, y, x), .integer(1))
        #expect(bounds.range(.and(never, failing)) == nil)
    }

    @Test("a loop of raised events whose guard the bounds decide asks the solver nothing, however many microsteps it runs")
    func raisedLoop() throws {
        let machine = try Machine(try Spec.load(json: Self.retryLoop))
        var questions = 0
        let stepper = SymbolicStepper(
            machine: machine,
            isFeasible: { _, _ in
                questions += 1
                return true
            })
        guard case .stable(let idle, _) = try #require(try stepper.start().first).outcome else {
            Issue.record("the start fails")
            return
        }
        let paths = try stepper.macrostep(from: idle, event: try #require(machine.spec.events.firstIndex { $0.name == "retry" }))
        // Every microstep raises `retry` again: one path, which runs into the microstep limit.
        #expect(paths.count == 1)
        #expect(paths.first?.failure != nil)
        #expect(questions == 0)
    }

    /// `tries` wraps within 0...3, so `tries <= 4` always holds; each step raises the event again.
    static let retryLoop = """
        {
          "format": "smcheck/1", "name": "retry loop",
          "variables": { "tries": { "type": "int", "min": 0, "max": 3, "initial": 0 } },
          "events": { "retry": {} },
          "states": {
            "idle": { "on": { "retry": [
              { "guard": "tries <= 4", "actions": [ { "assign": { "tries": "(tries + 1) % 4" } }, { "raise": "retry" } ] },
              { "target": "failed" } ] } },
            "failed": {}
          }
        }
        """
}
