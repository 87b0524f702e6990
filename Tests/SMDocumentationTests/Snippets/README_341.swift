// Generated from README.md (the Swift block at line 341); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file
import SMBuilder
import SMEngine

func snippet_README_341() throws {
    let rocket = try StateMachine(Spec("Rocket") {
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
    print(rocket.isActive("countdown"))   // true
    print(rocket.value(of: "countDown") ?? "none")  // 5
}
