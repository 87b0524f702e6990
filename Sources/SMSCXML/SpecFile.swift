public import SMSpec

/// Loading a spec from a file in whichever format its extension names: the one function every command and test
/// uses, so each reads JSON and SCXML alike.
public enum SpecFile {
    public enum Format: String, Sendable, CaseIterable {
        case json
        case scxml

        /// The format a path's extension names: `.scxml` is SCXML, anything else JSON.
        public init(path: String) {
            self = path.lowercased().hasSuffix(".scxml") ? .scxml : .json
        }
    }

    /// Reads, decodes and validates the spec at `path`; `displayName` is what messages call the file (default: the
    /// path as given). Throws `SpecError` with every problem, each with `file:line:column`.
    public static func load(path: String, displayName: String? = nil, limits: LoadLimits = .default) throws(SpecError) -> Spec {
        let name = displayName ?? path
        switch Format(path: path) {
        case .json:
            return try Spec.load(path: path, displayName: name, limits: limits)
        case .scxml:
            return try Spec.load(scxml: Spec.contents(ofFile: path, displayName: name, limits: limits), file: name, limits: limits)
        }
    }
}
