import SMBuilder
import SMEngine
import SMSpec
import Testing

@Suite("The README's Swift example")
struct ReadmeExampleTests {
    @Test("the rocket written in Swift counts down and launches")
    func rocket() throws {
        // As in README.md, "Using it from Swift".
        let rocket = try StateMachine(
            Spec("Rocket") {
                Variable("countDown", .int(min: 0, max: 5), initial: .int(5))
                Events("fire", "abort", "tick")
                StateNode("standby") { On("fire", to: "countdown") }
                StateNode("countdown") {
                    OnEntry { Assign("countDown", "5") }
                    On("tick") { Assign("countDown", "countDown - 1") }
                    On("abort", to: "standby")
                    Always(to: "launch", guard: "countDown == 0")
                }
                StateNode("launch")
            })
        try rocket.start()
        try rocket.send("fire")
        #expect(rocket.isActive("countdown"))
        #expect(rocket.value(of: "countDown") == .int(5))
        for _ in 0..<5 { try rocket.send("tick") }
        #expect(rocket.activeStates == ["launch"])
    }

    @Test("from async code, send is awaited and steps delivers the macrosteps from then on")
    func asyncSteps() async throws {
        let rocket = try StateMachine(
            Spec("Rocket") {
                Variable("countDown", .int(min: 0, max: 5), initial: .int(5))
                Events("fire", "tick")
                StateNode("standby") { On("fire", to: "countdown") }
                StateNode("countdown") { On("tick") { Assign("countDown", "countDown - 1") } }
            })
        try rocket.start()
        try await rocket.send("fire")
        // As in README.md, after the rocket example.
        var steps = rocket.steps.makeAsyncIterator()
        try await rocket.send("tick")
        let step = await steps.next()
        #expect(step?.activeStates == ["countdown"])
        #expect(step?.event == "tick")
        #expect(rocket.value(of: "countDown") == .int(4))
    }
}
