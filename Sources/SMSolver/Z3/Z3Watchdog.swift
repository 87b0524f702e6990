#if Z3
    import Dispatch
    import Foundation

    /// Interrupts the call under way in a context once it has run `grace` past a deadline, and again every 100 ms until
    /// stopped: each call has its own time limit, which ends by the deadline, but Z3 does not always watch it (Spacer,
    /// in some of its phases), and a verification must end at its deadline whatever the call under way. The grace lets
    /// a call that watches its limit end by itself: an interrupted context is never released (see `Z3Context`).
    package final class Z3Watchdog: @unchecked Sendable {
        private let context: Z3Context
        private let lock = NSLock()
        private var stopped = false
        private static let queue = DispatchQueue(label: "smcheck.z3-watchdog")

        package init(context: Z3Context, deadline: ContinuousClock.Instant, grace: Duration = .milliseconds(250)) {
            self.context = context
            let left = max(.zero, deadline + grace - ContinuousClock.now)
            let (seconds, attoseconds) = left.components
            let nanoseconds = Int(clamping: seconds) * 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
            Self.queue.asyncAfter(deadline: .now() + .nanoseconds(max(0, nanoseconds))) { self.fire() }
        }

        /// No more interrupts: the verification is done with the context.
        package func stop() { lock.withLock { stopped = true } }

        private func fire() {
            let again = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                context.interruptCallUnderWay()
                return true
            }
            if again { Self.queue.asyncAfter(deadline: .now() + .milliseconds(100)) { self.fire() } }
        }
    }
#endif
