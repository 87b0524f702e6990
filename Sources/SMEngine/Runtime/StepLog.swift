import SMSpec

/// Formats steps like a debugger log (TBStateMachine's TBSMDebugger): the event, each transition with what it
/// exited, did and entered, and the configuration after.
package enum StepLog {
    package static func format(_ result: StepResult, machine: Machine) -> String {
        var lines = ["[\(machine.spec.name)] \(result.event.map { "event \($0)" } ?? "start")"]
        lines += format(result.microsteps, machine: machine)
        let status = result.disposition == .unhandled ? "unhandled" : Plural.count(result.microstepCount, "microstep")
        lines.append("[\(machine.spec.name)] \(status) -> \(result.activeStates.joined(separator: ", "))")
        return lines.joined(separator: "\n")
    }

    /// A macrostep of the pure step function as a step result, for formatting.
    package static func result(_ macrostep: Macrostep, machine: Machine) -> StepResult {
        StepResult(
            machine: machine, eventInstance: macrostep.event, disposition: macrostep.handled ? .handled : .unhandled,
            microsteps: macrostep.microsteps, microstepCount: macrostep.microsteps.count,
            configuration: macrostep.state.configuration, variables: macrostep.state.variables)
    }

    /// One block per microstep, indented.
    package static func format(_ microsteps: [Microstep], machine: Machine) -> [String] {
        var lines: [String] = []
        for microstep in microsteps {
            for t in microstep.transitions { lines.append("    " + machine.spec.describe(machine.spec.transitions[t])) }
            for record in microstep.records { lines.append("        " + describe(record, machine: machine)) }
        }
        return lines
    }

    /// `exit 'a/a3'`, `enter 'b'`, `count = 4`, `call flyUp`, `raise e`, `send e`.
    package static func describe(_ record: Microstep.Record, machine: Machine) -> String {
        switch record {
        case .exit(let state): "exit '\(machine.path(of: state))'"
        case .enter(let state): "enter '\(machine.path(of: state))'"
        case .effect(let effect): describe(effect, machine: machine)
        }
    }

    package static func describe(_ effect: Effect, machine: Machine) -> String {
        switch effect {
        case .assign(let variable, let value):
            let declaration = machine.spec.variables[variable]
            return "\(declaration.name) = \(Machine.decode(value, as: declaration.type))"
        case .raise(let event): return "raise \(machine.describe(event))"
        case .send(let event): return "send \(machine.describe(event))"
        case .call(let id): return "call \(machine.spec.callbacks[id])"
        }
    }
}
