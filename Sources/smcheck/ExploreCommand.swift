import ArgumentParser
import Foundation
import SMAnalyzer
import SMEngine
import SMSpec

struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Explore every reachable configuration of a spec and print statistics.",
        discussion: """
            Exits with 0 when every reachable configuration was explored, and with 3 when the exploration stopped \
            (at --max-states or --max-memory, at the limit on combinations of choices, or on Ctrl-C) or was a \
            bitstate search: the statistics are then those of the part explored, and "complete" says why it stopped. \
            A spec whose events have more parameter values than an exploration tries is not explored: the reason, \
            and 3, as check says of it.
            """)

    @Argument(help: "The spec file (JSON or SCXML).", completion: .file(extensions: ["json", "scxml"]))
    var file: String

    @Flag(
        help:
            "Print statistics: configurations, transitions, depth, states/s, steps the step plans answered without the engine, the plans compiled to machine code, the visited store and its bytes/state, peak memory."
    )
    var stats = false

    @OptionGroup var exploration: ExplorationArguments

    func validate() throws {
        try exploration.validate(sharded: false)
    }

    func run() throws {
        Interruption.shared.install()
        let machine = try loadMachine(file)
        let explorer: Explorer
        do {
            explorer = try Explorer(
                machine: machine, options: exploration.options(progress: file))
        } catch {
            // The spec is fine; it is the exploration that cannot be made (check reports the same as incomplete).
            printError("\(file): not explored: \(error.message)")
            throw ExitStatus.incomplete
        }
        let result = explorer.run()
        FileHandleOutput.clearProgressLine()
        // A start that fails leaves nothing to explore; the statistics say why there are none.
        let start = result.startError.map { [("start", "failed: \($0.message) (smcheck check reports it)")] } ?? []
        let rows: [(String, String)] =
            [
                ("spec", "\(file) (\(machine.spec.name))"),
                ("configurations", "\(result.configurations)"),
            ] + start + [
                ("transitions", "\(result.transitions)"),
                ("depth", "\(result.depth)"),
                ("complete", result.isComplete ? "yes" : "no: \(result.incompleteReason ?? "")"),
                ("time", String(format: "%.3f s", result.elapsed)),
                ("states/s", String(format: "%.0f", result.statesPerSecond)),
                (
                    "cached steps",
                    String(
                        format: "%d of %d steps (%.0f%%)", result.cachedSteps, result.cachedSteps + result.engineSteps,
                        100 * Double(result.cachedSteps) / Double(max(1, result.cachedSteps + result.engineSteps)))
                ),
                ("native plans", Self.describeNativePlans(result)),
                ("packed state", "\(result.codec.bits) bits in \(Plural.count(result.codec.words, "word"))"),
                ("store", "\(result.storeKind), " + String(format: "%.1f MB in memory", Double(result.storeMemory) / 1_048_576)),
                ("bytes/state", String(format: "%.2f", result.bytesPerState)),
                ("peak memory", String(format: "%.1f MB", Double(result.peakMemory) / 1_048_576)),
                (
                    "threads",
                    "\(result.threads)"
                        + (result.threads < explorer.options.threads
                            ? " (the \(result.storeKind) store of these configurations takes one)" : "")
                ),
            ]
        let width = rows.map(\.0.count).max() ?? 0
        for (name, value) in rows where stats || ["spec", "configurations", "start", "complete"].contains(name) {
            print(name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + value)
        }
        if !result.isComplete { throw ExitStatus.incomplete }
    }

    /// What the search compiled to machine code, and the steps that code answered; or why nothing was.
    static func describeNativePlans(_ result: Exploration) -> String {
        guard let native = result.nativePlans else { return "off" }
        if let failure = native.failure { return "none: \(failure)" }
        guard native.plans > 0 else {
            return native.compilations == 0
                ? "none (the search was too short to repay compiling its plans)" : "none (the search ended before the compiler did)"
        }
        return "\(Plural.count(native.plans, "plan")) compiled in " + String(format: "%.2f s", native.seconds)
            + " (\(Plural.count(native.compilations, "compilation"))), answering \(result.nativeSteps) steps"
    }
}
