public import SMEngine
public import SMFuzz

/// A linearizability failure for people: the shrunk scenario, what each event returned and when (so the overlap
/// shows), and how far an order of the spec gets before nothing explains what came next.
public struct LinearizabilityTextRenderer: ReportRenderer {
    public let machine: Machine
    /// The spec's name, which starts the first line.
    public let name: String

    public init(machine: Machine, name: String) {
        self.machine = machine
        self.name = name
    }

    public func render(_ failure: LinearizabilityFailure) -> String {
        let history = failure.history
        let scenario = failure.scenario
        var lines = ["\(name): not linearizable: no order of the events explains what the implementation returned"]
        if failure.original == scenario && failure.shrinkExecutions == 0 {
            lines.append("  found by run \(failure.execution) of the scenario")
        } else {
            lines.append(
                "  found by run \(failure.execution) of scenario \(failure.scenarioIndex + 1); shrunk from \(Self.describe(failure.original)) "
                    + "to \(Self.describe(scenario)) in \(TextStyle.plural(failure.shrinkExecutions, "run"))")
        }
        lines.append("  sent: " + Self.sent(scenario, machine: machine))
        lines.append("  what happened (call-return on a clock the threads share):")
        let width = String(history.operations.map(\.returned).max() ?? 0).count * 2 + 1
        for operation in history.operations.sorted(by: { $0.invoked < $1.invoked }) {
            let when = "\(operation.invoked)-\(operation.returned)"
            lines.append(
                "    " + when.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + "\(ConcurrentOperation.describe(operation, machine: machine)) → \(operation.outcome)")
        }
        lines.append("    " + "end".padding(toLength: width, withPad: " ", startingAt: 0) + "  \(history.final)")
        let explained = failure.explained.map { ConcurrentOperation.describe(history.operations[$0], machine: machine) }
        lines.append("  the spec explains at most " + (explained.isEmpty ? "nothing" : explained.joined(separator: ", ")) + "; then:")
        lines += failure.stuck.map { "    " + $0 }
        return lines.joined(separator: "\n")
    }

    /// `fire, then at once: thread 1: tick | thread 2: tick`.
    public static func sent(_ scenario: ConcurrentScenario, machine: Machine) -> String {
        let threads = scenario.threads.enumerated().map {
            "thread \($0.offset + 1): " + $0.element.map(machine.describe).joined(separator: ", ")
        }.joined(separator: " | ")
        return scenario.prefix.isEmpty
            ? "at once: " + threads : scenario.prefix.map(machine.describe).joined(separator: ", ") + ", then at once: " + threads
    }

    private static func describe(_ scenario: ConcurrentScenario) -> String {
        "\(TextStyle.plural(scenario.threads.count, "thread")) and \(TextStyle.plural(scenario.eventCount, "event"))"
    }
}
