/// A question both back ends answer the same way: is there an assignment of the free atoms — variables within
/// their declared domains, the event's parameters within theirs, `in(state)` atoms consistent with the state
/// hierarchy, opaque guards as free booleans — that makes `formula` true?
public struct GuardQuery: Hashable, Sendable {
    /// The event whose parameters are free (nil: no event, as for `always` transitions).
    public var event: Int?
    /// States known to be active (a transition's source); their ancestors are active too.
    public var activeStates: [Int]
    public var formula: Formula

    public init(event: Int?, activeStates: [Int], formula: Formula) {
        self.event = event
        self.activeStates = activeStates
        self.formula = formula
    }
}
