import CPlatform
import Synchronization

/// A count that many threads add to at once: one stripe per thread, each on cache lines of its own, summed when
/// read. A single atomic that every thread increments moves its cache line between the cores on every addition:
/// with two threads, the dense store's count of new states was a fifth of its inserts' time.
///
/// Each thread takes the next stripe the first time it adds (`smcheck_thread_stripe`) and adds to it alone, with a
/// plain load and store: a locked add per new state cost a tenth of a one-thread run of the player, where nothing
/// contends. Threads past the stripes (more threads than asked for) share one more stripe, and add to it atomically.
final class StripedCounter: @unchecked Sendable {
    /// Ints between two stripes: 128 bytes, as the CPU may fetch lines in adjacent pairs.
    private static let stride = 16
    /// Stripes owned by one thread each; the one after them is shared.
    private let ownedCount: Int
    private let stripes: UnsafeMutablePointer<Atomic<Int>>
    /// This counter's identity for the threads' stripes, and the next stripe a thread takes.
    private let identity = smcheck_new_stripe_owner()
    private let nextStripe: UnsafeMutablePointer<UInt32>

    /// A stripe for each of `threads` threads (at most 64), and one they share past that.
    init(threads: Int) {
        ownedCount = min(max(threads, 1), 64)
        let count = ownedCount + 1
        // Aligned as the stripes are apart: the first one shares no line with the memory before it.
        stripes = UnsafeMutableRawPointer.allocate(byteCount: count * Self.stride * 8, alignment: Self.stride * 8)
            .bindMemory(to: Atomic<Int>.self, capacity: count * Self.stride)
        for i in 0..<count { (stripes + i * Self.stride).initialize(to: Atomic(0)) }
        nextStripe = .allocate(capacity: 1)
        nextStripe.initialize(to: 0)
    }

    deinit {
        for i in 0...ownedCount { (stripes + i * Self.stride).deinitialize(count: 1) }
        stripes.deallocate()
        nextStripe.deallocate()
    }

    @inline(__always)
    func add(_ amount: Int) {
        // Stripes are handed out once each (`smcheck_thread_stripe` never gives a number twice), so no other thread
        // writes this one.
        let owned = Int(smcheck_thread_stripe(identity, nextStripe))
        if owned < ownedCount {
            addPlainly(amount, to: owned)
        } else {
            stripes[ownedCount * Self.stride].wrappingAdd(amount, ordering: .relaxed)
        }
    }

    /// `add`, while no other thread adds (until the caller hands over to others, as a search does between layers):
    /// a plain load and store on the shared stripe, without finding the thread's own.
    @inline(__always)
    func addAlone(_ amount: Int) { addPlainly(amount, to: ownedCount) }

    /// Adds to stripe `index` with a plain load and store: only while no other thread writes it.
    @inline(__always)
    private func addPlainly(_ amount: Int, to index: Int) {
        let stripe = stripes + index * Self.stride
        stripe.pointee.store(stripe.pointee.load(ordering: .relaxed) &+ amount, ordering: .relaxed)
    }

    /// The sum of what was added (what other threads are adding meanwhile may or may not be in it).
    var value: Int {
        var total = 0
        for i in 0...ownedCount { total &+= stripes[i * Self.stride].load(ordering: .relaxed) }
        return total
    }
}
