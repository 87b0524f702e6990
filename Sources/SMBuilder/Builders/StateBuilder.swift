public import SMSpec

/// Something a state's body can hold: child states, `OnEntry` and `OnExit` actions, transitions (`On`, `Always`),
/// and the state's `Initial` child and `Description`.
public protocol StateComponent: Sendable {
    /// Adds this component to the state being built.
    func add(to state: inout Spec.State)
}

/// Collects the components of a state's body, in the order they are written.
@resultBuilder
public enum StateBuilder {
    public static func buildExpression(_ component: some StateComponent) -> [any StateComponent] { [component] }
    public static func buildBlock(_ parts: [any StateComponent]...) -> [any StateComponent] { parts.flatMap { $0 } }
    public static func buildOptional(_ parts: [any StateComponent]?) -> [any StateComponent] { parts ?? [] }
    public static func buildEither(first: [any StateComponent]) -> [any StateComponent] { first }
    public static func buildEither(second: [any StateComponent]) -> [any StateComponent] { second }
    public static func buildArray(_ parts: [[any StateComponent]]) -> [any StateComponent] { parts.flatMap { $0 } }
}
