@_spi(Stepping) import SMEngine

/// One thread's tools, kept for the whole exploration: a step context, a transition cache, buffers, and what it
/// found so far. Nothing here is allocated per layer or per state, so a deep, narrow state space (a layer of one
/// state, two million times) costs its steps and little else.
final class ExplorationWorker {
    private let explorer: Explorer
    private let codec: StateCodec
    private let store: any VisitedStore
    private let context: StepContext
    private let cache: TransitionCache?
    private let unhandledTable: UnhandledEventTable
    /// The events that have instances, each once, as a list and as a bitset: what the unhandled-event table records.
    private let instanceEventList: [Int]
    private let instanceEventMask: UnsafeMutablePointer<UInt64>
    /// The unhandled events of the state being expanded, when the table is not used.
    private let unhandledScratch: UnsafeMutablePointer<UInt64>
    /// What this worker found and holds, behind a pointer: as stored properties of a class, every change would
    /// pay a run-time exclusivity check, and this changes on every step.
    let tally: UnsafeMutablePointer<Tally>
    /// The parent's key, then room for a successor's key from the cache.
    private let parentKey: UnsafeMutablePointer<UInt64>
    /// Copied out of the options once: reading `explorer.options` in the hot loop copies the whole struct.
    private let verifiesTransitionCache: Bool
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
    /// Whether the context holds the checkpointed state as it was saved: the first step from a decoded state
    /// need not restore it.
    private var isAtCheckpoint = false

    struct Tally {
        /// What this worker found, merged with the others' once at the end.
        var results: WorkerResults
        /// States this worker added to the layer being built.
        var added: [UInt64] = []
        /// New keys the store had no room for, with their parent's id, to insert once it grew.
        var overflow: [(key: UInt64, parent: UInt64)] = []
        var transitions = 0
        var choiceLimitHit = false
        var cacheMismatches = 0
        var successors = KeyBuffer()
        /// See `findUnhandled`.
        var skipsFirst = true
        var skippingDecided = false
        var eventsChecked = 0
        var eventsIgnored = 0
    }

    init(explorer: Explorer, store: any VisitedStore, cache: TransitionCache?) {
        self.explorer = explorer
        codec = explorer.codec
        self.store = store
        self.cache = cache
        unhandledTable = UnhandledEventTable(configurationMask: codec.configurationMask, eventCount: explorer.machine.eventCount)
        var seen = Set<Int>()
        instanceEventList = explorer.eventInstances.map(\.event).filter { seen.insert($0).inserted }
        context = StepContext(machine: explorer.machine)
        instanceEventMask = .allocate(capacity: context.eventWords)
        instanceEventMask.initialize(repeating: 0, count: context.eventWords)
        for event in instanceEventList { instanceEventMask[event >> 6] |= 1 << UInt64(event & 63) }
        unhandledScratch = .allocate(capacity: context.eventWords)
        unhandledScratch.initialize(repeating: 0, count: context.eventWords)
        context.recorder = CoverageRecorder(machine: explorer.machine, checksOverlaps: true, checksInvariants: true)
        context.trackPackedKey(with: codec)
        tally = .allocate(capacity: 1)
        tally.initialize(to: Tally(results: WorkerResults(machine: explorer.machine)))
        parentKey = .allocate(capacity: 2 * codec.words)
        configurationMask = .allocate(capacity: codec.words)
        configurationMask.initialize(from: codec.configurationMask, count: codec.words)
        checkpointKey = .allocate(capacity: codec.words)
        checkpointKey.initialize(repeating: 0, count: codec.words)
        verifiesTransitionCache = explorer.options.verifiesTransitionCache
        maximumChoiceCombinations = explorer.options.maximumChoiceCombinations
        instanceCount = explorer.eventInstances.count
        instanceEvents = .allocate(capacity: max(1, instanceCount))
        for (index, instance) in explorer.eventInstances.enumerated() { instanceEvents[index] = instance.event }
    }

    deinit {
        tally.pointee.successors.deallocate()
        tally.deinitialize(count: 1)
        tally.deallocate()
        parentKey.deallocate()
        configurationMask.deallocate()
        checkpointKey.deallocate()
        instanceEvents.deallocate()
        instanceEventMask.deallocate()
        unhandledScratch.deallocate()
    }

    /// Steps the transition cache answered.
    var cachedSteps: Int { cache?.hitCount ?? 0 }

    /// The coverage this worker's steps recorded.
    var coverage: CoverageRecorder { context.recorder! }

    /// Every event instance and choice combination from one configuration: first all the steps (the context tracks
    /// the packed key, so a successor's key is ready when its step ends; the transition cache answers most steps of
    /// parallel machines without running them; an event no active state handles is skipped), then all the inserts,
    /// whose memory accesses overlap.
    func expand(_ id: UInt64, depth: Int) {
        let words = codec.words
        let cachedKey = parentKey + words
        store.key(of: id, into: parentKey)
        // Decoded at once while skipping events pays, else on the first step the cache cannot answer: with
        // parallel regions, often none.
        var decoded = false
        func decodeParent() {
            guard !decoded else { return }
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
        // The events this configuration leaves unhandled, from the table when an earlier state had the same
        // configuration (no decoding), else found on the decoded state (and remembered).
        var unhandled: UnsafePointer<UInt64>?
        if tally.pointee.skipsFirst {
            if unhandledTable.isUseful {
                unhandled = unhandledTable.lookup(parentKey)
                if unhandled == nil {
                    decodeParent()
                    unhandled = unhandledTable.fill(parentKey) { findUnhandled(into: $0) }
                }
            } else {
                decodeParent()
                findUnhandled(into: unhandledScratch)
                unhandled = UnsafePointer(unhandledScratch)
            }
        }
        tally.pointee.successors.removeAll()
        var progressed = false
        for instanceIndex in 0..<instanceCount {
            if let unhandled, UnhandledEventTable.contains(unhandled, instanceEvents[instanceIndex]) { continue }
            let cacheable = cache?.isCacheable(instanceIndex) ?? false
            if cacheable {
                switch cache!.successor(instanceIndex, of: parentKey, into: cachedKey) {
                case .step:
                    if verifiesTransitionCache {
                        decodeParent()
                        if !engineAgrees(explorer.eventInstances[instanceIndex], cachedKey) { tally.pointee.cacheMismatches += 1 }
                    }
                    tally.pointee.transitions += 1
                    tally.pointee.successors.append(cachedKey, words: words)
                    continue
                case .unhandled:
                    // Recorded as the engine records an event no transition takes, in this configuration.
                    decodeParent()
                    if verifiesTransitionCache && !engineAgrees(explorer.eventInstances[instanceIndex], parentKey) {
                        tally.pointee.cacheMismatches += 1
                    }
                    context.recordUnhandledInCheckpoint(instanceEvents[instanceIndex])
                    continue
                case .unknown:
                    break
                }
            }
            decodeParent()
            if unhandled == nil && context.ignoresInCheckpoint(instanceEvents[instanceIndex]) { continue }
            let instance = explorer.eventInstances[instanceIndex]
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
                do {
                    let outcome = try context.process(instance)
                    if outcome.handled { tally.pointee.transitions += 1 }
                    if context.recordedOverlapCount > overlapsBefore {
                        let witness = Witness(depth: depth, state: id, instance: instanceIndex, choices: values)
                        for overlap in context.recordedOverlaps(from: overlapsBefore) { tally.pointee.results.overlap(overlap, witness) }
                    }
                    // Violated at the end of a macrostep for an event the machine sent itself, but not at the end: the
                    // final state is checked when it is first reached, so only this case needs the event's witness.
                    if let violated = context.recordedViolatedInvariant, context.invariantHolds(violated) {
                        tally.pointee.results.invariant(
                            violated, Witness(depth: depth, state: id, instance: instanceIndex, choices: values))
                    }
                    let key = context.trackedKey!
                    // A step that handled nothing left the state as it was: nothing to insert.
                    let unchanged = !outcome.handled && PackedKey.equal(key, parentKey, words)
                    if !unchanged { tally.pointee.successors.append(key, words: words) }
                    if cacheable && (outcome.handled || unchanged) && context.recordedOverlapCount == overlapsBefore
                        && context.recordedViolatedInvariant == nil
                    {
                        cache!.store(instanceIndex, parent: parentKey, successor: key, handled: outcome.handled)
                    }
                } catch {
                    // A failure is not a deadlock: the machine does not silently ignore the event.
                    if case .unhandledEvent = error.kind {} else { progressed = true }
                    tally.pointee.results.error(error, Witness(depth: depth, state: id, instance: instanceIndex, choices: values))
                }
                guard let next = context.nextChoices() else { break }
                values = next
            }
        }
        if insertSuccessors(of: id, depth: depth) { progressed = true }
        if !progressed {
            decodeParent()
            context.restoreCheckpoint()
            if !explorer.isFinal(context) {
                tally.pointee.results.deadlock(
                    Witness(depth: depth, state: id, instance: nil, choices: []),
                    configuration: context.currentConfiguration.words)
            }
        }
    }

    /// Writes the events with instances that the checkpointed state leaves unhandled (see
    /// `StepContext.unhandledEventsInCheckpoint`).
    ///
    /// `skipsFirst` says whether to decode each state and skip the events it leaves unhandled before asking the
    /// cache, or to ask the cache first. Decided on the first states: skipping first pays when many events go
    /// unhandled (many regions, an event each), asking first when the cache answers nearly everything.
    private func findUnhandled(into bits: UnsafeMutablePointer<UInt64>) {
        context.unhandledEventsInCheckpoint(among: instanceEventMask, into: bits)
        guard !tally.pointee.skippingDecided else { return }
        tally.pointee.eventsChecked += instanceEventList.count
        for w in 0..<context.eventWords { tally.pointee.eventsIgnored += bits[w].nonzeroBitCount }
        if tally.pointee.eventsChecked >= 1 << 16 {
            tally.pointee.skippingDecided = true
            tally.pointee.skipsFirst = tally.pointee.eventsIgnored >= tally.pointee.eventsChecked / 8
        }
    }

    /// Inserts the successors found; returns whether any differs from the parent.
    private func insertSuccessors(of id: UInt64, depth: Int) -> Bool {
        let words = codec.words
        let count = tally.pointee.successors.count / words
        guard count > 0 else { return false }
        let parent = store.handle(of: id)
        var progressed = false
        let keys = tally.pointee.successors.base
        store.touch(keys, count: count)
        for i in 0..<count {
            let key = keys + i * words
            if !PackedKey.equal(key, parentKey, words) { progressed = true }
            switch store.insert(key, parent: parent) {
            case .known:
                break
            case .added(let child):
                tally.pointee.added.append(child)
                checkNew(child, key: key, depth: depth + 1)
            case .full:
                tally.pointee.overflow.append((key[0], id))
            }
        }
        return progressed
    }

    /// Checks a configuration reached for the first time (its invariants), when the spec has any.
    func checkNew(_ id: UInt64, key: UnsafePointer<UInt64>, depth: Int) {
        guard tally.pointee.results.invariantCount > 0 else { return }
        isAtCheckpoint = false
        codec.decode(key, into: context)
        tally.pointee.results.checkNewState(id, depth: depth, context: context)
    }

    /// Whether the engine's step gives what the cache gave.
    private func engineAgrees(_ instance: EventInstance, _ cached: UnsafePointer<UInt64>) -> Bool {
        isAtCheckpoint = false
        context.restoreCheckpoint()
        context.useChoices([])
        guard (try? context.process(instance)) != nil, let key = context.trackedKey else { return false }
        return (0..<codec.words).allSatisfy { key[$0] == cached[$0] }
    }
}
