import Foundation

/// Programs the tests drive when they are installed (Graphviz's `dot`, Chromium).
public enum InstalledProgram {
    /// The first of `names` found on PATH, as a full path.
    public static func find(_ names: String...) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for name in names {
            for directory in path.split(separator: ":") {
                let candidate = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: candidate) { return String(candidate) }
            }
        }
        return nil
    }
}
