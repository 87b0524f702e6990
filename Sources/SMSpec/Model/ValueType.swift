/// The type of a variable or an event parameter. Every type has a finite domain: that is what makes exploration
/// terminate and the Z3 encoding exact.
public enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case bool
    /// Inclusive bounds.
    case int(min: Int, max: Int)
    /// The values in declaration order; a value is stored as its index.
    case enumeration([String])

    /// How many values the domain has; `Int.max` when that many or more (a range nearly as wide as a word's).
    public var cardinality: Int {
        switch self {
        case .bool: 2
        case .int(let min, let max):
            max < min ? 0 : max.subtractingReportingOverflow(min).overflow ? .max : Swift.min(Int.max - 1, max - min) + 1
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
