public import SMSpec

/// A state written in the DSL, at the top level of a spec or in another state's body.
public protocol StateDefinition: SpecComponent, StateComponent {
    /// The state as the spec model holds it.
    var state: Spec.State { get }
}

extension StateDefinition {
    public func add(to spec: inout Spec) { spec.states.append(state) }
    public func add(to parent: inout Spec.State) { parent.children.append(state) }
}

/// A state: atomic without children, compound with them. Its body holds its children, `OnEntry` and `OnExit`,
/// its transitions, and its `Initial` child.
///
///     StateNode("countdown") {
///         OnEntry { Assign("count", "5") }
///         On("tick") { Assign("count", "count - 1") }
///         Always(to: "launch", guard: "count == 0")
///     }
public struct StateNode: StateDefinition {
    public let state: Spec.State

    public init(_ name: String, @StateBuilder _ body: () -> [any StateComponent] = { [] }) {
        state = Spec.State(name, kind: nil, components: body())
    }
}

/// A state whose children are orthogonal regions, all active at once.
public struct Parallel: StateDefinition {
    public let state: Spec.State

    public init(_ name: String, @StateBuilder _ body: () -> [any StateComponent]) {
        state = Spec.State(name, kind: .parallel, components: body())
    }
}

/// A final state: entering it completes its parent (`done.state.<parent>`); at the top level it stops the machine.
public struct Final: StateDefinition {
    public let state: Spec.State

    public init(_ name: String, @StateBuilder _ body: () -> [any StateComponent] = { [] }) {
        state = Spec.State(name, kind: .final, components: body())
    }
}

/// A history state; `default` is where it leads before its parent was ever left.
public struct History: StateDefinition {
    public let state: Spec.State

    public init(_ name: String, deep: Bool = false, default targets: [Spec.StateReference] = []) {
        state = Spec.State(name, kind: .history, historyDepth: deep ? .deep : .shallow, historyDefault: targets)
    }
}

/// A choice pseudostate; its body is its `Always` branches, tried in order.
public struct Choice: StateDefinition {
    public let state: Spec.State

    public init(_ name: String, @StateBuilder _ branches: () -> [any StateComponent]) {
        state = Spec.State(name, kind: .choice, components: branches())
    }
}

extension Spec.State {
    /// A state of `kind` (nil: atomic or compound, by whether it has children) with the components of its body.
    init(_ name: String, kind: Kind?, components: [any StateComponent]) {
        self.init(name)
        for component in components { component.add(to: &self) }
        self.kind = kind ?? (children.isEmpty ? .atomic : .compound)
    }
}
