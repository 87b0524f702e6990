/// A path's folder and name, as text: Foundation's `NSString` path methods crash on Linux for some short paths
/// (`("d" as NSString).deletingLastPathComponent` with a path read from the command line), and these are all a
/// command needs to say where a file goes.
enum PathText {
    /// The folder part of `path` as given ("" for a bare name, "/" for a file at the root); trailing slashes are
    /// not a name.
    static func folder(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        let folder = trimmed[..<slash]
        return folder.isEmpty ? "/" : String(folder)
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        guard let slash = trimmed.lastIndex(of: "/") else { return String(trimmed) }
        return String(trimmed[trimmed.index(after: slash)...])
    }

    /// `name` inside `folder` ("" meaning the working directory).
    static func joining(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` without the slashes that end it, `/` itself kept.
    private static func withoutTrailingSlashes(_ path: String) -> Substring {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
