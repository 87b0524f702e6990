public import SMSpec

/// An event with its argument values, by index: the event's index in `ResolvedSpec.events` and one value per
/// parameter (bools as 0/1, ints as themselves, enums as the index of the value).
public struct EventInstance: Hashable, Sendable {
    public var event: Int
    public var arguments: [Int]

    public init(event: Int, arguments: [Int] = []) {
        self.event = event
        self.arguments = arguments
    }
}

/// Everything that determines what a machine does next: the active states, the variables and the history memory.
///
/// A value: the step function maps one `MachineState` and an event to the next, and two equal states behave the
/// same forever after.
public struct MachineState: Hashable, Sendable {
    /// Active states, closed upward (an active state's ancestors are active); the root (0) is always a member.
    public var configuration: StateSet
    /// One value per declared variable, in declaration order.
    public var variables: [Int]
    /// For each history state (in `Machine.historyStates` order): the states it recorded, or nil before its parent
    /// was first left.
    public var history: [StateSet?]

    public init(configuration: StateSet, variables: [Int], history: [StateSet?]) {
        self.configuration = configuration
        self.variables = variables
        self.history = history
    }
}

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

    public init(event: EventInstance?, transitions: [Int] = [], records: [Record] = []) {
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

/// A run-time error: the spec allowed something its declarations forbid, or the host asked for something
/// impossible. The machine's state is left as it was before the event.
public struct EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// More than `maxMicrosteps` microsteps in one macrostep; the last transitions taken (at most 64), in order.
        case infiniteLoop(transitions: [Int])
        /// A value left its domain: an assignment (variable), an argument (event, parameter), a division by zero or an
        /// overflow.
        case rangeViolation(variable: Int?, value: Int?)
        /// A choice state was entered and none of its branches was enabled.
        case incompleteChoice(state: Int)
        /// A `send` found the external queue full.
        case queueOverflow(event: Int)
        /// No transition handled an external event and the spec says `"unhandled": "error"`.
        case unhandledEvent(event: Int)
        /// The host named an event the spec does not declare, or passed arguments that do not fit it.
        case invalidEvent
        /// The spec uses an opaque guard or callback the host did not register.
        case missingHostFunction(name: String)
    }

    public var kind: Kind
    public var message: String
    /// Where in the spec the failing element is written, when one is.
    public var location: Spec.SourceLocation?
    /// The variables at the moment of the failure, when the step was under way.
    public var variables: [Int]?

    public init(_ kind: Kind, _ message: String, at location: Spec.SourceLocation? = nil, variables: [Int]? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
        self.variables = variables
    }

    public var description: String { message }
}

extension EngineError.Kind {
    /// What makes two errors the same finding, wherever they are met: a loop by its transitions, a range violation
    /// by its variable and place, a choice by its state, a queue overflow by its event and place. Nil for outcomes
    /// that are not findings (a rejected event, an unhandled one, a missing host function).
    package func findingSignature(at location: Spec.SourceLocation?) -> String? {
        let place = location.map { $0.pointer.description } ?? ""
        switch self {
        case .infiniteLoop(let transitions): return "loop:" + Set(transitions).sorted().map(String.init).joined(separator: ",")
        case .rangeViolation(let variable, _): return "range:\(variable ?? -1):\(place)"
        case .incompleteChoice(let state): return "choice:\(state)"
        case .queueOverflow(let event): return "queue:\(event):\(place)"
        case .unhandledEvent, .invalidEvent, .missingHostFunction: return nil
        }
    }
}
