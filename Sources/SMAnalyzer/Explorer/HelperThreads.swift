import CPlatform
import Foundation
import Synchronization

/// Threads that stay up for a whole exploration and take part in each piece of work the explorer shares out (a
/// layer's states, closing it): handing out a piece is an atomic store they are spinning on, and collecting it an
/// atomic counter, so a layer of a few hundred states is worth sharing. Waking a thread through the kernel, as a
/// dispatch queue does for every `concurrentPerform`, costs tens of microseconds: more than such a layer.
///
/// A helper spins for a while after each piece, then sleeps on a condition until the next one (an exploration that
/// pauses between layers, or a long serial stretch, does not burn a core).
final class HelperThreads: @unchecked Sendable {
    /// Helpers beside the calling thread.
    let count: Int
    /// Bumped to hand out a piece (`work` is set first); a helper runs each number once.
    private let phase = Atomic<Int>(0)
    /// Pieces finished by helpers, over all phases.
    private let finished = Atomic<Int>(0)
    private let sleepers = Atomic<Int>(0)
    private let condition = NSCondition()
    private let exited = DispatchGroup()
    /// The piece of the current phase, with the helper's number (1...count); nil tells the helpers to end.
    private nonisolated(unsafe) var work: ((Int) -> Void)?

    /// How long a helper spins before it sleeps (pause instructions; tens of microseconds).
    private static let spins = 1 << 14

    init(count: Int) {
        self.count = count
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

    /// Runs `piece(0)` on the calling thread and `piece(i)` on each helper `i`, and returns when all have finished.
    func run(_ piece: (Int) -> Void) {
        guard count > 0 else { return piece(0) }
        withoutActuallyEscaping(piece) { piece in
            work = piece
            let number = phase.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
            wakeSleepers()
            piece(0)
            let target = number * count
            var spins = 0
            while finished.load(ordering: .acquiring) < target {
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
            guard runPiece(index) else { return }
            finished.wrappingAdd(1, ordering: .releasing)
        }
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
