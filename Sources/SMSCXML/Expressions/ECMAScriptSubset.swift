public import SMSpec

/// Conditions and values in SCXML are ECMAScript. smcheck reads the subset that maps one to one onto its own
/// expression language, and writes its expressions back into that subset, so a spec survives the round trip
/// letter for letter:
///
/// | ECMAScript in SCXML | smcheck |
/// |---|---|
/// | `'auto'` or `"auto"` (a string) | `.auto` (an enum value) |
/// | `_event.data.to` | `event.to` |
/// | `In('idle')` | `in(idle)` |
/// | `===`, `!==` | `==`, `!=` |
///
/// Names, integers, `true`, `false`, operators, parentheses and white space are the same in both. What has no
/// counterpart (fractions, member access, `?:`, other uses of `_event`) is an error at its offset; the expression
/// parser and type checker report the rest.
public enum ECMAScriptSubset {
    /// An expression translated into smcheck's language.
    public struct Translation: Sendable {
        public let text: String
        /// For each scalar of `text`, and then for its end: the offset of the scalar of the ECMAScript it comes from.
        public let sourceOffsets: [Int]
    }

    /// Translates an ECMAScript condition or value into smcheck's expression language.
    public static func specExpression(from script: String) throws(ExpressionError) -> Translation {
        var reader = Reader(script)
        try reader.run()
        return Translation(text: String(String.UnicodeScalarView(reader.output)), sourceOffsets: reader.sources + [reader.scalars.count])
    }

    /// Writes one of smcheck's expressions in the ECMAScript subset (the inverse of `specExpression(from:)`).
    public static func script(from expression: String) -> String {
        let scalars = Array(expression.unicodeScalars)
        var result = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == ".", i + 1 < scalars.count, isIdentifierStart(scalars[i + 1]) {
                let end = identifierEnd(scalars, from: i + 1)
                result.append("'")
                result.append(contentsOf: scalars[(i + 1)..<end])
                result.append("'")
                i = end
            } else if isIdentifierStart(c) {
                let end = identifierEnd(scalars, from: i)
                let word = String(String.UnicodeScalarView(scalars[i..<end]))
                var afterSpaces = end
                while afterSpaces < scalars.count && scalars[afterSpaces].properties.isWhitespace { afterSpaces += 1 }
                if word == "event", end < scalars.count, scalars[end] == "." {
                    result.append(contentsOf: "_event.data.".unicodeScalars)
                    i = end + 1
                } else if word == "in", afterSpaces < scalars.count, scalars[afterSpaces] == "(",
                    let close = scalars[afterSpaces...].firstIndex(of: ")")
                {
                    // in( name ) → In( 'name' ): the spaces stay outside the quotes.
                    let inside = scalars[(afterSpaces + 1)..<close]
                    let leading = inside.prefix { $0.properties.isWhitespace }
                    let trailing = inside.reversed().prefix { $0.properties.isWhitespace }
                    let name = inside.dropFirst(leading.count).dropLast(trailing.count)
                    result.append(contentsOf: "In".unicodeScalars)
                    result.append(contentsOf: scalars[end...afterSpaces])
                    result.append(contentsOf: leading)
                    result.append("'")
                    for scalar in name {
                        if scalar == "'" || scalar == "\\" { result.append("\\") }
                        result.append(scalar)
                    }
                    result.append("'")
                    result.append(contentsOf: trailing.reversed())
                    result.append(")")
                    i = close + 1
                } else {
                    result.append(contentsOf: scalars[i..<end])
                    i = end
                }
            } else {
                result.append(c)
                i += 1
            }
        }
        return String(result)
    }

    // MARK: - Reading

    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0
        var output: [Unicode.Scalar] = []
        /// For each output scalar, the source offset it comes from.
        var sources: [Int] = []
        /// Whether the last token was an operand (a name, a number, a string, `)`): a `.` after one is member access.
        var afterOperand = false

        init(_ text: String) { scalars = Array(text.unicodeScalars) }

        mutating func run() throws(ExpressionError) {
            while index < scalars.count {
                let c = scalars[index]
                if c.properties.isWhitespace {
                    copy(index..<(index + 1))
                } else if c == "'" || c == "\"" {
                    let start = index
                    let (value, offsets) = try readString()
                    guard ECMAScriptSubset.isEnumValue(value) else {
                        throw ExpressionError(
                            "the string '\(value)' is not an enum value; strings in conditions and values name enum values, which are names (letters, digits and _)",
                            at: start)
                    }
                    emit(".", from: start)
                    for (scalar, offset) in zip(value.unicodeScalars, offsets) { emit(scalar, from: offset) }
                    afterOperand = true
                } else if ECMAScriptSubset.isDigit(c) {
                    let start = index
                    let end = ECMAScriptSubset.identifierEnd(scalars, from: index, allowingDots: true)
                    let literal = String(String.UnicodeScalarView(scalars[start..<end]))
                    guard literal.unicodeScalars.allSatisfy(ECMAScriptSubset.isDigit) else {
                        throw ExpressionError(
                            "'\(literal)' is not an integer; smcheck's values are integers, booleans and enum values", at: start)
                    }
                    if let problem = ECMAScriptSubset.leadingZeroProblem(literal) { throw ExpressionError(problem, at: start) }
                    copy(start..<end)
                    afterOperand = true
                } else if ECMAScriptSubset.isIdentifierStart(c) || c == "$" {
                    try readName()
                } else if c == "." {
                    if index + 1 < scalars.count, ECMAScriptSubset.isIdentifierStart(scalars[index + 1]) {
                        throw afterOperand
                            ? ExpressionError(
                                "member access ('.\(word(from: index + 1))') is not supported; data values are plain booleans, integers and enum values",
                                at: index)
                            : ExpressionError("write an enum value as a string in SCXML: '\(word(from: index + 1))'", at: index)
                    }
                    copy(index..<(index + 1))
                } else if startsWith("===") || startsWith("!==") {
                    emit(c, from: index)
                    emit("=", from: index + 1)
                    index += 3
                    afterOperand = false
                } else if c == "?" {
                    throw ExpressionError("the conditional operator '?:' is not supported; use <if> in executable content", at: index)
                } else {
                    copy(index..<(index + 1))
                    afterOperand = c == ")"
                }
            }
        }

        private mutating func readName() throws(ExpressionError) {
            let start = index
            let name = word(from: start)
            let end = start + name.unicodeScalars.count
            switch name {
            case "_event":
                let parameterStart = start + "_event.data.".unicodeScalars.count
                guard startsWith("_event.data."), parameterStart < scalars.count,
                    ECMAScriptSubset.isIdentifierStart(scalars[parameterStart])
                else {
                    throw ExpressionError("only the event's data is available, as _event.data.<name>", at: start)
                }
                // "event." points at "_event" (its first letter at the "_") and at the "." before the name.
                for (k, scalar) in "event.".unicodeScalars.enumerated() {
                    emit(scalar, from: k == 0 ? start : k < 5 ? start + 1 + k : parameterStart - 1)
                }
                copy(parameterStart..<ECMAScriptSubset.identifierEnd(scalars, from: parameterStart))
            case "In":
                try readIn(start: start, nameEnd: end)
            case "in":
                throw ExpressionError("'in' tests a state in smcheck's JSON format; in SCXML write In('state')", at: start)
            case "event" where end < scalars.count && scalars[end] == ".":
                throw ExpressionError("an event's data is _event.data.<name> in SCXML", at: start)
            default:
                copy(start..<end)
            }
            afterOperand = true
        }

        /// `In ( 'name' )` → `in ( name )`.
        private mutating func readIn(start: Int, nameEnd: Int) throws(ExpressionError) {
            let usage = ExpressionError("In() takes a state id in quotes, as in In('idle')", at: start)
            emit("i", from: start)
            emit("n", from: start + 1)
            index = nameEnd
            skipSpaces()
            guard index < scalars.count, scalars[index] == "(" else { throw usage }
            copy(index..<(index + 1))
            skipSpaces()
            guard index < scalars.count, scalars[index] == "'" || scalars[index] == "\"" else { throw usage }
            let (value, offsets) = try readString()
            for (scalar, offset) in zip(value.unicodeScalars, offsets) { emit(scalar, from: offset) }
            skipSpaces()
            guard index < scalars.count, scalars[index] == ")" else { throw usage }
            copy(index..<(index + 1))
        }

        /// A string literal at `index`: its value and the source offset of each of its scalars.
        private mutating func readString() throws(ExpressionError) -> (String, [Int]) {
            let start = index
            let quote = scalars[index]
            index += 1
            var value = String.UnicodeScalarView()
            var offsets: [Int] = []
            while index < scalars.count && scalars[index] != quote {
                offsets.append(index)
                if scalars[index] == "\\" {
                    guard index + 1 < scalars.count, ["'", "\"", "\\"].contains(scalars[index + 1]) else {
                        throw ExpressionError("only \\' \\\" and \\\\ are understood as escapes in a string here", at: index)
                    }
                    index += 1
                }
                value.append(scalars[index])
                index += 1
            }
            guard index < scalars.count else { throw ExpressionError("the string is never closed with \(quote)", at: start) }
            index += 1
            return (String(value), offsets)
        }

        private mutating func skipSpaces() {
            while index < scalars.count && scalars[index].properties.isWhitespace { copy(index..<(index + 1)) }
        }

        private func startsWith(_ text: String) -> Bool {
            let needle = Array(text.unicodeScalars)
            return index + needle.count <= scalars.count && Array(scalars[index..<(index + needle.count)]) == needle
        }

        private func word(from start: Int) -> String {
            var end = start
            while end < scalars.count && (ECMAScriptSubset.isIdentifierContinue(scalars[end]) || scalars[end] == "$") { end += 1 }
            return String(String.UnicodeScalarView(scalars[start..<end]))
        }

        private mutating func copy(_ range: Range<Int>) {
            for i in range { emit(scalars[i], from: i) }
            index = range.upperBound
        }

        private mutating func emit(_ scalar: Unicode.Scalar, from offset: Int) {
            output.append(scalar)
            sources.append(offset)
        }
    }

    /// What is wrong with a decimal integer literal that has a leading zero (`010`), or nil when it has none.
    /// Outside strict mode ECMAScript reads `010` as the octal 8 (and `09` as 9); strict mode refuses both. Reading
    /// either as decimal would quietly disagree with other interpreters, so the literal is refused.
    static func leadingZeroProblem(_ literal: String) -> String? {
        let digits = Array(literal.unicodeScalars)
        guard digits.count > 1, digits[0] == "0", digits.allSatisfy(isDigit) else { return nil }
        let decimal = String(literal.drop(while: { $0 == "0" }))
        let written = decimal.isEmpty ? "0" : decimal
        if let octal = Int(literal, radix: 8), String(octal) != written {
            return
                "'\(literal)' is a legacy octal literal: ECMAScript reads it as \(octal) (and strict mode refuses it), not as \(written); "
                + "write \(octal), or \(written) without the leading zero"
        }
        return "'\(literal)' has a leading zero, which ECMAScript's strict mode refuses (and which reads as octal where the digits allow); "
            + "write \(written)"
    }

    // MARK: - Lexical helpers

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" }
    static func isIdentifierContinue(_ c: Unicode.Scalar) -> Bool { isIdentifierStart(c) || isDigit(c) }

    static func identifierEnd(_ scalars: [Unicode.Scalar], from start: Int, allowingDots: Bool = false) -> Int {
        var end = start
        while end < scalars.count && (isIdentifierContinue(scalars[end]) || (allowingDots && scalars[end] == ".")) { end += 1 }
        return end
    }

    /// Enum values are names: letters, digits and `_`, not starting with a digit.
    static func isEnumValue(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, isIdentifierStart(first) else { return false }
        return text.unicodeScalars.allSatisfy(isIdentifierContinue)
    }
}
