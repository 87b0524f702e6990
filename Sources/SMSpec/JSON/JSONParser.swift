/// A JSON syntax error at a position in the text.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var position: TextPosition

    public var description: String { "\(position): \(message)" }
}

/// A small RFC 8259 parser that keeps positions and duplicate keys.
///
/// Foundation's `JSONDecoder` loses line and column and silently keeps only the last of duplicate keys; a spec
/// checker needs both. The parser is recursive descent with an explicit depth limit, so hostile input (a file of
/// ten thousand `[`) is rejected with a message instead of overflowing the stack.
///
/// Complexity: O(n) in the size of the input; columns are computed incrementally along each line.
public struct JSONParser {
    /// Deeper nesting is rejected. Specs nest a few levels per state; 512 leaves room for any real chart.
    public static let defaultMaximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    // Incremental column computation: the last offset on the current line whose column is known.
    private var columnAnchorOffset = 0
    private var columnAnchor = 1
    private let maximumDepth: Int

    private init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON document: a single value surrounded by optional white space.
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONNode {
        if let encoding = utf16Encoding(bytes) {
            throw JSONSyntaxError(message: utf16Message(encoding, extra: ""), position: TextPosition(line: 1, column: 1, offset: 0))
        }
        if let invalid = firstInvalidUTF8Offset(bytes) {
            var locator = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
            locator.advanceLines(to: invalid)
            throw JSONSyntaxError(message: invalidUTF8Message(bytes[invalid]), position: locator.position(at: invalid))
        }
        var parser = JSONParser(bytes: bytes, maximumDepth: maximumDepth)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3; parser.columnAnchorOffset = 3 }  // byte order mark
        parser.skipWhitespace()
        if parser.index == bytes.count {
            throw JSONSyntaxError(message: "the file is empty; expected a JSON object", position: parser.position())
        }
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the top-level value")
        }
        return value
    }

    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(JSONSyntaxError) -> JSONNode {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    // MARK: - Positions

    private mutating func position() -> TextPosition { position(at: index) }

    private mutating func position(at offset: Int) -> TextPosition {
        if offset < columnAnchorOffset || columnAnchorOffset < lineStart {
            columnAnchorOffset = lineStart
            columnAnchor = 1
        }
        var column = columnAnchor
        var i = columnAnchorOffset
        while i < offset {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }  // count scalars: skip UTF-8 continuation bytes
            i += 1
        }
        columnAnchorOffset = offset
        columnAnchor = column
        return TextPosition(line: line, column: column, offset: offset)
    }

    private mutating func advanceLines(to offset: Int) {
        var i = index
        while i < offset {
            // A line ends at LF, CRLF or a lone CR, as everywhere else in the parser.
            let isCarriageReturnAlone = bytes[i] == UInt8(ascii: "\r") && (i + 1 >= bytes.count || bytes[i + 1] != UInt8(ascii: "\n"))
            if bytes[i] == UInt8(ascii: "\n") || isCarriageReturnAlone { line += 1; lineStart = i + 1 }
            i += 1
        }
        index = offset
    }

    private mutating func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position())
    }

    private mutating func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position(at: offset))
    }

    // MARK: - Grammar

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: "\r"):
                index += 1
                if index < bytes.count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
                line += 1
                lineStart = index
            default:
                return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw error("unexpected end of input; expected a value") }
        let start = position()
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONNode(.object(try parseObject(depth: depth + 1)), at: start)
        case UInt8(ascii: "["):
            return JSONNode(.array(try parseArray(depth: depth + 1)), at: start)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            if matchLiteral("true") { return JSONNode(.bool(true), at: start) }
            if matchLiteral("false") { return JSONNode(.bool(false), at: start) }
            if matchLiteral("null") { return JSONNode(.null, at: start) }
            throw unexpectedWord()
        default:
            if isWordByte(bytes[index]) { throw unexpectedWord() }
            throw unexpectedToken(expecting: "a value")
        }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        try checkDepth(depth)
        index += 1  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return members }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an object; expected a key or '}'") }
            if bytes[index] == UInt8(ascii: "}") { throw error("trailing comma before '}'; remove the last ','") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "'") { throw error("object keys use double quotes in JSON, not single quotes") }
                throw unexpectedToken(expecting: "a key in double quotes")
            }
            let keyPosition = position()
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw unexpectedToken(expecting: "':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an object; expected ',' or '}'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return members
            default: throw unexpectedToken(expecting: "',' or '}' after the value of \"\(key)\"")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        try checkDepth(depth)
        index += 1  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return elements }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an array; expected a value or ']'") }
            if bytes[index] == UInt8(ascii: "]") { throw error("trailing comma before ']'; remove the last ','") }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an array; expected ',' or ']'") }
            switch bytes[index] {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return elements
            default: throw unexpectedToken(expecting: "',' or ']' after an array element")
            }
        }
    }

    private mutating func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > maximumDepth {
            throw error("nesting is deeper than \(maximumDepth) levels; a spec never needs this much")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = index
        index += 1  // opening quote
        let contentStart = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = String(decoding: bytes[contentStart..<index], as: UTF8.self)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacterError(byte) }
            index += 1
        }
        var scalars: [UInt8] = Array(bytes[contentStart..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try appendEscape(to: &scalars)
            default:
                if byte < 0x20 { throw controlCharacterError(byte) }
                scalars.append(byte)
                index += 1
            }
        }
        throw error("unterminated string; it starts here and has no closing '\"'", at: open)
    }

    private mutating func controlCharacterError(_ byte: UInt8) -> JSONSyntaxError {
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
            return error("line break inside a string; close the string or write the break as \\n")
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return error("control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) inside a string; escape it")
    }

    private mutating func appendEscape(to scalars: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1  // backslash
        guard index < bytes.count else { throw error("unterminated escape sequence at the end of input") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): scalars.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): scalars.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): scalars.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): scalars.append(0x08)
        case UInt8(ascii: "f"): scalars.append(0x0C)
        case UInt8(ascii: "n"): scalars.append(0x0A)
        case UInt8(ascii: "r"): scalars.append(0x0D)
        case UInt8(ascii: "t"): scalars.append(0x09)
        case UInt8(ascii: "u"):
            var value = try parseHex4(escapeStart: escapeStart)
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate must be followed by a low one.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error("unpaired surrogate \\u\(String(value, radix: 16)) in a string", at: escapeStart)
                }
                index += 2
                let low = try parseHex4(escapeStart: escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("unpaired surrogate \\u\(String(value, radix: 16)) in a string", at: escapeStart)
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw error("unpaired surrogate \\u\(String(value, radix: 16)) in a string", at: escapeStart)
            }
            scalars.append(contentsOf: String(Character(Unicode.Scalar(value)!)).utf8)
        default:
            let shown = byte < 0x80 ? String(UnicodeScalar(byte)) : "…"
            throw error("invalid escape '\\\(shown)'; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", at: escapeStart)
        }
    }

    private mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = hexDigit(bytes[index]) else {
                throw error("invalid \\u escape; expected four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private func hexDigit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                if matchWord("Infinity") { throw error("-Infinity is not a JSON number", at: start) }
                throw error("expected a digit after '-'")
            }
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) {
                throw error("leading zeros are not allowed in JSON numbers", at: start)
            }
        } else {
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit after the decimal point") }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("expected a digit in the exponent") }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        return JSONNumber(text: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func matchLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = literal.withUTF8Buffer { buffer in
            for i in 0..<count where bytes[index + i] != buffer[i] { return false }
            return true
        }
        guard matches else { return false }
        // "truex" is not "true" followed by garbage we would report confusingly later.
        if index + count < bytes.count && isWordByte(bytes[index + count]) { return false }
        index += count
        return true
    }

    private mutating func matchWord(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return false }
        return true
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private mutating func currentWord() -> String {
        var end = index
        while end < bytes.count && end - index < 40 && isWordByte(bytes[end]) { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    private mutating func unexpectedWord() -> JSONSyntaxError {
        let word = currentWord()
        switch word {
        case "True", "TRUE": return error("unexpected '\(word)'; JSON booleans are lowercase: true")
        case "False", "FALSE": return error("unexpected '\(word)'; JSON booleans are lowercase: false")
        case "Null", "NULL", "nil", "None": return error("unexpected '\(word)'; JSON writes null")
        case "NaN", "Infinity": return error("'\(word)' is not a JSON number")
        default: return error("unexpected '\(word)'; expected a value (a string needs double quotes)")
        }
    }

    private mutating func unexpectedToken(expecting expected: String) -> JSONSyntaxError {
        guard index < bytes.count else { return error("unexpected end of input; expected \(expected)") }
        let byte = bytes[index]
        if byte == UInt8(ascii: "/") && index + 1 < bytes.count
            && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*"))
        {
            return error("comments are not allowed in JSON")
        }
        if byte == UInt8(ascii: "'") { return error("strings use double quotes in JSON, not single quotes") }
        if isWordByte(byte) {
            let word = currentWord()
            if ["true", "false", "null", "True", "False", "NaN", "Infinity"].contains(word) {
                return error("unexpected '\(word)'; expected \(expected)")
            }
            return error("unexpected '\(word)'; expected \(expected) (strings need double quotes)")
        }
        return error("unexpected \(describeCurrent()); expected \(expected)")
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(String(UnicodeScalar(byte)))'" }
        if byte >= 0x80 {
            var end = index + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            return "'\(String(decoding: bytes[index..<end], as: UTF8.self))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "character U+\(String(repeating: "0", count: 4 - hex.count))\(hex)"
    }

    // MARK: - UTF-8

    /// "UTF-16LE" or "UTF-16BE" (or UTF-32) when the bytes start with that byte order mark (as Windows editors save
    /// "Unicode" text), so the message can say what the file is instead of naming its first byte invalid UTF-8.
    package static func utf16Encoding(_ bytes: [UInt8]) -> String? {
        // UTF-32LE's mark starts with UTF-16LE's: the longer one first.
        if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return "UTF-32LE" }
        if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return "UTF-32BE" }
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        return nil
    }

    /// Says the file is UTF-16 and must be converted; `extra` follows "convert it to UTF-8".
    package static func utf16Message(_ encoding: String, extra: String) -> String {
        "the file is \(encoding) (it starts with that byte order mark); smcheck reads UTF-8 files: convert it to UTF-8\(extra)"
    }

    /// What is wrong with the byte `firstInvalidUTF8Offset` found. A byte that starts a sequence its next bytes do not
    /// continue is most often a letter of a single-byte encoding (é is 0xE9 in Latin-1 and Windows-1252).
    package static func invalidUTF8Message(_ byte: UInt8, advice: String = "a spec must be UTF-8 text: save it as UTF-8") -> String {
        let hex = "0x" + String(byte, radix: 16, uppercase: true)
        let hint = byte >= 0xA0 ? " ('\(Character(Unicode.Scalar(byte)))' in Latin-1 and Windows-1252: is the file in one of those?)" : ""
        return "invalid UTF-8 byte \(hex)\(hint); \(advice)"
    }

    /// The offset of the first byte that is not part of well-formed UTF-8 (for a sequence its next bytes do not
    /// continue, the byte that starts it), or nil when the input is valid.
    package static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b0 {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b0 & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b0 & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b0 & 0x07)
            default: return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length {
                let b = bytes[i + k]
                guard b & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(b & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }
}
