public import Foundation
public import SMEngine
public import SMSpec

/// A saved failure: which spec (name, file and content hash), the seed and run that found it, the failure, and the
/// minimal trace with its choices, so `smcheck replay` runs it again exactly and notices when the spec changed.
public struct FailureFile: Sendable {
    public static let format = "smcheck-failure/1"

    public var specName: String
    public var specFile: String?
    /// `fnv1a64:` and the hash of the spec file's bytes.
    public var specHash: String
    public var seed: UInt64
    public var run: Int
    public var runSeed: UInt64
    public var failure: RunFailure
    public var trace: [TraceStep]
    public var choices: [Int]
    public var originalSteps: Int
    /// For a divergence: the implementation's type, as `String(reflecting:)` gives it, when known.
    public var implementation: String?

    public init(specName: String, specFile: String?, specHash: String, seed: UInt64, failure: FuzzFailure, implementation: String? = nil) {
        self.implementation = implementation
        self.specName = specName
        self.specFile = specFile
        self.specHash = specHash
        self.seed = seed
        run = failure.run
        runSeed = failure.runSeed
        self.failure = failure.failure
        trace = failure.trace
        choices = failure.choices
        originalSteps = failure.originalSteps
    }

    /// The hash that identifies a spec's content: FNV-1a, 64 bits, of the file's bytes.
    public static func hash(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The hash of a file's bytes, or nil when it cannot be read.
    public static func hash(ofFile path: String) -> String? {
        FileManager.default.contents(atPath: path).map { hash($0) }
    }

    public func json(machine: Machine) -> JSONNode {
        var spec: [(String, JSONNode)] = [("name", .string(specName))]
        if let specFile { spec.append(("file", .string(specFile))) }
        spec.append(("hash", .string(specHash)))
        return .object(
            [
                ("format", .string(Self.format)),
                ("spec", .object(spec)),
                ("seed", .string(String(seed))),
                ("run", .int(run)),
                ("runSeed", .string(String(runSeed))),
                (
                    "failure",
                    .object([
                        ("kind", .string(failure.kind.rawValue)), ("message", .string(failure.message)), ("step", .int(failure.step)),
                        ("signature", .string(failure.signature)),
                    ])
                ),
                ("trace", .array(trace.map(machine.json))),
                ("choices", .array(choices.map { .int($0) })),
                ("originalSteps", .int(originalSteps)),
            ] + (implementation.map { [("implementation", JSONNode.string($0))] } ?? []))
    }

    public func write(to url: URL, machine: Machine) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (JSONWriter.string(json(machine: machine)) + "\n").write(to: url, atomically: true, encoding: .utf8)
    }

    /// What is wrong with a failure file: every problem found in one reading, each where it is (the first is
    /// `message`, `position` and `pointer`).
    public struct ReadError: Error, CustomStringConvertible {
        public struct Problem: Sendable {
            public let message: String
            /// Where in the failure file, when the problem is about one value.
            public let position: TextPosition?
            /// The value's JSON Pointer, when the problem is about one value.
            public let pointer: JSONPointer?
            /// Whether the problem is with the trace as the spec reads it (a changed spec may be why).
            public var concernsSpec = false

            /// The pointer as messages show it (the root as `/`, as spec errors do).
            public var pointerText: String? { pointer.map { $0.tokens.isEmpty ? "/" : $0.description } }

            /// `message`, then `note`, then `(at /pointer)`: what a line about the problem says after its place.
            public func text(adding note: String = "") -> String { message + note + (pointerText.map { " (at \($0))" } ?? "") }

            /// `line:column: message (at /pointer)`.
            public var description: String { (position.map { "\($0): " } ?? "") + text() }
        }

        /// At least one.
        public let problems: [Problem]
        public var message: String { problems[0].message }
        public var position: TextPosition? { problems[0].position }
        public var pointer: JSONPointer? { problems[0].pointer }

        init(_ message: String, at position: TextPosition? = nil, pointer: JSONPointer? = nil) {
            problems = [Problem(message: message, position: position, pointer: pointer)]
        }

        init(problems: [Problem]) {
            precondition(!problems.isEmpty, "a read error without a problem")
            self.problems = problems
        }

        public var description: String { problems.map(\.description).joined(separator: "\n") }
    }

    /// The problems found so far in one reading, so that one run reports all of them.
    private struct Problems {
        var found: [ReadError.Problem] = []

        /// The body's value, or nil with its problems kept.
        mutating func collect<T>(_ body: () throws(ReadError) -> T) -> T? {
            do {
                return try body()
            } catch {
                found += error.problems
                return nil
            }
        }

        mutating func add(_ message: String, at position: TextPosition?, pointer: JSONPointer, concernsSpec: Bool = false) {
            found.append(ReadError.Problem(message: message, position: position, pointer: pointer, concernsSpec: concernsSpec))
        }

        /// A problem with `parent`'s member `key`: placed at the member when it is there (a value of the wrong
        /// kind), else at `parent` (`parentPointer`), which lacks it.
        mutating func add(_ message: String, member key: String, of parent: JSONNode, at parentPointer: JSONPointer) {
            let member = parent[key]
            add(message, at: (member ?? parent).position, pointer: member == nil ? parentPointer : parentPointer / key)
        }

        /// Throws what was found, if anything, in the order of the file.
        func check() throws(ReadError) {
            guard !found.isEmpty else { return }
            let ordered = found.enumerated().sorted {
                ($0.element.position?.offset ?? -1, $0.offset) < ($1.element.position?.offset ?? -1, $1.offset)
            }
            throw ReadError(problems: ordered.map(\.element))
        }
    }

    /// The keys of a failure file, of its "spec" and of its "failure": any other is a mistake (a hand edit, a typo).
    static let keys = ["format", "spec", "seed", "run", "runSeed", "failure", "trace", "choices", "originalSteps", "implementation"]
    static let specKeys = ["name", "file", "hash"]
    static let failureKeys = ["kind", "message", "step", "signature"]

    /// Which spec a failure file was saved for: its name, file as given to `smcheck fuzz`, and content hash.
    public static func specReference(in node: JSONNode) throws(ReadError) -> (name: String, file: String?, hash: String) {
        guard node["format"]?.stringValue == format else {
            throw ReadError(
                "not a smcheck failure file (\"format\" is not \"\(format)\")", at: node["format"]?.position ?? node.position,
                pointer: node["format"] == nil ? .root : "/format")
        }
        var problems = Problems()
        problems.collect { () throws(ReadError) in try checkKeys(of: node, allowed: keys, what: "a failure file", at: .root) }
        let spec = node["spec"]
        if let spec {
            problems.collect { () throws(ReadError) in try checkKeys(of: spec, allowed: specKeys, what: "\"spec\"", at: "/spec") }
        }
        let name = spec?["name"]?.stringValue
        let hash = spec?["hash"]?.stringValue
        if name == nil || hash == nil {
            let message = "the failure file does not say which spec it is for (\"spec\" with \"name\" and \"hash\", strings)"
            if let spec {
                problems.add(message, member: name == nil ? "name" : "hash", of: spec, at: "/spec")
            } else {
                problems.add(message, member: "spec", of: node, at: .root)
            }
        }
        try problems.check()
        return (name!, spec?["file"]?.stringValue, hash!)
    }

    private static func checkKeys(of node: JSONNode, allowed: [String], what: String, at pointer: JSONPointer) throws(ReadError) {
        var problems = Problems()
        for member in node.objectValue ?? [] where !allowed.contains(member.key) {
            let suggestion = Suggestions.closest(to: member.key, in: allowed).map { "; did you mean \"\($0)\"?" } ?? ""
            problems.add(
                "unknown key \(JSONWriter.quoted(member.key)) in \(what)\(suggestion) (its keys: \(allowed.joined(separator: ", ")))",
                at: member.keyPosition, pointer: pointer / member.key)
        }
        try problems.check()
    }

    /// A whole number at least `minimum`, or nil when absent.
    private static func count(_ node: JSONNode?, _ what: String, minimum: Int, at pointer: JSONPointer) throws(ReadError) -> Int? {
        guard let node else { return nil }
        guard let value = node.integerValue, value >= minimum else {
            throw ReadError("\(what) must be a whole number, at least \(minimum)", at: node.position, pointer: pointer)
        }
        return value
    }

    /// A seed, written as a string of decimal digits (a UInt64 does not fit a JSON number exactly), or nil when absent.
    private static func seed(_ node: JSONNode?, _ name: String) throws(ReadError) -> UInt64? {
        guard let node else { return nil }
        guard let value = node.stringValue.flatMap(UInt64.init) else {
            throw ReadError(
                "\"\(name)\" must be a seed written as a string of digits, like \"42\"", at: node.position, pointer: .root / name)
        }
        return value
    }

    /// Reads a failure file; the trace is read against `machine` (the spec as it is now). Every problem is reported,
    /// not only the first.
    public static func read(_ node: JSONNode, machine: Machine) throws(ReadError) -> FailureFile {
        let (name, specFile, hash) = try specReference(in: node)
        var problems = Problems()
        let failureNode = node["failure"]
        var kind: RunFailure.Kind?
        var message: String?
        var step: Int?
        if let failureNode {
            problems.collect { () throws(ReadError) in
                try checkKeys(of: failureNode, allowed: failureKeys, what: "\"failure\"", at: "/failure")
            }
            let kindText = failureNode["kind"]?.stringValue
            kind = kindText.flatMap(RunFailure.Kind.init(rawValue:))
            if kind == nil {
                let kinds = RunFailure.Kind.allCases.map(\.rawValue)
                let suggestion = kindText.flatMap { Suggestions.closest(to: $0, in: kinds) }.map { "; did you mean \"\($0)\"?" } ?? ""
                problems.add(
                    "the failure's \"kind\" must be one of \(kinds.joined(separator: ", "))\(suggestion)", member: "kind", of: failureNode,
                    at: "/failure")
            }
            message = failureNode["message"]?.stringValue
            if message == nil {
                problems.add("the failure lacks its \"message\" (a string)", member: "message", of: failureNode, at: "/failure")
            }
            step =
                problems.collect { () throws(ReadError) in try count(failureNode["step"], "\"step\"", minimum: 0, at: "/failure/step") }
                ?? nil
            if failureNode["step"] == nil { problems.add("the failure lacks its \"step\"", at: failureNode.position, pointer: "/failure") }
        } else {
            problems.add("the failure file lacks its failure (\"kind\", \"message\", \"step\")", at: node.position, pointer: .root)
        }
        let steps = node["trace"]?.arrayValue
        if steps == nil {
            problems.add("the failure file lacks its trace (an array of steps)", member: "trace", of: node, at: .root)
        }
        if let steps, let step, step > steps.count {
            problems.add(
                "the failure is at step \(step), past the end of its trace of \(steps.count) event\(steps.count == 1 ? "" : "s")",
                at: failureNode?["step"]?.position, pointer: "/failure/step")
        }
        var trace: [TraceStep] = []
        for (i, stepNode) in (steps ?? []).enumerated() {
            let pointer: JSONPointer = "/trace" / i
            // Its keys first: a misspelled "event" is named as such, with the key it should be.
            let keysKnown: Void? = problems.collect { () throws(ReadError) in
                try checkKeys(of: stepNode, allowed: Machine.traceStepKeys, what: "a trace step", at: pointer)
            }
            guard keysKnown != nil else { continue }
            do {
                trace.append(try machine.traceStep(stepNode))
            } catch {
                problems.add(
                    "step \(i + 1) of the trace cannot be replayed: \(error.message)", at: stepNode.position, pointer: pointer,
                    concernsSpec: true)
            }
        }
        // The choices are checked on a trace read whole (each step's choices decide where the next begins).
        if let steps, trace.count == steps.count {
            do {
                try checkChoices(of: trace, steps: steps, machine: machine)
            } catch {
                for var problem in error.problems {
                    problem.concernsSpec = true
                    problems.found.append(problem)
                }
            }
        }
        var choices: [Int] = []
        if let choicesNode = node["choices"] {
            if let elements = choicesNode.arrayValue {
                for (i, element) in elements.enumerated() {
                    let choice = problems.collect { () throws(ReadError) in
                        try count(element, "each of \"choices\"", minimum: 0, at: "/choices" / i)
                    }
                    if let choice = choice ?? nil { choices.append(choice) }
                }
            } else {
                problems.add("\"choices\" must be an array of whole numbers", at: choicesNode.position, pointer: "/choices")
            }
        }
        let seed = problems.collect { () throws(ReadError) in try Self.seed(node["seed"], "seed") } ?? nil
        let run = problems.collect { () throws(ReadError) in try count(node["run"], "\"run\"", minimum: 0, at: "/run") } ?? nil
        let runSeed = problems.collect { () throws(ReadError) in try Self.seed(node["runSeed"], "runSeed") } ?? nil
        let originalSteps =
            problems.collect { () throws(ReadError) in
                try count(node["originalSteps"], "\"originalSteps\"", minimum: step ?? 0, at: "/originalSteps")
            } ?? nil
        try problems.check()
        return FailureFile(
            specName: name, specFile: specFile, specHash: hash, seed: seed ?? 0,
            failure: FuzzFailure(
                run: run ?? 0, runSeed: runSeed ?? 0,
                failure: RunFailure(kind: kind!, message: message!, step: step!, signature: failureNode?["signature"]?.stringValue ?? ""),
                trace: trace, choices: choices, originalSteps: originalSteps ?? step!, shrinkReplays: 0),
            implementation: node["implementation"]?.stringValue)
    }
}
