import Foundation

/// Why a file could not be read, in words: Foundation's message for it ("The operation could not be completed.
/// (NSCocoaErrorDomain error 256.)") names neither the path's problem nor what to do.
enum ReadProblem {
    static func describe(_ error: any Error, reading path: String) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return "it does not exist" }
        if isDirectory.boolValue { return "it is a directory; give a file" }
        if !FileManager.default.isReadableFile(atPath: path) { return "it is not readable" }
        return systemReason(error)
    }

    /// What the system said, when Foundation kept it (`strerror` of the POSIX error under it); else Foundation's text.
    static func systemReason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}
