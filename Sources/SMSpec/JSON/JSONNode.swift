/// A place in a text file: 1-based line and column, and the 0-based byte offset.
///
/// Columns count Unicode scalars, not bytes, so an editor's "go to line:column" lands on the right character.
public struct TextPosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (lhs: TextPosition, rhs: TextPosition) -> Bool { lhs.offset < rhs.offset }

    public var description: String { "\(line):\(column)" }
}

/// A JSON value together with the position where it starts.
///
/// Objects keep every member in document order, duplicates included: key order is meaningful in a spec
/// (document order of states and transitions) and a duplicate key is an error we must be able to report.
public struct JSONNode: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case null
        case bool(Bool)
        case number(JSONNumber)
        case string(String)
        case array([JSONNode])
        case object([JSONMember])
    }

    public var value: Value
    public var position: TextPosition

    public init(_ value: Value, at position: TextPosition = TextPosition(line: 0, column: 0, offset: 0)) {
        self.value = value
        self.position = position
    }

    /// The JSON type name used in error messages ("object", "array", "string", "number", "boolean", "null").
    public var typeName: String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public var stringValue: String? { if case .string(let s) = value { s } else { nil } }
    public var boolValue: Bool? { if case .bool(let b) = value { b } else { nil } }
    public var arrayValue: [JSONNode]? { if case .array(let a) = value { a } else { nil } }
    public var objectValue: [JSONMember]? { if case .object(let o) = value { o } else { nil } }
    public var integerValue: Int? { if case .number(let n) = value { n.integerValue } else { nil } }
    public var isNull: Bool { if case .null = value { true } else { false } }

    /// The first member with this key, if any.
    public subscript(key: String) -> JSONNode? {
        objectValue?.first { $0.key == key }?.value
    }
}

public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var keyPosition: TextPosition
    public var value: JSONNode

    public init(key: String, keyPosition: TextPosition, value: JSONNode) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

/// A JSON number as written, so integers are exact and nothing is lost to floating point.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    public var text: String

    public init(text: String) { self.text = text }
    public init(_ value: Int) { self.text = String(value) }

    /// The value when the text is an integer (no fraction, no exponent) that fits in `Int`.
    public var integerValue: Int? { Int(text) }
    public var doubleValue: Double { Double(text) ?? .nan }
    public var description: String { text }
}
