#if Graphviz
internal import CGraphviz
#endif
import Synchronization

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
    public static let unavailableMessage = "this smcheck was built without Graphviz, so it cannot draw diagrams; install "
        + "libgraphviz-dev and pkg-config (macOS: brew install graphviz pkg-config) and build with the default traits, "
        + "or write DOT (smcheck graph --format dot) and draw it with Graphviz's dot -Tsvg"

    /// Graphviz's version, e.g. "2.43.0", or nil when built without it.
    public static var version: String? {
        #if Graphviz
        return try? session.withLock { session throws(DiagramError) in try Session.open(&session).context.version }
        #else
        return nil
        #endif
    }

    /// Lays `graph` out with `dot` and renders it as `format` (`svg`, `png`, ...). A layout Graphviz reports an
    /// error for (an edge it could not route, say) is not rendered: the error is thrown.
    public static func render(_ graph: GraphvizGraph, format: String) throws(DiagramError) -> Drawing {
        #if Graphviz
        return try session.withLock { session throws(DiagramError) in
            let context = try Session.open(&session).context
            Session.output.withLock { $0.removeAll() }
            let cgraph = try CGraph(graph)
            let laidOut = context.layout(cgraph, engine: "dot")
            let messages = Session.messages
            if let error = messages.first(where: { $0.hasPrefix("Error") }) ?? (laidOut ? nil : "no layout") {
                // Not freed: after such an error Graphviz 2.43 frees parts of the layout twice ("lost edge"), which
                // would end the process. The layout stays allocated (one per failed drawing).
                throw DiagramError("Graphviz could not lay the diagram out: \(error)")
            }
            defer { context.freeLayout(cgraph) }
            let text = try context.render(cgraph, format: format)
            return Drawing(text: text, warnings: Session.messages)
        }
        #else
        throw DiagramError(unavailableMessage)
        #endif
    }

    #if Graphviz
    /// The context, made on first use and kept (loading plugins costs more than a small layout). Every call into
    /// Graphviz holds this lock.
    private static let session = Mutex<Session?>(nil)

    private final class Session: @unchecked Sendable {
        // Unchecked: the context is only touched while `GraphvizLayout.session`'s lock is held.
        let context: GraphvizContext

        private init() throws(DiagramError) {
            context = try GraphvizContext()
            // Warnings and errors come to this handler instead of standard error, in pieces ("Error", ": ", the
            // message and its line break).
            _ = agseterrf { piece in
                if let piece { Session.output.withLock { $0 += String(cString: piece) } }
                return 0
            }
        }

        /// What Graphviz reported during the current render.
        static let output = Mutex("")

        /// Its lines.
        static var messages: [String] { output.withLock { $0.split(separator: "\n").map(String.init) } }

        static func open(_ session: inout Session?) throws(DiagramError) -> Session {
            if let session { return session }
            let created = try Session()
            session = created
            return created
        }
    }
    #endif
}
