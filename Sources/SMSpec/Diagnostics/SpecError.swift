/// A spec that could not be used, with every problem found in it (not just the first).
public struct SpecError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics.sorted() }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
