import ArgumentParser
import CPlatform
import Foundation
import SMReport
import SMSolver
import SMSpec

@main
struct SMCheck: ParsableCommand {
    static let version = Release.version

    static let configuration = CommandConfiguration(
        commandName: "smcheck",
        abstract: "Model-check and test state machines written as JSON statecharts.",
        discussion: """
            `smcheck spec.json` is `smcheck check spec.json`: it loads the spec, explores every reachable \
            configuration and reports what is wrong, each finding with the shortest event trace that shows it.

            Exit codes: 0 nothing at error level (and every check decided), 1 error-level findings (or a fuzz \
            failure), 2 input that could not be used (or output that could not be written), 3 a check that was not \
            decided (an exploration stopped at a limit, a solver gave up) and found nothing at error level, 64 a wrong \
            command line.
            """,
        version: "smcheck \(version) (\(Z3Library.version.map { "Z3 " + $0 } ?? "built without Z3"), "
            + "\(GraphvizLayout.version.map { "Graphviz " + $0 } ?? "built without Graphviz"))",
        subcommands: [
            CheckCommand.self, ExploreCommand.self, ExportCommand.self, FuzzCommand.self, GenerateCommand.self, GraphCommand.self,
            MergeCommand.self,
            ReplayCommand.self, ReportCommand.self, RunCommand.self, SchemaCommand.self,
        ],
        defaultSubcommand: CheckCommand.self
    )

    /// Parses and runs, writing every error in the one form the commands use (`error: ...`).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let message = misspelledCommand(arguments) {
            reportError(message)
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            finish(.success)
        } catch let status as ExitCode {
            finish(status)
        } catch {
            let code = exitCode(for: error)
            // Help and --version are "errors" that succeed.
            guard code != .success else { self.exit(withError: error) }
            let full = fullMessage(for: error)
            let lines = full.split(separator: "\n", omittingEmptySubsequences: false)
            var message = message(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            reportError(message.prefix(1).lowercased() + message.dropFirst())
            // The usage and where to read more, as ArgumentParser writes them after its own first line.
            let rest = lines.drop { !$0.hasPrefix("Usage:") && !$0.hasPrefix("Help:") }
            if !rest.isEmpty { printError(rest.joined(separator: "\n").trimmingCharacters(in: .newlines)) }
            Foundation.exit(code.rawValue)
        }
    }

    /// Exits with `status` once standard output is written: a result that could not be written (a full disk, a closed
    /// pipe's end) must not pass for one that was, so that is said and the exit status is 2.
    static func finish(_ status: ExitCode) -> Never {
        let flushed = smcheck_flush_standard_output()
        let failure = flushed != 0 ? flushed : FileHandleOutput.standardOutputError.load(ordering: .relaxed)
        if failure != 0 {
            reportError(
                "cannot write to standard output" + (failure > 0 ? ": \(String(cString: strerror(failure)))" : "; the output is incomplete")
            )
            Foundation.exit(ExitStatus.unusableInput.rawValue)
        }
        Foundation.exit(status.rawValue)
    }

    /// A first argument that is neither an option, a command, nor an existing file, but close to a command's name:
    /// `smcheck chekc spec.json` would otherwise check a file called "chekc".
    static func misspelledCommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-"), !FileManager.default.fileExists(atPath: first) else { return nil }
        let names =
            configuration.subcommands.compactMap { $0.configuration.commandName ?? String(describing: $0).lowercased() }
            + ["help"]
        guard !names.contains(first) else { return nil }
        if let suggestion = Suggestions.closest(to: first, in: names) {
            return "unknown command '\(first)'; did you mean '\(suggestion)'? (see 'smcheck --help')"
        }
        // No path and no extension: a command the user expected, not a spec (which would be checked after the others).
        guard !first.contains("/") && !first.contains(".") else { return nil }
        return
            "unknown command '\(first)'; the commands are \(names.filter { $0 != "help" }.joined(separator: ", ")) (see 'smcheck --help')"
    }
}

/// Exit codes shared by every command.
enum ExitStatus {
    static let clean = ExitCode(0)
    static let findings = ExitCode(1)
    static let unusableInput = ExitCode(2)
    /// Nothing at error level was found, but not everything was checked.
    static let incomplete = ExitCode(3)
    static let usage = ExitCode(64)
}
