/// An expression as written in a spec: its text, parsed and type-checked when the spec is resolved.
///
/// Keeping the text (not only the tree) lets every consumer report errors with the column inside the expression and
/// lets the spec round-trip to JSON unchanged.
public struct Expression: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var text: String
    /// The location of the JSON string holding the expression; its column is the opening quote.
    @NotPartOfMeaning public var location: SourceLocation?
    /// For strings with escapes: the source column offset of each scalar of `text` (nil: one column per scalar).
    @NotPartOfMeaning public var columnOffsets: [Int]?

    public init(_ text: String, location: SourceLocation? = nil, columnOffsets: [Int]? = nil) {
        self.text = text
        self.location = location
        self.columnOffsets = columnOffsets
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { text }

    /// The text as messages quote it: whole when short, else its start and end around an ellipsis, so an error in
    /// a generated guard of thousands of terms stays one readable line.
    public var excerpt: String { Self.excerpt(of: text) }

    static func excerpt(of text: String, limit: Int = 80) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > limit else { return text }
        let head = String(String.UnicodeScalarView(scalars[..<(limit / 2)]))
        let tail = String(String.UnicodeScalarView(scalars[(scalars.count - limit / 3)...]))
        return head.trimmingWhitespace() + " … " + tail.trimmingWhitespace()
    }

    /// The location of the scalar at `offset` in `text`.
    public func location(ofOffset offset: Int) -> SourceLocation? {
        guard let location else { return nil }
        if let columnOffsets, !columnOffsets.isEmpty {
            return location.advanced(byColumns: columnOffsets[min(offset, columnOffsets.count - 1)])
        }
        return location.advanced(byColumns: 1 + offset)
    }

}

/// A reference to a state by bare name (`b21`) or path (`b/b2/b21`), resolved when the spec is resolved.
public struct StateReference: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var text: String
    @NotPartOfMeaning public var location: SourceLocation?

    public init(_ text: String, location: SourceLocation? = nil) {
        self.text = text
        self.location = location
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { text }
}
