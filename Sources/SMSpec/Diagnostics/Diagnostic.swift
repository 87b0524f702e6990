/// A problem found while loading or validating a spec: what is wrong, where, and what would be right.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Comparable {
    public var message: String
    public var location: Spec.SourceLocation
    /// A "did you mean" candidate, when one is close enough to be likely.
    public var suggestion: String?
    /// The finding code when this load error is also a finding (duplicate state names are SM003).
    public var code: String?

    public init(_ message: String, at location: Spec.SourceLocation, suggestion: String? = nil, code: String? = nil) {
        self.message = message
        self.location = location
        self.suggestion = suggestion
        self.code = code
    }

    /// The message with its suggestion: `unknown key "entyr"; did you mean "entry"?`
    public var fullMessage: String {
        var text = code.map { "\($0): " + message } ?? message
        if let suggestion { text += "; did you mean \(JSONWriter.quoted(suggestion))?" }
        return text
    }

    /// `file:line:column: error: message (at /json/pointer)` (or the element path of an XML file), the form compilers
    /// use so editors can jump to it. A problem with the file as a whole (missing, a directory) has no place inside it
    /// to point at.
    public var description: String {
        let place = location.description.isEmpty ? "" : "\(location): "
        let pointer = location.line == nil && location.pointer.description.isEmpty ? "" : " (at \(location.pointerText))"
        return "\(place)error: \(fullMessage)\(pointer)"
    }

    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        let l = (lhs.location.line ?? Int.max, lhs.location.column ?? Int.max)
        let r = (rhs.location.line ?? Int.max, rhs.location.column ?? Int.max)
        if l != r { return l < r }
        return lhs.location.pointer < rhs.location.pointer
    }
}
