extension Spec {
    /// A reference to a state by bare name (`b21`) or path (`b/b2/b21`), resolved when the spec is resolved.
    public struct StateReference: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
        public var text: String
        @NotPartOfMeaning public var location: SourceLocation?

        public init(_ text: String, location: SourceLocation? = nil) {
            self.text = text
            self.location = location
        }

        public init(stringLiteral value: String) { self.init(value) }

        public var description: String { text }
    }
}
