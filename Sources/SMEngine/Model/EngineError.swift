public import SMSpec

/// A run-time error: the spec allowed something its declarations forbid, or the host asked for something
/// impossible. The machine's state is left as it was before the event.
public struct EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// More than `maxMicrosteps` microsteps in one macrostep; the last transitions taken (at most 64, not those of
        /// the microstep the limit stopped), in order.
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
        /// The host passed a state that is not one of the machine's (another machine's, or one edited into an
        /// impossible configuration or value).
        case invalidState
    }

    public var kind: Kind
    public var message: String
    /// Where in the spec the failing element is written, when one is.
    public var location: Spec.SourceLocation?
    /// The variables at the moment of the failure, when the step was under way.
    public var variables: [Int]?

    package init(_ kind: Kind, _ message: String, at location: Spec.SourceLocation? = nil, variables: [Int]? = nil) {
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
        // The transitions taken last, not those the limit stopped: a countdown from 99 or from 100 stops at different
        // ones and is one finding.
        case .infiniteLoop(let transitions): return "loop:" + Set(transitions).sorted().map(String.init).joined(separator: ",")
        case .rangeViolation(let variable, _): return "range:\(variable ?? -1):\(place)"
        case .incompleteChoice(let state): return "choice:\(state)"
        case .queueOverflow(let event): return "queue:\(event):\(place)"
        case .unhandledEvent, .invalidEvent, .missingHostFunction, .invalidState: return nil
        }
    }
}
