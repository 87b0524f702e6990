import SMSolver
public import Testing

extension Trait where Self == ConditionTrait {
    /// For tests of what only Z3 decides (symbolic verification, the Z3 back end): a build without the "Z3" trait
    /// skips them and says why, and runs everything else (CI tests that build too).
    public static var needsZ3: Self { .enabled(if: Z3Library.isAvailable, "smcheck is built without the Z3 trait") }
}

/// What this build of smcheck has, for tests that run over it.
public enum BuildTraits {
    /// The guard back ends by name: "z3" with the Z3 trait, and "enumerate", which must agree with it.
    public static let guardBackends = Z3Library.isAvailable ? ["z3", "enumerate"] : ["enumerate"]
    /// How messages name the back end that proves guard facts by default: "z3", else "enumeration".
    public static let guardProver = Z3Library.isAvailable ? "z3" : "enumeration"
    /// Whether symbolic verification runs (it needs Z3), for tests that compare it with exploration when it does.
    public static let verifiesSymbolically = Z3Library.isAvailable
}
