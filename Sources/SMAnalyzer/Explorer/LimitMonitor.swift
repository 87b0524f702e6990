import Foundation
import Synchronization

/// When an exploration began, and the process's resident memory then. The memory limit is on what the exploration
/// adds: an app or a test process may already hold more than a small exploration's whole limit.
struct ExplorationStart {
    let time = ContinuousClock.now
    let residentMemory = MemoryUse.resident() ?? 0
}

/// Watches an exploration's limits (configurations, memory) and reports its progress, from the thread that
/// coordinates and from inside a layer alike. Once a limit is reached it stays reached, and every worker sees it.
final class LimitMonitor: @unchecked Sendable {
    private let options: ExplorationOptions
    private let start: ContinuousClock.Instant
    private let store: any VisitedStore
    private let lock = NSLock()
    private var reason: String?
    private let stopped = Atomic<Bool>(false)
    private var lastProgress: ContinuousClock.Instant
    private var lastMemoryCheck: ContinuousClock.Instant
    private let residentAtStart: Int

    init(options: ExplorationOptions, start: ExplorationStart, store: any VisitedStore) {
        self.options = options
        self.start = start.time
        self.store = store
        lastProgress = start.time
        lastMemoryCheck = start.time
        residentAtStart = start.residentMemory
    }

    /// Whether a limit was reached: one atomic load.
    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Why the exploration must stop, once a limit was reached.
    var stopReason: String? {
        guard stopped.load(ordering: .acquiring) else { return nil }
        return lock.withLock { reason }
    }

    /// "512 MB", or in KB or bytes below a megabyte (a limit of 1K is not "0 MB").
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : bytes >= 1 << 10 ? "\(bytes >> 10) KB" : Plural.count(bytes, "byte")
    }

    /// "1 configuration", "2 configurations".
    static func configurations(_ count: Int) -> String { Plural.count(count, "configuration") }

    /// Checks the limits now (memory at most every 50 ms: reading it is a system call); the reason when one is reached.
    func limitReached() -> String? {
        if let reason = stopReason { return reason }
        let count = store.count
        if count >= options.maximumStates {
            // The states being expanded when the limit is reached keep all their successors.
            let past = count > options.maximumStates ? ", reached in the middle of expanding states whose successors were all kept" : ""
            return stop("stopped after \(Self.configurations(count)) (\(options.maximumStatesSource) of \(options.maximumStates)\(past))")
        }
        if options.isCancelled() { return stop("cancelled after \(Self.configurations(count))") }
        let now = ContinuousClock.now
        if let limit = options.maximumDuration, now - start > limit {
            return stop("stopped after \(Self.configurations(count)) (the time limit of \(limit))")
        }
        let due = lock.withLock { () -> Bool in
            guard now - lastMemoryCheck > .milliseconds(50) || count < 1_000 else { return false }
            lastMemoryCheck = now
            return true
        }
        if due, let resident = MemoryUse.resident(), resident - residentAtStart > options.maximumMemory {
            // The way on: a store of a few bytes a configuration, when the search stored them in more; past that, a
            // bit array.
            let hint =
                store.kind == "bitstate"
                ? ""
                : store.kind == "compact" || store.kind == "wide compact" || store.bytes < 8 * count
                    ? " (--bitstate searches past memory)" : " (--compact stores them in a few bytes each; --bitstate searches past memory)"
            return stop(
                "stopped at \(Self.size(resident - residentAtStart)) of memory (over \(options.maximumMemorySource) of \(Self.size(options.maximumMemory))) after \(Self.configurations(count))\(hint)"
            )
        }
        return nil
    }

    /// Calls the progress handler when the interval has passed.
    func reportProgress(depth: Int, frontier: Int) {
        guard let progress = options.progress else { return }
        let now = ContinuousClock.now
        let due = lock.withLock { () -> Bool in
            guard now - lastProgress >= options.progressInterval else { return false }
            lastProgress = now
            return true
        }
        guard due else { return }
        progress(ExplorationProgress(configurations: store.count, depth: depth, frontier: frontier, seconds: (now - start).seconds))
    }

    private func stop(_ text: String) -> String {
        lock.withLock {
            if reason == nil { reason = text }
            stopped.store(true, ordering: .releasing)
            return reason!
        }
    }
}
