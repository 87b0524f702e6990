import Foundation
import SMSCXML
import SMSpec

/// The spec files named on a command line: files as given, directories searched recursively for specs, as linters
/// do. In a directory, a `.json` file is a spec when its top level says `"format": "smcheck/..."` (so a JSON
/// Schema or a `package.json` beside the specs is not mistaken for a broken spec); files skipped for that reason are
/// listed, so a spec with a misspelled format is not silently left out.
enum SpecInputs {
    struct Expansion {
        var files: [String] = []
        /// Directories with no spec in them.
        var empty: [String] = []
        /// `.json` files in directories that are not specs.
        var skipped: [String] = []
    }

    static func expand(_ arguments: [String]) -> Expansion {
        var expansion = Expansion()
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue else {
                expansion.files.append(argument)
                continue
            }
            let before = expansion.files.count
            // The configuration beside the specs of a target (check --config reads it) is no spec and no surprise.
            for path in files(under: argument) where (path as NSString).lastPathComponent != "smcheck-config.json" {
                if SpecFile.Format(path: path) == .scxml || isSpec(path) {
                    expansion.files.append(path)
                } else {
                    expansion.skipped.append(path)
                }
            }
            if expansion.files.count == before { expansion.empty.append(argument) }
        }
        return expansion
    }

    /// `.json` and `.scxml` files (in any case) below `directory`, sorted, without descending into hidden or build folders.
    private static func files(under directory: String) -> [String] {
        let base = URL(fileURLWithPath: directory)
        guard
            let enumerator = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsHiddenFiles])
        else { return [] }
        var result: [String] = []
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if name.hasPrefix(".build") || name == "node_modules" { enumerator.skipDescendants() }
                continue
            }
            guard hasSpecExtension(name) else { continue }
            let relative = url.path.dropFirst(base.path.count).drop { $0 == "/" }
            result.append((directory as NSString).appendingPathComponent(String(relative)))
        }
        return result.sorted()
    }

    /// Whether a path ends as a spec's file does: `.json` or `.scxml`, in any case (as SpecFile.load reads
    /// `Machine.SCXML` when it is named).
    static func hasSpecExtension(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".json") || SpecFile.Format(path: path) == .scxml
    }

    /// Whether the file's first kilobytes declare the smcheck format, or nearly: a key close to "format" with a
    /// value that starts "smcheck/" (`"fromat": "smcheck/1"`), or "format" with a value close to "smcheck/1"
    /// (`"smchek/1"`). Those are specs with a typo, which the loader names with a "did you mean"; skipped, they
    /// would vanish from a directory's results. (A JSON Schema's `"format": "uri"` or `"const": "smcheck/1"` is
    /// neither.)
    static func isSpec(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 4096)) ?? Data(), as: UTF8.self)
        return declaresFormat(head)
    }

    /// `isSpec` on the text of a file's head.
    static func declaresFormat(_ head: String) -> Bool {
        let pair = /"([^"\\]{1,20})"\s*:\s*"([^"\\]{0,24})"/
        for match in head.matches(of: pair) {
            let (key, value) = (String(match.output.1), String(match.output.2))
            if key == "format" && value.hasPrefix("smcheck/") { return true }
            if value.hasPrefix("smcheck/") && Suggestions.editDistance(key.lowercased(), "format") <= 2 { return true }
            if key == "format" && Suggestions.editDistance(value.lowercased(), "smcheck/1") <= 2 { return true }
        }
        return false
    }

    /// Why a directory given is unusable: it holds no spec.
    static let noSpecsInDirectory = "no spec files (*.json with \"format\": \"smcheck/1\", or *.scxml) in this directory"

    /// Expands `arguments` and notes what was skipped. The directories that held no spec are in `empty`, for the
    /// caller to report as unusable inputs in its own format.
    static func files(_ arguments: [String]) -> Expansion {
        let expansion = expand(arguments)
        if !expansion.skipped.isEmpty {
            let shown = expansion.skipped.prefix(5).joined(separator: ", ")
            let more = expansion.skipped.count > 5 ? " and \(expansion.skipped.count - 5) more" : ""
            printError("note: skipped JSON files without \"format\": \"smcheck/1\" (not specs): \(shown)\(more)")
        }
        return expansion
    }
}
