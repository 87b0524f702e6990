import SMSolver
import SMSpec
import SMTestSupport
import Testing

/// The Z3 encoding against brute force: the same queries must get the same verdicts, and every witness must make
/// the formula true under the reference evaluator.
@Suite("Z3 agrees with enumeration", .needsZ3)
struct DifferentialTests {
    static let spec = RandomExpressions.resolved

    /// Evaluates a formula under a witness with the reference evaluator (unassigned atoms are 0/false).
    static func holds(_ formula: Formula, _ witness: SolverWitness) -> Bool {
        func value(_ e: TypedExpression) -> Int? {
            try? e.evaluate(
                variable: { witness.variables[$0] ?? 0 }, parameter: { witness.parameters[$0] ?? 0 },
                isActive: { witness.states[$0] ?? false })
        }
        switch formula {
        case .truth(let b): return b
        case .holds(let e): return value(e).map { $0 != 0 } ?? false
        case .defined(let e): return value(e) != nil
        case .outside(let e, let type):
            guard let v = value(e) else { return false }
            return
                !(type.domain.indices.map { i -> Int in
                    switch type {
                    case .int(let min, _): min + i
                    default: i
                    }
                }.contains(v))
        case .opaque(let id): return witness.opaque[id] ?? false
        case .not(let f): return !holds(f, witness)
        case .and(let list): return list.allSatisfy { holds($0, witness) }
        case .or(let list): return list.contains { holds($0, witness) }
        }
    }

    static func queries(seed: UInt64, count: Int) -> [GuardQuery] {
        var generator = RandomExpressions(seed: seed)
        return (0..<count).map { i in
            let formula: Formula
            switch i % 5 {
            case 0, 1: formula = .and([.holds(generator.bool()), .holds(generator.bool())])  // overlap of two guards
            case 2: formula = .and([.holds(generator.bool()), .not(.holds(generator.bool()))])  // shadowing
            case 3: formula = .outside(generator.int(), .int(min: -3, max: 3))  // range
            default: formula = .not(.defined(generator.int()))  // division by zero
            }
            return GuardQuery(event: RandomExpressions.event, activeStates: i % 3 == 0 ? [] : [[2, 5, 6][i % 3]], formula: formula)
        }
    }

    @Test("250 generated queries: the same verdict from both back ends, and witnesses that hold", arguments: [UInt64(11), 12, 13, 14, 15])
    func agree(seed: UInt64) throws {
        let z3 = try Z3Backend(spec: Self.spec)
        let enumeration = EnumerationBackend(spec: Self.spec)
        var satisfiable = 0, unsatisfiable = 0
        for query in Self.queries(seed: seed, count: 50) {
            let a = z3.solve(query), b = enumeration.solve(query)
            switch (a, b) {
            case (.satisfiable(let w1), .satisfiable(let w2)):
                satisfiable += 1
                #expect(Self.holds(query.formula, w1), "z3's witness does not hold: \(query.formula) \(w1)")
                #expect(Self.holds(query.formula, w2))
            case (.unsatisfiable, .unsatisfiable):
                unsatisfiable += 1
            default:
                Issue.record("z3 says \(a), enumeration says \(b) for \(query.formula)")
            }
        }
        // Both kinds of answer occur, so the agreement means something.
        #expect(satisfiable > 5)
        #expect(unsatisfiable > 2)
    }
}
