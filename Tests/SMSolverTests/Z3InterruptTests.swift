#if Z3
    import Foundation
    import Testing

    @testable import SMSolver

    @Suite("Interrupting Z3")
    struct Z3InterruptTests {
        /// A Horn query Spacer cannot decide soon: whether a counter that starts at 0 and counts up by one reaches
        /// 999,999,999 (it does, but only a derivation of that many steps shows it).
        static func farCounterQuery(_ context: Z3Context, timeoutMilliseconds: UInt32) throws -> (Z3Fixedpoint, FunctionDeclaration) {
            let fixedpoint = try Z3Fixedpoint(context, timeoutMilliseconds: timeoutMilliseconds)
            let counter = context.relation("counter", [context.intSort])
            let bad = context.relation("bad", [])
            fixedpoint.register(counter)
            fixedpoint.register(bad)
            let x = context.constant("x", context.intSort)
            let zero = context.int(0)
            fixedpoint.add(rule: context.apply(counter, [zero]), named: "start")
            let step = context.implies(
                context.and([context.apply(counter, [x]), context.less(x, context.int(1_000_000_000))]),
                context.apply(counter, [context.add(x, context.int(1))]))
            fixedpoint.add(rule: context.forall([x], step), named: "step")
            let reached = context.and([context.apply(counter, [x]), context.equal(x, context.int(999_999_999))])
            fixedpoint.add(rule: context.forall([x], context.implies(reached, context.apply(bad, []))), named: "bad")
            try context.check()
            return (fixedpoint, bad)
        }

        /// What a query gave: derivable, underivable, unknown with Z3's reason, or the error Z3 reported (a query cut
        /// off at its limit is reported as the error "canceled").
        static func ask(_ fixedpoint: Z3Fixedpoint, _ relation: FunctionDeclaration) -> String {
            do {
                return "\(try fixedpoint.query(relation))"
            } catch {
                return error.message
            }
        }

        @Test("a query that runs past the deadline and its grace is interrupted, and what it leaves is kept, not released")
        func interruptedQuery() throws {
            let context = try Z3Context()
            do {
                // The query's own limit (60 s) is far past the deadline: only the watchdog can end it.
                let (fixedpoint, bad) = try Self.farCounterQuery(context, timeoutMilliseconds: 60_000)
                let watchdog = Z3Watchdog(context: context, deadline: .now + .milliseconds(200))
                defer { watchdog.stop() }
                let start = ContinuousClock.now
                let outcome = Self.ask(fixedpoint, bad)
                #expect(ContinuousClock.now - start < .seconds(10), "the interrupt did not end the query")
                #expect(outcome != "derivable" && outcome != "underivable", "\(outcome)")
                #expect(context.wasInterrupted)
            }
            // The fixedpoint is gone here without being released in Z3 (an interrupted Spacer's destructor can throw,
            // which ends the process); the context goes at the end of the test, the same way.
        }

        @Test("a context whose calls all end by their own limits is not interrupted, and goes on answering")
        func callsWithinTheirLimits() async throws {
            let context = try Z3Context()
            let (fixedpoint, bad) = try Self.farCounterQuery(context, timeoutMilliseconds: 100)
            let watchdog = Z3Watchdog(context: context, deadline: .now + .milliseconds(300))
            defer { watchdog.stop() }
            let outcome = Self.ask(fixedpoint, bad)
            #expect(outcome != "derivable" && outcome != "underivable", "\(outcome)")
            // Past the deadline and its grace, with no call under way: there is nothing to interrupt.
            try await Task.sleep(for: .milliseconds(800))
            #expect(!context.wasInterrupted)
            let solver = try Z3Solver(context, timeoutMilliseconds: 1000, resourceLimit: 0)
            solver.assert(context.bool(true))
            guard case .satisfiable = try solver.check() else {
                Issue.record("expected sat")
                return
            }
        }
    }
#endif
