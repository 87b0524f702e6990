import Foundation

/// Names for files written per input (a failure to replay, its Swift test), distinct across the inputs of one
/// command: the input's name without its extension, and where two inputs share it, as many of their folders as
/// tell them apart (`orders/spec.json` and `payments/spec.json` give `orders-spec` and `payments-spec`). One file
/// given twice keeps one name: what is written for it is the same.
enum DistinctFileNames {
    static func of(_ paths: [String]) -> [String] {
        let unique = Array(Set(paths.map(Self.standardized))).sorted()
        // Each path's components, last first, the last without its extension.
        let reversed = unique.map { path -> [String] in
            let url = URL(fileURLWithPath: path)
            return [url.deletingPathExtension().lastPathComponent]
                + url.deletingLastPathComponent().pathComponents.reversed()
                .filter { $0 != "/" }
        }
        var depth = Array(repeating: 1, count: unique.count)
        func name(_ index: Int) -> String { reversed[index].prefix(depth[index]).reversed().joined(separator: "-") }
        // Deepen the names that clash until none does or no folder is left to add; each round deepens some name,
        // so it ends within the deepest path's length.
        while true {
            let groups = Dictionary(grouping: unique.indices, by: name).values.filter { $0.count > 1 }
            let deepenable = groups.joined().filter { depth[$0] < reversed[$0].count }
            if deepenable.isEmpty { break }
            for index in deepenable { depth[index] += 1 }
        }
        // Folders with dashes can still clash (`a-b/c` and `a/b-c`): a number then tells them apart.
        var names: [String: String] = [:]
        var taken: [String: Int] = [:]
        for index in unique.indices {
            let base = name(index)
            taken[base, default: 0] += 1
            names[unique[index]] = taken[base]! == 1 ? base : "\(base)-\(taken[base]!)"
        }
        return paths.map { names[Self.standardized($0)]! }
    }

    private static func standardized(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
}
