@_spi(Stepping) import SMEngine
import SMSpec
import SMSymbolic

/// Findings from symbolic verification: every property the verifier decided becomes the finding exploration would
/// report (or none), written by `RunFindings`; what it could not decide is named per finding code.
///
/// Every trace is replayed on the engine before it is reported, and the finding's message and values come from that
/// replay, so a symbolic counterexample reads exactly like an explored one. A trace that does not replay would be a
/// bug in the symbolic step; it is reported as undecided rather than as a finding.
struct SymbolicChecks {
    let machine: Machine
    let result: SymbolicResult
    let structural: [Finding]
    /// What an exploration before it saw happen (decided, with its own findings).
    var seen: SeenInRuns? = nil
    var spec: ResolvedSpec { machine.spec }

    func run() -> (findings: [Finding], undecided: [Undecided]) {
        var findings: [Finding] = []
        var undecided: [FindingCode: [String]] = [:]
        if let failure = result.startFailure {
            do {
                _ = try machine.initialState()
                undecided[failure.kindCode, default: []].append("the start fails symbolically but not on the engine (a bug in smcheck)")
            } catch {
                findings.append(RunFindings(machine: machine, method: .bmc).failure(error, nil))
            }
            return (findings, Self.undecided(undecided))
        }
        let verdicts = result.verdicts
        // What the exploration saw happen was decided there, whatever the solver said in the time it had.
        func verdict(_ property: Property) -> PropertyVerdict {
            if seen?.saw(property) == true { return .happens(trace: [], inLastStep: false) }
            return verdicts[property] ?? .undecided("not checked")
        }

        // Things that happen in some run: one finding with the shortest trace (the exploration's, for what it saw).
        for property in result.properties where seen?.saw(property) != true {
            guard case .happens(let trace, let inLastStep) = verdict(property) else { continue }
            switch property {
            case .invariant, .failure, .overlap, .deadlock:
                if let finding = Replay.finding(for: property, machine: machine, trace: trace, inLastStep: inLastStep) {
                    findings.append(finding)
                } else {
                    undecided[property.code, default: []].append(
                        "a symbolic counterexample does not replay on the engine (a bug in smcheck)")
                }
            case .enters, .takes, .handles:
                continue
            }
        }

        // Things that never happen: one finding each, with how that was proved.
        func never(_ property: Property) -> (method: Finding.Method, proof: String)? {
            guard case .never(let method, let invariant) = verdict(property) else { return nil }
            switch method {
            case .abstraction: return (.abstraction, "no symbolic path does it, whatever the values")
            case .bmc:
                return (
                    .bmc,
                    "no run does it: every reachable state is within \(result.depth + 1) step\(result.depth == 0 ? "" : "s") of the start"
                )
            case .induction: return (.induction, "proved by k-induction")
            case .chc: return (.chc, invariant.map { "proved by an inductive invariant: \($0)" } ?? "proved by Spacer")
            }
        }
        func undecidedReason(_ property: Property) -> String? {
            if case .undecided(let reason) = verdict(property) { return reason }
            return nil
        }
        func reached(_ state: Int) -> Bool? {
            if state == 0 { return true }
            switch verdict(.enters(state)) {
            case .happens: return true
            case .never: return false
            case .undecided: return nil
            }
        }
        for state in spec.states.dropFirst() where state.kind != .history {
            if let (method, proof) = never(.enters(state.index)) {
                findings.append(RunFindings(machine: machine, method: method).unreachableState(state.index, proof: proof))
            } else if let reason = undecidedReason(.enters(state.index)) {
                undecided[.unreachableState, default: []].append("'\(state.path)': \(reason)")
            }
        }
        for expectation in spec.reachable {
            if let (method, proof) = never(.enters(expectation.state)) {
                findings.append(
                    RunFindings(machine: machine, method: method).unmetExpectation(
                        expectation.state, reference: expectation.reference, proof: proof))
            } else if let reason = undecidedReason(.enters(expectation.state)) {
                undecided[.expectedReachable, default: []].append("'\(machine.path(of: expectation.state))': \(reason)")
            }
        }
        for transition in spec.transitions {
            switch reached(transition.source) {
            case false?: continue
            case nil:
                undecided[.deadTransition, default: []].append(
                    "\(spec.describe(transition)): whether its source is reachable is not decided")
                continue
            case true?: break
            }
            if let (method, proof) = never(.takes(transition.index)) {
                findings.append(RunFindings(machine: machine, method: method).deadTransition(transition.index, seen: nil, proof: proof))
            } else if let reason = undecidedReason(.takes(transition.index)) {
                undecided[.deadTransition, default: []].append("\(spec.describe(transition)): \(reason)")
            }
        }
        let reported = RunFindings(machine: machine, method: .bmc).notReportedBy(structural)
        for event in spec.events where !event.isImplicit {
            guard let location = event.location, !reported.events.contains(location.pointer) else { continue }
            if let (method, proof) = never(.handles(event.index)) {
                findings.append(RunFindings(machine: machine, method: method).eventReceivedNowhere(event, proof: proof))
            } else if let reason = undecidedReason(.handles(event.index)) {
                undecided[.eventNeverHandled, default: []].append("'\(event.name)': \(reason)")
            }
        }
        let use = HistoryUse(spec: spec)
        for state in spec.states where state.kind == .history && !reported.histories.contains(state.path) {
            // As a state's initial state, it is used whenever that state is entered by default.
            if use.statesEnteringByDefault(through: state.index).contains(where: { reached($0.index) != false }) { continue }
            // Through another history's default too (`"target": "p/h"`).
            let using = use.transitions(using: state.index)
            let incoming = using.map { verdict(.takes($0.index)) }
            if incoming.contains(where: { if case .happens = $0 { true } else { false } }) { continue }
            if let undecidedOne = incoming.first(where: { if case .undecided = $0 { true } else { false } }),
                case .undecided(let reason) = undecidedOne
            {
                undecided[.uselessHistory, default: []].append("'\(state.path)': \(reason)")
                continue
            }
            let methods = using.compactMap { never(.takes($0.index)) }
            let method = methods.first?.method ?? .abstraction
            findings.append(RunFindings(machine: machine, method: method).unusedHistory(state, proof: methods.first?.proof))
        }
        // Properties of things that happen, left undecided.
        for property in result.properties {
            guard let reason = undecidedReason(property) else { continue }
            switch property {
            case .invariant(let index): undecided[.invariantViolated, default: []].append("'\(spec.invariants[index].name)': \(reason)")
            case .failure(let signature):
                undecided[Self.code(ofSignature: signature), default: []].append("\(describe(signature: signature)): \(reason)")
            case .overlap(let first, let second):
                undecided[.nondeterministicGuards, default: []].append(
                    "\(spec.describe(spec.transitions[first])) and \(spec.describe(spec.transitions[second])): \(reason)")
            case .deadlock(let configuration):
                undecided[.deadlock, default: []].append("\(machine.activeLeafList(configuration)): \(reason)")
            case .enters, .takes, .handles:
                continue
            }
        }
        return (findings, Self.undecided(undecided))
    }

    /// One `Undecided` per code: how many were left open, and the first of their reasons.
    private static func undecided(_ byCode: [FindingCode: [String]]) -> [Undecided] {
        byCode.sorted { $0.key < $1.key }.map { code, reasons in
            Undecided([code], reasons.count == 1 ? reasons[0] : "\(reasons.count) cases, e.g. \(reasons[0])")
        }
    }

    /// What a failure's signature (`EngineError.Kind.findingSignature`) is about, for an undecided reason:
    /// "'count' at /states/a/on/go/0/actions/0", "choice 'pick'", "the queue at ...", "a loop of go, stop".
    private func describe(signature: String) -> String {
        let parts = signature.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        let place = parts.count > 2 && !parts[2].isEmpty ? " at \(parts[2].controlCharactersEscaped)" : ""
        switch parts[0] {
        case "range":
            if let index = Int(parts[1]), spec.variables.indices.contains(index) { return "'\(spec.variables[index].name)'\(place)" }
            return "a value\(place)"
        case "choice":
            if let index = Int(parts[1]), spec.states.indices.contains(index) { return "choice '\(spec.states[index].path)'" }
            return "a choice"
        case "queue":
            if let index = Int(parts[1]), spec.events.indices.contains(index) {
                return "the queue, raising '\(spec.events[index].name)'\(place)"
            }
            return "the queue\(place)"
        default:
            let transitions = parts.count > 1 ? parts[1].split(separator: ",").compactMap { Int($0) } : []
            let described = transitions.filter(spec.transitions.indices.contains).map { spec.describe(spec.transitions[$0]) }
            return described.isEmpty ? "a loop" : "a loop through " + described.joined(separator: "; ")
        }
    }

    static func code(ofSignature signature: String) -> FindingCode {
        switch signature.prefix(while: { $0 != ":" }) {
        case "loop": .infiniteLoop
        case "choice": .incompleteChoice
        case "queue": .queueOverflow
        default: .rangeViolation
        }
    }
}

extension Property {
    /// The finding code this property's finding has.
    var code: FindingCode {
        switch self {
        case .invariant: .invariantViolated
        case .failure(let signature): SymbolicChecks.code(ofSignature: signature)
        case .enters: .unreachableState
        case .takes: .deadTransition
        case .handles: .eventNeverHandled
        case .overlap: .nondeterministicGuards
        case .deadlock: .deadlock
        }
    }
}

extension SymbolicFailure {
    var kindCode: FindingCode { kind.findingCode ?? .rangeViolation }
}

/// A trace replayed on the engine: the state its last step starts from, and what that step did.
private struct Replay {
    let machine: Machine
    let trace: [TraceStep]
    let inLastStep: Bool
    /// The state the last step starts from (`inLastStep`) or the state the trace ends in.
    let state: MachineState
    let error: EngineError?
    let recorder: CoverageRecorder?
    /// The state after the last step, when it was replayed and did not fail.
    let after: MachineState?

    init?(machine: Machine, trace: [TraceStep], inLastStep: Bool) {
        guard var state = try? machine.initialState().state else { return nil }
        for step in trace.dropLast(inLastStep ? 1 : 0) {
            guard let next = try? machine.step(state, step.event, choices: ChoiceSequence(step.choices)) else { return nil }
            state = next.state
        }
        self.init(machine: machine, trace: trace, inLastStep: inLastStep, from: state)
    }

    /// The trace's last step (when `inLastStep`) replayed from `state`, the state the steps before it lead to.
    private init(machine: Machine, trace: [TraceStep], inLastStep: Bool, from state: MachineState) {
        self.machine = machine
        self.trace = trace
        self.inLastStep = inLastStep
        self.state = state
        guard inLastStep, let last = trace.last else {
            error = nil
            recorder = nil
            after = nil
            return
        }
        let context = StepContext(machine: machine)
        context.load(state)
        context.recorder = CoverageRecorder(machine: machine, checksOverlaps: true, checksInvariants: true)
        context.choices = ChoiceSequence(last.choices)
        do {
            try context.process(last.event)
            error = nil
            after = context.snapshot()
        } catch {
            self.error = error
            after = nil
        }
        recorder = context.recorder
    }

    /// The property's finding, from the trace replayed with the shortest prefix of its last step's choices that
    /// still shows it (the engine takes 0 for the choices left out).
    ///
    /// The solver picks any of the step's symbolic paths that shows the property, and their choices can be long: a
    /// send loop's guard true 99 times before the path that fails, where the engine fails with a single 1.
    static func finding(for property: Property, machine: Machine, trace: [TraceStep], inLastStep: Bool) -> Finding? {
        guard let whole = Replay(machine: machine, trace: trace, inLastStep: inLastStep) else { return nil }
        if inLastStep, let last = trace.last, !last.choices.isEmpty {
            // Only the last step again, from the state the others lead to.
            for length in 0..<last.choices.count {
                let shorter = Array(trace.dropLast()) + [TraceStep(event: last.event, choices: Array(last.choices.prefix(length)))]
                let replay = Replay(machine: machine, trace: shorter, inLastStep: true, from: whole.state)
                if let finding = replay.finding(for: property) { return finding }
            }
        }
        return whole.finding(for: property)
    }

    /// The guards the start's own macrostep finds enabled at once.
    private func startOverlaps() -> [CoverageRecorder.Overlap] {
        let context = StepContext(machine: machine)
        context.recorder = CoverageRecorder(machine: machine, checksOverlaps: true, checksInvariants: false)
        guard (try? context.resetToInitialState()) != nil else { return [] }
        return context.recorder?.overlaps ?? []
    }

    private func holds(_ invariant: Int, in state: MachineState) -> Bool {
        let context = StepContext(machine: machine)
        context.load(state)
        return context.invariantHolds(invariant)
    }

    var evidence: RunEvidence {
        RunEvidence(trace: trace, state: state, step: inLastStep ? trace.last : nil)
    }

    /// The property's finding, when the replay shows the property.
    func finding(for property: Property) -> Finding? {
        let findings = RunFindings(machine: machine, method: .bmc)
        switch property {
        case .failure(let signature):
            guard let error, error.kind.findingSignature(at: error.location) == signature else { return nil }
            return findings.failure(error, evidence)
        case .invariant(let index):
            guard inLastStep else {
                // At the start, it may break before the events the machine sent itself run.
                let shown = !holds(index, in: state) || (trace.isEmpty && findings.stateBeforeSentEvents(violating: index, evidence) != nil)
                return shown ? findings.invariantViolated(index, evidence) : nil
            }
            guard let after, recorder?.violations.contains(where: { $0.invariant == index }) == true else { return nil }
            // Broken in the end state too: reported there, as exploration does.
            if !holds(index, in: after) { return findings.invariantViolated(index, RunEvidence(trace: trace, state: after, step: nil)) }
            return findings.invariantViolated(index, evidence)
        case .overlap(let first, let second):
            let overlaps = trace.isEmpty ? startOverlaps() : recorder?.overlaps ?? []
            guard let overlap = overlaps.first(where: { $0.first == first && $0.second == second }) else { return nil }
            return findings.overlap(overlap, evidence)
        case .deadlock(let configuration):
            guard !inLastStep, state.configuration == configuration else { return nil }
            return findings.deadlock(evidence, valuations: nil)
        case .enters, .takes, .handles:
            return nil
        }
    }
}
