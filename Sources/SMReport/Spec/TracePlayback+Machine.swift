public import SMEngine
import SMSpec

extension TracePlayback {
    /// Runs `trace` on the machine from its start with the engine, as `smcheck run` would, and records after the
    /// start and after each event the active states, the transitions taken, the variables and the invariants that
    /// no longer hold. A step that fails (an engine error) is recorded with the error and ends the playback; the
    /// machine stays where it was before it, as the engine leaves it.
    public init(title: String, trace: [TraceStep], machine: Machine) {
        var steps: [Step] = []
        var state: MachineState
        do {
            let start = try machine.initialState(recordingMicrosteps: true)
            steps.append(Self.step("start", start.state, microsteps: start.microsteps, machine: machine))
            state = start.state
        } catch {
            self.init(
                title: title,
                steps: [
                    Step(
                        label: "start", activeStates: [], leaves: [], transitions: [], variables: [],
                        problems: [error.message])
                ])
            return
        }
        for (number, (traceStep, text)) in zip(trace, TextStyle.steps(trace, machine: machine)).enumerated() {
            let label = "\(number + 1). \(text)"
            do {
                let result = try machine.step(state, traceStep.event, choices: ChoiceSequence(traceStep.choices), recordingMicrosteps: true)
                var recorded = Self.step(label, result.state, microsteps: result.microsteps, machine: machine)
                if !result.handled { recorded.problems.insert("no transition handled the event; it was dropped", at: 0) }
                steps.append(recorded)
                state = result.state
            } catch {
                var failed = Self.step(label, state, microsteps: [], machine: machine)
                failed.problems.insert(error.message, at: 0)
                steps.append(failed)
                break
            }
        }
        self.init(title: title, steps: steps)
    }

    private static func step(_ label: String, _ state: MachineState, microsteps: [Microstep], machine: Machine) -> Step {
        let spec = machine.spec
        let active = state.configuration.filter { $0 != 0 }
        var transitions: [String] = []
        for microstep in microsteps {
            let entered = Set(microstep.entered)
            for transition in microstep.transitions {
                let targets = spec.transitions[transition].targets
                // The branches whose target the microstep entered (a `oneOf` enters one); all when none was entered.
                let taken = targets.indices.filter { entered.contains(targets[$0]) }
                for branch in taken.isEmpty ? Array(targets.indices) : taken {
                    transitions.append(StateDiagram.elementID(ofTransition: transition, branch: branch))
                }
            }
        }
        let violated = spec.invariants.filter { invariant in
            let value = try? invariant.expression.evaluate(
                variable: { state.variables[$0] }, parameter: { _ in 0 },
                isActive: { state.configuration.contains($0) })
            // One that cannot be evaluated (a division by zero) does not hold, as the engine checks it.
            return value != 1
        }
        return Step(
            label: label,
            activeStates: active.map { StateDiagram.elementID(ofState: spec.states[$0].path) },
            leaves: machine.activeLeafPaths(state.configuration),
            transitions: transitions,
            variables: machine.variableValues(state.variables).map { Variable(name: $0.name, value: "\($0.value)") },
            problems: violated.map { "invariant '\($0.name)' (\($0.source.text)) is violated" })
    }
}
