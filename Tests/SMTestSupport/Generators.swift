import SMBuilder
import SMEngine
public import SMSpec

/// Specs built from parameters, for checks against closed-form answers.
public enum Generated {
    /// Orthogonal rings: region i is a ring of `sizes[i]` states that `advance<i>` moves one step.
    /// Reachable configurations: the product of the sizes.
    /// `idleBits` adds variables of that many bits in all that nothing changes, each at its maximum (all ones):
    /// configurations as many, keys wider, with their high bits set. The first ring's steps decrement them under a
    /// condition that never holds, so the codec cannot tell they are constants (`VariableSteps`) and stores them.
    public static func rings(_ sizes: [Int], invariant: String? = nil, idleBits: Int = 0) -> Spec {
        let idle = Array(stride(from: 0, to: idleBits, by: 40))
        return Spec("rings \(sizes)") {
            for r in sizes.indices { Events("advance\(r)") }
            for v in idle {
                let maximum = (1 << min(40, idleBits - v)) - 1
                Variable("idle\(v)", .int(min: 0, max: maximum), initial: .int(maximum))
            }
            Parallel("rings") {
                for (r, size) in sizes.enumerated() {
                    StateNode("r\(r)") {
                        for k in 0..<size {
                            StateNode("r\(r)s\(k)") {
                                On("advance\(r)", to: "r\(r)s\((k + 1) % size)") {
                                    if r == 0 {
                                        for v in idle { If("idle\(v) < 0") { Assign("idle\(v)", "idle\(v) - 1") } }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if let invariant { Invariant("generated", Spec.Expression(invariant)) }
        }
    }

    /// A flat ring of `size` states where state k handles only its own event, `press<k>`, and only while `armed`
    /// (which `arm` toggles): each event is handled by one of many children.
    public static func keypad(size: Int) -> Spec {
        Spec("keypad of \(size)") {
            Variable("armed", .bool)
            Events("arm")
            for k in 0..<size { Events("press\(k)") }
            StateNode("pad") {
                On("arm") { Assign("armed", "!armed") }
                for k in 0..<size { StateNode("s\(k)") { On("press\(k)", to: "s\((k + 1) % size)", guard: "armed") } }
            }
        }
    }

    /// Peterson's filter lock for `processes` processes: per process a level, a loop index and four states in a
    /// parallel region, a victim per level, and guards that read every other process's level; the invariant is mutual
    /// exclusion. 88,560 configurations for 5 processes, 1,827,936 for 6 (the benchmarks' model, as JSON).
    public static func filterLock(processes n: Int) -> Spec {
        var variables: [String] = []
        for i in 0..<n {
            variables += [
                #""lev\#(i)": {"type": "int", "min": 0, "max": \#(n - 1)}"#, #""l\#(i)": {"type": "int", "min": 0, "max": \#(n - 1)}"#,
            ]
        }
        for level in 1..<n { variables.append(#""victim\#(level)": {"type": "int", "min": 0, "max": \#(n - 1)}"#) }
        let regions = (0..<n).map { i -> String in
            let setVictim = (1..<n).map { #"{"if": "l\#(i) == \#($0)", "then": [{"assign": {"victim\#($0)": "\#(i)"}}]}"# }
            let others = (0..<n).filter { $0 != i }.map { "lev\($0) < l\(i)" }.joined(separator: " && ")
            let notVictim = (1..<n).map { "(l\(i) == \($0) && victim\($0) != \(i))" }.joined(separator: " || ")
            let mayGo = "(\(notVictim)) || (\(others))"
            return #"""
                "proc\#(i)": {"states": {
                  "idle\#(i)": {"on": {"step\#(i)": {"target": "set\#(i)", "actions": [{"assign": {"l\#(i)": "1"}}]}}},
                  "set\#(i)": {"on": {"step\#(i)": {"target": "wait\#(i)", "actions": [\#((setVictim + [#"{"assign": {"lev\#(i)": "l\#(i)"}}"#]).joined(separator: ", "))]}}},
                  "wait\#(i)": {"on": {"step\#(i)": [
                    {"guard": "(\#(mayGo)) && l\#(i) < \#(n - 1)", "target": "set\#(i)", "actions": [{"assign": {"l\#(i)": "l\#(i) + 1"}}]},
                    {"guard": "\#(mayGo)", "target": "crit\#(i)"}]}},
                  "crit\#(i)": {"on": {"step\#(i)": {"target": "idle\#(i)", "actions": [{"assign": {"lev\#(i)": "0", "l\#(i)": "0"}}]}}}
                }}
                """#
        }.joined(separator: ",\n")
        let exclusion = (0..<n).flatMap { a in (a + 1..<n).map { b in "!(in(crit\(a)) && in(crit\(b)))" } }.joined(separator: " && ")
        let events = (0..<n).map { "\"step\($0)\": {}" }.joined(separator: ", ")
        let json = #"""
            {"format": "smcheck/1", "name": "filter lock \#(n)", "variables": {\#(variables.joined(separator: ", "))},
             "events": {\#(events)}, "states": {"procs": {"type": "parallel", "states": {\#(regions)}}},
             "invariants": [{"name": "mutual exclusion", "expr": "\#(exclusion)"}]}
            """#
        return try! Spec.load(json: json)
    }

    /// A counter from 0 to `maximum` with saturating `up` and `down`: `maximum + 1` configurations.
    public static func counter(maximum: Int) -> Spec {
        Spec("counter to \(maximum)") {
            Variable("n", .int(min: 0, max: maximum))
            Events("up", "down")
            StateNode("counting") {
                On("up", guard: "n < \(maximum)") { Assign("n", "n + 1") }
                On("down", guard: "n > 0") { Assign("n", "n - 1") }
            }
        }
    }

    /// A box with `children` children visited in a ring by `next`, left by `out` and re-entered through a shallow
    /// history by `in`.
    public static func historyRing(children: Int) -> Spec {
        Spec("history ring \(children)") {
            Events("next", "out", "in")
            StateNode("box") {
                for k in 0..<children { StateNode("c\(k)") { On("next", to: "c\((k + 1) % children)") } }
                History("h")
                On("out", to: "outside")
            }
            StateNode("outside") { On("in", to: "box/h") }
        }
    }

    /// A random parallel machine: two or three regions of a few states (some nested, some final), a history per
    /// region, transitions within and across regions with guards over variables, parameters and `in()`, actions
    /// that assign (also from `in()`), raise and branch, entry and exit actions, eventless transitions, and a `done.state` exit.
    /// Every seed gives a valid spec; they exercise what the explorer's transition cache must get right.
    public static func randomParallel(seed: UInt64) -> Spec {
        var random = SeededRandom(seed: seed)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        let regions = Int(2 + random.next() % 2)
        let sizes = (0..<regions).map { _ in Int(2 + random.next() % 3) }
        let names = sizes.enumerated().map { r, size in (0..<size).map { "r\(r)s\($0)" } }
        let nested = (0..<regions).map { _ in chance(40) }
        let hasFinal = (0..<regions).map { _ in chance(30) }
        func guardText(_ event: String) -> String? {
            pick(
                [nil, nil, "x < 2", "flag", "!flag && x != 1", "in(\(pick(names.flatMap { $0 })))"] + (event == "d" ? ["event.n > 0"] : []))
        }
        func actions() -> [Spec.Action] {
            var result: [Spec.Action] = []
            if chance(40) { result.append(Assign("x", "(x + 1) % 4").action) }
            if chance(25) { result.append(Assign("flag", "!flag").action) }
            // A value that reads the configuration in the middle of the step.
            if chance(10) { result.append(Assign("flag", "in(\(pick(names.flatMap { $0 })))").action) }
            if chance(10) { result.append(Raise(pick(["b", "c"])).action) }
            if chance(10) { result.append(If("x > 1", then: { Assign("flag", "true") }, else: { Assign("x", "0") }).action) }
            return result
        }
        func transitions(region r: Int, from name: String) -> [any StateComponent] {
            (0..<Int(1 + random.next() % 3)).map { _ in
                // Half on the region's own event, as parallel machines mostly are; the rest on shared ones.
                let event = chance(50) ? "t\(r)" : pick(["a", "b", "c", "d"])
                let target: Spec.StateReference? =
                    switch random.next() % 10 {
                    case 0, 1: nil
                    case 2: Spec.StateReference(pick(names[(r + 1) % regions]))
                    case 3: "r\(r)h"
                    case 4 where hasFinal[r]: "r\(r)f"
                    default: Spec.StateReference(pick(names[r]))
                    }
                let acts = actions()
                let kind: Spec.Transition.Kind = chance(20) ? .local : .external
                if let target {
                    return On(event, to: target, guard: guardText(event), kind: kind) { for action in acts { action } }
                }
                return On(event, guard: guardText(event)) { for action in acts { action } }
            }
        }
        let invariant = pick(["x < 3 || flag", "!(in(r0s1) && in(r1s0) && flag)", "true"])
        return Spec("random parallel \(seed)") {
            Variable("x", .int(min: 0, max: 3), initial: .int(0))
            Variable("flag", .bool, initial: .bool(false))
            Events("a", "b", "c")
            EventDeclaration("d", ("n", .int(min: 0, max: 2)))
            for r in 0..<regions { Events("t\(r)") }
            Parallel("p") {
                for r in 0..<regions {
                    StateNode("r\(r)") {
                        for (k, name) in names[r].enumerated() {
                            if k == names[r].count - 1 && nested[r] {
                                StateNode(name) {
                                    StateNode(name + "c0") { On(pick(["a", "b"]), to: Spec.StateReference(name + "c1")) }
                                    StateNode(name + "c1") { On(pick(["c", "d"]), to: Spec.StateReference(name + "c0")) }
                                    if chance(50) { OnEntry { Assign("x", "(x + 2) % 4") } }
                                    for part in transitions(region: r, from: name) { part }
                                }
                            } else {
                                StateNode(name) {
                                    if chance(30) { OnExit { Assign("flag", "x == 2") } }
                                    if chance(20) { Always(to: Spec.StateReference(pick(names[r])), guard: "x == 3") { Assign("x", "0") } }
                                    for part in transitions(region: r, from: name) { part }
                                }
                            }
                        }
                        if hasFinal[r] { Final("r\(r)f") }
                        History("r\(r)h", deep: chance(50))
                    }
                }
                On("done.state.p", to: "after")
            }
            StateNode("after") { On("a", to: "p") }
            Invariant("generated", Spec.Expression(invariant))
        }
    }
}

extension Generated {
    /// A random machine over ints whose values move in steps: ranges that start below or above 0, initial values
    /// off the least one, assignments that add or subtract multiples of 2, 3 or 5, remainders, products by a
    /// constant, copies of an event parameter, a constant that only guards read, an enum assigned some of its cases;
    /// two parallel regions (one state nested) with guards over all of it, branches, entry actions and eventless
    /// transitions. Some steps leave a range (an error the search reports and goes past). Every seed gives a valid
    /// spec whose reachable space is small enough for a plain search of the engine's steps; they exercise how the
    /// explorer packs variables (`VariableSteps`, `MixedRadixIndex`). `wide` adds two ints of 41 and 31 bits that take
    /// a few values each, so that a key takes two words.
    public static func randomArithmetic(seed: UInt64, wide: Bool = false) -> Spec {
        var random = SeededRandom(seed: seed)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        let aLeast = pick([-7, 0, 4]), aStep = pick([2, 3, 5])
        let aMost = aLeast + aStep * Int(3 + random.next() % 5)
        let aStart = aLeast + aStep * Int(random.next() % 3)
        let bLeast = pick([-2, 0, 1]), bMost = bLeast + Int(4 + random.next() % 6)
        let fixed = pick([-4, 0, 9])
        let farStart = 1 << 39
        // Steps of 1 (so that the codec gives them every bit of their ranges), a few values reached.
        let wideUpdates = [
            ("far", "\(farStart) + (far - \(farStart) + b) % 7"), ("near", "(near + b) % 5 - 1000000000"), ("far", "\(farStart)"),
        ]
        /// Updates, the last two only on `pick` (they read its parameter).
        let updates: [(variable: String, value: String)] =
            (wide ? wideUpdates : []) + [
                ("a", "a + \(aStep)"), ("a", "a - \(aStep)"), ("a", "a + \(2 * aStep)"), ("a", "\(aStart)"),
                ("a", "\(aLeast) + (a - \(aLeast) + \(aStep)) % \(aMost - aLeast + aStep)"), ("b", "b + 1"), ("b", "b - 2"),
                ("b", "(b + 3) % \(bMost + 1)"), ("b", "\(bLeast)"), ("b", "2 * (b / 2)"), ("mode", ".m2"), ("mode", ".m0"),
                ("flag", "!flag"), ("flag", "a > \(aStart)"), ("a", "\(aLeast) + (a - \(aLeast)) % 4"), ("a", "a - 2 * \(aStep)"),
                ("b", "event.n"), ("a", "\(aLeast) + \(aStep) * event.n"),
            ]
        /// Guards, the last only on `pick`.
        let guards =
            (wide ? ["far > \(farStart) || near < 0"] : []) + [
                "a < \(aMost - aStep)", "a + b > \(aStart)", "b != \(bLeast)", "(a - \(aLeast)) % \(2 * aStep) == 0", "mode == .m2",
                "flag || b < 2", "k + a > \(fixed + aStart)", "in(r1s1)", "b >= a", "event.n > 0",
            ]
        func update(withParameter: Bool) -> Spec.Action {
            let chosen = pick(withParameter ? updates : updates.dropLast(2))
            return Assign(chosen.variable, Spec.Expression(chosen.value)).action
        }
        func actions(withParameter: Bool) -> [Spec.Action] {
            var result = (0..<Int(random.next() % 3)).map { _ in update(withParameter: withParameter) }
            if chance(20) {
                let then = update(withParameter: withParameter), otherwise = update(withParameter: withParameter)
                result.append(If(Spec.Expression(pick(guards.dropLast())), then: { then }, else: { otherwise }).action)
            }
            return result
        }
        func transitions(region r: Int, names: [String]) -> [any StateComponent] {
            (0..<Int(1 + random.next() % 3)).map { _ in
                let event = pick(["go\(r)", "go\(r)", "both", "pick"])
                let condition = chance(60) ? pick(event == "pick" ? guards : guards.dropLast()) : nil
                let acts = actions(withParameter: event == "pick")
                if chance(25) { return On(event, guard: condition) { for action in acts { action } } }
                return On(event, to: Spec.StateReference(pick(names)), guard: condition) { for action in acts { action } }
            }
        }
        let names = [["r0s0", "r0s1", "r0s2"], ["r1s0", "r1s1"]]
        let invariant = pick(["a != \(aMost) || b < \(bMost)", "!(in(r0s1) && in(r1s1) && flag)", "true"])
        return Spec("random arithmetic \(seed)") {
            Variable("a", .int(min: aLeast, max: aMost), initial: .int(aStart))
            Variable("b", .int(min: bLeast, max: bMost), initial: .int(bLeast))
            Variable("k", .int(min: -5, max: 10), initial: .int(fixed))
            Variable("mode", .enumeration(["m0", "m1", "m2", "m3"]), initial: .enumCase("m1"))
            Variable("flag", .bool)
            if wide {
                Variable("far", .int(min: 0, max: 1 << 40), initial: .int(farStart))
                Variable("near", .int(min: -(1 << 30), max: 1 << 30), initial: .int(0))
            }
            Events("go0", "go1", "both")
            EventDeclaration("pick", ("n", .int(min: 0, max: 2)))
            Parallel("p") {
                for (r, region) in names.enumerated() {
                    StateNode("r\(r)") {
                        for name in region {
                            if name == "r0s2" {
                                StateNode(name) {
                                    StateNode("r0s2a") { On("go0", to: "r0s2b") }
                                    StateNode("r0s2b")
                                    if chance(50) { OnEntry { update(withParameter: false) } }
                                    for part in transitions(region: r, names: region) { part }
                                }
                            } else {
                                StateNode(name) {
                                    // Never true, but the codec cannot tell: the wide ints keep every bit of their ranges.
                                    if wide && name == "r1s0" {
                                        OnEntry {
                                            If("a < -100") {
                                                Assign("far", "far + 1"); Assign("near", "near + 1")
                                            }
                                        }
                                    }
                                    if chance(15) {
                                        Always(to: Spec.StateReference(pick(region)), guard: "a == \(aMost)") { Assign("a", "\(aStart)") }
                                    }
                                    for part in transitions(region: r, names: region) { part }
                                }
                            }
                        }
                    }
                }
            }
            Invariant("generated", Spec.Expression(invariant))
        }
    }
}
