public import SMSpec

// A result-builder DSL that builds the same `Spec` value the JSON format does, so machines written in Swift get the
// same checks, engine, explorer and fuzzer:
//
//     let rocket = Spec("Rocket") {
//         Variable("count", .int(min: 0, max: 5), initial: .int(5))
//         Event("fire"); Event("tick"); Event("abort")
//         State("standby") { On("fire", to: "countdown") }
//         State("countdown") {
//             On("tick") { Assign("count", "count - 1") }
//             On("abort", to: "standby")
//             Always(to: "launch", guard: "count == 0")
//         }
//         State("launch")
//     }

/// A part of a spec's top level.
public enum SpecPart: Sendable {
    case variable(Spec.Variable)
    case event(Spec.EventDeclaration)
    case state(Spec.State)
    case initial(Spec.StateReference)
    case invariant(Spec.Invariant)
    case reachable(Spec.StateReference)
    case options(Spec.Options)
    case description(String)
}

/// A part of a state's body.
public enum StatePart: Sendable {
    case child(Spec.State)
    case entry([Spec.Action])
    case exit([Spec.Action])
    case transition(Spec.Transition)
    case initial(Spec.StateReference)
    case description(String)
}

@resultBuilder
public enum SpecBuilder {
    public static func buildExpression(_ part: SpecPart) -> [SpecPart] { [part] }
    public static func buildExpression(_ state: Spec.State) -> [SpecPart] { [.state(state)] }
    public static func buildExpression(_ variable: Spec.Variable) -> [SpecPart] { [.variable(variable)] }
    public static func buildExpression(_ event: Spec.EventDeclaration) -> [SpecPart] { [.event(event)] }
    public static func buildExpression(_ invariant: Spec.Invariant) -> [SpecPart] { [.invariant(invariant)] }
    public static func buildExpression(_ options: Spec.Options) -> [SpecPart] { [.options(options)] }
    public static func buildBlock(_ parts: [SpecPart]...) -> [SpecPart] { parts.flatMap { $0 } }
    public static func buildOptional(_ parts: [SpecPart]?) -> [SpecPart] { parts ?? [] }
    public static func buildEither(first: [SpecPart]) -> [SpecPart] { first }
    public static func buildEither(second: [SpecPart]) -> [SpecPart] { second }
    public static func buildArray(_ parts: [[SpecPart]]) -> [SpecPart] { parts.flatMap { $0 } }
}

@resultBuilder
public enum StateBuilder {
    public static func buildExpression(_ part: StatePart) -> [StatePart] { [part] }
    public static func buildExpression(_ state: Spec.State) -> [StatePart] { [.child(state)] }
    public static func buildExpression(_ transition: Spec.Transition) -> [StatePart] { [.transition(transition)] }
    public static func buildBlock(_ parts: [StatePart]...) -> [StatePart] { parts.flatMap { $0 } }
    public static func buildOptional(_ parts: [StatePart]?) -> [StatePart] { parts ?? [] }
    public static func buildEither(first: [StatePart]) -> [StatePart] { first }
    public static func buildEither(second: [StatePart]) -> [StatePart] { second }
    public static func buildArray(_ parts: [[StatePart]]) -> [StatePart] { parts.flatMap { $0 } }
}

@resultBuilder
public enum ActionBuilder {
    public static func buildExpression(_ action: Spec.Action) -> [Spec.Action] { [action] }
    public static func buildBlock(_ parts: [Spec.Action]...) -> [Spec.Action] { parts.flatMap { $0 } }
    public static func buildOptional(_ parts: [Spec.Action]?) -> [Spec.Action] { parts ?? [] }
    public static func buildEither(first: [Spec.Action]) -> [Spec.Action] { first }
    public static func buildEither(second: [Spec.Action]) -> [Spec.Action] { second }
    public static func buildArray(_ parts: [[Spec.Action]]) -> [Spec.Action] { parts.flatMap { $0 } }
}

extension Spec {
    /// A spec written in Swift. Elements get the JSON Pointers they would have in JSON, so errors point somewhere.
    public init(_ name: String, @SpecBuilder _ body: () -> [SpecPart]) {
        self.init(name: name, states: [])
        for part in body() {
            switch part {
            case .variable(let v): variables.append(v)
            case .event(let e): events.append(e)
            case .state(let s): states.append(s)
            case .initial(let r): initial = r
            case .invariant(let i): invariants.append(i)
            case .reachable(let r): reachable.append(r)
            case .options(let o): options = o
            case .description(let d): description = d
            }
        }
        self = assigningPointers()
    }
}

extension Spec.State {
    /// A state with a body: children, entry and exit actions, transitions. Compound when it has children.
    public init(_ name: String, @StateBuilder _ body: () -> [StatePart]) {
        self.init(name, parts: body(), kind: nil)
    }

    init(_ name: String, parts: [StatePart], kind: Kind?) {
        self.init(name)
        for part in parts {
            switch part {
            case .child(let child): children.append(child)
            case .entry(let actions): entry += actions
            case .exit(let actions): exit += actions
            case .transition(let t):
                if t.trigger == .eventless { always.append(t) } else { transitions.append(t) }
            case .initial(let r): initial = r
            case .description(let d): description = d
            }
        }
        self.kind = kind ?? (children.isEmpty ? .atomic : .compound)
    }
}

// MARK: - Top level

/// An event without parameters.
public func Event(_ name: String) -> Spec.EventDeclaration { Spec.EventDeclaration(name) }

/// An event with parameters, in order: `Event("setMode", ("to", .enumeration(["manual", "auto"])))`.
public func Event(_ name: String, _ parameters: (String, ValueType)...) -> Spec.EventDeclaration {
    Spec.EventDeclaration(name, parameters: parameters.map { Spec.Parameter($0.0, $0.1) })
}

/// The root's initial state.
public func Initial(_ reference: Spec.StateReference) -> SpecPart { .initial(reference) }
public func Reachable(_ reference: Spec.StateReference) -> SpecPart { .reachable(reference) }
public func Description(_ text: String) -> SpecPart { .description(text) }

// MARK: - States

public func Parallel(_ name: String, @StateBuilder _ body: () -> [StatePart]) -> Spec.State {
    Spec.State(name, parts: body(), kind: .parallel)
}

public func Final(_ name: String, @StateBuilder _ body: () -> [StatePart] = { [] }) -> Spec.State {
    Spec.State(name, parts: body(), kind: .final)
}

/// A history state; `default` is where it leads before its parent was ever left.
public func History(_ name: String, deep: Bool = false, default targets: [Spec.StateReference] = []) -> Spec.State {
    Spec.State(name, kind: .history, historyDepth: deep ? .deep : .shallow, historyDefault: targets)
}

/// A choice pseudostate; its body is its `Always` branches.
public func Choice(_ name: String, @StateBuilder _ branches: () -> [StatePart]) -> Spec.State {
    Spec.State(name, parts: branches(), kind: .choice)
}

/// An atomic state with no body.
public func Atomic(_ name: String) -> Spec.State { Spec.State(name) }

public func Entry(@ActionBuilder _ actions: () -> [Spec.Action]) -> StatePart { .entry(actions()) }
public func Exit(@ActionBuilder _ actions: () -> [Spec.Action]) -> StatePart { .exit(actions()) }
public func InitialChild(_ reference: Spec.StateReference) -> StatePart { .initial(reference) }
public func Note(_ text: String) -> StatePart { .description(text) }

// MARK: - Transitions

/// A transition on an event ("*" for every event). `to` may list several targets (a fork); no target is a
/// targetless transition. `guard` is an expression, `"?name"` or `"else"`.
public func On(
    _ event: String, to targets: Spec.StateReference..., guard condition: String? = nil, kind: Spec.Transition.Kind = .external,
    @ActionBuilder actions: () -> [Spec.Action] = { [] }
) -> Spec.Transition {
    Spec.Transition(on: event == "*" ? .anyEvent : .event(event), target: targets.isEmpty ? .none : .states(targets),
               guard: condition.map(parseGuard), actions: actions(), kind: kind)
}

/// A transition on an event to one of several targets, picked by the host.
public func On(
    _ event: String, toOneOf targets: [Spec.StateReference], guard condition: String? = nil, @ActionBuilder actions: () -> [Spec.Action] = { [] }
) -> Spec.Transition {
    Spec.Transition(on: .event(event), target: .oneOf(targets), guard: condition.map(parseGuard), actions: actions())
}

/// An eventless transition.
public func Always(
    to targets: Spec.StateReference..., guard condition: String? = nil, kind: Spec.Transition.Kind = .external,
    @ActionBuilder actions: () -> [Spec.Action] = { [] }
) -> Spec.Transition {
    Spec.Transition(on: .eventless, target: targets.isEmpty ? .none : .states(targets), guard: condition.map(parseGuard),
               actions: actions(), kind: kind)
}

func parseGuard(_ text: String) -> Spec.Transition.Guard {
    if text == "else" { return .otherwise }
    if text.hasPrefix("?") { return .opaque(String(text.dropFirst())) }
    return .expression(Spec.Expression(text))
}

// MARK: - Actions

/// Assigns an expression to a variable.
public func Assign(_ variable: String, _ value: Spec.Expression) -> Spec.Action { .assign(variable, value) }

/// Assigns several variables at once (every right-hand side sees the old values).
public func Assign(_ assignments: KeyValuePairs<String, Spec.Expression>) -> Spec.Action {
    Spec.Action(.assign(assignments.map { Spec.Assignment(variable: $0.key, value: $0.value) }))
}

public func Raise(_ event: String, _ arguments: KeyValuePairs<String, Spec.Expression> = [:]) -> Spec.Action {
    .raise(event, arguments.map { Spec.EventArgument($0.key, $0.value) })
}

public func Send(_ event: String, _ arguments: KeyValuePairs<String, Spec.Expression> = [:]) -> Spec.Action {
    .send(event, arguments.map { Spec.EventArgument($0.key, $0.value) })
}

public func Call(_ name: String) -> Spec.Action { .call(name) }

public func If(_ condition: Spec.Expression, @ActionBuilder then: () -> [Spec.Action], @ActionBuilder else otherwise: () -> [Spec.Action] = { [] }) -> Spec.Action {
    Spec.Action(.ifThen(condition: condition, then: then(), else: otherwise()))
}

extension StateMachine {
    /// A runtime for a machine written in Swift.
    public convenience init(_ name: String, host: HostFunctions = HostFunctions(), @SpecBuilder _ body: () -> [SpecPart]) throws(SpecError) {
        try self.init(Spec(name, body), host: host)
    }
}
