import SMSpec

/// A plan compiled to machine code (`NativePlanWriter`): from the parent's key it writes the successor's and answers
/// 1 when the step takes a transition, 2 when it handles nothing, and 0 when it cannot say (a test came out in a way
/// the plan has no branch for, or an evaluation or a range check failed): the plan's replay, then the engine, answer
/// then, as without native code.
package typealias NativePlanFunction = @convention(c) (UnsafePointer<UInt64>, UnsafeMutablePointer<UInt64>) -> Int32

/// C source for a set of plans (`StepPlanCache.nativeSource()`), and what the library built from it exports.
package struct NativePlanSource: Sendable {
    /// The C text: one static function per plan, and three tables naming them (`NativePlanSource.symbols`).
    package let text: String
    /// How many plans it defines.
    package let planCount: Int
    /// The key's words, which each control state in the tables has.
    package let words: Int
    /// Exported as `smcheck_native_fingerprint`: a library that says another was not built from this source.
    package let fingerprint: UInt64

    /// The symbols the library exports: the fingerprint, the plan count, each plan's event instance, its control state
    /// (`words` words a plan) and its function.
    package enum Symbol: String, CaseIterable, Sendable {
        case fingerprint = "smcheck_native_fingerprint"
        case count = "smcheck_native_count"
        case instances = "smcheck_native_instances"
        case controls = "smcheck_native_controls"
        case functions = "smcheck_native_functions"
    }
}

/// Writes plans (`StepPlanCache`'s decision trees of tests, assignments and ends) as C functions over packed keys,
/// which evaluate exactly what the replay evaluates: the tests' programs and the assignments' values with the
/// language's semantics (`NativeExpressionWriter`), each assigned value range-checked and stored in its field, and the
/// end's control bits. Where the replay would answer `.unknown`, the function answers 0; so a plan run natively is
/// the plan replayed, without the interpreter.
struct NativePlanWriter {
    typealias Operation = StepTrace.Operation

    /// What the writer reads of a `StepPlanCache`.
    struct Tables {
        let words: Int
        let code: ActionCode
        let operations: UnsafePointer<Operation>
        let configurations: UnsafePointer<UInt64>
        let controls: UnsafePointer<UInt64>
        /// Per instance, `words` words: the control bits of its footprint.
        let masks: UnsafePointer<UInt64>
        let variableWord: UnsafePointer<Int32>
        let variableShift: UnsafePointer<UInt64>
        let variableMask: UnsafePointer<UInt64>
        let variableMinimum: UnsafePointer<Int>
        let variableStep: UnsafePointer<Int>
        let variableMaximum: UnsafePointer<Int>
        /// An instance's parameters, as the replay reads them.
        let parameters: (Int) -> UnsafePointer<Int>
    }

    private let tables: Tables
    private var functions: [String] = []
    private var instances: [Int32] = []
    private var controlWords: [UInt64] = []
    /// Conversion tables of enum to enum, one definition per contents for every function.
    private var conversionNames: [[Int]: String] = [:]
    private var conversionDefinitions: [String] = []

    init(_ tables: Tables) { self.tables = tables }

    /// Adds the plan of `instance` for the control state `control` (`words` words), whose operations start at `root`.
    mutating func add(instance: Int, control: UnsafePointer<UInt64>, root: Int) {
        var body = PlanFunction(tables: tables, instance: instance)
        body.write(from: root)
        functions.append(body.text(name: "plan\(functions.count)", conversions: &conversionNames, definitions: &conversionDefinitions))
        instances.append(Int32(instance))
        for w in 0..<tables.words { controlWords.append(control[w]) }
    }

    var planCount: Int { functions.count }

    /// The whole translation unit.
    func source() -> NativePlanSource {
        var lines = ["/* Step plans of an smcheck exploration, compiled to machine code (generated; see NativePlanWriter). */"]
        lines += NativeExpressionWriter.prelude
        lines += conversionDefinitions
        lines += functions
        let count = functions.count
        let symbols = NativePlanSource.Symbol.self
        lines.append("const i64 \(symbols.count.rawValue) = \(count);")
        lines.append(
            "const int \(symbols.instances.rawValue)[\(max(1, count))] = {\(count == 0 ? "0" : instances.map(String.init).joined(separator: ", "))};"
        )
        let controls = controlWords.isEmpty ? "0" : controlWords.map(NativeExpressionWriter.literal).joined(separator: ", ")
        lines.append("const u64 \(symbols.controls.rawValue)[\(max(1, controlWords.count))] = {\(controls)};")
        let names = count == 0 ? "0" : (0..<count).map { "plan\($0)" }.joined(separator: ", ")
        lines.append("int (*const \(symbols.functions.rawValue)[\(max(1, count))])(const u64 *, u64 *) = {\(names)};")
        // The fingerprint is of everything above it, so a stale or foreign library is refused.
        let body = lines.joined(separator: "\n")
        let fingerprint = Self.fingerprint(of: body)
        let text = body + "\nconst u64 \(symbols.fingerprint.rawValue) = \(NativeExpressionWriter.literal(fingerprint));\n"
        return NativePlanSource(text: text, planCount: count, words: tables.words, fingerprint: fingerprint)
    }

    /// FNV-1a over the text's bytes.
    static func fingerprint(of text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}

/// One plan's function: `int plan<n>(const u64 *p, u64 *s)`, the parent's key in, the successor's out.
private struct PlanFunction {
    typealias Operation = StepTrace.Operation

    let tables: NativePlanWriter.Tables
    let instance: Int
    private var code = NativeExpressionWriter()
    /// Variables the plan assigns (those it reads, `code` knows): each a local `x<v>`, loaded on entry.
    private var assigned = Set<Int>()

    init(tables: NativePlanWriter.Tables, instance: Int) {
        self.tables = tables
        self.instance = instance
    }

    private static func literal(_ value: Int) -> String { NativeExpressionWriter.literal(value) }
    private static func literal(_ value: UInt64) -> String { NativeExpressionWriter.literal(value) }

    /// The plan's operations from `root`: each path of the decision tree runs in a row, and a test whose outcome
    /// differs goes to the path recorded for it (`otherwise`), or answers 0 when none was.
    mutating func write(from root: Int) {
        let words = tables.words
        for w in 0..<words { code.append("s[\(w)] = p[\(w)];") }
        var pending = [root]
        var written = Set<Int>()
        while let start = pending.popLast() {
            guard written.insert(start).inserted else { continue }
            if start != root { code.append("L\(start):;") }
            var pc = start
            while true {
                let operation = tables.operations[pc]
                switch operation.kind {
                case .test:
                    let value = writeTest(operation)
                    let fails = operation.outcome ? "\(value) == 0" : "\(value) != 0"
                    if operation.otherwise >= 0 {
                        code.append("if (\(fails)) goto L\(operation.otherwise);")
                        pending.append(Int(operation.otherwise))
                    } else {
                        code.append("if (\(fails)) return 0;")
                    }
                case .assign:
                    writeAssignments(first: Int(operation.first), count: Int(operation.count))
                case .end:
                    let mask = tables.masks + instance * words
                    let control = tables.controls + Int(operation.first) * words
                    for w in 0..<words where mask[w] != 0 {
                        code.append("s[\(w)] = (s[\(w)] & \(Self.literal(~mask[w]))) | \(Self.literal(control[w]));")
                    }
                    code.append("return \(operation.outcome ? 1 : 2);")
                }
                if operation.kind == .end { break }
                pc += 1
            }
        }
    }

    /// A test's value; an evaluation error is a false outcome when the test says so, else the function answers 0.
    private mutating func writeTest(_ operation: Operation) -> String {
        let expression = operation.program.unsafelyUnwrapped._withUnsafeGuaranteedRef { $0.expression }
        let configuration: UnsafePointer<UInt64>? =
            operation.configuration >= 0 ? tables.configurations + Int(operation.configuration) : nil
        let failed = "F\(code.temporary())"
        let value = code.write(
            expression, failing: failed, inputs: .plan(parameters: tables.parameters(instance), configuration: configuration))
        guard code.canFail else { return value }
        let result = code.temporary()
        let done = "D\(code.temporary())"
        code.append("i64 \(result) = \(value); goto \(done);")
        code.append("\(failed): \(operation.errorIsFalse ? "\(result) = 0;" : "return 0;")")
        code.append("\(done):;")
        return result
    }

    /// The assignments `first ..< first + count`: every value first, then each range-checked and stored, as the
    /// replay's `assign` does; a failure answers 0. A constant is checked and placed here, once.
    private mutating func writeAssignments(first: Int, count: Int) {
        let actions = tables.code
        var values: [(value: String, constant: Int?)] = []
        for i in first..<first + count {
            let expression = actions.programs[Int(actions.assignmentProgram[i])]._withUnsafeGuaranteedRef { $0.expression }
            if let constant = expression.constantValue {
                values.append((Self.literal(constant), constant))
                continue
            }
            let failed = "F\(code.temporary())"
            let value = code.write(expression, failing: failed, inputs: .plan(parameters: tables.parameters(instance), configuration: nil))
            if code.canFail {
                let past = "D\(code.temporary())"
                code.append("goto \(past); \(failed): return 0; \(past):;")
            }
            // Held before any is stored: a value may read a variable an earlier assignment of the list stores.
            values.append((code.bind(value), nil))
        }
        for (offset, i) in (first..<first + count).enumerated() {
            let v = Int(actions.assignmentVariable[i])
            assigned.insert(v)
            let (value, constant) = values[offset]
            let minimum = tables.variableMinimum[v], step = tables.variableStep[v], maximum = tables.variableMaximum[v]
            let word = Int(tables.variableWord[v])
            let shift = word >= 0 ? tables.variableShift[v] : 0, mask = word >= 0 ? tables.variableMask[v] : 0
            let clear = Self.literal(~(mask << shift))
            if let constant {
                // As `StateCodec.steps`, here: a constant off the variable's steps always fails.
                guard let steps = StateCodec.steps(of: constant, minimum: minimum, step: step, maximum: maximum) else {
                    code.append("return 0;")
                    return
                }
                code.append("x\(v) = \(value);")
                if word >= 0 {
                    code.append(
                        "s[\(word)] = (s[\(word)] & \(clear)) | \(Self.literal((UInt64(truncatingIfNeeded: steps) & mask) << shift));")
                }
                continue
            }
            code.append("if (\(value) < \(Self.literal(minimum)) || \(value) > \(Self.literal(maximum))) return 0;")
            // As `StateCodec.steps`: the offset from the least value in wrapping arithmetic, then whole steps.
            let steps = code.temporary()
            code.append("i64 \(steps) = (i64)((u64)\(value) - (u64)\(Self.literal(minimum)));")
            if step != 1 {
                code.append("if (\(steps) % \(Self.literal(step)) != 0) return 0;")
                code.append("\(steps) = \(steps) / \(Self.literal(step));")
            }
            code.append("x\(v) = \(value);")
            if word >= 0 {
                code.append("s[\(word)] = (s[\(word)] & \(clear)) | (((u64)\(steps) & \(Self.literal(mask))) << \(shift));")
            }
        }
    }

    /// The function: its conversion tables named, its variables loaded from the parent's key, then the body.
    func text(name: String, conversions: inout [[Int]: String], definitions: inout [String]) -> String {
        let (define, undefine) = code.conversionMacros(shared: &conversions, definitions: &definitions)
        var output = define + ["static int \(name)(const u64 *restrict p, u64 *restrict s) {"]
        for v in code.variablesRead.union(assigned).sorted() {
            let minimum = tables.variableMinimum[v], step = tables.variableStep[v]
            let word = Int(tables.variableWord[v])
            guard word >= 0 else {
                // One value: never in the key.
                output.append("i64 x\(v) = \(Self.literal(minimum));")
                continue
            }
            let field = "((p[\(word)] >> \(tables.variableShift[v])) & \(Self.literal(tables.variableMask[v])))"
            if minimum == 0 && step == 1 {
                output.append("i64 x\(v) = (i64)\(field);")
            } else {
                output.append("i64 x\(v) = (i64)((u64)\(Self.literal(minimum)) + \(field) * (u64)\(Self.literal(step)));")
            }
        }
        return (output + code.lines + ["}"] + undefine).joined(separator: "\n")
    }
}
