import SMSpec

/// One model of the explorer comparison: a spec as a user would write it, and its twin in Promela for SPIN, with
/// the same state space (SPIN's "states, stored" equals smcheck's configurations; the benchmark checks it).
public struct ExplorerModel: Sendable {
    public let name: String
    public let spec: Spec
    public let promela: String

    init(_ name: String, json: String, promela: String) {
        self.name = name
        spec = try! Spec.load(json: json)
        self.promela = promela
    }
}

extension BenchmarkSpecs {
    /// Every shape of the comparison, at the sizes the benchmarks use.
    public static var explorerModels: [ExplorerModel] {
        [
            rings(8, 8), philosophers(14), counters(150), chain(2_000_000), playerWithHistory(tracks: 2_000, volume: 100),
            filterLock(processes: 6), vending(credit: 4_000),
        ]
    }

    /// A model of the comparison at another size: rings N (of 8 states), philosophers N, counters N (N^3 values),
    /// chain N, player N (tracks, 100 volumes), filter N (processes), vending N (the most credit); and shapes outside
    /// the benchmark's list, for `ProfileDriver`: flat N (states, each with a counter's step), buffer N (the counters'
    /// wrap), thermostat N (the event parameter's values).
    public static func explorerModel(named name: String, size: Int) -> ExplorerModel? {
        switch name {
        case "rings": rings(size, 8)
        case "philosophers": philosophers(size)
        case "counters": counters(size)
        case "chain": chain(size)
        case "player": playerWithHistory(tracks: size, volume: 100)
        case "filter": filterLock(processes: size)
        case "vending": vending(credit: size)
        case "flat": flatMachine(states: size)
        case "buffer": boundedBuffer(wrap: size)
        case "thermostat": thermostat(degrees: size)
        default: nil
        }
    }

    /// N orthogonal rings of K states, one event each: the explorer's best case (each event touches one region).
    public static func rings(_ regions: Int, _ states: Int) -> ExplorerModel {
        ExplorerModel("rings \(regions)x\(states)", json: try! rings(regions: regions, states: states).jsonText,
                      promela: ringsPromela(regions: regions, states: states))
    }

    /// Dining philosophers: one parallel region per philosopher (thinking, holding the left fork, eating), the forks
    /// as shared bools read by guards and written by assignments in several regions, three events per philosopher.
    public static func philosophers(_ n: Int) -> ExplorerModel {
        let variables = (0..<n).map { #""fork\#($0)": {"type": "bool", "initial": false}"# }.joined(separator: ", ")
        let events = (0..<n).flatMap { ["\"left\($0)\": {}", "\"right\($0)\": {}", "\"done\($0)\": {}"] }.joined(separator: ", ")
        let regions = (0..<n).map { i -> String in
            let right = (i + 1) % n
            return #"""
                "p\#(i)": {"states": {
                  "thinking\#(i)": {"on": {"left\#(i)": {"guard": "!fork\#(i)", "target": "hasLeft\#(i)", "actions": [{"assign": {"fork\#(i)": "true"}}]}}},
                  "hasLeft\#(i)": {"on": {"right\#(i)": {"guard": "!fork\#(right)", "target": "eating\#(i)", "actions": [{"assign": {"fork\#(right)": "true"}}]}}},
                  "eating\#(i)": {"on": {"done\#(i)": {"target": "thinking\#(i)", "actions": [{"assign": {"fork\#(i)": "false", "fork\#(right)": "false"}}]}}}
                }}
                """#
        }.joined(separator: ",\n")
        let json = #"{"format": "smcheck/1", "name": "philosophers \#(n)", "variables": {\#(variables)}, "events": {\#(events)}, "states": {"table": {"type": "parallel", "states": {\#(regions)}}}}"#
        var promela = ["/* \(n) dining philosophers, as smcheck's philosophers spec */", "bool fork[\(n)];", "byte phase[\(n)];",
                       "active proctype table() {", "  do"]
        for i in 0..<n {
            let right = (i + 1) % n
            promela.append("  :: atomic { phase[\(i)] == 0 && !fork[\(i)] -> fork[\(i)] = true; phase[\(i)] = 1 }")
            promela.append("  :: atomic { phase[\(i)] == 1 && !fork[\(right)] -> fork[\(right)] = true; phase[\(i)] = 2 }")
            promela.append("  :: atomic { phase[\(i)] == 2 -> fork[\(i)] = false; fork[\(right)] = false; phase[\(i)] = 0 }")
        }
        promela += ["  od", "}"]
        return ExplorerModel("philosophers \(n)", json: json, promela: promela.joined(separator: "\n") + "\n")
    }

    /// A flat machine (open, locked) with three int counters that wrap: `2 * size^3` configurations.
    public static func counters(_ size: Int) -> ExplorerModel {
        let max = size - 1
        let json = #"""
            {"format": "smcheck/1", "name": "counters \#(size)",
             "variables": {"a": {"type": "int", "min": 0, "max": \#(max), "initial": 0}, "b": {"type": "int", "min": 0, "max": \#(max), "initial": 0}, "c": {"type": "int", "min": 0, "max": \#(max), "initial": 0}},
             "events": {"incA": {}, "incB": {}, "incC": {}, "lock": {}, "unlock": {}},
             "states": {
               "open": {"on": {"incA": {"actions": [{"assign": {"a": "(a + 1) % \#(size)"}}]}, "incB": {"actions": [{"assign": {"b": "(b + 1) % \#(size)"}}]},
                               "incC": {"actions": [{"assign": {"c": "(c + 1) % \#(size)"}}]}, "lock": "locked"}},
               "locked": {"on": {"unlock": "open"}}
             }}
            """#
        let promela = """
            /* a flat machine with three counters that wrap, as smcheck's counters spec */
            byte locked = 0; short a = 0, b = 0, c = 0;
            active proctype counters() {
              do
              :: atomic { locked == 0 -> a = (a + 1) % \(size) }
              :: atomic { locked == 0 -> b = (b + 1) % \(size) }
              :: atomic { locked == 0 -> c = (c + 1) % \(size) }
              :: atomic { locked == 0 -> locked = 1 }
              :: atomic { locked == 1 -> locked = 0 }
              od
            }

            """
        return ExplorerModel("counters \(size)^3", json: json, promela: promela)
    }

    /// One int counter that wraps at `length`: a chain of `length` configurations, `length - 1` deep.
    public static func chain(_ length: Int) -> ExplorerModel {
        let json = #"""
            {"format": "smcheck/1", "name": "chain \#(length)",
             "variables": {"x": {"type": "int", "min": 0, "max": \#(length - 1), "initial": 0}},
             "events": {"tick": {}},
             "states": {"running": {"on": {"tick": {"actions": [{"assign": {"x": "(x + 1) % \#(length)"}}]}}}}}
            """#
        let promela = """
            /* one counter that wraps, as smcheck's chain spec */
            int x = 0;
            active proctype chain() {
              do
              :: atomic { x = (x + 1) % \(length) }
              od
            }

            """
        return ExplorerModel("chain \(length)", json: json, promela: promela)
    }

    /// A hierarchical player: `playing` holds `normal` and `fast` and a shallow history that `resume` returns to
    /// from `paused`; the track and the volume are ints. States: stopped, normal, fast, paused with each history.
    public static func playerWithHistory(tracks: Int, volume: Int) -> ExplorerModel {
        let json = #"""
            {"format": "smcheck/1", "name": "player \#(tracks)x\#(volume)",
             "variables": {"track": {"type": "int", "min": 0, "max": \#(tracks - 1), "initial": 0}, "volume": {"type": "int", "min": 0, "max": \#(volume - 1), "initial": 0}},
             "events": {"play": {}, "pause": {}, "resume": {}, "stop": {}, "faster": {}, "next": {}, "louder": {}},
             "states": {
               "stopped": {"on": {"play": "playing", "next": {"actions": [{"assign": {"track": "(track + 1) % \#(tracks)"}}]}}},
               "playing": {
                 "states": {
                   "h": {"type": "history"},
                   "normal": {"on": {"faster": "fast"}},
                   "fast": {"on": {"faster": "normal"}}
                 },
                 "initial": "normal",
                 "on": {"pause": "paused", "stop": "stopped", "louder": {"actions": [{"assign": {"volume": "(volume + 1) % \#(volume)"}}]}}
               },
               "paused": {"on": {"resume": "playing/h", "stop": "stopped"}}
             }}
            """#
        // mode: 0 stopped, 1 normal, 2 fast, 3 paused; history: 0 none, 1 normal, 2 fast (recorded when playing is left).
        let promela = """
            /* the hierarchical player with history, as smcheck's player spec */
            byte mode = 0, history = 0; short track = 0; byte volume = 0;
            active proctype player() {
              do
              :: atomic { mode == 0 -> mode = 1 }
              :: atomic { mode == 0 -> track = (track + 1) % \(tracks) }
              :: atomic { mode == 1 -> mode = 2 }
              :: atomic { mode == 2 -> mode = 1 }
              :: atomic { (mode == 1 || mode == 2) -> history = mode; mode = 3 }
              :: atomic { (mode == 1 || mode == 2) -> history = mode; mode = 0 }
              :: atomic { (mode == 1 || mode == 2) -> volume = (volume + 1) % \(volume) }
              :: atomic { mode == 3 && history == 0 -> mode = 1 }
              :: atomic { mode == 3 && history != 0 -> mode = history }
              :: atomic { mode == 3 -> mode = 0 }
              od
            }

            """
        return ExplorerModel("player with history \(tracks)x\(volume)", json: json, promela: promela)
    }

    /// Peterson's filter lock for N processes, the classic mutual-exclusion model: per process a level, a loop index
    /// and four states (idle, set, wait, critical) in a parallel region, a victim per level, all ints that several
    /// regions read in long guards; the invariant is mutual exclusion. Shapes like it (shared ints, guards over
    /// every other process) are far from the rings: here a configuration is a 53-bit key (5 processes).
    public static func filterLock(processes n: Int) -> ExplorerModel {
        precondition(n >= 2)
        var variables: [String] = []
        for i in 0..<n { variables += [#""lev\#(i)": {"type": "int", "min": 0, "max": \#(n - 1)}"#, #""l\#(i)": {"type": "int", "min": 0, "max": \#(n - 1)}"#] }
        for level in 1..<n { variables.append(#""victim\#(level)": {"type": "int", "min": 0, "max": \#(n - 1)}"#) }
        let events = (0..<n).map { "\"step\($0)\": {}" }.joined(separator: ", ")
        let regions = (0..<n).map { i -> String in
            let setVictim = (1..<n).map { level in #"{"if": "l\#(i) == \#(level)", "then": [{"assign": {"victim\#(level)": "\#(i)"}}]}"# }
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
        let json = #"""
            {"format": "smcheck/1", "name": "filter lock \#(n)", "variables": {\#(variables.joined(separator: ", "))},
             "events": {\#(events)}, "states": {"procs": {"type": "parallel", "states": {\#(regions)}}},
             "invariants": [{"name": "mutual exclusion", "expr": "\#(exclusion)"}]}
            """#
        var promela = [
            "/* Peterson's filter lock, as smcheck's filter spec: pc 0 idle, 1 set, 2 wait, 3 critical */",
            "byte pc[\(n)]; byte lev[\(n)]; byte l[\(n)]; byte victim[\(n)];", "active proctype procs() {", "  do",
        ]
        for i in 0..<n {
            let others = (0..<n).filter { $0 != i }.map { "lev[\($0)] < l[\(i)]" }.joined(separator: " && ")
            let mayGo = "(victim[l[\(i)]] != \(i) || (\(others)))"
            promela += [
                "  :: d_step { pc[\(i)] == 0 -> l[\(i)] = 1; pc[\(i)] = 1 }",
                "  :: d_step { pc[\(i)] == 1 -> victim[l[\(i)]] = \(i); lev[\(i)] = l[\(i)]; pc[\(i)] = 2 }",
                "  :: d_step { pc[\(i)] == 2 && \(mayGo) && l[\(i)] < \(n - 1) -> l[\(i)]++; pc[\(i)] = 1 }",
                "  :: d_step { pc[\(i)] == 2 && \(mayGo) && l[\(i)] >= \(n - 1) -> pc[\(i)] = 3 }",
                "  :: d_step { pc[\(i)] == 3 -> lev[\(i)] = 0; l[\(i)] = 0; pc[\(i)] = 0 }",
            ]
        }
        promela += ["  od", "}", ""]
        return ExplorerModel("filter lock \(n)", json: json, promela: promela.joined(separator: "\n"))
    }

    /// A vending machine as a user would write it: a credit in coins of 5 and 10 up to `credit`, three products with
    /// their prices and stocks of 0...9, guards over amounts, and a maintenance state that restocks. The steps of
    /// the ready state read and write the credit, a value of thousands: `2 * (credit / 5 + 1) * 1000` configurations
    /// (for a credit of at least 40).
    public static func vending(credit limit: Int) -> ExplorerModel {
        let products = [("A", 15), ("B", 25), ("C", 40)]
        let variables = [#""credit": {"type": "int", "min": 0, "max": \#(limit), "initial": 0}"#]
            + products.map { #""stock\#($0.0)": {"type": "int", "min": 0, "max": 9, "initial": 9}"# }
        let events = (["coin5", "coin10", "refund", "service", "restock", "done"] + products.map { "buy\($0.0)" })
            .map { "\"\($0)\": {}" }.joined(separator: ", ")
        let buys = products.map { name, price in
            #""buy\#(name)": {"guard": "credit >= \#(price) && stock\#(name) > 0", "actions": [{"assign": {"credit": "credit - \#(price)", "stock\#(name)": "stock\#(name) - 1"}}]}"#
        }
        let json = #"""
            {"format": "smcheck/1", "name": "vending \#(limit)", "variables": {\#(variables.joined(separator: ", "))},
             "events": {\#(events)},
             "states": {
               "ready": {"on": {
                 "coin5": {"guard": "credit + 5 <= \#(limit)", "actions": [{"assign": {"credit": "credit + 5"}}]},
                 "coin10": {"guard": "credit + 10 <= \#(limit)", "actions": [{"assign": {"credit": "credit + 10"}}]},
                 \#(buys.joined(separator: ",\n"))
                 , "refund": {"guard": "credit > 0", "actions": [{"assign": {"credit": "0"}}]},
                 "service": "maintenance"}},
               "maintenance": {"on": {"restock": {"actions": [{"assign": {"stockA": "9", "stockB": "9", "stockC": "9"}}]}, "done": "ready"}}
             }}
            """#
        var promela = ["/* a vending machine, as smcheck's vending spec */", "int credit = 0; byte sA = 9, sB = 9, sC = 9; bit maint = 0;",
                       "active proctype vending() {", "  do",
                       "  :: atomic { maint == 0 && credit + 5 <= \(limit) -> credit = credit + 5 }",
                       "  :: atomic { maint == 0 && credit + 10 <= \(limit) -> credit = credit + 10 }"]
        for (name, price) in products {
            promela.append("  :: atomic { maint == 0 && credit >= \(price) && s\(name) > 0 -> credit = credit - \(price); s\(name)-- }")
        }
        promela += ["  :: atomic { maint == 0 && credit > 0 -> credit = 0 }", "  :: atomic { maint == 0 -> maint = 1 }",
                    "  :: atomic { maint == 1 -> sA = 9; sB = 9; sC = 9 }", "  :: atomic { maint == 1 -> maint = 0 }", "  od", "}", ""]
        return ExplorerModel("vending \(limit)", json: json, promela: promela.joined(separator: "\n"))
    }

    /// A flat machine of N states in a ring (`next`, and `skip` seven ahead), each with its own `inc` of a counter that
    /// wraps at 1,000: the control state is most of the key, and every state's step of the counter is a plan of its own.
    public static func flatMachine(states n: Int) -> ExplorerModel {
        let states = (0..<n).map { i in
            #""s\#(i)": {"on": {"next": "s\#((i + 1) % n)", "skip": "s\#((i + 7) % n)", "inc": {"actions": [{"assign": {"x": "(x + 1) % 1000"}}]}}}"#
        }.joined(separator: ",\n")
        let json = #"""
            {"format": "smcheck/1", "name": "flat \#(n)", "variables": {"x": {"type": "int", "min": 0, "max": 999, "initial": 0}},
             "events": {"next": {}, "skip": {}, "inc": {}}, "states": {\#(states)}}
            """#
        let promela = """
            /* a flat machine of \(n) states in a ring, each with a counter's step */
            short s = 0; short x = 0;
            active proctype m() {
              do
              :: atomic { s = (s + 1) % \(n) }
              :: atomic { s = (s + 7) % \(n) }
              :: atomic { x = (x + 1) % 1000 }
              od
            }

            """
        return ExplorerModel("flat \(n)", json: json, promela: promela)
    }

    /// A bounded buffer of 40: a producer and a consumer as parallel regions sharing its count, each counting what it
    /// made or used (stepping by 3 and 7, wrapping at N), both reset when they meet: ints shared between regions.
    public static func boundedBuffer(wrap m: Int) -> ExplorerModel {
        let json = #"""
            {"format": "smcheck/1", "name": "buffer \#(m)",
             "variables": {"count": {"type": "int", "min": 0, "max": 40, "initial": 0},
                           "made": {"type": "int", "min": 0, "max": \#(m - 1), "initial": 0},
                           "used": {"type": "int", "min": 0, "max": \#(m - 1), "initial": 0}},
             "events": {"make": {}, "put": {}, "take": {}, "done": {}, "reset": {}},
             "states": {"sys": {"type": "parallel", "states": {
               "producer": {"states": {
                 "idle": {"on": {"make": {"target": "ready", "actions": [{"assign": {"made": "(made + 3) % \#(m)"}}]}}},
                 "ready": {"on": {"put": {"guard": "count < 40", "target": "idle", "actions": [{"assign": {"count": "count + 1"}}]}}}}},
               "consumer": {"states": {
                 "waiting": {"on": {"take": {"guard": "count > 0", "target": "busy", "actions": [{"assign": {"count": "count - 1"}}]}}},
                 "busy": {"on": {"done": {"target": "waiting", "actions": [{"assign": {"used": "(used + 7) % \#(m)"}}]}}}}}},
               "on": {"reset": {"guard": "made == used", "actions": [{"assign": {"made": "0", "used": "0"}}]}}}}}
            """#
        let promela = """
            /* a bounded buffer: producer and consumer regions sharing the count */
            byte p = 0, c = 0; byte count = 0; short made = 0, used = 0;
            active proctype m() {
              do
              :: atomic { p == 0 -> p = 1; made = (made + 3) % \(m) }
              :: atomic { p == 1 && count < 40 -> p = 0; count = count + 1 }
              :: atomic { c == 0 && count > 0 -> c = 1; count = count - 1 }
              :: atomic { c == 1 -> c = 0; used = (used + 7) % \(m) }
              :: atomic { made == used -> made = 0; used = 0 }
              od
            }

            """
        return ExplorerModel("buffer \(m)", json: json, promela: promela)
    }

    /// A thermostat whose `set` event takes the target as a parameter of 0...N (N + 1 instances in every state), and
    /// whose `tick` moves the temperature toward it: many transitions per state, most to states already seen.
    public static func thermostat(degrees n: Int) -> ExplorerModel {
        let json = #"""
            {"format": "smcheck/1", "name": "thermostat \#(n)",
             "variables": {"target": {"type": "int", "min": 0, "max": \#(n), "initial": 0},
                           "temp": {"type": "int", "min": 0, "max": \#(n), "initial": 0}},
             "events": {"set": {"params": {"t": {"type": "int", "min": 0, "max": \#(n)}}}, "tick": {}},
             "states": {
               "idle": {"on": {"set": {"actions": [{"assign": {"target": "event.t"}}]},
                               "tick": [{"guard": "temp < target", "target": "heating"}, {"guard": "temp > target", "target": "cooling"}]}},
               "heating": {"on": {"tick": [{"guard": "temp + 1 >= target", "target": "idle", "actions": [{"assign": {"temp": "temp + 1"}}]},
                                           {"actions": [{"assign": {"temp": "temp + 1"}}]}],
                                  "set": {"actions": [{"assign": {"target": "event.t"}}]}}},
               "cooling": {"on": {"tick": [{"guard": "temp - 1 <= target", "target": "idle", "actions": [{"assign": {"temp": "temp - 1"}}]},
                                           {"actions": [{"assign": {"temp": "temp - 1"}}]}],
                                  "set": {"actions": [{"assign": {"target": "event.t"}}]}}}}}
            """#
        let sets = (0...n).map { "  :: atomic { target = \($0) }" }.joined(separator: "\n")
        let promela = """
            /* a thermostat: the target set to each of 0...\(n), the temperature ticked toward it */
            byte mode = 0; short target = 0, temp = 0;
            active proctype m() {
              do
            \(sets)
              :: atomic { mode == 0 && temp < target -> mode = 1 }
              :: atomic { mode == 0 && temp > target -> mode = 2 }
              :: atomic { mode == 1 && temp + 1 >= target -> mode = 0; temp = temp + 1 }
              :: atomic { mode == 1 && temp + 1 < target -> temp = temp + 1 }
              :: atomic { mode == 2 && temp - 1 <= target -> mode = 0; temp = temp - 1 }
              :: atomic { mode == 2 && temp - 1 > target -> temp = temp - 1 }
              od
            }

            """
        return ExplorerModel("thermostat \(n)", json: json, promela: promela)
    }
}
