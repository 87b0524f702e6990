public import SMSpec

/// An action of executable content: `Assign`, `Raise`, `Send`, `Call` or `If`.
public protocol ActionComponent: Sendable {
    /// The action as the spec model holds it.
    var action: Spec.Action { get }
}

/// Collects the actions of an `OnEntry`, `OnExit`, transition or `If` body, in the order they run.
@resultBuilder
public enum ActionBuilder {
    public static func buildExpression(_ component: some ActionComponent) -> [Spec.Action] { [component.action] }
    public static func buildBlock(_ parts: [Spec.Action]...) -> [Spec.Action] { parts.flatMap { $0 } }
    public static func buildOptional(_ parts: [Spec.Action]?) -> [Spec.Action] { parts ?? [] }
    public static func buildEither(first: [Spec.Action]) -> [Spec.Action] { first }
    public static func buildEither(second: [Spec.Action]) -> [Spec.Action] { second }
    public static func buildArray(_ parts: [[Spec.Action]]) -> [Spec.Action] { parts.flatMap { $0 } }
}

extension Spec.Action: ActionComponent {
    /// An action of the model goes into a body as it is, for bodies built from lists: `for a in actions { a }`.
    public var action: Spec.Action { self }
}
