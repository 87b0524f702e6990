public import SMSpec

/// The observable state of an implementation under test: its active states (names or paths the spec resolves) and
/// the values of the variables it tracks, by the spec's variable names.
public struct ObservedState: Hashable, Sendable {
    public var states: Set<String>
    public var variables: [String: Value]

    public init(states: Set<String>, variables: [String: Value] = [:]) {
        self.states = states
        self.variables = variables
    }
}

/// A state machine written by hand that should behave as a spec says: the fuzzer sends the same events to it and to
/// the engine and compares what both report after every event.
public protocol StateMachineImplementation: SendableMetatype {
    /// A fresh instance in its initial state.
    init()
    /// Handles an event; throws when the implementation rejects it (as TransitionKit does for an event fired from
    /// the wrong state).
    mutating func handle(_ event: String, _ arguments: [String: Value]) throws
    /// Handles an event whose step met opaque guards or `oneOf` targets: `choices` are the outcomes the fuzzer drew
    /// for them (opaque guards: 0 false, 1 true; `oneOf`: the option's index), in the order the engine met them. An
    /// implementation whose hooks replay them (as code from `smcheck generate` does) is compared on every path.
    /// The default ignores them and calls `handle(_:_:)`.
    mutating func handle(_ event: String, _ arguments: [String: Value], choices: [Int]) throws
    /// What the implementation is in now.
    var observation: ObservedState { get }
}

extension StateMachineImplementation {
    public mutating func handle(_ event: String, _ arguments: [String: Value], choices: [Int]) throws {
        try handle(event, arguments)
    }
}
