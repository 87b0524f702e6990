import ArgumentParser
import Foundation
import SMAnalyzer
import SMReport
import SMSCXML
import SMSolver
import SMSpec

/// Options every command that explores shares.
struct ExplorationArguments: ParsableArguments {
    @Option(name: .customLong("max-states"), parsing: .unconditional,
            help: "Stop exploring after this many configurations (results are marked incomplete).",
            transform: PositiveInteger.parse("--max-states"))
    var maxStates: Int = 50_000_000

    @Option(name: .customLong("max-memory"), help: "Stop exploring above this much memory, e.g. 512M or 4G.",
            transform: ByteCount.parse)
    var maxMemory: Int = 8 << 30

    @Option(parsing: .unconditional, help: ArgumentHelp("Threads that explore (default: one per core).", valueName: "count"),
            transform: PositiveInteger.parse("--threads"))
    var threads: Int?

    @Option(help: ArgumentHelp("How runs are checked: auto (explore when the state space is small enough, else or when exploration stops at a limit, verify symbolically), explore, or symbolic (bounded model checking, k-induction and Spacer with Z3).",
                               valueName: "method"))
    var method: MethodArgument = .automatic

    @Option(help: "Stop symbolic verification of a spec after this long, e.g. 30s or 5m; what is left is undecided.",
            transform: DurationArgument.parse)
    var timeout: Duration = .seconds(60)

    @Option(name: .customLong("max-depth"), parsing: .unconditional,
            help: "Bounded model checking unrolls at most this many events.", transform: PositiveInteger.parse("--max-depth"))
    var maxDepth = 1_000

    /// The analysis options; `progress` names the spec in the progress lines written to standard error.
    func options(progress file: String?) -> AnalysisOptions {
        var options = AnalysisOptions()
        options.method = method.value
        options.timeLimit = timeout
        options.maximumDepth = maxDepth
        options.isCancelled = { Interruption.shared.requested }
        options.exploration.isCancelled = { Interruption.shared.requested }
        options.exploration.maximumStates = maxStates
        options.exploration.maximumMemory = maxMemory
        options.exploration.threads = max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
        if let file {
            options.exploration.progressInterval = FileHandleOutput.progressInterval
            options.exploration.progress = { progress in
                let rate = Int(Double(progress.configurations) / max(progress.seconds, 0.001))
                FileHandleOutput.progress(
                    "exploring \(file): \(progress.configurations) configurations, depth \(progress.depth), \(rate) states/s, \(Int(progress.seconds)) s")
            }
            let throttle = ProgressThrottle(interval: FileHandleOutput.progressInterval)
            options.symbolicProgress = { message in
                if throttle.due() { FileHandleOutput.progress("verifying \(file) symbolically: \(message)") }
            }
        }
        return options
    }
}
