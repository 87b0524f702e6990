import Foundation
import PackagePlugin

/// The files the smcheck plugins work on, decided in one place: which names are specs, where the configuration is,
/// and what the generated files are called.
enum SpecFiles {
    /// How spec file names end.
    static let suffixes = [".smcheck.json", ".scxml"]

    /// The configuration beside the specs of a target (Docs/CodeGeneration.md).
    static let configurationName = "smcheck-config.json"

    /// In any case (`Rocket.SCXML`), as smcheck reads them.
    static func isSpec(_ url: URL) -> Bool { suffix(of: url.lastPathComponent) != nil }

    private static func suffix(of name: String) -> String? { suffixes.first { name.lowercased().hasSuffix($0) } }

    /// The spec files of a target, sorted by path.
    static func specs(in files: FileList) -> [URL] {
        files.map(\.url).filter(isSpec).sorted { $0.path < $1.path }
    }

    static func configuration(in files: FileList) -> URL? {
        files.map(\.url).first { $0.lastPathComponent == configurationName }
    }

    /// `rocket.smcheck.json` → `rocket`.
    static func baseName(_ spec: URL) -> String {
        let name = spec.lastPathComponent
        if let suffix = suffix(of: name) { return String(name.dropLast(suffix.count)) }
        return spec.deletingPathExtension().lastPathComponent
    }

    /// The Swift file generated for each spec: its base name, with its folders (relative to `root`) in front when
    /// two specs share a base name.
    static func outputNames(for specs: [URL], relativeTo root: URL) -> [URL: String] {
        var byBase: [String: [URL]] = [:]
        for spec in specs { byBase[baseName(spec), default: []].append(spec) }
        var names: [URL: String] = [:]
        for (base, group) in byBase {
            for spec in group {
                guard group.count > 1 else {
                    names[spec] = base + ".swift"
                    continue
                }
                let folders = spec.deletingLastPathComponent().path.dropFirst(root.path.count)
                    .split(separator: "/").joined(separator: "_")
                names[spec] = (folders.isEmpty ? "" : folders + "_") + base + ".swift"
            }
        }
        return names
    }
}

/// Why a plugin could not do its work.
struct PluginFailure: Error, CustomStringConvertible {
    let description: String
}
