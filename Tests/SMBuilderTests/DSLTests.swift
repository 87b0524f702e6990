import SMBuilder
import SMEngine
import SMSpec
import SMTestSupport
import Testing

@Suite("The Swift DSL builds the same spec as JSON")
struct DSLTests {
    static let rocket = Spec("Rocket") {
        Variable("countDown", .int(min: 0, max: 5), initial: .int(5))
        Variable("fireEnabled", .bool, initial: .bool(true))
        Variable("abortEnabled", .bool, initial: .bool(false))
        Events("fire", "abort", "tick", "landing")
        Initial("standby")
        StateNode("standby") {
            OnEntry {
                Assign(["countDown": "5", "fireEnabled": "true", "abortEnabled": "false"])
                Call("invalidateFireTimer")
            }
            On("fire", to: "countdown")
        }
        StateNode("countdown") {
            OnEntry {
                Assign(["countDown": "5", "fireEnabled": "false", "abortEnabled": "true"])
                Call("makeNewFireTimer")
            }
            On("tick") { Assign("countDown", "countDown - 1") }
            On("abort", to: "standby")
            Always(to: "launch", guard: "countDown == 0")
        }
        StateNode("launch") {
            OnEntry {
                Assign(["fireEnabled": "false", "abortEnabled": "false"])
                Call("invalidateFireTimer")
                Call("flyUp")
            }
            On("landing", to: "standby")
        }
        Invariant("fire is enabled exactly in standby", "fireEnabled == in(standby)")
        Invariant("abort is enabled exactly during the countdown", "abortEnabled == in(countdown)")
        Invariant("the countdown never shows zero", "!in(countdown) || countDown > 0")
        Reachable("launch")
    }

    static let player = Spec("TransitionKit player") {
        Events("loading", "playing", "pause", "finish")
        Initial("finish")
        StateNode("loading") {
            OnEntry { Call("showSpinner") }
            On("playing", to: "playing", guard: "?canPlay")
            On("pause", to: "pause")
            On("finish", to: "finish")
        }
        StateNode("playing") {
            OnEntry { Call("startPlayback") }
            OnExit { Call("stopPlayback") }
            On("loading", to: "loading")
            On("pause", to: "pause")
            On("finish", to: "finish")
        }
        StateNode("pause") {
            OnEntry { Call("showPausedButton") }
            On("loading", to: "loading")
            On("playing", to: "playing", guard: "?canPlay")
            On("finish", to: "finish")
        }
        StateNode("finish") {
            OnEntry { Call("showFinished") }
            On("loading", to: "loading")
            On("playing", to: "playing", guard: "?canPlay")
        }
        Options(unhandled: .error)
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
        let machine = try StateMachine(
            Spec("Toggle") {
                Events("flip")
                StateNode("off") { On("flip", to: "on") }
                StateNode("on") { On("flip", to: "off") }
            })
        try machine.send("flip")
        #expect(machine.activeStates == ["on"])
    }

    @Test("every state kind, history, choice, fork, oneOf and actions are expressible")
    func everyFeature() throws {
        let spec = Spec("All") {
            Variable("n", .int(min: 0, max: 3))
            Events("go")
            EventDeclaration("set", ("to", .int(min: 0, max: 3)))
            StateNode("idle") {
                On("go", to: "x2", "y2")
                On("set", to: "route") { Assign("n", "event.to") }
            }
            Parallel("par") {
                StateNode("r1") {
                    StateNode("x1"); StateNode("x2")
                }
                StateNode("r2") {
                    StateNode("y1"); StateNode("y2")
                }
                Always(to: "done", guard: "in(x2) && in(y2)")
            }
            Choice("route") {
                Always(to: "idle", guard: "n > 1")
                Always(to: "box/h", guard: "else")
            }
            StateNode("box") {
                StateNode("inner") { On("go", toOneOf: ["idle", "done"]) }
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
        #expect(try Spec.load(json: try spec.jsonText) == spec)
    }

    @Test("every component lands where the JSON form puts it")
    func everyComponent() throws {
        let swift = Spec("Parts") {
            Description("every component once")
            Variable("n", .int(min: 0, max: 3))
            Events("go", "stop")
            EventDeclaration("set", ("to", .int(min: 0, max: 3)))
            Initial("b")
            StateNode("a") { On("go", to: "b") }
            StateNode("b") {
                Description("a compound state")
                Initial("b2")
                OnEntry { Raise("stop") }
                OnExit { Send("set", ["to": "n"]) }
                StateNode("b1")
                StateNode("b2") {
                    On("set") {
                        If("event.to > n", then: { Assign("n", "event.to") }, else: { Call("lower") })
                    }
                }
            }
            Invariant("small", "n < 4")
            Reachable("a")
            Options(maxMicrosteps: 50, queueBound: 4, unhandled: .error)
        }
        let json = try Spec.load(
            json: """
                {
                  "format": "smcheck/1", "name": "Parts", "description": "every component once",
                  "variables": { "n": { "type": "int", "min": 0, "max": 3 } },
                  "events": { "go": {}, "stop": {}, "set": { "params": { "to": { "type": "int", "min": 0, "max": 3 } } } },
                  "initial": "b",
                  "states": {
                    "a": { "on": { "go": "b" } },
                    "b": {
                      "description": "a compound state", "initial": "b2",
                      "entry": [ { "raise": "stop" } ],
                      "exit": [ { "send": "set", "params": { "to": "n" } } ],
                      "states": {
                        "b1": {},
                        "b2": { "on": { "set": { "actions": [
                          { "if": "event.to > n", "then": [ { "assign": { "n": "event.to" } } ], "else": [ { "call": "lower" } ] }
                        ] } } }
                      }
                    }
                  },
                  "invariants": [ { "name": "small", "expr": "n < 4" } ],
                  "reachable": [ "a" ],
                  "options": { "maxMicrosteps": 50, "queueBound": 4, "unhandled": "error" }
                }
                """)
        #expect(swift == json)
    }

    @Test("errors in a spec built in Swift point at where the element would be in JSON")
    func errorsHavePointers() {
        let spec = Spec("Broken") {
            Events("go")
            StateNode("a") { On("goo", to: "b") }
            StateNode("b") { On("go", to: "c", guard: "x > 1") }
        }
        #expect(throws: SpecError.self) { try Machine(spec) }
        do {
            _ = try Machine(spec)
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    #"error: undeclared event "goo"; did you mean "go"? (at /states/a/on/goo)"#,
                    #"error: in "x > 1": unknown variable 'x'; the spec declares no variables (at /states/b/on/go/guard)"#,
                    #"error: unknown state "c"; did you mean "a"? (at /states/b/on/go/target)"#,
                ])
        }
    }
}
