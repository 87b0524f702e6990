public import Foundation
public import SMSpec

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A headless Chromium driven over the DevTools protocol, for testing pages as a browser shows them.
///
/// No WebDriver and no npm: `--remote-debugging-pipe` makes Chromium read commands from its file descriptor 3 and
/// write answers and events to 4, each message JSON ended by a NUL byte. The browser runs with the network off
/// (an unreachable proxy, no name resolution, and the page's network emulated offline), in a fresh profile, in its
/// own process group that is ended when the value is released. Every wait is bounded, so a test cannot hang.
public final class Chromium {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Chromium's executable on PATH, or nil when it is not installed.
    public static var executable: String? { InstalledProgram.find("chromium", "chromium-browser", "google-chrome") }

    /// The addresses the pages asked for, in order (from the DevTools `Network.requestWillBeSent` events).
    public private(set) var requestedURLs: [String] = []
    /// Uncaught exceptions and console errors of the pages.
    public private(set) var pageErrors: [String] = []

    private let process: pid_t
    private let commands: Int32
    private let answers: Int32
    private let profile: ScratchDirectory
    private let timeout: Duration
    private var received: [UInt8] = []
    private var pending: [JSONNode] = []
    private var nextID = 1
    private var session = ""

    public init(width: Int = 1280, height: Int = 1000, timeout: Duration = .seconds(30)) throws {
        guard let executable = Self.executable else { throw Failure(description: "chromium is not installed") }
        self.timeout = timeout
        profile = try ScratchDirectory("chromium-profile")
        // The browser's ends go to its fds 3 and 4; ours stay close-on-exec. Both are first moved above 10 so that
        // dup2 never lands one on the other.
        let (commandsRead, commandsWrite) = try Self.makePipe()
        let (answersRead, answersWrite) = try Self.makePipe()
        commands = commandsWrite
        answers = answersRead
        let arguments = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--user-data-dir=\(profile.url.path)", "--no-first-run", "--no-default-browser-check", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
            "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>", "--host-resolver-rules=MAP * ~NOTFOUND",
            "--window-size=\(width),\(height)", "about:blank",
        ]
        #if canImport(Glibc)
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #else
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, commandsRead, 3)
        posix_spawn_file_actions_adddup2(&actions, answersWrite, 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, &argv, &envp)
        close(commandsRead)
        close(answersWrite)
        guard status == 0 else {
            close(commandsWrite)
            close(answersRead)
            throw Failure(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        process = pid
        session = try attach()
    }

    deinit {
        close(commands)
        close(answers)
        // The browser and the renderers it started share its process group.
        kill(-process, SIGKILL)
        var status: Int32 = 0
        waitpid(process, &status, 0)
    }

    // MARK: - Driving pages

    /// Opens `url` and waits for its load event.
    public func open(_ url: URL) throws {
        pending.removeAll { $0["method"]?.stringValue == "Page.loadEventFired" }
        _ = try command("Page.navigate", ["url": .string(url.absoluteString)])
        _ = try event("Page.loadEventFired")
    }

    /// Evaluates a JavaScript expression in the page and returns its value (as JSON).
    public func evaluate(_ expression: String) throws -> JSONNode {
        let result = try command("Runtime.evaluate", ["expression": .string(expression), "returnByValue": .bool(true)])
        if let exception = result["exceptionDetails"] {
            throw Failure(description: "\(expression): \(JSONWriter.string(exception, style: .compact))")
        }
        return result["result"]?["value"] ?? .null
    }

    /// Clicks the middle of the first element `selector` matches, with the mouse, after scrolling it into view.
    public func click(_ selector: String) throws {
        let point = try evaluate(
            """
            (() => { const e = document.querySelector(\(JSONWriter.literal(selector))); if (!e) return null;
                     e.scrollIntoView({ block: "center" }); const r = e.getBoundingClientRect();
                     return [r.x + r.width / 2, r.y + r.height / 2]; })()
            """)
        guard let xy = point.arrayValue, xy.count == 2, let x = Self.number(xy[0]), let y = Self.number(xy[1]) else {
            throw Failure(description: "nothing matches \(selector) to click")
        }
        for type in ["mousePressed", "mouseReleased"] {
            _ = try command(
                "Input.dispatchMouseEvent",
                [
                    "type": .string(type), "x": Self.json(x), "y": Self.json(y),
                    "button": .string("left"), "clickCount": .int(1),
                ])
        }
    }

    /// Presses and releases a key that types no text (`ArrowRight`, `ArrowLeft`, `Escape`) on the focused page.
    public func press(_ key: String) throws {
        let codes = ["ArrowLeft": 37, "ArrowRight": 39, "Escape": 27]
        guard let code = codes[key] else { throw Failure(description: "no key code for \(key)") }
        for type in ["rawKeyDown", "keyUp"] {
            _ = try command(
                "Input.dispatchKeyEvent",
                [
                    "type": .string(type), "key": .string(key), "code": .string(key),
                    "windowsVirtualKeyCode": .int(code), "nativeVirtualKeyCode": .int(code),
                ])
        }
    }

    /// Writes a PNG of the viewport.
    public func screenshot(to path: String) throws {
        let result = try command("Page.captureScreenshot", ["format": .string("png")])
        guard let text = result["data"]?.stringValue, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot data")
        }
        try data.write(to: URL(fileURLWithPath: path))
    }

    // MARK: - The protocol

    /// A target (a tab) with its own session, the network off, and requests, exceptions and console errors recorded.
    private func attach() throws -> String {
        let target = try command("Target.createTarget", ["url": .string("about:blank")], inSession: false)
        guard let targetID = target["targetId"]?.stringValue else { throw Failure(description: "no target id") }
        let attached = try command("Target.attachToTarget", ["targetId": .string(targetID), "flatten": .bool(true)], inSession: false)
        guard let sessionID = attached["sessionId"]?.stringValue else { throw Failure(description: "no session id") }
        session = sessionID
        for domain in ["Page.enable", "Network.enable", "Runtime.enable"] { _ = try command(domain) }
        _ = try command(
            "Network.emulateNetworkConditions",
            [
                "offline": .bool(true), "latency": .int(0),
                "downloadThroughput": .int(-1), "uploadThroughput": .int(-1),
            ])
        return sessionID
    }

    /// Sends a command and returns its result; events that arrive meanwhile are kept for `event`.
    private func command(_ method: String, _ parameters: [String: JSONNode] = [:], inSession: Bool = true) throws -> JSONNode {
        let id = nextID
        nextID += 1
        var message: [(String, JSONNode)] = [
            ("id", .int(id)), ("method", .string(method)),
            ("params", .object(parameters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
        ]
        if inSession { message.append(("sessionId", .string(session))) }
        var bytes = Array(JSONWriter.string(.object(message), style: .compact).utf8)
        bytes.append(0)
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(commands, buffer.baseAddress! + offset, buffer.count - offset)
                guard written > 0 else { throw Failure(description: "cannot write to chromium: \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
        while true {
            let message = try nextMessage()
            if message["id"]?.integerValue == id {
                if let error = message["error"] { throw Failure(description: "\(method): \(JSONWriter.string(error, style: .compact))") }
                return message["result"] ?? .null
            }
            record(message)
        }
    }

    /// Waits for an event of the session (one already received counts).
    private func event(_ method: String) throws -> JSONNode {
        if let index = pending.firstIndex(where: { $0["method"]?.stringValue == method }) { return pending.remove(at: index) }
        while true {
            let message = try nextMessage()
            if message["method"]?.stringValue == method && message["sessionId"]?.stringValue == session { return message }
            record(message)
        }
    }

    private func record(_ message: JSONNode) {
        switch message["method"]?.stringValue {
        case "Network.requestWillBeSent":
            if let url = message["params"]?["request"]?["url"]?.stringValue { requestedURLs.append(url) }
        case "Runtime.exceptionThrown":
            pageErrors.append(JSONWriter.string(message["params"]?["exceptionDetails"] ?? .null, style: .compact))
        case "Runtime.consoleAPICalled" where message["params"]?["type"]?.stringValue == "error":
            pageErrors.append(JSONWriter.string(message["params"]?["args"] ?? .null, style: .compact))
        case "Page.loadEventFired":
            pending.append(message)
        default:
            break
        }
    }

    /// The next NUL-terminated message, waiting at most `timeout`.
    private func nextMessage() throws -> JSONNode {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let end = received.firstIndex(of: 0) {
                let text = String(decoding: received[..<end], as: UTF8.self)
                received.removeSubrange(...end)
                return try JSONParser.parse(text)
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { throw Failure(description: "chromium did not answer within \(timeout)") }
            var descriptor = pollfd(fd: answers, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1, 60_000))
            guard poll(&descriptor, 1, milliseconds) >= 0 else { throw Failure(description: "poll: \(String(cString: strerror(errno)))") }
            guard descriptor.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(answers, &chunk, chunk.count)
            guard count > 0 else { throw Failure(description: "chromium closed its pipe (it exited)") }
            received += chunk[..<count]
        }
    }

    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
        defer { close(ends[0]); close(ends[1]) }
        let read = fcntl(ends[0], F_DUPFD_CLOEXEC, 10), write = fcntl(ends[1], F_DUPFD_CLOEXEC, 10)
        guard read >= 0 && write >= 0 else { throw Failure(description: "fcntl: \(String(cString: strerror(errno)))") }
        return (read, write)
    }

    private static func number(_ node: JSONNode) -> Double? {
        if case .number(let n) = node.value { Double(n.text) } else { nil }
    }

    private static func json(_ value: Double) -> JSONNode { JSONNode(.number(JSONNumber(text: String(value)))) }
}
