import CPlatform
import Foundation
import Synchronization

/// Threads that stay up for a whole exploration and take part in each piece of work the explorer shares out (a
/// layer's states, closing it): handing out a piece is an atomic store they are spinning on, and collecting it an
/// atomic counter, so a layer of a few hundred states is worth sharing. Waking a thread through the kernel, as a
/// dispatch queue does for every `concurrentPerform`, costs tens of microseconds: more than such a layer.
///
/// A helper spins for a while after each piece, then sleeps on a condition until the next one (an exploration that
/// pauses between layers, or a long serial stretch, does not burn a core). The calling thread never waits for a
/// helper that has not started its piece: it runs that piece itself (on a machine busy with other work, a helper
/// can be off its core for milliseconds, and a deep space has a layer every few microseconds).
final class HelperThreads: @unchecked Sendable {
    /// Helpers beside the calling thread.
    let count: Int
    /// Bumped to hand out a piece (`work` is set first).
    private let phase = Atomic<Int>(0)
    /// Pieces finished by helpers, over all phases.
    private let finished = Atomic<Int>(0)
    /// What `finished` reaches once the helpers that took their piece of the current phase are done.
    private var expectedFinished = 0
    /// Per helper, a cache line apart: the last phase whose piece was claimed for it, by the helper or by the
    /// calling thread (`claim`).
    private let claimed: UnsafeMutablePointer<Atomic<Int>>
    private static let stride = 8
    private let sleepers = Atomic<Int>(0)
    private let condition = NSCondition()
    private let exited = DispatchGroup()
    /// The piece of the current phase, with the helper's number (1...count); nil tells the helpers to end.
    private nonisolated(unsafe) var work: ((Int) -> Void)?

    /// How long a helper spins before it sleeps (pause instructions; tens of microseconds).
    private static let spins = 1 << 14

    init(count: Int) {
        self.count = count
        claimed = .allocate(capacity: max(1, count + 1) * Self.stride)
        for i in 0...count { (claimed + i * Self.stride).initialize(to: Atomic(0)) }
        for index in 1...max(1, count) where count > 0 {
            exited.enter()
            let thread = Thread { [self] in
                helperLoop(index)
                exited.leave()
            }
            thread.name = "smcheck explorer \(index)"
            thread.start()
        }
    }

    deinit {
        for i in 0...count { (claimed + i * Self.stride).deinitialize(count: 1) }
        claimed.deallocate()
    }

    /// Runs `piece(i)` once for each i in 0...count and returns when all have run: `piece(0)` on the calling thread,
    /// each other on its helper, or on the calling thread too when that helper has not taken it by the time
    /// `piece(0)` is done (a helper another process keeps off its core, or one still waking). So the pieces must not
    /// wait for each other; they share out their work through counters, and whatever a piece does for its index
    /// (its worker's buffers) is done by whichever thread runs it.
    func run(_ piece: (Int) -> Void) {
        guard count > 0 else { return piece(0) }
        withoutActuallyEscaping(piece) { piece in
            work = piece
            let number = phase.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
            wakeSleepers()
            piece(0)
            // The pieces no helper took yet run here; the others' helpers are running them or done.
            for index in 1...count {
                if claim(index, number) { piece(index) } else { expectedFinished += 1 }
            }
            var spins = 0
            while finished.load(ordering: .acquiring) < expectedFinished {
                smcheck_spin_pause()
                spins += 1
                if spins > Self.spins { sched_yield() }
            }
            work = nil
        }
    }

    /// Ends the helper threads; called once, after the last `run`.
    func stop() {
        guard count > 0 else { return }
        work = nil
        phase.wrappingAdd(1, ordering: .sequentiallyConsistent)
        wakeSleepers()
        exited.wait()
    }

    private func wakeSleepers() {
        guard sleepers.load(ordering: .sequentiallyConsistent) > 0 else { return }
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    private func helperLoop(_ index: Int) {
        var seen = 0
        while true {
            seen = waitForPhase(after: seen)
            // The calling thread ran this piece itself when it got there first.
            guard claim(index, seen) else { continue }
            guard runPiece(index) else { return }
            finished.wrappingAdd(1, ordering: .releasing)
        }
    }

    /// Claims helper `index`'s piece of phase `number` for the thread that asks first; false when it was claimed.
    private func claim(_ index: Int, _ number: Int) -> Bool {
        var current = claimed[index * Self.stride].load(ordering: .acquiring)
        while current < number {
            let (exchanged, original) = claimed[index * Self.stride].compareExchange(
                expected: current, desired: number, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Runs the current piece; false when told to end. Its own function, so the reference to the piece is dropped
    /// before the piece counts as finished (`run` checks that nothing kept it).
    @inline(never)
    private func runPiece(_ index: Int) -> Bool {
        guard let work else { return false }
        work(index)
        return true
    }

    /// Spins, then sleeps, until the phase passes `seen`; returns the new phase.
    private func waitForPhase(after seen: Int) -> Int {
        for _ in 0..<Self.spins {
            let now = phase.load(ordering: .acquiring)
            if now != seen { return now }
            smcheck_spin_pause()
        }
        sleepers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        condition.lock()
        var now = phase.load(ordering: .sequentiallyConsistent)
        while now == seen {
            condition.wait()
            now = phase.load(ordering: .sequentiallyConsistent)
        }
        condition.unlock()
        sleepers.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        return now
    }
}
