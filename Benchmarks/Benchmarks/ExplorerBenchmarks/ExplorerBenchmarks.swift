import Benchmark
import BenchmarkSpecs
import Foundation
import SMAnalyzer
import SMEngine

// Exploration speed and memory on every shape of `BenchmarkSpecs.explorerModels` (rings, shared-variable parallel
// regions, flat int counters, a deep chain, a hierarchical spec with history, the filter lock's long guards over
// shared ints, a vending machine's guards over amounts). One iteration per model measures, side by side, in rounds:
// smcheck with one thread, smcheck with two (the measured run), and SPIN -DBFS on the model's Promela twin, whose
// "states, stored" must equal smcheck's configurations. Each figure is the median of its rounds: on a shared
// machine one run of a model that takes a tenth of a second moves by a third either way, and so does SPIN's.
let benchmarks: @Sendable () -> Void = {
    let statesPerSecond = BenchmarkMetric.custom("states/s", polarity: .prefersLarger, useScalingFactor: false)
    let bytesPerState = BenchmarkMetric.custom("bytes/state x100", polarity: .prefersSmaller, useScalingFactor: false)
    let oneThread = BenchmarkMetric.custom("states/s 1 thread", polarity: .prefersLarger, useScalingFactor: false)
    let speedUp = BenchmarkMetric.custom("2 threads over 1 x100", polarity: .prefersLarger, useScalingFactor: false)
    // SPIN's figures on the same state space, measured in the same rounds, and smcheck's ratios to them.
    let spinStatesPerSecond = BenchmarkMetric.custom("spin states/s", polarity: .prefersLarger, useScalingFactor: false)
    let spinBytesPerState = BenchmarkMetric.custom("spin bytes/state x100", polarity: .prefersSmaller, useScalingFactor: false)
    let speedRatio = BenchmarkMetric.custom("speed vs spin x100", polarity: .prefersLarger, useScalingFactor: false)
    let memoryRatio = BenchmarkMetric.custom("memory/state spin/smcheck x100", polarity: .prefersLarger, useScalingFactor: false)
    let rounds = BenchmarkMetric.custom("rounds", polarity: .prefersLarger, useScalingFactor: false)
    let metrics: [BenchmarkMetric] = [.wallClock, .peakMemoryResident, statesPerSecond, bytesPerState, oneThread, speedUp,
                                      spinStatesPerSecond, spinBytesPerState, speedRatio, memoryRatio, rounds]
    /// At most this many rounds a model, and no new round once smcheck's runs of a model took this long; SPIN runs in
    /// a round only while its runs of the model took less (the rings' SPIN run alone takes a minute: one run, beside
    /// five rounds of smcheck's, whose ratio of two threads to one would otherwise rest on a single pair of runs).
    let maximumRounds = 5
    let roundBudget = 20.0

    for model in BenchmarkSpecs.explorerModels {
        Benchmark("explore \(model.name)", configuration: .init(metrics: metrics, warmupIterations: 0, maxDuration: .seconds(600),
                                                               maxIterations: 1)) { benchmark in
            let machine = try Machine(model.spec)
            func explore(threads: Int) -> Exploration {
                var options = ExplorationOptions()
                options.threads = threads
                // Every model is explored in full: a limit would make the comparison meaningless.
                options.maximumStates = Int.max
                return try! Explorer(machine: machine, options: options).run()
            }
            func median(_ values: [Double]) -> Double {
                let sorted = values.sorted()
                return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            }
            var single: [Double] = [], double: [Double] = [], spinRates: [Double] = [], ratios: [Double] = []
            var last: Exploration?
            var spinLast: Spin.Result?
            var smcheckSeconds = 0.0, spinSeconds = 0.0
            while single.count < maximumRounds && smcheckSeconds < roundBudget {
                let started = Date()
                let one = explore(threads: 1)
                if single.isEmpty { benchmark.startMeasurement() }
                let two = explore(threads: 2)
                if single.isEmpty { benchmark.stopMeasurement() }
                smcheckSeconds += Date().timeIntervalSince(started)
                precondition(two.isComplete && one.configurations == two.configurations,
                             "\(model.name): 1 thread found \(one.configurations), 2 threads \(two.configurations)")
                single.append(one.statesPerSecond)
                double.append(two.statesPerSecond)
                last = two
                // SPIN is installed with `apt-get install spin`; without it the SPIN rows stay empty.
                // pan's hash table is sized for the states smcheck found (SPIN's advice), not one size for every model.
                guard Spin.isInstalled, spinSeconds < roundBudget else { continue }
                let spinStarted = Date()
                let run = try Spin.run(model: model.promela, hashBits: Spin.hashBits(forStates: two.configurations))
                spinSeconds += Date().timeIntervalSince(spinStarted)
                guard let spin = run else { continue }
                precondition(spin.states == two.configurations, "\(model.name): SPIN explored \(spin.states) states, smcheck \(two.configurations)")
                spinRates.append(spin.statesPerSecond)
                // Each round's ratio is of runs side by side; the median of those is what is reported.
                ratios.append(two.statesPerSecond / spin.statesPerSecond)
                spinLast = spin
            }
            guard let last else { return }
            benchmark.measurement(rounds, single.count)
            benchmark.measurement(statesPerSecond, Int(median(double)))
            benchmark.measurement(bytesPerState, Int(last.bytesPerState * 100))
            benchmark.measurement(oneThread, Int(median(single)))
            benchmark.measurement(speedUp, Int(median(zip(double, single).map { $0 / $1 }) * 100))
            guard let spinLast, !ratios.isEmpty else { return }
            benchmark.measurement(spinStatesPerSecond, Int(median(spinRates)))
            benchmark.measurement(spinBytesPerState, Int(spinLast.bytesPerState * 100))
            benchmark.measurement(speedRatio, Int(median(ratios) * 100))
            benchmark.measurement(memoryRatio, Int(spinLast.bytesPerState / max(last.bytesPerState, 0.01) * 100))
        }
    }
}
