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
        return folderProblem(of: path) ?? ReadProblem.systemReason(error)
    }

    /// What is wrong with the folder a file at `path` goes in: missing, a file, or not writable. The folder is named
    /// as the path gives it (relative stays relative).
    private static func folderProblem(of path: String) -> String? {
        var isDirectory: ObjCBool = false
        let parent = PathText.folder(of: path)
        let folder = parent.isEmpty ? "." : parent
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            return "the folder \(folder) does not exist; create it first"
        }
        if !isDirectory.boolValue { return "\(folder) is a file, not a folder" }
        if !FileManager.default.isWritableFile(atPath: folder) { return "the folder \(folder) is not writable" }
        return nil
    }

    /// Why a file could not be written at `path`, found before the work that makes it is done (a campaign's
    /// report must not be lost after the campaign): a directory there, a missing or unwritable folder. Nil when
    /// nothing is in the way that can be seen beforehand.
    static func beforeWriting(_ path: String) -> String? {
        if path.isEmpty { return "an empty path names no file; give a file name" }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return directoryInTheWay }
            return FileManager.default.isWritableFile(atPath: path) ? nil : "the file is not writable"
        }
        return folderProblem(of: path)
    }

    /// Why a command that reads `inputs` must not write `output`: it is one of them, and the spec would be replaced by
    /// what was made from it. Nil when it is another file.
    static func overwritesInput(_ output: String, inputs: [String]) -> String? {
        guard let input = input(replacedBy: output, among: inputs) else { return nil }
        return "\(output) is the spec this command reads (\(input)); give another file"
    }

    /// The input that writing `output` would replace (the same file, however spelled), or nil.
    static func input(replacedBy output: String, among inputs: [String]) -> String? {
        inputs.first { isSameFile($0, output) }
    }

    /// Whether two paths name one file: by device and inode when both exist (another spelling, a link), else by the
    /// standardized path.
    static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        if stat(a, &first) == 0 && stat(b, &second) == 0 { return first.st_dev == second.st_dev && first.st_ino == second.st_ino }
        return URL(fileURLWithPath: a).standardizedFileURL.path == URL(fileURLWithPath: b).standardizedFileURL.path
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
