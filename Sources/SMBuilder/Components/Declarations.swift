public import SMSpec

/// A bounded variable: `Variable("count", .int(min: 0, max: 5), initial: .int(5))` (default initial: the type's
/// smallest value, false, or the first case).
public struct Variable: SpecComponent {
    public let variable: Spec.Variable

    public init(_ name: String, _ type: ValueType, initial: Value? = nil) {
        variable = Spec.Variable(name, type, initial: initial)
    }

    public func add(to spec: inout Spec) { spec.variables.append(variable) }
}

/// Events without parameters, in order: `Events("fire", "abort", "tick")`.
public struct Events: SpecComponent {
    public let declarations: [Spec.EventDeclaration]

    public init(_ names: String...) { declarations = names.map { Spec.EventDeclaration($0) } }

    public func add(to spec: inout Spec) { spec.events += declarations }
}

/// An event with parameters, in order: `EventDeclaration("setMode", ("to", .enumeration(["manual", "auto"])))`.
public struct EventDeclaration: SpecComponent {
    public let declaration: Spec.EventDeclaration

    public init(_ name: String, _ parameters: (String, ValueType)...) {
        declaration = Spec.EventDeclaration(name, parameters: parameters.map { Spec.Parameter($0.0, $0.1) })
    }

    public func add(to spec: inout Spec) { spec.events.append(declaration) }
}

/// A named condition that must hold in every stable configuration: `Invariant("never below zero", "count >= 0")`.
public struct Invariant: SpecComponent {
    public let invariant: Spec.Invariant

    public init(_ name: String, _ expression: Spec.Expression) { invariant = Spec.Invariant(name, expression) }

    public func add(to spec: inout Spec) { spec.invariants.append(invariant) }
}

/// The spec's run-time options: `Options(unhandled: .error)`.
public struct Options: SpecComponent {
    public let options: Spec.Options

    public init(maxMicrosteps: Int = 100, queueBound: Int = 8, unhandled: Spec.Options.UnhandledPolicy = .ignore) {
        options = Spec.Options(maxMicrosteps: maxMicrosteps, queueBound: queueBound, unhandled: unhandled)
    }

    public func add(to spec: inout Spec) { spec.options = options }
}
