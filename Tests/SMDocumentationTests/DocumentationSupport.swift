import SMFuzz

/// What the documentation's snippets assume the reader already has: their own hand-written rocket controller (the
/// seed article's), which `MyRocket` in Docs/Fuzzing.md wraps.
struct RocketController {
    enum State: String { case standby, countdown, launch }

    private(set) var state: State = .standby
    private(set) var countDown = 5

    mutating func handle(_ event: String) {
        switch (state, event) {
        case (.standby, "fire"):
            state = .countdown
            countDown = 5
        case (.countdown, "abort"):
            state = .standby
            countDown = 5
        case (.countdown, "tick"):
            countDown -= 1
            if countDown == 0 { state = .launch }
        case (.launch, "landing"):
            state = .standby
            countDown = 5
        default:
            break
        }
    }
}
