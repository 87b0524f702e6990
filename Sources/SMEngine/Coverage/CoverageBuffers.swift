/// The raw buffers behind a `CoverageRecorder` while steps run.
struct CoverageBuffers {
    let entered: UnsafeMutablePointer<UInt64>
    let taken: UnsafeMutablePointer<Bool>
    let enabled: UnsafeMutablePointer<Bool>
    let guardOutcomes: UnsafeMutablePointer<UInt8>
    let handled: UnsafeMutablePointer<Bool>
    let unhandledIn: UnsafeMutablePointer<UInt64>
    /// Bits above set for the first time (see `StepContext.coverageDiscoveries`).
    let discoveries: UnsafeMutablePointer<Int>

    init(_ recorder: CoverageRecorder, machine: Machine) {
        func copy<T>(_ array: [T]) -> UnsafeMutablePointer<T> {
            let pointer = UnsafeMutablePointer<T>.allocate(capacity: max(1, array.count))
            _ = UnsafeMutableBufferPointer(start: pointer, count: array.count).initialize(from: array)
            return pointer
        }
        entered = copy(recorder.enteredStates.words)
        taken = copy(recorder.takenTransitions)
        enabled = copy(recorder.enabledTransitions)
        guardOutcomes = copy(recorder.guardOutcomes)
        handled = copy(recorder.handledEvents)
        unhandledIn = copy(recorder.unhandledIn)
        discoveries = .allocate(capacity: 1)
        discoveries.initialize(to: 0)
    }

    func copy(into recorder: inout CoverageRecorder, machine: Machine) {
        recorder.enteredStates = StateSet(words: Array(UnsafeBufferPointer(start: entered, count: machine.words)))
        recorder.takenTransitions = Array(UnsafeBufferPointer(start: taken, count: machine.transitionCount))
        recorder.enabledTransitions = Array(UnsafeBufferPointer(start: enabled, count: machine.transitionCount))
        recorder.guardOutcomes = Array(UnsafeBufferPointer(start: guardOutcomes, count: machine.transitionCount))
        recorder.handledEvents = Array(UnsafeBufferPointer(start: handled, count: machine.eventCount))
        recorder.unhandledIn = Array(UnsafeBufferPointer(start: unhandledIn, count: machine.eventCount * machine.words))
    }

    /// Records whether a transition's guard held where it was evaluated; an outcome seen for the first time is a
    /// discovery.
    @inline(__always)
    func noteGuard(of t: Int, held: Bool) {
        let outcome: UInt8 = held ? 1 : 2
        if guardOutcomes[t] & outcome == 0 {
            guardOutcomes[t] |= outcome
            discoveries.pointee += 1
        }
    }

    func deallocate() {
        entered.deallocate()
        taken.deallocate()
        enabled.deallocate()
        guardOutcomes.deallocate()
        handled.deallocate()
        unhandledIn.deallocate()
        discoveries.deallocate()
    }
}
