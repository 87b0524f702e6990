import Foundation

/// Why a file could not be written, in words: Foundation's messages for it ("The operation could not be
/// completed. (NSCocoaErrorDomain error 512.)", "The file doesn't exist.") name neither the path's problem nor
/// what to do.
enum WriteProblem {
    /// Why a file cannot be written where a folder is.
    static let directoryInTheWay = "it is a directory; give a file name inside it"

    static func describe(_ error: any Error, writing path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return directoryInTheWay
        }
        // As the path was given (relative stays relative).
        let parent = PathText.folder(of: path)
        let folder = parent.isEmpty ? "." : parent
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            return "the folder \(folder) does not exist; create it first"
        }
        if !isDirectory.boolValue { return "\(folder) is a file, not a folder" }
        if !FileManager.default.isWritableFile(atPath: folder) { return "the folder \(folder) is not writable" }
        return ReadProblem.systemReason(error)
    }

    /// Why the folder `path` (and the folders above it that are missing) could not be created.
    static func describe(_ error: any Error, creatingFolder path: String) -> String {
        // The nearest of its ancestors that exists is in the way, or cannot take a folder.
        var ancestor = PathText.folder(of: path)
        var isDirectory: ObjCBool = false
        while !ancestor.isEmpty && ancestor != "/" && !FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory) {
            ancestor = PathText.folder(of: ancestor)
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            return "it is a file, not a folder"
        }
        let folder = ancestor.isEmpty ? "." : ancestor
        if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
            return "\(folder) is a file, not a folder"
        }
        if !FileManager.default.isWritableFile(atPath: folder) { return "the folder \(folder) is not writable" }
        return error.localizedDescription
    }
}
