import SMEngine
import SMSpec
import Testing

@testable import SMAnalyzer

/// Output that can be diffed: the same findings print in the same order, whichever order the threads found them in.
@Suite("The order findings are printed in")
struct FindingOrderTests {
    static func loop(_ events: [Int], witness: Int) -> Finding {
        Finding(
            .infiniteLoop, "infinite transition loop: more than 25 microsteps in one macrostep",
            trace: events.map { TraceStep(event: EventInstance(event: $0)) }, witness: [WitnessValue("x", .int(witness))],
            method: .exploration)
    }

    @Test("findings alike but for their traces or witnesses come out in one order, whatever order they went in")
    func tiesAreBroken() {
        let findings = [
            Self.loop([0, 2, 2, 1], witness: 27), Self.loop([0, 1], witness: 26), Self.loop([0, 1], witness: 25),
            Self.loop([0, 2, 1, 1], witness: 27),
        ]
        let expected = [findings[2], findings[1], findings[3], findings[0]]
        for rotation in 0..<findings.count {
            let input = Array(findings[rotation...] + findings[..<rotation])
            #expect(input.sortedForOutput() == expected, "rotated by \(rotation)")
            #expect(Array(input.reversed()).sortedForOutput() == expected, "reversed, rotated by \(rotation)")
        }
    }
}
