import Foundation

/// Runs SPIN (Debian package `spin`) on a Promela model: generates the verifier, compiles it with breadth-first
/// search (what smcheck does, for shortest traces), and reads its statistics.
public enum Spin {
    public struct Result: Sendable {
        public let states: Int
        public let statesPerSecond: Double
        public let megabytes: Double
        public let seconds: Double
        public var bytesPerState: Double { megabytes * 1_048_576 / Double(max(states, 1)) }
    }

    public static var isInstalled: Bool { which("spin") != nil && which("gcc") != nil }

    /// pan's `-w` for a search of `states` states: a hash table of two to four times as many slots (the power of
    /// two above twice the states), as SPIN's manual advises a table at least as big as the state count. A much
    /// bigger table is not free: pan's time then goes into touching its pages (with `-w26`, 512 MB, the 228,486
    /// states of the philosophers ran at 0.39 M/s, against 0.57–0.62 with `-w18` to `-w20`).
    public static func hashBits(forStates states: Int) -> Int {
        max(16, Int.bitWidth - max(states, 1).leadingZeroBitCount + 1)
    }

    public static func run(model: String, hashBits: Int = 26) throws -> Result? {
        guard let spin = which("spin"), let gcc = which("gcc") else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("smcheck-spin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try model.write(to: directory.appendingPathComponent("model.pml"), atomically: true, encoding: .utf8)
        _ = try execute(spin, ["-a", "model.pml"], in: directory)
        _ = try execute(gcc, ["-O2", "-DBFS", "-DSAFETY", "-DNOCLAIM", "-DMEMLIM=16000", "-o", "pan", "pan.c"], in: directory)
        let start = Date()
        // -m: BFS stops at depth 10,000 by default, which a deep model (the chain) passes.
        let output = try execute(directory.appendingPathComponent("pan").path, ["-w\(hashBits)", "-m1000000000"], in: directory)
        let seconds = Date().timeIntervalSince(start)
        func number(before marker: String) -> Double? {
            for line in output.split(separator: "\n") where line.contains(marker) {
                if let value = line.split(whereSeparator: \.isWhitespace).compactMap({ Double($0) }).first { return value }
            }
            return nil
        }
        guard let states = number(before: "states, stored") else { return nil }
        // pan leaves the rate out when it finishes within its clock's resolution.
        let rate = number(before: "states/second") ?? states / seconds
        return Result(states: Int(states), statesPerSecond: rate, megabytes: number(before: "total actual memory usage") ?? 0,
                      seconds: seconds)
    }

    private static func which(_ tool: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    private static func execute(_ tool: String, _ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
