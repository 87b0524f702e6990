#if Z3
    import Dispatch
    import Foundation

    /// Interrupts the call under way in a context once it has run `grace` (a quarter of a second) past a deadline, or
    /// as soon as the work is cancelled (Ctrl-C), looking every 100 ms until stopped: each call has its own time limit,
    /// which ends by the deadline, but Z3 does not always watch it (Spacer, in some of its phases), a call can run 20 s,
    /// and a verification must end at its deadline, or when cancelled, whatever the call under way. The grace lets a
    /// call that watches its limit end by itself: an interrupted context is never released (see `Z3Context`).
    package final class Z3Watchdog: @unchecked Sendable {
        private let context: Z3Context
        private let interruptAt: ContinuousClock.Instant
        private let isCancelled: @Sendable () -> Bool
        private let lock = NSLock()
        private var stopped = false
        private static let queue = DispatchQueue(label: "smcheck.z3-watchdog")
        private static let grace = Duration.milliseconds(250)

        package init(context: Z3Context, deadline: ContinuousClock.Instant, isCancelled: @escaping @Sendable () -> Bool = { false }) {
            self.context = context
            self.interruptAt = deadline + Self.grace
            self.isCancelled = isCancelled
            schedule()
        }

        /// No more interrupts: the verification is done with the context.
        package func stop() { lock.withLock { stopped = true } }

        private func schedule() {
            Self.queue.asyncAfter(deadline: .now() + .milliseconds(100)) { self.look() }
        }

        private func look() {
            let again = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                if ContinuousClock.now >= interruptAt || isCancelled() { context.interruptCallUnderWay() }
                return true
            }
            if again { schedule() }
        }
    }
#endif
