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

    @Option(help: ArgumentHelp("Search depth first with a bit array of this size instead of storing configurations (SPIN's supertrace), e.g. 2G: for state spaces beyond memory. The result is always partial and says its expected coverage.",
                               valueName: "size"),
            transform: ByteCount.parse)
    var bitstate: Int?

    @Option(help: ArgumentHelp("Be part k of n independent jobs (e.g. 3/8); merge their JSON with 'smcheck merge'. Specs small enough to explore are shared out, each checked in full by one shard; bigger ones (or all, with --bitstate) get a bitstate search in every shard, with the shard's own hash functions and search order (--bitstate, default 512M).",
                               valueName: "k/n"),
            transform: Shard.parse)
    var shard: Shard?

    /// The default bit array of a shard without `--bitstate`.
    static let shardBitstate = 512 << 20

    mutating func validate() throws {
        if bitstate != nil || shard != nil, method.value == .symbolic {
            throw ValidationError("--bitstate and --shard search configurations explicitly; they cannot be combined with --method symbolic")
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
    /// makes it this shard's bitstate search.
    func options(progress file: String?, swarm: Bool = false) -> AnalysisOptions {
        var options = AnalysisOptions()
        options.method = method.value
        options.timeLimit = timeout
        options.maximumDepth = maxDepth
        options.isCancelled = { Interruption.shared.requested }
        options.exploration.isCancelled = { Interruption.shared.requested }
        options.exploration.maximumStates = maxStates
        options.exploration.maximumMemory = maxMemory
        options.exploration.threads = max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount)
        if bitstate != nil || swarm {
            options.method = .exploration
            options.exploration.bitstateBytes = bitstate ?? Self.shardBitstate
            options.exploration.searchSeed = shard?.searchSeed ?? 0
        }
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

enum ByteCount {
    static func parse(_ text: String) throws -> Int {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = text.uppercased()
        if digits.hasSuffix("B") { digits.removeLast() }
        var multiplier = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits.removeLast()
        }
        guard let value = Double(digits), value > 0 else {
            throw ValidationError("'\(text)' is not a size; write a number with an optional K, M or G, like 512M")
        }
        return Int(value * Double(multiplier))
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, sarif, junit
    }

    @Argument(help: "Spec files (JSON or SCXML), or directories to search for specs.", completion: .file(extensions: ["json", "scxml"]))
    var files: [String]

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .text

    @Option(help: "Leave out findings below this severity: info, warning or error.")
    var severity: SeverityArgument = .info

    @Flag(name: .customLong("allow-incomplete"), help: "Exit with 0, not 3, when some checks were not decided and nothing at error level was found.")
    var allowIncomplete = false

    @OptionGroup var exploration: ExplorationArguments

    @Option(help: "How to prove guard properties over the declared domains: z3 (default when built with Z3), enumerate or off.")
    var solver: SolverArgument = .automatic

    @Flag(name: .customLong("assume-invariants"), help: "Let the solver assume the invariants for transitions on external events.")
    var assumeInvariants = false

    @Flag(name: .customLong("ignored-events"), help: "Also report (info) events a state handles only under guards that can all be false.")
    var ignoredEvents = false

    func run() throws {
        Interruption.shared.install()
        let filter = ReportFilter(minimumSeverity: severity.value, allowsIncomplete: allowIncomplete)
        var outcomes: [SpecOutcome] = []
        for (index, file) in try SpecInputs.files(files).enumerated() {
            let outcome: SpecOutcome
            do {
                let machine = try Machine(try SpecFile.load(path: file))
                let part = exploration.shardPart(specIndex: index, bits: StateCodec(machine: machine).bits)
                if part == .skip { continue }
                var options = exploration.options(progress: file, swarm: part == .swarm)
                options.solver = solver.value
                options.assumeInvariants = assumeInvariants
                options.reportsIgnoredEvents = ignoredEvents
                outcome = .analyzed(file: file, Analyzer.analyze(machine, options: options))
            } catch {
                // A spec that cannot be used is reported by the shard that would have checked it.
                if exploration.shardPart(specIndex: index, bits: 0) == .skip { continue }
                outcome = .unusable(file: file, error)
            }
            FileHandleOutput.clearProgressLine()
            if format == .text {
                // Text goes out spec by spec, so a long batch shows progress.
                let report = TextReport(filter: filter, colors: FileHandleOutput.standardOutputIsTerminal).render(outcome)
                if case .unusable = outcome { printError(report, terminator: "") } else { print(report) }
            }
            outcomes.append(outcome)
        }
        switch format {
        case .text: break
        case .json: print(JSONReport.text(outcomes, filter: filter), terminator: "")
        case .sarif: print(SARIFReport.text(outcomes, filter: filter), terminator: "")
        case .junit: print(CheckJUnitReport.text(outcomes, filter: filter), terminator: "")
        }
        throw Self.exitStatus(filter.verdict(outcomes))
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

struct SolverArgument: ExpressibleByArgument {
    let value: AnalysisOptions.SolverChoice
    static let automatic = SolverArgument(value: .automatic)

    init(value: AnalysisOptions.SolverChoice) { self.value = value }

    init?(argument: String) {
        guard let choice = AnalysisOptions.SolverChoice(rawValue: argument), choice != .automatic else { return nil }
        value = choice
    }

    static var allValueStrings: [String] { ["z3", "enumerate", "off"] }
    var defaultValueDescription: String { Z3Library.isAvailable ? "z3" : "enumerate" }
}

struct MethodArgument: ExpressibleByArgument {
    let value: VerificationMethod
    static let automatic = MethodArgument(value: .automatic)

    init(value: VerificationMethod) { self.value = value }

    init?(argument: String) {
        guard let method = VerificationMethod(rawValue: argument) else { return nil }
        value = method
    }

    static var allValueStrings: [String] { VerificationMethod.allCases.map(\.rawValue) }
    var defaultValueDescription: String { value.rawValue }
}

struct SeverityArgument: ExpressibleByArgument {
    let value: Severity
    static let info = SeverityArgument(value: .info)

    init(value: Severity) { self.value = value }

    init?(argument: String) {
        guard let severity = Severity(rawValue: argument) else { return nil }
        value = severity
    }

    static var allValueStrings: [String] { Severity.allCases.map(\.rawValue) }
    var defaultValueDescription: String { value.rawValue }
}

