// Generated from README.md (the Swift block at line 366); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file
import SMEngine

func tick(_ rocket: StateMachine) async throws {
    var steps = rocket.steps.makeAsyncIterator()
    try await rocket.send("tick")
    print(await steps.next()?.activeStates ?? [])   // ["countdown"]
}

func snippet_README_366() throws {
}
