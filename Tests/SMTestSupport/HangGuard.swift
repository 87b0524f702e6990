import Foundation
import Testing

/// Runs `body` on this thread; if it has not returned `limit` after it began, ends the test process with a message
/// naming the test. A deadlock then fails the run at once, instead of holding CI until its own time limit.
///
/// Not Swift Testing's `.timeLimit`: that clock starts when the test starts, and its body is a task that can wait
/// for a thread behind every slower test on a two-core machine's cooperative pool. A test of a few milliseconds
/// failed so after 263 s in CI. This clock starts when the body runs, on a thread of its own.
public func failingIfStuck<Result>(
    after limit: Duration = .seconds(60), _ body: () throws -> Result
) rethrows -> Result {
    let finished = DispatchSemaphore(value: 0)
    let test = Test.current?.displayName ?? Test.current?.name ?? "a test"
    let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) * 1e-18
    let watchdog = Thread {
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            fatalError("\(test) was still running \(limit) after it began: stuck (a deadlock?)")
        }
    }
    watchdog.start()
    defer { finished.signal() }
    return try body()
}
