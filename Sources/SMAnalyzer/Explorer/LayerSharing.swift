import Dispatch

/// Whether the search shares a layer between its threads, from what layers have cost so far: a state's cost to one
/// thread (the layers it expanded alone) and to all of them together (the layers they shared, handing out and
/// collecting included).
///
/// A layer is shared when one thread would spend long enough on it that handing it out costs little
/// (`Explorer.parallelWork`), unless shared layers have cost more a state than lone ones. That happens: two threads
/// went at 0.7 of one thread's speed on the player's layers of 950 states in the benchmark, while one thread closed
/// the other's additions in the dense store. One thread then takes the layers, and every `probeInterval`th is
/// shared again, since the layers and the store change as the search goes on. Sharing that pays is checked the other
/// way, less and less often (`aloneProbeWork`): the lone estimate may come from the first layers alone, whose steps
/// the plans did not know yet, at many times a later state's cost (870 against 55 ns a state on the player).
struct LayerSharing {
    /// Whether every layer big enough to split is shared, whatever the times say (`ExplorationOptions`).
    let sharesEveryLayer: Bool
    /// Seconds a state, smoothed over the layers timed: expanded by one thread, and shared by all.
    private(set) var aloneSecondsPerState: Double?
    private(set) var sharedSecondsPerState: Double?
    /// Layers not shared because sharing cost more.
    private var declined = 0
    static let probeInterval = 16
    /// Layers shared since sharing last paid for a lone probe, and how many make the next one: `probeInterval`, then
    /// twice as many after each probe.
    private var sharedSinceProbe = 0
    private var aloneProbeAfter = probeInterval
    /// Only layers that take the threads together at most this long are probed alone: a big layer, where sharing
    /// pays most, would cost a probe the most.
    static let aloneProbeWork = 0.001

    init(sharesEveryLayer: Bool = false) { self.sharesEveryLayer = sharesEveryLayer }

    /// Whether a layer of `states` states is shared.
    mutating func shares(_ states: Int) -> Bool {
        guard states >= Explorer.parallelLayer else { return false }
        if sharesEveryLayer { return true }
        guard let alone = aloneSecondsPerState else { return states >= Explorer.parallelLayerUntimed }
        guard Double(states) * alone >= Explorer.parallelWork else { return false }
        guard let together = sharedSecondsPerState else { return true }
        // A probe must be timed to say anything: only layers big enough count towards one.
        let timed = states >= Explorer.timedLayer
        guard together >= alone else {
            guard timed && Double(states) * together <= Self.aloneProbeWork else { return true }
            sharedSinceProbe += 1
            guard sharedSinceProbe >= aloneProbeAfter else { return true }
            sharedSinceProbe = 0
            aloneProbeAfter *= 2
            return false
        }
        aloneProbeAfter = Self.probeInterval
        guard timed else { return false }
        declined += 1
        return declined % Self.probeInterval == 0
    }

    /// Whether one thread would spend so little on `states` states that sharing them cannot pay (true before any
    /// layer was timed: the search starts narrow).
    func isNarrow(_ states: Int) -> Bool {
        if sharesEveryLayer { return states < Explorer.parallelLayer }
        return aloneSecondsPerState.map { Double(states) * $0 < Explorer.parallelWork } ?? true
    }

    /// Records what `states` states cost since `started` (`DispatchTime`'s uptime in nanoseconds), alone or shared.
    mutating func record(since started: UInt64, states: Int, shared: Bool) {
        record(nanoseconds: DispatchTime.now().uptimeNanoseconds - started, states: states, shared: shared)
    }

    /// Records what `states` states cost, in `nanoseconds`, alone or shared. Each estimate is the mean of the last
    /// one and this, so one layer slowed by the machine does not decide alone; but a layer that cost less than half
    /// the estimate replaces it (the machine slows layers down, it does not speed them up: the estimate was left
    /// from costlier layers).
    mutating func record(nanoseconds: UInt64, states: Int, shared: Bool) {
        let perState = Double(nanoseconds) / 1e9 / Double(max(1, states))
        func updated(_ estimate: Double?) -> Double {
            guard let estimate, perState >= estimate / 2 else { return perState }
            return (estimate + perState) / 2
        }
        if shared {
            sharedSecondsPerState = updated(sharedSecondsPerState)
        } else {
            aloneSecondsPerState = updated(aloneSecondsPerState)
        }
    }
}
