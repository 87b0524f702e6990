package import SMEngine

/// What the symbolic verifier concluded about one property.
package enum PropertyVerdict: Sendable {
    /// It happens: the shortest trace that shows it (found by bounded model checking). When `inLastStep` is true the
    /// last event's macrostep shows it (an error, an overlap, a state entered); otherwise the state the trace ends
    /// in does (an invariant broken there, a deadlock).
    case happens(trace: [TraceStep], inLastStep: Bool)
    /// It never happens, and how that was proved; with the inductive invariant that proves it, when one was found.
    case never(ProofMethod, invariant: String?)
    /// Neither could be established within the limits, and why.
    case undecided(String)
}

/// How the absence of something was proved.
package enum ProofMethod: String, Sendable {
    /// No symbolic path can do it from any control state, whatever the values (the symbolic step alone shows it).
    case abstraction
    /// k-induction: it does not happen in the first k steps, and k steps without it cannot lead to it.
    case induction
    /// An inductive invariant found by Spacer for the constrained Horn clauses of the machine.
    case chc
}
