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
