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
        // Counters whose stripes are all taken, with threads left over that share the last (two of three, 64 of
        // 70), and with exactly as many threads as stripes.
        for (stripes, threads) in [(1, 3), (2, 3), (2, 2), (3, 4), (8, 8), (100, 70)] {
            let counter = StripedCounter(threads: stripes)
            Self.onThreads(threads) { index in
                for i in 0..<5_000 { counter.add(i % 3 == 0 ? 2 : 1) }
                if index == 0 { counter.add(-5) }
            }
            // Per thread: 1,667 additions of 2 and 3,333 of 1.
            #expect(counter.value == threads * (1_667 * 2 + 3_333) - 5, "\(threads) threads on a counter for \(stripes)")
        }
    }

    @Test("a thread that goes back and forth between counters takes new stripes, then shares the last, still counting right")
    func switchingCounters() {
        // Each switch takes the thread a new stripe of the counter: after two, a counter for two threads has none
        // left to give, and its additions go to the shared stripe.
        let first = StripedCounter(threads: 2)
        let second = StripedCounter(threads: 2)
        Self.onThreads(2) { _ in
            for _ in 0..<1_000 {
                first.add(1)
                second.add(3)
            }
        }
        #expect(first.value == 2_000)
        #expect(second.value == 6_000)
    }

    @Test("additions made alone, between threads' additions, are counted with them")
    func aloneBetweenShared() {
        let counter = StripedCounter(threads: 2)
        for round in 0..<3 {
            Self.onThreads(3) { _ in
                for _ in 0..<1_000 { counter.add(1) }
            }
            for _ in 0..<(round + 1) * 10 { counter.addAlone(2) }
        }
        #expect(counter.value == 3 * 3_000 + (10 + 20 + 30) * 2)
    }

    @Test("stripe numbers stop at the largest rather than come round again")
    func stripesSaturate() {
        nonisolated(unsafe) let next = UnsafeMutablePointer<UInt32>.allocate(capacity: 1)
        let largest = UInt32.max
        next.initialize(to: largest - 1)
        defer { next.deallocate() }
        #expect(smcheck_thread_stripe(smcheck_new_stripe_owner(), next) == largest - 1)
        #expect(smcheck_thread_stripe(smcheck_new_stripe_owner(), next) == largest)
        #expect(smcheck_thread_stripe(smcheck_new_stripe_owner(), next) == largest)
        #expect(next.pointee == largest)
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
