public import SMEngine
public import SMFuzz
public import SMSpec

/// A shrunk failure written as a Swift Testing test that fails until the bug is fixed, ready to paste into a test
/// target that depends on SMTesting (as Hypothesis prints the code that reproduces a failure). The spec is loaded
/// from the path it was loaded from (relative paths resolve against the directory the tests run in), or inlined
/// when it has no file.
///
/// - An engine error or a broken invariant: `assertTrace` on the trace (it checks both after every event).
/// - A property: `assertFuzzingPasses(..., replaying:)`, naming the `Property` value to pass by the property's name.
/// - A divergence from an implementation: `assertConformance(Implementation.self, ..., replaying:)`.
/// - A linearizability failure: `assertLinearizable(Implementation.self, ..., replaying:then:)`, run many times.
public enum SwiftTestSource {
    /// The test for a fuzz failure; `implementation` is the implementation's type as `String(reflecting:)` gives it
    /// (for a divergence), `seed` the campaign's when it is worth saying.
    public static func fuzz(
        _ failure: FuzzFailure, machine: Machine, spec: Spec, implementation: String? = nil,
        seed: UInt64? = nil
    ) -> String {
        let implementation = implementation.map(referable)
        let trace = events(failure.trace, machine: machine)
        let run = failure.failure
        let about = "smcheck fuzz found this (\(seed.map { "seed \($0), " } ?? "")run \(failure.run + 1)): \(run.message)"
        switch run.kind {
        case .divergence:
            let type = implementation ?? "MyImplementation"
            return source(
                about: about, name: identifier(shortName(type)) + "ConformsTo" + typeName(spec.name), spec: spec,
                imports: module(of: type),
                body: "assertConformance(\(type).self, to: spec, replaying: \(trace))")
        case .property:
            let property = String(run.signature.dropFirst("property:".count))
            let value = identifier(property)
            return source(
                about: about, name: identifier(spec.name) + "Keeps" + typeName(property), spec: spec, imports: nil,
                body: "// `\(value)`: the Property named \(literal(property)) you fuzzed with.\n"
                    + "assertFuzzingPasses(spec, properties: [\(value)], replaying: \(trace))")
        case .invariant:
            let index = Int(run.signature.dropFirst("invariant:".count)) ?? 0
            let name = machine.spec.invariants.indices.contains(index) ? machine.spec.invariants[index].name : "invariant"
            return source(
                about: about, name: identifier(spec.name) + "Keeps" + typeName(name), spec: spec, imports: nil,
                body: "assertTrace(\(trace), in: spec, endsIn: [])")
        case .engineError:
            return source(
                about: about, name: identifier(spec.name) + "HasNo" + errorName(run.signature), spec: spec, imports: nil,
                body: "assertTrace(\(trace), in: spec, endsIn: [])")
        }
    }

    /// The test for a linearizability failure: the shrunk scenario, run `executions` times (a race shows only in
    /// some interleavings).
    public static func linearizability(
        _ failure: LinearizabilityFailure, machine: Machine, spec: Spec, implementation: String,
        executions: Int = 1000
    ) -> String {
        let implementation = referable(implementation)
        let scenario = failure.scenario
        let prefix = events(scenario.prefix.map { TraceStep(event: $0) }, machine: machine)
        let threads = "[" + scenario.threads.map { events($0.map { TraceStep(event: $0) }, machine: machine) }.joined(separator: ", ") + "]"
        return source(
            about: "smcheck found a history of \(shortName(implementation)) no order of the spec explains: "
                + (failure.stuck.first ?? ""),
            name: identifier(shortName(implementation)) + "IsLinearizable", spec: spec, imports: module(of: implementation),
            body: "assertLinearizable(\(implementation).self, to: spec, replaying: \(prefix), then: \(threads), executions: \(executions))")
    }

    private static func source(about: String, name: String, spec: Spec, imports: String?, body: String) -> String {
        let modules = (["SMSpec", "SMTesting", "Testing"] + (imports.map { [$0] } ?? [])).sorted()
        let load = spec.file.map { "try Spec.load(path: \(literal($0)))" } ?? embedded(spec)
        return modules.map { "import \($0)" }.joined(separator: "\n") + "\n\n"
            + about.split(separator: "\n").map { "// \($0)" }.joined(separator: "\n") + "\n"
            + "@Test func \(name)() throws {\n"
            + "    let spec = \(load)\n"
            + body.split(separator: "\n").map { "    \($0)" }.joined(separator: "\n") + "\n"
            + "}\n"
    }

    /// A spec with no file, as the JSON text that reads back as it; when there is none (a DSL spec whose transitions on
    /// one trigger are separated by others), a placeholder that says why, which does not compile until it is replaced.
    private static func embedded(_ spec: Spec) -> String {
        do {
            return "try Spec.load(json: \(rawLiteral(try spec.jsonText)))"
        } catch {
            // A placeholder holds one line: the first of the reason.
            let reason = error.diagnostics.first?.message.split(separator: "\n").first.map(String.init) ?? "it has no JSON form"
            return "<#the spec: \(reason)#>"
        }
    }

    /// `["fire", SentEvent("set", ["to": .int(3)]), SentEvent("check", choices: [1])]`, one event a line when long.
    static func events(_ trace: [TraceStep], machine: Machine) -> String {
        let items = trace.map { step -> String in
            let name = machine.spec.events[step.event.event].name
            let arguments = machine.arguments(of: step.event)
            if arguments.isEmpty && step.choices.isEmpty { return literal(name) }
            var parts = [literal(name)]
            if !arguments.isEmpty {
                parts.append("[" + arguments.map { "\(literal($0.name)): \(value($0.value))" }.joined(separator: ", ") + "]")
            }
            if !step.choices.isEmpty { parts.append("choices: [" + step.choices.map(String.init).joined(separator: ", ") + "]") }
            return "SentEvent(" + parts.joined(separator: ", ") + ")"
        }
        let line = "[" + items.joined(separator: ", ") + "]"
        return line.count <= 80 ? line : "[\n" + items.map { "    " + $0 + "," }.joined(separator: "\n") + "\n]"
    }

    private static func value(_ value: Value) -> String {
        switch value {
        case .bool(let b): ".bool(\(b))"
        case .int(let n): ".int(\(n))"
        case .enumCase(let name): ".enumCase(\(literal(name)))"
        }
    }

    /// A Swift string literal: quotes and backslashes escaped, control characters as `\u{...}`.
    public static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" {
                result += "\\" + String(scalar)
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// A raw multi-line string literal with enough `#` that nothing in `text` ends it.
    private static func rawLiteral(_ text: String) -> String {
        var hashes = "#"
        while text.contains("\"\"\"" + hashes) || text.contains("\"" + hashes) { hashes += "#" }
        return hashes + "\"\"\"\n" + text + "\"\"\"" + hashes
    }

    /// `offByOneGuard` from `off-by-one guard`: words joined in lower camel case, letters and digits only.
    static func identifier(_ text: String) -> String {
        let name = typeName(text)
        guard let first = name.first else { return "failure" }
        let lowered = first.lowercased() + name.dropFirst()
        return lowered.first!.isNumber ? "_" + lowered : lowered
    }

    /// `OffByOneGuard` from `off-by-one guard`.
    static func typeName(_ text: String) -> String {
        text.split { !($0.isLetter || $0.isNumber) || !$0.isASCII }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The type name as code can write it: a type declared inside a function has no name outside it, so only its
    /// own name is kept.
    private static func referable(_ type: String) -> String {
        type.contains("(") ? shortName(type) : type
    }

    /// `EarlyRocket` from `SMTestSupport.EarlyRocket`.
    private static func shortName(_ type: String) -> String { String(type.split(separator: ".").last ?? "Implementation") }

    /// The module of a type `String(reflecting:)` named, when it is not one every test imports.
    private static func module(of type: String) -> String? {
        let parts = type.split(separator: ".")
        guard parts.count > 1, let module = parts.first, !["SMSpec", "SMTesting", "Testing", "SMEngine"].contains(String(module)) else {
            return nil
        }
        return String(module)
    }

    private static func errorName(_ signature: String) -> String {
        let kind = signature.split(separator: ":").dropFirst().first.map(String.init) ?? ""
        switch kind {
        case "loop": return "InfiniteLoop"
        case "range": return "RangeViolation"
        case "queue": return "QueueOverflow"
        case "unhandled": return "UnhandledEvent"
        case "invalid": return "InvalidEvent"
        case "host": return "MissingHostFunction"
        default: return kind.hasPrefix("choice") ? "IncompleteChoice" : "EngineError"
        }
    }
}
