import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("The Swift DSL builds the same spec as JSON")
struct DSLTests {
    static let rocket = Spec("Rocket") {
        Spec.Variable("countDown", .int(min: 0, max: 5), initial: .int(5))
        Spec.Variable("fireEnabled", .bool, initial: .bool(true))
        Spec.Variable("abortEnabled", .bool, initial: .bool(false))
        Event("fire")
        Event("abort")
        Event("tick")
        Event("landing")
        Initial("standby")
        Spec.State("standby") {
            Entry {
                Assign(["countDown": "5", "fireEnabled": "true", "abortEnabled": "false"])
                Call("invalidateFireTimer")
            }
            On("fire", to: "countdown")
        }
        Spec.State("countdown") {
            Entry {
                Assign(["countDown": "5", "fireEnabled": "false", "abortEnabled": "true"])
                Call("makeNewFireTimer")
            }
            On("tick") { Assign("countDown", "countDown - 1") }
            On("abort", to: "standby")
            Always(to: "launch", guard: "countDown == 0")
        }
        Spec.State("launch") {
            Entry {
                Assign(["fireEnabled": "false", "abortEnabled": "false"])
                Call("invalidateFireTimer")
                Call("flyUp")
            }
            On("landing", to: "standby")
        }
        Spec.Invariant("fire is enabled exactly in standby", "fireEnabled == in(standby)")
        Spec.Invariant("abort is enabled exactly during the countdown", "abortEnabled == in(countdown)")
        Spec.Invariant("the countdown never shows zero", "!in(countdown) || countDown > 0")
        Reachable("launch")
    }

    static let player = Spec("TransitionKit player") {
        Event("loading")
        Event("playing")
        Event("pause")
        Event("finish")
        Initial("finish")
        Spec.State("loading") {
            Entry { Call("showSpinner") }
            On("playing", to: "playing", guard: "?canPlay")
            On("pause", to: "pause")
            On("finish", to: "finish")
        }
        Spec.State("playing") {
            Entry { Call("startPlayback") }
            Exit { Call("stopPlayback") }
            On("loading", to: "loading")
            On("pause", to: "pause")
            On("finish", to: "finish")
        }
        Spec.State("pause") {
            Entry { Call("showPausedButton") }
            On("loading", to: "loading")
            On("playing", to: "playing", guard: "?canPlay")
            On("finish", to: "finish")
        }
        Spec.State("finish") {
            Entry { Call("showFinished") }
            On("loading", to: "loading")
            On("playing", to: "playing", guard: "?canPlay")
        }
        Spec.Options(unhandled: .error)
        Reachable("playing")
    }

    @Test("the rocket in Swift equals Specs/rocket.json")
    func rocketEqualsJSON() throws {
        #expect(Self.rocket == (try Fixtures.spec("rocket")).withoutDescriptions)
    }

    @Test("the TransitionKit player in Swift equals Specs/transitionkit-player.json")
    func playerEqualsJSON() throws {
        #expect(Self.player == (try Fixtures.spec("transitionkit-player")).withoutDescriptions)
    }

    @Test("a machine written in Swift runs like its JSON twin")
    func runs() throws {
        let run = try Scenario(Self.rocket)
        try run.send(["fire", "tick", "tick", "tick", "tick", "tick"])
        #expect(run.status == "launch countDown=0,fireEnabled=false,abortEnabled=false")
        let machine = try StateMachine("Toggle") {
            Event("flip")
            Spec.State("off") { On("flip", to: "on") }
            Spec.State("on") { On("flip", to: "off") }
        }
        try machine.send("flip")
        #expect(machine.activeStates == ["on"])
    }

    @Test("every state kind, history, choice, fork, oneOf and actions are expressible")
    func everyFeature() throws {
        let spec = Spec("All") {
            Spec.Variable("n", .int(min: 0, max: 3))
            Event("go")
            Event("set", ("to", .int(min: 0, max: 3)))
            Spec.State("idle") {
                On("go", to: "x2", "y2")
                On("set", to: "route") { Assign("n", "event.to") }
            }
            Parallel("par") {
                Spec.State("r1") { Atomic("x1"); Atomic("x2") }
                Spec.State("r2") { Atomic("y1"); Atomic("y2") }
                Always(to: "done", guard: "in(x2) && in(y2)")
            }
            Choice("route") {
                Always(to: "idle", guard: "n > 1")
                Always(to: "box/h", guard: "else")
            }
            Spec.State("box") {
                Spec.State("inner") { On("go", toOneOf: ["idle", "done"]) }
                History("h", deep: true, default: ["inner"])
            }
            Final("done")
        }
        let run = try Scenario(spec)
        try run.send("go")
        #expect(run.leaves == ["done"])
        let other = try Scenario(spec)
        try other.send("set", ["to": .int(0)])
        #expect(other.leaves == ["box/inner"])
        // And it survives the JSON round trip.
        #expect(try Spec.load(json: spec.jsonText) == spec)
    }

    @Test("errors in a spec built in Swift point at where the element would be in JSON")
    func errorsHavePointers() {
        let spec = Spec("Broken") {
            Event("go")
            Spec.State("a") { On("goo", to: "b") }
            Spec.State("b") { On("go", to: "c", guard: "x > 1") }
        }
        #expect(throws: SpecError.self) { try Machine(spec) }
        do {
            _ = try Machine(spec)
        } catch {
            #expect(error.diagnostics.map(\.description) == [
                #"error: undeclared event "goo"; did you mean "go"? (at /states/a/on/goo)"#,
                #"error: in "x > 1": unknown variable 'x'; the spec declares no variables (at /states/b/on/go/guard)"#,
                #"error: unknown state "c"; did you mean "a"? (at /states/b/on/go/target)"#,
            ])
        }
    }
}
