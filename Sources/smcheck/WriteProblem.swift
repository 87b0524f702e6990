import Foundation

/// Why a file could not be written, in words: Foundation's messages for it ("The operation could not be
/// completed. (NSCocoaErrorDomain error 512.)", "The file doesn't exist.") name neither the path's problem nor
/// what to do.
enum WriteProblem {
    static func describe(_ error: any Error, writing path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return "it is a directory; give a file name inside it"
        }
        // As the path was given (relative stays relative).
        let parent = (path as NSString).deletingLastPathComponent
        let folder = parent.isEmpty ? "." : parent
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
            return "the folder \(folder) does not exist; create it first"
        }
        if !isDirectory.boolValue { return "\(folder) is a file, not a folder" }
        if !FileManager.default.isWritableFile(atPath: folder) { return "the folder \(folder) is not writable" }
        // What the system said, when Foundation kept it.
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}
