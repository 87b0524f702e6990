import Benchmark
import BenchmarkSpecs
import Foundation
import SMAnalyzer
import SMEngine

// Exploration speed and memory on every shape of `BenchmarkSpecs.explorerModels` (rings, shared-variable parallel
// regions, flat int counters, a deep chain, a hierarchical spec with history, the filter lock's long guards over
// shared ints, a vending machine's guards over amounts). One iteration per model measures, side by side: smcheck
// with one thread, smcheck with two (the measured run), and SPIN -DBFS on the model's Promela twin, whose "states,
// stored" must equal smcheck's configurations.
let benchmarks: @Sendable () -> Void = {
    let statesPerSecond = BenchmarkMetric.custom("states/s", polarity: .prefersLarger, useScalingFactor: false)
    let bytesPerState = BenchmarkMetric.custom("bytes/state x100", polarity: .prefersSmaller, useScalingFactor: false)
    let oneThread = BenchmarkMetric.custom("states/s 1 thread", polarity: .prefersLarger, useScalingFactor: false)
    let speedUp = BenchmarkMetric.custom("2 threads over 1 x100", polarity: .prefersLarger, useScalingFactor: false)
    // SPIN's figures on the same state space, measured in the same iteration, and smcheck's ratios to them.
    let spinStatesPerSecond = BenchmarkMetric.custom("spin states/s", polarity: .prefersLarger, useScalingFactor: false)
    let spinBytesPerState = BenchmarkMetric.custom("spin bytes/state x100", polarity: .prefersSmaller, useScalingFactor: false)
    let speedRatio = BenchmarkMetric.custom("speed vs spin x100", polarity: .prefersLarger, useScalingFactor: false)
    let memoryRatio = BenchmarkMetric.custom("memory/state spin/smcheck x100", polarity: .prefersLarger, useScalingFactor: false)
    let metrics: [BenchmarkMetric] = [.wallClock, .peakMemoryResident, statesPerSecond, bytesPerState, oneThread, speedUp,
                                      spinStatesPerSecond, spinBytesPerState, speedRatio, memoryRatio]

    for model in BenchmarkSpecs.explorerModels {
        Benchmark("explore \(model.name)", configuration: .init(metrics: metrics, warmupIterations: 0, maxDuration: .seconds(120),
                                                               maxIterations: 1)) { benchmark in
            let machine = try Machine(model.spec)
            func explore(threads: Int) -> Exploration {
                var options = ExplorationOptions()
                options.threads = threads
                // Every model is explored in full: a limit would make the comparison meaningless.
                options.maximumStates = Int.max
                return try! Explorer(machine: machine, options: options).run()
            }
            let single = explore(threads: 1)
            benchmark.startMeasurement()
            let result = explore(threads: 2)
            benchmark.stopMeasurement()
            precondition(result.isComplete && single.configurations == result.configurations,
                         "\(model.name): 1 thread found \(single.configurations), 2 threads \(result.configurations)")
            benchmark.measurement(statesPerSecond, Int(result.statesPerSecond))
            benchmark.measurement(bytesPerState, Int(result.bytesPerState * 100))
            benchmark.measurement(oneThread, Int(single.statesPerSecond))
            benchmark.measurement(speedUp, Int(result.statesPerSecond / single.statesPerSecond * 100))
            // SPIN is installed with `apt-get install spin`; without it the SPIN rows stay empty.
            // pan's hash table is sized for the states smcheck found (SPIN's advice), not one size for every model.
            guard Spin.isInstalled, let spin = try Spin.run(model: model.promela, hashBits: Spin.hashBits(forStates: result.configurations))
            else { return }
            precondition(spin.states == result.configurations, "\(model.name): SPIN explored \(spin.states) states, smcheck \(result.configurations)")
            benchmark.measurement(spinStatesPerSecond, Int(spin.statesPerSecond))
            benchmark.measurement(spinBytesPerState, Int(spin.bytesPerState * 100))
            benchmark.measurement(speedRatio, Int(result.statesPerSecond / spin.statesPerSecond * 100))
            benchmark.measurement(memoryRatio, Int(spin.bytesPerState / max(result.bytesPerState, 0.01) * 100))
        }
    }
}
