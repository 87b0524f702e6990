public import SMSpec

/// Actions run when the state is entered, after its ancestors' and before its children's.
public struct OnEntry: StateComponent {
    public let actions: [Spec.Action]

    public init(@ActionBuilder _ actions: () -> [Spec.Action]) { self.actions = actions() }

    public func add(to state: inout Spec.State) { state.entry += actions }
}

/// Actions run when the state is exited, after its children's and before its ancestors'.
public struct OnExit: StateComponent {
    public let actions: [Spec.Action]

    public init(@ActionBuilder _ actions: () -> [Spec.Action]) { self.actions = actions() }

    public func add(to state: inout Spec.State) { state.exit += actions }
}

/// Assigns expressions to variables; with several, every right-hand side sees the values from before:
/// `Assign("count", "count - 1")`, `Assign(["a": "b", "b": "a"])` (a swap).
public struct Assign: ActionComponent {
    public let action: Spec.Action

    public init(_ variable: String, _ value: Spec.Expression) { action = .assign(variable, value) }

    public init(_ assignments: KeyValuePairs<String, Spec.Expression>) {
        action = Spec.Action(.assign(assignments.map { Spec.Assignment(variable: $0.key, value: $0.value) }))
    }
}

/// Raises an internal event, processed in the same macrostep: `Raise("done", ["code": "count"])`.
public struct Raise: ActionComponent {
    public let action: Spec.Action

    public init(_ event: String, _ arguments: KeyValuePairs<String, Spec.Expression> = [:]) {
        action = .raise(event, arguments.map { Spec.EventArgument($0.key, $0.value) })
    }
}

/// Sends an external event to the machine itself, queued after the current one (bounded by `queueBound`).
public struct Send: ActionComponent {
    public let action: Spec.Action

    public init(_ event: String, _ arguments: KeyValuePairs<String, Spec.Expression> = [:]) {
        action = .send(event, arguments.map { Spec.EventArgument($0.key, $0.value) })
    }
}

/// Calls the host's callback registered under `name`.
public struct Call: ActionComponent {
    public let action: Spec.Action

    public init(_ name: String) { action = .call(name) }
}

/// Runs `then` when the condition holds, else `else`.
public struct If: ActionComponent {
    public let action: Spec.Action

    public init(
        _ condition: Spec.Expression, @ActionBuilder then: () -> [Spec.Action],
        @ActionBuilder else otherwise: () -> [Spec.Action] = { [] }
    ) {
        action = Spec.Action(.ifThen(condition: condition, then: then(), else: otherwise()))
    }
}
