extension Spec {
    /// An expression as written in a spec: its text, parsed and type-checked when the spec is resolved.
    ///
    /// Keeping the text (not only the tree) lets every consumer report errors with the column inside the expression and
    /// lets the spec round-trip to JSON unchanged.
    public struct Expression: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
        public var text: String
        /// The location of the JSON string holding the expression; its column is the opening quote.
        @NotPartOfMeaning public var location: SourceLocation?
        /// For strings with escapes: the source column offset of each scalar of `text` (nil: one column per scalar).
        @NotPartOfMeaning public var columnOffsets: [Int]?
        /// For text written over several source lines (an XML attribute): each scalar's line offset from `location`;
        /// the column offset of a scalar on a later line counts from that line's first column.
        @NotPartOfMeaning public var lineOffsets: [Int]?
        /// The text as the author wrote it, when `text` was translated from another notation (SCXML's ECMAScript);
        /// messages quote it, and `columnOffsets` map each scalar of `text` to its place in the written text.
        @NotPartOfMeaning public var writtenText: String?

        public init(
            _ text: String, location: SourceLocation? = nil, columnOffsets: [Int]? = nil, lineOffsets: [Int]? = nil,
            writtenText: String? = nil
        ) {
            self.text = text
            self.location = location
            self.columnOffsets = columnOffsets
            self.lineOffsets = lineOffsets
            self.writtenText = writtenText
        }

        public init(stringLiteral value: String) { self.init(value) }

        public var description: String { text }

        /// The text as messages quote it: whole when short, else its start and end around an ellipsis, so an error in
        /// a generated guard of thousands of terms stays one readable line. Findings quote smcheck's text, the same
        /// whichever format the spec was read from; load errors quote the written text (see `SpecResolver`).
        public var excerpt: String { Self.excerpt(of: text) }

        /// `text` as messages quote it (see `excerpt`): any text a message repeats, such as a name a user typed.
        package static func excerpt(of text: String, limit: Int = 80) -> String {
            guard let (head, tail) = text.middleCut(over: limit, head: limit / 2, tail: limit / 3) else { return text }
            return head.trimmingWhitespace() + " … " + tail.trimmingWhitespace()
        }

        /// The location of the scalar at `offset` in `text`.
        public func location(ofOffset offset: Int) -> SourceLocation? {
            guard let location else { return nil }
            guard let columnOffsets, !columnOffsets.isEmpty else { return location.advanced(byColumns: 1 + offset) }
            let index = min(offset, columnOffsets.count - 1)
            if let lineOffsets, index < lineOffsets.count, lineOffsets[index] > 0 {
                var copy = location
                copy.line = location.line.map { $0 + lineOffsets[index] }
                copy.column = 1 + columnOffsets[index]
                return copy
            }
            return location.advanced(byColumns: columnOffsets[index])
        }

    }
}
