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
        public let description: String
    }

    /// Which spec a failure file was saved for: its name, file as given to `smcheck fuzz`, and content hash.
    public static func specReference(in node: JSONNode) throws(ReadError) -> (name: String, file: String?, hash: String) {
        guard node["format"]?.stringValue == format else {
            throw ReadError(description: "not a smcheck failure file (\"format\" is not \"\(format)\")")
        }
        guard let spec = node["spec"], let name = spec["name"]?.stringValue, let hash = spec["hash"]?.stringValue else {
            throw ReadError(description: "the failure file does not say which spec it is for (\"spec\" with \"name\" and \"hash\")")
        }
        return (name, spec["file"]?.stringValue, hash)
    }

    /// Reads a failure file; the trace is read against `machine` (the spec as it is now).
    public static func read(_ node: JSONNode, machine: Machine) throws(ReadError) -> FailureFile {
        let (name, specFile, hash) = try specReference(in: node)
        guard let failureNode = node["failure"], let kindText = failureNode["kind"]?.stringValue,
            let kind = RunFailure.Kind(rawValue: kindText), let message = failureNode["message"]?.stringValue,
            let step = failureNode["step"]?.integerValue, let steps = node["trace"]?.arrayValue
        else { throw ReadError(description: "the failure file lacks its failure (\"kind\", \"message\", \"step\") or trace") }
        var trace: [TraceStep] = []
        for (i, stepNode) in steps.enumerated() {
            do {
                trace.append(try machine.traceStep(stepNode))
            } catch {
                throw ReadError(description: "step \(i + 1) of the trace no longer fits the spec: \(error.message)")
            }
        }
        return FailureFile(
            specName: name, specFile: specFile, specHash: hash,
            seed: node["seed"]?.stringValue.flatMap(UInt64.init) ?? 0,
            failure: FuzzFailure(
                run: node["run"]?.integerValue ?? 0, runSeed: node["runSeed"]?.stringValue.flatMap(UInt64.init) ?? 0,
                failure: RunFailure(
                    kind: kind, message: message, step: step,
                    signature: failureNode["signature"]?.stringValue ?? ""),
                trace: trace, choices: node["choices"]?.arrayValue?.compactMap(\.integerValue) ?? [],
                originalSteps: node["originalSteps"]?.integerValue ?? step, shrinkReplays: 0),
            implementation: node["implementation"]?.stringValue)
    }
}
