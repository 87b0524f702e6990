@_spi(Stepping) import SMEngine
import SMSpec

extension FailureFile {
    /// Checks that each step of `trace` gives the choices it meets, each within its choice point's outcomes: a
    /// replay reads the events and the choices as one stream, so a value too many would be taken for the next
    /// step's event, and one too few would take it. `steps` are the trace's nodes, for the place of an error.
    static func checkChoices(of trace: [TraceStep], steps: [JSONNode], machine: Machine) throws(ReadError) {
        let context = StepContext(machine: machine)
        // A start that fails leaves no step to run; the replay reports it.
        guard (try? context.resetToInitialState()) != nil else { return }
        for (i, step) in trace.enumerated() {
            context.useChoices(step.choices)
            let failed = (try? context.process(step.event)) == nil
            let arities = context.choiceArities
            let place = steps[i]["choices"]?.position ?? steps[i].position
            let pointer: JSONPointer = steps[i]["choices"] == nil ? "/trace" / i : "/trace" / i / "choices"
            let points = "\(arities.count) choice point\(arities.count == 1 ? "" : "s")"
            let given = "\(step.choices.count) choice\(step.choices.count == 1 ? "" : "s")"
            // The step that fails stops at its failure: the choices it met up to there are all it recorded. More
            // than that on the last step, when it fails, are let be, as `smcheck run` does: no step follows to read
            // them as its event, and the failure is what the replay reports.
            let endsTheTrace = failed && i == trace.count - 1
            if step.choices.count < arities.count || (step.choices.count > arities.count && !endsTheTrace) {
                throw ReadError(
                    "step \(i + 1) of the trace gives \(given), but \(machine.describe(step.event)) meets \(points) there (an opaque guard or a oneOf each)",
                    at: place, pointer: pointer)
            }
            for (k, (value, arity)) in zip(step.choices, arities).enumerated() where value < 0 || value >= arity {
                throw ReadError(
                    "choice \(k + 1) of step \(i + 1) is \(value), but its choice point has \(arity) outcomes (0...\(arity - 1))",
                    at: place,
                    pointer: pointer)
            }
            if failed { return }
        }
    }
}
