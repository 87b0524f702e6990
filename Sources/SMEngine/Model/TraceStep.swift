/// One step of an event trace: an external event and the outcomes of the choices it meets (opaque guards: 0 false,
/// 1 true; `oneOf` targets: the option's index), in the order the step meets them.
public struct TraceStep: Hashable, Sendable {
    public var event: EventInstance
    public var choices: [Int]

    public init(event: EventInstance, choices: [Int] = []) {
        self.event = event
        self.choices = choices
    }
}
