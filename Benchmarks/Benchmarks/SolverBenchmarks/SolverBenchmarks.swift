import Benchmark
import BenchmarkSpecs
import SMSolver
import SMSpec

// 1,000 guard-pair overlap checks (100 states x 5 transitions: 10 pairs each), solved incrementally with one Z3
// context and solver (push/pop per check), against brute-force enumeration of the same queries.
let benchmarks: @Sendable () -> Void = {
    let spec = try! BenchmarkSpecs.guardPairs(states: 100, perState: 5).resolve()
    let queries: [GuardQuery] = spec.states.flatMap { state -> [GuardQuery] in
        let guards: [TypedExpression] = state.transitions.compactMap {
            if case .expression(let e, _) = spec.transitions[$0].guardCondition { return e }
            return nil
        }
        return guards.indices.flatMap { i in
            guards.indices.filter { $0 > i }.map { j in
                GuardQuery(event: spec.events[0].index, activeStates: [state.index], formula: .and([.holds(guards[i]), .holds(guards[j])]))
            }
        }
    }
    precondition(queries.count == 1000)

    Benchmark("1000 guard-pair checks: z3, incremental", configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 5)) { benchmark in
        let backend = try Z3Backend(spec: spec)
        var satisfiable = 0
        for query in queries { if case .satisfiable = backend.solve(query) { satisfiable += 1 } }
        blackHole(satisfiable)
    }

    Benchmark("1000 guard-pair checks: enumeration", configuration: .init(metrics: [.wallClock], maxIterations: 3)) { benchmark in
        let backend = EnumerationBackend(spec: spec)
        var satisfiable = 0
        for query in queries { if case .satisfiable = backend.solve(query) { satisfiable += 1 } }
        blackHole(satisfiable)
    }
}
