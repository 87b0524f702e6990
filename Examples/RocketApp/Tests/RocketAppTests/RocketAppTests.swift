import Foundation
import RocketApp
import SMSpec
import SMTesting
import Testing

@Suite("The generated machines in an app")
struct RocketAppTests {
    @Test("the launch screen counts down from fire to launch and lands back in standby")
    func launch() throws {
        let control = try LaunchControl()
        #expect(control.state == .standby && control.fireEnabled && !control.timerRunning)
        try control.fire()
        #expect(control.state == .countdown && control.countDown == 5 && control.abortEnabled && control.timerRunning)
        for _ in 0..<4 { try control.tick() }
        #expect(control.state == .countdown && control.countDown == 1)
        try control.tick()
        #expect(control.state == .launch && control.flights == 1 && !control.timerRunning)
        try control.landing()
        #expect(control.state == .standby && control.countDown == 5)
    }

    @Test("abort returns to standby and resets the countdown")
    func abort() throws {
        let control = try LaunchControl()
        try control.fire()
        try control.tick()
        try control.abort()
        #expect(control.state == .standby && control.countDown == 5 && !control.abortEnabled)
    }

    @Test("the player refuses events from the wrong state, as TransitionKit does")
    func playerRefusesWrongEvents() throws {
        let player = try PlayerController()
        #expect(player.state == .finish)
        let error = #expect(throws: TransitionKitPlayerError.self) { try player.fire(.pause) }
        #expect(error?.kind == .unhandledEvent(event: "pause"))
        #expect(error?.message == "event 'pause' is not handled in state 'finish'")
        #expect(player.state == .finish)
    }

    @Test("the player plays only once the stream is ready (the opaque guard ?canPlay)")
    func playerWaitsForTheStream() throws {
        let player = try PlayerController()
        try player.fire(.loading)
        #expect(throws: TransitionKitPlayerError.self) { try player.fire(.playing) }
        #expect(player.state == .loading)
        player.streamReady = true
        try player.fire(.playing)
        #expect(player.state == .playing)
        #expect(player.shown == ["finished", "spinner", "playback"])
    }

    @Test("the generated machines behave as smcheck's engine runs their specs")
    func conformance() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/RocketApp")
        assertConformance(Rocket.self, to: try Spec.load(path: folder.appendingPathComponent("rocket.smcheck.json").path), seed: 1)
        assertConformance(TransitionKitPlayer.self, to: try Spec.load(path: folder.appendingPathComponent("player.smcheck.json").path), seed: 1)
    }
}
