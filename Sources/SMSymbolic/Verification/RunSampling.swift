@_spi(Stepping) import SMEngine
import SMSpec

/// Cheap evidence first: seeded random runs on the engine show most states entered, transitions taken and events
/// handled, so bounded model checking is left with what needs a search. Only properties whose happening is not a
/// finding are decided this way (the findings need shortest traces, which only the search gives).
struct RunSampling {
    let machine: Machine
    var runs = 64
    var length = 48

    /// Work per step, at most, summed over the runs: each step looks at every state, transition and event, so a
    /// spec with tens of thousands of them gets fewer runs (sampling is only a shortcut; the search decides the rest).
    static let budget = 4_000_000

    /// Each property among `enters`, `takes` and `handles` that a run showed, with the run up to that point; what
    /// the runs showed by `deadline` (or a cancellation).
    func sample(until deadline: ContinuousClock.Instant, isCancelled: @Sendable () -> Bool = { false }) -> [Property: [TraceStep]] {
        let spec = machine.spec
        let events = spec.events.filter { !$0.isImplicit }
        guard !events.isEmpty else { return [:] }
        var generator = SplitMix(seed: 0x5EED_CAFE)
        var shown: [Property: [TraceStep]] = [:]
        let context = StepContext(machine: machine)
        let perStep = spec.states.count + spec.transitions.count + spec.events.count
        let runs = min(runs, max(1, Self.budget / max(1, perStep * length)))
        for _ in 0..<runs {
            if ContinuousClock.now > deadline || isCancelled() { break }
            context.recorder = CoverageRecorder(machine: machine)
            guard (try? context.resetToInitialState()) != nil else { return shown }
            var trace: [TraceStep] = []
            record(context.recorder!, trace, into: &shown)
            for _ in 0..<length {
                let event = events[Int(generator.next() % UInt64(events.count))]
                let arguments = event.parameters.map { parameter -> Int in
                    let range = Machine.range(of: parameter.type)
                    return range.lowerBound + Int(generator.next() % UInt64(range.count))
                }
                let choices = (0..<4).map { _ in Int(generator.next() % 3) }
                let step = TraceStep(event: EventInstance(event: event.index, arguments: arguments), choices: choices)
                context.checkpoint()
                context.useChoices(choices)
                if (try? context.process(step.event)) == nil {
                    context.restoreCheckpoint()
                    continue
                }
                trace.append(TraceStep(event: step.event, choices: context.choices.used))
                record(context.recorder!, trace, into: &shown)
            }
        }
        return shown
    }

    private func record(_ recorder: CoverageRecorder, _ trace: [TraceStep], into shown: inout [Property: [TraceStep]]) {
        for state in recorder.enteredStates where shown[.enters(state)] == nil { shown[.enters(state)] = trace }
        for (t, taken) in recorder.takenTransitions.enumerated() where taken && shown[.takes(t)] == nil { shown[.takes(t)] = trace }
        for (e, handled) in recorder.handledEvents.enumerated() where handled && shown[.handles(e)] == nil { shown[.handles(e)] = trace }
    }

    /// SplitMix64: seeded, the same on every machine.
    private struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
