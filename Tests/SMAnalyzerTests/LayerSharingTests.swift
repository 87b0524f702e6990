import Testing

@testable import SMAnalyzer

/// When the search shares a layer between its threads (`LayerSharing`).
@Suite("Sharing layers between threads")
struct LayerSharingTests {
    static let states = 1_000
    /// A state's cost that makes a layer of `states` states worth twice what handing it out costs.
    static let worthTwice = Explorer.parallelWork * 2 / Double(states)

    /// Sharing that has timed a layer of `states` states at `seconds` a state alone, and at `seconds * shared` shared.
    static func timed(alone seconds: Double, shared: Double? = nil) -> LayerSharing {
        var sharing = LayerSharing()
        sharing.record(nanoseconds: UInt64(seconds * 1e9 * Double(states)), states: states, shared: false)
        if let shared { sharing.record(nanoseconds: UInt64(seconds * shared * 1e9 * Double(states)), states: states, shared: true) }
        return sharing
    }

    @Test("before any layer was timed, only big layers are shared; never one too small to split")
    func untimed() {
        var sharing = LayerSharing()
        let justBelow = sharing.shares(Explorer.parallelLayerUntimed - 1)
        #expect(!justBelow)
        let bigEnough = sharing.shares(Explorer.parallelLayerUntimed)
        #expect(bigEnough)
        #expect(sharing.isNarrow(1_000_000))
        sharing.record(nanoseconds: 1_000_000_000, states: 1_000, shared: false)
        let tooSmallToSplit = sharing.shares(Explorer.parallelLayer - 1)
        #expect(!tooSmallToSplit)
    }

    @Test("a layer is shared when one thread would spend long enough on it")
    func worthSharing() {
        var sharing = Self.timed(alone: Self.worthTwice)
        let states = Self.states
        let whole = sharing.shares(states)
        #expect(whole)
        let quarter = sharing.shares(states / 4)
        #expect(!quarter, "a quarter of the layer is worth half of what handing it out costs")
        #expect(sharing.isNarrow(states / 4))
        #expect(!sharing.isNarrow(states))
    }

    @Test("sharing that cost more a state than one thread is tried again every sixteenth layer, and kept once it pays")
    func slowerShared() {
        let alone = Self.worthTwice
        var sharing = Self.timed(alone: alone, shared: 1.5)
        let states = Self.states
        let decisions = (0..<32).map { _ in sharing.shares(states) }
        #expect(decisions.indices.filter { decisions[$0] } == [15, 31])
        // The probe shared, and this time two threads took a third of one thread's time: less than half the
        // estimate (1.5), which it replaces.
        sharing.record(nanoseconds: UInt64(alone / 3 * 1e9 * Double(states)), states: states, shared: true)
        let after = (0..<8).map { _ in sharing.shares(states) }
        #expect(after.allSatisfy { $0 })
    }

    @Test("a layer too small to be timed is not shared as a probe, nor counted towards one")
    func untimedProbes() {
        // One thread's state is worth a whole hand-out: every layer is worth sharing, but sharing was slower.
        var sharing = Self.timed(alone: Explorer.parallelWork, shared: 1.5)
        let small = (0..<40).map { _ in sharing.shares(Explorer.timedLayer - 1) }
        #expect(small.allSatisfy { !$0 })
        let timed = (0..<16).map { _ in sharing.shares(Explorer.timedLayer) }
        #expect(timed.indices.filter { timed[$0] } == [15])
    }

    @Test("one slow layer moves an estimate half way, not all the way; one that cost less than half replaces it")
    func smoothed() {
        var sharing = LayerSharing()
        sharing.record(nanoseconds: 1_000, states: 10, shared: false)
        sharing.record(nanoseconds: 3_000, states: 10, shared: false)
        #expect(sharing.aloneSecondsPerState == 200e-9)
        #expect(sharing.sharedSecondsPerState == nil)
        sharing.record(nanoseconds: 990, states: 10, shared: false)
        #expect(sharing.aloneSecondsPerState == 99e-9)
    }

    @Test("sharing that paid is timed alone again after 16, 32, 64, ... layers, but not on layers that cost a probe much")
    func aloneProbes() {
        // Shared, a state costs half what it did alone.
        var sharing = Self.timed(alone: Self.worthTwice, shared: 0.5)
        let decisions = (0..<120).map { _ in sharing.shares(Self.states) }
        #expect(decisions.indices.filter { !decisions[$0] } == [15, 47, 111])
        // A layer the threads take more than `aloneProbeWork` on together.
        let big = Int(LayerSharing.aloneProbeWork / (Self.worthTwice * 0.5)) + 1
        let bigDecisions = (0..<300).map { _ in sharing.shares(big) }
        #expect(bigDecisions.allSatisfy { $0 })
    }

    @Test("a lone estimate left from costly first layers is replaced by a probe, and sharing is kept only if it still pays")
    func staleAloneEstimate() {
        // The first layers cost 20 times what the later ones do; shared, the later ones cost 0.9 of one thread's.
        let later = Self.worthTwice
        var sharing = Self.timed(alone: later * 20, shared: 0.9 / 20)
        let first = (0..<16).map { _ in sharing.shares(Self.states) }
        #expect(first.indices.filter { !first[$0] } == [15])
        // The probe: one thread at the later cost.
        sharing.record(nanoseconds: UInt64(later * 1e9 * Double(Self.states)), states: Self.states, shared: false)
        #expect(sharing.aloneSecondsPerState == later)
        // Sharing still pays (0.9 of one thread), but the next probe waits twice as long.
        let next = (0..<48).map { _ in sharing.shares(Self.states) }
        #expect(next.indices.filter { !next[$0] } == [31])
        // Had sharing cost more than the probe, one thread takes the layers again, sharing every sixteenth.
        sharing.record(nanoseconds: UInt64(later * 2 * 1e9 * Double(Self.states)), states: Self.states, shared: true)
        let declined = (0..<32).map { _ in sharing.shares(Self.states) }
        #expect(declined.indices.filter { declined[$0] } == [15, 31])
    }
}
