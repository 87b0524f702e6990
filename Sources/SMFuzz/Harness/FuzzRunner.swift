@_spi(Stepping) import SMEngine
import SMSpec

/// One run: the start, then events drawn from a choice source until the length is reached (generating) or the
/// list is used up (replaying), checking the properties after each.
final class FuzzRunner {
    struct Result {
        var failure: RunFailure?
        /// The choice values the run used.
        var choices: [Int]
        /// How many options each of `choices` had.
        var bounds: [Int] = []
        /// Where each step's values start in `choices`.
        var stepStarts: [Int]
        var trace: [TraceStep]
        /// When tracking novelty: after how many events (0: at the start) the run reached something first in the
        /// campaign (a state, a transition, a guard outcome, a configuration).
        var discoverySteps: [Int] = []
        /// When tracking novelty: the fingerprint of the state after the start and after each event.
        var fingerprints: [UInt64] = []
    }

    let machine: Machine
    let context: StepContext
    let properties: [Property]
    let implementation: (@Sendable () -> any StateMachineImplementation)?
    /// The events the environment sends: the declared ones.
    let events: [ResolvedEvent]
    /// Favor events some active state handles, and those offering a transition not taken yet.
    let weighted: Bool
    /// Called after the start and after every event the engine finished, before the properties are checked.
    var observer: ((FuzzState) -> Void)?
    /// For guided generation: the configurations reached so far in the campaign, to tell which runs reach new ones.
    private var novelty: ConfigurationMap?
    private var knownDiscoveries = 0

    init(
        machine: Machine, properties: [Property], implementation: (@Sendable () -> any StateMachineImplementation)?,
        recordsCoverage: Bool, weighted: Bool, tracksNovelty: Bool = false
    ) {
        self.machine = machine
        self.properties = properties
        self.implementation = implementation
        self.weighted = weighted
        events = machine.spec.events.filter { !$0.isImplicit }
        context = StepContext(machine: machine)
        // Invariants are checked by the engine at the end of every macrostep, also those before the events the machine
        // sent itself run: a state after the step is not the only one that must keep them.
        let checksInvariants = !machine.spec.invariants.isEmpty
        if recordsCoverage || tracksNovelty || checksInvariants {
            context.recorder = CoverageRecorder(machine: machine, checksInvariants: checksInvariants)
        }
        if tracksNovelty { novelty = ConfigurationMap(machine: machine) }
    }

    func run(_ source: inout ChoiceSource, length: Int?) -> Result {
        var result = Result(failure: nil, choices: [], stepStarts: [], trace: [])
        steps(&source, length: length, into: &result)
        result.choices = source.consumed
        result.bounds = Array(source.bounds.prefix(source.position))
        return result
    }

    /// Counts what the state reached after `step` events adds to the campaign: coverage the recorder had not seen,
    /// and a configuration (active states and variables) no run reached before.
    private func noteDiscoveries(step: Int, into result: inout Result) {
        guard novelty != nil else { return }
        result.fingerprints.append(Fingerprint.of(context))
        var found = context.coverageDiscoveries - knownDiscoveries
        knownDiscoveries += found
        if novelty!.insert(context) { found += 1 }
        if found > 0 { result.discoverySteps.append(step) }
    }

    private func steps(_ source: inout ChoiceSource, length: Int?, into result: inout Result) {
        var subject = implementation?()
        do {
            try context.resetToInitialState()
        } catch {
            result.failure = failure(error, step: 0)
            return
        }
        noteDiscoveries(step: 0, into: &result)
        if let failure = checkProperties(step: 0, event: nil, subject: subject) {
            result.failure = failure
            return
        }
        guard !events.isEmpty else { return }
        var step = 0
        while length.map({ step < $0 }) ?? !source.isExhausted {
            result.stepStarts.append(source.position)
            let event = pickEvent(&source)
            let declaration = events[event]
            var arguments: [Int] = []
            for parameter in declaration.parameters {
                let index = source.draw(parameter.type.cardinality)
                arguments.append(Self.encoded(index, parameter.type))
            }
            let instance = EventInstance(event: declaration.index, arguments: arguments)
            step += 1
            // Outcomes of opaque guards and oneOf targets are drawn as the step meets them.
            var choices: [Int] = []
            context.checkpoint()
            var outcome: Result.Outcome
            while true {
                context.restoreCheckpoint()
                context.useChoices(choices)
                do {
                    try context.process(instance)
                    outcome = .handled
                } catch {
                    outcome = .failed(error)
                }
                let arities = context.choiceArities
                guard arities.count > choices.count else {
                    // The step as the engine ran it: values were drawn for the points a run with 0 there met, and a
                    // later outcome can meet fewer points, or others with fewer outcomes (the engine clamps). A
                    // replay refuses choices a step does not meet, and values out of a point's range. The values
                    // for points not met go back to the source, for the next decision.
                    source.giveBack(choices.count - arities.count)
                    choices = zip(choices, arities).map { value, arity in min(max(value, 0), arity - 1) }
                    break
                }
                for k in choices.count..<arities.count { choices.append(source.draw(arities[k])) }
            }
            result.trace.append(TraceStep(event: instance, choices: choices))
            var rejected = false
            if case .failed(let error) = outcome {
                if case .unhandledEvent = error.kind {
                    // A rejected event (unhandled: error): the state is as before the event.
                    context.restoreCheckpoint()
                    rejected = true
                } else {
                    result.failure = failure(error, step: step)
                    return
                }
            }
            noteDiscoveries(step: step, into: &result)
            if subject != nil {
                var implementationRejected = false
                do {
                    try subject!.handle(
                        declaration.name, Dictionary(uniqueKeysWithValues: machine.arguments(of: instance).map { ($0.name, $0.value) }),
                        choices: choices)
                } catch {
                    implementationRejected = true
                }
                if implementationRejected != rejected {
                    result.failure = RunFailure(
                        kind: .divergence,
                        message:
                            "after \(Plural.count(step, "event")), \(machine.describe(instance)) was \(implementationRejected ? "rejected" : "accepted") by the implementation but \(rejected ? "rejected" : "accepted") by the spec",
                        step: step, signature: "divergence")
                    return
                }
            }
            if let failure = checkProperties(step: step, event: declaration.name, subject: subject) {
                result.failure = failure
                return
            }
        }
        return
    }

    private func pickEvent(_ source: inout ChoiceSource) -> Int {
        guard weighted, source.isGenerating, events.count > 1 else { return source.draw(events.count) }
        let weights = events.map { event -> UInt64 in
            var weight: UInt64 = 1
            if context.mayHandle(event.index) {
                weight = 8
                if context.offersUntakenTransition(event.index) { weight *= 4 }
            }
            return weight
        }
        let total = weights.reduce(0, +)
        let pick = source.withGenerator { $0.next() % total } ?? 0
        var accumulated: UInt64 = 0
        var chosen = events.count - 1
        for (i, weight) in weights.enumerated() {
            accumulated += weight
            if pick < accumulated {
                chosen = i
                break
            }
        }
        return source.record(chosen, bound: events.count)
    }

    static func encoded(_ index: Int, _ type: ValueType) -> Int {
        switch type {
        case .int(let min, _): min + index
        default: index
        }
    }

    private func failure(_ error: EngineError, step: Int) -> RunFailure {
        RunFailure(kind: .engineError, message: error.message, step: step, signature: Self.signature(of: error), location: error.location)
    }

    /// What makes two engine errors the same failure: the kind of error and where in the spec, not the values.
    static func signature(of error: EngineError) -> String {
        let place = error.location?.pointer.description ?? ""
        let kind: String =
            switch error.kind {
            case .infiniteLoop: "loop"
            case .rangeViolation: "range"
            case .incompleteChoice(let state): "choice\(state)"
            case .queueOverflow: "queue"
            case .unhandledEvent: "unhandled"
            case .invalidEvent: "invalid"
            case .invalidState: "state"
            case .missingHostFunction(let name): "host:\(name)"
            }
        return "error:\(kind):\(place)"
    }

    /// The invariant an `invariant:` signature names.
    static func invariantIndex(_ signature: String) -> Int? {
        signature.hasPrefix("invariant:") ? Int(signature.dropFirst("invariant:".count)) : nil
    }

    private func checkProperties(step: Int, event: String?, subject: (any StateMachineImplementation)?) -> RunFailure? {
        let state = FuzzState(machine: machine, context: context, steps: step, lastEvent: event)
        observer?(state)
        // Broken in the state the step ends in, as the analyzer reports it; else in one the step passed through, at
        // the end of a macrostep before the events the machine sent itself ran.
        let broken =
            machine.spec.invariants.indices.first { !context.invariantHolds($0) }.map { ($0, context.snapshot(), "") }
            ?? context.recordedViolations.first.map {
                ($0.invariant, $0.state, ", before the machine was done with the events it sent itself")
            }
        if let (i, state, when) = broken {
            let invariant = machine.spec.invariants[i]
            let failure = StepContext.evaluationNote(ofInvariant: i, in: state, machine: machine)
            return RunFailure(
                kind: .invariant,
                message:
                    "invariant '\(invariant.name)' (\(invariant.source.excerpt)) is violated in \(machine.activeLeafList(state.configuration))\(when)\(failure)",
                step: step, signature: "invariant:\(i)")
        }
        for property in properties where !property.check(state) {
            return RunFailure(
                kind: .property, message: "property '\(property.name)' does not hold in \(state.activeStates.joined(separator: ", "))",
                step: step, signature: "property:\(property.name)")
        }
        if let subject { return compare(subject.observation, step: step) }
        return nil
    }

    /// The implementation's observation against the engine's: the same active leaves, the same values of the
    /// variables it reports.
    private func compare(_ observation: ObservedState, step: Int) -> RunFailure? {
        let differences = machine.differences(observation, from: context.currentConfiguration, variables: context.currentVariables)
        guard !differences.isEmpty else { return nil }
        return RunFailure(
            kind: .divergence,
            message: "after \(Plural.count(step, "event")) the implementation disagrees with the spec: "
                + differences.joined(separator: "; "),
            step: step, signature: "divergence")
    }
}

extension FuzzRunner.Result {
    enum Outcome {
        case handled
        case failed(EngineError)
    }
}
