public import SMSpec

/// A transition on an event (`"*"` for every event). `to` may list several targets in regions of one parallel
/// state (a fork); without a target it is targetless. `guard` is an expression, `"?name"` (a host predicate) or
/// `"else"`.
///
///     On("fire", to: "countdown")
///     On("tick", guard: "count > 0") { Assign("count", "count - 1") }
public struct On: StateComponent {
    public let transition: Spec.Transition

    public init(
        _ event: String, to targets: Spec.StateReference..., guard condition: String? = nil,
        kind: Spec.Transition.Kind = .external, @ActionBuilder actions: () -> [Spec.Action] = { [] }
    ) {
        transition = Spec.Transition(
            on: event == "*" ? .anyEvent : .event(event), target: targets.isEmpty ? .none : .states(targets),
            guard: condition.map(Spec.Transition.Guard.init(written:)), actions: actions(), kind: kind)
    }

    /// A transition to one of several targets, picked by the host (the explorer tries each, the fuzzer draws one).
    public init(
        _ event: String, toOneOf targets: [Spec.StateReference], guard condition: String? = nil,
        @ActionBuilder actions: () -> [Spec.Action] = { [] }
    ) {
        transition = Spec.Transition(
            on: .event(event), target: .oneOf(targets),
            guard: condition.map(Spec.Transition.Guard.init(written:)), actions: actions())
    }

    public func add(to state: inout Spec.State) { state.transitions.append(transition) }
}

/// An eventless transition, taken as soon as its guard holds.
public struct Always: StateComponent {
    public let transition: Spec.Transition

    public init(
        to targets: Spec.StateReference..., guard condition: String? = nil, kind: Spec.Transition.Kind = .external,
        @ActionBuilder actions: () -> [Spec.Action] = { [] }
    ) {
        transition = Spec.Transition(
            on: .eventless, target: targets.isEmpty ? .none : .states(targets),
            guard: condition.map(Spec.Transition.Guard.init(written:)), actions: actions(), kind: kind)
    }

    public func add(to state: inout Spec.State) { state.always.append(transition) }
}

extension Spec.Transition.Guard {
    /// A guard as the spec format writes it: `"else"`, `"?name"`, or an expression.
    init(written text: String) {
        if text == "else" {
            self = .otherwise
        } else if text.hasPrefix("?") {
            self = .opaque(String(text.dropFirst()))
        } else {
            self = .expression(Spec.Expression(text))
        }
    }
}
