/// Where a model element was written: the file, the JSON Pointer of the element, and its line and column.
///
/// Specs built in Swift (the DSL) have a pointer (the place the element would have in JSON) but no line.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
    public var file: String?
    public var pointer: JSONPointer
    public var line: Int?
    public var column: Int?

    public init(file: String? = nil, pointer: JSONPointer, line: Int? = nil, column: Int? = nil) {
        self.file = file
        self.pointer = pointer
        self.line = line
        self.column = column
    }

    public init(file: String?, pointer: JSONPointer, position: TextPosition) {
        self.init(file: file, pointer: pointer, line: position.line, column: position.column)
    }

    /// The JSON Pointer as messages show it: `/` for the whole document (whose pointer is empty).
    public var pointerText: String { pointer.description.isEmpty ? "/" : pointer.description }

    /// `file:line:column`, or as much of it as is known.
    public var description: String {
        var parts: [String] = []
        if let file { parts.append(file) }
        if let line { parts.append(String(line)) }
        if let column { parts.append(String(column)) }
        return parts.joined(separator: ":")
    }

    /// The location `offset` characters into this element, for errors inside a string (an expression).
    public func advanced(byColumns offset: Int) -> SourceLocation {
        var copy = self
        if let column { copy.column = column + offset }
        return copy
    }

}

/// Marks a stored property that is not part of a value's meaning, such as where an element was written: it is
/// ignored by `==` and hashing, so a spec read from JSON and the same spec written in Swift compare equal.
@propertyWrapper
public struct NotPartOfMeaning<Value: Sendable>: Hashable, Sendable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }

    public static func == (lhs: Self, rhs: Self) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}

/// A problem found while loading or validating a spec: what is wrong, where, and what would be right.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible, Comparable {
    public var message: String
    public var location: SourceLocation
    /// A "did you mean" candidate, when one is close enough to be likely.
    public var suggestion: String?
    /// The finding code when this load error is also a finding (duplicate state names are SM003).
    public var code: String?

    public init(_ message: String, at location: SourceLocation, suggestion: String? = nil, code: String? = nil) {
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

    /// `file:line:column: error: message (at /json/pointer)`, the form compilers use so editors can jump to it. A
    /// problem with the file as a whole (missing, a directory) has no place inside it to point at.
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

/// A spec that could not be used, with every problem found in it (not just the first).
public struct SpecError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted() }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
