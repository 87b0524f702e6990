@_spi(Stepping) import SMEngine
import SMSpec

/// What shows a finding in a run: the shortest trace from the start, and where it shows: in the state the trace
/// ends in, or in its last step (then `state` is the state that step starts from).
struct RunEvidence {
    let trace: [TraceStep]
    let state: MachineState
    /// The last step, when the finding shows in it.
    let step: TraceStep?
}

/// Findings written the same way whichever method established them (exploration, bounded model checking, a
/// proof): the messages, places, traces and witnesses of SM001-SM014 beyond the structure checks.
struct RunFindings {
    let machine: Machine
    let method: Finding.Method
    var spec: ResolvedSpec { machine.spec }

    // MARK: - Helpers

    func describe(_ transition: Int) -> String { spec.describe(spec.transitions[transition]) }

    func leaves(_ state: MachineState) -> [String] { machine.activeLeafPaths(state.configuration) }

    /// Variable values (of the state, or those given), and the last step's parameters.
    func values(_ evidence: RunEvidence, variables: [Int]? = nil) -> [WitnessValue] {
        var result = machine.variableValues(variables ?? evidence.state.variables).map { WitnessValue($0.name, $0.value) }
        if let step = evidence.step {
            result += machine.arguments(of: step.event).map { WitnessValue("event." + $0.name, $0.value) }
        }
        return result
    }

    func eventName(_ evidence: RunEvidence) -> String { evidence.step.map { machine.describe($0.event) } ?? "the start" }

    func describe(_ values: [WitnessValue]) -> String {
        values.isEmpty ? "no variables" : values.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
    }

    /// ` (proved by chc: in counting: x % 2 <= 0)`: how the absence was established, for findings that say
    /// something never happens.
    func proof(_ text: String?) -> String { text.map { " (\($0))" } ?? "" }

    // MARK: - Engine errors: SM002, SM008, SM009, SM011

    /// The finding of an engine error; no evidence means at the start.
    func failure(_ error: EngineError, _ evidence: RunEvidence?) -> Finding {
        let steps = evidence?.trace ?? []
        let witnessValues = evidence.map { values($0, variables: error.variables) } ?? []
        let when = evidence.map { " — on \(eventName($0)) in \(leaves($0.state).joined(separator: ", "))" } ?? " — at the start"
        switch error.kind {
        case .infiniteLoop(let recent):
            if let cycle = LoopCycle.find(machine: machine, from: evidence?.state, step: evidence?.step) {
                // A loop that changes variables can come back to its configuration many times before its values
                // repeat: the transitions are then one round, said once with how many rounds the cycle takes.
                let round = cycle.transitions.shortestRepeatingPrefix
                let names = round.map(describe).joined(separator: "; ")
                let rounds = cycle.transitions.count / round.count
                let values = rounds == 1 ? "" : " (the values come back after \(rounds) rounds)"
                return Finding(
                    .infiniteLoop,
                    "infinite transition loop: \(names) repeat\(round.count == 1 ? "s" : "") forever without the machine becoming stable\(values)\(when)",
                    states: cycle.states.map { machine.path(of: $0) }, location: spec.transitions[cycle.transitions[0]].location,
                    trace: steps, witness: witnessValues, method: method, transitions: cycle.transitions)
            }
            // A chain longer than the limit: at the last transition taken.
            return Finding(
                .infiniteLoop, "\(error.message)\(when)", location: recent.last.flatMap { spec.transitions[$0].location }, trace: steps,
                witness: witnessValues, method: method)
        case .incompleteChoice(let state):
            return Finding(
                .incompleteChoice,
                "incomplete choice: no branch of '\(machine.path(of: state))' holds for \(describe(witnessValues))\(when)",
                states: [machine.path(of: state)], location: spec.states[state].location, trace: steps,
                witness: witnessValues, method: method)
        case .rangeViolation:
            return Finding(
                .rangeViolation, "\(error.message)\(when)", location: error.location, trace: steps, witness: witnessValues,
                method: method)
        case .queueOverflow:
            return Finding(
                .queueOverflow, "\(error.message)\(when)", location: error.location, trace: steps, witness: witnessValues,
                method: method)
        case .unhandledEvent, .invalidEvent, .missingHostFunction, .invalidState:
            // Not findings: the explorer and the verifier never report them (they have no signature).
            preconditionFailure("an engine error that is not a finding: \(error.message)")
        }
    }

    // MARK: - SM006

    func invariantViolated(_ index: Int, _ evidence: RunEvidence) -> Finding {
        let invariant = spec.invariants[index]
        let place: String
        var state = evidence.state
        if let passed = stateBeforeSentEvents(violating: index, evidence) {
            // Where it broke, and the values there: not the state the step starts in or the one it ends in.
            state = passed
            let when = evidence.step == nil ? "at the start" : "after \(eventName(evidence))"
            place = "in \(Machine.list(leaves(passed))) \(when), before the machine is done with the events it sent itself"
        } else if evidence.step == nil {
            place = "in \(Machine.list(leaves(evidence.state)))"
        } else {
            place = "while the machine processes the events it sent itself after \(eventName(evidence))"
        }
        return Finding(
            .invariantViolated,
            "invariant '\(invariant.name)' (\(invariant.source.excerpt)) is violated \(place)\(StepContext.evaluationNote(ofInvariant: index, in: state, machine: machine))",
            states: leaves(state), location: invariant.location, trace: evidence.trace,
            witness: values(evidence, variables: state.variables), method: method)
    }

    /// The state where invariant `index` broke inside the last macrostep of `evidence`, at the end of a macrostep
    /// before the events the machine sent itself ran: found by replaying the step (or the start, when the trace is
    /// empty and the state it ends in keeps the invariant). Nil when it breaks in the evidence's own state.
    func stateBeforeSentEvents(violating index: Int, _ evidence: RunEvidence) -> MachineState? {
        let context = StepContext(machine: machine)
        context.load(evidence.state)
        if evidence.step == nil {
            guard evidence.trace.isEmpty, context.invariantHolds(index) else { return nil }
        }
        context.recorder = CoverageRecorder(machine: machine, checksInvariants: true)
        do {
            if let step = evidence.step {
                context.choices = ChoiceSequence(step.choices)
                _ = try context.process(step.event)
            } else {
                _ = try context.resetToInitialState()
            }
        } catch {
            // A failure later in the step is a finding of its own; the invariant broke before it, if at all.
        }
        return context.recordedViolations.first { $0.invariant == index }?.state
    }

    // MARK: - SM004

    func overlap(_ overlap: CoverageRecorder.Overlap, _ evidence: RunEvidence) -> Finding {
        let first = spec.transitions[overlap.first], second = spec.transitions[overlap.second]
        var witnessValues = machine.variableValues(overlap.variables).map { WitnessValue($0.name, $0.value) }
        if let event = overlap.event, !spec.events[event.event].isImplicit {
            witnessValues += machine.arguments(of: event).map { WitnessValue("event." + $0.name, $0.value) }
        }
        let trigger = first.trigger == .eventless ? "eventless transitions" : "transitions on '\(first.triggerText)'"
        let midMacrostep = first.trigger == .eventless || overlap.midMacrostep
        return Finding(
            .nondeterministicGuards,
            "two \(trigger) of '\(spec.states[first.source].displayPath)' are enabled at once (\(describe(witnessValues))): \(describe(overlap.first)) and \(describe(overlap.second)); document order silently picks the first",
            states: [spec.states[first.source].path], location: second.location, trace: evidence.trace,
            witness: witnessValues, witnessMoment: .overlap(midMacrostep: midMacrostep), method: method,
            transitions: [overlap.first, overlap.second])
    }

    // MARK: - SM007

    /// `valuations`: how many deadlocked configurations share these active states, when known.
    func deadlock(_ evidence: RunEvidence, valuations: Int?) -> Finding {
        var message =
            "deadlock in \(Machine.list(leaves(evidence.state))): no event changes anything, and it is not a final configuration"
        if let valuations, valuations > 1 {
            message += " (\(valuations) valuations of the variables deadlock in these states; the witness is one of them)"
        }
        let first = leaves(evidence.state).first.flatMap { machine.state(named: $0) }
        return Finding(
            .deadlock, message, states: leaves(evidence.state), location: first.flatMap { spec.states[$0].location },
            trace: evidence.trace, witness: values(evidence), method: method)
    }

    // MARK: - Never happens: SM001, SM005, SM010, SM012, SM014

    func unreachableState(_ state: Int, proof: String? = nil) -> Finding {
        let path = spec.states[state].path
        return Finding(
            .unreachableState, "state '\(path)' is unreachable: no sequence of events enters it, not even for a moment\(self.proof(proof))",
            states: [path], location: spec.states[state].location, method: method)
    }

    /// What the runs saw of a transition never taken.
    enum UntakenTransition {
        /// Its guard held where it was considered: something else was always taken instead.
        case enabledButPreempted
        /// Selected, but only for a microstep past the `maxMicrosteps` limit, which stopped the step first.
        case stoppedByMicrostepLimit
        /// Its guard was evaluated, and was false every time.
        case neverEnabledWhenTried
        /// It was never even considered: an inner state's transition or an earlier one was always taken first, or its
        /// event never arrived while its source was active.
        case neverTried
    }

    /// `seen`: what the runs saw of it; nil when that says nothing of why (a proof, or a guard that failed).
    func deadTransition(_ t: Int, seen: UntakenTransition?, proof: String? = nil) -> Finding {
        let transition = spec.transitions[t]
        let source = spec.states[transition.source].displayPath
        let arrives = transition.trigger == .eventless ? "'\(source)' is active" : "'\(transition.triggerText)' arrives in '\(source)'"
        let never: String
        switch seen {
        case .enabledButPreempted?:
            never = "is never taken: whenever it is enabled, an earlier transition or one of an inner state is taken instead"
        case .stoppedByMicrostepLimit?:
            never =
                "is never taken: where it was selected, the macrostep had already taken maxMicrosteps (\(spec.options.maxMicrosteps)) microsteps and stopped with an error (SM002)"
        case .neverEnabledWhenTried?: never = "is never enabled: its guard never held when it was tried (when \(arrives))"
        case .neverTried? where transition.trigger == .eventless:
            never =
                "is never tried: no run considered it; a transition of an inner state or an earlier one was always taken first, or every step that entered '\(source)' failed first"
        case .neverTried?:
            never =
                "is never tried: no run considered it; a transition of an inner state or an earlier one always took '\(transition.triggerText)' first, or '\(transition.triggerText)' never arrived while '\(source)' was active"
        case nil: never = "is never taken in any reachable configuration"
        }
        return Finding(
            .deadTransition, "transition \(describe(t)) \(never)\(self.proof(proof))", states: [spec.states[transition.source].path],
            location: transition.location, method: method, transitions: [t])
    }

    func unmetExpectation(_ state: Int, reference: Spec.StateReference, proof: String? = nil) -> Finding {
        Finding(
            .expectedReachable,
            "'\(machine.path(of: state))' is listed as reachable, but no sequence of events reaches it\(self.proof(proof))",
            states: [machine.path(of: state)], location: reference.location, method: method)
    }

    func eventReceivedNowhere(_ event: ResolvedEvent, proof: String? = nil) -> Finding {
        Finding(
            .eventNeverHandled,
            "event '\(event.name)' is never handled where it can arrive: the states that handle it are never active, or their guards never hold then\(self.proof(proof))",
            location: event.location, method: method)
    }

    func unusedHistory(_ state: ResolvedState, proof: String? = nil) -> Finding {
        Finding(
            .uselessHistory, "history state '\(state.path)' is never used: no transition to it is ever taken\(self.proof(proof))",
            states: [state.path], location: state.location, method: method)
    }

    /// SM012 and SM014 the structure checks did not already report.
    func notReportedBy(_ structural: [Finding]) -> (events: Set<JSONPointer>, histories: Set<String>) {
        (
            Set(structural.filter { $0.code == .eventNeverHandled }.compactMap { $0.location?.pointer }),
            Set(structural.filter { $0.code == .uselessHistory }.flatMap(\.states))
        )
    }
}
