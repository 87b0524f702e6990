import ArgumentParser
import Foundation
import SMAnalyzer
import SMEngine
import SMReport
import SMSCXML
import SMSolver
import SMSpec

/// How a command explores: the limits, threads and store of the search (`ExplorationOptions`). `check` and
/// `report` add how runs are verified (`VerificationArguments`); `explore` does nothing else.
struct ExplorationArguments: ParsableArguments {
    @Option(
        name: .customLong("max-states"), parsing: .unconditional,
        help:
            "Stop exploring once this many configurations are stored (default: 50000000, or the file check --config reads; results are marked incomplete; the states being expanded then keep all their successors, so a few more may be stored).",
        transform: PositiveInteger.parse("--max-states"))
    var maxStates: Int?

    @Option(
        name: .customLong("max-memory"), parsing: .unconditional,
        help:
            "Stop exploring once the exploration has taken this much memory, e.g. 512M or 4G (default: 8G, or the file check --config reads).",
        transform: ByteCount.parse)
    var maxMemory: Int?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Threads that explore (default and most: one per core).", valueName: "count"),
        transform: PositiveInteger.parse("--threads", maximum: ExplorationOptions.maximumThreads))
    var threads: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Search with a bit array of this size instead of storing configurations (SPIN's supertrace), e.g. 2G (at least 1K; rounded down to a power of two): for state spaces beyond memory. The result is partial (unless the start fails: then nothing is reached) and says its expected coverage.",
            valueName: "size"),
        transform: ByteCount.parse)
    var bitstate: Int?

    @Option(
        help: ArgumentHelp(
            "The order of a --bitstate search: breadth-first (the default: layers on disk under TMPDIR, 16 to 24 bytes a configuration; no depth limit and shortest traces) or depth-first (no disk; SPIN's order, cut at depth 1,000,000).",
            valueName: "order"))
    var bitstateOrder: CaseArgument<ExplorationOptions.BitstateOrder>?

    @Flag(
        help:
            "Keep the configurations in compact exact tables, a few bytes each, and their keys and parents on disk under TMPDIR, whatever their size: the default already does past 28 bits when TMPDIR is writable. In a word, the configurations are numbered without gaps, in fewer bits. Needs a writable TMPDIR; the result is exact."
    )
    var compact = false

    /// What the options a configuration file can set stand for when not given: the command line's own defaults, or
    /// those of `smcheck-config.json` (`check --config`).
    struct Defaults {
        var maximumStates = 50_000_000
        var maximumMemory = 8 << 30
        var method = VerificationMethod.automatic
        var timeLimit: Duration = .seconds(60)
        /// Where the limits came from, as a stop at one of them names it (when the command line did not give it).
        var maximumStatesSource = "the --max-states limit"
        var maximumMemorySource = "the --max-memory limit"
    }

    /// The smallest bit array `--bitstate` takes: smaller ones could hold a handful of configurations.
    static let smallestBitstate = 1 << 10

    /// The default bit array of a shard without `--bitstate`.
    static let shardBitstate = 512 << 20

    mutating func validate() throws {
        // Each thread has caches of its own, and threads past the cores only take turns: more would cost time (1,000
        // threads took seconds to explore five configurations) and change nothing in the result.
        let cores = ProcessInfo.processInfo.activeProcessorCount
        if let requested = threads, requested > cores {
            printError(
                "note: --threads \(requested): this machine has \(cores) core\(cores == 1 ? "" : "s"), so \(cores) thread\(cores == 1 ? "" : "s") explore (more would only take turns; the result is the same)"
            )
            threads = cores
        }
        if let bitstate, bitstate < Self.smallestBitstate {
            throw ValidationError(
                "--bitstate: a bit array of \(bitstate) bytes is too small; give at least 1K (e.g. --bitstate 512M)")
        }
        if compact && bitstate != nil { throw Self.compactConflict("--bitstate") }
    }

    /// Why `--compact` cannot go with `option` (`--bitstate`, or check's `--shard`), named as the command has it.
    static func compactConflict(_ option: String) -> ValidationError {
        ValidationError("--compact stores every configuration; \(option) searches with a bit array that does not. Give one of them")
    }

    /// What `validate` cannot tell alone: whether the command's `--shard` (check's) makes a bitstate search of its
    /// own. Each command calls it from its `validate`.
    func validate(sharded: Bool) throws {
        if compact && sharded { throw Self.compactConflict("--shard") }
        if bitstateOrder != nil && bitstate == nil && !sharded {
            throw ValidationError("--bitstate-order orders a bitstate search; give its bit array too (e.g. --bitstate 2G)")
        }
    }

    /// The exploration options; `progress` names the spec in the progress lines written to standard error; `swarm`
    /// makes it that shard's bitstate search; `defaults` stand for the options not given.
    func options(progress file: String?, swarm: Shard? = nil, defaults: Defaults = Defaults()) -> ExplorationOptions {
        var options = ExplorationOptions()
        options.isCancelled = { Interruption.shared.requested }
        options.maximumStates = maxStates ?? defaults.maximumStates
        options.maximumMemory = maxMemory ?? defaults.maximumMemory
        if maxStates == nil { options.maximumStatesSource = defaults.maximumStatesSource }
        if maxMemory == nil { options.maximumMemorySource = defaults.maximumMemorySource }
        options.threads = max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
        if compact { options.store = .compact }
        if bitstate != nil || swarm != nil {
            options.bitstateBytes = bitstate ?? Self.shardBitstate
            options.bitstateOrder = bitstateOrder?.value ?? .breadthFirst
            options.searchSeed = swarm?.searchSeed ?? 0
        }
        if let file {
            options.progressInterval = FileHandleOutput.progressInterval
            options.progress = { progress in
                let rate = Int(Double(progress.configurations) / max(progress.seconds, 0.001))
                FileHandleOutput.progress(
                    "exploring \(file): \(progress.configurations) configurations, depth \(progress.depth), \(rate) states/s, \(Int(progress.seconds)) s"
                )
            }
        }
        return options
    }
}
