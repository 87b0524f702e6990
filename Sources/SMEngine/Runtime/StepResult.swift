/// The result of sending one event.
public struct StepResult: Sendable, CustomStringConvertible {
    public enum Disposition: String, Sendable {
        /// Some transition handled the event.
        case handled
        /// No transition was enabled for it; it was dropped.
        case unhandled
        /// Sent from a callback while processing: it runs right after the current event.
        case queued
    }

    public let machine: Machine
    /// The event; nil for the start.
    public var eventInstance: EventInstance?
    public var disposition: Disposition
    /// What happened, microstep by microstep, when recorded (with observers, a trace or `steps` subscribers).
    public var microsteps: [Microstep]
    public var microstepCount: Int
    /// The configuration after the step.
    public var configuration: StateSet
    /// The variables after the step, in declaration order (encoded as in `MachineState`): with `configuration`, the
    /// state this event left, before any other thread's event.
    public var variables: [Int]

    /// The event as `name {"param": value}`; nil for the start.
    public var event: String? { eventInstance.map(machine.describe) }
    /// The active leaf states' full paths after the step, sorted.
    public var activeStates: [String] { machine.activeLeafPaths(configuration) }

    public var description: String { "\(event ?? "(start)"): \(disposition.rawValue) -> \(activeStates.joined(separator: ","))" }
}
