@_spi(Stepping) import SMEngine

extension Finding {
    /// Why the finding's trace, replayed on `machine`, does not show what the finding says; nil when it does, or
    /// when it has no trace. For results read back from files (`smcheck merge`), where a trace may have been edited
    /// or may come from another version of the spec:
    ///
    /// - a failure (SM002, SM008, SM009, SM011) must happen on the trace's last event (at the start when the trace is
    ///   empty), with the engine error of its code, and not before;
    /// - an invariant (SM006) must be broken where the trace ends, or on the way through its last macrostep (before
    ///   the machine is done with the events it sent itself);
    /// - two guards enabled at once (SM004) must be enabled at once on the last event (at the start: empty trace);
    /// - a deadlock (SM007) must be in the states it names once the trace has run;
    /// - any other trace must run without an engine error.
    package func traceProblem(on machine: Machine) -> String? {
        guard let trace else { return nil }
        let context = StepContext(machine: machine)
        var step = 0
        /// Runs the start (step 0) or the trace's event `step - 1` on the context.
        func run() throws(EngineError) {
            if step == 0 {
                _ = try context.resetToInitialState()
            } else {
                context.choices = ChoiceSequence(trace[step - 1].choices)
                _ = try context.process(trace[step - 1].event)
            }
        }
        func place(_ step: Int) -> String { step == 0 ? "at the start" : "on event \(step) of \(trace.count)" }
        // The start and every event but the last, which the finding is about.
        do {
            while step < trace.count {
                try run()
                step += 1
            }
        } catch {
            return "replayed, the trace fails \(place(step)), before its end (\(error.message))"
        }
        context.recorder = CoverageRecorder(
            machine: machine, checksOverlaps: code == .nondeterministicGuards, checksInvariants: code == .invariantViolated)
        let failure: EngineError?
        do {
            try run()
            failure = nil
        } catch {
            failure = error
        }
        switch code {
        case .infiniteLoop, .incompleteChoice, .rangeViolation, .queueOverflow:
            guard let failure else { return "replayed, the trace runs to its end without the \(code.rawValue) failure" }
            guard failure.kind.findingCode == code else { return "replayed, the trace fails \(place(step)) otherwise: \(failure.message)" }
        case .invariantViolated:
            let brokenAtTheEnd = machine.spec.invariants.indices.contains { !context.invariantHolds($0) }
            guard brokenAtTheEnd || !context.recordedViolations.isEmpty else {
                return "replayed, the trace breaks no invariant"
            }
        case .nondeterministicGuards:
            guard context.recorder?.overlaps.contains(where: { [$0.first, $0.second] == transitions }) == true else {
                return "replayed, the trace does not enable the two transitions at once \(place(step))"
            }
        case .deadlock:
            if let failure { return "replayed, the trace fails \(place(step)): \(failure.message)" }
            let leaves = machine.activeLeafPaths(context.currentConfiguration)
            guard leaves == states else {
                return "replayed, the trace ends in \(Machine.list(leaves)), not in \(Machine.list(states))"
            }
        default:
            if let failure { return "replayed, the trace fails \(place(step)): \(failure.message)" }
        }
        return nil
    }
}
