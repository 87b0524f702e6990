#if Graphviz
    internal import CGraphviz
    import Foundation
#endif

/// Why a diagram could not be drawn.
public struct DiagramError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}

/// Graphviz's `dot` layout and its renderers, linked in when smcheck is built with the "Graphviz" trait (the
/// default). Without it `isAvailable` is false and `render` says how to get diagrams.
public enum GraphvizLayout {
    /// A rendered graph, and what Graphviz warned about while drawing it.
    public struct Drawing: Sendable {
        public let text: String
        public let warnings: [String]
    }

    /// True when smcheck was built with the "Graphviz" trait and linked against libgvc.
    public static var isAvailable: Bool {
        #if Graphviz
            true
        #else
            false
        #endif
    }

    /// What to do to get drawn diagrams from a build without Graphviz.
    public static let unavailableMessage =
        "this smcheck was built without Graphviz, so it cannot draw diagrams; install "
        + "libgraphviz-dev and pkg-config (macOS: brew install graphviz pkg-config) and build with the default traits, "
        + "or write DOT (smcheck graph --format dot) and draw it with Graphviz's dot -Tsvg"

    /// Graphviz's version, e.g. "2.43.0", or nil when built without it.
    public static var version: String? {
        #if Graphviz
            return try? Session.withContext { $0.version }
        #else
            return nil
        #endif
    }

    /// Lays `graph` out with `dot` and renders it as `format` (`svg`, `png`, ...). A layout Graphviz reports an
    /// error for (an edge it could not route, say) is not rendered: the error is thrown.
    public static func render(_ graph: GraphvizGraph, format: String) throws(DiagramError) -> Drawing {
        #if Graphviz
            return try Session.withContext { context throws(DiagramError) in
                Session.output = ""
                let cgraph = try CGraph(graph)
                let (laidOut, printed) = Session.capturingStandardError { context.layout(cgraph, engine: "dot") }
                if !printed.isEmpty {
                    // Its path router prints each edge it could not route straight to standard error (hundreds on a
                    // dense diagram): one warning, with the first.
                    Session.output +=
                        "Warning: Graphviz's edge router reported \(printed.count == 1 ? "a problem" : "\(printed.count) problems") (the first: \(printed[0]))\n"
                }
                let messages = Session.messages
                if let error = messages.first(where: { $0.hasPrefix("Error") }) ?? (laidOut ? nil : "no layout") {
                    throw DiagramError("Graphviz could not lay the diagram out: \(error)")
                }
                // The layout is never freed: Graphviz 2.43 frees parts of some layouts twice in gvFreeLayout, which
                // ends the process, after an error ("lost edge") and after a drawing that came out right alike (a
                // labelled transition from a state into a parallel state and into one of its regions' states). A
                // layout's memory (kilobytes) stays allocated; the graph itself is freed with `cgraph`.
                let text = try context.render(cgraph, format: format)
                return Drawing(text: text, warnings: Session.messages)
            }
        #else
            throw DiagramError(unavailableMessage)
        #endif
    }

    #if Graphviz
        /// The context, made on first use and kept (loading plugins costs more than a small layout), and what Graphviz
        /// reports. Graphviz keeps global state and is not thread-safe: every call into it holds `lock` (an NSLock, as
        /// elsewhere in smcheck, so ThreadSanitizer sees the ordering).
        private enum Session {
            private static let lock = NSLock()
            // Guarded by `lock`.
            nonisolated(unsafe) private static var context: GraphvizContext?
            /// What Graphviz reported during the current render; written by its error handler, which runs inside the
            /// calls made under `lock`.
            nonisolated(unsafe) static var output = ""

            /// Runs `body` with the context, holding the lock.
            static func withContext<Result>(_ body: (GraphvizContext) throws(DiagramError) -> Result) throws(DiagramError) -> Result {
                lock.lock()
                defer { lock.unlock() }
                if context == nil {
                    context = try GraphvizContext()
                    // Warnings and errors come to this handler instead of standard error, in pieces ("Error", ": ",
                    // the message and its line break).
                    _ = agseterrf { piece in
                        if let piece { Session.output += String(cString: piece) }
                        return 0
                    }
                }
                return try body(context!)
            }

            /// The lines of `output`.
            static var messages: [String] { output.split(separator: "\n").map(String.init) }

            /// Runs `body` with standard error going to a temporary file, and returns what Graphviz printed there
            /// (its libraries' own lines, `libpath/shortest.c:324: triangulation failed`); any other line (another
            /// thread's message) is written to standard error afterwards, so nothing is lost. A file, not a pipe: a
            /// pipe's buffer, full, would stop the layout. Without a temporary file, `body` runs as it is.
            static func capturingStandardError<Result>(_ body: () -> Result) -> (Result, [String]) {
                fflush(nil)
                let saved = dup(STDERR_FILENO)
                guard saved >= 0, let file = tmpfile() else {
                    if saved >= 0 { close(saved) }
                    return (body(), [])
                }
                defer { fclose(file) }
                dup2(fileno(file), STDERR_FILENO)
                let result = body()
                fflush(nil)
                dup2(saved, STDERR_FILENO)
                close(saved)
                rewind(file)
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
                var graphviz: [String] = []
                var others = ""
                for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                    if line.wholeMatch(of: /lib[a-z]+\/[A-Za-z_]+\.c:[0-9]+: .*/) != nil {
                        graphviz.append(String(line))
                    } else {
                        others += line + "\n"
                    }
                }
                if !others.isEmpty { FileHandle.standardError.write(Data(others.utf8)) }
                return (result, graphviz)
            }
        }
    #endif
}
