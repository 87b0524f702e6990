public import SMSpec

/// Values that make a query's formula true.
public struct SolverWitness: Hashable, Sendable {
    /// Variable index to value (run-time encoding: bools 0/1, enums as index).
    public var variables: [Int: Int] = [:]
    /// Parameter index (of the query's event) to value.
    public var parameters: [Int: Int] = [:]
    /// Opaque guard id to outcome.
    public var opaque: [Int: Bool] = [:]
    /// `in()` atoms the formula tests, by state.
    public var states: [Int: Bool] = [:]

    public init() {}

    /// Named values for a finding: variables by name, parameters as `event.name`, opaque guards as `?name`.
    public func named(in spec: ResolvedSpec, event: Int?) -> [(name: String, value: Value)] {
        var result: [(String, Value)] = []
        for (i, variable) in spec.variables.enumerated() {
            if let v = variables[i] { result.append((variable.name, Self.decode(v, variable.type))) }
        }
        if let event {
            for (i, parameter) in spec.events[event].parameters.enumerated() {
                if let v = parameters[i] { result.append(("event." + parameter.name, Self.decode(v, parameter.type))) }
            }
        }
        for (id, outcome) in opaque.sorted(by: { $0.key < $1.key }) { result.append(("?" + spec.opaqueGuards[id], .bool(outcome))) }
        return result
    }

    static func decode(_ encoded: Int, _ type: ValueType) -> Value {
        switch type {
        case .bool: .bool(encoded != 0)
        case .int: .int(encoded)
        case .enumeration(let values): .enumCase(values.indices.contains(encoded) ? values[encoded] : "?")
        }
    }
}

extension ValueType {
    /// The run-time encodings of the type's values.
    package var encodedRange: ClosedRange<Int> {
        switch self {
        case .bool: 0...1
        case .int(let min, let max): min...max
        case .enumeration(let values): 0...(values.count - 1)
        }
    }
}
