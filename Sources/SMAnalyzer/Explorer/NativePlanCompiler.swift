import Foundation
@_spi(Stepping) import SMEngine
import Synchronization

/// Builds a library of native plans (`NativePlanSource`) with the system's C compiler and loads it, as SPIN compiles
/// its `pan.c`: the compiler runs in a process of its own, bounded in time, in a directory of its own that is
/// removed once the library is loaded (a loaded library needs no file). Which compiler: `SMCHECK_CC` when set (a
/// name on the PATH or a path; empty, `none` or `off` for none), else the first of `cc`, `clang` and `gcc` on the
/// PATH (a Swift toolchain brings clang).
final class NativePlanCompiler: Sendable {
    /// The compiler's path.
    let path: String
    /// How long one compilation may take before it is stopped.
    let timeLimit: Duration
    /// The compiler process running, so that `cancel` can stop it; and whether the compiler was cancelled.
    private let running = Mutex<(process: Process?, cancelled: Bool)>((nil, false))

    init(path: String, timeLimit: Duration = .seconds(60)) {
        self.path = path
        self.timeLimit = timeLimit
    }

    /// The compiler `SMCHECK_CC` or the PATH names, or why there is none.
    static func find(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<String, Unavailable> {
        if let chosen = environment["SMCHECK_CC"] {
            if chosen.isEmpty || ["none", "off"].contains(chosen.lowercased()) {
                return .failure(Unavailable("SMCHECK_CC=\(chosen) turns native plans off"))
            }
            guard let path = executable(named: chosen, environment: environment) else {
                return .failure(Unavailable("SMCHECK_CC names '\(chosen)', which is not an executable file or on the PATH"))
            }
            return .success(path)
        }
        for name in ["cc", "clang", "gcc"] {
            if let path = executable(named: name, environment: environment) { return .success(path) }
        }
        return .failure(Unavailable("no C compiler (cc, clang or gcc) on the PATH; SMCHECK_CC names one"))
    }

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func executable(named name: String, environment: [String: String]) -> String? {
        let manager = FileManager.default
        if name.contains("/") { return manager.isExecutableFile(atPath: name) ? name : nil }
        for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if manager.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Stops the compilation under way, if any, and every later one.
    func cancel() {
        let process = running.withLock { state -> Process? in
            state.cancelled = true
            return state.process
        }
        if let process, process.isRunning { Self.stop(process) }
    }

    /// Stops the compiler at once. SIGKILL, not SIGTERM: a process started from a thread that blocks signals (a
    /// Dispatch thread's, as Swift concurrency's) inherits the mask, and a blocked SIGTERM stops nothing.
    private static func stop(_ process: Process) {
        _ = kill(process.processIdentifier, SIGKILL)
    }

    /// Compiles `source` and loads the library: the table of its plans, or why there is none.
    func build(_ source: NativePlanSource) throws(Failure) -> NativePlanTable {
        let library = try library(compiling: source.text)
        func symbol(_ name: NativePlanSource.Symbol) throws(Failure) -> UnsafeRawPointer {
            guard let address = library.symbol(name.rawValue) else { throw Failure("the compiled plans lack \(name.rawValue)") }
            return address
        }
        let fingerprint = try symbol(.fingerprint).load(as: UInt64.self)
        let count = try symbol(.count).load(as: Int64.self)
        guard fingerprint == source.fingerprint, count == source.planCount else {
            throw Failure("the library loaded is not the one compiled (fingerprint or plan count differs)")
        }
        return NativePlanTable(
            words: source.words, count: Int(count), instances: try symbol(.instances).assumingMemoryBound(to: Int32.self),
            controls: try symbol(.controls).assumingMemoryBound(to: UInt64.self),
            functions: try symbol(.functions).assumingMemoryBound(to: NativePlanFunction?.self), owner: library)
    }

    /// Compiles the C `text` into a shared library and loads it.
    func library(compiling text: String) throws(Failure) -> NativeLibrary {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sourcePath = directory + "/plans.c"
        let libraryPath = directory + "/plans.so"
        do {
            try text.write(toFile: sourcePath, atomically: false, encoding: .utf8)
        } catch {
            throw Failure("could not write \(sourcePath): \(error.localizedDescription)")
        }
        try compile(sourcePath, into: libraryPath)
        guard let handle = dlopen(libraryPath, RTLD_NOW | RTLD_LOCAL) else {
            throw Failure("could not load the compiled plans: \(dlerror().map { String(cString: $0) } ?? "dlopen failed")")
        }
        return NativeLibrary(handle)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private func makeDirectory() throws(Failure) -> String {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("smcheck-native-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw Failure(
                "could not make a directory for the compiler in \(FileManager.default.temporaryDirectory.path): \(String(cString: strerror(errno)))"
            )
        }
        return String(cString: made)
    }

    /// Runs the compiler, at most `timeLimit`; its messages go to a file beside the source (a pipe nobody reads
    /// while it runs would stop it once full).
    private func compile(_ sourcePath: String, into libraryPath: String) throws(Failure) {
        let messagesPath = sourcePath + ".messages"
        guard FileManager.default.createFile(atPath: messagesPath, contents: nil), let messages = FileHandle(forWritingAtPath: messagesPath)
        else { throw Failure("could not write \(messagesPath)") }
        defer { try? messages.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        // -O1: most of -O2's code for a third of its time on these functions; -w: generated code, nothing to warn of.
        process.arguments = ["-O1", "-w", "-shared", "-fPIC", "-o", libraryPath, sourcePath]
        process.standardError = messages
        process.standardOutput = messages
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        let started: Bool = running.withLock { state in
            guard !state.cancelled else { return false }
            guard (try? process.run()) != nil else { return false }
            state.process = process
            return true
        }
        defer { running.withLock { $0.process = nil } }
        guard started else {
            throw Failure(running.withLock { $0.cancelled } ? "cancelled" : "could not run the C compiler \(path)")
        }
        let seconds = Double(timeLimit.components.seconds) + Double(timeLimit.components.attoseconds) / 1e18
        if finished.wait(timeout: .now() + seconds) == .timedOut {
            Self.stop(process)
            _ = finished.wait(timeout: .now() + 5)
            throw Failure("the C compiler \(path) took more than \(timeLimit) and was stopped")
        }
        if running.withLock({ $0.cancelled }) { throw Failure("cancelled") }
        guard process.terminationReason == .exit && process.terminationStatus == 0 else {
            let text = (try? String(contentsOfFile: messagesPath, encoding: .utf8)) ?? ""
            let message = text.split(separator: "\n").prefix(3).joined(separator: " / ")
            throw Failure("the C compiler \(path) failed (status \(process.terminationStatus))\(message.isEmpty ? "" : ": \(message)")")
        }
    }

}

/// A loaded library, unloaded with its last owner.
final class NativeLibrary: @unchecked Sendable {
    private let handle: UnsafeMutableRawPointer
    init(_ handle: UnsafeMutableRawPointer) { self.handle = handle }
    deinit { dlclose(handle) }

    /// The address of the symbol `name` exports, if it does.
    func symbol(_ name: String) -> UnsafeRawPointer? { dlsym(handle, name).map { UnsafeRawPointer($0) } }
}
