import SMSpec

/// Writes typed expressions as C statements with the language's semantics (`TypedExpression.evaluate`): 64-bit
/// ints, an overflow or a division by zero an error (a jump to the caller's failure label), `/` and `%` truncating,
/// `&&` and `||` evaluating their right side only when the left does not decide. For native plans
/// (`NativePlanWriter`).
///
/// The code is flat: every value a temporary, `&&` and `||` jumps, so an expression's depth nests no block (C
/// compilers bound nesting).
struct NativeExpressionWriter {
    /// Where an expression's leaves come from.
    enum Inputs {
        /// A plan's: each variable a local `x<v>`; the parameters and the configuration those of the step the plan
        /// was recorded from, so constants (a test that reads no state has no configuration).
        case plan(parameters: UnsafePointer<Int>, configuration: UnsafePointer<UInt64>?)
        /// A function's arguments: the variables `x[v]`, the parameters `q[i]`, the configuration's words `c[w]`.
        case arrays
    }

    /// The statements written so far.
    private(set) var lines: [String] = []
    /// The variables read, each once.
    private(set) var variablesRead = Set<Int>()
    /// Conversion tables of enum to enum, by contents: expression `CONVERSION<i>` reads the `i`th.
    private(set) var conversions: [[Int]] = []
    private var temporaries = 0
    /// Whether the expression last written can fail (jumped to its failure label).
    private(set) var canFail = false

    static func literal(_ value: Int) -> String { value == Int.min ? "SM_MIN" : "\(value)LL" }
    static func literal(_ value: UInt64) -> String { "\(value)ULL" }

    /// The declarations every function written so needs, before them.
    static let prelude = [
        // No header: 64-bit long long and 32-bit int wherever smcheck runs, and reading a header is most of the
        // compile time of a small file.
        "typedef long long i64; typedef unsigned long long u64;",
        "#define SM_MIN (-9223372036854775807LL - 1)",
    ]

    mutating func append(_ line: String) { lines.append(line) }

    /// A name no other temporary or label of the function has.
    mutating func temporary() -> String {
        temporaries += 1
        return "t\(temporaries)"
    }

    /// Writes the statements that compute `expression`, jumping to `failing` on an error, and returns what holds its
    /// value (a temporary, a local or a literal). `canFail` then says whether it can jump there.
    mutating func write(_ expression: TypedExpression, failing: String, inputs: Inputs) -> String {
        canFail = false
        return emit(expression, failing: failing, inputs: inputs)
    }

    /// A temporary holding `value`.
    mutating func bind(_ value: String) -> String {
        let name = temporary()
        lines.append("i64 \(name) = \(value);")
        return name
    }

    private mutating func jump(to failing: String, if condition: String) {
        lines.append("if (\(condition)) goto \(failing);")
        canFail = true
    }

    private mutating func emit(_ expression: TypedExpression, failing: String, inputs: Inputs) -> String {
        // What cannot fail is one C expression: C's `&&` and `||` short-circuit as the language's do, and the compiler
        // reads one expression faster than the statements of its parts.
        if let inline = inline(expression, inputs: inputs, depth: 0) { return inline }
        switch expression {
        case .integer, .boolean, .enumValue, .variable, .parameter, .inState:
            return leaf(expression, inputs: inputs)!
        case .not(let e):
            let value = emit(e, failing: failing, inputs: inputs)
            return bind("(\(value) == 0)")
        case .negate(let e):
            let value = emit(e, failing: failing, inputs: inputs)
            jump(to: failing, if: "\(value) == SM_MIN")
            // Parenthesized: the value may be a negative literal, and `--` is another operator.
            return bind("(-(\(value)))")
        case .convertEnum(let e, let table):
            let value = emit(e, failing: failing, inputs: inputs)
            guard !table.isEmpty else { return "-1LL" }
            if !conversions.contains(table) { conversions.append(table) }
            let index = conversions.firstIndex(of: table)!
            return bind("((\(value) >= 0 && \(value) < \(table.count)) ? CONVERSION\(index)[\(value)] : -1LL)")
        case .arithmetic(let op, let l, let r):
            let a = emit(l, failing: failing, inputs: inputs)
            let b = emit(r, failing: failing, inputs: inputs)
            let result = temporary()
            lines.append("i64 \(result);")
            switch op {
            case .add: jump(to: failing, if: "__builtin_add_overflow(\(a), \(b), &\(result))")
            case .subtract: jump(to: failing, if: "__builtin_sub_overflow(\(a), \(b), &\(result))")
            case .multiply: jump(to: failing, if: "__builtin_mul_overflow(\(a), \(b), &\(result))")
            case .divide, .remainder:
                // Swift's: truncating; division by zero and Int.min by -1 are errors (the latter undefined in C).
                jump(to: failing, if: "\(b) == 0 || (\(a) == SM_MIN && \(b) == -1)")
                lines.append("\(result) = \(a) \(op == .divide ? "/" : "%") \(b);")
            }
            return result
        case .comparison(let op, let l, let r):
            let a = emit(l, failing: failing, inputs: inputs)
            let b = emit(r, failing: failing, inputs: inputs)
            return bind("(\(a) \(op.rawValue) \(b))")
        case .and(let l, let r), .or(let l, let r):
            let isAnd = if case .and = expression { true } else { false }
            let result = temporary()
            let done = "D\(temporary())"
            lines.append("i64 \(result);")
            let a = emit(l, failing: failing, inputs: inputs)
            // The left side decides alone when it is false (&&) or true (||): the right is not evaluated.
            lines.append(isAnd ? "if (\(a) == 0) { \(result) = 0; goto \(done); }" : "if (\(a) != 0) { \(result) = 1; goto \(done); }")
            let b = emit(r, failing: failing, inputs: inputs)
            lines.append("\(result) = (\(b) != 0);")
            lines.append("\(done):;")
            return result
        }
    }

    /// A leaf's C (a literal, a variable, a parameter, whether a state is active); nil for an operation.
    private mutating func leaf(_ expression: TypedExpression, inputs: Inputs) -> String? {
        switch expression {
        case .integer(let v): return Self.literal(v)
        case .boolean(let b): return b ? "1LL" : "0LL"
        case .enumValue(let i): return Self.literal(i)
        case .variable(let v):
            variablesRead.insert(v)
            if case .arrays = inputs { return "x[\(v)]" }
            return "x\(v)"
        case .parameter(let i):
            guard case .plan(let parameters, _) = inputs else { return "q[\(i)]" }
            return Self.literal(parameters[i])
        case .inState(let s):
            guard case .plan(_, let configuration) = inputs else { return "(i64)((c[\(s >> 6)] >> \(s & 63)) & 1)" }
            // The configuration the recorded step saw: the states a test reads are inside the footprint.
            guard let configuration else { return "0LL" }
            return (configuration[s >> 6] >> UInt64(s & 63)) & 1 == 1 ? "1LL" : "0LL"
        default:
            return nil
        }
    }

    /// Nested C expressions this deep at most (compilers bound the nesting of parentheses; clang at 256).
    private static let inlineDepth = 48

    /// `expression` as one C expression when no evaluation of it can fail (no arithmetic, no negation) and it is not
    /// deeper than `inlineDepth`; else nil.
    private mutating func inline(_ expression: TypedExpression, inputs: Inputs, depth: Int) -> String? {
        guard depth < Self.inlineDepth else { return nil }
        switch expression {
        case .integer, .boolean, .enumValue, .variable, .parameter, .inState:
            return leaf(expression, inputs: inputs)
        case .not(let e):
            return inline(e, inputs: inputs, depth: depth + 1).map { "(\($0) == 0)" }
        case .comparison(let op, let l, let r):
            guard let a = inline(l, inputs: inputs, depth: depth + 1), let b = inline(r, inputs: inputs, depth: depth + 1) else {
                return nil
            }
            return "(\(a) \(op.rawValue) \(b))"
        case .and(let l, let r), .or(let l, let r):
            let isAnd = if case .and = expression { true } else { false }
            guard let a = inline(l, inputs: inputs, depth: depth + 1), let b = inline(r, inputs: inputs, depth: depth + 1) else {
                return nil
            }
            return "((i64)((\(a) != 0) \(isAnd ? "&&" : "||") (\(b) != 0)))"
        case .convertEnum(let e, let table):
            guard let value = inline(e, inputs: inputs, depth: depth + 1) else { return nil }
            guard !table.isEmpty else { return "-1LL" }
            if !conversions.contains(table) { conversions.append(table) }
            let index = conversions.firstIndex(of: table)!
            // The value twice: it is a load or a comparison, cheap to read again and without effects.
            return "((\(value) >= 0 && \(value) < \(table.count)) ? CONVERSION\(index)[\(value)] : -1LL)"
        case .negate, .arithmetic:
            return nil
        }
    }

    /// The function's conversion tables named (one definition per contents, shared by every function in `shared`)
    /// as `#define`s to place before its body, and the `#undef`s after.
    func conversionMacros(shared: inout [[Int]: String], definitions: inout [String]) -> (define: [String], undefine: [String]) {
        var define: [String] = []
        for (index, table) in conversions.enumerated() {
            let global: String
            if let known = shared[table] {
                global = known
            } else {
                global = "conversion\(shared.count)"
                shared[table] = global
                definitions.append("static const i64 \(global)[\(table.count)] = {\(table.map(Self.literal).joined(separator: ", "))};")
            }
            define.append("#define CONVERSION\(index) \(global)")
        }
        return (define, conversions.indices.map { "#undef CONVERSION\($0)" })
    }
}

extension TypedExpression {
    /// The value of an expression that reads nothing and cannot fail (a literal, possibly negated), for code that
    /// checks it once.
    var constantValue: Int? {
        switch self {
        case .integer(let v): v
        case .boolean(let b): b ? 1 : 0
        case .enumValue(let i): i
        case .negate(.integer(let v)) where v != Int.min: -v
        default: nil
        }
    }
}

/// Expressions written as native plans write them, as functions of their own: what tests compare with
/// `TypedExpression.evaluate`.
package enum NativeExpressionEvaluators {
    /// C for functions `int e<k>(const i64 *x, const i64 *q, const u64 *c, i64 *value)` that evaluate `expressions`
    /// as native plans do, on the variables `x`, the parameters `q` and the configuration `c`: 1 with the value
    /// written, 0 when the evaluation fails.
    package static func source(of expressions: [TypedExpression]) -> String {
        var output = NativeExpressionWriter.prelude
        var shared: [[Int]: String] = [:]
        var definitions: [String] = []
        var functions: [String] = []
        for (k, expression) in expressions.enumerated() {
            var writer = NativeExpressionWriter()
            let value = writer.write(expression, failing: "failed", inputs: .arrays)
            let (define, undefine) = writer.conversionMacros(shared: &shared, definitions: &definitions)
            functions.append(
                (define + ["int e\(k)(const i64 *x, const i64 *q, const u64 *c, i64 *value) {"] + writer.lines
                    + ["*value = \(value);", "return 1;", "failed: return 0;", "}"] + undefine).joined(separator: "\n"))
        }
        output += definitions + functions
        return output.joined(separator: "\n") + "\n"
    }
}
