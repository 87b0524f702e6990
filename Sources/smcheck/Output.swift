import Foundation

enum FileHandleOutput {
    static func standardError(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }

    /// True when standard output is a terminal (colors, progress).
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }
}
