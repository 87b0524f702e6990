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

    @Test("a thread keeps its number, and no two threads share one")
    func threadNumbers() {
        let numbers = Mutex<[UInt32]>([])
        let group = DispatchGroup()
        for _ in 0..<4 {
            group.enter()
            Thread.detachNewThread {
                let number = smcheck_thread_number()
                let again = smcheck_thread_number()
                numbers.withLock { $0.append(again == number ? number : 0) }
                group.leave()
            }
        }
        group.wait()
        let seen = numbers.withLock { $0 }
        #expect(seen.count == 4 && !seen.contains(0), "each thread asked twice: \(seen)")
        #expect(Set(seen + [smcheck_thread_number()]).count == 5, "\(seen), this thread \(smcheck_thread_number())")
    }
}
