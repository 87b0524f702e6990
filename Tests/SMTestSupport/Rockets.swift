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
        case (.countdown, "tick"):
            countDown -= 1
            if countDown == launchesAt { currentState = .launch }
        case (.launch, "landing"): currentState = .standby
        default: break
        }
    }

    public var observation: Observation {
        Observation(states: [currentState.rawValue], variables: [
            "countDown": .int(countDown), "fireEnabled": .bool(fireEnabled), "abortEnabled": .bool(abortEnabled),
        ])
    }
}

/// The article's rocket: conforms to Specs/rocket.json.
public struct CorrectRocket: StateMachineImplementation {
    public init() {}
    var controller = RocketController(launchesAt: 0)
    public mutating func handle(_ event: String, _ arguments: [String: Value]) throws { controller.handle(event) }
    public var observation: Observation { controller.observation }
}

/// Planted bug: launches one tick early.
public struct EarlyRocket: StateMachineImplementation {
    public init() {}
    var controller = RocketController(launchesAt: 1)
    public mutating func handle(_ event: String, _ arguments: [String: Value]) throws { controller.handle(event) }
    public var observation: Observation { controller.observation }
}
