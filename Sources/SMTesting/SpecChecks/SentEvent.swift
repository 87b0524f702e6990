public import SMSpec

/// An event for a trace assertion: a name, with arguments by parameter name when the event has parameters.
///
///     assertTrace(["fire", "tick", SentEvent("set", ["to": .int(3)])], in: spec, endsIn: ["countdown"])
public struct SentEvent: Sendable, Hashable, ExpressibleByStringLiteral {
    public var name: String
    public var arguments: [String: Value]
    /// The outcomes of the opaque guards (0 false, 1 true) and `oneOf` targets (the option's index) the event
    /// meets, in order, as smcheck's traces write them; choice points past the list get 0.
    public var choices: [Int]

    public init(_ name: String, _ arguments: [String: Value] = [:], choices: [Int] = []) {
        self.name = name
        self.arguments = arguments
        self.choices = choices
    }

    public init(stringLiteral name: String) { self.init(name) }
}
