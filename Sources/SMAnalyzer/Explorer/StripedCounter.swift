import CPlatform
import Synchronization

/// A count that many threads add to at once: one stripe per thread (by its number, modulo the stripes), each on
/// cache lines of its own, summed when read. A single atomic that every thread increments moves its cache line
/// between the cores on every addition: with two threads, the dense store's count of new states was a fifth of
/// its inserts' time.
final class StripedCounter: @unchecked Sendable {
    /// Ints between two stripes: 128 bytes, as the CPU may fetch lines in adjacent pairs.
    private static let stride = 16
    private let stripeMask: Int
    private let stripes: UnsafeMutablePointer<Atomic<Int>>

    /// Room for `threads` threads to add at once: one stripe for one thread; else four per thread (at most 64), as
    /// a thread's number is the process's, not the search's, and two threads then rarely share a stripe (they
    /// would still count right).
    init(threads: Int) {
        var count = 1
        while threads > 1 && count < min(4 * threads, 64) { count *= 2 }
        stripeMask = count - 1
        stripes = .allocate(capacity: count * Self.stride)
        for i in 0..<count { (stripes + i * Self.stride).initialize(to: Atomic(0)) }
    }

    deinit {
        for i in 0...stripeMask { (stripes + i * Self.stride).deinitialize(count: 1) }
        stripes.deallocate()
    }

    @inline(__always)
    func add(_ amount: Int) {
        let stripe = stripeMask == 0 ? 0 : Int(smcheck_thread_number()) & stripeMask
        stripes[stripe * Self.stride].wrappingAdd(amount, ordering: .relaxed)
    }

    /// The sum of what was added (what other threads are adding meanwhile may or may not be in it).
    var value: Int {
        var total = 0
        for i in 0...stripeMask { total &+= stripes[i * Self.stride].load(ordering: .relaxed) }
        return total
    }
}
