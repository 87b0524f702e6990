public import Foundation

/// What a process printed and how it ended.
public struct ProcessOutput: Sendable {
    public let status: Int32
    public let standardOutput: String
    public let standardError: String
}

/// Runs a program to its end in `directory` (default: the repository root), with `input` on standard input and
/// `environment` over this process's. With `mergingErrors`, standard error goes into `standardOutput` too,
/// interleaved as the program wrote it.
public func runProcess(
    _ executable: URL, _ arguments: [String], in directory: URL = Fixtures.repositoryRoot, input: String = "",
    environment: [String: String] = [:], mergingErrors: Bool = false
) throws -> ProcessOutput {
    try runProcess(
        executable, arguments, in: directory, inputBytes: Data(input.utf8), environment: environment, mergingErrors: mergingErrors)
}

/// `runProcess` with bytes on standard input that need not be UTF-8.
public func runProcess(
    _ executable: URL, _ arguments: [String], in directory: URL = Fixtures.repositoryRoot, inputBytes: Data,
    environment: [String: String] = [:], mergingErrors: Bool = false
) throws -> ProcessOutput {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
    let stdin = Pipe(), stdout = Pipe(), stderr = mergingErrors ? stdout : Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(inputBytes)
    try stdin.fileHandleForWriting.close()
    // Standard error is read on another thread: a process that fills one pipe while the other is read would block.
    let errors = mergingErrors ? nil : ErrorCollector(stderr.fileHandleForReading)
    let out = stdout.fileHandleForReading.readDataToEndOfFile()
    let err = errors?.wait() ?? Data()
    process.waitUntilExit()
    return ProcessOutput(
        status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
        standardError: String(decoding: err, as: UTF8.self))
}

/// Reads a pipe to its end on a thread of its own.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// Runs the `smcheck` executable built next to the test bundle.
public enum SMCheckCommand {
    public typealias Output = ProcessOutput

    public static var executable: URL { buildDirectory.appendingPathComponent("smcheck") }

    /// The directory the test bundle and the products were built into (`.build/<triple>/debug`, or the scratch
    /// path's).
    public static var buildDirectory: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
        var directory = testBinary.deletingLastPathComponent()
        // On macOS the tests run inside a .xctest bundle.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS" || directory.lastPathComponent == "Contents" {
            directory = directory.deletingLastPathComponent()
        }
        return directory
    }

    /// Runs `smcheck arguments...` in the repository root, with `input` on standard input and `environment` over
    /// this process's.
    public static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Output {
        try runProcess(executable, arguments, input: input, environment: environment)
    }

    /// `run` with bytes on standard input that need not be UTF-8.
    public static func run(_ arguments: [String], inputBytes: Data) throws -> Output {
        try runProcess(executable, arguments, inputBytes: inputBytes)
    }
}
