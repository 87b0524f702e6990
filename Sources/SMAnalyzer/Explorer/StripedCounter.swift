import CPlatform
import Synchronization

/// A count that many threads add to at once: one stripe per thread, each on cache lines of its own, summed when
/// read. A single atomic that every thread increments moves its cache line between the cores on every addition:
/// with two threads, the dense store's count of new states was a fifth of its inserts' time.
///
/// Each thread takes the next stripe the first time it adds (`smcheck_thread_stripe`), so the threads of one search
/// never share a stripe while there are enough of them; more threads than stripes share them, still counting right.
final class StripedCounter: @unchecked Sendable {
    /// Ints between two stripes: 128 bytes, as the CPU may fetch lines in adjacent pairs.
    private static let stride = 16
    private let stripeMask: Int
    private let stripes: UnsafeMutablePointer<Atomic<Int>>
    /// This counter's identity for the threads' stripes, and the next stripe a thread takes.
    private let identity = smcheck_new_stripe_owner()
    private let nextStripe: UnsafeMutablePointer<UInt32>

    /// A stripe for each of `threads` threads (at most 64).
    init(threads: Int) {
        var count = 1
        while count < min(max(threads, 1), 64) { count *= 2 }
        stripeMask = count - 1
        // Aligned as the stripes are apart: the first one shares no line with the memory before it.
        stripes = UnsafeMutableRawPointer.allocate(byteCount: count * Self.stride * 8, alignment: Self.stride * 8)
            .bindMemory(to: Atomic<Int>.self, capacity: count * Self.stride)
        for i in 0..<count { (stripes + i * Self.stride).initialize(to: Atomic(0)) }
        nextStripe = .allocate(capacity: 1)
        nextStripe.initialize(to: 0)
    }

    deinit {
        for i in 0...stripeMask { (stripes + i * Self.stride).deinitialize(count: 1) }
        stripes.deallocate()
        nextStripe.deallocate()
    }

    @inline(__always)
    func add(_ amount: Int) {
        let stripe = stripeMask == 0 ? 0 : Int(smcheck_thread_stripe(identity, nextStripe)) & stripeMask
        stripes[stripe * Self.stride].wrappingAdd(amount, ordering: .relaxed)
    }

    /// The sum of what was added (what other threads are adding meanwhile may or may not be in it).
    var value: Int {
        var total = 0
        for i in 0...stripeMask { total &+= stripes[i * Self.stride].load(ordering: .relaxed) }
        return total
    }
}
