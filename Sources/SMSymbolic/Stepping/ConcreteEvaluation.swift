package import SMSolver
package import SMSpec

/// Concrete values put into symbolic paths: which path the engine takes from given values, and what it computes.
/// What the differential test compares with the engine, and how a counterexample's steps are read back.
package struct ConcreteValues {
    /// The variables before the step (run-time encoding: bools 0/1, enums their index).
    package let variables: [Int]
    /// The external event's arguments.
    package let parameters: [Int]

    package init(variables: [Int], parameters: [Int]) {
        self.variables = variables
        self.parameters = parameters
    }

    /// The value of an expression over the values before the step; nil when its evaluation fails.
    package func value(_ e: TypedExpression) -> Int? {
        try? e.evaluate(variable: { variables[$0] }, parameter: { $0 < parameters.count ? parameters[$0] : 0 }, isActive: { _ in false })
    }

    /// Whether a condition holds.
    package func holds(_ f: Formula) -> Bool {
        switch f {
        case .truth(let b): return b
        case .holds(let e): return (value(e) ?? 0) != 0
        case .defined(let e): return value(e) != nil
        case .outside(let e, let type):
            guard let v = value(e) else { return false }
            return type != .bool && !type.encodedRange.contains(v)
        case .opaque: return false
        case .not(let g): return !holds(g)
        case .and(let list): return list.allSatisfy(holds)
        case .or(let list): return list.contains(where: holds)
        }
    }

    /// Whether the path's conditions all hold.
    package func takes(_ path: SymbolicPath) -> Bool { path.conditions.allSatisfy(holds) }
}
