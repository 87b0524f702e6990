/// A way to answer guard queries.
public protocol GuardBackend: AnyObject {
    /// "z3" or "enumeration".
    var name: String { get }
    func solve(_ query: GuardQuery) -> Verdict
}
