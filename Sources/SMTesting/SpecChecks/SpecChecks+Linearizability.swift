import SMEngine
public import SMFuzz
import SMReport
public import SMSpec

extension SpecChecks {
    /// Checks that the implementation `make` creates is linearizable with respect to `spec`: seeded scenarios (a
    /// sequential prefix, then several threads sending at once) on one instance, every run explained by an order of
    /// the spec's steps that respects real time. A failure's message has the shrunk scenario, what each event
    /// returned and when, how far the spec gets, and a Swift test that replays the scenario.
    public static func linearizability(
        _ spec: Spec, configuration: LinearizabilityConfiguration,
        make: @escaping @Sendable () throws -> any ConcurrentImplementation,
        implementationName: String
    ) -> [String] {
        withMachine(spec) { machine in
            let result = LinearizabilityTester(machine: machine, configuration: configuration, make: make).run()
            return messages(result, machine: machine, spec: spec, implementationName: implementationName, withTest: true)
        }
    }

    /// Runs one scenario `executions` times: `prefix` from one thread, then each list of `threads` on a thread of
    /// its own, all at once. What a test generated from a linearizability failure calls.
    public static func linearizability(
        _ spec: Spec, replaying prefix: [SentEvent], then threads: [[SentEvent]], executions: Int,
        make: @escaping @Sendable () throws -> any ConcurrentImplementation,
        implementationName: String
    ) -> [String] {
        withMachine(spec) { machine in
            func instances(_ events: [SentEvent]) throws -> [EventInstance] {
                try events.map { try machine.eventInstance($0.name, $0.arguments) }
            }
            let scenario = ConcurrentScenario(prefix: try instances(prefix), threads: try threads.map(instances))
            let result = LinearizabilityTester(machine: machine, make: make).replay(scenario, executions: executions)
            return messages(result, machine: machine, spec: spec, implementationName: implementationName, withTest: false)
        }
    }

    private static func messages(
        _ result: LinearizabilityResult, machine: Machine, spec: Spec, implementationName: String,
        withTest: Bool
    ) -> [String] {
        if let error = result.error { return ["\(spec.name): \(error)"] }
        guard let failure = result.failure else { return [] }
        var message = LinearizabilityTextRenderer(machine: machine, name: spec.name).render(failure)
        if withTest {
            message +=
                "\n  a test that fails until this is fixed:\n\n"
                + SwiftTestSource.linearizability(failure, machine: machine, spec: spec, implementation: implementationName)
        }
        return [message]
    }
}
