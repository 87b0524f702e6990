/// The launch screen of the rocket article, driven by `Rocket`, the machine SMCheckGenerate generates from
/// `rocket.smcheck.json`: the screen only forwards button taps and timer ticks and reads the machine's state back.
public final class LaunchControl: RocketHooks {
    /// What the screen shows and does, as the hooks report it.
    public private(set) var timerRunning = false
    public private(set) var flights = 0
    private var rocket = Rocket()

    public init() throws(RocketError) {
        try rocket.start(hooks: self)
    }

    public func fire() throws(RocketError) { try rocket.send(.fire, hooks: self) }
    public func abort() throws(RocketError) { try rocket.send(.abort, hooks: self) }
    public func tick() throws(RocketError) { try rocket.send(.tick, hooks: self) }
    public func landing() throws(RocketError) { try rocket.send(.landing, hooks: self) }

    public var state: Rocket.TopLevel? { rocket.configuration.topLevel }
    public var countDown: Int { rocket.variables.countDown }
    public var fireEnabled: Bool { rocket.variables.fireEnabled }
    public var abortEnabled: Bool { rocket.variables.abortEnabled }

    // RocketHooks: the spec's `call` actions.
    public func invalidateFireTimer(_ event: Rocket.Event?) { timerRunning = false }
    public func makeNewFireTimer(_ event: Rocket.Event?) { timerRunning = true }
    public func flyUp(_ event: Rocket.Event?) { flights += 1 }
}
