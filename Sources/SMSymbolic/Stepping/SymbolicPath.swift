package import SMEngine
package import SMSolver
package import SMSpec

/// One way a macrostep can go: under `conditions` on the values before it (variables, and the event's parameters),
/// with the choices it met, it ends in a stable control state with new values, or in the engine's error.
///
/// Expressions and conditions refer to the variables as they were before the step (`.variable(i)`) and to the
/// external event's parameters (`.parameter(i)`).
package struct SymbolicPath: Sendable {
    /// All hold, and only then does the step take this path.
    package var conditions: [Formula]
    /// Opaque guard outcomes (0, 1) and `oneOf` picks, in the order the step meets them: a `TraceStep`'s choices.
    package var choices: [Int]
    package var outcome: Outcome
    /// Whether a transition handled the external event itself.
    package var handled: Bool
    /// States entered on the way, even for a moment.
    package var entered: StateSet
    /// Transitions taken on the way.
    package var taken: Set<Int>
    /// Events some transition handled on the way (the external one, raised and sent ones).
    package var handledEvents: Set<Int>
    /// Where a later guarded transition of the same list was enabled too (SM004).
    package var overlaps: [SymbolicOverlap]
    /// The states at the end of each macrostep before the last (events the machine sent itself run after the first),
    /// where invariants must hold too.
    package var intermediate: [(control: ControlState, variables: [TypedExpression])]

    package enum Outcome: Sendable {
        case stable(ControlState, variables: [TypedExpression])
        case failure(SymbolicFailure)
    }

    package var failure: SymbolicFailure? {
        if case .failure(let failure) = outcome { return failure }
        return nil
    }
}

/// The engine's error a path ends in: its kind and where in the spec, with the variables at that moment.
package struct SymbolicFailure: Sendable {
    package let kind: EngineError.Kind
    /// What the engine says, without the values (those come from a concrete run).
    package let summary: String
    package let location: Spec.SourceLocation?
    package let variables: [TypedExpression]
}

/// Two transitions of one list enabled at once at a selection point, under these extra conditions.
package struct SymbolicOverlap: Sendable {
    package let first: Int
    package let second: Int
    /// The path's conditions at the selection point plus the second guard holding.
    package let conditions: [Formula]
}
