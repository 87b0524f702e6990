import ArgumentParser
import Foundation
import SMAnalyzer
import SMReport
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

    /// The analysis options; `progress` names the spec in the progress lines written to standard error.
    func options(progress file: String?) -> AnalysisOptions {
        var options = AnalysisOptions()
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

    @Argument(help: "Spec files, or directories to search for specs.", completion: .file(extensions: ["json", "scxml"]))
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
        let filter = ReportFilter(minimumSeverity: severity.value, allowsIncomplete: allowIncomplete)
        var outcomes: [SpecOutcome] = []
        for file in try SpecInputs.files(files) {
            let outcome: SpecOutcome
            do {
                let spec = try Spec.load(path: file)
                var options = exploration.options(progress: file)
                options.solver = solver.value
                options.assumeInvariants = assumeInvariants
                options.reportsIgnoredEvents = ignoredEvents
                let result = try Analyzer.analyze(spec, options: options)
                outcome = .analyzed(file: file, result)
            } catch {
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

