import ArgumentParser
import SMAnalyzer
import SMEngine

/// How `check` and `report` verify runs: the method, the symbolic search's time and depth, and the exploration
/// it may make (`ExplorationArguments`).
struct VerificationArguments: ParsableArguments {
    @OptionGroup var exploration: ExplorationArguments

    @Option(
        help: ArgumentHelp(
            "How runs are checked: auto (the default unless the file check --config reads says otherwise: explore when the state space is small enough, else or when exploration stops at a limit, verify symbolically), explore, or symbolic (bounded model checking, k-induction and Spacer with Z3).",
            valueName: "method"))
    var method: CaseArgument<VerificationMethod>?

    @Option(
        parsing: .unconditional,
        help:
            "Stop symbolic verification of a spec, and its guard questions, after this long, e.g. 30s or 5m (default: 60s, or the file check --config reads); what is left is undecided.",
        transform: DurationArgument.parse)
    var timeout: Duration?

    @Option(
        name: .customLong("max-depth"), parsing: .unconditional,
        help: "Bounded model checking unrolls at most this many events.", transform: PositiveInteger.parse("--max-depth"))
    var maxDepth = 1_000

    mutating func validate() throws {
        guard method?.value == .symbolic else { return }
        if exploration.bitstate != nil { throw Self.symbolicConflict("--bitstate") }
        if exploration.compact {
            throw ValidationError("--compact is how exploration stores configurations; it cannot be combined with --method symbolic")
        }
    }

    /// Why `--method symbolic` cannot go with `option` (`--bitstate`, or check's `--shard`).
    static func symbolicConflict(_ option: String) -> ValidationError {
        ValidationError("\(option) searches configurations explicitly; it cannot be combined with --method symbolic")
    }

    /// What `validate` cannot tell alone (`ExplorationArguments.validate(sharded:)`), with check's `--shard`, which
    /// searches a bit array as `--bitstate` does.
    func validate(sharded: Bool) throws {
        try exploration.validate(sharded: sharded)
        if sharded, method?.value == .symbolic { throw Self.symbolicConflict("--shard") }
    }

    /// The analysis options; `progress` names the spec in the progress lines written to standard error; `swarm`
    /// makes it that shard's bitstate search; `defaults` stand for the options not given.
    func options(progress file: String?, swarm: Shard? = nil, defaults: ExplorationArguments.Defaults = .init()) -> AnalysisOptions {
        var options = AnalysisOptions()
        options.exploration = exploration.options(progress: file, swarm: swarm, defaults: defaults)
        options.method = method?.value ?? defaults.method
        options.timeLimit = timeout ?? defaults.timeLimit
        options.maximumDepth = maxDepth
        options.isCancelled = { Interruption.shared.requested }
        // A configuration's "symbolic" gives way to the --compact given here: it explores in full, as under auto.
        if exploration.compact, options.method == .symbolic { options.method = .automatic }
        if options.exploration.bitstateBytes != nil { options.method = .exploration }
        if let file {
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
