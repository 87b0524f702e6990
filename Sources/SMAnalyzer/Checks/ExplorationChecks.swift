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

    func run() -> [Finding] {
        var findings = errors() + invariantViolations() + overlaps() + deadlocks()
        if exploration.isComplete {
            findings += unreachableStates() + deadTransitions() + unmetExpectations() + eventsReceivedNowhere() + unusedHistory()
        }
        return findings
    }

    // MARK: - Helpers

    func trace(_ witness: Witness) -> [TraceStep] { exploration.trace(to: witness) }

    /// Variable values of the witness's configuration, and the event's parameters when it has an event.
    func values(_ witness: Witness, variables: [Int]? = nil) -> [WitnessValue] {
        let state = exploration.state(witness.state)
        var result = machine.variableValues(variables ?? state.variables).map { WitnessValue($0.name, $0.value) }
        if let instance = witness.instance {
            result += machine.arguments(of: exploration.eventInstances[instance]).map { WitnessValue("event." + $0.name, $0.value) }
        }
        return result
    }

    func leaves(_ witness: Witness) -> [String] { machine.activeLeafPaths(exploration.state(witness.state).configuration) }

    func describe(_ transition: Int) -> String { spec.describe(spec.transitions[transition]) }

    func eventName(_ witness: Witness) -> String {
        witness.instance.map { machine.describe(exploration.eventInstances[$0]) } ?? "the start"
    }

    /// States the exploration entered, even transiently.
    func reached(_ state: Int) -> Bool { coverage.enteredStates.contains(state) }

    // MARK: - Engine errors: SM002, SM008, SM009, SM011

    private func errors() -> [Finding] {
        var findings: [Finding] = []
        if let error = exploration.startError {
            findings.append(finding(for: error, witness: nil))
        }
        for (_, entry) in exploration.results.errors { findings.append(finding(for: entry.error, witness: entry.witness)) }
        return findings
    }

    private func finding(for error: EngineError, witness: Witness?) -> Finding {
        let steps = witness.map(trace) ?? []
        // The values at the moment of the failure, and the event's parameters.
        let witnessValues = witness.map { values($0, variables: error.variables) } ?? []
        let when = witness.map { " — on \(eventName($0)) in \(leaves($0).joined(separator: ", "))" } ?? " — at the start"
        switch error.kind {
        case .infiniteLoop:
            let cycle = witness.flatMap { LoopCycle.find(exploration: exploration, witness: $0) }
            if let cycle {
                let names = cycle.transitions.map(describe)
                return Finding(.infiniteLoop,
                               "infinite transition loop: \(names.joined(separator: "; ")) repeat\(cycle.transitions.count == 1 ? "s" : "") forever without the machine becoming stable\(when)",
                               states: cycle.states.map { machine.path(of: $0) }, location: spec.transitions[cycle.transitions[0]].location,
                               trace: steps, witness: witnessValues, method: .exploration, transitions: cycle.transitions)
            }
            return Finding(.infiniteLoop, "\(error.message)\(when)", trace: steps, witness: witnessValues, method: .exploration)
        case .incompleteChoice(let state):
            return Finding(.incompleteChoice,
                           "incomplete choice: no branch of '\(machine.path(of: state))' holds for \(describe(witnessValues))\(when)",
                           states: [machine.path(of: state)], location: spec.states[state].location, trace: steps,
                           witness: witnessValues, method: .exploration)
        case .rangeViolation:
            return Finding(.rangeViolation, "\(error.message)\(when)", location: error.location, trace: steps, witness: witnessValues,
                           method: .exploration)
        case .queueOverflow:
            return Finding(.queueOverflow, "\(error.message)\(when)", location: error.location, trace: steps, witness: witnessValues,
                           method: .exploration)
        case .unhandledEvent, .invalidEvent, .missingHostFunction:
            return Finding(.rangeViolation, error.message, method: .exploration)
        }
    }

    func describe(_ values: [WitnessValue]) -> String {
        values.isEmpty ? "no variables" : values.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
    }

    // MARK: - SM006

    private func invariantViolations() -> [Finding] {
        exploration.results.invariants.map { index, witness in
            let invariant = spec.invariants[index]
            let place = witness.instance == nil
                ? "in \(leaves(witness).joined(separator: ", "))"
                : "while the machine processes the events it sent itself after \(eventName(witness))"
            return Finding(.invariantViolated,
                           "invariant '\(invariant.name)' (\(invariant.source.excerpt)) is violated \(place)",
                           states: leaves(witness), location: invariant.location, trace: trace(witness), witness: values(witness),
                           method: .exploration)
        }
    }

    // MARK: - SM004

    private func overlaps() -> [Finding] {
        exploration.results.overlaps.map { pair, entry in
            let first = spec.transitions[pair.first], second = spec.transitions[pair.second]
            var witnessValues = machine.variableValues(entry.overlap.variables).map { WitnessValue($0.name, $0.value) }
            if let event = entry.overlap.event, !spec.events[event.event].isImplicit {
                witnessValues += machine.arguments(of: event).map { WitnessValue("event." + $0.name, $0.value) }
            }
            let trigger = first.trigger == .eventless ? "eventless transitions" : "transitions on '\(first.triggerText(spec.events))'"
            return Finding(.nondeterministicGuards,
                           "two \(trigger) of '\(spec.states[first.source].displayPath)' are enabled at once (\(describe(witnessValues))): \(describe(pair.first)) and \(describe(pair.second)); document order silently picks the first",
                           states: [spec.states[first.source].path], location: second.location, trace: trace(entry.witness),
                           witness: witnessValues, method: .exploration, transitions: [pair.first, pair.second])
        }
    }

    // MARK: - SM007

    private func deadlocks() -> [Finding] {
        exploration.results.deadlocks.values.map { group in
            let witness = group.smallest
            var message = "deadlock in \(leaves(witness).joined(separator: ", ")): no event changes anything, and it is not a final configuration"
            if group.count > 1 {
                message += " (\(group.count) valuations of the variables deadlock in these states; the witness is one of them)"
            }
            let first = leaves(witness).first.flatMap { machine.state(named: $0) }
            return Finding(.deadlock, message, states: leaves(witness), location: first.flatMap { spec.states[$0].location },
                           trace: trace(witness), witness: values(witness), method: .exploration)
        }
    }

    // MARK: - Never happens: SM001, SM005, SM010, SM012, SM014

    private func unreachableStates() -> [Finding] {
        spec.states.dropFirst().filter { $0.kind != .history && !reached($0.index) }.map { state in
            Finding(.unreachableState, "state '\(state.path)' is unreachable: no sequence of events enters it, not even for a moment",
                    states: [state.path], location: state.location, method: .exploration)
        }
    }

    private func deadTransitions() -> [Finding] {
        spec.transitions.compactMap { transition -> Finding? in
            let t = transition.index
            guard !coverage.takenTransitions[t], reached(transition.source) else { return nil }
            let never = coverage.enabledTransitions[t]
                ? "is never taken: whenever it is enabled, an earlier transition or one of an inner state is taken instead"
                : transition.trigger == .eventless
                    ? "is never enabled: its guard never holds while '\(spec.states[transition.source].displayPath)' is active"
                    : "is never enabled: its guard never holds when '\(transition.triggerText(spec.events))' arrives in '\(spec.states[transition.source].displayPath)'"
            return Finding(.deadTransition, "transition \(describe(t)) \(never)", states: [spec.states[transition.source].path],
                           location: transition.location, method: .exploration, transitions: [t])
        }
    }

    private func unmetExpectations() -> [Finding] {
        spec.reachable.filter { !reached($0.state) }.map { expectation in
            Finding(.expectedReachable,
                    "'\(machine.path(of: expectation.state))' is listed as reachable, but no sequence of events reaches it",
                    states: [machine.path(of: expectation.state)], location: expectation.reference.location, method: .exploration)
        }
    }

    private func eventsReceivedNowhere() -> [Finding] {
        let alreadyReported = Set(structural.filter { $0.code == .eventNeverHandled }.compactMap { $0.location?.pointer })
        return spec.events.filter { !$0.isImplicit && !coverage.handledEvents[$0.index] }.compactMap { event -> Finding? in
            guard let location = event.location, !alreadyReported.contains(location.pointer) else { return nil }
            return Finding(.eventNeverHandled,
                           "event '\(event.name)' is never handled where it can arrive: the states that handle it are never active, or their guards never hold then",
                           location: location, method: .exploration)
        }
    }

    private func unusedHistory() -> [Finding] {
        let alreadyReported = Set(structural.filter { $0.code == .uselessHistory }.flatMap(\.states))
        return spec.states.filter { $0.kind == .history && !alreadyReported.contains($0.path) }.compactMap { state -> Finding? in
            let incoming = spec.transitions.filter { $0.targets.contains(state.index) }
            guard !incoming.contains(where: { coverage.takenTransitions[$0.index] }) else { return nil }
            return Finding(.uselessHistory, "history state '\(state.path)' is never used: no transition to it is ever taken",
                           states: [state.path], location: state.location, method: .exploration)
        }
    }
}
