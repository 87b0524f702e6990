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
        /// A paragraph; a line break in its text is kept (a hard line break in Markdown, `<br>` in HTML).
        case paragraph([Span])
        /// A table; every row has as many cells as the header.
        case table(header: [String], rows: [[[Span]]])
        case list([[Span]])
        case numberedList([[Span]])
        /// Verbatim text in a fixed-width block.
        case code(String)
        /// The state diagram.
        case diagram(Diagram)
        /// A numbered event trace (one item per step), which pages with a drawn diagram can play on it.
        case trace([[Span]], TracePlayback)
    }

    /// A state diagram in the forms the renderers use: Markdown shows the Mermaid source (GitHub draws it) and links
    /// the SVG file; HTML inlines the SVG, or says why there is none and shows the source.
    public struct Diagram: Sendable, Equatable {
        /// Mermaid `stateDiagram-v2` source.
        public var mermaid: String
        /// The SVG document drawn by Graphviz; nil when it was not drawn (see `note`).
        public var svg: String?
        /// The name of the SVG file written beside the document, for Markdown to link; nil when none is.
        public var svgFile: String?
        /// Why there is no SVG, for the reader.
        public var note: String?
        /// True when the SVG carries fuzzing coverage classes a page can paint.
        public var hasCoverage: Bool

        public init(mermaid: String, svg: String? = nil, svgFile: String? = nil, note: String? = nil, hasCoverage: Bool = false) {
            self.mermaid = mermaid
            self.svg = svg
            self.svgFile = svgFile
            self.note = note
            self.hasCoverage = hasCoverage
        }
    }

    /// A run of text with one style.
    public enum Span: Sendable, Equatable, ExpressibleByStringLiteral {
        case text(String)
        case code(String)
        case strong(String)
        /// Text colored by severity (a badge in HTML, bold in Markdown).
        case badge(String, Tone)
        /// Text linking to a file by its path relative to the document, as the file is named: the renderers
        /// percent-encode it.
        case link(String, href: String)

        public init(stringLiteral value: String) { self = .text(value) }
    }

    public enum Tone: String, Sendable {
        case error, warning, info, ok
    }
}
