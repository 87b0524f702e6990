#if Z3
    import Dispatch
    import Foundation

    /// Interrupts a context's solver calls once a deadline has passed, and again every 100 ms until stopped: each call
    /// has its own time limit, but Z3 does not always watch it (Spacer, in some of its phases), and a verification
    /// must end at its deadline whatever the call under way.
    package final class Z3Watchdog: @unchecked Sendable {
        private let context: Z3Context
        private let lock = NSLock()
        private var stopped = false
        private static let queue = DispatchQueue(label: "smcheck.z3-watchdog")

        package init(context: Z3Context, deadline: ContinuousClock.Instant) {
            self.context = context
            let left = max(.zero, deadline - ContinuousClock.now)
            let (seconds, attoseconds) = left.components
            let nanoseconds = Int(clamping: seconds) * 1_000_000_000 &+ Int(attoseconds / 1_000_000_000)
            Self.queue.asyncAfter(deadline: .now() + .nanoseconds(max(0, nanoseconds))) { self.fire() }
        }

        /// No more interrupts: the verification is done with the context.
        package func stop() { lock.withLock { stopped = true } }

        private func fire() {
            let again = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                context.interrupt()
                return true
            }
            if again { Self.queue.asyncAfter(deadline: .now() + .milliseconds(100)) { self.fire() } }
        }
    }
#endif
