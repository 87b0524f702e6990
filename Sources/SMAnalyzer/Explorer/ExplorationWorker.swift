@_spi(Stepping) import SMEngine

/// One thread's tools, kept for the whole exploration: a step context, the step plans, buffers, and what it found
/// so far. Nothing here is allocated per layer or per state, so a deep, narrow state space (a layer of one state,
/// two million times) costs its steps and little else.
final class ExplorationWorker<Store: VisitedStore> {
    private let explorer: Explorer
    private let codec: StateCodec
    private let store: Store
    private let context: StepContext
    private let plans: StepPlanCache?
    /// Whether each invariant holds, per the bits of the key it reads: when the spec has invariants and steps are
    /// cached (a run without caching is the reference the tests compare with).
    private let invariants: InvariantMemo?
    /// The same plans, called without a retain and a release around each call (two atomic operations per explored
    /// state): `plans` keeps them alive.
    private let unretainedPlans: Unmanaged<StepPlanCache>?
    /// Where the engine records a step for the plans.
    private let trace: UnsafeMutablePointer<StepTrace>
    /// Whether events no active state has a transition for are skipped: they go unhandled, unless the spec makes
    /// that an error (which the engine must report).
    private let skipsUnhandled: Bool
    private let possibleEventFilter: PossibleEvents
    /// The events some active state of the state being expanded has transitions for (`PossibleEvents`).
    private let possibleEvents: UnsafeMutablePointer<UInt64>
    /// The events that have instances, as a bitset: what filtering possible events can leave out.
    private let instanceEventMask: UnsafeMutablePointer<UInt64>
    /// What this worker found and holds, behind a pointer: as stored properties of a class, every change would
    /// pay a run-time exclusivity check, and this changes on every step.
    let tally: UnsafeMutablePointer<Tally>
    /// The parent's key, then room for a successor's key from a plan.
    let parentKey: UnsafeMutablePointer<UInt64>
    /// Room for a key on its way into or out of a partitioned store's arena (`PartitionedStore.arenaForm`).
    let storeKey: UnsafeMutablePointer<UInt64>
    /// Copied out of the options once: reading `explorer.options` in the hot loop copies the whole struct.
    private let verifiesPlans: Bool
    private let maximumChoiceCombinations: Int
    /// Each event instance's event, so the loop over instances touches no array of structs holding references
    /// (each such read costs a retain and a release).
    private let instanceEvents: UnsafeMutablePointer<Int>
    private let instanceCount: Int
    /// The child-field bits of a key (`StateCodec.configurationMask`), and the key of the state the context's
    /// checkpoint holds.
    private let configurationMask: UnsafeMutablePointer<UInt64>
    private let checkpointKey: UnsafeMutablePointer<UInt64>
    private var hasCheckpoint = false
    /// Whether the state being expanded was decoded into the context.
    private var decoded = false
    /// The exploration's native plans (`NativePlanCompilation`), when plans are compiled; the generation of the
    /// library these plans adopted last; whether this worker offers its plans for compiling (the first does), and
    /// at how many replays without native code it offers them next.
    private let native: NativePlanCompilation?
    /// The same, read without a retain and a release per state (with several threads, on one shared counter).
    private let unretainedNative: Unmanaged<NativePlanCompilation>?
    private var nativeGeneration = 0
    /// States until the next look at the native plans: every state would cost a cheap state a few percent.
    private var nativeCountdown = 1
    /// States between two looks: 64, or 1 when plans are compiled eagerly (tests of machines of a few states).
    private let nativeCheckInterval: Int
    private let offersNativePlans: Bool
    private var nextNativeOffer: Int
    /// What this worker had replayed without native code when it last reported it (a worker that does not offer).
    private var reportedReplays = 0
    private var reportedOperations = 0
    /// Whether the context holds the checkpointed state as it was saved: the first step from a decoded state
    /// need not restore it.
    private var isAtCheckpoint = false

    struct Tally {
        /// What this worker found, merged with the others' once at the end.
        var results: WorkerResults
        /// States this worker added to the layer being built.
        var added: [UInt64] = []
        var transitions = 0
        var choiceLimitHit = false
        var planMismatches = 0
        /// Invariant checks `InvariantMemo` answered.
        var rememberedInvariants = 0
        /// Room for sorting `added` (`RadixSort`).
        var sortScratch: [UInt64] = []
        /// Steps the engine ran (not counting those that check the plans).
        var engineSteps = 0
        var successors = KeyBuffer()
        /// Where each successor's slot is in the store (`VisitedStore.touch(_:count:slots:)`).
        var successorSlots = KeyBuffer()
        /// Successors kept for the hashed store's second phase (`SuccessorArena`).
        var arena: SuccessorArena
        /// The positions and entries of the new keys of a slice's part of a chunk (`PartitionedStore.insert(arena:…)`).
        var newInSlice = KeyBuffer()
        /// Whether events are filtered by `PossibleEvents` before stepping: decided on the first states, it pays when
        /// many events go unhandled (many regions, an event each), not when nearly every event is handled anyway.
        var filtersEvents = true
        var filterDecided = false
        var eventsChecked = 0
        var eventsFiltered = 0
    }

    /// `footprints` of the events and `invariantFootprints`, computed once for all workers: nil when not cached.
    init(
        explorer: Explorer, store: Store, footprints: [EventFootprint?]?, invariantFootprints: [[UInt64]]?,
        native: NativePlanCompilation? = nil, offersNativePlans: Bool = false
    ) {
        self.explorer = explorer
        codec = explorer.codec
        self.store = store
        let machine = explorer.machine
        plans = footprints.flatMap { StepPlanCache(codec: explorer.codec, footprints: $0, instances: explorer.eventInstances) }
        unretainedPlans = plans.map { Unmanaged.passUnretained($0) }
        self.native = plans == nil ? nil : native
        unretainedNative = self.native.map { Unmanaged.passUnretained($0) }
        self.offersNativePlans = offersNativePlans
        nextNativeOffer = native?.interval ?? Int.max
        nativeCheckInterval = native?.eager == true ? 1 : 64
        invariants = invariantFootprints.map { InvariantMemo(footprints: $0) }
        trace = .allocate(capacity: 1)
        trace.initialize(to: StepTrace())
        // An event nothing handles still ends in the check of the eventless transitions, and one whose guard the
        // host decides (an explored choice) may be taken then: with such a transition no event is skipped.
        let hostDecidesEventless = machine.spec.transitions.contains { transition in
            guard transition.trigger == .eventless, case .opaque = transition.guardCondition else { return false }
            return true
        }
        skipsUnhandled = machine.options.unhandled != .error && !hostDecidesEventless
        possibleEventFilter = PossibleEvents(codec: explorer.codec)
        possibleEvents = .allocate(capacity: possibleEventFilter.eventWords)
        possibleEvents.initialize(repeating: ~0, count: possibleEventFilter.eventWords)
        instanceEventMask = .allocate(capacity: possibleEventFilter.eventWords)
        instanceEventMask.initialize(repeating: 0, count: possibleEventFilter.eventWords)
        for instance in explorer.eventInstances { instanceEventMask[instance.event >> 6] |= 1 << UInt64(instance.event & 63) }
        context = StepContext(machine: machine)
        context.recorder = CoverageRecorder(machine: machine, checksOverlaps: true, checksInvariants: true)
        context.trackPackedKey(with: codec)
        tally = .allocate(capacity: 1)
        tally.initialize(to: Tally(results: WorkerResults(machine: machine), arena: SuccessorArena(keyWords: codec.words)))
        parentKey = .allocate(capacity: 2 * codec.words)
        storeKey = .allocate(capacity: codec.words)
        configurationMask = .allocate(capacity: codec.words)
        configurationMask.initialize(from: codec.configurationMask, count: codec.words)
        checkpointKey = .allocate(capacity: codec.words)
        checkpointKey.initialize(repeating: 0, count: codec.words)
        verifiesPlans = explorer.options.verifiesTransitionCache
        maximumChoiceCombinations = explorer.options.maximumChoiceCombinations
        instanceCount = explorer.eventInstances.count
        instanceEvents = .allocate(capacity: max(1, instanceCount))
        for (index, instance) in explorer.eventInstances.enumerated() { instanceEvents[index] = instance.event }
    }

    deinit {
        tally.pointee.successors.deallocate()
        tally.pointee.successorSlots.deallocate()
        tally.pointee.newInSlice.deallocate()
        tally.pointee.arena.deallocate()
        tally.deinitialize(count: 1)
        tally.deallocate()
        trace.deinitialize(count: 1)
        trace.deallocate()
        parentKey.deallocate()
        storeKey.deallocate()
        configurationMask.deallocate()
        checkpointKey.deallocate()
        instanceEvents.deallocate()
        possibleEvents.deallocate()
        instanceEventMask.deallocate()
    }

    /// Steps the plans answered.
    var cachedSteps: Int { plans?.hitCount ?? 0 }
    /// Of those, the steps native code answered.
    var nativeSteps: Int { plans?.nativeAnswers ?? 0 }
    /// Of those, the steps whose plan's result was remembered.
    var rememberedReplays: Int { plans?.rememberedReplays ?? 0 }
    /// Replays that looked their plan's result up, found or not.
    var planMemoLookups: Int { plans?.planMemoLookups ?? 0 }

    /// Steps whose plan disagreed with the engine, and invariants remembered wrongly (0 unless either is wrong).
    var planMismatches: Int { tally.pointee.planMismatches + (plans?.disagreements ?? 0) }

    /// The coverage this worker's steps recorded.
    var coverage: CoverageRecorder { context.recorder! }

    /// Every event instance and choice combination from one configuration: first all the steps (events no active
    /// state has a transition for are skipped; the plans answer most of the others without the engine, which
    /// otherwise runs on the decoded state and keeps the packed key up to date), then all the inserts, whose memory
    /// accesses overlap.
    func expand(_ id: UInt64, depth: Int) {
        store.key(of: id, into: parentKey)
        var progressed = step(from: id, depth: depth)
        if insertSuccessors(of: id, depth: depth) { progressed = true }
        if !progressed { checkDeadlock(id, depth: depth) }
    }

    /// Runs every step from the state in `parentKey` (with id `id`), leaving the successors in `tally.successors`;
    /// returns whether a step failed (a failure is not a deadlock: the machine does not silently ignore the event).
    func step(from id: UInt64, depth: Int) -> Bool {
        let words = codec.words
        let plannedKey = parentKey + words
        decoded = false
        if unretainedNative != nil {
            nativeCountdown &-= 1
            if nativeCountdown == 0 {
                nativeCountdown = nativeCheckInterval
                checkNativePlans()
            }
        }
        // Decoded on the first step the plans cannot answer: with parallel regions, often none.
        if skipsUnhandled && tally.pointee.filtersEvents { filterEvents() }
        tally.pointee.successors.removeAll()
        var progressed = false
        // The plans answer what they can in one call; from the first instance they cannot, one at a time.
        var first = 0
        /// The instance `answer` stopped at, which its plan did not answer: not asked again.
        var unanswered = -1
        if let unretainedPlans, !verifiesPlans {
            first = unretainedPlans._withUnsafeGuaranteedRef { plans in
                plans.answer(
                    parentKey, possible: possibleEvents, successors: &tally.pointee.successors, transitions: &tally.pointee.transitions,
                    scratch: plannedKey, context: context)
            }
            unanswered = first
        }
        for instanceIndex in first..<instanceCount {
            let event = instanceEvents[instanceIndex]
            // No active state has a transition for it: unhandled, and recorded nowhere (no leaf that handles it is
            // active).
            if possibleEvents[event >> 6] & (1 << UInt64(event & 63)) == 0 { continue }
            let isPlanned = plans?.isPlanned(instanceIndex) ?? false
            if isPlanned && instanceIndex != unanswered {
                switch plans.unsafelyUnwrapped.successor(instanceIndex, of: parentKey, into: plannedKey) {
                case .step:
                    if verifiesPlans {
                        decodeParent()
                        if !engineAgrees(explorer.eventInstances[instanceIndex], plannedKey, handled: true) {
                            tally.pointee.planMismatches += 1
                        }
                    }
                    tally.pointee.transitions += 1
                    tally.pointee.successors.append(plannedKey, words: words)
                    continue
                case .unhandled:
                    if verifiesPlans {
                        decodeParent()
                        if !engineAgrees(explorer.eventInstances[instanceIndex], parentKey, handled: false) {
                            tally.pointee.planMismatches += 1
                        }
                    }
                    plans.unsafelyUnwrapped.recordUnhandled(instanceIndex, parentKey, in: context)
                    continue
                case .unhandledAgain:
                    if verifiesPlans {
                        decodeParent()
                        if !engineAgrees(explorer.eventInstances[instanceIndex], parentKey, handled: false) {
                            tally.pointee.planMismatches += 1
                        }
                    }
                    continue
                case .unknown:
                    break
                }
            }
            decodeParent()
            let instance = explorer.eventInstances[instanceIndex]
            let traces = isPlanned && plans.unsafelyUnwrapped.wantsTrace(instanceIndex)
            var values: [Int] = []
            var combinations = 0
            while true {
                combinations += 1
                if combinations > maximumChoiceCombinations {
                    tally.pointee.choiceLimitHit = true
                    break
                }
                if !isAtCheckpoint { context.restoreCheckpoint() }
                isAtCheckpoint = false
                context.useChoices(values)
                let overlapsBefore = context.recordedOverlapCount
                if traces { context.startTracing(into: trace, transitions: plans.unsafelyUnwrapped.tracedTransitions(of: instanceIndex)) }
                tally.pointee.engineSteps += 1
                do {
                    let outcome = try context.process(instance)
                    context.stopTracing()
                    if outcome.handled { tally.pointee.transitions += 1 }
                    if context.recordedOverlapCount > overlapsBefore {
                        let witness = Witness(depth: depth, state: id, instance: instanceIndex, choices: values)
                        for overlap in context.recordedOverlaps(from: overlapsBefore) { tally.pointee.results.overlap(overlap, witness) }
                    }
                    // Violated at the end of a macrostep for an event the machine sent itself, but not at the end: the
                    // final state is checked when it is first reached, so only this case needs the event's witness.
                    for violation in context.recordedViolations where context.invariantHolds(violation.invariant) {
                        tally.pointee.results.invariant(
                            violation.invariant, Witness(depth: depth, state: id, instance: instanceIndex, choices: values))
                    }
                    let key = context.trackedKey!
                    // A step that handled nothing left the state as it was: nothing to insert.
                    let unchanged = !outcome.handled && PackedKey.equal(key, parentKey, words)
                    if !unchanged { tally.pointee.successors.append(key, words: words) }
                    if traces && (outcome.handled || unchanged) && context.recordedOverlapCount == overlapsBefore
                        && context.recordedViolations.isEmpty
                    {
                        plans.unsafelyUnwrapped.record(
                            instanceIndex, parent: parentKey, trace: trace, successor: key, handled: outcome.handled)
                    }
                } catch {
                    context.stopTracing()
                    // Two guards enabled at once were enabled before the step failed: the overlap is as real as in a
                    // step that succeeds (and the recorder keeps a pair once, so dropping it here would lose it).
                    if context.recordedOverlapCount > overlapsBefore {
                        let witness = Witness(depth: depth, state: id, instance: instanceIndex, choices: values)
                        for overlap in context.recordedOverlaps(from: overlapsBefore) { tally.pointee.results.overlap(overlap, witness) }
                    }
                    // A failure is not a deadlock: the machine does not silently ignore the event.
                    if case .unhandledEvent = error.kind {} else { progressed = true }
                    tally.pointee.results.error(error, Witness(depth: depth, state: id, instance: instanceIndex, choices: values))
                }
                guard let next = context.nextChoices() else { break }
                values = next
            }
        }
        return progressed
    }

    /// Adopts a library of native plans newer than the one these plans have, and offers the plans for compiling
    /// when enough were replayed without native code (`NativePlanCompilation`).
    @inline(__always)
    private func checkNativePlans() {
        guard let unretainedNative, let unretainedPlans else { return }
        if unretainedNative._withUnsafeGuaranteedRef({ $0.generation.load(ordering: .relaxed) }) != nativeGeneration {
            adoptNativePlans(unretainedNative, unretainedPlans)
        }
        if offersNativePlans {
            if unretainedNative._withUnsafeGuaranteedRef({ native in unretainedPlans._withUnsafeGuaranteedRef { native.replays($0) } })
                >= nextNativeOffer
            {
                offerNativePlans(unretainedNative, unretainedPlans)
            }
        } else {
            reportReplays(unretainedNative, unretainedPlans)
        }
    }

    /// Tells the compilation what this worker replayed without native code since it last did (the first worker
    /// offers the plans; the rent counts every worker's replays).
    private func reportReplays(_ native: Unmanaged<NativePlanCompilation>, _ plans: Unmanaged<StepPlanCache>) {
        let (replays, operations) = plans._withUnsafeGuaranteedRef { ($0.interpretedReplays, $0.interpretedOperations) }
        guard replays != reportedReplays else { return }
        native._withUnsafeGuaranteedRef { $0.report(replays: replays - reportedReplays, operations: operations - reportedOperations) }
        (reportedReplays, reportedOperations) = (replays, operations)
    }

    @inline(never)
    private func adoptNativePlans(_ native: Unmanaged<NativePlanCompilation>, _ plans: Unmanaged<StepPlanCache>) {
        native._withUnsafeGuaranteedRef { native in
            nativeGeneration = native.generation.load(ordering: .acquiring)
            if let table = native.latestTable() { plans._withUnsafeGuaranteedRef { $0.adopt(table) } }
        }
    }

    @inline(never)
    private func offerNativePlans(_ native: Unmanaged<NativePlanCompilation>, _ plans: Unmanaged<StepPlanCache>) {
        nextNativeOffer = native._withUnsafeGuaranteedRef { native in plans._withUnsafeGuaranteedRef { native.offer($0) } }
        // A compilation that was waited for is adopted before the next step.
        if native._withUnsafeGuaranteedRef({ $0.generation.load(ordering: .relaxed) }) != nativeGeneration {
            adoptNativePlans(native, plans)
        }
    }

    /// Makes the state in `parentKey` the context's, once per state.
    private func decodeParent() {
        guard !decoded else { return }
        let words = codec.words
        // A state in the configuration of the last one decoded (the checkpoint's) takes it from there.
        if hasCheckpoint && PackedKey.equal(parentKey, checkpointKey, under: configurationMask, words) {
            codec.decodeData(parentKey, into: context)
            context.restoreConfigurationFromCheckpoint()
        } else {
            codec.decode(parentKey, into: context)
        }
        checkpointKey.update(from: parentKey, count: words)
        hasCheckpoint = true
        context.checkpoint()
        isAtCheckpoint = true
        decoded = true
    }

    /// The state in `parentKey` has no successor but itself and no step failed: a deadlock, unless it is final.
    func checkDeadlock(_ id: UInt64, depth: Int) {
        decodeParent()
        context.restoreCheckpoint()
        if !explorer.isFinal(context) {
            tally.pointee.results.deadlock(
                Witness(depth: depth, state: id, instance: nil, choices: []), configuration: context.currentConfiguration.words)
        }
    }

    /// Expands layer after layer on this thread alone while they stay smaller than `size` (a deep, narrow space),
    /// with nothing per layer but closing it: `frontier` is the current layer and becomes the next, `depth` its
    /// depth. Returns after about `budget` states or once the store holds `stateLimit` (so the search checks its
    /// limits), at a layer that is not small,
    /// or with the layer just expanded still in `frontier` when the choice limit was hit (then `isSettled` is false).
    func expandSmallLayers(_ frontier: inout [UInt64], depth: inout Int, below size: Int, budget: Int, stateLimit: Int)
        -> (states: Int, isSettled: Bool)
    {
        var states = 0
        // Only this thread adds meanwhile: the store's count read once, and what each layer adds counted here.
        var stored = store.count
        while !frontier.isEmpty && frontier.count < size && states < budget && stored < stateLimit {
            for id in frontier { expand(id, depth: depth) }
            states += frontier.count
            stored += tally.pointee.added.count
            if tally.pointee.choiceLimitHit { return (states, false) }
            tally.pointee.added.withUnsafeBufferPointer { store.closeLayer($0) }
            frontier.removeAll(keepingCapacity: true)
            swap(&frontier, &tally.pointee.added)
            if !frontier.isEmpty { depth += 1 }
        }
        return (states, true)
    }

    /// Sorts what this worker added to the layer, for a store whose ids are keys of at most `bits` bits.
    func sortAdded(bits: Int) {
        RadixSort.sort(&tally.pointee.added, bits: bits, scratch: &tally.pointee.sortScratch)
    }

    /// Writes the events some active state has transitions for into `possibleEvents`, and decides after the first
    /// states whether doing so pays; once it does not, every event stays possible.
    private func filterEvents() {
        possibleEventFilter.write(parentKey, into: possibleEvents)
        guard !tally.pointee.filterDecided else { return }
        for w in 0..<possibleEventFilter.eventWords {
            tally.pointee.eventsChecked += instanceEventMask[w].nonzeroBitCount
            tally.pointee.eventsFiltered += (instanceEventMask[w] & ~possibleEvents[w]).nonzeroBitCount
        }
        if tally.pointee.eventsChecked >= 1 << 16 {
            tally.pointee.filterDecided = true
            if tally.pointee.eventsFiltered < tally.pointee.eventsChecked / 8 {
                tally.pointee.filtersEvents = false
                for w in 0..<possibleEventFilter.eventWords { possibleEvents[w] = ~0 }
            }
        }
    }

    /// Whether `key` (of `words` words) is the parent's: a step that changed nothing. A key of one word is compared
    /// here, since `PackedKey.equal` was left out of line in the searches' loops (16 instructions a successor).
    @inline(__always)
    func isParentKey(_ key: UnsafePointer<UInt64>, words: Int) -> Bool {
        words == 1 ? key[0] == parentKey[0] : PackedKey.equal(key, parentKey, words)
    }

    /// Inserts the successors found; returns whether any differs from the parent.
    private func insertSuccessors(of id: UInt64, depth: Int) -> Bool {
        let words = codec.words
        let count = tally.pointee.successors.count / words
        guard count > 0 else { return false }
        let parent = store.handle(of: id)
        var progressed = false
        let keys = tally.pointee.successors.base
        let slots = tally.pointee.successorSlots.room(for: count)
        store.touch(keys, count: count, slots: slots)
        for i in 0..<count {
            let key = keys + i * words
            if !progressed && !isParentKey(key, words: words) { progressed = true }
            switch store.insert(key, at: slots[i], parent: parent) {
            case .known:
                break
            case .added(let child):
                tally.pointee.added.append(child)
                checkNew(child, key: key, depth: depth + 1)
            case .full:
                // Only the hashed store fills up between growths, and it has a search of its own.
                preconditionFailure("\(store.kind) store answered full in the general search")
            }
        }
        return progressed
    }

    /// Checks a configuration reached for the first time (its invariants), when the spec has any: from what the
    /// memo remembers of the bits each reads, decoding the key only for those it does not know.
    func checkNew(_ id: UInt64, key: UnsafePointer<UInt64>, depth: Int) {
        let count = tally.pointee.results.invariantCount
        guard count > 0 else { return }
        var isDecoded = false
        func evaluate(_ i: Int) -> Bool {
            if !isDecoded {
                isAtCheckpoint = false
                codec.decode(key, into: context)
                isDecoded = true
            }
            return context.invariantHolds(i)
        }
        for i in 0..<count {
            let holds: Bool
            if let known = invariants?.holds(i, key) {
                holds = known
                tally.pointee.rememberedInvariants += 1
                // Checked as the plans are: what the memo says against the invariant evaluated.
                if verifiesPlans && evaluate(i) != known { tally.pointee.planMismatches += 1 }
            } else {
                holds = evaluate(i)
                invariants?.remember(i, key, holds: holds)
            }
            if !holds { tally.pointee.results.invariant(i, Witness(depth: depth, state: id, instance: nil, choices: [])) }
        }
    }

    /// Whether the engine's step gives what the plan gave: the same key, and handled or not alike.
    private func engineAgrees(_ instance: EventInstance, _ planned: UnsafePointer<UInt64>, handled: Bool) -> Bool {
        isAtCheckpoint = false
        context.restoreCheckpoint()
        context.useChoices([])
        guard let outcome = try? context.process(instance), outcome.handled == handled, let key = context.trackedKey else { return false }
        return PackedKey.equal(key, planned, codec.words)
    }
}
