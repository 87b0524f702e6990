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
