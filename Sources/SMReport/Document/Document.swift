/// A report as headings, paragraphs, tables, lists and a diagram, independent of how it is written out: the
/// Markdown and HTML renderers each write the same document, so the two formats cannot drift apart.
public struct Document: Sendable, Equatable {
    public var title: String
    public var blocks: [Block]

    public init(title: String, blocks: [Block] = []) {
        self.title = title
        self.blocks = blocks
    }

    public enum Block: Sendable, Equatable {
        case heading(level: Int, [Span])
        case paragraph([Span])
        /// A table; every row has as many cells as the header.
        case table(header: [String], rows: [[[Span]]])
        case list([[Span]])
        case numberedList([[Span]])
        /// Verbatim text in a fixed-width block.
        case code(String)
        /// A Mermaid `stateDiagram-v2`.
        case diagram(String)
    }

    /// A run of text with one style.
    public enum Span: Sendable, Equatable, ExpressibleByStringLiteral {
        case text(String)
        case code(String)
        case strong(String)
        /// Text colored by severity (a badge in HTML, bold in Markdown).
        case badge(String, Tone)

        public init(stringLiteral value: String) { self = .text(value) }
    }

    public enum Tone: String, Sendable {
        case error, warning, info, ok
    }
}
