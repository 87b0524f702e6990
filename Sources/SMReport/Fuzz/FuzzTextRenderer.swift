import Foundation
import SMEngine
import SMFuzz

/// The human-readable result of `smcheck fuzz`: per spec, the verdict and the campaign's size and speed, a
/// failure's shrunk trace and how to replay it, and the coverage with what was not reached.
public struct FuzzTextRenderer: ReportRenderer {
    public var colors = false
    /// How many unreached items to name per kind before summing up the rest.
    public var listedMisses = 8

    public init(colors: Bool = false) { self.colors = colors }

    public func render(_ outcome: FuzzOutcome) -> String {
        let style = TextStyle(colors: colors)
        switch outcome {
        case .unusable(_, let error):
            return error.diagnostics.map { style.paint($0.description.controlCharactersEscapedKeepingLines, .red) }.joined(separator: "\n")
                + "\n"
        case .fuzzed(let file, let result, let replayFile, let swiftTestFile):
            var lines = [style.paint("\(file.controlCharactersEscaped) — \(result.machine.spec.name)", .bold)]
            let campaign =
                Self.campaign(runs: result.runs, events: result.events, seconds: result.seconds, eventsPerSecond: result.eventsPerSecond)
                + ", seed \(result.configuration.seed)"
            if let failure = result.failure {
                lines.append("  " + style.paint("failed:", .red) + " " + failure.failure.message)
                if let location = failure.failure.location, location.line != nil {
                    lines.append("    " + TextStyle.at(location, in: file))
                }
                lines.append(
                    "    found by run \(failure.run + 1) after \(TextStyle.plural(failure.originalSteps, "event")); "
                        + "shrunk to \(TextStyle.plural(failure.shrunkSteps, "event")) in \(TextStyle.plural(failure.shrinkReplays, "replay"))"
                        // The time only when it is worth saying: a shrink of a few milliseconds is not.
                        + (failure.shrinkSeconds >= 1 ? " (\(Self.seconds(failure.shrinkSeconds)))" : "")
                        + (failure.isFromExploration ? "; the exploration's shortest trace has \(failure.trace.count)" : ""))
                if let stop = failure.shrinkingStop, !failure.isFromExploration {
                    lines.append("    " + style.paint("\(stop.description): the trace may not be minimal", .yellow))
                }
                lines += TextStyle.trace(failure.trace, machine: result.machine, indent: "    ")
                if let replayFile { lines.append("    replay: smcheck replay \(ShellWord.quoted(replayFile))") }
                if let swiftTestFile { lines.append("    swift test: \(swiftTestFile)") }
                lines.append("  (\(campaign))")
            } else if result.interrupted {
                lines.append("  " + style.paint("interrupted", .yellow) + ": no failure in the runs made (\(campaign))")
            } else {
                lines.append("  " + style.paint("ok", .green) + " (\(campaign))")
            }
            if !result.failuresNoRunReached.isEmpty {
                lines.append("  " + style.paint("note:", .yellow) + " no run reached what the exploration before fuzzing found failing:")
                lines += result.failuresNoRunReached.prefix(listedMisses).map { "    \($0.controlCharactersEscaped)" }
                if result.failuresNoRunReached.count > listedMisses {
                    lines.append("    … and \(result.failuresNoRunReached.count - listedMisses) more")
                }
                lines.append("    smcheck check \(ShellWord.quoted(file)) shows each with its shortest trace")
            }
            lines += coverage(result.coverageSummary)
            return lines.joined(separator: "\n") + "\n"
        }
    }

    func coverage(_ summary: CoverageSummary) -> [String] {
        coverage(
            tally: Self.tally(summary),
            misses: [
                ("states not entered", summary.missedStates), ("transitions not taken", summary.missedTransitions),
                ("guard outcomes not seen", summary.missedGuardOutcomes), ("not counted, as they cannot happen", summary.excluded),
            ])
    }

    /// `coverage: ` and the tally, then each kind of miss with the first `listedMisses` names.
    func coverage(tally: String, misses: [(title: String, names: [String])]) -> [String] {
        var lines = ["  coverage: " + tally]
        for (title, names) in misses where !names.isEmpty {
            lines.append("    \(title):")
            lines += names.prefix(listedMisses).map { "      \($0)" }
            if names.count > listedMisses { lines.append("      … and \(names.count - listedMisses) more") }
        }
        return lines
    }

    /// `states 3/3, transitions 5/5, guard outcomes 7/8`: covered out of what can happen.
    static func tally(_ summary: CoverageSummary) -> String {
        tally(
            states: (summary.coveredStates, summary.totalStates), transitions: (summary.coveredTransitions, summary.totalTransitions),
            guardOutcomes: (summary.coveredGuardOutcomes, summary.totalGuardOutcomes))
    }

    static func tally(states: (Int, Int), transitions: (Int, Int), guardOutcomes: (Int, Int)) -> String {
        "states \(states.0)/\(states.1), transitions \(transitions.0)/\(transitions.1), guard outcomes \(guardOutcomes.0)/\(guardOutcomes.1)"
    }

    /// The campaign's size and speed: `200 runs, 5369 events, 0.13 s (42K events/s)`.
    static func campaign(runs: Int, events: Int, seconds: Double, eventsPerSecond: Double) -> String {
        "\(TextStyle.plural(runs, "run")), \(TextStyle.plural(events, "event")), \(Self.seconds(seconds)) (\(rate(eventsPerSecond)) events/s)"
    }

    static func seconds(_ seconds: Double) -> String {
        seconds < 10 ? String(format: "%.2f s", seconds) : "\(Int(seconds.rounded())) s"
    }

    static func rate(_ perSecond: Double) -> String {
        perSecond >= 1_000_000
            ? "\((perSecond / 100_000).rounded() / 10)M"
            : perSecond >= 1000 ? "\(Int((perSecond / 1000).rounded()))K" : "\(Int(perSecond))"
    }
}
