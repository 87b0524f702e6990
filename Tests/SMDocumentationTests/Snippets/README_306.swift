// Generated from README.md (the Swift block at line 306); do not edit.
// Edit the document, then run scripts/update-snippets.
import SMEngine

func snippet_README_306() throws {
    let rocket = try StateMachine(Spec("Rocket") {
        Variable("countDown", .int(min: 0, max: 5), initial: .int(5))
        Event("fire"); Event("abort"); Event("tick")
        State("standby") { On("fire", to: "countdown") }
        State("countdown") {
            Entry { Assign("countDown", "5") }
            On("tick") { Assign("countDown", "countDown - 1") }
            On("abort", to: "standby")
            Always(to: "launch", guard: "countDown == 0")
        }
        State("launch")
    })
    try rocket.start()
    try rocket.send("fire")
    print(rocket.isActive("countdown"))   // true
    print(rocket.value(of: "countDown") ?? "none")  // 5
}
