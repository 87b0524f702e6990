public import SMAnalyzer
import SMEngine
public import SMFuzz
import SMReport
public import SMSpec

/// The checks behind the XCTest and Swift Testing assertions, free of either framework: each returns the failures
/// it found as messages (empty when the check passed), written the way `smcheck` prints them so a failing test reads
/// like the command line.
///
/// Use these directly from another test framework; from XCTest or Swift Testing use `XCTAssertNoFindings` and
/// friends or `expectNoFindings` and friends, which record one failure per message at the caller's line.
public enum SpecChecks {
    /// One message per finding at or above `severity` whose code is not in `ignoring`: the finding with its place
    /// in the spec, its shortest trace and its witness.
    ///
    /// Runs the same analysis as `smcheck check` (exploration, then the guard solver). An exploration that stops
    /// at a limit is a failure too: findings it did not reach would otherwise pass unnoticed.
    public static func findings(in spec: Spec, severity: Severity = .warning, ignoring: Set<FindingCode> = [],
                                options: AnalysisOptions = AnalysisOptions()) -> [String] {
        let result: AnalysisResult
        do {
            result = try Analyzer.analyze(spec, options: options)
        } catch {
            return [unusable(spec, error)]
        }
        let file = spec.file ?? spec.name
        let report = TextReport()
        var failures = result.findings.filter { $0.severity >= severity && !ignoring.contains($0.code) }.map { finding in
            report.render(finding, file: file, machine: result.machine).joined(separator: "\n")
        }
        if !result.stats.complete {
            failures.append("\(file): incomplete, so passing would claim more than was checked; not checked:\n"
                + result.stats.undecided.map { "  " + $0.description }.joined(separator: "\n"))
        }
        return failures
    }

    /// Sends `events` (each a name with its arguments) to a fresh engine of `spec` and checks that every state in
    /// `active` (names or paths) is active at the end. Fails at the first event the engine rejects.
    public static func trace(_ events: [SentEvent], in spec: Spec,
                             endsIn active: [String]) -> [String] {
        let runtime: StateMachine
        do {
            runtime = try StateMachine(spec)
            try runtime.start()
        } catch let error as SpecError {
            return [unusable(spec, error)]
        } catch {
            return ["\(spec.name): the machine does not start: \(error)"]
        }
        var sent: [String] = []
        for event in events {
            sent.append(event.name)
            do {
                try runtime.send(event.name, event.arguments)
            } catch {
                return ["\(spec.name): after \(describe(sent)): \(error.message)"]
            }
        }
        var failures: [String] = []
        for state in active where runtime.machine.state(named: state) == nil {
            failures.append("\(spec.name): no state is named '\(state)'" + suggestion(for: state, in: runtime.machine))
        }
        let missing = active.filter { runtime.machine.state(named: $0) != nil && !runtime.isActive($0) }
        if !missing.isEmpty {
            failures.append("\(spec.name): after \(describe(sent)): expected \(missing.map { "'\($0)'" }.joined(separator: ", ")) "
                + "to be active; active: \(runtime.activeStates.joined(separator: ", "))")
        }
        return failures
    }

    /// Fuzzes `spec` (seeded, so the same on every machine): engine errors, the spec's invariants and `properties`
    /// after every event; with `implementation`, also the first divergence between it and the engine. A failure's
    /// message has the shrunk trace and the seed that finds it.
    public static func fuzz(_ spec: Spec, configuration: FuzzConfiguration,
                            implementation: (@Sendable () -> any StateMachineImplementation)? = nil) -> [String] {
        let machine: Machine
        do {
            machine = try Machine(spec)
        } catch {
            return [unusable(spec, error)]
        }
        let result = Fuzzer(machine: machine, configuration: configuration, implementation: implementation).run()
        guard result.failure != nil else { return [] }
        return [FuzzTextReport().render(.fuzzed(file: spec.file ?? spec.name, result, replayFile: nil))]
    }

    private static func unusable(_ spec: Spec, _ error: SpecError) -> String {
        "\(spec.file ?? spec.name) cannot be used:\n" + error.diagnostics.map(\.description).joined(separator: "\n")
    }

    private static func describe(_ sent: [String]) -> String {
        sent.isEmpty ? "the start" : sent.joined(separator: ", ")
    }

    private static func suggestion(for name: String, in machine: Machine) -> String {
        let names = machine.spec.states.dropFirst().flatMap { [$0.name, $0.path] }
        guard let closest = Suggestions.closest(to: name, in: names) else { return "" }
        return "; did you mean '\(closest)'?"
    }
}
