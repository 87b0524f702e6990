public import SMSpec

/// The initial state: of the spec at its top level (default: the first state), of a compound state in its body
/// (default: its first child). A path or a unique name; it may name a descendant.
public struct Initial: SpecComponent, StateComponent {
    public let reference: Spec.StateReference

    public init(_ reference: Spec.StateReference) { self.reference = reference }

    public func add(to spec: inout Spec) { spec.initial = reference }
    public func add(to state: inout Spec.State) { state.initial = reference }
}

/// A state the author expects to be reachable (SM010 when it is not).
public struct Reachable: SpecComponent {
    public let reference: Spec.StateReference

    public init(_ reference: Spec.StateReference) { self.reference = reference }

    public func add(to spec: inout Spec) { spec.reachable.append(reference) }
}

/// What the spec, or the state whose body holds it, is for.
public struct Description: SpecComponent, StateComponent {
    public let text: String

    public init(_ text: String) { self.text = text }

    public func add(to spec: inout Spec) { spec.description = text }
    public func add(to state: inout Spec.State) { state.description = text }
}
