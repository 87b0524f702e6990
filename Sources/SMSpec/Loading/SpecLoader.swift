public import Foundation

/// Limits that keep hostile or accidental input from taking the machine down.
public struct LoadLimits: Sendable {
    /// Larger files are rejected before parsing. Real specs are kilobytes; the limit is generous.
    public var maximumBytes: Int
    /// Deeper JSON nesting is rejected.
    public var maximumDepth: Int

    public init(maximumBytes: Int = 16 << 20, maximumDepth: Int = JSONParser.defaultMaximumDepth) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
    }

    public static let `default` = LoadLimits()
}

extension Spec {
    /// Reads, decodes and validates a spec file. Throws `SpecError` with every problem found, each with
    /// `file:line:column` and a JSON Pointer.
    public static func load(contentsOf url: URL, limits: LoadLimits = .default) throws(SpecError) -> Spec {
        try load(path: url.path, displayName: url.path, limits: limits)
    }

    /// Reads a spec from a path; `displayName` is what error messages call the file (default: the path as given).
    ///
    /// This reads JSON; `SpecFile.load(path:)` in SMSCXML reads a `.scxml` file too.
    public static func load(path: String, displayName: String? = nil, limits: LoadLimits = .default) throws(SpecError) -> Spec {
        let name = displayName ?? path
        if path.lowercased().hasSuffix(".scxml") {
            throw SpecError([
                Diagnostic(
                    "this is an SCXML file; smcheck reads it, and so does SpecFile.load(path:) of the SMSCXML library (Spec.load(path:) reads JSON)",
                    at: SourceLocation(file: name, pointer: .root))
            ])
        }
        return try load(json: contents(ofFile: path, displayName: name, limits: limits), file: name, limits: limits)
    }

    /// The bytes of a spec file, after checking that it exists, is a file and is within the size limit.
    package static func contents(ofFile path: String, displayName name: String, limits: LoadLimits) throws(SpecError) -> [UInt8] {
        do {
            return try BoundedFile.read(path, maximumBytes: limits.maximumBytes)
        } catch {
            let diagnostic =
                switch error {
                case .missing: Diagnostic("no such file", at: SourceLocation(file: name, pointer: .root))
                case .directory: Diagnostic("is a directory, not a spec file", at: SourceLocation(file: name, pointer: .root))
                case .unreadable(let reason): Diagnostic("cannot be read: \(reason)", at: SourceLocation(file: name, pointer: .root))
                case .tooLarge(let size, _): tooLarge(size, limits, at: SourceLocation(file: name, pointer: .root, line: 1, column: 1))
                }
            throw SpecError([diagnostic])
        }
    }

    /// Decodes and validates a spec from JSON text.
    public static func load(json text: String, file: String? = nil, limits: LoadLimits = .default) throws(SpecError) -> Spec {
        try load(json: Array(text.utf8), file: file, limits: limits)
    }

    public static func load(json bytes: [UInt8], file: String? = nil, limits: LoadLimits = .default) throws(SpecError) -> Spec {
        let (spec, diagnostics) = decode(json: bytes, file: file, limits: limits)
        guard let spec, diagnostics.isEmpty else { throw SpecError(diagnostics) }
        return spec
    }

    /// Decodes and resolves, returning the spec (when the JSON had the shape of one) and every diagnostic.
    /// Structural and semantic problems are reported together so a user sees them all in one run.
    public static func decode(json bytes: [UInt8], file: String? = nil, limits: LoadLimits = .default) -> (Spec?, [Diagnostic]) {
        if bytes.count > limits.maximumBytes {
            return (nil, [tooLarge(bytes.count, limits, at: SourceLocation(file: file, pointer: .root, line: 1, column: 1))])
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, maximumDepth: limits.maximumDepth)
        } catch {
            if Self.isScriptSource(bytes, file: file) {
                // An XState machine in its .ts or .js file: name what it is once, not its first token.
                let message =
                    "this is JavaScript or TypeScript, not JSON: smcheck reads specs in its JSON format and SCXML; write the machine's config as a spec (Docs/SpecFormat.md, \"Coming from XState\", maps its keys)"
                return (nil, [Diagnostic(message, at: SourceLocation(file: file, pointer: .root, line: 1, column: 1))])
            }
            var message = error.message
            // An SCXML document in a file named machine.xml: say why it was read as JSON, not just that '<' is unexpected.
            let start = bytes.firstIndex { ![0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }
            if let start, bytes[start] == UInt8(ascii: "<"), error.position.offset == start {
                message =
                    "this looks like XML, not JSON: smcheck reads a file as SCXML when its name ends in .scxml (rename it), and as JSON otherwise"
            }
            let pointer = JSONPointer(enclosing: error.position.offset, in: bytes)
            return (nil, [Diagnostic(message, at: SourceLocation(file: file, pointer: pointer, position: error.position))])
        }
        var decoder = SpecDecoder(file: file, bytes: bytes)
        guard let spec = decoder.decodeSpec(root) else { return (nil, decoder.diagnostics) }
        let (resolved, diagnostics) = resolving(spec, after: decoder.diagnostics, rejected: decoder.rejected)
        return (resolved, diagnostics)
    }

    /// Whether text that is not JSON is a script: named as one, or calling XState's `createMachine` or `setup`.
    private static func isScriptSource(_ bytes: [UInt8], file: String?) -> Bool {
        let extensions = [".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"]
        if let file = file?.lowercased(), extensions.contains(where: { file.hasSuffix($0) }) { return true }
        let text = String(decoding: bytes.prefix(1 << 20), as: UTF8.self)
        return text.contains("createMachine(") || text.contains("setup({")
    }

    /// A decoded spec with every diagnostic, the decoder's and the resolver's, deduplicated and in order. Structural
    /// and semantic problems are reported together so a user sees them all in one run; a spec without problems
    /// keeps its resolution.
    package static func resolving(_ spec: Spec, after decoderDiagnostics: [Diagnostic], rejected: RejectedDeclarations)
        -> (Spec, [Diagnostic])
    {
        var spec = spec
        var diagnostics = decoderDiagnostics
        // Semantic checks only on a spec that has states; otherwise every reference would be "unknown".
        if !spec.states.isEmpty {
            do {
                let resolved = try spec.resolve(rejected: rejected)
                if diagnostics.isEmpty { spec.cachedResolution = Spec.Resolution(resolved) }
            } catch {
                diagnostics += error.diagnostics
            }
        }
        var seen: Set<String> = []
        return (spec, diagnostics.filter { seen.insert($0.description).inserted }.sorted())
    }

    /// `size` is nil when the file gave no size (a device, a pipe) and reading stopped at the limit.
    package static func tooLarge(_ size: Int?, _ limits: LoadLimits, at location: SourceLocation) -> Diagnostic {
        let megabytes = BoundedFile.Problem.megabytes
        let what = size.map { "the file is \(megabytes($0)), over" } ?? "the file is larger than"
        return Diagnostic("\(what) the \(megabytes(limits.maximumBytes)) limit for a spec", at: location)
    }
}
