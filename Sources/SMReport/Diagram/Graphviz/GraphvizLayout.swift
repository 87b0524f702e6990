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

    /// Lays `graph` out with `dot` and renders it as `format` (`svg`, `png`, ...).
    public static func render(_ graph: GraphvizGraph, format: String) throws(DiagramError) -> Drawing {
        #if Graphviz
        return try session.withLock { session throws(DiagramError) in
            let context = try Session.open(&session).context
            Session.messages.withLock { $0.removeAll() }
            let cgraph = try CGraph(graph)
            let text = try context.render(cgraph, engine: "dot", format: format)
            return Drawing(text: text, warnings: Session.messages.withLock { $0 })
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
            // Warnings and errors come to this handler instead of standard error.
            _ = agseterrf { message in
                if let message { Session.messages.withLock { $0.append(String(cString: message).trimmingNewlines) } }
                return 0
            }
        }

        /// What Graphviz reported during the current render.
        static let messages = Mutex<[String]>([])

        static func open(_ session: inout Session?) throws(DiagramError) -> Session {
            if let session { return session }
            let created = try Session()
            session = created
            return created
        }
    }
    #endif
}

extension String {
    fileprivate var trimmingNewlines: String {
        var text = Substring(self)
        while text.last?.isNewline == true { text.removeLast() }
        return String(text)
    }
}
