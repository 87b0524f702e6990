/// A reusable place to run steps: the current state of one machine plus the scratch the SCXML algorithm needs.
///
/// A context belongs to one thread at a time. The step is a pure function of the state loaded into the context
/// (`load`), the event and the choices; `snapshot()` reads the result. The explorer and the fuzzer keep one
/// context per thread and step it millions of times without allocating.
///
/// Not for apps (they run a `StateMachine`): the package's modules use it, and tools outside the package (the
/// benchmarks, the conformance runner of the generated code) reach its raw step with `@_spi(Stepping) import SMEngine`.
@_spi(Stepping) public final class StepContext {
    package let machine: Machine
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

    @_spi(Stepping) public init(machine: Machine) {
        self.machine = machine
        let words = machine.words
        let configuration = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        configuration.initialize(repeating: 0, count: words)
        let exitScratch = UnsafeMutablePointer<UInt64>.allocate(capacity: words)
        exitScratch.initialize(repeating: 0, count: words)
        let variableCount = max(1, machine.spec.variables.count)
        let variables = UnsafeMutablePointer<Int>.allocate(capacity: variableCount)
        variables.initialize(repeating: 0, count: variableCount)
        // The initial values, not zeros: a packed key tracked from here (`trackPackedKey`) stores each variable in
        // the steps its assignments allow, and 0 may lie between them.
        for (i, value) in machine.initialVariables.enumerated() { variables[i] = value }
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
        core = StepCore(
            machine: machine, tree: machine.tree, hot: machine.hot, words: words,
            maxMicrosteps: machine.options.maxMicrosteps, unhandledIsError: machine.options.unhandled == .error,
            eventCount: machine.eventCount, invariantCount: machine.invariants.count,
            hasHistory: !machine.historyStates.isEmpty,
            hasEventless: machine.eventlessCandidateWords.contains { $0 != 0 },
            configuration: configuration,
            variables: variables, history: Array(repeating: nil, count: machine.historyStates.count),
            parameters: parameters, selected: .allocate(capacity: selectionCapacity),
            selectedOption: .allocate(capacity: selectionCapacity), exitScratch: exitScratch,
            recentTransitions: .allocate(capacity: StepCore.recentCapacity),
            opaqueOutcomes: Array(repeating: -1, count: machine.spec.opaqueGuards.count))
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
    package func start() throws(EngineError) -> StepOutcome { try core.start() }

    /// Clears the context to the machine's initial variables and an empty configuration, then starts it.
    @discardableResult
    @_spi(Stepping) public func resetToInitialState() throws(EngineError) -> StepOutcome { try core.resetToInitialState() }

    /// Processes one external event to completion, then every event the machine sent itself meanwhile.
    ///
    /// Throws when the spec's rules are broken (loop, range, choice, queue, unhandled with `"error"`). After a
    /// throw the context's state is unspecified: load a state again.
    @discardableResult
    @_spi(Stepping) public func process(_ event: EventInstance) throws(EngineError) -> StepOutcome { try core.process(event) }

    // MARK: - State in and out

    /// Makes `state` the context's current state.
    package func load(_ state: MachineState) {
        for i in 0..<core.words { core.configuration[i] = state.configuration.words[i] }
        for (i, value) in state.variables.enumerated() { core.variables[i] = value }
        core.history = state.history
        core.isHalted = core.computeHalted()
        if let tracking = core.tracking { core.trackingCodec!.encode(self, into: tracking.key) }
    }

    /// Keeps the packed key of `codec` up to date through every step, so `trackedKey` is the current state's key
    /// without encoding it: what the explorer's hot loop reads.
    package func trackPackedKey(with codec: StateCodec) {
        core.tracking?.deallocate()
        savedKey?.deallocate()
        let tracking = codec.makeTracking()
        core.tracking = tracking
        core.trackingCodec = codec
        savedKey = .allocate(capacity: tracking.words)
        savedKey!.initialize(repeating: 0, count: tracking.words)
        codec.encode(self, into: tracking.key)
    }

    /// Records the tests and assignments of the steps that follow into `trace`, cleared first, until
    /// `stopTracing()` (see `StepTrace`); of guards, only those of `transitions` (a bitset; nil: all).
    package func startTracing(into trace: UnsafeMutablePointer<StepTrace>, transitions: UnsafePointer<UInt64>? = nil) {
        trace.pointee.removeAll()
        trace.pointee.tracedTransitions = transitions
        core.trace = trace
    }

    package func stopTracing() { core.trace = nil }

    /// The current state's packed key, when `trackPackedKey(with:)` was called.
    package var trackedKey: UnsafePointer<UInt64>? { core.tracking.map { UnsafePointer($0.key) } }

    /// The context's current state as a value.
    package func snapshot() -> MachineState {
        MachineState(configuration: core.currentConfiguration, variables: core.currentVariables, history: core.history)
    }

    /// Remembers the current state, to come back to it with `restoreCheckpoint()`: a copy of a few words, much
    /// cheaper than `load` or decoding a packed state again.
    @_spi(Stepping) public func checkpoint() {
        if let tracking = core.tracking { Self.copy(tracking.key, to: savedKey!, tracking.words) }
        Self.copy(configuration, to: savedConfiguration, core.words)
        Self.copy(variables, to: savedVariables, variableCount)
        if hasHistory { savedHistory = core.history }
        savedHalted = core.isHalted
    }

    /// Returns to the state of the last `checkpoint()`.
    @_spi(Stepping) public func restoreCheckpoint() {
        if let tracking = core.tracking { Self.copy(savedKey!, to: tracking.key, tracking.words) }
        Self.copy(savedConfiguration, to: configuration, core.words)
        Self.copy(savedVariables, to: variables, variableCount)
        if hasHistory { core.history = savedHistory }
        core.isHalted = savedHalted
    }

    /// Makes the configuration (and whether the machine halted) that of the last `checkpoint()`, leaving the rest:
    /// with `StateCodec.decodeData`, a state whose configuration is the checkpoint's is loaded without walking the
    /// state tree.
    package func restoreConfigurationFromCheckpoint() {
        Self.copy(savedConfiguration, to: configuration, core.words)
        core.isHalted = savedHalted
    }

    /// Records that the host's event `event` went unhandled while `states` (a configuration's words) were active,
    /// as `process` does: for a caller that knows the outcome without running the step (the explorer's plans).
    package func recordUnhandled(_ event: Int, in states: UnsafePointer<UInt64>) {
        guard let coverage = core.coverage else { return }
        let words = core.words
        for w in 0..<words { coverage.unhandledIn[event * words + w] |= states[w] }
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

    @_spi(Stepping) public var currentConfiguration: StateSet { core.currentConfiguration }
    @_spi(Stepping) public var currentVariables: [Int] { core.currentVariables }
    package var isHalted: Bool { core.isHalted }

    /// The raw configuration words, for packing.
    package var configurationWords: UnsafeMutableBufferPointer<UInt64> {
        UnsafeMutableBufferPointer(start: configuration, count: machine.words)
    }
    /// The raw variable slots, for packing.
    package var variableSlots: UnsafeMutableBufferPointer<Int> {
        UnsafeMutableBufferPointer(start: variables, count: machine.spec.variables.count)
    }
    /// The history memory (per history state, in `Machine.historyStates` order).
    package var history: [StateSet?] {
        get { core.history }
        set { core.history = newValue }
    }

    /// Whether the invariant at `index` holds in the current state (one that cannot be evaluated does not).
    package func invariantHolds(_ index: Int) -> Bool {
        // The core's buffers, not a call on the core: that copied the whole struct (a retain of every reference it
        // holds), for each new configuration the explorer checks.
        let value = try? core.machine.invariants[index].evaluate(
            variables: core.variables, parameters: core.parameters, configuration: core.configuration)
        return value.map { $0 != 0 } ?? false
    }

    /// Why the invariant at `index` cannot be evaluated in the current state ("division by zero"), or nil.
    package func invariantFailure(_ index: Int) -> String? { core.invariantFailure(index) }

    /// `, where it cannot be evaluated (division by zero)` when that is why invariant `index` does not hold in
    /// `state`, else empty: the one wording of SM006, the fuzzer's failures and the test assertions.
    package static func evaluationNote(ofInvariant index: Int, in state: MachineState, machine: Machine) -> String {
        let context = StepContext(machine: machine)
        context.load(state)
        return context.invariantFailure(index).map { ", where it cannot be evaluated (\($0))" } ?? ""
    }

    // MARK: - Choices, host functions, recording

    package var choices: ChoiceSequence {
        get { core.choices }
        set { core.choices = newValue }
    }

    var host: HostBindings? {
        get { core.host }
        set { core.host = newValue }
    }

    /// Record every microstep (for traces, observers and `smcheck run`).
    @_spi(Stepping) public var recordsMicrosteps: Bool {
        get { core.recordsMicrosteps }
        set { core.recordsMicrosteps = newValue }
    }

    /// The microsteps of the last call, when recorded.
    @_spi(Stepping) public var microsteps: [Microstep] { core.microsteps }

    /// The analysis and coverage recorder, when analysis or fuzzing asked for one. Setting a recorder starts
    /// recording (from the recorder's content); reading it gives what was recorded since.
    package var recorder: CoverageRecorder? {
        get {
            guard let coverage = core.coverage else { return nil }
            var recorder = CoverageRecorder(machine: machine, checksOverlaps: core.checksOverlaps, checksInvariants: core.checksInvariants)
            coverage.copy(into: &recorder, machine: machine)
            recorder.overlaps = core.overlaps
            recorder.violations = core.violations
            return recorder
        }
        set {
            core.coverage?.deallocate()
            core.coverage = newValue.map { CoverageBuffers($0, machine: machine) }
            core.checksOverlaps = newValue?.checksOverlaps ?? false
            core.checksInvariants = newValue?.checksInvariants ?? false
            core.overlaps = newValue?.overlaps ?? []
            core.violations = newValue?.violations ?? []
        }
    }

    /// How many overlaps the recorder holds.
    package var recordedOverlapCount: Int { core.overlaps.count }

    /// The overlaps the recorder found from index `start` on.
    package func recordedOverlaps(from start: Int) -> ArraySlice<CoverageRecorder.Overlap> { core.overlaps[start...] }

    /// The invariants the recorder saw violated at a macrostep end during the last call, each with the state it first
    /// broke in.
    package var recordedViolations: [InvariantViolation] { core.violations }

    /// How many times a step reached something the recorder had not seen (a state entered, a transition taken, an
    /// outcome of a guard) since the recorder was set: compare it before and after a step to tell whether the step
    /// found something new. 0 without a recorder.
    package var coverageDiscoveries: Int { core.coverage?.discoveries.pointee ?? 0 }

    /// Whether some active state has a transition on `event` (its guard aside): the event may be handled now.
    package func mayHandle(_ event: Int) -> Bool {
        let candidates = core.hot.eventCandidateWords + event * core.words
        for w in 0..<core.words where candidates[w] & configuration[w] != 0 { return true }
        return false
    }

    /// Whether an active state has a transition on `event` that the recorder has not seen taken yet.
    package func offersUntakenTransition(_ event: Int) -> Bool {
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
                    for i in Int(hot.dispatchStart[slot])..<Int(hot.dispatchStart[slot + 1]) where !coverage.taken[Int(hot.dispatchPool[i])]
                    {
                        return true
                    }
                    state = Int(hot.parent[state])
                }
            }
        }
        return false
    }

    /// Sets the choice values for the next call, in place.
    @_spi(Stepping) public func useChoices(_ values: [Int]) {
        if core.choices.values.isEmpty && values.isEmpty { return }
        core.choices.reset(values)
    }

    /// How many values each choice point of the last call had (2 for an opaque guard, the option count for `oneOf`).
    @_spi(Stepping) public var choiceArities: [Int] { core.choices.arities }

    /// After a call: the values of the next combination of the choices that call met, or nil when every
    /// combination was tried (see `ChoiceSequence.advance`). Nil at once when the call met no choice point.
    package func nextChoices() -> [Int]? {
        if core.choices.arities.isEmpty { return nil }
        return core.choices.advance() ? core.choices.values : nil
    }
}
