import Benchmark
import BenchmarkSpecs
import SMReport
import SMSpec

// Drawing a state diagram: the model and its DOT text (Swift alone), and the layout and SVG rendering by Graphviz in
// process, for a chart with hierarchy, parallel regions and history, and for a spec at the size limit of diagrams
// (300 states, every state with transitions to its neighbour and into the next group).
let benchmarks: @Sendable () -> Void = {
    let specs: [(String, @Sendable () throws -> ResolvedSpec)] = [
        ("player", { try BenchmarkSpecs.player.resolve() }),
        ("300 states", { try Spec.load(json: Array(BenchmarkSpecs.largeSpecText(groups: 10, children: 29).utf8)).resolve() }),
    ]
    let metrics: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, .peakMemoryResident]
    for (name, load) in specs {
        Benchmark("diagram model and DOT, \(name)", configuration: .init(metrics: metrics, maxDuration: .seconds(5))) { benchmark in
            let spec = try load()
            for _ in benchmark.scaledIterations { blackHole(GraphvizDiagram(StateDiagram(spec)).dot) }
        }
        Benchmark("Graphviz layout and SVG, \(name)", configuration: .init(metrics: metrics, maxDuration: .seconds(10))) { benchmark in
            let spec = try load()
            let diagram = GraphvizDiagram(StateDiagram(spec))
            for _ in benchmark.scaledIterations { blackHole(try diagram.svg()) }
        }
    }
}
