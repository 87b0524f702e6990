import Foundation
@_spi(Stepping) public import SMEngine
import SMSpec
import Synchronization

/// Breadth-first exploration of every stable configuration reachable from the initial one.
///
/// The hot loop (`ExplorationWorker.expand`): for each configuration of the current layer, for each event instance
/// that some active state has a transition for, replay the step's plan on the packed state (`StepPlanCache`) or,
/// where there is none yet, load the state into a `StepContext`, run the engine's own step (recording its plan) and
/// read the packed result; then insert the successors into the visited store. Each thread keeps its worker for the whole run; a layer is split
/// over them when it is big enough to pay for waking them, and a small one (a deep, narrow space) is expanded on
/// the calling thread alone, with no synchronisation. Everything the checks need (coverage, errors, overlaps,
/// invariant violations, deadlocks) is recorded on the way, each with the smallest witness by (depth, id), so
/// results do not depend on thread timing.
public final class Explorer: Sendable {
    public let machine: Machine
    package let codec: StateCodec
    public let options: ExplorationOptions
    /// Every event instance the environment can send, in declaration and parameter order.
    public let eventInstances: [EventInstance]

    public init(machine: Machine, options: ExplorationOptions = ExplorationOptions()) throws(ExplorationError) {
        self.machine = machine
        self.codec = StateCodec(machine: machine)
        self.options = options
        let sent = machine.spec.events.filter { !$0.isImplicit }
        let maximum = options.maximumEventInstances
        if let tooMany = Self.instanceLimitProblem(sent, maximum: maximum) {
            // A start that fails is all there is to explore, and needs no event: however many there are, the
            // exploration is complete (`run` reports the failure). The start runs here only when it decides that.
            guard (try? machine.initialState()) == nil else { throw ExplorationError(message: tooMany) }
            eventInstances = []
            return
        }
        var instances: [EventInstance] = []
        for event in sent {
            for values in event.parameterCombinations {
                instances.append(
                    EventInstance(event: event.index, arguments: zip(event.parameters, values).map { Machine.encode($1, as: $0.type) }))
            }
        }
        eventInstances = instances
    }

    /// Why `events` have too many instances for an exploration that tries at most `maximum` in each configuration.
    private static func instanceLimitProblem(_ events: [ResolvedEvent], maximum: Int) -> String? {
        if let wide = events.first(where: { $0.instanceCount > maximum }) {
            return
                "event '\(wide.name)' has \(wide.instanceCount == Int.max ? "more than 2^63" : String(wide.instanceCount)) combinations of parameter values; exploration tries at most \(maximum) event instances in each configuration (narrow the parameters' domains)"
        }
        let total = events.reduce(0) { $0 + $1.instanceCount }  // each at most `maximum`: no overflow
        guard total > maximum else { return nil }
        return events.allSatisfy { $0.parameters.isEmpty }
            ? "the spec has \(total) events; exploration tries at most \(maximum) event instances in each configuration"
            : "the spec's \(events.count) events have \(total) instances in all (each event once per combination of its parameters' values); exploration tries at most \(maximum) in each configuration (narrow the parameters' domains)"
    }

    /// Layers smaller than this are expanded on the calling thread: a few chunks could not keep two threads busy.
    static let parallelLayer = 64
    /// Bigger layers are shared out when one thread would spend at least this long on them (estimated from the last
    /// layer it expanded alone): handing a layer to the spinning helpers and collecting it costs a few microseconds.
    static let parallelWork = 0.000_02
    /// Layers that added at least this many states are closed by every thread, each its own additions.
    static let parallelClose = 1 << 14
    /// Layers smaller than this, expanded by one thread, skip the chunked loop and its limit checks (the search
    /// checks between layers).
    static let checkedLayer = 512
    /// Below this, layers are expanded one after the other by one thread: `checkedLayer`, or only those too small to
    /// split when every layer is to be shared (`ExplorationOptions.sharesEveryLayer`).
    static func narrowLayer(_ options: ExplorationOptions) -> Int { options.sharesEveryLayer ? parallelLayer : checkedLayer }
    /// Before any layer was timed, layers of this many states are shared out.
    static let parallelLayerUntimed = 16_384
    /// Layers of at least this many states are sorted for the dense store (see `expand`): in key order, the
    /// successors of a thread's share land near each other, and away from the other threads'.
    private static let sortedLayer = 2048
    /// Layers of at least this many states are timed, alone or shared (smaller ones say little; `LayerSharing`).
    static let timedLayer = 128
    /// Limits and progress are looked at after about this many states of small layers.
    static let checkInterval = 4096

    /// Explores; a failure of the initial macrostep is recorded as `startError`.
    public func run() -> Exploration {
        let start = ExplorationStart()
        guard let store = makeStore() else {
            let exploration = Exploration(
                machine: machine, codec: codec, store: WideHashedVisitedStore(keyWords: 1), eventInstances: eventInstances,
                maximumChoiceCombinations: options.maximumChoiceCombinations)
            exploration.stop("the bitstate array of \(options.bitstateBytes ?? 0) bytes could not be reserved; give a smaller --bitstate")
            return exploration
        }
        // Each store by its type, so `explore` and the hot loop under it are compiled for it.
        switch store {
        case let dense as DenseVisitedStore: return explore(dense, start: start)
        case let hashed as HashedVisitedStore: return explore(hashed, start: start)
        case let compact as CompactVisitedStore: return explore(compact, start: start)
        case let compact as WideCompactVisitedStore: return explore(compact, start: start)
        case let wide as WideHashedVisitedStore: return explore(wide, start: start)
        case let layered as LayeredStore<BitstateFilter>: return explore(layered, start: start)
        case let bitstate as BitstateVisitedStore: return explore(bitstate, start: start)
        default: return explore(store, start: start)
        }
    }

    /// `run` with the store's type known, so the hot loop calls it directly rather than through a witness table.
    private func explore<Store: VisitedStore>(_ store: Store, start: ExplorationStart) -> Exploration {
        let exploration = Exploration(
            machine: machine, codec: codec, store: store, eventInstances: eventInstances,
            maximumChoiceCombinations: options.maximumChoiceCombinations)

        // The initial state.
        let context = StepContext(machine: machine)
        context.recorder = CoverageRecorder(machine: machine, checksOverlaps: true, checksInvariants: true)
        do {
            try context.resetToInitialState()
        } catch {
            exploration.startError = error
            exploration.isComplete = true
            exploration.coverage = context.recorder!
            // Another outcome of the start's choices may start, and what it reaches was not searched.
            if !context.choiceArities.isEmpty { checkOtherStartOutcomes(exploration) }
            return exploration
        }
        let rootKey = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        defer { rootKey.deallocate() }
        codec.encode(context, into: rootKey)
        let root = store.insertRoot(rootKey)
        exploration.root = root
        var results = WorkerResults(machine: machine)
        results.checkNewState(root, depth: 0, context: context)
        let startMetChoices = !context.choiceArities.isEmpty
        let atStart = Witness(depth: 0, state: root, instance: nil, choices: [])
        for violation in context.recordedViolations { results.invariant(violation.invariant, atStart) }
        for overlap in context.recordedOverlaps(from: 0) { results.overlap(overlap, atStart) }
        results.coverage = context.recorder!

        let threadCount = store.isConcurrent ? concurrentThreads : 1
        exploration.threads = threadCount
        let footprints = options.cachesTransitions ? codec.eventFootprints() : nil
        // The invariant memo, like the plans, only when steps are cached: a run without is the tests' reference.
        let invariantFootprints = options.cachesTransitions && !machine.spec.invariants.isEmpty ? codec.invariantFootprints() : nil
        let native = footprints == nil ? nil : nativePlanCompilation(exploration, threads: threadCount)
        let workers = Workers(
            (0..<threadCount).map { index in
                ExplorationWorker(
                    explorer: self, store: store, footprints: footprints, invariantFootprints: invariantFootprints, native: native,
                    offersNativePlans: index == 0)
            })
        let monitor = LimitMonitor(options: options, start: start, store: store)
        let depth: Int
        if let bitstate = store as? BitstateVisitedStore {
            depth = searchDepthFirst(
                from: root, store: bitstate, worker: workers.all[0] as! ExplorationWorker<BitstateVisitedStore>, monitor: monitor,
                exploration: exploration)
        } else if let layered = store as? LayeredStore<BitstateFilter> {
            depth = searchLayersOnDisk(
                store: layered, worker: workers.all[0] as! ExplorationWorker<LayeredStore<BitstateFilter>>, monitor: monitor,
                exploration: exploration)
        } else if let hashed = store as? HashedVisitedStore {
            depth = searchPartitioned(
                from: root, store: hashed, workers: workers, threads: threadCount, monitor: monitor, exploration: exploration)
        } else if let compact = store as? CompactVisitedStore {
            depth = searchPartitioned(
                from: root, store: compact, workers: workers, threads: threadCount, monitor: monitor, exploration: exploration)
        } else if let compact = store as? WideCompactVisitedStore {
            depth = searchPartitioned(
                from: root, store: compact, workers: workers, threads: threadCount, monitor: monitor, exploration: exploration)
        } else {
            let helpers = HelperThreads(count: threadCount - 1)
            depth = searchBreadthFirst(
                from: root, store: store, workers: workers, helpers: helpers, monitor: monitor, exploration: exploration)
            helpers.stop()
        }
        for worker in workers.all {
            var found = worker.tally.pointee.results
            found.coverage = worker.coverage
            results.merge(found)
            exploration.transitions += worker.tally.pointee.transitions
            exploration.transitionCacheMismatches += worker.planMismatches
        }
        exploration.depth = depth
        exploration.configurations = store.count
        exploration.cachedSteps = workers.all.reduce(0) { $0 + $1.cachedSteps }
        exploration.nativeSteps = workers.all.reduce(0) { $0 + $1.nativeSteps }
        if let native { exploration.nativePlans = native.finish() }
        exploration.rememberedReplays = workers.all.reduce(0) { $0 + $1.rememberedReplays }
        exploration.planMemoLookups = workers.all.reduce(0) { $0 + $1.planMemoLookups }
        exploration.engineSteps = workers.all.reduce(0) { $0 + $1.tally.pointee.engineSteps }
        exploration.rememberedInvariants = workers.all.reduce(0) { $0 + $1.tally.pointee.rememberedInvariants }
        exploration.results = results
        exploration.coverage = results.coverage
        exploration.elapsed = (ContinuousClock.now - start.time).seconds
        exploration.peakMemory = MemoryUse.peak() ?? 0
        exploration.storeMemory = store.bytes
        if startMetChoices { checkOtherStartOutcomes(exploration) }
        return exploration
    }

    /// The compilation of this search's plans to native code, when the options ask for it and there is a compiler
    /// (else why not, in `exploration.nativePlans`).
    private func nativePlanCompilation(_ exploration: Exploration, threads: Int) -> NativePlanCompilation? {
        guard options.compilesPlans else { return nil }
        switch options.nativePlanCompiler.map({ .success($0) }) ?? NativePlanCompiler.find() {
        case .success(let path):
            return NativePlanCompilation(
                compiler: NativePlanCompiler(path: path), interval: options.nativePlanInterval, eager: options.compilesPlansEagerly,
                maximumCompilations: options.nativePlanCompilations, waits: options.waitsForNativePlans, workers: threads)
        case .failure(let unavailable):
            exploration.nativePlans = NativePlanSummary(plans: 0, compilations: 0, seconds: 0, failure: unavailable.description)
            return nil
        }
    }

    /// The search began from the start with every choice at its first outcome (a trace has no place for the start's
    /// choices). Each other outcome's start is run here: what its macrostep enters and takes counts as covered, and
    /// unless it ends in a configuration the search visited, with nothing on the way that the search has not
    /// reported, the search is incomplete (what only that start reaches was not searched).
    private func checkOtherStartOutcomes(_ exploration: Exploration) {
        let context = StepContext(machine: machine)
        var choices = ChoiceSequence()
        var combinations = 0
        var covered = true
        let results = exploration.results
        // The first outcome's start, the one searched: only for the choices it meets.
        _ = try? context.resetToInitialState()
        choices = context.choices
        while choices.advance() {
            combinations += 1
            if combinations > options.maximumChoiceCombinations {
                covered = false
                break
            }
            context.recorder = CoverageRecorder(machine: machine, checksOverlaps: true, checksInvariants: true)
            context.choices = choices
            var failure: EngineError?
            do { try context.resetToInitialState() } catch { failure = error }
            choices = context.choices
            guard let recorder = context.recorder else { break }
            exploration.coverage.merge(recorder)
            // What it shows must be reported already (with another trace), since it cannot be reported from here.
            let shownElsewhere =
                failure.map { error in
                    WorkerResults.signature(of: error).map {
                        results.errors[$0] != nil || exploration.startError.flatMap(WorkerResults.signature(of:)) == $0
                    } ?? true
                }
                ?? (exploration.startError == nil && exploration.contains(context))
            if !shownElsewhere || recorder.violations.contains(where: { results.invariants[$0.invariant] == nil })
                || recorder.overlaps.contains(where: { results.overlaps[.init(first: $0.first, second: $0.second)] == nil })
            {
                covered = false
            }
        }
        if !covered { exploration.stop(ChoiceSequence.startOutcomesNotExplored, alongside: true) }
    }

    /// Layer by layer: each layer is expanded by the workers, and its new states are the next layer.
    ///
    /// Everything done per layer is cheap when the layer is small (no allocation, no lock, no closure): a deep,
    /// narrow space has a layer per state. A layer is shared with the helper threads when it is worth more than
    /// handing it out costs (`parallelWork`).
    ///
    /// A shared layer's states are closed in the store by the threads that added them: while they expand the next
    /// layer, if it is shared too and they are few (`openLayerBeforeClosingLast`), when the slots are still in the
    /// cache of the core that wrote them. Closed by one thread between the layers, the other threads' additions were
    /// a cache miss each, from another core (28-40 ms of a 0.15 s run of the player on two threads, at times). Many
    /// additions are closed between the layers, each thread its own: closed during the next layer, while the other
    /// threads' inserts read the same parts of the store, the rings took a quarter longer on two threads.
    private func searchBreadthFirst<Store: VisitedStore>(
        from root: UInt64, store: Store, workers: Workers<Store>, helpers: HelperThreads, monitor: LimitMonitor,
        exploration: Exploration
    ) -> Int {
        let all = workers.all
        let first = all[0]
        var frontier: [UInt64] = [root]
        var depth = 0
        var sinceCheck = Self.checkInterval
        /// What layers cost alone and shared, which decides whether the next is shared.
        var sharing = LayerSharing(sharesEveryLayer: options.sharesEveryLayer)
        let narrow = Self.narrowLayer(options)
        /// Per worker, the part of the frontier it added and the store has not closed yet (none when the last layer
        /// was not shared).
        var unclosed: [Range<Int>] = []
        defer { close(&unclosed, of: frontier, store: store) }
        while !frontier.isEmpty {
            // A deep, narrow stretch: one thread, layer after layer, until it widens or the limits are due.
            if frontier.count < narrow && (all.count == 1 || sharing.isNarrow(frontier.count)) {
                close(&unclosed, of: frontier, store: store)
                store.insertingThreads(1)
                let started = DispatchTime.now().uptimeNanoseconds
                let (states, isSettled) = first.expandSmallLayers(
                    &frontier, depth: &depth, below: narrow, budget: Self.checkInterval, stateLimit: options.maximumStates)
                if states >= Self.timedLayer {
                    sharing.record(since: started, states: states, shared: false)
                }
                sinceCheck += states
                if !isSettled {
                    // The layer in `frontier` was expanded: settle it as any other.
                    settleLayer(
                        &frontier, depth: &depth, busy: 1, unclosed: &unclosed, workers: workers, helpers: helpers, store: store,
                        exploration: exploration)
                }
                if let reason = monitor.stopReason {
                    exploration.stop(reason, atLimit: true)
                    break
                }
                if frontier.count < narrow && sinceCheck < Self.checkInterval && store.count < options.maximumStates { continue }
            }
            // Big layers are checked inside (between chunks); small ones every few thousand states.
            sinceCheck += frontier.count
            if sinceCheck >= Self.checkInterval || store.count >= options.maximumStates {
                sinceCheck = 0
                monitor.reportProgress(depth: depth, frontier: frontier.count)
                if let reason = monitor.limitReached() {
                    exploration.stop(reason, atLimit: true)
                    break
                }
            }
            let busy = all.count > 1 && sharing.shares(frontier.count) ? all.count : 1
            // Closed by their threads during this layer when it is shared, else now.
            if busy == 1 { close(&unclosed, of: frontier, store: store) }
            if !unclosed.isEmpty { store.openLayerBeforeClosingLast() }
            if busy > 1 { exploration.sharedLayers += 1 }
            store.insertingThreads(busy)
            // Layers are timed when big enough to say something. (In nanoseconds: an optional
            // `ContinuousClock.Instant` costs calls through its value witnesses on every layer of a deep chain.)
            let timed = frontier.count >= Self.timedLayer
            let started = timed ? DispatchTime.now().uptimeNanoseconds : 0
            expand(
                frontier, depth: depth, closing: unclosed, workers: workers, helpers: busy > 1 ? helpers : nil, monitor: monitor,
                store: store)
            unclosed.removeAll(keepingCapacity: true)
            if timed {
                sharing.record(since: started, states: frontier.count, shared: busy > 1)
            }
            settleLayer(
                &frontier, depth: &depth, busy: busy, unclosed: &unclosed, workers: workers, helpers: helpers, store: store,
                exploration: exploration)
            if let reason = monitor.stopReason {
                exploration.stop(reason, atLimit: true)
                break
            }
        }
        return depth
    }

    /// Closes the parts of `frontier` in `unclosed` now, from this thread (they are fewer than `parallelClose`).
    private func close(_ unclosed: inout [Range<Int>], of frontier: [UInt64], store: some VisitedStore) {
        guard !unclosed.isEmpty else { return }
        frontier.withUnsafeBufferPointer { frontier in
            for part in unclosed { store.closeLayer(UnsafeBufferPointer(rebasing: frontier[part])) }
        }
        unclosed.removeAll(keepingCapacity: true)
    }

    /// After the first `busy` workers expanded the layer in `frontier`: makes what the layer added the next frontier
    /// (one deeper when it is not empty). What one thread added is closed now, and so are many states several added
    /// (each thread its own); fewer are left in `unclosed`, each worker's part of the frontier, for them to close
    /// (`searchBreadthFirst`). The choice limit marks the result incomplete.
    private func settleLayer<Store: VisitedStore>(
        _ frontier: inout [UInt64], depth: inout Int, busy: Int, unclosed: inout [Range<Int>], workers: Workers<Store>,
        helpers: HelperThreads, store: Store, exploration: Exploration
    ) {
        let all = workers.all
        // What the layer added is settled: its parents can no longer change.
        var added = 0
        for index in 0..<busy { added += all[index].tally.pointee.added.count }
        let defers = busy > 1 && added < Self.parallelClose
        if busy == 1 {
            store.closeLayer(all[0].tally.pointee.added)
        } else if !defers {
            helpers.run { index in store.closeLayer(all[index].tally.pointee.added) }
        }
        // The first worker's additions become the frontier by a swap, the others' are appended.
        frontier.removeAll(keepingCapacity: true)
        swap(&frontier, &all[0].tally.pointee.added)
        if defers { unclosed.append(0..<frontier.count) }
        for index in 1..<busy {
            let start = frontier.count
            frontier.append(contentsOf: all[index].tally.pointee.added)
            if defers { unclosed.append(start..<frontier.count) }
            all[index].tally.pointee.added.removeAll(keepingCapacity: true)
        }
        if !frontier.isEmpty { depth += 1 }
        if all[0].tally.pointee.choiceLimitHit || (busy > 1 && all.contains(where: \.tally.pointee.choiceLimitHit)) {
            exploration.stop(choiceLimitReason)
        }
    }

    /// Depth first, one thread, for the bitstate store: the trail keeps the path to each open state, so a finding's
    /// trace is its path (not necessarily the shortest). A nonzero `searchSeed` shuffles the order successors are
    /// searched in, so swarm shards go down different paths first.
    private func searchDepthFirst(
        from root: UInt64, store: BitstateVisitedStore, worker: ExplorationWorker<BitstateVisitedStore>, monitor: LimitMonitor,
        exploration: Exploration
    ) -> Int {
        var open: [(id: UInt64, depth: Int)] = [(root, 0)]
        var deepest = 0
        var sinceCheck = 0
        var findings = worker.tally.pointee.results.version
        var truncated = 0
        while let (id, depth) = open.popLast() {
            sinceCheck += 1
            if sinceCheck >= Self.checkInterval {
                sinceCheck = 0
                monitor.reportProgress(depth: depth, frontier: open.count)
                if let reason = monitor.limitReached() {
                    exploration.stop(reason)
                    break
                }
            }
            deepest = max(deepest, depth)
            if depth >= options.maximumSearchDepth {
                // SPIN's -m: the path would outgrow memory; this state is stored but not expanded.
                truncated += 1
                store.finish(id)
                continue
            }
            worker.expand(id, depth: depth)
            if worker.tally.pointee.results.version != findings {
                // A finding's witness changed: its state and the path to it must outlive the search of its subtree.
                findings = worker.tally.pointee.results.version
                for state in worker.tally.pointee.results.witnessStates { store.pin(state) }
            }
            if options.searchSeed == 0 {
                // Pushed last first, so the first successor is searched first.
                for child in worker.tally.pointee.added.reversed() { open.append((child, depth + 1)) }
            } else {
                // A permutation that depends on the seed alone (ids are deterministic in a one-thread search).
                let seed = options.searchSeed
                worker.tally.pointee.added.sort { Self.scramble($0, seed) < Self.scramble($1, seed) }
                for child in worker.tally.pointee.added { open.append((child, depth + 1)) }
            }
            worker.tally.pointee.added.removeAll(keepingCapacity: true)
            // Expanded: freed now if it has no open child, else when its last one is done.
            store.finish(id)
        }
        if worker.tally.pointee.choiceLimitHit { exploration.stop(choiceLimitReason) }
        summarize(store.filter, depthLimit: options.maximumSearchDepth, truncated: truncated, in: exploration)
        return deepest
    }

    /// Breadth first with the layers on disk (`LayeredStore`), one thread: each layer is read back in chunks and
    /// expanded, its new states written as the next layer. No depth limit, and shortest traces through the states
    /// stored.
    private func searchLayersOnDisk<Seen: SeenStates>(
        store: LayeredStore<Seen>, worker: ExplorationWorker<LayeredStore<Seen>>, monitor: LimitMonitor,
        exploration: Exploration
    ) -> Int {
        var depth = 0
        var layerSize = store.sealLayer()
        if let failure = store.failure { exploration.stop(failure) }
        searching: while layerSize > 0 {
            var offset = 0
            while offset < layerSize {
                let ids = store.readChunk(of: depth, from: offset)
                // What could not be read back is not expanded.
                if let failure = store.failure {
                    exploration.stop(failure)
                    break searching
                }
                for id in ids { worker.expand(id, depth: depth) }
                // The next layer is on disk: the ids need not be kept.
                worker.tally.pointee.added.removeAll(keepingCapacity: true)
                offset += ids.count
                monitor.reportProgress(depth: depth, frontier: layerSize - offset)
                if let reason = monitor.limitReached() ?? store.failure {
                    exploration.stop(reason)
                    break searching
                }
            }
            layerSize = store.sealLayer()
            if layerSize > 0 { depth += 1 }
        }
        // Stopped in the middle of a layer: the depth is that of the deepest state stored, as in the other searches.
        if store.unsealedCount > 0 { depth += 1 }
        // Every failure is caught after its chunk; this only keeps a failure that ended the loop through
        // `sealLayer` (which answers 0 once the store has failed) from passing unreported.
        if let failure = store.failure, exploration.isComplete { exploration.stop(failure) }
        if worker.tally.pointee.choiceLimitHit { exploration.stop(choiceLimitReason) }
        if let filter = store.seen as? BitstateFilter { summarize(filter, depthLimit: nil, truncated: 0, in: exploration) }
        return depth
    }

    private func summarize(_ filter: BitstateFilter, depthLimit: Int?, truncated: Int, in exploration: Exploration) {
        exploration.bitstate = Exploration.BitstateSummary(
            bits: filter.bitCount, hashFunctions: BitstateFilter.hashCount,
            stored: filter.stored, expectedCoverage: filter.expectedCoverage, finalSkipProbability: filter.skipProbability,
            depthLimit: depthLimit, truncated: truncated)
        exploration.stop(exploration.bitstate!.description, alongside: true)
    }

    /// Why a search is incomplete when some configuration and event had too many combinations of choices.
    var choiceLimitReason: String {
        "some configuration and event had more than \(options.maximumChoiceCombinations) combinations of choices; the rest were not tried"
    }

    /// The threads a store that every thread fills is explored with.
    private var concurrentThreads: Int { min(max(1, options.threads), ExplorationOptions.maximumThreads) }

    private func makeStore() -> (any VisitedStore)? {
        if let bytes = options.bitstateBytes {
            switch options.bitstateOrder {
            case .breadthFirst:
                guard let filter = BitstateFilter(bytes: bytes, keyWords: codec.words, seed: options.searchSeed) else { return nil }
                return LayeredStore(seen: filter, keyWords: codec.words, in: options.layerDirectory)
            case .depthFirst: return BitstateVisitedStore(bytes: bytes, keyWords: codec.words, seed: options.searchSeed)
            }
        }
        // Keys of one word numbered without gaps (nil when the product of their fields' value counts passes a word):
        // built only for a store that uses the numbers.
        func numbered() -> MixedRadixIndex? {
            codec.words == 1 ? MixedRadixIndex(fields: codec.fieldValues.map { ($0.shift, $0.values) }, limit: .max) : nil
        }
        let oneWord = codec.words == 1 && codec.bits <= HashedVisitedStore.maximumBits
        // Keys of one word, wide enough to fill its slices, go to the compact store every thread fills.
        let compactFits = codec.words == 1 && (CompactVisitedStore.minimumBits...CompactVisitedStore.maximumBits).contains(codec.bits)
        switch options.store {
        case .hashed where oneWord: return HashedVisitedStore()
        case .wide: return WideHashedVisitedStore(keyWords: codec.words)
        case .compact:
            // Asked for the least memory: keys numbered without gaps, in fewer bits (the philosophers of 14: 37 of 42,
            // 4.2 bytes a state against 4.9), though numbering them costs time (10 to 15% there), which the automatic
            // choice does not spend.
            if let index = numbered(), !index.isIdentity, index.bits >= CompactVisitedStore.minimumBits {
                return CompactVisitedStore(bits: index.bits, index: index, in: options.layerDirectory)
            }
            if compactFits { return CompactVisitedStore(bits: codec.bits, in: options.layerDirectory) }
            return WideCompactVisitedStore(wordBits: codec.wordBits, in: options.layerDirectory)
        default:
            // Dense when the key is short enough, unless its array cannot be mapped; then compact, unless it has
            // nowhere to write its records.
            if codec.bits <= DenseVisitedStore.maximumBits, let index = numbered(),
                let store = DenseVisitedStore(index: index, threads: concurrentThreads)
            {
                return store
            }
            if compactFits {
                let compact = CompactVisitedStore(bits: codec.bits, in: options.layerDirectory)
                if compact.failure == nil { return compact }
            }
            if codec.words > 1 {
                let compact = WideCompactVisitedStore(wordBits: codec.wordBits, in: options.layerDirectory)
                if compact.failure == nil { return compact }
            }
            return oneWord ? HashedVisitedStore() : WideHashedVisitedStore(keyWords: codec.words)
        }
    }

    /// Expands one layer on the calling thread, and on the helpers when given, each taking chunks of the frontier
    /// in turn. Between chunks the first worker checks the limits and reports progress, so a layer of millions of
    /// states neither runs past a limit nor stays silent.
    ///
    /// `closing`: per worker, the part of the frontier it added that the store has not closed; each piece closes its
    /// worker's first.
    private func expand<Store: VisitedStore>(
        _ frontier: [UInt64], depth: Int, closing: [Range<Int>], workers: Workers<Store>, helpers: HelperThreads?,
        monitor: LimitMonitor, store: Store
    ) {
        let busy = helpers.map { $0.count + 1 } ?? 1
        // Only big layers: a small one's slots stay in the cache anyway, and sorting it costs more than it saves.
        let sortsLayers = store is DenseVisitedStore && frontier.count >= Self.sortedLayer
        let chunk = max(16, frontier.count / (busy * 32))
        let chunks = (frontier.count + chunk - 1) / chunk
        let next = ChunkCounter(chunks: chunks, threads: busy)
        frontier.withUnsafeBufferPointer { frontier in
            let work: (Int) -> Void = { index in
                let worker = workers.all[index]
                if index < closing.count { store.closeLayer(UnsafeBufferPointer(rebasing: frontier[closing[index]])) }
                while true {
                    if index == 0 {
                        monitor.reportProgress(depth: depth, frontier: frontier.count - min(frontier.count, next.taken * chunk))
                        if monitor.limitReached() != nil { break }
                    } else if monitor.stopReason != nil {
                        break
                    }
                    guard let c = next.take(index) else { break }
                    for position in (c * chunk)..<min(frontier.count, (c + 1) * chunk) {
                        worker.expand(frontier[position], depth: depth)
                    }
                }
                // In key order the next layer's successors land near each other in the dense store: each thread sorts
                // what it added, so the next layer is a few sorted runs, each a sweep through memory.
                if sortsLayers { worker.sortAdded(bits: self.codec.bits) }
            }
            if let helpers { helpers.run(work) } else { work(0) }
        }
    }

    /// Hands out chunk numbers of a layer to the threads: each starts on a contiguous share of its own, then helps the
    /// others with theirs. In a sorted layer, neighbouring states have successors in the same parts of the store, so
    /// threads working far apart write to different cache lines instead of taking them from each other.
    final class ChunkCounter: @unchecked Sendable {
        /// Per thread, a share's next chunk and its end, a cache line apart.
        private let next: UnsafeMutablePointer<Atomic<Int>>
        private let end: [Int]
        private let start: [Int]
        private static let stride = 8

        init(chunks: Int, threads: Int) {
            start = (0..<threads).map { chunks * $0 / threads }
            end = (0..<threads).map { chunks * ($0 + 1) / threads }
            next = .allocate(capacity: threads * Self.stride)
            for i in 0..<threads { (next + i * Self.stride).initialize(to: Atomic(start[i])) }
        }

        deinit {
            for i in 0..<start.count { (next + i * Self.stride).deinitialize(count: 1) }
            next.deallocate()
        }

        /// The next chunk for thread `index`, or nil when none is left.
        func take(_ index: Int) -> Int? {
            let threads = start.count
            for k in 0..<threads {
                let share = (index + k) % threads
                let chunk = next[share * Self.stride].add(1, ordering: .relaxed).oldValue
                if chunk < end[share] { return chunk }
            }
            return nil
        }

        /// Chunks handed out so far.
        var taken: Int {
            (0..<start.count).reduce(0) { $0 + min(next[$1 * Self.stride].load(ordering: .relaxed), end[$1]) - start[$1] }
        }
    }

    /// Every thread's worker; worker i is only ever used by one thread at a time.
    final class Workers<Store: VisitedStore>: @unchecked Sendable {
        let all: [ExplorationWorker<Store>]
        init(_ workers: [ExplorationWorker<Store>]) { all = workers }
    }

    /// A configuration the machine is done in: halted, or every active leaf is a final state.
    func isFinal(_ context: StepContext) -> Bool {
        if context.isHalted { return true }
        let configuration = context.currentConfiguration
        let leaves = configuration.filter { machine.isLeaf($0) }
        return !leaves.isEmpty && leaves.allSatisfy { machine.spec.states[$0].kind == .final }
    }

    private static func scramble(_ value: UInt64, _ seed: UInt64) -> UInt64 {
        var z = (value ^ seed) &* 0xBF58_476D_1CE4_E5B9
        z ^= z >> 31
        return z &* 0x94D0_49BB_1331_11EB
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
