// Generated from Docs/Fuzzing.md (the Swift block at line 258); do not edit.
// Edit the document, then run scripts/update-snippets.
// swift-format-ignore-file
import Foundation
import SMFuzz
import SMTesting
import Testing

final class MyLockedRocket: ConcurrentImplementation, @unchecked Sendable {
    private let lock = NSLock()
    private var controller = RocketController()
    init(spec: Spec) {}
    func handle(_ event: String, _ arguments: [String: Value]) throws -> ObservedState {
        lock.withLock {
            controller.handle(event)
            return ObservedState(states: [controller.state.rawValue], variables: ["countDown": .int(controller.countDown)])
        }
    }
    var observation: ObservedState {
        lock.withLock { ObservedState(states: [controller.state.rawValue], variables: ["countDown": .int(controller.countDown)]) }
    }
}
@Test func rocketIsLinearizable() throws {
    assertLinearizable(MyLockedRocket.self, to: try Spec.load(path: "Specs/rocket.json"), threads: 4, seed: 1)
}

func snippet_Docs_Fuzzing_258() throws {
}
