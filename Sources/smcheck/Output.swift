import Foundation
import SMEngine
import SMSCXML
import SMSpec

/// Loads (JSON or SCXML, by extension) and compiles a spec; when it cannot be used, prints why and exits with 2.
func loadMachine(_ path: String) throws -> Machine {
    do {
        return try Machine(try SpecFile.load(path: path))
    } catch {
        printError(error.description)
        throw ExitStatus.unusableInput
    }
}

enum FileHandleOutput {
    static func standardError(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }

    /// True when standard output is a terminal (colors, progress).
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Erases the progress line a long run wrote on a terminal.
    static func clearProgressLine() {
        if standardErrorIsTerminal { standardError("\r\u{1B}[K") }
    }
}
