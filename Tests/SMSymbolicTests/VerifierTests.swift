import SMEngine
import SMSpec
import SMTestSupport
import Testing

@testable import SMSymbolic

@Suite("Symbolic verification of specs too big to explore", .needsZ3)
struct VerifierTests {
    static func verify(_ name: String) throws -> (Machine, SymbolicResult) {
        let machine = try Machine(try Fixtures.fixture("symbolic/" + name))
        return (machine, SymbolicVerifier.verify(machine))
    }

    @Test("the even counter: 'odd' is unreachable, proved by Spacer with the invariant it found; the guards never overlap")
    func evenCounter() throws {
        let (machine, result) = try Self.verify("even-counter")
        #expect(result.failure == nil)
        let odd = try #require(machine.state(named: "odd"))
        guard case .never(.chc, let invariant?) = result.verdicts[.enters(odd)] else {
            Issue.record("'odd': \(String(describing: result.verdicts[.enters(odd)]))")
            return
        }
        #expect(invariant == "in counting: x % 2 <= 0")
        guard case .never = result.verdicts[.overlap(first: 1, second: 2)] else {
            Issue.record("overlap: \(String(describing: result.verdicts[.overlap(first: 1, second: 2)]))")
            return
        }
    }

    @Test("the vault: the two precise values are found, in two steps")
    func vault() throws {
        let (machine, result) = try Self.verify("vault-combination")
        guard case .happens(let trace, false) = result.verdicts[.invariant(0)] else {
            Issue.record("\(String(describing: result.verdicts[.invariant(0)]))")
            return
        }
        #expect(trace.map { machine.describe($0.event) }.sorted() == [#"setA {"to": 123456789}"#, #"setB {"to": 987654321}"#])
    }

    @Test("a drain of a hundred microsteps over values in the millions: the loop limit in two events, and no deadlock")
    func batchDrain() throws {
        let (machine, result) = try Self.verify("batch-drain")
        let loop = try #require(result.properties.first { if case .failure(let s) = $0 { s.hasPrefix("loop:") } else { false } })
        guard case .happens(let trace, true) = result.verdicts[loop] else {
            Issue.record("\(String(describing: result.verdicts[loop]))")
            return
        }
        #expect(trace.count == 2)
        #expect(trace.last.map { machine.describe($0.event) } == "flush")
        let deadlocks = result.properties.filter { if case .deadlock = $0 { true } else { false } }
        #expect(!deadlocks.isEmpty)
        for deadlock in deadlocks {
            guard case .never = result.verdicts[deadlock] else {
                Issue.record("\(deadlock): \(String(describing: result.verdicts[deadlock]))")
                continue
            }
        }
    }

    @Test("copy below: no deadlock, proved by Spacer although 'add' has too many values to write out and k-induction fails")
    func deadlockWithWideParameters() throws {
        let (_, result) = try Self.verify("copy-below")
        let deadlock = try #require(result.properties.first { if case .deadlock = $0 { true } else { false } })
        guard case .never(.chc, _) = result.verdicts[deadlock] else {
            Issue.record("\(String(describing: result.verdicts[deadlock]))")
            return
        }
    }

    @Test("a variable door_open and a parameter open of event door stay two values in the solver")
    func namesThatRunTogether() throws {
        // Joined with `_`, both were named `..._door_open_0`, one constant: `bad` then looked unreachable. (A value no
        // random run draws, so the solver must find it.)
        let machine = try Machine(
            try Spec.load(
                json:
                    #"{"format": "smcheck/1", "name": "names", "variables": {"door_open": {"type": "int", "min": 0, "max": 3, "initial": 0}}, "#
                    + #""events": {"set": {}, "door": {"params": {"open": {"type": "int", "min": 0, "max": 1000000}}}}, "states": {"idle": {"on": "#
                    + #"{"set": {"actions": [{"assign": {"door_open": "2"}}]}, "door": {"guard": "door_open == 2 && event.open == 777777", "#
                    + #""target": "bad"}}}, "bad": {}}}"#))
        let result = SymbolicVerifier.verify(machine)
        let bad = try #require(machine.state(named: "bad"))
        guard case .happens(let trace, _) = result.verdicts[.enters(bad)] else {
            Issue.record("'bad': \(String(describing: result.verdicts[.enters(bad)]))")
            return
        }
        #expect(trace.map { machine.describe($0.event) } == ["set", #"door {"open": 777777}"#])
    }

    @Test("the bank account: both invariants are proved")
    func bank() throws {
        let (_, result) = try Self.verify("bank-account")
        for index in 0...1 {
            guard case .never = result.verdicts[.invariant(index)] else {
                Issue.record("invariant \(index): \(String(describing: result.verdicts[.invariant(index)]))")
                continue
            }
        }
    }
}

@Suite("Why a solver call gave up")
struct SolverTimeTests {
    @Test("a solver's reason is cut to its first line of at most 200 characters; Spacer's rules are not printed")
    func reasonFirstLine() {
        let time = SolverTime(perCall: 20_000, deadline: .now + .seconds(60))
        #expect(
            time.whyUnknown("spacer", reason: "Z3 error: Uninterpreted 'div' in edge2:")
                == "spacer cannot reason about / or % by a variable (nonlinear arithmetic)")
        let rules = "unknown (incomplete)\n" + String(repeating: "(rule (=> (and (R x) (< x 5)) (R (+ x 1))))\n", count: 200)
        #expect(time.whyUnknown("spacer", reason: rules) == "spacer gave up (unknown (incomplete))")
        let long = String(repeating: "w", count: 300)
        #expect(time.whyUnknown("z3", reason: long) == "z3 gave up (\(String(repeating: "w", count: 200))…)")
        #expect(time.whyUnknown("z3", reason: "ok") == "z3 gave up without a reason")
    }

    @Test("a call's share of the time left caps it below its own limit and the deadline, and its reason says so")
    func share() {
        let shared = SolverTime(perCall: 20_000, deadline: .now + .seconds(60), share: .milliseconds(1_500))
        #expect(shared.milliseconds == 1_500)
        #expect(shared.isCappedByShare && !shared.isCappedByDeadline)
        // Past the share's limit, as if the call had used all of it.
        let spent = SolverTime(perCall: 20_000, deadline: .now + .seconds(60), share: .zero)
        #expect(spent.whyUnknown("spacer", reason: "timeout") == "spacer ran out of its share of the time left (0.0 s)")
        // A share longer than what the deadline leaves does not count: the deadline caps the call.
        let nearDeadline = SolverTime(perCall: 20_000, deadline: .now + .seconds(2), share: .seconds(5))
        #expect(!nearDeadline.isCappedByShare && nearDeadline.isCappedByDeadline)
        #expect(nearDeadline.milliseconds <= 2_000)
    }
}
