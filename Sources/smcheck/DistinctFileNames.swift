import Foundation

/// Names for files written per input (a failure to replay, its Swift test), distinct across the inputs of one
/// command, ignoring case as macOS's file systems do: the input's name without its extension, with the extension
/// when a file beside it has the same name (`machine-json`, `machine-scxml`), and where inputs in different folders
/// share a name, as many of their folders as tell them apart (`orders/spec.json` and `payments/spec.json` give
/// `orders-spec` and `payments-spec`). One file given twice keeps one name: what is written for it is the same.
enum DistinctFileNames {
    static func of(_ paths: [String]) -> [String] {
        let unique = Array(Set(paths.map(Self.standardized))).sorted()
        let urls = unique.map { URL(fileURLWithPath: $0) }
        // Files of one folder that differ only in their extension keep it.
        let stems = urls.map { $0.deletingPathExtension().lastPathComponent }
        let folders = urls.map { $0.deletingLastPathComponent() }
        let besides = Dictionary(grouping: unique.indices) { folders[$0].path + "/" + stems[$0].lowercased() }
        // Each path's components, last first, the last without its extension unless that is what tells it apart.
        let reversed = unique.indices.map { index -> [String] in
            let ext = urls[index].pathExtension
            let last =
                besides[folders[index].path + "/" + stems[index].lowercased()]!.count > 1 && !ext.isEmpty
                ? stems[index] + "-" + ext : stems[index]
            return [last] + folders[index].pathComponents.reversed().filter { $0 != "/" }
        }
        var depth = Array(repeating: 1, count: unique.count)
        func name(_ index: Int) -> String { reversed[index].prefix(depth[index]).reversed().joined(separator: "-") }
        // Deepen the names that clash until none does or no folder is left to add; each round deepens some name,
        // so it ends within the deepest path's length.
        while true {
            // Folders cannot tell apart files of one folder (names that differ only in case, on Linux).
            let groups = Dictionary(grouping: unique.indices) { name($0).lowercased() }.values.filter {
                $0.count > 1 && Set($0.map { folders[$0].path }).count > 1
            }
            let deepenable = groups.joined().filter { depth[$0] < reversed[$0].count }
            if deepenable.isEmpty { break }
            for index in deepenable { depth[index] += 1 }
        }
        // Folders with dashes can still clash (`a-b/c` and `a/b-c`), or names that differ only in case: a number
        // then tells them apart.
        var names: [String: String] = [:]
        var taken: [String: Int] = [:]
        for index in unique.indices {
            let base = name(index)
            taken[base.lowercased(), default: 0] += 1
            let count = taken[base.lowercased()]!
            names[unique[index]] = count == 1 ? base : "\(base)-\(count)"
        }
        return paths.map { names[Self.standardized($0)]! }
    }

    private static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
