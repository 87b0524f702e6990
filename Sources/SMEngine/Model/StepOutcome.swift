/// The outcome of `start()` or `process(_:)`.
@_spi(Stepping) public struct StepOutcome: Hashable, Sendable {
    /// False when no transition was enabled for the host's event (it was dropped).
    public var handled: Bool
    /// Microsteps taken, over all macrosteps of the call.
    public var microsteps: Int
    /// Events the machine sent itself and processed after the host's event.
    public var queuedEventsProcessed: Int
}
