public import Foundation

/// Runs the `smcheck` executable built next to the test bundle.
public enum SMCheckCommand {
    public struct Output: Sendable {
        public let status: Int32
        public let standardOutput: String
        public let standardError: String
    }

    public static var executable: URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
        var directory = testBinary.deletingLastPathComponent()
        // On macOS the tests run inside a .xctest bundle.
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS" || directory.lastPathComponent == "Contents" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("smcheck")
    }

    /// Runs `smcheck arguments...` in the repository root, with `input` on standard input.
    public static func run(_ arguments: [String], input: String = "") throws -> Output {
        try run(executable, arguments, input: input)
    }

    /// Runs any program in the repository root, with `input` on standard input (written before the output is read:
    /// keep it within a pipe's buffer unless the program reads all of it first).
    public static func run(_ executable: URL, _ arguments: [String], input: String = "") throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = Fixtures.repositoryRoot
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
                      standardError: String(decoding: err, as: UTF8.self))
    }
}
