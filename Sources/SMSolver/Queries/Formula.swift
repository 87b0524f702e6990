public import SMSpec

/// Conditions over expressions. An expression that fails to evaluate (a division by zero) is not `holds`.
public indirect enum Formula: Hashable, Sendable {
    case truth(Bool)
    /// The bool expression evaluates, to true.
    case holds(TypedExpression)
    /// The expression evaluates without error.
    case defined(TypedExpression)
    /// The expression evaluates, to a value that is not in the type (for enums: a name the type lacks).
    case outside(TypedExpression, ValueType)
    /// The opaque guard with this id.
    case opaque(Int)
    case not(Formula)
    case and([Formula])
    case or([Formula])
}

extension Formula {
    /// The atoms the formula reads.
    var atoms: (variables: Set<Int>, parameters: Set<Int>, states: Set<Int>, opaque: Set<Int>) {
        var variables = Set<Int>(), parameters = Set<Int>(), states = Set<Int>(), opaque = Set<Int>()
        func visit(_ f: Formula) {
            switch f {
            case .truth: break
            case .holds(let e), .defined(let e), .outside(let e, _):
                // (an `outside` type adds no atoms)
                variables.formUnion(e.variablesRead)
                parameters.formUnion(e.parametersRead)
                states.formUnion(e.statesTested)
            case .opaque(let id): opaque.insert(id)
            case .not(let g): visit(g)
            case .and(let list), .or(let list): list.forEach(visit)
            }
        }
        visit(self)
        return (variables, parameters, states, opaque)
    }
}
