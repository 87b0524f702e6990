/// Turns a parsed JSON tree into a `Spec`, collecting every structural problem (unknown keys, wrong types,
/// duplicate keys, bad declarations) instead of stopping at the first.
///
/// Decoding is lenient where it can be: a bad member is reported and skipped, so the rest of the file is still
/// checked and the user sees all problems of a file in one run.
struct SpecDecoder {
    private(set) var diagnostics: [Diagnostic] = []
    /// Declarations that could not be decoded; their uses are not reported again.
    var rejected = RejectedDeclarations()
    let file: String?
    /// The source, for mapping expression offsets to columns when a string contains escapes.
    let bytes: [UInt8]

    init(file: String?, bytes: [UInt8]) {
        self.file = file
        self.bytes = bytes
    }

    // MARK: - Diagnostics

    mutating func report(
        _ message: String, at position: TextPosition, _ pointer: JSONPointer, suggestion: String? = nil, code: String? = nil
    ) {
        diagnostics.append(Diagnostic(message, at: location(position, pointer), suggestion: suggestion, code: code))
    }

    func location(_ position: TextPosition, _ pointer: JSONPointer) -> Spec.SourceLocation {
        Spec.SourceLocation(file: file, pointer: pointer, position: position)
    }

    /// The members of an object, first occurrence of each key, after reporting unknown and duplicate keys.
    /// Returns nil (after reporting) when `node` is not an object.
    mutating func members(
        of node: JSONNode, at pointer: JSONPointer, what: String, allowed: [String], required: [String] = [],
        borrowed: [String: BorrowedKey] = [:], duplicateCode: String? = nil
    ) -> [String: JSONMember]? {
        guard let objectMembers = node.objectValue else {
            report("\(what) must be an object, not \(article(node.typeName))", at: node.position, pointer)
            return nil
        }
        var seen: [String: JSONMember] = [:]
        var suggested: Set<String> = []
        for member in objectMembers {
            if let first = seen[member.key] {
                report(
                    "duplicate key \(JSONWriter.quoted(member.key)) in \(what) (first at line \(first.keyPosition.line), column \(first.keyPosition.column)); JSON parsers keep only one of them",
                    at: member.keyPosition, pointer / member.key, code: duplicateCode)
                continue
            }
            seen[member.key] = member
            if !allowed.contains(member.key) {
                let known = borrowed[member.key]
                let suggestion = if let known { known.suggestion } else { Suggestions.closest(to: member.key, in: allowed) }
                if let suggestion { suggested.insert(suggestion) }
                let hint =
                    known.map { "; \($0.hint)" } ?? (suggestion == nil ? "; expected one of: \(allowed.joined(separator: ", "))" : "")
                report(
                    "unknown key \(JSONWriter.quoted(member.key)) in \(what)\(hint)", at: member.keyPosition, pointer / member.key,
                    suggestion: suggestion)
            }
        }
        // A missing key that a misspelled one was taken for is already reported as that misspelling.
        for key in required where seen[key] == nil && !suggested.contains(key) {
            report("\(what) is missing the required key \(JSONWriter.quoted(key))", at: node.position, pointer)
        }
        return seen
    }

    /// The members of an object in document order, duplicates reported and dropped (for name → value maps).
    mutating func orderedMembers(
        of node: JSONNode, at pointer: JSONPointer, what: String, duplicateCode: String? = nil,
        duplicateWhat: String = "key"
    ) -> [JSONMember]? {
        guard let objectMembers = node.objectValue else {
            report("\(what) must be an object, not \(article(node.typeName))", at: node.position, pointer)
            return nil
        }
        var seen: [String: JSONMember] = [:]
        var result: [JSONMember] = []
        for member in objectMembers {
            if let first = seen[member.key] {
                report(
                    "duplicate \(duplicateWhat) \(JSONWriter.quoted(member.key)) in \(what) (first at line \(first.keyPosition.line), column \(first.keyPosition.column)); JSON parsers silently keep only the last",
                    at: member.keyPosition, pointer / member.key, code: duplicateCode)
                continue
            }
            seen[member.key] = member
            result.append(member)
        }
        return result
    }

    /// The string at `node`. An expression's text (`isExpression`) is not checked for control characters here: the
    /// expression parser refuses them at their column, and one report is enough.
    mutating func string(_ node: JSONNode, _ pointer: JSONPointer, what: String, isExpression: Bool = false) -> String? {
        guard let s = node.stringValue else {
            report("\(what) must be a string, not \(article(node.typeName))", at: node.position, pointer)
            return nil
        }
        // Line breaks and tabs have their uses in a description or an expression; other control characters only
        // turn a terminal's output or a generated file into something else.
        if !isExpression, let bad = SpecMessages.controlCharacter(in: s, allowingLineBreaks: true) {
            report("\(what) contains \(bad); write it without one", at: node.position, pointer)
        }
        return s
    }

    mutating func integer(_ node: JSONNode, _ pointer: JSONPointer, what: String, range: ClosedRange<Int>) -> Int? {
        guard case .number(let number) = node.value else {
            report("\(what) must be an integer, not \(article(node.typeName))", at: node.position, pointer)
            return nil
        }
        if let outside = SpecMessages.integerOutsideBounds(number.text, what: what, range: range) {
            report(outside, at: node.position, pointer)
            return nil
        }
        guard let value = number.integerValue, range.contains(value) else {
            let message =
                SpecMessages.integerOutOfRange(number.text).map { "\(what): \($0)" } ?? "\(what) must be an integer, not \(number.text)"
            report(message, at: node.position, pointer)
            return nil
        }
        return value
    }

    mutating func array(_ node: JSONNode, _ pointer: JSONPointer, what: String) -> [JSONNode]? {
        guard let elements = node.arrayValue else {
            report("\(what) must be an array, not \(article(node.typeName))", at: node.position, pointer)
            return nil
        }
        return elements
    }

    func article(_ typeName: String) -> String {
        typeName == "null" ? "null" : (["a", "e", "i", "o", "u"].contains(typeName.first.map(String.init) ?? "") ? "an " : "a ") + typeName
    }

    // MARK: - Expressions and references

    func expression(_ node: JSONNode, _ text: String, _ pointer: JSONPointer) -> Spec.Expression {
        Spec.Expression(text, location: location(node.position, pointer), columnOffsets: columnOffsets(of: node, text))
    }

    func reference(_ node: JSONNode, _ text: String, _ pointer: JSONPointer) -> Spec.StateReference {
        Spec.StateReference(text, location: location(node.position, pointer))
    }

    /// For a string written with escapes, the source column offset (from the opening quote) of each scalar.
    private func columnOffsets(of node: JSONNode, _ text: String) -> [Int]? {
        let start = node.position.offset + 1
        var end = start
        var hasEscape = false
        while end < bytes.count && bytes[end] != UInt8(ascii: "\"") {
            if bytes[end] == UInt8(ascii: "\\") { hasEscape = true; end += 1 }
            end += 1
        }
        guard hasEscape else { return nil }
        var offsets: [Int] = []
        var i = start
        var column = 1
        while i < end {
            offsets.append(column)
            if bytes[i] == UInt8(ascii: "\\") {
                let isUnicode = i + 1 < end && bytes[i + 1] == UInt8(ascii: "u")
                let isPair =
                    isUnicode && i + 7 < end && bytes[i + 6] == UInt8(ascii: "\\") && bytes[i + 7] == UInt8(ascii: "u")
                    && (0xD8...0xDB).contains(hexPairValue(i + 2))
                let width = isPair ? 12 : (isUnicode ? 6 : 2)
                i += width
                column += width
            } else {
                i += 1
                while i < end && bytes[i] & 0xC0 == 0x80 { i += 1 }
                column += 1
            }
        }
        return offsets.count == text.unicodeScalars.count ? offsets : nil
    }

    private func hexPairValue(_ at: Int) -> Int {
        guard at + 1 < bytes.count else { return 0 }
        func hex(_ b: UInt8) -> Int { Int(b <= UInt8(ascii: "9") ? b &- UInt8(ascii: "0") : (b | 0x20) &- UInt8(ascii: "a") &+ 10) }
        return hex(bytes[at]) << 4 | hex(bytes[at + 1])
    }
}
