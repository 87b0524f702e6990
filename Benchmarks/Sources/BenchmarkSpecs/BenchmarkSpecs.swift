import SMBuilder
import SMEngine
import SMFuzz
import SMSpec

/// The machines the benchmarks measure, built in Swift so the numbers do not depend on files.
public enum BenchmarkSpecs {
    /// Ten states in a ring: `next` moves to the following one, `reset` back to s0.
    public static let flatRing = Spec("flat ring") {
        Events("next", "reset")
        for i in 0..<10 {
            StateNode("s\(i)") {
                On("next", to: "s\((i + 1) % 10)")
                if i != 0 { On("reset", to: "s0") }
            }
        }
    }

    /// A combination lock: a, b, c, then d with a code of 5 or more opens it, which the invariant forbids; any other
    /// event starts over. The shrink benchmark hides the opening four events at the end of a long run.
    public static let combinationLock = Spec("combination lock") {
        Events("a", "b", "c")
        EventDeclaration("d", ("code", .int(min: 0, max: 9)))
        Events("e")
        StateNode("lock") {
            for event in ["a", "b", "c", "d", "e"] { On(event, to: "s0") }
            StateNode("s0") { On("a", to: "s1") }
            StateNode("s1") { On("b", to: "s2") }
            StateNode("s2") { On("c", to: "s3") }
            StateNode("s3") { On("d", to: "open", guard: "event.code >= 5") }
            StateNode("open")
        }
        Invariant("stays locked", "!in(open)")
    }

    /// `noise` events that never open the lock (no `d`), then a, b, c, d {code: 9}, which do.
    public static func lockTrace(machine: Machine, noise: Int) throws -> [TraceStep] {
        var random = SplitMix64(seed: 5)
        let noiseEvents = try ["a", "b", "c", "e"].map { try machine.eventInstance($0) }
        var trace = (0..<noise).map { _ in TraceStep(event: noiseEvents[Int(random.next() % 4)]) }
        for name in ["a", "b", "c"] { trace.append(TraceStep(event: try machine.eventInstance(name))) }
        trace.append(TraceStep(event: try machine.eventInstance("d", ["code": .int(9)])))
        return trace
    }

    /// A hierarchical and parallel player: playback (with nested playing modes) beside a volume region, with a
    /// guarded counter, entry actions and a shallow history.
    public static let player = Spec("player") {
        Variable("tracks", .int(min: 0, max: 9), initial: .int(0))
        Events("play", "pause", "stop", "faster", "louder", "quieter")
        StateNode("on") {
            Parallel("deck") {
                StateNode("playback") {
                    StateNode("stopped") { On("play", to: "playing") }
                    StateNode("playing") {
                        OnEntry { Assign("tracks", "(tracks + 1) % 10") }
                        StateNode("normal") { On("faster", to: "fast") }
                        StateNode("fast") { On("faster", to: "normal") }
                        On("pause", to: "paused")
                        On("stop", to: "stopped")
                    }
                    StateNode("paused") { On("play", to: "playback/h"); On("stop", to: "stopped") }
                    History("h")
                }
                StateNode("volume") {
                    for level in 0..<4 {
                        StateNode("v\(level)") {
                            if level < 3 { On("louder", to: "v\(level + 1)") }
                            if level > 0 { On("quieter", to: "v\(level - 1)") }
                        }
                    }
                }
            }
        }
    }

    /// `regions` orthogonal regions, each a ring of `states` states; event `advance<i>` moves region i one step.
    /// Every combination of ring positions is reachable: `states ^ regions` configurations.
    public static func rings(regions: Int, states: Int) -> Spec {
        Spec("rings \(regions)x\(states)") {
            for r in 0..<regions { Events("advance\(r)") }
            Parallel("rings") {
                for r in 0..<regions {
                    StateNode("r\(r)") {
                        for k in 0..<states {
                            StateNode("r\(r)s\(k)") { On("advance\(r)", to: "r\(r)s\((k + 1) % states)") }
                        }
                    }
                }
            }
        }
    }

    /// A large spec for the loader: `groups` compound states of `children` states each, every child with three
    /// transitions carrying guards and assignments over three variables, as the JSON text a user would write.
    public static func largeSpecText(groups: Int, children: Int) -> String {
        // A spec this generator builds always has its JSON form: a failure is a bug here, not an input's.
        try! Spec("large \(groups)x\(children)") {
            Variable("count", .int(min: 0, max: 1000), initial: .int(0))
            Variable("armed", .bool, initial: .bool(false))
            Variable("mode", .enumeration(["idle", "busy", "done"]), initial: .enumCase("idle"))
            Events("next", "back")
            EventDeclaration("set", ("n", .int(min: 0, max: 1000)))
            for g in 0..<groups {
                StateNode("g\(g)") {
                    for c in 0..<children {
                        StateNode("g\(g)c\(c)") {
                            Description("child \(c) of group \(g)")
                            On("next", to: "g\(g)c\((c + 1) % children)", guard: "count < 1000 && !armed") {
                                Assign("count", "count + 1")
                            }
                            On("back", to: "g\((g + 1) % groups)/g\((g + 1) % groups)c0", guard: "mode != .idle || count % 7 == 3") {
                                Assign("armed", "!armed")
                                Assign("mode", ".busy")
                            }
                            On("set", guard: "event.n >= \(c % 100)") { Assign("count", "event.n") }
                        }
                    }
                }
            }
        }.jsonText
    }

    /// The same state space in Promela for SPIN: one process whose `do` loop advances any one of the rings.
    public static func ringsPromela(regions: Int, states: Int) -> String {
        var lines = ["/* \(regions) rings of \(states) states, as smcheck's rings spec */"]
        lines.append("byte " + (0..<regions).map { "r\($0) = 0" }.joined(separator: ", ") + ";")
        lines.append("active proctype rings() {")
        lines.append("  do")
        for r in 0..<regions { lines.append("  :: atomic { r\(r) = (r\(r) + 1) % \(states) }") }
        lines.append("  od")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The order events are sent to the player: every transition kind above, in a loop.
    public static let playerEvents = ["play", "louder", "faster", "pause", "louder", "play", "quieter", "faster", "stop", "quieter"]
}

/// The flat ring written by hand as a Swift switch: what the engine is compared with.
public struct HandWrittenRing {
    public enum Event { case next, reset }
    public private(set) var state = 0

    public init() {}

    @inline(never)
    public mutating func send(_ event: Event) -> Bool {
        switch (state, event) {
        case (0, .next): state = 1
        case (1, .next): state = 2
        case (2, .next): state = 3
        case (3, .next): state = 4
        case (4, .next): state = 5
        case (5, .next): state = 6
        case (6, .next): state = 7
        case (7, .next): state = 8
        case (8, .next): state = 9
        case (9, .next): state = 0
        case (1...9, .reset): state = 0
        default: return false
        }
        return true
    }
}

/// The player written by hand as Swift switches: what the generated `Player` is compared with. It does what
/// `BenchmarkSpecs.player` says, including that `play` in `paused` targets the shallow history of `playback`,
/// which records only when `playback` itself is left (never here), so it goes to the history's default, `stopped`.
public struct HandWrittenPlayer {
    public enum Event: String { case play, pause, stop, faster, louder, quieter }
    public enum Playback { case stopped, normal, fast, paused }

    public private(set) var playback = Playback.stopped
    public private(set) var volume = 0
    public private(set) var tracks = 0

    public init() {}

    @inline(never)
    public mutating func send(_ event: Event) -> Bool {
        switch (event, playback) {
        case (.play, .stopped):
            playback = .normal
            tracks = (tracks + 1) % 10
        case (.play, .paused): playback = .stopped
        case (.pause, .normal), (.pause, .fast): playback = .paused
        case (.stop, .normal), (.stop, .fast), (.stop, .paused): playback = .stopped
        case (.faster, .normal): playback = .fast
        case (.faster, .fast): playback = .normal
        case (.louder, _) where volume < 3: volume += 1
        case (.quieter, _) where volume > 0: volume -= 1
        default: return false
        }
        return true
    }
}

extension BenchmarkSpecs {
    /// `states` states with `perState` transitions each on one event, guarded by linear conditions over three ints:
    /// `states * perState * (perState - 1) / 2` pairs of guards to check for overlap.
    public static func guardPairs(states: Int, perState: Int) -> Spec {
        var seed: UInt64 = 42
        func next(_ range: ClosedRange<Int>) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
        }
        let comparisons = ["<", "<=", ">", ">=", "==", "!="]
        return Spec("guard pairs") {
            Variable("x", .int(min: -100, max: 100))
            Variable("y", .int(min: -100, max: 100))
            Variable("z", .int(min: 0, max: 50))
            Events("go")
            for s in 0..<states {
                StateNode("s\(s)") {
                    for _ in 0..<perState {
                        On("go", to: "s\((s + 1) % states)",
                           guard: "x + \(next(1...3)) * y \(comparisons[next(0...5)]) \(next(-50...50)) && z \(comparisons[next(0...3)]) \(next(0...50))")
                    }
                }
            }
        }
    }
}
