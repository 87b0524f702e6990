import SMSpec

/// A transition an observer is told about.
public struct TransitionEvent: Sendable {
    public let transition: Int
    /// `source --event [guard]--> target`.
    public let description: String
    public let source: String
    public let targets: [String]
    public let event: String?

    init(_ machine: Machine, _ t: Int, _ event: EventInstance?) {
        let resolved = machine.spec.transitions[t]
        transition = t
        description = machine.spec.describe(resolved)
        source = machine.path(of: resolved.source)
        targets = resolved.targets.map { machine.path(of: $0) }
        self.event = event.map { machine.spec.events[$0.event].name }
    }
}
