extension Spec {
    /// Where a model element was written: the file, the JSON Pointer of the element, and its line and column.
    ///
    /// Specs built in Swift (the DSL) have a pointer (the place the element would have in JSON) but no line. Specs read
    /// from SCXML have a line, a column and an element path; their pointer is again the place in the JSON form.
    public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
        public var file: String?
        public var pointer: JSONPointer
        public var line: Int?
        public var column: Int?
        /// For an element read from XML: its XPath-like path (`//state[@id='idle']/transition[2]/@cond`), which
        /// messages and reports show where JSON specs show the pointer.
        public var elementPath: String?

        public init(file: String? = nil, pointer: JSONPointer, line: Int? = nil, column: Int? = nil, elementPath: String? = nil) {
            self.file = file
            self.pointer = pointer
            self.line = line
            self.column = column
            self.elementPath = elementPath
        }

        public init(file: String?, pointer: JSONPointer, position: TextPosition) {
            self.init(file: file, pointer: pointer, line: position.line, column: position.column)
        }

        /// The place inside the file as machine-readable output gives it: the element path of an XML element, else the
        /// JSON Pointer (empty for the whole document).
        public var documentPath: String { elementPath ?? pointer.description }

        /// The place inside the file as messages show it: the element path, or the JSON Pointer (`/` for the whole
        /// document, whose pointer is empty).
        public var pointerText: String {
            guard !documentPath.isEmpty else { return "/" }
            let length = Self.shownPathLength
            guard let (head, tail) = documentPath.middleCut(over: length, head: length * 2 / 3, tail: length / 3) else {
                return documentPath.controlCharactersEscaped
            }
            return (head + "…" + tail).controlCharactersEscaped
        }

        /// How much of a long pointer or element path messages show, in characters: its start and its end.
        static let shownPathLength = 300

        /// `file:line:column`, or as much of it as is known.
        public var description: String {
            var parts: [String] = []
            if let file { parts.append(file) }
            if let line { parts.append(String(line)) }
            if let column { parts.append(String(column)) }
            return parts.joined(separator: ":")
        }

        /// Where this element is, for a message about another one in the same file ("first at line 3, column 5"):
        /// its line and column, else its place in the document (a spec built in Swift has no lines).
        var placeInFile: String {
            guard let line else { return pointerText }
            return "line \(line)" + (column.map { ", column \($0)" } ?? "")
        }

        /// The location `offset` characters into this element, for errors inside a string (an expression).
        public func advanced(byColumns offset: Int) -> SourceLocation {
            var copy = self
            if let column { copy.column = column + offset }
            return copy
        }

    }
}
