public import Foundation

/// A fresh directory under the system's temporary directory, removed when the value is released.
public final class ScratchDirectory {
    public let url: URL

    public init(_ label: String = "smcheck") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The path of `name` inside the directory.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` inside the directory (its folders made as needed) and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent(name).deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(toFile: path(name), atomically: true, encoding: .utf8)
        return path(name)
    }
}
