import Foundation
import SMEngine
import SMSCXML
import SMSpec
import Synchronization

/// Loads (JSON or SCXML, by extension) and compiles a spec; when it cannot be used, prints why and exits with 2.
func loadMachine(_ path: String) throws -> Machine {
    do {
        return try Machine(try SpecFile.load(path: path))
    } catch {
        printError(error.description)
        throw ExitStatus.unusableInput
    }
}

/// `[place: ]error: message`: the one form every command writes its errors in, as compilers do, so editors and CI
/// logs can jump to the place.
func reportError(_ message: String, at place: String? = nil) {
    printError((place.map { "\($0): " } ?? "") + "error: " + message)
}

/// `[place: ]warning: message`, like `reportError`.
func reportWarning(_ message: String, at place: String? = nil) {
    printError((place.map { "\($0): " } ?? "") + "warning: " + message)
}

/// Writes a message to standard error. Control characters from the user's input (a file name, an event typed at
/// `run`, a guard) are escaped here, whichever message carries them, so none can move a terminal's cursor or color
/// its text; tabs and line breaks stay.
func printError(_ text: String, terminator: String = "\n") {
    FileHandleOutput.standardError(text.controlCharactersEscapedKeepingLines + terminator)
}

enum FileHandleOutput {
    static func standardError(_ string: String) {
        FileHandle.standardError.write(Data(string.utf8))
    }

    /// Writes a line to standard output at once, unbuffered; a write that fails is remembered for `SMCheck.finish`.
    static func standardOutputLine(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + written, bytes.count - written) }
            if result < 0 {
                if errno == EINTR { continue }
                standardOutputError.store(errno, ordering: .relaxed)
                return
            }
            written += result
        }
    }

    /// The `errno` of the last unbuffered write to standard output that failed; 0 when none did.
    static let standardOutputError = Atomic<Int32>(0)

    /// True when standard output is a terminal (colors, progress).
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) != 0 }

    /// Erases the progress line a long run wrote on a terminal.
    static func clearProgressLine() {
        if standardErrorIsTerminal { standardError("\r\u{1B}[K") }
    }

    /// How often progress is shown: twice a second on a terminal (rewriting one line), every ten seconds in a log
    /// (a line each), so a long run in CI is never silent.
    static var progressInterval: Duration { standardErrorIsTerminal ? .milliseconds(500) : .seconds(10) }

    /// Shows one progress report: on a terminal by rewriting the current line, elsewhere as a line of its own.
    static func progress(_ text: String) {
        if standardErrorIsTerminal {
            standardError("\r\u{1B}[K  " + text)
        } else {
            standardError("smcheck: " + text + "\n")
        }
    }
}
