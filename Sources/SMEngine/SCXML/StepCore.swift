/// The state the SCXML algorithm works on, as one value: the machine's state (configuration, variables,
/// history), the queues, and the selection buffers, reused from step to step so the hot loop allocates nothing.
///
/// The algorithm (`SelectTransitions.swift`, `Microstep.swift`, `Macrostep.swift`) is written as mutating methods of
/// this struct: a step is one in-place mutation, so field accesses need no run-time exclusivity checks.
struct StepCore {
    let machine: Machine
    let tree: StateTree
    let hot: HotTables
    let words: Int
    let maxMicrosteps: Int
    let unhandledIsError: Bool
    // Facts about the machine read on every step, kept here so reading them is a field load.
    let eventCount: Int
    let invariantCount: Int
    let hasHistory: Bool
    let hasEventless: Bool

    // The machine's state. The buffers are owned by the `StepContext` that holds this core.
    let configuration: UnsafeMutablePointer<UInt64>
    let variables: UnsafeMutablePointer<Int>
    var history: [StateSet?]
    /// A final state at the top level was entered: later events are unhandled.
    var isHalted = false

    // The event being processed: its index (-1 for none) and, in `parameters`, its arguments. Kept apart rather than
    // as an `EventInstance` so the hot path stores an integer instead of retaining and releasing an array.
    let parameters: UnsafeMutablePointer<Int>
    var currentEventIndex = -1
    /// True while the transitions for the event the host sent are selected (not one the machine raised or sent).
    var selectingHostEvent = false

    /// The event being processed, for messages, records and host calls (off the hot path).
    var currentEvent: EventInstance? {
        guard currentEventIndex >= 0 else { return nil }
        let count = Int(hot.parameterCount[currentEventIndex])
        return EventInstance(event: currentEventIndex, arguments: Array(UnsafeBufferPointer(start: parameters, count: count)))
    }

    // Queues: raised events are handled in this macrostep; sent events after it.
    var internalQueue: [EventInstance] = []
    var internalHead = 0
    var externalQueue: [EventInstance] = []
    var externalHead = 0

    // Selection scratch: the selected transitions and, for each, the chosen target option.
    let selected: UnsafeMutablePointer<Int32>
    let selectedOption: UnsafeMutablePointer<Int32>
    var selectedCount = 0
    let exitScratch: UnsafeMutablePointer<UInt64>

    /// Microsteps of the current macrostep; more than `maxMicrosteps` is an infinite loop.
    var microstepCount = 0
    /// Microsteps of the macrosteps for events the machine sent itself, in the current call.
    var drainedMicrosteps = 0
    /// The last transitions taken in the current macrostep (a ring of `recentCapacity`), for the loop error.
    let recentTransitions: UnsafeMutablePointer<Int32>
    var recentCount = 0
    static let recentCapacity = 64

    // Choices and host functions.
    var choices = ChoiceSequence()
    var host: HostBindings?
    /// Each opaque guard's outcome in the current selection (-1: not asked yet). A host predicate is asked once per
    /// selection: two transitions guarded by the same `?name` see one answer, as the guard analysis assumes.
    var opaqueOutcomes: [Int8] = []

    // Recording, all off by default.
    var recordsMicrosteps = false
    var microsteps: [Microstep] = []
    /// What a `CoverageRecorder` collects, as raw buffers the hot loop writes without retains or uniqueness checks.
    var coverage: CoverageBuffers?
    var checksOverlaps = false
    var checksInvariants = false
    var overlaps: [CoverageRecorder.Overlap] = []
    /// The invariants found violated at a macrostep end of the current call, each once, where it first broke.
    var violations: [InvariantViolation] = []
    /// The packed key, kept up to date, when the explorer asked for it.
    var tracking: KeyTracking?
    /// The codec of `tracking`, for the rare rewrite of history fields.
    var trackingCodec: StateCodec?
    /// Where the tests and assignments of the current step are recorded, while the explorer asks for them.
    var trace: UnsafeMutablePointer<StepTrace>?

    @inline(__always)
    func isActive(_ state: Int) -> Bool { configuration[state >> 6] & (1 << UInt64(state & 63)) != 0 }
    @inline(__always)
    func activate(_ state: Int) {
        configuration[state >> 6] |= 1 << UInt64(state & 63)
        tracking?.activate(state)
    }

    @inline(__always)
    func deactivate(_ state: Int) {
        configuration[state >> 6] &= ~(1 << UInt64(state & 63))
        tracking?.deactivate(state)
    }

    func computeHalted() -> Bool {
        tree.haltingStates.contains { isActive($0) }
    }

    var currentConfiguration: StateSet {
        StateSet(words: Array(UnsafeBufferPointer(start: configuration, count: words)))
    }

    var currentVariables: [Int] { Array(UnsafeBufferPointer(start: variables, count: machine.spec.variables.count)) }

    /// The transitions taken most recently in this macrostep, oldest first (at most `recentCapacity`).
    var recentTransitionList: [Int] {
        let count = min(recentCount, Self.recentCapacity)
        return (recentCount - count..<recentCount).map { Int(recentTransitions[$0 % Self.recentCapacity]) }
    }

    @inline(__always)
    func entered(_ state: Int) {
        guard let coverage else { return }
        let bit: UInt64 = 1 << UInt64(state & 63)
        if coverage.entered[state >> 6] & bit == 0 {
            coverage.entered[state >> 6] |= bit
            coverage.discoveries.pointee += 1
        }
    }

    /// An invariant that cannot be evaluated (a division by zero, an overflow) does not hold: what it promises cannot
    /// be shown.
    func invariantHolds(_ index: Int) -> Bool { (try? invariantResult(index).get()).map { $0 != 0 } ?? false }

    /// Why the invariant at `index` cannot be evaluated in the current state ("division by zero"), or nil.
    func invariantFailure(_ index: Int) -> String? {
        if case .failure(let error) = invariantResult(index) { return error.reason }
        return nil
    }

    private func invariantResult(_ index: Int) -> Result<Int, EvaluationError> {
        Result { () throws(EvaluationError) -> Int in
            try machine.invariants[index].evaluate(variables: variables, parameters: parameters, configuration: configuration)
        }
    }
}
