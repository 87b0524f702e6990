import Benchmark
import BenchmarkSpecs
import Foundation
import SMAnalyzer
import SMEngine

// Exploration speed and memory on N orthogonal rings of K states (K^N configurations), and, for N = K = 8, SPIN on
// the same state space in the same run, with the ratio.
let benchmarks: @Sendable () -> Void = {
    let metrics: [BenchmarkMetric] = [
        .wallClock, .peakMemoryResident,
        .custom("states/s", polarity: .prefersLarger, useScalingFactor: false),
        .custom("bytes/state x100", polarity: .prefersSmaller, useScalingFactor: false),
    ]

    for (n, k) in [(6, 8), (8, 8)] {
        Benchmark("explore rings \(n)x\(k)", configuration: .init(metrics: metrics, warmupIterations: n == 8 ? 0 : 1,
                                                                               maxDuration: .seconds(60), maxIterations: n == 8 ? 1 : 5)) { benchmark in
            let machine = try Machine(BenchmarkSpecs.rings(regions: n, states: k))
            benchmark.startMeasurement()
            let result = try Explorer(machine: machine).run()
            benchmark.stopMeasurement()
            precondition(result.configurations == Int(pow(Double(k), Double(n))))
            benchmark.measurement(.custom("states/s", polarity: .prefersLarger, useScalingFactor: false), Int(result.statesPerSecond))
            benchmark.measurement(.custom("bytes/state x100", polarity: .prefersSmaller, useScalingFactor: false), Int(result.bytesPerState * 100))
            guard n == 8 else { return }
            print(String(format: "smcheck: %d configurations in %.2f s, %.0f states/s, %.2f bytes/state (visited store), peak %d MB",
                         result.configurations, result.elapsed, result.statesPerSecond, result.bytesPerState, result.peakMemory >> 20))
            guard Spin.isInstalled, let spin = try Spin.run(model: BenchmarkSpecs.ringsPromela(regions: n, states: k)) else {
                print("spin: not installed (apt-get install spin); no ratio")
                return
            }
            print(String(format: "spin -DBFS: %d states in %.2f s, %.0f states/s, %.0f MB, %.1f bytes/state",
                         spin.states, spin.seconds, spin.statesPerSecond, spin.megabytes, spin.bytesPerState))
            print(String(format: "ratio: smcheck is %.1fx spin's states/s with %.1fx less memory per state",
                         result.statesPerSecond / spin.statesPerSecond, spin.bytesPerState / max(result.bytesPerState, 0.01)))
        }
    }
}
