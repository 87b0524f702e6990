import ArgumentParser
import Foundation
import SMAnalyzer
import SMEngine
import SMReport
import SMSCXML
import SMSolver
import SMSpec

/// Options every command that explores shares.
struct ExplorationArguments: ParsableArguments {
    @Option(
        name: .customLong("max-states"), parsing: .unconditional,
        help:
            "Stop exploring once this many configurations are stored (default: 50000000, or the file check --config reads; results are marked incomplete; the states being expanded then keep all their successors, so a few more may be stored).",
        transform: PositiveInteger.parse("--max-states"))
    var maxStates: Int?

    @Option(
        name: .customLong("max-memory"),
        help:
            "Stop exploring once the exploration has taken this much memory, e.g. 512M or 4G (default: 8G, or the file check --config reads).",
        transform: ByteCount.parse)
    var maxMemory: Int?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Threads that explore (default: one per core).", valueName: "count"),
        transform: PositiveInteger.parse("--threads", maximum: ExplorationOptions.maximumThreads))
    var threads: Int?

    @Option(
        help: ArgumentHelp(
            "How runs are checked: auto (the default unless the file check --config reads says otherwise: explore when the state space is small enough, else or when exploration stops at a limit, verify symbolically), explore, or symbolic (bounded model checking, k-induction and Spacer with Z3).",
            valueName: "method"))
    var method: CaseArgument<VerificationMethod>?

    @Option(
        help:
            "Stop symbolic verification of a spec, and its guard questions, after this long, e.g. 30s or 5m (default: 60s, or the file check --config reads); what is left is undecided.",
        transform: DurationArgument.parse)
    var timeout: Duration?

    @Option(
        name: .customLong("max-depth"), parsing: .unconditional,
        help: "Bounded model checking unrolls at most this many events.", transform: PositiveInteger.parse("--max-depth"))
    var maxDepth = 1_000

    @Option(
        help: ArgumentHelp(
            "Search with a bit array of this size instead of storing configurations (SPIN's supertrace), e.g. 2G (at least 1K; rounded down to a power of two): for state spaces beyond memory. The result is always partial and says its expected coverage.",
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
            "Keep the configurations in compact exact tables, a few bytes each, and their keys and parents on disk under TMPDIR (8 bytes a word of the configuration and 8 for the parent), however wide: the default already does for configurations of up to 62 bits. On one thread when they are wider; needs a writable TMPDIR; the result is exact."
    )
    var compact = false

    @Option(
        help: ArgumentHelp(
            "Be part k of n independent jobs (e.g. 3/8); merge their JSON with 'smcheck merge'. Specs small enough to explore are shared out, each checked in full by one shard; bigger ones (or all, with --bitstate) get a bitstate search in every shard, with the shard's own hash functions and search order (--bitstate, default 512M).",
            valueName: "k/n"),
        transform: Shard.parse)
    var shard: Shard?

    /// What the options a configuration file can set stand for when not given: the command line's own defaults, or
    /// those of `smcheck-config.json` (`check --config`).
    struct Defaults {
        var maximumStates = 50_000_000
        var maximumMemory = 8 << 30
        var method = VerificationMethod.automatic
        var timeLimit: Duration = .seconds(60)
    }

    /// The smallest bit array `--bitstate` takes: smaller ones could hold a handful of configurations.
    static let smallestBitstate = 1 << 10

    /// The default bit array of a shard without `--bitstate`.
    static let shardBitstate = 512 << 20

    mutating func validate() throws {
        if bitstate != nil || shard != nil, method?.value == .symbolic {
            throw ValidationError("--bitstate and --shard search configurations explicitly; they cannot be combined with --method symbolic")
        }
        if let bitstate, bitstate < Self.smallestBitstate {
            throw ValidationError(
                "--bitstate: a bit array of \(bitstate) bytes is too small; give at least 1K (e.g. --bitstate 512M)")
        }
        if compact && (bitstate != nil || shard != nil) {
            throw ValidationError(
                "--compact stores every configuration; --bitstate and --shard search with a bit array that does not. Give one of them")
        }
        if compact && method?.value == .symbolic {
            throw ValidationError("--compact is how exploration stores configurations; it cannot be combined with --method symbolic")
        }
        if bitstateOrder != nil && bitstate == nil && shard == nil {
            throw ValidationError("--bitstate-order orders a bitstate search; give its bit array too (e.g. --bitstate 2G)")
        }
    }

    /// What this job does with the `index`-th spec of the batch, whose packed state has `bits` bits.
    enum ShardPart { case whole, swarm, skip }

    func shardPart(specIndex index: Int, bits: Int) -> ShardPart {
        guard let shard else { return .whole }
        if bitstate != nil || bits > Analyzer.explorableBits { return .swarm }
        return index % shard.count == shard.index - 1 ? .whole : .skip
    }

    /// The analysis options; `progress` names the spec in the progress lines written to standard error; `swarm`
    /// makes it this shard's bitstate search; `defaults` stand for the options not given.
    func options(progress file: String?, swarm: Bool = false, defaults: Defaults = Defaults()) -> AnalysisOptions {
        var options = AnalysisOptions()
        options.method = method?.value ?? defaults.method
        options.timeLimit = timeout ?? defaults.timeLimit
        options.maximumDepth = maxDepth
        options.isCancelled = { Interruption.shared.requested }
        options.exploration.isCancelled = { Interruption.shared.requested }
        options.exploration.maximumStates = maxStates ?? defaults.maximumStates
        options.exploration.maximumMemory = maxMemory ?? defaults.maximumMemory
        options.exploration.threads = max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
        if compact {
            options.exploration.store = .compact
            // A configuration's "symbolic" gives way to the --compact given here: it explores in full, as under auto.
            if options.method == .symbolic { options.method = .automatic }
        }
        if bitstate != nil || swarm {
            options.method = .exploration
            options.exploration.bitstateBytes = bitstate ?? Self.shardBitstate
            options.exploration.bitstateOrder = bitstateOrder?.value ?? .breadthFirst
            options.exploration.searchSeed = shard?.searchSeed ?? 0
        }
        if let file {
            options.exploration.progressInterval = FileHandleOutput.progressInterval
            options.exploration.progress = { progress in
                let rate = Int(Double(progress.configurations) / max(progress.seconds, 0.001))
                FileHandleOutput.progress(
                    "exploring \(file): \(progress.configurations) configurations, depth \(progress.depth), \(rate) states/s, \(Int(progress.seconds)) s"
                )
            }
            let throttle = ProgressThrottle(interval: FileHandleOutput.progressInterval)
            options.symbolicProgress = { message in
                if throttle.due() { FileHandleOutput.progress("verifying \(file) symbolically: \(message)") }
            }
            options.guardProgress = { questions in
                if throttle.due() { FileHandleOutput.progress("checking the guards of \(file): \(questions) questions asked") }
            }
        }
        return options
    }
}
