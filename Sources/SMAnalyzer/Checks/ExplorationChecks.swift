import SMEngine
import SMSpec

/// Findings from the exploration: unreachable states (SM001), loops (SM002), overlapping guards (SM004), dead
/// transitions (SM005), invariant violations (SM006), deadlocks (SM007), incomplete choices (SM008), range
/// violations (SM009), unmet reachability expectations (SM010), queue overflows (SM011), events received nowhere
/// (SM012), history never used (SM014).
///
/// Findings about something that never happens are only reported from a complete exploration.
struct ExplorationChecks {
    let exploration: Exploration
    /// What the structure checks already reported, so the same fact is not reported twice.
    let structural: [Finding]
    var machine: Machine { exploration.machine }
    var spec: ResolvedSpec { machine.spec }
    var coverage: CoverageRecorder { exploration.coverage }
    var findings: RunFindings { RunFindings(machine: machine, method: .exploration) }

    func run() -> [Finding] {
        var result = errors() + invariantViolations() + overlaps() + deadlocks()
        if exploration.isComplete {
            result += unreachableStates() + deadTransitions() + unmetExpectations() + eventsReceivedNowhere() + unusedHistory()
        }
        return result
    }

    /// The trace to a witness and where it shows.
    func evidence(_ witness: Witness) -> RunEvidence {
        RunEvidence(
            trace: exploration.trace(to: witness), state: exploration.state(witness.state),
            step: witness.instance.map { TraceStep(event: exploration.eventInstances[$0], choices: witness.choices) })
    }

    /// States the exploration entered, even transiently, and the root, which is active from the start though
    /// nothing enters it.
    func reached(_ state: Int) -> Bool { state == 0 || coverage.enteredStates.contains(state) }

    private func errors() -> [Finding] {
        var result: [Finding] = []
        if let error = exploration.startError { result.append(findings.failure(error, nil)) }
        for (_, entry) in exploration.results.errors { result.append(findings.failure(entry.error, evidence(entry.witness))) }
        return result
    }

    private func invariantViolations() -> [Finding] {
        exploration.results.invariants.map { index, witness in findings.invariantViolated(index, evidence(witness)) }
    }

    private func overlaps() -> [Finding] {
        exploration.results.overlaps.map { _, entry in findings.overlap(entry.overlap, evidence(entry.witness)) }
    }

    private func deadlocks() -> [Finding] {
        exploration.results.deadlocks.values.map { group in findings.deadlock(evidence(group.smallest), valuations: group.count) }
    }

    private func unreachableStates() -> [Finding] {
        spec.states.dropFirst().filter { $0.kind != .history && !reached($0.index) }.map { findings.unreachableState($0.index) }
    }

    private func deadTransitions() -> [Finding] {
        spec.transitions.filter { !coverage.takenTransitions[$0.index] && reached($0.source) }.map { transition in
            let t = transition.index
            let outcomes = coverage.guardOutcomes[t]
            let seen: RunFindings.UntakenTransition? =
                if outcomes & CoverageRecorder.selectedPastLimit != 0 {
                    .stoppedByMicrostepLimit
                } else if coverage.enabledTransitions[t] {
                    .enabledButPreempted
                } else if outcomes & (2 | CoverageRecorder.falseInOverlapCheck) != 0 {
                    .neverEnabledWhenTried
                } else if outcomes & CoverageRecorder.failedEvaluation != 0 {
                    nil  // its guard failed where it was tried: the error is a finding of its own
                } else {
                    .neverTried
                }
            return findings.deadTransition(t, seen: seen)
        }
    }

    private func unmetExpectations() -> [Finding] {
        spec.reachable.filter { !reached($0.state) }.map { findings.unmetExpectation($0.state, reference: $0.reference) }
    }

    private func eventsReceivedNowhere() -> [Finding] {
        let reported = findings.notReportedBy(structural).events
        return spec.events.filter { !$0.isImplicit && !coverage.handledEvents[$0.index] }.compactMap { event in
            guard let location = event.location, !reported.contains(location.pointer) else { return nil }
            return findings.eventReceivedNowhere(event)
        }
    }

    private func unusedHistory() -> [Finding] {
        let use = HistoryUse(spec: spec)
        let reported = findings.notReportedBy(structural).histories
        return spec.states.filter { $0.kind == .history && !reported.contains($0.path) }.compactMap { state in
            // Through another history's default too (`"target": "p/h"`).
            let incoming = use.transitions(using: state.index)
            guard !incoming.contains(where: { coverage.takenTransitions[$0.index] }) else { return nil }
            // As a state's initial state, it is used whenever that state is entered by default.
            guard !use.statesEnteringByDefault(through: state.index).contains(where: { reached($0.index) }) else { return nil }
            return findings.unusedHistory(state)
        }
    }
}
