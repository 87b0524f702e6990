import SMSCXML
public import SMSpec

/// A malformed spec and the one diagnostic it must produce: the exact message, the JSON Pointer (or for SCXML the
/// element path), and the place, given as the text the diagnostic must point at (its first character) so the
/// expectation reads like the spec.
public struct BadInput: Sendable, CustomStringConvertible {
    public enum Format: Sendable {
        case json, scxml

        /// The name the diagnostics call the file.
        public var fileName: String { self == .json ? "bad.json" : "bad.scxml" }
    }

    public let title: String
    public let text: String
    public let message: String
    public let pointer: String
    public let line: Int
    public let column: Int
    public let format: Format

    /// `at` is searched in `text`; the diagnostic must point at its `occurrence`-th match.
    /// `offset` moves the expected column right from the match (for places inside a matched string).
    public init(
        _ title: String, _ text: String, message: String, pointer: String, at needle: String, occurrence: Int = 1, offset: Int = 0,
        format: Format = .json
    ) {
        guard let position = text.lineAndColumn(of: needle, occurrence: occurrence) else {
            preconditionFailure("test case '\(title)': '\(needle)' does not occur \(occurrence) time(s) in its text")
        }
        self.init(title, text, message: message, pointer: pointer, line: position.line, column: position.column + offset, format: format)
    }

    public init(_ title: String, _ text: String, message: String, pointer: String, line: Int, column: Int, format: Format = .json) {
        self.title = title
        self.text = text
        self.message = message
        self.pointer = pointer
        self.line = line
        self.column = column
        self.format = format
    }

    public var description: String { title }

    /// How the diagnostics of the text differ from the one expected: empty when loading it gives exactly one
    /// diagnostic, with the message, the place in the document (pointer or element path) and the line:column.
    public func mismatches() -> [String] {
        let diagnostics = diagnostics()
        guard diagnostics.count == 1, let diagnostic = diagnostics.first else {
            return ["expected one diagnostic, got:\n" + diagnostics.map(\.description).joined(separator: "\n")]
        }
        var problems: [String] = []
        if diagnostic.fullMessage != message { problems.append("message: \(diagnostic.fullMessage)") }
        if diagnostic.location.documentPath != pointer { problems.append("at \(diagnostic.location.documentPath), not \(pointer)") }
        if diagnostic.location.file != format.fileName || diagnostic.location.line != line || diagnostic.location.column != column {
            problems.append("place \(diagnostic.location), not \(format.fileName):\(line):\(column)")
        }
        if !diagnostic.description.hasPrefix("\(format.fileName):\(line):\(column): error: ")
            || !diagnostic.description.hasSuffix("(at \(diagnostic.location.pointerText))")
        {
            problems.append("printed as \(diagnostic.description)")
        }
        return problems
    }

    /// The diagnostics loading the text produces.
    public func diagnostics() -> [Diagnostic] {
        switch format {
        case .json: Spec.decode(json: Array(text.utf8), file: format.fileName).1
        case .scxml: Spec.decode(scxml: Array(text.utf8), file: format.fileName).1
        }
    }
}
