import ArgumentParser
import SMReport
import SMSolver

@main
struct SMCheck: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "smcheck",
        abstract: "Model-check and test state machines written as JSON statecharts.",
        discussion: """
            `smcheck spec.json` is `smcheck check spec.json`: it loads the spec, explores every reachable \
            configuration and reports what is wrong, each finding with the shortest event trace that shows it.

            Exit codes: 0 nothing at error level, 1 error-level findings (or a fuzz failure), 2 input that could \
            not be used.
            """,
        version: "smcheck 0.1.0 (\(Z3Library.version ?? "built without Z3"), \(GraphvizLayout.version.map { "Graphviz " + $0 } ?? "built without Graphviz"))",
        subcommands: [Check.self, ExploreCommand.self, FuzzCommand.self, GraphCommand.self, ReplayCommand.self, ReportCommand.self, RunCommand.self,
                      SchemaCommand.self],
        defaultSubcommand: Check.self
    )
}

/// Exit codes shared by every command.
enum ExitStatus {
    static let clean = ExitCode(0)
    static let findings = ExitCode(1)
    static let unusableInput = ExitCode(2)
}
