import Foundation

/// Reads a whole file, but never more than a limit: a device (`/dev/zero`), a pipe or a file that grows while it is
/// read cannot make smcheck read (or allocate) without bound. Specs, results, fuzz failures and configuration files
/// are all read through it.
package enum BoundedFile {
    /// Why a file's bytes could not be had, in words that fit after "cannot read it: ".
    package enum Problem: Error, Equatable {
        case missing
        case directory
        /// The system's reason (`strerror`), such as "Permission denied".
        case unreadable(String)
        /// Over the limit; `knownSize` is nil when the file gave no size (a device or a pipe) and only the limit's
        /// worth was read.
        case tooLarge(knownSize: Int?, limit: Int)

        package var reason: String {
            switch self {
            case .missing: "it does not exist"
            case .directory: "it is a directory; give a file"
            case .unreadable(let reason): reason
            case .tooLarge(let size?, let limit): "it is \(Self.megabytes(size)), over the \(Self.megabytes(limit)) limit"
            case .tooLarge(nil, let limit): "it is larger than the \(Self.megabytes(limit)) limit"
            }
        }

        /// "16.0 MB", or "1.0 GB" from a gigabyte on.
        package static func megabytes(_ n: Int) -> String {
            n >= 1 << 30 ? String(format: "%.1f GB", Double(n) / 1_073_741_824) : String(format: "%.1f MB", Double(n) / 1_048_576)
        }
    }

    /// Results of a large campaign can be far bigger than a spec; this only stops a runaway read.
    package static let resultLimit = 256 << 20

    package static func read(_ path: String, maximumBytes: Int) throws(Problem) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .missing }
        guard !isDirectory.boolValue else { throw .directory }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > maximumBytes {
            throw .tooLarge(knownSize: size, limit: maximumBytes)
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadable(String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // At most one byte past the limit: enough to know it was passed.
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if let underlying, underlying.domain == NSPOSIXErrorDomain {
                throw .unreadable(String(cString: strerror(Int32(underlying.code))))
            }
            throw .unreadable(error.localizedDescription)
        }
        if data.count > maximumBytes { throw .tooLarge(knownSize: nil, limit: maximumBytes) }
        return [UInt8](data)
    }
}
