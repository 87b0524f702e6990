public enum Verdict: Hashable, Sendable {
    case satisfiable(SolverWitness)
    case unsatisfiable
    /// The back end gave up (a timeout, a resource limit, a domain too large to enumerate).
    case unknown(String)
}
