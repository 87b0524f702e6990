import Benchmark
import BenchmarkSpecs
import Foundation
import SMAnalyzer
import SMEngine

// Exploration speed and memory on N orthogonal rings of K states (K^N configurations), and, for N = K = 8, SPIN on
// the same state space in the same run, with the ratio.
let benchmarks: @Sendable () -> Void = {
    let statesPerSecond = BenchmarkMetric.custom("states/s", polarity: .prefersLarger, useScalingFactor: false)
    let bytesPerState = BenchmarkMetric.custom("bytes/state x100", polarity: .prefersSmaller, useScalingFactor: false)
    // SPIN's figures on the same state space, measured in the same iteration, and smcheck's ratios to them.
    let spinStatesPerSecond = BenchmarkMetric.custom("spin states/s", polarity: .prefersLarger, useScalingFactor: false)
    let spinBytesPerState = BenchmarkMetric.custom("spin bytes/state x100", polarity: .prefersSmaller, useScalingFactor: false)
    let speedRatio = BenchmarkMetric.custom("speed vs spin x100", polarity: .prefersLarger, useScalingFactor: false)
    let memoryRatio = BenchmarkMetric.custom("memory/state spin/smcheck x100", polarity: .prefersLarger, useScalingFactor: false)
    let metrics: [BenchmarkMetric] = [.wallClock, .peakMemoryResident, statesPerSecond, bytesPerState]

    for (n, k) in [(6, 8), (8, 8)] {
        Benchmark("explore rings \(n)x\(k)", configuration: .init(metrics: n == 8 ? metrics + [spinStatesPerSecond, spinBytesPerState, speedRatio, memoryRatio] : metrics, warmupIterations: n == 8 ? 0 : 1,
                                                                               maxDuration: .seconds(60), maxIterations: n == 8 ? 1 : 5)) { benchmark in
            let machine = try Machine(BenchmarkSpecs.rings(regions: n, states: k))
            benchmark.startMeasurement()
            let result = try Explorer(machine: machine).run()
            benchmark.stopMeasurement()
            precondition(result.configurations == Int(pow(Double(k), Double(n))))
            benchmark.measurement(statesPerSecond, Int(result.statesPerSecond))
            benchmark.measurement(bytesPerState, Int(result.bytesPerState * 100))
            // SPIN is installed with `apt-get install spin`; without it the SPIN rows stay empty.
            guard n == 8, Spin.isInstalled, let spin = try Spin.run(model: BenchmarkSpecs.ringsPromela(regions: n, states: k)) else { return }
            precondition(spin.states == result.configurations, "SPIN explored \(spin.states) states, smcheck \(result.configurations)")
            benchmark.measurement(spinStatesPerSecond, Int(spin.statesPerSecond))
            benchmark.measurement(spinBytesPerState, Int(spin.bytesPerState * 100))
            benchmark.measurement(speedRatio, Int(result.statesPerSecond / spin.statesPerSecond * 100))
            benchmark.measurement(memoryRatio, Int(spin.bytesPerState / max(result.bytesPerState, 0.01) * 100))
        }
    }
}
