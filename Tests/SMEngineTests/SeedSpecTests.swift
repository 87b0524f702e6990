import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("Seed systems")
struct SeedSpecTests {
    /// StateKit's table: sending userPressedButton in each state prints (or not) which state says hi.
    static let bubblingTable: [(state: String, saysHi: String)] = [
        ("root", "nobody"), ("a", "nobody"), ("b", "b"), ("c", "nobody"), ("d", "d"), ("e", "b"),
        ("f", "b"), ("g", "g"), ("h", "g"), ("i", "g"), ("j", "d"), ("k", "nobody"),
    ]

    @Test("StateKit's bubbling table: which handler answers userPressedButton in each state", arguments: bubblingTable)
    func stateKitBubbling(state: String, saysHi: String) throws {
        let run = try Scenario(spec: "statekit-bubbling")
        try run.send("goTo", ["state": .enumCase(state)])
        try run.send("userPressedButton")
        #expect(run.value("saidHi") == .enumCase(saysHi))
        #expect(run.handled == (saysHi != "nobody"))
    }

    @Test("StateKit's traversal: from h to e exits h, g, f and enters e, not touching b")
    func stateKitTraversal() throws {
        let run = try Scenario(spec: "statekit-bubbling")
        try run.send("goTo", ["state": .enumCase("h")])
        let log = try run.send("goTo", ["state": .enumCase("e")])
        // goTo is root's transition, so root itself is left and re-entered (an external transition of root).
        #expect(log.first == "exit root/b/f/g/h")
        #expect(Array(log.prefix(3)) == ["exit root/b/f/g/h", "exit root/b/f/g", "exit root/b/f"])
        #expect(run.leaves == ["root/b/e"])
    }

    @Test("StateKit's loading example: root enters loading, success goes to the regular view")
    func stateKitLoading() throws {
        let run = try Scenario(spec: "statekit-loading")
        #expect(run.startLog == ["enter root", "enter root/loading", "call fetchData", "call showSpinner"])
        let log = try run.send("apiRespondedSuccessfully")
        #expect(log.contains("call removeSpinner"))
        #expect(run.leaves == ["root/regularView"])
    }

    @Test("the rocket counts down five ticks and launches; abort returns to standby")
    func rocket() throws {
        let run = try Scenario(spec: "rocket")
        #expect(run.status == "standby countDown=5,fireEnabled=true,abortEnabled=false")
        try run.send("fire")
        #expect(run.status == "countdown countDown=5,fireEnabled=false,abortEnabled=true")
        try run.send(["tick", "tick", "tick", "tick"])
        #expect(run.leaves == ["countdown"])
        try run.send("tick")
        #expect(run.status == "launch countDown=0,fireEnabled=false,abortEnabled=false")
        try run.send("landing")
        #expect(run.status == "standby countDown=5,fireEnabled=true,abortEnabled=false")
        try run.send(["fire", "tick", "abort"])
        #expect(run.leaves == ["standby"])
    }

    @Test("TransitionKit's player rejects events from the wrong state and asks canPlay")
    func transitionKitPlayer() throws {
        let run = try Scenario(spec: "transitionkit-player")
        #expect(run.leaves == ["finish"])
        #expect(throws: EngineError.self) { try run.send("pause") }
        #expect(throws: EngineError.self, "canPlay said no and nothing else handles 'playing': with unhandled: error, an error") {
            try run.send("playing", choices: [0])
        }
        #expect(run.leaves == ["finish"])
        try run.send("playing", choices: [1])
        #expect(run.leaves == ["playing"])
    }

    @Test("EFStateMachine's loader: FinishLoading goes to either; Cancel returns to the state before Loading")
    func efStateMachine() throws {
        let run = try Scenario(spec: "efstatemachine-loader")
        try run.send(["Load"])
        try run.send("FinishLoading", choices: [1])
        #expect(run.leaves == ["Failed"])
        try run.send(["Load", "Cancel"])
        #expect(run.leaves == ["Failed"])
        try run.send(["Reset", "Load", "Cancel"])
        #expect(run.leaves == ["Empty"])
    }
}
