import Dispatch
import Foundation
import Synchronization

/// Ctrl-C: the first one asks the running analysis to stop and print what it decided so far (marked incomplete);
/// a second one quits at once.
final class Interruption: Sendable {
    static let shared = Interruption()

    private let flag = Atomic<Bool>(false)
    private let source = Mutex<(any DispatchSourceSignal)?>(nil)

    var requested: Bool { flag.load(ordering: .relaxed) }

    /// Starts listening for SIGINT (once).
    func install() {
        source.withLock { source in
            guard source == nil else { return }
            signal(SIGINT, SIG_IGN)
            // Blocked in this thread and so in every thread made after it (they inherit the mask), Z3's timer threads
            // among them: the kernel gives SIGINT to any thread that does not block it, and where it is ignored it was
            // lost, so a Ctrl-C during a solver call did nothing. Blocked everywhere, it stays pending for the process,
            // where the dispatch source reads it (on Linux through a signalfd).
            var blocked = sigset_t()
            sigemptyset(&blocked)
            sigaddset(&blocked, SIGINT)
            pthread_sigmask(SIG_BLOCK, &blocked, nil)
            let signalSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
            signalSource.setEventHandler { [self] in
                if flag.exchange(true, ordering: .relaxed) {
                    FileHandleOutput.standardError("\nsmcheck: interrupted\n")
                    exit(130)
                }
                FileHandleOutput.standardError("\nsmcheck: stopping; what was decided so far follows (Ctrl-C again to quit at once)\n")
            }
            signalSource.resume()
            source = signalSource
        }
    }
}

/// Lets a progress report through at most once per interval.
final class ProgressThrottle: Sendable {
    private let interval: Duration
    /// When the last report was due; at first, when the throttle was made, so that work done within one
    /// interval reports nothing.
    private let last = Mutex(ContinuousClock.now)

    init(interval: Duration) { self.interval = interval }

    func due() -> Bool {
        let now = ContinuousClock.now
        return last.withLock { last in
            if now - last < interval { return false }
            last = now
            return true
        }
    }
}
