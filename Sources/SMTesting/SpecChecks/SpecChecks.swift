public import SMAnalyzer
@_spi(Stepping) import SMEngine
import SMFuzz
import SMReport
public import SMSpec
import Synchronization

/// The checks behind the assertions, free of any test framework: each returns the failures
/// it found as messages (empty when the check passed), written the way `smcheck` prints them so a failing test reads
/// like the command line. A failure found by fuzzing also carries a ready-to-paste Swift test that fails until the
/// bug is fixed.
///
/// Use these directly from another test framework; from XCTest or Swift Testing use `assertNoFindings` and its
/// family, which record one failure per message at the caller's line.
public enum SpecChecks {
    /// One message per finding at or above `severity` whose code is not in `ignoring`: the finding with its place
    /// in the spec, its shortest trace and its witness.
    ///
    /// Runs the same analysis as `smcheck check` (exploration, then the guard solver). An exploration that stops
    /// at a limit is a failure too: findings it did not reach would otherwise pass unnoticed.
    public static func findings(
        in spec: Spec, severity: Severity = .warning, ignoring: Set<FindingCode> = [],
        options: AnalysisOptions = AnalysisOptions()
    ) -> [String] {
        let result: AnalysisResult
        do {
            result = try Analyzer.analyze(spec, options: options)
        } catch {
            return [unusable(spec, error)]
        }
        let file = spec.file ?? spec.name
        let report = CheckTextRenderer()
        var failures = result.findings.filter { $0.severity >= severity && !ignoring.contains($0.code) }.map { finding in
            report.render(finding, file: file, machine: result.machine).joined(separator: "\n")
        }
        if !result.stats.complete {
            failures.append(
                "\(file): incomplete, so passing would claim more than was checked; not checked:\n"
                    + result.stats.undecided.map { "  " + $0.description }.joined(separator: "\n"))
        }
        return failures
    }

    /// Sends `events` (each a name with its arguments, and the outcomes of the choices it meets) to a fresh engine
    /// of `spec` and checks that the spec's invariants hold after the start and after every event, and that every
    /// state in `active` (names or paths) is active at the end. Fails at the first event the engine rejects.
    public static func trace(_ events: [SentEvent], in spec: Spec, endsIn active: [String]) -> [String] {
        let feed = ChoiceFeed()
        let runtime: StateMachine
        do {
            let machine = try Machine(spec)
            runtime = StateMachine(machine: machine, host: feed.hostFunctions(for: machine))
            try runtime.start()
        } catch let error as SpecError {
            return [unusable(spec, error)]
        } catch {
            return ["\(spec.name): the machine does not start: \(error)"]
        }
        var sent: [String] = []
        if let broken = brokenInvariant(runtime) { return ["\(spec.name): at the start: \(broken)"] }
        for event in events {
            sent.append(event.name)
            feed.use(event.choices)
            do {
                try runtime.send(event.name, event.arguments)
            } catch {
                return ["\(spec.name): after \(describe(sent)): \(error.message)"]
            }
            if let broken = brokenInvariant(runtime) { return ["\(spec.name): after \(describe(sent)): \(broken)"] }
        }
        var failures: [String] = []
        for state in active where runtime.machine.state(named: state) == nil {
            failures.append("\(spec.name): no state is named '\(state)'" + suggestion(for: state, in: runtime.machine))
        }
        let missing = active.filter { runtime.machine.state(named: $0) != nil && !runtime.isActive($0) }
        if !missing.isEmpty {
            failures.append(
                "\(spec.name): after \(describe(sent)): expected \(missing.map { "'\($0)'" }.joined(separator: ", ")) "
                    + "to be active; active: \(runtime.activeStates.joined(separator: ", "))")
        }
        return failures
    }

    /// The first invariant that does not hold in the runtime's state, described; nil when all hold.
    private static func brokenInvariant(_ runtime: StateMachine) -> String? {
        let state = runtime.state
        let machine = runtime.machine
        for invariant in machine.spec.invariants {
            let value = try? invariant.expression.evaluate(
                variable: { state.variables[$0] }, parameter: { _ in 0 },
                isActive: { state.configuration.contains($0) })
            if value != 1 {
                // One that cannot be evaluated does not hold, and says why, as SM006 does.
                return "invariant '\(invariant.name)' (\(invariant.source.text)) is violated in "
                    + machine.activeLeafList(state.configuration)
                    + StepContext.evaluationNote(ofInvariant: invariant.index, in: state, machine: machine)
            }
        }
        return nil
    }

    /// `body`'s messages for the compiled spec, or the one saying why the spec cannot be used.
    static func withMachine(_ spec: Spec, _ body: (Machine) throws -> [String]) -> [String] {
        do {
            return try body(try Machine(spec))
        } catch let error as SpecError {
            return [unusable(spec, error)]
        } catch {
            return ["\(spec.name): \(error)"]
        }
    }

    static func unusable(_ spec: Spec, _ error: SpecError) -> String {
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

/// The outcomes of an event's choice points, handed to the runtime's host functions in the order the engine asks:
/// the same order smcheck's traces record them in.
private final class ChoiceFeed: Sendable {
    private let pending = Mutex<[Int]>([])

    func use(_ choices: [Int]) { pending.withLock { $0 = choices } }

    private func next() -> Int { pending.withLock { $0.isEmpty ? 0 : $0.removeFirst() } }

    func hostFunctions(for machine: Machine) -> HostFunctions {
        var host = HostFunctions().resolving { [self] _ in next() }
        for name in machine.spec.opaqueGuards { host = host.guarding(name) { [self] _ in next() == 1 } }
        return host
    }
}
