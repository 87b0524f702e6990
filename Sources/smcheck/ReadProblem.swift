import Foundation

/// Why a file operation failed, in words: Foundation's message for it ("The operation could not be completed.
/// (NSCocoaErrorDomain error 256.)") names neither the path's problem nor what to do. (Reading goes through
/// `BoundedFile`, which says why itself.)
enum ReadProblem {
    /// What the system said, when Foundation kept it (`strerror` of the POSIX error under it); else Foundation's text.
    static func systemReason(_ error: any Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return error.localizedDescription
    }
}
