import ArgumentParser
import Foundation
import SMAnalyzer
import SMEngine
import SMReport
import SMSCXML
import SMSolver
import SMSpec

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Explore specs and report what is wrong with them.",
        discussion: """
            Each spec (or every spec under a directory) is explored; every finding comes with the shortest event \
            trace that shows it. A result is "ok" only when every check was decided: when an exploration stops at a \
            limit, or the solver cannot decide a question, the result says "incomplete" and lists what was not \
            checked.

            Exit status: 0 nothing at error level and every check decided, 1 error-level findings, 2 a spec could \
            not be used, 3 incomplete (nothing at error level found in what was checked; --allow-incomplete makes \
            this 0).
            """)

    enum Format: String, CommandFormat {
        case text, json, sarif, junit
    }

    @Argument(help: "Spec files (JSON or SCXML), or directories to search for specs.", completion: .file(extensions: ["json", "scxml"]))
    var files: [String]

    @Option(help: "Output format: \(Format.names).")
    var format: Format = .text

    @Option(help: "Leave out findings below this severity: info, warning or error (default: info, or the --config file's).")
    var severity: CaseArgument<Severity>?

    @Flag(
        name: .customLong("allow-incomplete"),
        help: "Exit with 0, not 3, when some checks were not decided and nothing at error level was found.")
    var allowIncomplete = false

    @OptionGroup var verification: VerificationArguments

    @Option(
        help: ArgumentHelp(
            "Be part k of n independent jobs (e.g. 3/8); merge their JSON with 'smcheck merge'. Specs small enough to explore are shared out, each checked in full by one shard; bigger ones (or all, with --bitstate) get a bitstate search in every shard, with the shard's own hash functions and search order (--bitstate, default 512M).",
            valueName: "k/n"),
        transform: Shard.parse)
    var shard: Shard?

    @Option(
        help:
            "How to prove guard properties over the declared domains: z3 (default when built with Z3, unless the --config file says otherwise), enumerate or off."
    )
    var solver: SolverArgument = .automatic

    @Flag(name: .customLong("assume-invariants"), help: "Let the solver assume the invariants for transitions on external events.")
    var assumeInvariants = false

    @Flag(name: .customLong("ignored-events"), help: "Also report (info) events a state handles only under guards that can all be false.")
    var ignoredEvents = false

    @Option(
        help: ArgumentHelp(
            "Check as the build plugin does with this smcheck-config.json: its severities, method, solver and limits (its defaults for what it leaves out); an option given here wins. See Docs/CodeGeneration.md.",
            valueName: "file"),
        completion: .file(extensions: ["json"]))
    var config: String?

    func validate() throws {
        try verification.validate(sharded: shard != nil)
    }

    /// What this job does with the `index`-th spec of the batch, whose packed state has `bits` bits.
    enum ShardPart { case whole, swarm, skip }

    func shardPart(specIndex index: Int, bits: Int) -> ShardPart {
        guard let shard else { return .whole }
        if verification.exploration.bitstate != nil || bits > Analyzer.explorableBits { return .swarm }
        return index % shard.count == shard.index - 1 ? .whole : .skip
    }

    func run() throws {
        Interruption.shared.install()
        let configuration = try config.map(GenerationConfiguration.loadForCommand)
        let minimumSeverity = severity?.value ?? configuration?.minimumSeverity ?? .info
        let filter = ReportFilter(minimumSeverity: minimumSeverity, allowsIncomplete: allowIncomplete)
        var outcomes: [SpecOutcome] = []
        let inputs = SpecInputs.files(files)
        let specFiles = inputs.files
        // A directory without specs is an unusable input, said in the format asked for (every shard says it).
        for directory in inputs.empty {
            let error = SpecError([Diagnostic(SpecInputs.noSpecsInDirectory, at: Spec.SourceLocation(file: directory, pointer: .root))])
            outcomes.append(.unusable(file: directory, error))
            Self.write(outcomes[outcomes.count - 1], as: format, filter: filter)
        }
        for (index, file) in specFiles.enumerated() {
            let outcome: SpecOutcome
            do {
                let machine = try Machine(try SpecFile.load(path: file))
                let part = shardPart(specIndex: index, bits: StateCodec(machine: machine).bits)
                if part == .skip { continue }
                var options = verification.options(
                    progress: file, swarm: part == .swarm ? shard : nil, defaults: configuration?.explorationDefaults ?? .init())
                options.solver = solver.value == .automatic ? configuration?.solver ?? .automatic : solver.value
                options.assumeInvariants = assumeInvariants
                options.reportsIgnoredEvents = ignoredEvents
                let result = Analyzer.analyze(machine, options: options)
                outcome = .analyzed(file: file, configuration?.applySeverities(to: result) ?? result)
            } catch {
                // A spec that cannot be used is reported by the shard that would have checked it.
                if shardPart(specIndex: index, bits: 0) == .skip { continue }
                outcome = .unusable(file: file, error)
            }
            FileHandleOutput.clearProgressLine()
            Self.write(outcome, as: format, filter: filter)
            outcomes.append(outcome)
        }
        if let shard, outcomes.isEmpty, format == .text {
            // Silence would read as a job that did nothing by mistake.
            let given = "\(Plural.count(specFiles.count, "spec")) given \(specFiles.count == 1 ? "falls" : "fall")"
            print("shard \(shard.index)/\(shard.count): no spec to check here; the \(given) to other shards")
        }
        let swarm = shard.map { ShardRoster.swarmIdentity(command: "check", count: $0.count, specFiles: specFiles) }
        Self.write(outcomes, as: format, filter: filter, shard: shard.map { ($0.index, $0.count) }, swarm: swarm)
        throw Self.exitStatus(filter.verdict(outcomes))
    }

    /// Writes one spec's outcome as soon as it is there, in the formats that go out spec by spec (text, so a long
    /// batch shows progress; a spec that could not be used goes to standard error).
    static func write(_ outcome: SpecOutcome, as format: Format, filter: ReportFilter) {
        guard format == .text else { return }
        let report = CheckTextRenderer(filter: filter, colors: FileHandleOutput.standardOutputIsTerminal).render(outcome)
        // A rendered report: its colors stay (the renderer escapes what came from the input).
        if case .unusable = outcome { FileHandleOutput.standardError(report) } else { print(report) }
    }

    /// Writes the whole batch in the formats that need all of it (one JSON, SARIF or JUnit document).
    /// `shard` and `swarm`: the part of a swarm this job was, and the swarm's id. `mergedShards`: the shards of a
    /// swarm a merge holds, said in the document with those it lacks (standard error says those too).
    static func write(
        _ outcomes: [SpecOutcome], as format: Format, filter: ReportFilter, shard: (index: Int, count: Int)? = nil,
        swarm: String? = nil, mergedShards: ShardRoster.Shards? = nil
    ) {
        switch format {
        case .text: break
        case .json:
            let renderer = CheckJSONRenderer(filter: filter, shard: shard, swarm: swarm, mergedShards: mergedShards)
            print(renderer.render(outcomes), terminator: "")
        case .sarif: print(SARIFRenderer(filter: filter, mergedShards: mergedShards).render(outcomes), terminator: "")
        case .junit: print(CheckJUnitRenderer(filter: filter, mergedShards: mergedShards).render(outcomes), terminator: "")
        }
    }

    static func exitStatus(_ verdict: CheckVerdict) -> ExitCode {
        switch verdict {
        case .passed: ExitStatus.clean
        case .failed: ExitStatus.findings
        case .unusable: ExitStatus.unusableInput
        case .incomplete: ExitStatus.incomplete
        }
    }
}
