/// Writes JSON with a stable layout: members in the order given, two-space indentation, integers as written.
///
/// Output that users diff (results, replay files, the schema) must not change from run to run, so there is no
/// dictionary anywhere on this path.
public enum JSONWriter {
    public enum Style: Sendable { case pretty, compact }

    public static func string(_ node: JSONNode, style: Style = .pretty) -> String {
        var out = ""
        write(node, into: &out, indent: 0, style: style)
        return out
    }

    private static func write(_ node: JSONNode, into out: inout String, indent: Int, style: Style) {
        switch node.value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += n.text
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            let inline = style == .compact || elements.allSatisfy(\.isScalar) && elements.count <= 16
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += inline ? (style == .compact ? "," : ", ") : "," }
                if !inline { newline(&out, indent + 1) }
                write(element, into: &out, indent: indent + 1, style: style)
            }
            if !inline { newline(&out, indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                if style == .pretty { newline(&out, indent + 1) }
                writeString(member.key, into: &out)
                out += style == .pretty ? ": " : ":"
                write(member.value, into: &out, indent: indent + 1, style: style)
            }
            if style == .pretty { newline(&out, indent) }
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: Int) {
        out += "\n"
        out += String(repeating: "  ", count: indent)
    }

    public static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.isRefusedInSpecs {
                    out += String(scalar).controlCharactersEscaped
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// A JSON string literal for `s`, quotes included, whole: for text a parser reads back.
    public static func literal(_ s: String) -> String {
        var out = ""
        writeString(s, into: &out)
        return out
    }

    /// A JSON string literal for `s`, quotes included, to quote it in a message: past `quotedLimit` characters it
    /// is cut in the middle (`"aaaa…zz" (5000 characters)`), so that a huge input does not make a huge message.
    public static func quoted(_ s: String) -> String {
        var out = ""
        guard let (head, tail) = s.middleCut(over: quotedLimit, head: quotedLimit / 2, tail: quotedLimit / 4) else {
            writeString(s, into: &out)
            return out
        }
        writeString(head + "…" + tail, into: &out)
        return out + " (\(s.unicodeScalars.count) characters)"
    }

    /// The most characters `quoted` quotes whole.
    public static let quotedLimit = 200
}

extension JSONNode {
    var isScalar: Bool {
        switch value {
        case .array, .object: false
        default: true
        }
    }

    public static func string(_ s: String) -> JSONNode { JSONNode(.string(s)) }
    public static func int(_ i: Int) -> JSONNode { JSONNode(.number(JSONNumber(i))) }
    public static func bool(_ b: Bool) -> JSONNode { JSONNode(.bool(b)) }
    public static var null: JSONNode { JSONNode(.null) }
    public static func array(_ elements: [JSONNode]) -> JSONNode { JSONNode(.array(elements)) }

    /// An object from ordered pairs; positions are left empty (this is for output, not for parsed input).
    public static func object(_ pairs: [(String, JSONNode)]) -> JSONNode {
        JSONNode(.object(pairs.map { JSONMember(key: $0.0, keyPosition: TextPosition(line: 0, column: 0, offset: 0), value: $0.1) }))
    }

    /// Drops positions so two trees compare by content only.
    public var withoutPositions: JSONNode {
        let zero = TextPosition(line: 0, column: 0, offset: 0)
        switch value {
        case .array(let elements): return JSONNode(.array(elements.map(\.withoutPositions)), at: zero)
        case .object(let members):
            return JSONNode(.object(members.map { JSONMember(key: $0.key, keyPosition: zero, value: $0.value.withoutPositions) }), at: zero)
        default: return JSONNode(value, at: zero)
        }
    }
}

extension JSONNode: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self.init(.string(value)) }
    public init(integerLiteral value: Int) { self.init(.number(JSONNumber(value))) }
    public init(booleanLiteral value: Bool) { self.init(.bool(value)) }
    public init(arrayLiteral elements: JSONNode...) { self.init(.array(elements)) }
    public init(nilLiteral: ()) { self.init(.null) }
}
