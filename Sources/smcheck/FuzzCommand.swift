import ArgumentParser
import Foundation
import SMEngine
import SMFuzz
import SMReport
import SMSCXML
import SMSpec

struct FuzzCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fuzz",
        abstract: "Send seeded random event sequences to specs and shrink any failure to a minimal trace.",
        discussion: """
            Each run starts the spec and sends declared events with parameter values from their domains, favoring \
            events the current states handle and transitions not taken yet; opaque guards and oneOf targets are \
            drawn too. Guided (the default), most runs replay a run that reached something new, mutated, and go on \
            from its end. A run fails on an engine error (a loop, a range violation, an incomplete choice, a queue \
            overflow) or a violated invariant. The first failure is shrunk to a trace from which no event can be \
            removed and no value lowered (or the exploration's shortest trace to it, when shorter), saved to the \
            failures directory (as the spec's file name; two specs of one name get their folders' names too), and `smcheck replay FILE` runs it again; --emit-swift-test also writes it as a Swift \
            test beside it.

            Coverage counts what can happen: states and transitions a finished exploration reaches, guard outcomes \
            not proven impossible where the guard is evaluated.

            The same seed gives the same runs on every machine; without --seed a random one is used and printed.
            Ctrl-C stops the campaign after the run in progress and reports the runs made (Ctrl-C again quits at once).
            Exit status: 0 when every run passes, 1 on a failure, 2 when a spec could not be used, 3 when interrupted \
            before the runs were done without a failure.
            """)

    enum Format: String, CommandFormat {
        case text, json
    }

    @Argument(help: "Spec files (JSON or SCXML).", completion: .file(extensions: ["json", "scxml"]))
    var files: [String]

    @Option(
        parsing: .unconditional, help: "Runs per spec (default: 100; with --time, as many as fit in it).",
        transform: PositiveInteger.parse("--runs"))
    var runs: Int?

    @Option(
        parsing: .unconditional, help: "Events per run.",
        transform: PositiveInteger.parse("--length", maximum: FuzzConfiguration.maximumLength))
    var length = 100

    @Option(
        parsing: .unconditional, help: "The seed (an unsigned 64-bit integer); runs are derived from it.", transform: SeedArgument.parse)
    var seed: UInt64?

    @Option(
        parsing: .unconditional,
        help:
            "Stop starting new runs on a spec after this long (each spec gets it; shrinking a failure gets as long again), e.g. 30s, 500ms or 2m.",
        transform: DurationArgument.parse)
    var time: Duration?

    /// The runs to make: those asked for, else 100, else (with only a time limit) as many as the time allows.
    private var runLimit: Int { runs ?? (time == nil ? 100 : Int.max) }

    @Flag(inversion: .prefixedNo, help: "Mutate runs that reached something new instead of generating every run from scratch.")
    var guided = FuzzConfiguration().guided

    @Option(help: "Output format: \(Format.names).")
    var format: Format = .text

    @Option(help: "Also write a JUnit XML report to this file.", completion: .file(extensions: ["xml"]))
    var junit: String?

    @Option(name: .customLong("failures-directory"), help: "Where to save failures for `smcheck replay`.")
    var failuresDirectory = "smcheck-failures"

    @Flag(name: .customLong("emit-swift-test"), help: "Also write each failure as a Swift Testing test, NAME.swift beside NAME.json.")
    var emitsSwiftTest = false

    @Option(
        name: .customLong("max-states"), parsing: .unconditional,
        help: "Explore at most this many configurations first, for the coverage reference and shortest traces (0: do not explore).",
        transform: PositiveInteger.parse("--max-states", minimum: 0))
    var maxStates = FuzzConfiguration().explorationLimit

    @Option(
        help: ArgumentHelp(
            "Be part k of n independent jobs (e.g. 3/8): each shard fuzzes with its own seed, derived from --seed (default 0, so the shards are reproducible); merge their JSON with 'smcheck merge'.",
            valueName: "k/n"),
        transform: Shard.parse)
    var shard: Shard?

    func validate() throws {
        // Found before the campaign, whose report would be lost after it.
        if let junit {
            if let problem = WriteProblem.beforeWriting(junit) {
                throw ValidationError("--junit: " + (junit.isEmpty ? problem : "cannot write \(junit): \(problem)"))
            }
            if let problem = WriteProblem.overwritesInput(junit, inputs: files) { throw ValidationError("--junit: \(problem)") }
        }
        // A failure saved as NAME.json (and NAME.swift) in the failures directory must not replace a spec given.
        for name in DistinctFileNames.of(files) {
            for ext in emitsSwiftTest ? ["json", "swift"] : ["json"] {
                let path = (failuresDirectory as NSString).appendingPathComponent(name + "." + ext)
                if let spec = WriteProblem.input(replacedBy: path, among: files) {
                    throw ValidationError(
                        "--failures-directory: a failure would be saved as \(path), over the spec \(spec); save failures in another directory (the default is smcheck-failures)"
                    )
                }
            }
        }
    }

    func run() throws {
        Interruption.shared.install()
        let swarmSeed = seed ?? (shard == nil ? UInt64.random(in: 0...UInt64.max) : 0)
        var campaignSeed = swarmSeed
        if let shard { campaignSeed = SplitMix64.seed(ofRun: shard.index, campaign: swarmSeed) }
        var outcomes: [FuzzOutcome] = []
        for (file, name) in zip(files, DistinctFileNames.of(files)) {
            let outcome = fuzz(file, seed: campaignSeed, savingAs: name)
            if format == .text {
                FileHandleOutput.clearProgressLine()
                let report = FuzzTextRenderer(colors: FileHandleOutput.standardOutputIsTerminal).render(outcome)
                // A rendered report: its colors stay (the renderer escapes what came from the input).
                if case .unusable = outcome { FileHandleOutput.standardError(report) } else { print(report) }
            }
            outcomes.append(outcome)
            // The specs after an interrupted one are not fuzzed.
            if Interruption.shared.requested { break }
        }
        // Named, so that a report of fewer specs than were given does not read as all of them.
        let notFuzzed = Array(files.dropFirst(outcomes.count))
        if format == .text, !notFuzzed.isEmpty {
            print("not fuzzed (interrupted before their turn): " + notFuzzed.joined(separator: ", "))
        }
        if format == .json {
            let swarm = shard.map { ShardRoster.swarmIdentity(command: "fuzz", count: $0.count, specFiles: files, seed: swarmSeed) }
            var renderer = FuzzJSONRenderer(shard: shard.map { ($0.index, $0.count) }, swarm: swarm)
            renderer.notFuzzed = notFuzzed
            print(renderer.render(outcomes), terminator: "")
        }
        if let junit {
            do {
                var renderer = FuzzJUnitRenderer()
                renderer.notFuzzed = notFuzzed
                try OutputFile.write(renderer.render(outcomes), to: junit)
            } catch {
                printError("error: cannot write the JUnit report to \(junit): \(WriteProblem.describe(error, writing: junit))")
                throw ExitStatus.unusableInput
            }
        }
        if outcomes.contains(where: { if case .unusable = $0 { true } else { false } }) { throw ExitStatus.unusableInput }
        if outcomes.contains(where: \.failed) { throw ExitStatus.findings }
        throw Interruption.shared.requested ? ExitStatus.incomplete : ExitStatus.clean
    }

    /// Fuzzes one spec; a failure is saved in the failures directory as `name` (`DistinctFileNames`).
    private func fuzz(_ file: String, seed: UInt64, savingAs name: String) -> FuzzOutcome {
        let spec: Spec
        let machine: Machine
        do {
            spec = try SpecFile.load(path: file)
            machine = try Machine(spec)
        } catch {
            return .unusable(file: file, error)
        }
        var configuration = FuzzConfiguration(runs: runLimit, length: length, seed: seed, guided: guided)
        configuration.timeLimit = time
        configuration.isCancelled = { Interruption.shared.requested }
        configuration.explorationLimit = maxStates
        let showsProgress = format == .text && FileHandleOutput.standardErrorIsTerminal
        let result = Fuzzer(machine: machine, configuration: configuration).run(
            progress: showsProgress
                ? { progress in
                    FileHandleOutput.standardError(
                        "\r  fuzzing \(file): run \(progress.runs)\(runLimit == Int.max ? "" : "/\(runLimit)"), \(progress.events) events, \(Int(progress.seconds)) s   "
                    )
                } : nil)
        guard let failure = result.failure else { return .fuzzed(file: file, result, replayFile: nil) }
        let saved = FailureFile(
            specName: machine.spec.name, specFile: file, specHash: FailureFile.hash(ofFile: file) ?? "",
            seed: seed, failure: failure)
        let path = (failuresDirectory as NSString).appendingPathComponent(name + ".json")
        do {
            try saved.write(to: URL(fileURLWithPath: path), machine: machine)
        } catch {
            printError("warning: cannot save the failure to \(path): \(WriteProblem.describe(error, writing: path))")
            return .fuzzed(file: file, result, replayFile: nil)
        }
        guard emitsSwiftTest else { return .fuzzed(file: file, result, replayFile: path) }
        let testPath = (failuresDirectory as NSString).appendingPathComponent(name + ".swift")
        do {
            try OutputFile.write(SwiftTestSource.fuzz(failure, machine: machine, spec: spec, seed: seed), to: testPath)
            return .fuzzed(file: file, result, replayFile: path, swiftTestFile: testPath)
        } catch {
            printError("warning: cannot write the Swift test to \(testPath): \(WriteProblem.describe(error, writing: testPath))")
            return .fuzzed(file: file, result, replayFile: path)
        }
    }
}

/// `30s`, `500ms`, `2m`, `1h`, or a plain number of seconds.
enum DurationArgument {
    static func parse(_ text: String) throws -> Duration {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = text
        var scale = 1.0
        for (suffix, factor) in units where text.hasSuffix(suffix) {
            number = String(text.dropLast(suffix.count))
            scale = factor
            break
        }
        // A decimal number: Double also reads hexadecimal (0x10), "nan" and "infinity".
        let isDecimal = number.allSatisfy { $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }
        guard isDecimal, let value = Double(number), value.isFinite else {
            throw ValidationError("'\(text)' is not a duration; write a number of seconds, or one with ms, s, m or h, like 500ms or 2m")
        }
        guard value >= 0 else { throw ValidationError("'\(text)' is negative; give a positive duration, like 30s") }
        guard value > 0 else { throw ValidationError("'\(text)' is no time at all; give a positive duration, like 30s") }
        // A year: longer than any run should wait, and far from where milliseconds overflow.
        guard value * scale <= 366 * 86_400 else { throw ValidationError("'\(text)' is too long; the most is a year (8784h)") }
        return .milliseconds(Int64((value * scale * 1000).rounded()))
    }
}
