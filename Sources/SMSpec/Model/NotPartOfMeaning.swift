/// Marks a stored property that is not part of a value's meaning, such as where an element was written: it is
/// ignored by `==` and hashing, so a spec read from JSON and the same spec written in Swift compare equal.
@propertyWrapper
public struct NotPartOfMeaning<Value: Sendable>: Hashable, Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
