import Benchmark
import BenchmarkSpecs
import SMEngine
import SMSCXML
import SMSpec

// What the loader does per MB of spec: parsing alone (the position-tracking JSON reader), the whole load (parse,
// decode, resolve names, type-check expressions), the same spec loaded from SCXML, and compiling the loaded spec
// for the engine.
let benchmarks: @Sendable () -> Void = {
    let text = BenchmarkSpecs.largeSpecText(groups: 100, children: 60)
    let bytes = Array(text.utf8)
    let megabytes = Double(bytes.count) / 1_048_576
    let perMegabyte = BenchmarkMetric.custom("ms/MB", polarity: .prefersSmaller, useScalingFactor: false)
    let metrics: [BenchmarkMetric] = [.wallClock, .peakMemoryResident, perMegabyte]
    print(String(format: "large spec: %.2f MB, 6,000 states, 18,000 transitions", megabytes))

    func recordPerMegabyte(_ benchmark: Benchmark, _ start: ContinuousClock.Instant, megabytes: Double = megabytes) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        benchmark.measurement(perMegabyte, Int((milliseconds / megabytes).rounded()))
    }

    Benchmark("parse JSON (positions kept)", configuration: .init(metrics: metrics, maxDuration: .seconds(5))) { benchmark in
        for _ in benchmark.scaledIterations {
            let start = ContinuousClock.now
            blackHole(try JSONParser.parse(bytes))
            recordPerMegabyte(benchmark, start)
        }
    }

    Benchmark("load spec (parse, decode, resolve, type-check)", configuration: .init(metrics: metrics, maxDuration: .seconds(5))) { benchmark in
        for _ in benchmark.scaledIterations {
            let start = ContinuousClock.now
            blackHole(try Spec.load(json: bytes))
            recordPerMegabyte(benchmark, start)
        }
    }

    Benchmark("load SCXML (XML parser and tag scan, read, resolve, type-check)", configuration: .init(metrics: metrics, maxDuration: .seconds(5))) { benchmark in
        let scxml = Array(try Spec.load(json: bytes).scxmlText.utf8)
        let size = Double(scxml.count) / 1_048_576
        for _ in benchmark.scaledIterations {
            let start = ContinuousClock.now
            blackHole(try Spec.load(scxml: scxml))
            recordPerMegabyte(benchmark, start, megabytes: size)
        }
    }

    Benchmark("compile loaded spec for the engine", configuration: .init(metrics: metrics, maxDuration: .seconds(5))) { benchmark in
        let spec = try Spec.load(json: bytes)
        for _ in benchmark.scaledIterations {
            let start = ContinuousClock.now
            blackHole(try Machine(spec))
            recordPerMegabyte(benchmark, start)
        }
    }
}
