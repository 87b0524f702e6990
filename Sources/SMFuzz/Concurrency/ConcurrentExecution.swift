import Dispatch
import Foundation
public import SMEngine
import SMSpec
import Synchronization

/// One event a concurrent run sent: from which thread (nil: the prefix), when it was called and when it returned
/// (ticks of one counter all threads share, so two operations compare as real time does), and what came back.
public struct ConcurrentOperation: Hashable, Sendable {
    public enum Outcome: Hashable, Sendable {
        /// What the machine was in right after the event, as `handle` returned it.
        case observed(ObservedState)
        /// `handle` threw.
        case rejected(String)
    }

    public let thread: Int?
    public let event: EventInstance
    public let invoked: Int
    public let returned: Int
    public let outcome: Outcome
}

/// Everything one concurrent run showed: each operation, and what the machine was in at the end.
public struct ConcurrentHistory: Hashable, Sendable {
    public let scenario: ConcurrentScenario
    /// The prefix's operations in order, then each thread's in program order.
    public let operations: [ConcurrentOperation]
    public let final: ObservedState
}

/// Runs a scenario once on a fresh instance: the prefix from the calling thread, then one thread per list, started
/// together so that their events overlap as much as the scheduler lets them.
struct ConcurrentExecution {
    let machine: Machine
    /// A run whose threads take longer than this many seconds is reported as hung (a deadlock, most likely).
    var timeoutSeconds = 30

    /// Returns nil when the threads did not finish in time. The prefix and the final observation run on threads of
    /// their own too, so that an implementation that hangs cannot stop the caller.
    func run(_ scenario: ConcurrentScenario, on instance: any ConcurrentImplementation) -> ConcurrentHistory? {
        let shared = SharedRun(threads: scenario.threads.count)
        let deadline = DispatchTime.now() + .seconds(timeoutSeconds)
        let prefix: @Sendable () -> Void = { [self] in
            shared.store(scenario.prefix.map { send($0, to: instance, thread: nil, in: shared) }, of: nil)
        }
        let threads = scenario.threads.enumerated().map { t, events -> @Sendable () -> Void in
            { [self] in
                shared.startTogether()
                let operations = events.map { send($0, to: instance, thread: t, in: shared) }
                shared.store(operations, of: t)
            }
        }
        guard Self.run([prefix], by: deadline), Self.run(threads, by: deadline),
            Self.run([{ shared.final = instance.observation }], by: deadline), let final = shared.final
        else { return nil }
        return ConcurrentHistory(scenario: scenario, operations: shared.operations, final: final)
    }

    /// Runs each body on a thread of its own; false when they have not all finished by `deadline`.
    private static func run(_ bodies: [@Sendable () -> Void], by deadline: DispatchTime) -> Bool {
        let finished = DispatchSemaphore(value: 0)
        for body in bodies {
            Thread {
                body()
                finished.signal()
            }.start()
        }
        return bodies.allSatisfy { _ in finished.wait(timeout: deadline) == .success }
    }

    private func send(
        _ event: EventInstance, to instance: any ConcurrentImplementation, thread: Int?,
        in run: SharedRun
    ) -> ConcurrentOperation {
        let name = machine.spec.events[event.event].name
        let arguments = Dictionary(uniqueKeysWithValues: machine.arguments(of: event).map { ($0.name, $0.value) })
        let invoked = run.clock.add(1, ordering: .sequentiallyConsistent).newValue
        let outcome: ConcurrentOperation.Outcome
        do {
            outcome = .observed(try instance.handle(name, arguments))
        } catch {
            outcome = .rejected("\(error)")
        }
        let returned = run.clock.add(1, ordering: .sequentiallyConsistent).newValue
        return ConcurrentOperation(thread: thread, event: event, invoked: invoked, returned: returned, outcome: outcome)
    }
}

/// What the threads of one run share: the clock, the start barrier and where each puts its operations (written once
/// per thread, when it is done, so the lock does not order the events themselves). The lock is an NSLock (a pthread
/// mutex), which ThreadSanitizer understands, so tests of thread-safe code under it see only that code's races.
private final class SharedRun: @unchecked Sendable {
    let clock = Atomic<Int>(0)
    let arrived = Atomic<Int>(0)
    let threads: Int
    private let lock = NSLock()
    private var prefix: [ConcurrentOperation] = []
    private var results: [[ConcurrentOperation]]
    private var observed: ObservedState?

    init(threads: Int) {
        self.threads = threads
        results = Array(repeating: [], count: threads)
    }

    /// Stores a thread's operations (nil: the prefix's).
    func store(_ operations: [ConcurrentOperation], of thread: Int?) {
        locked {
            if let thread { results[thread] = operations } else { prefix = operations }
        }
    }

    /// The prefix's operations, then every thread's, in thread order.
    var operations: [ConcurrentOperation] { locked { prefix + results.flatMap { $0 } } }

    var final: ObservedState? {
        get { locked { observed } }
        set { locked { observed = newValue } }
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Waits until every thread is here. It spins rather than sleeps, so that threads that are running when the
    /// last one arrives leave at the same moment; after a while it yields, for when there are more threads than
    /// cores.
    func startTogether() {
        arrived.add(1, ordering: .sequentiallyConsistent)
        var spins = 0
        while arrived.load(ordering: .sequentiallyConsistent) < threads {
            spins += 1
            if spins > 100_000 { sched_yield() }
        }
    }
}
