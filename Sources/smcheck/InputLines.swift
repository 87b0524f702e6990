import Foundation
import SMSpec

#if canImport(Glibc)
    import Glibc
#endif

/// The lines of a file descriptor (standard input for `smcheck run`), returned as they arrive and each at most
/// `maximumBytes` long. `readLine()` would hold a line of any length (a pipe that never sends a newline fills memory)
/// and turns invalid UTF-8 into U+FFFD without a word.
struct InputLines {
    enum Line: Equatable {
        case text(String)
        /// Longer than `maximumBytes` (its bytes were read and dropped), or not UTF-8: why, and the column (counting
        /// scalars from 1) it is about.
        case refused(problem: String, column: Int)
    }

    static let maximumBytes = 1 << 20

    private let fileDescriptor: Int32
    /// Bytes read; those before `start` were returned already.
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

    /// The next line without its `\n` or `\r\n`; nil at the end of the input.
    mutating func next() -> Line? {
        var dropping = false
        var searched = start
        while true {
            if let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                defer { start = newline + 1 }
                return dropping || newline - start > Self.maximumBytes ? Self.tooLong : Self.decode(buffer[start..<newline])
            }
            if atEnd {
                guard start < buffer.count || dropping else { return nil }
                defer { start = buffer.count }
                return dropping || buffer.count - start > Self.maximumBytes ? Self.tooLong : Self.decode(buffer[start...])
            }
            if buffer.count - start > Self.maximumBytes {
                // Keep memory bounded: the line is refused whole, so its bytes need not be kept.
                dropping = true
                start = buffer.count
            }
            searched = buffer.count - start
            readMore()
            searched += start
        }
    }

    /// Appends what the descriptor has (waiting for some), first dropping the bytes already returned.
    private mutating func readMore() {
        buffer.removeSubrange(..<start)
        start = 0
        let chunk = 64 * 1024
        let old = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: chunk))
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress! + old, chunk) }
            if count < 0 && errno == EINTR { continue }
            buffer.removeLast(chunk - max(count, 0))
            if count <= 0 { atEnd = true }
            return
        }
    }

    private static let tooLong = Line.refused(
        problem: "the line is longer than \(maximumBytes / 1024 / 1024) MB; an event line holds an event, its arguments and choices",
        column: 1)

    private static func decode(_ slice: ArraySlice<UInt8>) -> Line {
        let bytes = Array(slice.last == UInt8(ascii: "\r") ? slice.dropLast() : slice)
        if let invalid = JSONParser.firstInvalidUTF8Offset(bytes) {
            let column = bytes[..<invalid].count { $0 & 0xC0 != 0x80 } + 1
            return .refused(
                problem: JSONParser.invalidUTF8Message(bytes[invalid], advice: "event lines must be UTF-8 text"), column: column)
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}
