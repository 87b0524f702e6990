public import SMSpec

/// Outcomes of opaque guards and `oneOf` targets, as a sequence of choices: the explorer enumerates them, the
/// fuzzer draws them, a replay feeds them back.
///
/// Each choice point takes the next value (0 when the sequence is exhausted) and records how many values it had,
/// so a caller can walk every combination.
public struct ChoiceSequence: Hashable, Sendable {
    /// The values to use, in order: for an opaque guard 0 = false, 1 = true; for `oneOf`, the option's index.
    public var values: [Int]
    /// How many values each choice point met so far had (2 for a guard, the option count for `oneOf`).
    public private(set) var arities: [Int] = []
    private var cursor = 0

    public init(_ values: [Int] = []) { self.values = values }

    /// The values actually used, one per choice point met.
    public var used: [Int] { (0..<cursor).map { $0 < values.count ? values[$0] : 0 } }

    mutating func next(arity: Int) -> Int {
        defer { cursor += 1 }
        arities.append(arity)
        guard cursor < values.count else { return 0 }
        return min(max(values[cursor], 0), arity - 1)
    }

    /// Moves to the combination after the one the last run used, odometer style: the last choice point with
    /// another value to try moves on, and every choice point after it starts over (at 0, by being left out).
    /// Returns false when every combination of the choice points met has been tried.
    public mutating func advance() -> Bool {
        var next = Array((values + Array(repeating: 0, count: max(0, arities.count - values.count))).prefix(arities.count))
        var position = next.count - 1
        while position >= 0 && next[position] + 1 >= arities[position] { position -= 1 }
        guard position >= 0 else { return false }
        next[position] += 1
        reset(Array(next.prefix(position + 1)))
        return true
    }

    /// Starts the same values over for another call.
    mutating func rewind() {
        if !arities.isEmpty { arities.removeAll(keepingCapacity: true) }
        cursor = 0
    }

    /// Starts over for another step, keeping nothing.
    public mutating func reset(_ values: [Int] = []) {
        self.values = values
        arities.removeAll(keepingCapacity: true)
        cursor = 0
    }
}

/// What the host registers for a machine: predicates for opaque guards, callbacks for `call` actions, and a
/// resolver for `oneOf` targets. Indexed by the ids the spec's resolution gave the names.
struct HostBindings: Sendable {
    var guards: [(@Sendable (HostCall) -> Bool)?]
    var callbacks: [(@Sendable (HostCall) -> Void)?]
    var resolver: (@Sendable (OneOfRequest) -> Int)?
}

/// What a host guard or callback is told: its name and the event being handled.
public struct HostCall: Sendable {
    public let name: String
    /// The event being handled; nil in an eventless step or at the start.
    public let event: String?
    public let arguments: [String: Value]
}

/// A `oneOf` target to resolve: the transition and the states to choose from.
public struct OneOfRequest: Sendable {
    public let transition: Int
    /// The candidate targets' full paths, in the order written.
    public let options: [String]
}

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

    // Recording, all off by default.
    var recordsMicrosteps = false
    var microsteps: [Microstep] = []
    /// What a `CoverageRecorder` collects, as raw buffers the hot loop writes without retains or uniqueness checks.
    var coverage: CoverageBuffers?
    var checksOverlaps = false
    var checksInvariants = false
    var overlaps: [CoverageRecorder.Overlap] = []
    var violatedInvariant: Int?
    /// The packed key, kept up to date, when the explorer asked for it.
    var tracking: KeyTracking?
    /// The codec of `tracking`, for the rare rewrite of history fields.
    var trackingCodec: StateCodec?

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
        tree.children[0].contains { tree.kind[$0] == .final && isActive($0) }
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

    func invariantHolds(_ index: Int) -> Bool {
        (try? machine.invariants[index].evaluate(variables: variables, parameters: parameters, configuration: configuration)) != 0
    }
}

/// A reusable place to run steps: the current state of one machine plus the scratch the SCXML algorithm needs.
///
/// A context belongs to one thread at a time. The step is a pure function of the state loaded into the context
/// (`load`), the event and the choices; `snapshot()` reads the result. The explorer and the fuzzer keep one
/// context per thread and step it millions of times without allocating.
public final class StepContext {
    public let machine: Machine
    /// Accessed only by the thread that owns the context, one call at a time, so the run-time exclusivity check
    /// (a measurable share of a step) is left out.
    @exclusivity(unchecked) var core: StepCore
    /// The configuration and variable buffers the core works on, reachable without touching the core.
    let configuration: UnsafeMutablePointer<UInt64>
    let variables: UnsafeMutablePointer<Int>
    // A saved state to return to cheaply (`checkpoint()`, `restoreCheckpoint()`).
    private let savedConfiguration: UnsafeMutablePointer<UInt64>
    private let savedVariables: UnsafeMutablePointer<Int>
    private var savedHistory: [StateSet?] = []
    private var savedHalted = false
    private var savedKey: UnsafeMutablePointer<UInt64>?
    private let variableCount: Int
    private let hasHistory: Bool

    public init(machine: Machine) {
        self.machine = machine
        let words = machine.words
        let configuration = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        configuration.initialize(repeating: 0, count: words)
        let exitScratch = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        exitScratch.initialize(repeating: 0, count: words)
        let variableCount = max(1, machine.spec.variables.count)
        let variables = UnsafeMutablePointer<Int>.allocate(capacity: variableCount)
        variables.initialize(repeating: 0, count: variableCount)
        let parameterCount = max(1, machine.maximumParameters)
        let parameters = UnsafeMutablePointer<Int>.allocate(capacity: parameterCount)
        parameters.initialize(repeating: 0, count: parameterCount)
        self.configuration = configuration
        self.variables = variables
        self.variableCount = machine.spec.variables.count
        self.hasHistory = !machine.historyStates.isEmpty
        savedConfiguration = .allocate(capacity: words)
        savedConfiguration.initialize(repeating: 0, count: words)
        savedVariables = .allocate(capacity: variableCount)
        savedVariables.initialize(repeating: 0, count: variableCount)
        let selectionCapacity = max(1, machine.transitionCount)
        core = StepCore(machine: machine, tree: machine.tree, hot: machine.hot, words: words,
                        maxMicrosteps: machine.options.maxMicrosteps, unhandledIsError: machine.options.unhandled == .error,
                        eventCount: machine.eventCount, invariantCount: machine.invariants.count,
                        hasHistory: !machine.historyStates.isEmpty,
                        hasEventless: machine.eventlessCandidateWords.contains { $0 != 0 },
                        configuration: configuration,
                        variables: variables, history: Array(repeating: nil, count: machine.historyStates.count),
                        parameters: parameters, selected: .allocate(capacity: selectionCapacity),
                        selectedOption: .allocate(capacity: selectionCapacity), exitScratch: exitScratch,
                        recentTransitions: .allocate(capacity: StepCore.recentCapacity))
    }

    deinit {
        core.coverage?.deallocate()
        core.tracking?.deallocate()
        savedKey?.deallocate()
        savedConfiguration.deallocate()
        savedVariables.deallocate()
        core.configuration.deallocate()
        core.exitScratch.deallocate()
        core.variables.deallocate()
        core.parameters.deallocate()
        core.selected.deallocate()
        core.selectedOption.deallocate()
        core.recentTransitions.deallocate()
    }

    // MARK: - Stepping

    /// Enters the initial configuration and runs the first macrostep (SCXML's interpret()).
    /// The context's variables must hold their initial values (`resetToInitialState()` does both).
    @discardableResult
    public func start() throws(EngineError) -> StepOutcome { try core.start() }

    /// Clears the context to the machine's initial variables and an empty configuration, then starts it.
    @discardableResult
    public func resetToInitialState() throws(EngineError) -> StepOutcome { try core.resetToInitialState() }

    /// Processes one external event to completion, then every event the machine sent itself meanwhile.
    ///
    /// Throws when the spec's rules are broken (loop, range, choice, queue, unhandled with `"error"`). After a
    /// throw the context's state is unspecified: load a state again.
    @discardableResult
    public func process(_ event: EventInstance) throws(EngineError) -> StepOutcome { try core.process(event) }

    // MARK: - State in and out

    /// Makes `state` the context's current state.
    public func load(_ state: MachineState) {
        for i in 0..<core.words { core.configuration[i] = state.configuration.words[i] }
        for (i, value) in state.variables.enumerated() { core.variables[i] = value }
        core.history = state.history
        core.isHalted = core.computeHalted()
        if let tracking = core.tracking { core.trackingCodec!.encode(self, into: tracking.key) }
    }

    /// Keeps the packed key of `codec` up to date through every step, so `trackedKey` is the current state's key
    /// without encoding it: what the explorer's hot loop reads.
    public func trackPackedKey(with codec: StateCodec) {
        core.tracking?.deallocate()
        savedKey?.deallocate()
        let tracking = codec.makeTracking()
        core.tracking = tracking
        core.trackingCodec = codec
        savedKey = .allocate(capacity: tracking.words)
        savedKey!.initialize(repeating: 0, count: tracking.words)
        codec.encode(self, into: tracking.key)
    }

    /// The current state's packed key, when `trackPackedKey(with:)` was called.
    public var trackedKey: UnsafePointer<UInt64>? { core.tracking.map { UnsafePointer($0.key) } }

    /// The context's current state as a value.
    public func snapshot() -> MachineState {
        MachineState(configuration: core.currentConfiguration, variables: core.currentVariables, history: core.history)
    }

    /// Remembers the current state, to come back to it with `restoreCheckpoint()`: a copy of a few words, much
    /// cheaper than `load` or decoding a packed state again.
    public func checkpoint() {
        if let tracking = core.tracking { Self.copy(tracking.key, to: savedKey!, tracking.words) }
        Self.copy(configuration, to: savedConfiguration, core.words)
        Self.copy(variables, to: savedVariables, variableCount)
        if hasHistory { savedHistory = core.history }
        savedHalted = core.isHalted
    }

    /// Returns to the state of the last `checkpoint()`.
    public func restoreCheckpoint() {
        if let tracking = core.tracking { Self.copy(savedKey!, to: tracking.key, tracking.words) }
        Self.copy(savedConfiguration, to: configuration, core.words)
        Self.copy(savedVariables, to: variables, variableCount)
        if hasHistory { core.history = savedHistory }
        core.isHalted = savedHalted
    }

    /// Whether the host's event `event` would go unhandled in the checkpointed state without running anything: the
    /// machine halted, or no active state has a transition for it, and unhandled events are ignored rather than
    /// errors. Such a step leaves the state as it is; this records it as unhandled where `process` would, so an
    /// explorer can skip the step (`process` would only confirm it).
    package func ignoresInCheckpoint(_ event: Int) -> Bool {
        if savedHalted { return true }
        if core.unhandledIsError { return false }
        let words = core.words
        let candidates = core.hot.eventCandidateWords + event * words
        for w in 0..<words where candidates[w] & savedConfiguration[w] != 0 { return false }
        if let coverage = core.coverage {
            for w in 0..<words { coverage.unhandledIn[event * words + w] |= savedConfiguration[w] }
        }
        return true
    }

    /// A loop, not memmove: these copies are a few words, and a call costs more than the copy.
    @inline(__always)
    private static func copy<T>(_ source: UnsafeMutablePointer<T>, to target: UnsafeMutablePointer<T>, _ count: Int) {
        var i = 0
        while i < count {
            target[i] = source[i]
            i += 1
        }
    }

    public var currentConfiguration: StateSet { core.currentConfiguration }
    public var currentVariables: [Int] { core.currentVariables }
    public var isHalted: Bool { core.isHalted }

    /// The raw configuration words, for packing.
    public var configurationWords: UnsafeMutableBufferPointer<UInt64> { UnsafeMutableBufferPointer(start: configuration, count: machine.words) }
    /// The raw variable slots, for packing.
    public var variableSlots: UnsafeMutableBufferPointer<Int> {
        UnsafeMutableBufferPointer(start: variables, count: machine.spec.variables.count)
    }
    /// The history memory (per history state, in `Machine.historyStates` order).
    public var history: [StateSet?] {
        get { core.history }
        set { core.history = newValue }
    }

    /// Whether the invariant at `index` holds in the current state.
    public func invariantHolds(_ index: Int) -> Bool { core.invariantHolds(index) }

    // MARK: - Choices, host functions, recording

    public var choices: ChoiceSequence {
        get { core.choices }
        set { core.choices = newValue }
    }

    var host: HostBindings? {
        get { core.host }
        set { core.host = newValue }
    }

    /// Record every microstep (for traces, observers and `smcheck run`).
    public var recordsMicrosteps: Bool {
        get { core.recordsMicrosteps }
        set { core.recordsMicrosteps = newValue }
    }

    /// The microsteps of the last call, when recorded.
    public var microsteps: [Microstep] { core.microsteps }

    /// The analysis and coverage recorder, when analysis or fuzzing asked for one. Setting a recorder starts
    /// recording (from the recorder's content); reading it gives what was recorded since.
    public var recorder: CoverageRecorder? {
        get {
            guard let coverage = core.coverage else { return nil }
            var recorder = CoverageRecorder(machine: machine, checksOverlaps: core.checksOverlaps, checksInvariants: core.checksInvariants)
            coverage.copy(into: &recorder, machine: machine)
            recorder.overlaps = core.overlaps
            recorder.violatedInvariant = core.violatedInvariant
            return recorder
        }
        set {
            core.coverage?.deallocate()
            core.coverage = newValue.map { CoverageBuffers($0, machine: machine) }
            core.checksOverlaps = newValue?.checksOverlaps ?? false
            core.checksInvariants = newValue?.checksInvariants ?? false
            core.overlaps = newValue?.overlaps ?? []
            core.violatedInvariant = newValue?.violatedInvariant
        }
    }

    /// How many overlaps the recorder holds.
    public var recordedOverlapCount: Int { core.overlaps.count }

    /// The overlaps the recorder found from index `start` on.
    public func recordedOverlaps(from start: Int) -> ArraySlice<CoverageRecorder.Overlap> { core.overlaps[start...] }

    /// The invariant the recorder saw violated at a macrostep end during the last call.
    public var recordedViolatedInvariant: Int? { core.violatedInvariant }

    /// How many times a step reached something the recorder had not seen (a state entered, a transition taken, an
    /// outcome of a guard) since the recorder was set: compare it before and after a step to tell whether the step
    /// found something new. 0 without a recorder.
    public var coverageDiscoveries: Int { core.coverage?.discoveries.pointee ?? 0 }

    /// Whether some active state has a transition on `event` (its guard aside): the event may be handled now.
    public func mayHandle(_ event: Int) -> Bool {
        let candidates = core.hot.eventCandidateWords + event * core.words
        for w in 0..<core.words where candidates[w] & configuration[w] != 0 { return true }
        return false
    }

    /// Whether an active state has a transition on `event` that the recorder has not seen taken yet.
    public func offersUntakenTransition(_ event: Int) -> Bool {
        guard let coverage = core.coverage else { return false }
        let hot = core.hot
        let candidates = hot.eventCandidateWords + event * core.words
        for w in 0..<core.words {
            var bits = candidates[w] & configuration[w]
            while bits != 0 {
                var state = w << 6 | bits.trailingZeroBitCount
                bits &= bits - 1
                while state >= 0 {
                    let slot = state * core.eventCount + event
                    for i in Int(hot.dispatchStart[slot])..<Int(hot.dispatchStart[slot + 1]) where !coverage.taken[Int(hot.dispatchPool[i])] {
                        return true
                    }
                    state = Int(hot.parent[state])
                }
            }
        }
        return false
    }

    /// Sets the choice values for the next call, in place.
    public func useChoices(_ values: [Int]) {
        if core.choices.values.isEmpty && values.isEmpty { return }
        core.choices.reset(values)
    }

    /// How many values each choice point of the last call had (2 for an opaque guard, the option count for `oneOf`).
    public var choiceArities: [Int] { core.choices.arities }

    /// After a call: the values of the next combination of the choices that call met, or nil when every
    /// combination was tried (see `ChoiceSequence.advance`). Nil at once when the call met no choice point.
    public func nextChoices() -> [Int]? {
        if core.choices.arities.isEmpty { return nil }
        return core.choices.advance() ? core.choices.values : nil
    }
}

/// What analysis and fuzzing want to know about steps beyond their result, accumulated over many steps.
public struct CoverageRecorder: Sendable {
    /// States entered, even transiently inside a macrostep.
    public var enteredStates: StateSet
    /// Transitions taken.
    public var takenTransitions: [Bool]
    /// Transitions whose guard held where they were considered (taken or not).
    public var enabledTransitions: [Bool]
    /// For guarded transitions: whether the guard was seen true (bit 1) and false (bit 2).
    public var guardOutcomes: [UInt8]
    /// Events that some transition handled.
    public var handledEvents: [Bool]
    /// For each external event, the states that were active (`Machine.words` words each) when it went unhandled.
    public var unhandledIn: [UInt64]
    /// Check, after each selection, whether a later transition of the same state was enabled too.
    public var checksOverlaps: Bool
    /// Overlapping pairs found (first, second) with the event of the first witness; filled when `checksOverlaps`.
    public var overlaps: [Overlap] = []
    /// Check invariants at the end of every macrostep (also those of events the machine sent itself).
    public var checksInvariants: Bool
    /// The first invariant found violated at a macrostep end of the current call, if any.
    public var violatedInvariant: Int?

    public struct Overlap: Hashable, Sendable {
        public var first: Int
        public var second: Int
        public var event: EventInstance?
        public var variables: [Int]
    }

    public init(machine: Machine, checksOverlaps: Bool = false, checksInvariants: Bool = false) {
        enteredStates = StateSet(capacity: machine.stateCount)
        takenTransitions = Array(repeating: false, count: machine.transitionCount)
        enabledTransitions = Array(repeating: false, count: machine.transitionCount)
        guardOutcomes = Array(repeating: 0, count: machine.transitionCount)
        handledEvents = Array(repeating: false, count: machine.eventCount)
        unhandledIn = Array(repeating: 0, count: machine.eventCount * machine.words)
        self.checksOverlaps = checksOverlaps
        self.checksInvariants = checksInvariants
    }

    /// Whether `event` was ever unhandled while `state` was active.
    public func wasUnhandled(_ event: Int, in state: Int, words: Int) -> Bool {
        unhandledIn[event * words + state >> 6] & (1 << UInt64(state & 63)) != 0
    }

    /// Adds what another recorder saw (from another thread's context).
    public mutating func merge(_ other: CoverageRecorder) {
        enteredStates.formUnion(other.enteredStates)
        for i in takenTransitions.indices {
            takenTransitions[i] = takenTransitions[i] || other.takenTransitions[i]
            enabledTransitions[i] = enabledTransitions[i] || other.enabledTransitions[i]
            guardOutcomes[i] |= other.guardOutcomes[i]
        }
        for i in handledEvents.indices { handledEvents[i] = handledEvents[i] || other.handledEvents[i] }
        for i in unhandledIn.indices { unhandledIn[i] |= other.unhandledIn[i] }
        for overlap in other.overlaps where !overlaps.contains(where: { $0.first == overlap.first && $0.second == overlap.second }) {
            overlaps.append(overlap)
        }
    }
}

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
