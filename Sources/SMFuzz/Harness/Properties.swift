@_spi(Stepping) import SMEngine
public import SMSpec

/// What a property sees after each step: the configuration and the variables, by name.
public struct FuzzState {
    let machine: Machine
    let context: StepContext
    /// How many events were sent so far in this run.
    public let steps: Int
    /// The name of the last event sent; nil at the start.
    public let lastEvent: String?

    /// True when the state (unique name or path) is active.
    public func isActive(_ state: String) -> Bool {
        guard let index = machine.state(named: state) else { return false }
        return context.currentConfiguration.contains(index)
    }

    public func value(of variable: String) -> Value? {
        guard let index = machine.spec.variables.firstIndex(where: { $0.name == variable }) else { return nil }
        return Machine.decode(context.variableSlots[index], as: machine.spec.variables[index].type)
    }

    /// Full paths of the active leaf states, sorted.
    public var activeStates: [String] { machine.activeLeafPaths(context.currentConfiguration) }

    /// The active leaves and the variables, as `smcheck run` prints them.
    public var statusLine: String { machine.statusLine(context.snapshot()) }
}

/// A property written in Swift, checked after the start and after every event of every run.
public struct Property: Sendable {
    public let name: String
    let check: @Sendable (FuzzState) -> Bool

    public init(_ name: String, _ check: @escaping @Sendable (FuzzState) -> Bool) {
        self.name = name
        self.check = check
    }
}

/// Why a run failed.
public struct RunFailure: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The engine stopped with an error: a loop, a range violation, an incomplete choice, a queue overflow.
        case engineError = "engine-error"
        /// An invariant of the spec did not hold.
        case invariant
        /// A property written in Swift did not hold.
        case property
        /// The user's implementation disagreed with the spec.
        case divergence
    }

    public var kind: Kind
    public var message: String
    /// How many events had been sent when it failed (0: at the start).
    public var step: Int
    /// What makes two failures the same one while shrinking: the kind and what failed, not the values.
    public var signature: String
    /// Where in the spec the failing action or guard is written, for an engine error that knows it.
    public var location: Spec.SourceLocation? = nil

    public var description: String { message }
}
