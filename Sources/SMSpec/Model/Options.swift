extension Spec {
    /// Run-time options of a spec.
    public struct Options: Hashable, Sendable {
        public enum UnhandledPolicy: String, Hashable, Sendable, CaseIterable {
            /// An event no active state handles is dropped, and the result says so (StateKit).
            case ignore
            /// An event no active state handles is an error (TransitionKit).
            case error
        }

        /// More microsteps than this in one macrostep is an error: taken for an infinite transition loop, though a long
        /// enough chain of transitions hits it too (StateKit's limit is 100).
        public var maxMicrosteps: Int
        /// The external queue holds at most this many events sent by the machine to itself.
        public var queueBound: Int
        public var unhandled: UnhandledPolicy

        public init(maxMicrosteps: Int = 100, queueBound: Int = 8, unhandled: UnhandledPolicy = .ignore) {
            self.maxMicrosteps = maxMicrosteps
            self.queueBound = queueBound
            self.unhandled = unhandled
        }

        public static let `default` = Options()
    }
}
