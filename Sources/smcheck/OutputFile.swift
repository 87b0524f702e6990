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
        guard stat(path, &status) == 0 else { return (danglingLinkTarget(of: path) ?? path, false) }
        if status.st_mode & S_IFMT != S_IFREG { return (path, true) }
        var link = stat()
        guard lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else { return (path, false) }
        defer { free(resolved) }
        return (String(cString: resolved), false)
    }

    /// Where a link that leads to no file yet points (followed through further links, at most 40 as the kernel
    /// does), so that writing creates that file and the link stays; nil when `path` is no link.
    private static func danglingLinkTarget(of path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            var link = stat()
            guard lstat(current, &link) == 0, link.st_mode & S_IFMT == S_IFLNK else { return current == path ? nil : current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : PathText.joining(PathText.folder(of: current), destination)
        }
        return nil
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
