@_spi(Stepping) public import SMEngine
import SMSpec

/// Where a finding shows: a configuration (by its id in the visited store) at a BFS depth, and optionally the event
/// instance and choices taken from it. Ordered by (depth, state, instance, choices), so the smallest witness of a
/// finding is the same on every run, whatever the threads did.
public struct Witness: Hashable, Sendable, Comparable {
    public let depth: Int
    public let state: UInt64
    /// Index in `Explorer.eventInstances` of the event taken from `state`; nil when `state` itself shows the finding.
    public let instance: Int?
    public let choices: [Int]

    public static func < (a: Witness, b: Witness) -> Bool {
        if a.depth != b.depth { return a.depth < b.depth }
        if a.state != b.state { return a.state < b.state }
        if (a.instance ?? -1) != (b.instance ?? -1) { return (a.instance ?? -1) < (b.instance ?? -1) }
        return a.choices.lexicographicallyPrecedes(b.choices)
    }
}

/// What one worker (or the whole exploration, after merging) found, keeping the smallest witness of each finding.
struct WorkerResults {
    /// Engine errors by signature (what failed where), with the smallest witness.
    var errors: [String: (error: EngineError, witness: Witness)] = [:]
    var invariants: [Int: Witness] = [:]
    var overlaps: [Pair: (overlap: CoverageRecorder.Overlap, witness: Witness)] = [:]
    /// Deadlocked configurations grouped by their active states: one finding per group, however many variable
    /// valuations deadlock there.
    var deadlocks: [[UInt64]: DeadlockGroup] = [:]
    var coverage: CoverageRecorder

    struct DeadlockGroup {
        var smallest: Witness
        var count: Int
    }

    struct Pair: Hashable {
        let first: Int
        let second: Int
    }

    let invariantCount: Int
    /// Changes whenever a witness is kept, so a search that must hold on to witnesses' states knows when to look.
    private(set) var version = 0

    /// Every state a kept witness names.
    var witnessStates: [UInt64] {
        errors.values.map(\.witness.state) + invariants.values.map(\.state) + overlaps.values.map(\.witness.state)
            + deadlocks.values.map(\.smallest.state)
    }

    init(machine: Machine) {
        coverage = CoverageRecorder(machine: machine)
        invariantCount = machine.spec.invariants.count
    }

    mutating func error(_ error: EngineError, _ witness: Witness) {
        guard let signature = Self.signature(of: error) else { return }
        if let existing = errors[signature], existing.witness <= witness { return }
        errors[signature] = (error, witness)
        version += 1
    }

    static func signature(of error: EngineError) -> String? { error.kind.findingSignature(at: error.location) }

    mutating func invariant(_ index: Int, _ witness: Witness) {
        if let existing = invariants[index], existing <= witness { return }
        invariants[index] = witness
        version += 1
    }

    mutating func overlap(_ overlap: CoverageRecorder.Overlap, _ witness: Witness) {
        let pair = Pair(first: overlap.first, second: overlap.second)
        if let existing = overlaps[pair], existing.witness <= witness { return }
        overlaps[pair] = (overlap, witness)
        version += 1
    }

    mutating func deadlock(_ witness: Witness, configuration: [UInt64]) {
        add(DeadlockGroup(smallest: witness, count: 1), for: configuration)
    }

    private mutating func add(_ group: DeadlockGroup, for configuration: [UInt64]) {
        version += 1
        if var existing = deadlocks[configuration] {
            existing.count += group.count
            existing.smallest = min(existing.smallest, group.smallest)
            deadlocks[configuration] = existing
        } else {
            deadlocks[configuration] = group
        }
    }

    /// Checks a configuration reached for the first time: its invariants.
    mutating func checkNewState(_ id: UInt64, depth: Int, context: StepContext) {
        guard invariantCount > 0 else { return }
        for i in 0..<invariantCount where !context.invariantHolds(i) {
            invariant(i, Witness(depth: depth, state: id, instance: nil, choices: []))
        }
    }

    mutating func merge(_ other: WorkerResults) {
        for (_, entry) in other.errors { error(entry.error, entry.witness) }
        for (index, witness) in other.invariants { invariant(index, witness) }
        for (_, entry) in other.overlaps { overlap(entry.overlap, entry.witness) }
        for (configuration, group) in other.deadlocks { add(group, for: configuration) }
        coverage.merge(other.coverage)
    }
}

/// The result of exploring a machine: statistics, coverage, and the smallest witness of everything found, with
/// shortest traces on demand.
public final class Exploration {
    public let machine: Machine
    package let codec: StateCodec
    let store: any VisitedStore
    public let eventInstances: [EventInstance]

    public internal(set) var configurations = 0
    /// Steps that took a transition: (configuration, event instance, choices) where the machine handled the event.
    /// Events no active state handles are not counted.
    public internal(set) var transitions = 0
    public internal(set) var depth = 0
    public internal(set) var isComplete = true
    /// Why the exploration stopped early, when it did.
    public internal(set) var incompleteReason: String?
    public internal(set) var elapsed = 0.0
    public internal(set) var peakMemory = 0
    /// Bytes of memory the visited store held when the search ended: for the dense store, the pages of its array in
    /// memory, so a few configurations spread over a large array cost pages, not bytes, each. Taken then, as reading
    /// the store afterwards (`contains`) maps pages of its own.
    public internal(set) var storeMemory = 0
    /// Threads that expanded states: one for a store that takes inserts from one thread (wide hashed, bitstate),
    /// whatever `ExplorationOptions.threads` asked for.
    public internal(set) var threads = 1
    /// What a bitstate search stored and how much of the space it is expected to have covered.
    public internal(set) var bitstate: BitstateSummary?

    public struct BitstateSummary: Sendable, CustomStringConvertible {
        public let bits: Int
        public let hashFunctions: Int
        public let stored: Int
        /// The expected share of the reachable configurations visited (hash collisions skip the rest).
        public let expectedCoverage: Double
        /// The chance that a new configuration met at the end was skipped (the array's fill, cubed).
        public let finalSkipProbability: Double
        /// The depth limit of a depth-first search (nil: breadth first, no limit).
        public let depthLimit: Int?
        /// Configurations at the depth limit, stored but not expanded.
        public let truncated: Int

        /// A final skip probability from which the coverage estimate is said to be unreliable.
        static let saturation = 0.5

        /// Whether the array ended saturated: the estimate then misleads (see `description`).
        public var isSaturated: Bool { finalSkipProbability >= Self.saturation }

        public var description: String {
            let bytes = bits / 8
            let size = bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(max(1, bytes >> 10)) KB"
            let percent = (expectedCoverage * 100_000).rounded(.down) / 1_000
            let configurations = LimitMonitor.configurations(stored)
            let cut =
                truncated == 0
                ? ""
                : "; the depth limit of \(depthLimit ?? 0) cut the search at \(LimitMonitor.configurations(truncated)), below which nothing was searched"
            // Past this the estimate misleads: it counts the configurations met, and a skipped one's successors are
            // never met. Three counters of 200 values (8,000,000 configurations), breadth first: skipped at 43% at
            // the end, 84.3% expected and 82.4% real; at 60%, 75.6% and 48.8%; at 62%, 74.3% and 24.9%.
            let saturated =
                !isSaturated
                ? ""
                : "; the array is saturated (a new configuration was skipped with probability \(Int((finalSkipProbability * 100).rounded()))% at the end), so the configurations only skipped ones lead to, which the estimate cannot count, may be most of the space: a larger --bitstate array covers more"
            return
                "a bitstate search stored \(configurations) in a \(size) bit array (\(hashFunctions) hash functions); expected coverage \(percent)%: a configuration whose bits all collide with visited ones is skipped"
                + saturated + cut
        }
    }

    /// Steps (a configuration, an event instance and its choices) the step plans answered without running the engine
    /// (`StepPlanCache`), whether they took a transition or handled nothing.
    public internal(set) var cachedSteps = 0
    /// Of those, the steps plans compiled to native code answered (`ExplorationOptions.compilesPlans`).
    public internal(set) var nativeSteps = 0
    /// What the search compiled to native code, or why it could not (nil when it was not asked to).
    public internal(set) var nativePlans: NativePlanSummary?
    /// Steps the engine ran: those no plan could answer yet, and those that cannot be planned.
    public internal(set) var engineSteps = 0
    /// Invariant checks of new configurations answered from the bits the invariant reads (`InvariantMemo`), without
    /// evaluating it.
    package internal(set) var rememberedInvariants = 0
    /// Of the cached steps, those whose plan's result was found again for the values it reads (`PlanMemo`), so the
    /// plan was not walked.
    package internal(set) var rememberedReplays = 0
    /// Replays that looked their plan's result up there, found or not.
    package internal(set) var planMemoLookups = 0
    /// Layers (rounds, for a partitioned store) the threads expanded together.
    package internal(set) var sharedLayers = 0
    /// Planned steps the engine computed differently, and remembered invariants that evaluate differently, found by
    /// `verifiesTransitionCache` or while recording (0 unless the plans or the memo are wrong).
    public internal(set) var transitionCacheMismatches = 0
    /// The start itself failed (an error in the initial macrostep).
    public internal(set) var startError: EngineError?
    package internal(set) var coverage: CoverageRecorder
    var results: WorkerResults
    var root: UInt64 = 0
    /// The combinations of choices the search tried per step, at most: a trace is rebuilt within the same.
    let maximumChoiceCombinations: Int

    init(
        machine: Machine, codec: StateCodec, store: any VisitedStore, eventInstances: [EventInstance],
        maximumChoiceCombinations: Int
    ) {
        self.maximumChoiceCombinations = maximumChoiceCombinations
        self.machine = machine
        self.codec = codec
        self.store = store
        self.eventInstances = eventInstances
        coverage = CoverageRecorder(machine: machine)
        results = WorkerResults(machine: machine)
    }

    /// Whether the search stopped at a limit of its breadth-first layers (configurations, time, memory, depth, a
    /// cancel) and for no other reason: every configuration nearer the start than its last two layers was expanded.
    package internal(set) var stoppedOnlyAtALimit = false

    /// Marks the result incomplete; the first reason is kept, unless `alongside` adds this one to it. `atLimit`: the
    /// breadth-first search stopped at one of its limits, between or in the middle of expanding a layer.
    func stop(_ reason: String, alongside: Bool = false, atLimit: Bool = false) {
        if isComplete {
            incompleteReason = reason
            stoppedOnlyAtALimit = atLimit
        } else {
            if alongside, let first = incompleteReason { incompleteReason = first + "; " + reason }
            if !atLimit { stoppedOnlyAtALimit = false }
        }
        isComplete = false
    }

    /// Bytes the visited store holds per configuration, when the search ended (`storeMemory`).
    public var bytesPerState: Double { configurations == 0 ? 0 : Double(storeMemory) / Double(configurations) }
    public var statesPerSecond: Double { elapsed > 0 ? Double(configurations) / elapsed : 0 }

    /// Whether the exploration visited `state` (a stable configuration with its variables and history).
    public func contains(_ state: MachineState) -> Bool { id(of: state) != nil }

    /// The id of `state` in the store, when the search visited it.
    private func id(of state: MachineState) -> UInt64? {
        // Not one of the machine's states (another machine's shape, an impossible configuration or value): never
        // reached, and loading it would write past the context's buffers.
        guard machine.problem(with: state) == nil else { return nil }
        let context = StepContext(machine: machine)
        context.load(state)
        // A state its key does not give back (a memory the codec folds onto another's) is not the one stored there.
        return id(of: context) { codec.decode($0) == state }
    }

    /// Whether the search visited the configuration `context` is in.
    func contains(_ context: StepContext) -> Bool { id(of: context) != nil }

    /// The id of the configuration `context` is in, when the search visited it and its key passes `check`.
    private func id(of context: StepContext, check: (UnsafePointer<UInt64>) -> Bool = { _ in true }) -> UInt64? {
        // A variable off the values its assignments allow: never reached (and its key would be another state's).
        guard codec.canEncode(context) else { return nil }
        let key = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        defer { key.deallocate() }
        codec.encode(context, into: key)
        return check(key) ? store.lookup(key) : nil
    }

    /// Which store held the visited set: "dense", "hashed", "compact", "wide compact", "wide hashed" or "bitstate".
    public var storeKind: String { store.kind }

    /// The configuration a witness names, as a value.
    public func state(_ id: UInt64) -> MachineState {
        let key = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        defer { key.deallocate() }
        store.key(of: id, into: key)
        return codec.decode(key)
    }

    /// The trace to `state`, `depth` steps from the start, as `trace(to:)` rebuilds it from the parents the search
    /// kept; nil when the search did not visit it. For tests that check every state's parent.
    package func trace(to state: MachineState, depth: Int) -> [TraceStep]? {
        id(of: state).map { trace(to: Witness(depth: depth, state: $0, instance: nil, choices: [])) }
    }

    /// The shortest event trace from the initial configuration to the witness (and its own event, if it has one).
    public func trace(to witness: Witness) -> [TraceStep] {
        var path: [UInt64] = [witness.state]
        while let parent = store.parent(of: path[path.count - 1], depth: witness.depth - (path.count - 1)) { path.append(parent) }
        path.reverse()
        let context = StepContext(machine: machine)
        let parentKey = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        let childKey = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        let targetKey = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        defer {
            parentKey.deallocate()
            childKey.deallocate()
            targetKey.deallocate()
        }
        var steps: [TraceStep] = []
        for (parent, child) in zip(path, path.dropFirst()) {
            store.key(of: parent, into: parentKey)
            store.key(of: child, into: targetKey)
            if let step = firstEdge(from: parentKey, to: targetKey, context: context, scratch: childKey) { steps.append(step) }
        }
        if let instance = witness.instance { steps.append(TraceStep(event: eventInstances[instance], choices: witness.choices)) }
        return steps
    }

    /// The first (event instance, choices) from `parent` that leads to `target`, in exploration order.
    private func firstEdge(
        from parent: UnsafePointer<UInt64>, to target: UnsafePointer<UInt64>, context: StepContext,
        scratch: UnsafeMutablePointer<UInt64>
    ) -> TraceStep? {
        for instance in eventInstances {
            var choices = ChoiceSequence()
            // As many combinations as the search tried: an event whose steps meet a hundred choices has 2^100.
            var tried = 0
            repeat {
                tried += 1
                if tried > maximumChoiceCombinations { break }
                codec.decode(parent, into: context)
                context.choices = choices
                if (try? context.process(instance)) != nil {
                    codec.encode(context, into: scratch)
                    if PackedKey.equal(scratch, target, codec.words) { return TraceStep(event: instance, choices: context.choices.used) }
                }
                choices = context.choices
            } while choices.advance()
        }
        return nil
    }
}
