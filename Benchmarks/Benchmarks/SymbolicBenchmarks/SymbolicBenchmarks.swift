import Benchmark
import Foundation
import SMAnalyzer
import SMSpec

// Symbolic verification (`smcheck check --method symbolic`): each benchmark decides a whole spec, every check
// (BMC for traces, then k-induction and Spacer for proofs), and fails if anything is left undecided.
// The seed specs with bounded model checking up to depth 20; the data-heavy fixtures no exploration finishes.
let benchmarks: @Sendable () -> Void = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let seeds = ["rocket", "statekit-bubbling", "statekit-loading", "tbstatemachine", "transitionkit-player", "efstatemachine-loader"]
        .map { ("seed \($0), depth 20", root.appendingPathComponent("Specs/\($0).json").path, 20) }
    let heavy = [
        ("even-counter", "10^9 values"), ("bank-account", "10^9 values"), ("vault-combination", "10^9 values"),
        ("batch-drain", "10^6 values, a hundred microsteps a step"), ("copy-below", "no deadlock, an event of 300 values"),
    ].map { ("\($0) (\($1))", root.appendingPathComponent("Tests/Fixtures/symbolic/\($0).json").path, 1_000) }
    for (name, path, depth) in seeds + heavy {
        let spec = try! Spec.load(path: path)
        var options = AnalysisOptions()
        options.method = .symbolic
        options.maximumDepth = depth
        options.timeLimit = .seconds(60)
        Benchmark("symbolic: \(name)", configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 3)) { _ in
            let result = try! Analyzer.analyze(spec, options: options)
            precondition(result.stats.complete, "\(name): \(result.stats.undecided.map(\.description))")
            blackHole(result.findings.count)
        }
    }
}
