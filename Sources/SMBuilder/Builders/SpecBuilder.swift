public import SMSpec

/// Something a `Spec("name") { ... }` body can hold: a declaration (`Variable`, `Events`, `Invariant`, `Options`),
/// a state (`StateNode`, `Parallel`, `Final`, `History`, `Choice`), or a setting of the root (`Initial`,
/// `Reachable`, `Description`). Conform your own types to package several of them as one.
public protocol SpecComponent: Sendable {
    /// Adds this component to the spec being built.
    func add(to spec: inout Spec)
}

/// Collects the components of a `Spec("name") { ... }` body, in the order they are written.
@resultBuilder
public enum SpecBuilder {
    public static func buildExpression(_ component: some SpecComponent) -> [any SpecComponent] { [component] }
    public static func buildBlock(_ parts: [any SpecComponent]...) -> [any SpecComponent] { parts.flatMap { $0 } }
    public static func buildOptional(_ parts: [any SpecComponent]?) -> [any SpecComponent] { parts ?? [] }
    public static func buildEither(first: [any SpecComponent]) -> [any SpecComponent] { first }
    public static func buildEither(second: [any SpecComponent]) -> [any SpecComponent] { second }
    public static func buildArray(_ parts: [[any SpecComponent]]) -> [any SpecComponent] { parts.flatMap { $0 } }
}

extension Spec {
    /// A spec written in Swift: the same value the JSON format reads, so it gets the same checks, engine, explorer
    /// and fuzzer. Elements get the JSON Pointers they would have in JSON, so errors point somewhere.
    public init(_ name: String, @SpecBuilder _ body: () -> [any SpecComponent]) {
        self.init(name: name, states: [])
        for component in body() { component.add(to: &self) }
        self = assigningPointers()
    }
}
