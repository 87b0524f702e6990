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
            "Be part k of n independent jobs (e.g. 3/8); merge their JSON with 'smcheck merge'. Specs are shared out, each checked in full by one shard, unless their reachable space is too big to explore (every shard looks at up to 2,000,000 configurations, the same in each) or --bitstate is given: those get a bitstate search in every shard, with the shard's own hash functions and search order (--bitstate, default 512M). With --method explore every spec is shared out.",
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

    /// What this job does with a spec of the batch.
    enum ShardPart {
        /// Checks it as a run without `--shard` would.
        case whole
        /// Checks it by exploring every configuration: its declared space is big, but the look found it reaches few.
        case explored
        /// Searches it with this shard's bit array, as every other shard does with its own.
        case swarm
        /// Leaves it to another shard.
        case skip
    }

    /// What this job does with the `index`-th spec of the batch (nil: a spec that cannot be used, reported by the
    /// shard that would have checked it). A spec is shared out, each checked by one shard, unless `--bitstate` asks
    /// for a swarm, or its declared space is beyond what the automatic method explores in full and so is its reachable
    /// one: every shard explores it up to auto's first look (`Analyzer.firstLookConfigurations`, a count and not a
    /// time, so that every shard comes to the same answer without talking to the others) and searches it with its bit
    /// array only when that look stops short. `--method explore` shares every spec out, as it explores every one.
    func shardPart(specIndex index: Int, machine: Machine?, defaults: ExplorationArguments.Defaults) -> ShardPart {
        guard let shard else { return .whole }
        if verification.exploration.bitstate != nil { return .swarm }
        let here = index % shard.count == shard.index - 1
        guard let machine, (verification.method?.value ?? defaults.method) != .exploration,
            StateCodec(machine: machine).bits > Analyzer.explorableBits
        else { return here ? .whole : .skip }
        var look = verification.exploration.options(progress: nil, defaults: defaults)
        look.maximumStates = min(look.maximumStates, Analyzer.firstLookConfigurations)
        guard (try? Explorer(machine: machine, options: look).run())?.isComplete == true else { return .swarm }
        return here ? .explored : .skip
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
                let defaults = configuration?.explorationDefaults ?? .init()
                let part = shardPart(specIndex: index, machine: machine, defaults: defaults)
                if part == .skip { continue }
                var options = verification.options(progress: file, swarm: part == .swarm ? shard : nil, defaults: defaults)
                if part == .explored { options.method = .exploration }
                options.solver = solver.value == .automatic ? configuration?.solver ?? .automatic : solver.value
                options.assumeInvariants = assumeInvariants
                options.reportsIgnoredEvents = ignoredEvents
                let result = Analyzer.analyze(machine, options: options)
                outcome = .analyzed(file: file, configuration?.applySeverities(to: result) ?? result)
            } catch {
                // A spec that cannot be used is reported by the shard that would have checked it.
                if shardPart(specIndex: index, machine: nil, defaults: .init()) == .skip { continue }
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
