import Atomics
import Foundation
@_spi(Stepping) public import SMEngine
import SMSpec

/// Limits and knobs of an exploration.
public struct ExplorationOptions: Sendable {
    /// Stop (with partial results, marked incomplete) after this many configurations.
    public var maximumStates: Int = 50_000_000
    /// Stop when the process's resident memory passes this many bytes.
    public var maximumMemory: Int = 8 << 30
    /// Stop after this long (nil: no time limit).
    public var maximumDuration: Duration?
    /// Polled between chunks of work; when it returns true the exploration stops (marked incomplete).
    public var isCancelled: @Sendable () -> Bool = { false }
    /// Threads that expand states; 1 for none beside the caller. Only the dense store inserts from several threads.
    public var threads: Int = ProcessInfo.processInfo.activeProcessorCount
    /// At most this many event instances (events times parameter values) are tried in each configuration.
    public var maximumEventInstances: Int = 4096
    /// At most this many combinations of opaque-guard and oneOf outcomes are tried per configuration and event.
    public var maximumChoiceCombinations: Int = 1024
    /// Which visited store to use; `.automatic` picks the dense one when the packed state fits in 28 bits.
    /// Forcing one is for tests and diagnosis: both must find the same configurations.
    public var store: StoreChoice = .automatic
    /// Cache steps projected on event footprints (see `StateCodec.eventFootprints()`), so that an event touching one
    /// parallel region is computed once per state of that region rather than once per configuration.
    public var cachesTransitions = true
    /// Also run the engine on every step the cache answers and count where they differ
    /// (`Exploration.transitionCacheMismatches`); an internal consistency check that tests switch on.
    public var verifiesTransitionCache = false

    public enum StoreChoice: Sendable { case automatic, dense, hashed }

    /// Called with the progress so far, at most every `progressInterval`, also in the middle of a large layer.
    public var progress: (@Sendable (ExplorationProgress) -> Void)?
    /// How often `progress` is called.
    public var progressInterval: Duration = .milliseconds(500)

    public init() {}
}

public struct ExplorationProgress: Sendable {
    public let configurations: Int
    public let depth: Int
    public let frontier: Int
    public let seconds: Double
}

/// An exploration that could not start.
public struct ExplorationError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Breadth-first exploration of every stable configuration reachable from the initial one.
///
/// This is the explorer's hot loop: for each configuration of the current layer, for each event instance and each
/// combination of choices, load the packed state into a `StepContext`, run the engine's own step, pack the result,
/// and insert it into the visited store. Layers are explored in parallel when the store allows it. Everything the
/// checks need — coverage, errors, overlaps, invariant violations, deadlocks — is recorded on the way, each with
/// the smallest witness by (depth, key), so results do not depend on thread timing.
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
        var instances: [EventInstance] = []
        for event in machine.spec.events where !event.isImplicit {
            let count = event.instanceCount
            if count > options.maximumEventInstances || instances.count + count > options.maximumEventInstances {
                throw ExplorationError(message: "event '\(event.name)' has \(count) combinations of parameter values; exploration tries at most \(options.maximumEventInstances) event instances in all (narrow the parameters' domains)")
            }
            for values in event.parameterCombinations {
                instances.append(EventInstance(event: event.index, arguments: zip(event.parameters, values).map { Machine.encode($1, as: $0.type) }))
            }
        }
        eventInstances = instances
    }

    /// Explores; throws only when the initial state itself cannot be computed.
    public func run() -> Exploration {
        let start = ContinuousClock.now
        let fitsDense = codec.words == 1 && codec.bits <= DenseVisitedStore.maximumBits
        let useDense = options.store == .dense ? fitsDense : options.store == .automatic && fitsDense
        let store: any VisitedStore = useDense ? DenseVisitedStore(bits: codec.bits) : HashedVisitedStore(keyWords: codec.words)
        let exploration = Exploration(machine: machine, codec: codec, store: store, eventInstances: eventInstances)

        // The initial state.
        let context = StepContext(machine: machine)
        context.recorder = CoverageRecorder(machine: machine, checksOverlaps: true, checksInvariants: true)
        let rootKey = UnsafeMutablePointer<UInt64>.allocate(capacity: codec.words)
        defer { rootKey.deallocate() }
        do {
            try context.resetToInitialState()
        } catch {
            exploration.startError = error
            exploration.isComplete = true
            exploration.coverage = context.recorder!
            return exploration
        }
        codec.encode(context, into: rootKey)
        let root = store.insertRoot(rootKey)
        exploration.root = root
        var results = WorkerResults(machine: machine)
        results.checkNewState(root, depth: 0, context: context)
        if let violated = context.recorder?.violatedInvariant { results.invariant(violated, .init(depth: 0, state: root, instance: nil, choices: [])) }
        results.coverage = context.recorder!

        var frontier: [UInt64] = [root]
        var depth = 0
        let threadCount = store.isConcurrent ? max(1, options.threads) : 1
        let footprints = options.cachesTransitions ? codec.eventFootprints() : []
        let caches = WorkerCaches((0..<threadCount).map { _ in
            options.cachesTransitions ? TransitionCache(footprints: footprints, instances: eventInstances, words: codec.words) : nil
        })
        let monitor = LimitMonitor(options: options, start: start, store: store)
        while !frontier.isEmpty {
            if let reason = monitor.limitReached() {
                exploration.stop(reason)
                break
            }
            let layer = expand(frontier, depth: depth, store: store, threads: threadCount, caches: caches, monitor: monitor)
            results.merge(layer.results)
            store.closeLayer(layer.added)
            exploration.transitions += layer.transitions
            exploration.transitionCacheMismatches += layer.cacheMismatches
            if !layer.added.isEmpty { depth += 1 }
            frontier = layer.added
            monitor.reportProgress(depth: depth, frontier: frontier.count)
            if let reason = monitor.stopReason {
                exploration.stop(reason)
                break
            }
            if layer.choiceLimitHit {
                exploration.stop("some configuration and event had more than \(options.maximumChoiceCombinations) combinations of choices; the rest were not tried")
            }
        }
        exploration.depth = depth
        exploration.configurations = store.count
        exploration.cachedSteps = caches.all.reduce(0) { $0 + ($1?.hitCount ?? 0) }
        exploration.results = results
        exploration.coverage = results.coverage
        exploration.elapsed = (ContinuousClock.now - start).seconds
        exploration.peakMemory = MemoryUse.peak() ?? 0
        return exploration
    }

    struct LayerResult {
        var added: [UInt64] = []
        var transitions = 0
        var results: WorkerResults
        var choiceLimitHit = false
        var cacheMismatches = 0
    }

    /// Expands one layer, split in chunks over the threads. Between chunks the monitor checks the limits and reports
    /// progress, so a layer of millions of states neither runs past a limit nor stays silent.
    private func expand(_ frontier: [UInt64], depth: Int, store: any VisitedStore, threads: Int, caches: WorkerCaches,
                        monitor: LimitMonitor) -> LayerResult {
        let chunk = max(64, frontier.count / (threads * 16))
        let chunks = (frontier.count + chunk - 1) / chunk
        let next = ManagedAtomic<Int>(0)
        let workers = threads > 1 && frontier.count >= 256 ? threads : 1
        let partials = Partials(count: workers)
        let work: @Sendable (Int) -> Void = { worker in
            let context = StepContext(machine: self.machine)
            context.recorder = CoverageRecorder(machine: self.machine, checksOverlaps: true, checksInvariants: true)
            context.trackPackedKey(with: self.codec)
            var local = LayerResult(results: WorkerResults(machine: self.machine))
            let parentKey = UnsafeMutablePointer<UInt64>.allocate(capacity: 2 * self.codec.words)
            defer { parentKey.deallocate() }
            let cache = caches.all[worker]
            var successors: [UInt64] = []
            while true {
                if worker == 0 {
                    monitor.reportProgress(depth: depth, frontier: frontier.count - min(frontier.count, next.load(ordering: .relaxed) * chunk))
                    if monitor.limitReached() != nil { break }
                } else if monitor.stopReason != nil {
                    break
                }
                let c = next.loadThenWrappingIncrement(ordering: .relaxed)
                guard c < chunks else { break }
                for index in (c * chunk)..<min(frontier.count, (c + 1) * chunk) {
                    self.expandState(frontier[index], depth: depth, store: store, context: context, cache: cache,
                                     parentKey: parentKey, successors: &successors, into: &local)
                }
            }
            local.results.coverage = context.recorder!
            partials.set(worker, local)
        }
        if workers == 1 {
            work(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: workers, execute: work)
        }
        var result = LayerResult(results: WorkerResults(machine: machine))
        for partial in partials.all {
            result.added += partial.added
            result.transitions += partial.transitions
            result.results.merge(partial.results)
            result.choiceLimitHit = result.choiceLimitHit || partial.choiceLimitHit
            result.cacheMismatches += partial.cacheMismatches
        }
        if workers > 1 { result.added.sort() }
        return result
    }

    /// One transition cache per worker, kept across layers; worker i only ever touches cache i.
    private final class WorkerCaches: @unchecked Sendable {
        let all: [TransitionCache?]
        init(_ caches: [TransitionCache?]) { all = caches }
    }

    /// The workers' results of one layer, each written once by its worker.
    private final class Partials: @unchecked Sendable {
        private var items: [LayerResult?]
        private let lock = NSLock()

        init(count: Int) { items = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ result: LayerResult) { lock.withLock { items[index] = result } }
        var all: [LayerResult] { lock.withLock { items.compactMap { $0 } } }
    }

    /// Every event instance and choice combination from one configuration: first all the steps (the context tracks
    /// the packed key, so a successor's key is ready when its step ends; the transition cache answers most steps of
    /// parallel machines without running them), then all the inserts, whose memory accesses overlap.
    private func expandState(
        _ id: UInt64, depth: Int, store: any VisitedStore, context: StepContext, cache: TransitionCache?,
        parentKey: UnsafeMutablePointer<UInt64>, successors: inout [UInt64], into local: inout LayerResult
    ) {
        let words = codec.words
        let cachedKey = parentKey + words
        store.key(of: id, into: parentKey)
        // Decoded on the first step the cache cannot answer: with parallel regions, often none.
        var decoded = false
        func decodeParent() {
            guard !decoded else { return }
            codec.decode(parentKey, into: context)
            context.checkpoint()
            decoded = true
        }
        successors.removeAll(keepingCapacity: true)
        var progressed = false
        for (instanceIndex, instance) in eventInstances.enumerated() {
            let cacheable = cache?.isCacheable(instanceIndex) ?? false
            if cacheable, cache!.successor(instanceIndex, of: parentKey, into: cachedKey) {
                if options.verifiesTransitionCache {
                    decodeParent()
                    if !engineAgrees(instance, cachedKey, context: context) { local.cacheMismatches += 1 }
                }
                local.transitions += 1
                for w in 0..<words { successors.append(cachedKey[w]) }
                continue
            }
            decodeParent()
            var values: [Int] = []
            var combinations = 0
            while true {
                combinations += 1
                if combinations > options.maximumChoiceCombinations {
                    local.choiceLimitHit = true
                    break
                }
                context.restoreCheckpoint()
                context.useChoices(values)
                let overlapsBefore = context.recordedOverlapCount
                do {
                    let outcome = try context.process(instance)
                    local.transitions += 1
                    if context.recordedOverlapCount > overlapsBefore {
                        let witness = Witness(depth: depth, state: id, instance: instanceIndex, choices: values)
                        for overlap in context.recordedOverlaps(from: overlapsBefore) { local.results.overlap(overlap, witness) }
                    }
                    // Violated at the end of a macrostep for an event the machine sent itself, but not at the end: the
                    // final state is checked when it is first reached, so only this case needs the event's witness.
                    if let violated = context.recordedViolatedInvariant, context.invariantHolds(violated) {
                        local.results.invariant(violated, Witness(depth: depth, state: id, instance: instanceIndex, choices: values))
                    }
                    let key = context.trackedKey!
                    for w in 0..<words { successors.append(key[w]) }
                    if cacheable && outcome.handled && context.recordedOverlapCount == overlapsBefore
                        && context.recordedViolatedInvariant == nil {
                        cache!.store(instanceIndex, parent: parentKey, successor: key)
                    }
                } catch {
                    // A failure is not a deadlock: the machine does not silently ignore the event.
                    if case .unhandledEvent = error.kind {} else { progressed = true }
                    local.results.error(error, Witness(depth: depth, state: id, instance: instanceIndex, choices: values))
                }
                guard let next = context.nextChoices() else { break }
                values = next
            }
        }
        let count = successors.count / words
        successors.withUnsafeBufferPointer { buffer in
            guard let keys = buffer.baseAddress else { return }
            store.touch(keys, count: count)
            for i in 0..<count {
                let key = keys + i * words
                if !Self.equal(key, parentKey, words) { progressed = true }
                if let child = store.insert(key, parent: id) {
                    local.added.append(child)
                    if local.results.invariantCount > 0 {
                        codec.decode(key, into: context)
                        local.results.checkNewState(child, depth: depth + 1, context: context)
                    }
                }
            }
        }
        if !progressed {
            decodeParent()
            context.restoreCheckpoint()
            if !isFinal(context) {
                local.results.deadlock(Witness(depth: depth, state: id, instance: nil, choices: []),
                                       configuration: context.currentConfiguration.words)
            }
        }
    }

    /// Whether the engine's step gives what the cache gave.
    private func engineAgrees(_ instance: EventInstance, _ cached: UnsafePointer<UInt64>, context: StepContext) -> Bool {
        context.restoreCheckpoint()
        context.useChoices([])
        guard (try? context.process(instance)) != nil, let key = context.trackedKey else { return false }
        return (0..<codec.words).allSatisfy { key[$0] == cached[$0] }
    }

    /// A configuration the machine is done in: halted, or every active leaf is a final state.
    func isFinal(_ context: StepContext) -> Bool {
        if context.isHalted { return true }
        let configuration = context.currentConfiguration
        let leaves = configuration.filter { machine.isLeaf($0) }
        return !leaves.isEmpty && leaves.allSatisfy { machine.spec.states[$0].kind == .final }
    }

    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt64>, _ b: UnsafePointer<UInt64>, _ words: Int) -> Bool {
        for w in 0..<words where a[w] != b[w] { return false }
        return true
    }
}

extension Duration {
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
