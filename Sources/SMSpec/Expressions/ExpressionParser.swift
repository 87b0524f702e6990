/// Parses the expression language of the spec format:
///
///     expr    := or
///     or      := and ( "||" and )*
///     and     := cmp ( "&&" cmp )*
///     cmp     := sum ( ("=="|"!="|"<"|"<="|">"|">=") sum )?     -- non-associative, as in Swift
///     sum     := product ( ("+"|"-") product )*
///     product := unary ( ("*"|"/"|"%") unary )*
///     unary   := ("!"|"-") unary | primary
///     primary := int | "true" | "false" | "." ident | ident | "event" "." ident | "in" "(" path ")" | "(" expr ")"
///
/// Complexity: O(n) in the length of the text; nesting is limited so hostile input cannot overflow the stack.
public struct ExpressionParser {
    public static let maximumDepth = 128

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0

    private init(_ text: String) { scalars = Array(text.unicodeScalars) }

    public static func parse(_ text: String) throws(ExpressionError) -> ExpressionSyntax {
        var parser = ExpressionParser(text)
        // Refused before parsing: inside a literal or a state path the grammar would not stop at one.
        if let offset = parser.scalars.firstIndex(where: { $0.isRefusedInSpecs && !$0.isTabOrLineBreak }) {
            throw ExpressionError("the expression contains \(parser.scalars[offset].refusalText); write it without one", at: offset)
        }
        parser.skipSpaces()
        guard parser.index < parser.scalars.count else { throw ExpressionError("the expression is empty", at: 0) }
        let tree = try parser.parseBinary(minimumPrecedence: 1)
        parser.skipSpaces()
        if parser.index < parser.scalars.count {
            throw parser.unexpected(expecting: "an operator or the end of the expression")
        }
        return tree
    }

    // MARK: - Binary operators by precedence climbing

    /// A parsed operand with the height of its tree (operators on the longest path), which is what every later walk
    /// over the tree recurses on.
    private typealias Parsed = (syntax: ExpressionSyntax, height: Int)

    private mutating func parseBinary(minimumPrecedence: Int) throws(ExpressionError) -> ExpressionSyntax {
        try parseChain(minimumPrecedence: minimumPrecedence).syntax
    }

    private mutating func parseChain(minimumPrecedence: Int) throws(ExpressionError) -> Parsed {
        var left = try parseUnary()
        // `a && b && c ...` (and `||`) is associative with the same short-circuit order however it is grouped, so a
        // chain is built balanced: a guard listing thousands of cases stays a shallow tree.
        var chain: [Parsed] = []
        var chainOperators: [Int] = []
        var chainOperator: BinaryOperator?
        func closeChain() throws(ExpressionError) {
            guard let op = chainOperator else { return }
            chain.append(left)
            left = try balanced(op, chain[...], operators: chainOperators[...])
            chain = []
            chainOperators = []
            chainOperator = nil
        }
        while true {
            skipSpaces()
            let operatorStart = index
            guard let op = peekBinaryOperator(), op.precedence >= minimumPrecedence else {
                try closeChain()
                return left
            }
            try refuseIncrementOrDecrement(at: operatorStart)
            index += op.rawValue.unicodeScalars.count
            let right = try parseChain(minimumPrecedence: op.precedence + 1)
            if op == .and || op == .or {
                if chainOperator != op { try closeChain() }
                chainOperator = op
                chain.append(left)
                chainOperators.append(operatorStart)
                left = right
                continue
            }
            try closeChain()
            left = try node(op, left, right, operatorOffset: operatorStart)
            if op.isComparison {
                skipSpaces()
                let next = index
                if let again = peekBinaryOperator(), again.isComparison {
                    throw ExpressionError(
                        "comparisons cannot be chained; write 'a \(op.rawValue) b && b \(again.rawValue) c'", at: next)
                }
            }
        }
    }

    /// `operands[0] op operands[1] op ...`, grouped as a balanced tree; `operators[i]` is the offset of the operator
    /// between operand i and i + 1.
    private func balanced(_ op: BinaryOperator, _ operands: ArraySlice<Parsed>, operators: ArraySlice<Int>) throws(ExpressionError)
        -> Parsed
    {
        if operands.count == 1 { return operands[operands.startIndex] }
        let middle = operands.startIndex + operands.count / 2
        let left = try balanced(op, operands[..<middle], operators: operators[..<(middle - 1)])
        let right = try balanced(op, operands[middle...], operators: operators[middle...])
        return try node(op, left, right, operatorOffset: operators[middle - 1])
    }

    /// A binary node, refused when the tree would grow deeper than every walk over it may recurse.
    private func node(_ op: BinaryOperator, _ left: Parsed, _ right: Parsed, operatorOffset: Int) throws(ExpressionError) -> Parsed {
        let height = max(left.height, right.height) + 1
        if height > Self.maximumDepth {
            throw ExpressionError(
                "the expression is too deep: more than \(Self.maximumDepth) operations nested or chained with '\(op.rawValue)'; split it, e.g. over several assignments",
                at: operatorOffset)
        }
        return (
            ExpressionSyntax(
                .binary(op, left.syntax, right.syntax), start: left.syntax.start, end: right.syntax.end,
                operatorOffset: operatorOffset), height
        )
    }

    private func peekBinaryOperator() -> BinaryOperator? {
        guard index < scalars.count else { return nil }
        let c = scalars[index]
        let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
        switch c {
        case "*": return .multiply
        case "/": return .divide
        case "%": return .remainder
        case "+": return .add
        case "-": return .subtract
        case "=": return next == "=" ? .equal : nil
        case "!": return next == "=" ? .notEqual : nil
        case "<": return next == "=" ? .lessOrEqual : .less
        case ">": return next == "=" ? .greaterOrEqual : .greater
        case "&": return next == "&" ? .and : nil
        case "|": return next == "|" ? .or : nil
        default: return nil
        }
    }

    // MARK: - Unary and primary

    private mutating func parseUnary() throws(ExpressionError) -> Parsed {
        skipSpaces()
        guard index < scalars.count else {
            throw ExpressionError("the expression ends where an operand is expected", at: index)
        }
        let start = index
        try refuseIncrementOrDecrement(at: start)
        if scalars[index] == "!" || scalars[index] == "-" {
            let op: UnaryOperator = scalars[index] == "!" ? .not : .negate
            index += 1
            // A minus right before digits is the literal's sign: `-9223372036854775808` is an Int, its digits alone
            // are not.
            if op == .negate, index < scalars.count, isDigit(scalars[index]) {
                let literal = try parseInteger(negative: true)
                return (ExpressionSyntax(literal.kind, start: start, end: literal.end), 0)
            }
            try enter(at: start)
            defer { depth -= 1 }
            let (operand, height) = try parseUnary()
            // Fold a negated literal in parentheses, so `-(3)` is a constant too.
            if op == .negate, case .integer(let value) = operand.kind, value != Int.min, operand.start == start + 1 {
                return (ExpressionSyntax(.integer(-value), start: start, end: operand.end), 0)
            }
            return (ExpressionSyntax(.unary(op, operand), start: start, end: operand.end, operatorOffset: start), height + 1)
        }
        return try parsePrimary()
    }

    /// `--` and `++` are not operators here, but they are in ECMAScript, Swift's ancestors and every C-like language:
    /// `a--1` would read there as a decrement (or an error), not as `a - -1`.
    private func refuseIncrementOrDecrement(at offset: Int) throws(ExpressionError) {
        guard offset + 1 < scalars.count, scalars[offset] == "-" || scalars[offset] == "+", scalars[offset + 1] == scalars[offset] else {
            return
        }
        throw ExpressionError(
            scalars[offset] == "-"
                ? "'--' is not an operator: there is no decrement; for minus a negative number, put a space between them ('a - -1')"
                : "'++' is not an operator: there is no increment; write 'a + 1'",
            at: offset)
    }

    private mutating func enter(at offset: Int) throws(ExpressionError) {
        depth += 1
        if depth > Self.maximumDepth {
            throw ExpressionError("the expression nests deeper than \(Self.maximumDepth) levels", at: offset)
        }
    }

    /// A parenthesized expression keeps the height of what it holds; everything else is a leaf.
    private mutating func parsePrimary() throws(ExpressionError) -> Parsed {
        let start = index
        guard scalars[index] == "(" else { return (try parseLeaf(), 0) }
        index += 1
        try enter(at: start)
        defer { depth -= 1 }
        let inner = try parseChain(minimumPrecedence: 1)
        skipSpaces()
        guard index < scalars.count, scalars[index] == ")" else {
            if index >= scalars.count { throw ExpressionError("missing ')' to close the '(' here", at: start) }
            throw unexpected(expecting: "')'")
        }
        index += 1
        return (ExpressionSyntax(inner.syntax.kind, start: start, end: index, operatorOffset: inner.syntax.operatorOffset), inner.height)
    }

    /// The decimal integer at `index`, negated when a minus came right before it (so the least Int can be written).
    private mutating func parseInteger(negative: Bool) throws(ExpressionError) -> ExpressionSyntax {
        let start = index
        while index < scalars.count && isDigit(scalars[index]) { index += 1 }
        let digits = String(String.UnicodeScalarView(scalars[start..<index]))
        if index < scalars.count && isIdentifierContinue(scalars[index]) {
            throw ExpressionError("a name cannot start with a digit", at: start)
        }
        if digits.count > 1, digits.hasPrefix("0") {
            // Swift reads 010 as ten, C and ECMAScript (the SCXML form of a spec) as eight: no reading is safe.
            let decimal = String(digits.drop(while: { $0 == "0" }))
            throw ExpressionError(
                "'\(digits)' has a leading zero, which C and ECMAScript read as octal; integers here are decimal, written without leading zeros",
                at: start, suggestion: decimal.isEmpty ? "0" : decimal)
        }
        guard let value = Int(negative ? "-" + digits : digits) else {
            throw ExpressionError(
                "the integer \(negative ? "-" : "")\(digits) is too large: integers are 64-bit, from \(Int.min) to \(Int.max)", at: start)
        }
        return ExpressionSyntax(.integer(value), start: start, end: index)
    }

    private mutating func parseLeaf() throws(ExpressionError) -> ExpressionSyntax {
        let start = index
        let c = scalars[index]
        if isDigit(c) { return try parseInteger(negative: false) }
        if c == "." {
            index += 1
            guard index < scalars.count, isIdentifierStart(scalars[index]) else {
                throw ExpressionError("expected an enum value name after '.'", at: start)
            }
            let name = readIdentifier()
            return ExpressionSyntax(.enumLiteral(name), start: start, end: index)
        }
        if isIdentifierStart(c) {
            let name = readIdentifier()
            switch name {
            case "true": return ExpressionSyntax(.boolean(true), start: start, end: index)
            case "false": return ExpressionSyntax(.boolean(false), start: start, end: index)
            case "and": throw ExpressionError("use '&&' for logical and", at: start)
            case "or": throw ExpressionError("use '||' for logical or", at: start)
            case "not": throw ExpressionError("use '!' for logical not", at: start)
            case "event":
                guard index < scalars.count, scalars[index] == "." else {
                    throw ExpressionError("'event' must be followed by '.' and a parameter name, as in 'event.count'", at: start)
                }
                index += 1
                guard index < scalars.count, isIdentifierStart(scalars[index]) else {
                    throw ExpressionError("expected a parameter name after 'event.'", at: index)
                }
                let parameter = readIdentifier()
                return ExpressionSyntax(.eventParameter(parameter), start: start, end: index)
            case "in":
                skipSpaces()
                guard index < scalars.count, scalars[index] == "(" else {
                    throw ExpressionError("'in' needs a state in parentheses, as in 'in(paused)'", at: start)
                }
                index += 1
                let argumentStart = index
                while index < scalars.count && scalars[index] != ")" { index += 1 }
                guard index < scalars.count else { throw ExpressionError("missing ')' after 'in('", at: start) }
                let argument = String(String.UnicodeScalarView(scalars[argumentStart..<index]))
                    .trimmingWhitespace()
                index += 1
                guard !argument.isEmpty else { throw ExpressionError("'in()' needs a state name or path", at: start) }
                return ExpressionSyntax(.inState(argument), start: start, end: index, operatorOffset: argumentStart)
            default:
                return ExpressionSyntax(.variable(name), start: start, end: index)
            }
        }
        throw unexpected(expecting: "an operand")
    }

    // MARK: - Lexical helpers

    private mutating func readIdentifier() -> String {
        let start = index
        while index < scalars.count && isIdentifierContinue(scalars[index]) { index += 1 }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    private mutating func skipSpaces() {
        while index < scalars.count && (scalars[index] == " " || scalars[index] == "\t" || scalars[index] == "\n") {
            index += 1
        }
    }

    private func unexpected(expecting expected: String) -> ExpressionError {
        guard index < scalars.count else { return ExpressionError("the expression ends; expected \(expected)", at: index) }
        let c = scalars[index]
        let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
        switch c {
        case "=" where next != "=": return ExpressionError("'=' assigns; use '==' to compare", at: index)
        case "&" where next != "&": return ExpressionError("use '&&' for logical and", at: index)
        case "|" where next != "|": return ExpressionError("use '||' for logical or", at: index)
        case ")": return ExpressionError("unexpected ')' without a matching '('", at: index)
        case "'", "\"": return ExpressionError("expressions have no strings; write an enum value as '.name'", at: index)
        default:
            if isIdentifierStart(c) || isDigit(c) {
                var end = index
                while end < scalars.count && isIdentifierContinue(scalars[end]) { end += 1 }
                let word = String(String.UnicodeScalarView(scalars[index..<end]))
                switch word {
                case "and": return ExpressionError("use '&&' for logical and", at: index)
                case "or": return ExpressionError("use '||' for logical or", at: index)
                default: break
                }
                return ExpressionError("unexpected '\(word)'; expected \(expected)", at: index)
            }
            return ExpressionError("unexpected '\(c)'; expected \(expected)", at: index)
        }
    }

    private func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }
    private func isIdentifierStart(_ c: Unicode.Scalar) -> Bool { (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || c == "_" }
    private func isIdentifierContinue(_ c: Unicode.Scalar) -> Bool { isIdentifierStart(c) || isDigit(c) }
}

extension String {
    package func trimmingWhitespace() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }

    /// True for names the expression language can refer to: `[A-Za-z_][A-Za-z0-9_]*`, not a keyword.
    package var isIdentifier: Bool {
        guard let first = unicodeScalars.first, (first >= "a" && first <= "z") || (first >= "A" && first <= "Z") || first == "_"
        else { return false }
        let valid = unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_"
        }
        return valid && !Self.expressionKeywords.contains(self)
    }

    /// Words expressions give a meaning of their own, so no name may be one.
    package static let expressionKeywords: [String] = ["true", "false", "in", "event", "else", "and", "or", "not"]
}
