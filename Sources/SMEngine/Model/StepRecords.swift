/// What one microstep did, recorded when asked for (the runtime's trace and observers, `smcheck run`).
public struct Microstep: Hashable, Sendable {
    /// One thing that happened, in the order it happened.
    public enum Record: Hashable, Sendable {
        case exit(Int)
        case enter(Int)
        case effect(Effect)
    }

    /// The event being handled; nil for eventless transitions and the start.
    public var event: EventInstance?
    /// Transitions taken, in the order their actions ran.
    public var transitions: [Int]
    /// Exits, effects and entries in the order they happened: exits innermost first (with their exit actions'
    /// effects), then the transitions' effects, then entries outermost first (with their entry actions' effects).
    public var records: [Record]

    package init(event: EventInstance?, transitions: [Int] = [], records: [Record] = []) {
        self.event = event
        self.transitions = transitions
        self.records = records
    }

    /// States left, innermost first.
    public var exited: [Int] { records.compactMap { if case .exit(let s) = $0 { s } else { nil } } }
    /// States entered, outermost first.
    public var entered: [Int] { records.compactMap { if case .enter(let s) = $0 { s } else { nil } } }
    /// Effects of executable content, in order.
    public var effects: [Effect] { records.compactMap { if case .effect(let e) = $0 { e } else { nil } } }
}

/// An observable effect of executable content.
public enum Effect: Hashable, Sendable {
    case assign(variable: Int, value: Int)
    case raise(EventInstance)
    case send(EventInstance)
    case call(id: Int)
}

/// One run to completion: everything the machine did for one external event (or for the start).
public struct Macrostep: Hashable, Sendable {
    /// The external event; nil for the start.
    public var event: EventInstance?
    /// False when no transition was enabled for the event (it was dropped).
    public var handled: Bool
    /// The microsteps, when recorded.
    public var microsteps: [Microstep]
    /// The state after the macrostep.
    public var state: MachineState
}
