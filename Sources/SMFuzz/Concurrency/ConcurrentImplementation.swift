public import SMEngine
public import SMSpec

/// A state machine meant to be used from several threads at once, as the linearizability check drives it: one
/// instance, events handled from several threads at the same time, each one atomically.
///
///     final class MyRocket: ConcurrentImplementation {
///         private let lock = NSLock()
///         private var controller = RocketController()
///         init(spec: Spec) {}
///         func handle(_ event: String, _ arguments: [String: Value]) throws -> ObservedState {
///             lock.withLock { controller.handle(event); return controller.observation }
///         }
///         var observation: ObservedState { lock.withLock { controller.observation } }
///     }
///
/// The engine's own `StateMachine` conforms.
public protocol ConcurrentImplementation: AnyObject, Sendable {
    /// A fresh instance in its initial state, for the machine `spec` describes (a hand-written one may ignore it).
    init(spec: Spec) throws
    /// Handles an event and returns what the machine is in right after it, before any other thread's event (read
    /// under the same lock, say); throws when the machine rejects the event.
    func handle(_ event: String, _ arguments: [String: Value]) throws -> ObservedState
    /// What the machine is in now.
    var observation: ObservedState { get }
}

extension StateMachine: ConcurrentImplementation {
    public convenience init(spec: Spec) throws {
        try self.init(spec)
    }

    /// Sends the event; the observation is the step's own result (leaves and every variable), so it is the state
    /// this event left even when other threads send events right after.
    public func handle(_ event: String, _ arguments: [String: Value]) throws -> ObservedState {
        let result = try send(event, arguments)
        return ObservedState(
            states: Set(result.activeStates),
            variables: Dictionary(uniqueKeysWithValues: machine.variableValues(result.variables).map { ($0.name, $0.value) }))
    }

    public var observation: ObservedState {
        let state = self.state
        return ObservedState(
            states: Set(machine.activeLeafPaths(state.configuration)),
            variables: Dictionary(uniqueKeysWithValues: machine.variableValues(state.variables).map { ($0.name, $0.value) }))
    }
}
