import CPlatform
import Foundation
import Synchronization
import Testing

@testable import SMAnalyzer

/// The count the dense store keeps of its states, added to by every thread at once.
@Suite("Striped counter")
struct StripedCounterTests {
    /// Runs `body` on `count` threads of their own, all started before any runs it.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let started = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<count {
            started.enter()
            done.enter()
            Thread.detachNewThread {
                started.leave()
                go.wait()
                body(index)
                done.leave()
            }
        }
        started.wait()
        for _ in 0..<count { go.signal() }
        done.wait()
    }

    @Test("every addition from every thread is counted, whatever stripe it lands on")
    func concurrentAdditions() {
        // Counters of 1, 2, 4 and 8 stripes with as many threads (each stripe used), and 64 stripes shared by 70.
        for (stripes, threads) in [(1, 3), (2, 2), (3, 4), (8, 8), (100, 70)] {
            let counter = StripedCounter(threads: stripes)
            Self.onThreads(threads) { index in
                for i in 0..<5_000 { counter.add(i % 3 == 0 ? 2 : 1) }
                if index == 0 { counter.add(-5) }
            }
            // Per thread: 1,667 additions of 2 and 3,333 of 1.
            #expect(counter.value == threads * (1_667 * 2 + 3_333) - 5, "\(threads) threads on a counter for \(stripes)")
        }
    }

    @Test("each thread takes a stripe of its own and keeps it")
    func threadStripes() {
        let owner = smcheck_new_stripe_owner()
        #expect(smcheck_new_stripe_owner() != owner)
        // Only `smcheck_thread_stripe` touches it, atomically.
        nonisolated(unsafe) let next = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        next.initialize(to: 0)
        defer { next.deallocate() }
        let stripes = Mutex<[UInt32]>([])
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                let stripe = smcheck_thread_stripe(owner, next)
                let again = smcheck_thread_stripe(owner, next)
                stripes.withLock { $0.append(again == stripe ? stripe : .max) }
                group.leave()
            }
        }
        group.wait()
        #expect(stripes.withLock { $0.sorted() } == [0, 1, 2, 3], "four threads, each asking twice")
        // Another owner: the thread asks anew.
        let other = smcheck_new_stripe_owner()
        #expect(smcheck_thread_stripe(other, next) == 4)
        #expect(smcheck_thread_stripe(other, next) == 4)
    }
}
