/// The type of a variable or an event parameter. Every type has a finite domain: that is what makes exploration
/// terminate and the Z3 encoding exact.
public enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case bool
    /// Inclusive bounds.
    case int(min: Int, max: Int)
    /// The values in declaration order; a value is stored as its index.
    case enumeration([String])

    /// How many values the domain has.
    public var cardinality: Int {
        switch self {
        case .bool: 2
        case .int(let min, let max): max >= min ? max - min + 1 : 0
        case .enumeration(let values): values.count
        }
    }

    /// The domain's values in order.
    public var domain: [Value] {
        switch self {
        case .bool: [.bool(false), .bool(true)]
        case .int(let min, let max): (min...max).map { .int($0) }
        case .enumeration(let values): values.map { .enumCase($0) }
        }
    }

    public var description: String {
        switch self {
        case .bool: "bool"
        case .int(let min, let max): "int \(min)...\(max)"
        case .enumeration(let values): "enum {\(values.joined(separator: ", "))}"
        }
    }

    /// The short name used in type errors: "bool", "int", "enum {a, b}".
    public var kindName: String {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .enumeration: description
        }
    }

    public var defaultValue: Value {
        switch self {
        case .bool: .bool(false)
        case .int(let min, _): .int(min)
        case .enumeration(let values): .enumCase(values.first ?? "")
        }
    }

    public func contains(_ value: Value) -> Bool {
        switch (self, value) {
        case (.bool, .bool): true
        case (.int(let min, let max), .int(let v)): v >= min && v <= max
        case (.enumeration(let values), .enumCase(let v)): values.contains(v)
        default: false
        }
    }
}

/// A value of a `ValueType`, as written in a spec or a trace.
public enum Value: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case int(Int)
    case enumCase(String)

    public var description: String {
        switch self {
        case .bool(let b): String(b)
        case .int(let i): String(i)
        case .enumCase(let name): name
        }
    }

    /// The value as JSON: booleans and numbers as such, enum cases as strings.
    public var json: JSONNode {
        switch self {
        case .bool(let b): .bool(b)
        case .int(let i): .int(i)
        case .enumCase(let name): .string(name)
        }
    }
}

/// A bounded variable of the machine.
public struct Variable: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    public var initial: Value
    @NotPartOfMeaning public var location: SourceLocation?

    public init(_ name: String, _ type: ValueType, initial: Value? = nil, location: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.initial = initial ?? type.defaultValue
        self.location = location
    }
}

/// A parameter of an event; its whole domain is explored and fuzzed.
public struct Parameter: Hashable, Sendable {
    public var name: String
    public var type: ValueType
    @NotPartOfMeaning public var location: SourceLocation?

    public init(_ name: String, _ type: ValueType, location: SourceLocation? = nil) {
        self.name = name
        self.type = type
        self.location = location
    }
}

/// An event the machine can receive, with its parameters.
public struct EventDeclaration: Hashable, Sendable {
    public var name: String
    public var parameters: [Parameter]
    @NotPartOfMeaning public var location: SourceLocation?

    public init(_ name: String, parameters: [Parameter] = [], location: SourceLocation? = nil) {
        self.name = name
        self.parameters = parameters
        self.location = location
    }
}

/// A named condition that must hold in every stable configuration.
public struct Invariant: Hashable, Sendable {
    public var name: String
    public var expression: Expression
    @NotPartOfMeaning public var location: SourceLocation?

    public init(_ name: String, _ expression: Expression, location: SourceLocation? = nil) {
        self.name = name
        self.expression = expression
        self.location = location
    }
}

/// Run-time options of a spec.
public struct Options: Hashable, Sendable {
    public enum UnhandledPolicy: String, Hashable, Sendable, CaseIterable {
        /// An event no active state handles is dropped, and the result says so (StateKit).
        case ignore
        /// An event no active state handles is an error (TransitionKit).
        case error
    }

    /// More microsteps than this in one macrostep is an infinite transition loop (StateKit's limit is 100).
    public var maxMicrosteps: Int
    /// The external queue holds at most this many events sent by the machine to itself.
    public var queueBound: Int
    public var unhandled: UnhandledPolicy

    public init(maxMicrosteps: Int = 100, queueBound: Int = 8, unhandled: UnhandledPolicy = .ignore) {
        self.maxMicrosteps = maxMicrosteps
        self.queueBound = queueBound
        self.unhandled = unhandled
    }

    public static let `default` = Options()
}
