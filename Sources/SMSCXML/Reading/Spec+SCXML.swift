public import SMSpec

extension Spec {
    /// Reads and validates a spec from SCXML text. Throws `SpecError` with every problem found, each with
    /// `file:line:column` and the element's path.
    public static func load(scxml text: String, file: String? = nil, limits: LoadLimits = .default) throws(SpecError) -> Spec {
        try load(scxml: Array(text.utf8), file: file, limits: limits)
    }

    public static func load(scxml bytes: [UInt8], file: String? = nil, limits: LoadLimits = .default) throws(SpecError) -> Spec {
        let (spec, diagnostics) = decode(scxml: bytes, file: file, limits: limits)
        guard let spec, diagnostics.isEmpty else { throw SpecError(diagnostics) }
        return spec
    }

    /// Reads and resolves SCXML, returning the spec (when the document had the shape of one) and every diagnostic:
    /// the reader's and the resolver's together, as the JSON loader reports them.
    ///
    /// Elements nest at most `limits.maximumDepth / 2` deep, which allows states as deep as JSON allows them.
    public static func decode(scxml bytes: [UInt8], file: String? = nil, limits: LoadLimits = .default) -> (Spec?, [Diagnostic]) {
        let lines = TextLines(bytes)
        func diagnostic(_ message: String, at offset: Int, elementPath: String? = nil) -> Diagnostic {
            let position = lines.position(offset)
            return Diagnostic(
                message,
                at: SourceLocation(
                    file: file, pointer: .root, line: position.line, column: position.column, elementPath: elementPath ?? "/"))
        }
        if bytes.count > limits.maximumBytes {
            return (
                nil,
                [Spec.tooLarge(bytes.count, limits, at: SourceLocation(file: file, pointer: .root, line: 1, column: 1, elementPath: "/"))]
            )
        }
        if bytes.allSatisfy({ XMLTagScanner.isSpace($0) }) {
            return (nil, [diagnostic("the file is empty; expected an <scxml> element", at: bytes.count)])
        }
        let root: XMLSourceElement
        do {
            root = try XMLSourceDocument.parse(bytes, maximumDepth: max(1, limits.maximumDepth / 2))
        } catch {
            return (nil, [diagnostic(error.message, at: error.offset, elementPath: error.elementPath)])
        }
        var reader = SCXMLReader(file: file, lines: lines)
        guard let spec = reader.read(root) else { return (nil, reader.diagnostics) }
        // Each element also gets the pointer it has in the spec's JSON form: findings on the same element are the
        // same finding, whichever format the spec was read from.
        let (resolved, diagnostics) = Spec.resolving(
            spec.assigningPointers(replacingExisting: true), after: reader.diagnostics,
            rejected: reader.rejected)
        return (resolved, diagnostics.map(SCXMLNotation.rewrite))
    }
}
