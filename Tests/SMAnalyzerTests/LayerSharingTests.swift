import Testing

@testable import SMAnalyzer

/// When the search shares a layer between its threads (`LayerSharing`).
@Suite("Sharing layers between threads")
struct LayerSharingTests {
    /// A state's cost that makes a layer of `states` states worth `work` times what handing it out costs.
    static func secondsPerState(_ states: Int, work: Double) -> Double { Explorer.parallelWork * work / Double(states) }

    static func nanoseconds(_ seconds: Double, _ states: Int) -> UInt64 { UInt64(seconds * 1e9 * Double(states)) }

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
        var sharing = LayerSharing()
        let states = 1_000
        let perState = Self.secondsPerState(states, work: 2)
        sharing.record(nanoseconds: Self.nanoseconds(perState, states), states: states, shared: false)
        let whole = sharing.shares(states)
        #expect(whole)
        let quarter = sharing.shares(states / 4)
        #expect(!quarter, "a quarter of the layer is worth half of what handing it out costs")
        #expect(sharing.isNarrow(states / 4))
        #expect(!sharing.isNarrow(states))
    }

    @Test("sharing that cost more a state than one thread is tried again every sixteenth layer, and kept once it pays")
    func slowerShared() {
        var sharing = LayerSharing()
        let states = 1_000
        let alone = Self.secondsPerState(states, work: 4)
        sharing.record(nanoseconds: Self.nanoseconds(alone, states), states: states, shared: false)
        sharing.record(nanoseconds: Self.nanoseconds(alone * 1.5, states), states: states, shared: true)
        let decisions = (0..<32).map { _ in sharing.shares(states) }
        #expect(decisions.indices.filter { decisions[$0] } == [15, 31])
        // The probe shared, and this time two threads took a third of the time: the mean of 1.5 and 0.33 is
        // below one thread's.
        sharing.record(nanoseconds: Self.nanoseconds(alone / 3, states), states: states, shared: true)
        let after = (0..<8).map { _ in sharing.shares(states) }
        #expect(after.allSatisfy { $0 })
    }

    @Test("one slow layer moves an estimate half way, not all the way")
    func smoothed() {
        var sharing = LayerSharing()
        sharing.record(nanoseconds: 1_000, states: 10, shared: false)
        sharing.record(nanoseconds: 3_000, states: 10, shared: false)
        #expect(sharing.aloneSecondsPerState == 200e-9)
        #expect(sharing.sharedSecondsPerState == nil)
    }
}
