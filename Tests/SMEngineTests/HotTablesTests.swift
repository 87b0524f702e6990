import SMSpec
import SMTestSupport
import Testing

@testable import SMEngine

@Suite("The step's tables")
struct HotTablesTests {
    @Test("transitions share the exit mask of their domain: a flat machine of 3,000 states keeps one, not one per transition")
    func exitMasksPerDomain() throws {
        let states = (0..<3_000).map { #""s\#($0)": {"on": {"go": "s\#(($0 + 1) % 3_000)"}}"# }.joined(separator: ", ")
        let machine = try Machine(
            try Spec.load(
                json: SpecText.with {
                    $0.events = #"{"go": {}}"#
                    $0.states = "{\(states)}"
                }))
        #expect(machine.hot.exitMaskCount == 1)
        // Steps exit what they should: round the ring and back to the start.
        var state = try machine.initialState().state
        for _ in 0..<3_000 { state = try machine.step(state, EventInstance(event: 0, arguments: [])).state }
        #expect(state == (try machine.initialState().state))

        // Nested: the root's domain, and each compound state's for the transitions inside it.
        let nested = try Machine(
            try Spec.load(
                json: SpecText.with {
                    $0.events = #"{"go": {}}"#
                    $0.states = #"""
                        {"p": {"states": {"a": {"on": {"go": "b"}}, "b": {"on": {"go": "a"}}}, "on": {"go": "q"}},
                         "q": {"states": {"c": {"on": {"go": "d"}}, "d": {"on": {"go": "p"}}}}}
                        """#
                }))
        #expect(nested.hot.exitMaskCount == 3)
    }
}
