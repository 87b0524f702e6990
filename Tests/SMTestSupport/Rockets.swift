import Foundation
public import SMFuzz
public import SMSpec

/// The rocket controller of the seed article, written by hand as the article does: a state enum whose didSet sets
/// the buttons and the countdown, and event handlers that change the state.
public struct RocketController {
    public enum State: String { case standby, countdown, launch }

    /// At which count the rocket launches; the article launches at 0.
    public let launchesAt: Int
    public private(set) var countDown = 5
    public private(set) var fireEnabled = true
    public private(set) var abortEnabled = false
    public private(set) var currentState: State = .standby {
        didSet {
            switch currentState {
            case .standby:
                countDown = 5
                fireEnabled = true
                abortEnabled = false
            case .countdown:
                countDown = 5
                fireEnabled = false
                abortEnabled = true
            case .launch:
                fireEnabled = false
                abortEnabled = false
            }
        }
    }

    public init(launchesAt: Int) { self.launchesAt = launchesAt }

    public mutating func handle(_ event: String) {
        switch (currentState, event) {
        case (.standby, "fire"): currentState = .countdown
        case (.countdown, "abort"): currentState = .standby
        case (.countdown, "tick"): tick(from: countDown)
        case (.launch, "landing"): currentState = .standby
        default: break
        }
    }

    /// A tick counted down from `count`, the countdown as the caller last read it.
    public mutating func tick(from count: Int) {
        guard currentState == .countdown else { return }
        countDown = count - 1
        if countDown == launchesAt { currentState = .launch }
    }

    public var observation: ObservedState {
        ObservedState(
            states: [currentState.rawValue],
            variables: [
                "countDown": .int(countDown), "fireEnabled": .bool(fireEnabled), "abortEnabled": .bool(abortEnabled),
            ])
    }
}

/// The article's rocket: conforms to Specs/rocket.json.
public struct CorrectRocket: StateMachineImplementation {
    public init() {}
    var controller = RocketController(launchesAt: 0)
    public mutating func handle(_ event: String, _ arguments: [String: Value]) throws { controller.handle(event) }
    public var observation: ObservedState { controller.observation }
}

/// Planted bug: launches one tick early.
public struct EarlyRocket: StateMachineImplementation {
    public init() {}
    var controller = RocketController(launchesAt: 1)
    public mutating func handle(_ event: String, _ arguments: [String: Value]) throws { controller.handle(event) }
    public var observation: ObservedState { controller.observation }
}

/// A rocket controller behind a lock, for the thread-safe rockets. An NSLock (a pthread mutex), not
/// Synchronization's Mutex: ThreadSanitizer sees what a pthread mutex orders, and not what a futex does.
final class LockedController: @unchecked Sendable {
    private let lock = NSLock()
    private var controller = RocketController(launchesAt: 0)

    func withLock<T>(_ body: (inout RocketController) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&controller)
    }
}

/// The article's rocket made thread-safe: every event runs under one lock. Linearizable.
public final class LockedRocket: ConcurrentImplementation {
    private let controller = LockedController()
    public init(spec: Spec) {}

    public func handle(_ event: String, _ arguments: [String: Value]) throws -> ObservedState {
        controller.withLock { controller in
            controller.handle(event)
            return controller.observation
        }
    }

    public var observation: ObservedState { controller.withLock { $0.observation } }
}

/// Planted race: a tick reads the countdown under the lock, lets go of it, and counts down from what it read under
/// the lock again (a check-then-act without the lock held across). Two ticks at once start from the same count and
/// one is lost. Every access is under the lock, so ThreadSanitizer sees no data race: only a linearizability check
/// shows this one.
public final class RacyRocket: ConcurrentImplementation {
    private let controller = LockedController()
    public init(spec: Spec) {}

    public func handle(_ event: String, _ arguments: [String: Value]) throws -> ObservedState {
        guard event == "tick" else {
            return controller.withLock { controller in
                controller.handle(event)
                return controller.observation
            }
        }
        let count = controller.withLock { $0.countDown }
        // The window: whatever the app does between reading and writing (here, a tenth of a millisecond's sleep).
        usleep(100)
        return controller.withLock { controller in
            controller.tick(from: count)
            return controller.observation
        }
    }

    public var observation: ObservedState { controller.withLock { $0.observation } }
}
