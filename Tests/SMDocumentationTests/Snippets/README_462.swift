// Generated from README.md (the Swift block at line 462); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file

final class LaunchScreen: RocketHooks {
    var rocket = Rocket()
    var flights = 0

    func fire() throws(RocketError) {
        try rocket.send(.fire, hooks: self)              // true: a transition handled it
        assert(rocket.configuration.topLevel == .countdown && rocket.variables.countDown == 5)
    }

    func invalidateFireTimer(_ event: Rocket.Event?) {}
    func makeNewFireTimer(_ event: Rocket.Event?) {}
    func flyUp(_ event: Rocket.Event?) { flights += 1 }
}

func snippet_README_462() throws {
    // Sources/RocketApp/rocket.smcheck.json is generated into `Rocket`, `RocketHooks` and `RocketError`.
}
