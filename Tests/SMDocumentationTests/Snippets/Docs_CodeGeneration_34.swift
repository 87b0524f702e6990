// Generated from Docs/CodeGeneration.md (the Swift block at line 34); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file

final class CountdownTimer: RocketHooks {
    var running = false
    func invalidateFireTimer(_ event: Rocket.Event?) { running = false }
    func makeNewFireTimer(_ event: Rocket.Event?) { running = true }
    func flyUp(_ event: Rocket.Event?) {}
}

func snippet_Docs_CodeGeneration_34() throws {
    /// The rocket's callbacks: here, a screen that keeps a timer.
    let timer = CountdownTimer()
    var rocket = Rocket()                                   // in no state yet
    try rocket.start(hooks: timer)                          // enters standby (send starts it too)
    let handled = try rocket.send(.fire, hooks: timer)      // true: a transition handled it
    assert(handled && rocket.configuration.topLevel == .countdown && rocket.variables.countDown == 5 && timer.running)
}
