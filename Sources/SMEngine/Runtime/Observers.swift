/// Identifies an observer, to remove it with `StateMachine.removeObserver(_:)`.
public struct ObserverToken: Hashable, Sendable {
    let id: Int
}

/// Observer lists, held under the machine's lock.
struct Observers {
    enum Handler {
        case entry(@Sendable (String) -> Void)
        case exit(@Sendable (String) -> Void)
        case transition(@Sendable (TransitionEvent) -> Void)
        case step(@Sendable (StepResult) -> Void)
        case error(@Sendable (EngineError) -> Void)
    }

    private var handlers: [(id: Int, handler: Handler)] = []
    var log: (@Sendable (String) -> Void)?
    private var nextID = 0

    /// Anything that needs the microsteps recorded.
    var wantMicrosteps: Bool { log != nil || handlers.contains { if case .error = $0.handler { false } else { true } } }

    mutating func add(_ handler: Handler) -> ObserverToken {
        nextID += 1
        handlers.append((nextID, handler))
        return ObserverToken(id: nextID)
    }

    mutating func remove(_ token: ObserverToken) { handlers.removeAll { $0.id == token.id } }

    func entered(_ path: String) { for case (_, .entry(let f)) in handlers { f(path) } }
    func exited(_ path: String) { for case (_, .exit(let f)) in handlers { f(path) } }
    func took(_ transition: TransitionEvent) { for case (_, .transition(let f)) in handlers { f(transition) } }
    func stepped(_ result: StepResult) { for case (_, .step(let f)) in handlers { f(result) } }
    func failed(_ error: EngineError) { for case (_, .error(let f)) in handlers { f(error) } }
}
