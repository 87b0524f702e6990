import CPlatform
import Foundation
import Synchronization
import Testing

@testable import SMAnalyzer

/// The count the dense store keeps of its states, added to by every thread at once.
@Suite("Striped counter")
struct StripedCounterTests {
    @Test("every addition from every thread is counted")
    func concurrentAdditions() {
        for threads in [1, 2, 3, 8, 100] {
            let counter = StripedCounter(threads: threads)
            DispatchQueue.concurrentPerform(iterations: 6) { part in
                for i in 0..<20_000 { counter.add(i % 3 == 0 ? 2 : 1) }
                if part == 0 { counter.add(-5) }
            }
            // Per part: 6,667 additions of 2 and 13,333 of 1.
            #expect(counter.value == 6 * (6_667 * 2 + 13_333) - 5, "\(threads) threads")
        }
    }

    @Test("each thread takes a stripe of its own and keeps it")
    func threadStripes() {
        let owner = smcheck_unique_number()
        #expect(smcheck_unique_number() != owner)
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
        let other = smcheck_unique_number()
        #expect(smcheck_thread_stripe(other, next) == 4)
        #expect(smcheck_thread_stripe(other, next) == 4)
    }
}
