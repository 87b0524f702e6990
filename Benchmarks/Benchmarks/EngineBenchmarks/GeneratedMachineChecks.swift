import BenchmarkSpecs
import GeneratedMachines
import SMSpec

/// The generated machines are measured only if they are what the comparison says: generated from the very specs the
/// engine benchmarks run, and doing the same as the hand-written machines on the benchmark's events.
enum GeneratedMachineChecks {
    static func verify() throws {
        let ring = try Spec.load(path: GeneratedSpecs.flatRingPath)
        let player = try Spec.load(path: GeneratedSpecs.playerPath)
        precondition(ring == BenchmarkSpecs.flatRing, "\(GeneratedSpecs.flatRingPath) is not BenchmarkSpecs.flatRing")
        precondition(player == BenchmarkSpecs.player, "\(GeneratedSpecs.playerPath) is not BenchmarkSpecs.player")

        var generatedRing = FlatRing()
        var handWrittenRing = HandWrittenRing()
        generatedRing.start()
        for step in 0..<25 {
            let event: FlatRing.Event = step % 7 == 6 ? .reset : .next
            let handled = generatedRing.send(event)
            precondition(handled == handWrittenRing.send(event == .next ? .next : .reset), "the rings disagree at step \(step)")
            precondition(generatedRing.activeStates.map(\.rawValue) == ["s\(handWrittenRing.state)"], "the rings disagree at step \(step)")
        }

        var generatedPlayer = Player()
        var handWrittenPlayer = HandWrittenPlayer()
        generatedPlayer.start()
        for (step, name) in (BenchmarkSpecs.playerEvents + BenchmarkSpecs.playerEvents).enumerated() {
            let handled = generatedPlayer.send(playerEvent(name))
            precondition(handled == handWrittenPlayer.send(handWrittenEvent(name)), "the players disagree at step \(step) (\(name))")
            let playback: HandWrittenPlayer.Playback = switch (generatedPlayer.configuration.playback, generatedPlayer.configuration.playing) {
            case (.stopped?, _): .stopped
            case (.paused?, _): .paused
            case (.playing?, .fast?): .fast
            default: .normal
            }
            let volume = ["v0", "v1", "v2", "v3"].firstIndex { generatedPlayer.isActive(Player.StateID(rawValue: "on/deck/volume/" + $0)!) }
            precondition(playback == handWrittenPlayer.playback && volume == handWrittenPlayer.volume
                         && generatedPlayer.variables.tracks == handWrittenPlayer.tracks, "the players disagree after step \(step) (\(name))")
        }
    }

    static func playerEvent(_ name: String) -> Player.Event {
        [Player.Event.play, .pause, .stop, .faster, .louder, .quieter].first { $0.name == name }!
    }

    static func handWrittenEvent(_ name: String) -> HandWrittenPlayer.Event { HandWrittenPlayer.Event(rawValue: name)! }
}
