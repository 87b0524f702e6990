import SMEngine
public import SMFuzz
import SMReport
public import SMSpec

extension SpecChecks {
    /// Fuzzes `spec` (seeded, so the same on every machine): engine errors, the spec's invariants and `properties`
    /// after every event; with `implementation`, also the first divergence between it and the engine. A failure's
    /// message has the shrunk trace, the seed that finds it and a Swift test that replays it; `implementationName`
    /// (`String(reflecting:)` of its type) lets that test name the implementation.
    public static func fuzz(
        _ spec: Spec, configuration: FuzzConfiguration,
        implementation: (@Sendable () -> any StateMachineImplementation)? = nil,
        implementationName: String? = nil
    ) -> [String] {
        withMachine(spec) { machine in
            let result = Fuzzer(machine: machine, configuration: configuration, implementation: implementation).run()
            guard let failure = result.failure else { return [] }
            return [
                FuzzTextRenderer().render(.fuzzed(file: spec.file ?? spec.name, result, replayFile: nil))
                    + "  a test that fails until this is fixed:\n\n"
                    + SwiftTestSource.fuzz(failure, machine: machine, spec: spec, implementation: implementationName)
            ]
        }
    }

    /// Runs exactly `events` (with the outcomes of their choice points) as the fuzzer runs a trace: engine errors,
    /// the invariants and `properties` after every event and, with `implementation`, its observation against the
    /// spec's. What a test generated from a fuzz failure calls.
    public static func replay(
        _ events: [SentEvent], in spec: Spec, properties: [Property] = [],
        implementation: (@Sendable () -> any StateMachineImplementation)? = nil
    ) -> [String] {
        withMachine(spec) { machine in
            let trace = try events.map { TraceStep(event: try machine.eventInstance($0.name, $0.arguments), choices: $0.choices) }
            let fuzzer = Fuzzer(machine: machine, configuration: FuzzConfiguration(properties: properties), implementation: implementation)
            guard let failure = fuzzer.replay(trace) else { return [] }
            let steps = trace.prefix(failure.step).map { machine.describe($0.event) }
            return ["\(spec.name): after \(steps.isEmpty ? "the start" : steps.joined(separator: ", ")): \(failure.message)"]
        }
    }
}
