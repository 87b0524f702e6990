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

    public struct ReadError: Error, CustomStringConvertible {
        public let message: String
        /// Where in the failure file, when the error is about one value.
        public let position: TextPosition?

        init(_ message: String, at position: TextPosition? = nil) {
            self.message = message
            self.position = position
        }

        public var description: String { (position.map { "\($0): " } ?? "") + message }
    }

    /// The keys of a failure file, of its "spec" and of its "failure": any other is a mistake (a hand edit, a typo).
    static let keys = ["format", "spec", "seed", "run", "runSeed", "failure", "trace", "choices", "originalSteps", "implementation"]
    static let specKeys = ["name", "file", "hash"]
    static let failureKeys = ["kind", "message", "step", "signature"]

    /// Which spec a failure file was saved for: its name, file as given to `smcheck fuzz`, and content hash.
    public static func specReference(in node: JSONNode) throws(ReadError) -> (name: String, file: String?, hash: String) {
        guard node["format"]?.stringValue == format else {
            throw ReadError("not a smcheck failure file (\"format\" is not \"\(format)\")", at: node["format"]?.position)
        }
        guard let spec = node["spec"], let name = spec["name"]?.stringValue, let hash = spec["hash"]?.stringValue else {
            throw ReadError("the failure file does not say which spec it is for (\"spec\" with \"name\" and \"hash\")", at: node.position)
        }
        try checkKeys(of: node, allowed: keys, what: "a failure file")
        try checkKeys(of: spec, allowed: specKeys, what: "\"spec\"")
        return (name, spec["file"]?.stringValue, hash)
    }

    private static func checkKeys(of node: JSONNode, allowed: [String], what: String) throws(ReadError) {
        for member in node.objectValue ?? [] where !allowed.contains(member.key) {
            let suggestion = Suggestions.closest(to: member.key, in: allowed).map { "; did you mean \"\($0)\"?" } ?? ""
            throw ReadError(
                "unknown key \(JSONWriter.quoted(member.key)) in \(what)\(suggestion) (its keys: \(allowed.joined(separator: ", ")))",
                at: member.keyPosition)
        }
    }

    /// A whole number at least `minimum`, or nil when absent.
    private static func count(_ node: JSONNode?, _ what: String, minimum: Int) throws(ReadError) -> Int? {
        guard let node else { return nil }
        guard let value = node.integerValue, value >= minimum else {
            throw ReadError("\(what) must be a whole number, at least \(minimum)", at: node.position)
        }
        return value
    }

    /// A seed, written as a string of decimal digits (a UInt64 does not fit a JSON number exactly), or nil when absent.
    private static func seed(_ node: JSONNode?, _ name: String) throws(ReadError) -> UInt64? {
        guard let node else { return nil }
        guard let value = node.stringValue.flatMap(UInt64.init) else {
            throw ReadError("\"\(name)\" must be a seed written as a string of digits, like \"42\"", at: node.position)
        }
        return value
    }

    /// Reads a failure file; the trace is read against `machine` (the spec as it is now).
    public static func read(_ node: JSONNode, machine: Machine) throws(ReadError) -> FailureFile {
        let (name, specFile, hash) = try specReference(in: node)
        guard let failureNode = node["failure"], let kindText = failureNode["kind"]?.stringValue,
            let kind = RunFailure.Kind(rawValue: kindText), let message = failureNode["message"]?.stringValue,
            let steps = node["trace"]?.arrayValue
        else {
            throw ReadError("the failure file lacks its failure (\"kind\", \"message\", \"step\") or trace", at: node.position)
        }
        try checkKeys(of: failureNode, allowed: failureKeys, what: "\"failure\"")
        guard let step = try count(failureNode["step"], "\"step\"", minimum: 0) else {
            throw ReadError("the failure lacks its \"step\"", at: failureNode.position)
        }
        guard step <= steps.count else {
            throw ReadError(
                "the failure is at step \(step), past the end of its trace of \(steps.count) event\(steps.count == 1 ? "" : "s")",
                at: failureNode["step"]?.position)
        }
        var trace: [TraceStep] = []
        for (i, stepNode) in steps.enumerated() {
            do {
                trace.append(try machine.traceStep(stepNode))
            } catch {
                throw ReadError("step \(i + 1) of the trace cannot be replayed: \(error.message)", at: stepNode.position)
            }
        }
        try checkChoices(of: trace, steps: steps, machine: machine)
        var choices: [Int] = []
        if let choicesNode = node["choices"] {
            guard let elements = choicesNode.arrayValue else {
                throw ReadError("\"choices\" must be an array of whole numbers", at: choicesNode.position)
            }
            for element in elements {
                guard let choice = try count(element, "each of \"choices\"", minimum: 0) else { continue }
                choices.append(choice)
            }
        }
        return FailureFile(
            specName: name, specFile: specFile, specHash: hash,
            seed: try seed(node["seed"], "seed") ?? 0,
            failure: FuzzFailure(
                run: try count(node["run"], "\"run\"", minimum: 0) ?? 0, runSeed: try seed(node["runSeed"], "runSeed") ?? 0,
                failure: RunFailure(
                    kind: kind, message: message, step: step,
                    signature: failureNode["signature"]?.stringValue ?? ""),
                trace: trace, choices: choices,
                originalSteps: try count(node["originalSteps"], "\"originalSteps\"", minimum: step) ?? step, shrinkReplays: 0),
            implementation: node["implementation"]?.stringValue)
    }
}
