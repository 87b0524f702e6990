public import SMSpec

/// An event for a trace assertion: a name, with arguments by parameter name when the event has parameters.
///
///     expectTrace(["fire", "tick", SentEvent("set", ["to": .int(3)])], in: spec, endsIn: ["countdown"])
public struct SentEvent: Sendable, Hashable, ExpressibleByStringLiteral {
    public var name: String
    public var arguments: [String: Value]

    public init(_ name: String, _ arguments: [String: Value] = [:]) {
        self.name = name
        self.arguments = arguments
    }

    public init(stringLiteral name: String) { self.init(name) }
}
