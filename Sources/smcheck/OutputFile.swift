import Foundation

/// Where a command's output file really goes. Output is written to a temporary and renamed over the path (a reader
/// never sees half a file), but a rename replaces what the path is: a symbolic link would become a file, and
/// `/dev/null` or a FIFO a regular file (run as root, `-o /dev/null` would replace the system's). So a link's target
/// is replaced instead, and anything that is not a regular file is written through.
enum OutputFile {
    /// The path to replace, or to write through when `writesThrough` (a device, a FIFO, a socket).
    static func target(of path: String) -> (path: String, writesThrough: Bool) {
        var status = stat()
        // stat follows links: what the link leads to decides.
        guard stat(path, &status) == 0 else { return (path, false) }
        if status.st_mode & S_IFMT != S_IFREG { return (path, true) }
        var link = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return (path, false) }
        defer { free(resolved) }
        return (String(cString: resolved), false)
    }

    /// Writes `text` to `path` as `target(of:)` says: whole or not at all for a file, through for a device.
    static func write(_ text: String, to path: String) throws {
        let target = target(of: path)
        if target.writesThrough {
            try Data(text.utf8).write(to: URL(fileURLWithPath: target.path))
        } else {
            try text.write(toFile: target.path, atomically: true, encoding: .utf8)
        }
    }
}
