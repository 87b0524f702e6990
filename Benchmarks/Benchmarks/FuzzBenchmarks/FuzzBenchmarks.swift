import Benchmark
import BenchmarkSpecs
import SMEngine
import SMFuzz

// The fuzzer's speed: events per second while generating (weighted picks, coverage, invariant checks included) on
// a flat spec, and the time to shrink a failing 10,000-event run to its four essential events.
let benchmarks: @Sendable () -> Void = {
    let eventsPerSecond = BenchmarkMetric.custom("events/s", polarity: .prefersLarger, useScalingFactor: false)

    for (name, spec) in [("flat ring", BenchmarkSpecs.flatRing), ("player (hierarchy + parallel + history)", BenchmarkSpecs.player)] {
        Benchmark("fuzz \(name): 100 runs x 1,000 events",
                  configuration: .init(metrics: [.wallClock, eventsPerSecond, .mallocCountTotal], maxDuration: .seconds(5))) { benchmark in
            let machine = try Machine(spec)
            for _ in benchmark.scaledIterations {
                benchmark.startMeasurement()
                // Unguided: every run is 1,000 generated events, so this measures generation itself.
                let result = Fuzzer(machine: machine, configuration: FuzzConfiguration(runs: 100, length: 1000, seed: 1, guided: false)).run()
                benchmark.stopMeasurement()
                precondition(result.failure == nil && result.events == 100_000)
                benchmark.measurement(eventsPerSecond, Int(result.eventsPerSecond))
            }
        }
    }

    Benchmark("shrink a failing 10,000-event run", configuration: .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10))) { benchmark in
        let machine = try Machine(BenchmarkSpecs.combinationLock)
        let trace = try BenchmarkSpecs.lockTrace(machine: machine, noise: 9996)
        // Without the exploration that looks for a shorter trace: this measures shrinking alone.
        var configuration = FuzzConfiguration()
        configuration.explorationLimit = 0
        let fuzzer = Fuzzer(machine: machine, configuration: configuration)
        for _ in benchmark.scaledIterations {
            benchmark.startMeasurement()
            let shrunk = fuzzer.shrink(trace)
            benchmark.stopMeasurement()
            precondition(shrunk?.originalSteps == 10_000 && shrunk?.trace.count == 4)
            blackHole(shrunk)
        }
    }
}
