public import SMSpec

/// A named value in a finding's witness: a variable (`count`) or an event parameter (`event.to`).
public struct WitnessValue: Hashable, Sendable {
    public var name: String
    public var value: Value

    public init(_ name: String, _ value: Value) {
        self.name = name
        self.value = value
    }
}

/// When a finding's witness values hold.
public enum WitnessMoment: String, Hashable, Sendable {
    /// In the configuration the trace ends in (an invariant violated there, a deadlock).
    case configuration
    /// When the trace's last event arrives, before any of its transitions (two guards enabled at once; a solver's
    /// values before a transition's actions).
    case beforeEvent
    /// At the moment the engine failed, part-way through the last event's macrostep.
    case atFailure
    /// Where two transitions with guards enabled at once were selected part-way through the last step or the
    /// start: eventless transitions, or transitions on an event the machine raised or sent itself.
    case whenEnabled

    /// When the values of two guards enabled at once (SM004) hold: before the event, or, where they were selected
    /// part-way through a macrostep (eventless transitions, an event the machine raised), there.
    static func overlap(midMacrostep: Bool) -> WitnessMoment { midMacrostep ? .whenEnabled : .beforeEvent }

    /// How a report introduces the values.
    public var label: String {
        switch self {
        case .configuration: "witness"
        case .beforeEvent: "before the event"
        case .atFailure: "when it fails"
        case .whenEnabled: "when both are enabled"
        }
    }
}
