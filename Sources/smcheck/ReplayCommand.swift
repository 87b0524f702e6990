import ArgumentParser
import Foundation
import SMEngine
import SMFuzz
import SMReport
import SMSpec

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a failure saved by `smcheck fuzz` again, step by step.",
        discussion: """
            Loads the spec the failure was found on (the file named in the failure file, or --spec), says so when \
            the spec changed since, replays the saved trace with its choices and prints the state after each step.

            A failure that came from Swift code (a property or an implementation, found by the SMFuzz library) \
            cannot be shown here: the command replays what it can (the engine, the invariants), says so, and \
            prints a Swift test that replays the whole failure in your tests.

            Exit status: 1 when the run fails (the saved failure or another one), 0 when it passes now, 2 when the \
            files cannot be used or the failure needs Swift code (a property or an implementation) to show.
            """)

    @Argument(help: "A failure file written by `smcheck fuzz`.", completion: .file(extensions: ["json"]))
    var failureFile: String

    @Option(help: "The spec to replay on (default: the file the failure file names).", completion: .file(extensions: ["json", "scxml"]))
    var spec: String?

    func run() throws {
        let node: JSONNode
        let reference: (name: String, file: String?, hash: String)
        do {
            node = try JSONParser.parse(BoundedFile.read(failureFile, maximumBytes: BoundedFile.resultLimit))
            reference = try FailureFile.specReference(in: node)
        } catch let error as FailureFile.ReadError {
            report(error, specDifference: nil)
            throw ExitStatus.unusableInput
        } catch {
            reportError(message(error).text, at: failureFile + (message(error).position.map { ":\($0)" } ?? ""))
            throw ExitStatus.unusableInput
        }
        guard let specPath = spec ?? locate(reference.file) else {
            printError(
                "error: cannot find the spec '\(reference.name.controlCharactersEscaped)' the failure was found on"
                    + (reference.file.map { " (\($0.controlCharactersEscaped))" } ?? "") + "; pass it with --spec")
            throw ExitStatus.unusableInput
        }
        // The failure file may come from someone else: it names a spec, not any file to open and quote from. A file
        // named otherwise than a spec is read only when its contents are the spec's (its hash, which reveals nothing).
        if spec == nil, !SpecInputs.hasSpecExtension(specPath), FailureFile.hash(ofFile: specPath) != reference.hash {
            printError(
                "error: the failure file names \(specPath.controlCharactersEscaped) as its spec, which is not a .json or .scxml file and not the spec it was saved for (another hash); it is not read. Pass the spec with --spec"
            )
            throw ExitStatus.unusableInput
        }
        let machine = try loadMachine(specPath)
        let currentHash = FailureFile.hash(ofFile: specPath) ?? ""
        let shownSpec = specPath.controlCharactersEscaped
        // Why the failure file may not fit the spec: it changed since, or it is another spec (--spec).
        var specDifference: String?
        if currentHash != reference.hash {
            if machine.spec.name != reference.name {
                specDifference = "another spec"
                printError(
                    "warning: the failure was saved for the spec '\(reference.name.controlCharactersEscaped)', and \(shownSpec) is '\(machine.spec.name.controlCharactersEscaped)'; replaying on it"
                )
            } else {
                specDifference = "the spec changed"
                printError(
                    "warning: \(shownSpec) changed since the failure was saved (\(reference.hash) then, \(currentHash) now); replaying on the spec as it is now"
                )
            }
        }
        let saved: FailureFile
        do {
            saved = try FailureFile.read(node, machine: machine)
        } catch {
            report(error, specDifference: specDifference)
            throw ExitStatus.unusableInput
        }
        print("replaying \(failureFile.controlCharactersEscaped) on \(shownSpec) (\(Plural.count(saved.trace.count, "event")))")
        var step = 0
        let failure = Fuzzer(machine: machine).replay(saved.trace) { state in
            let label = state.steps == 0 ? "start" : "\(state.steps). \(saved.trace[state.steps - 1].text(machine: machine))"
            print("  \(label) → \(state.statusLine)")
            step = state.steps
        }
        if let failure {
            if failure.step > step, failure.step <= saved.trace.count {
                print("  \(failure.step). \(saved.trace[failure.step - 1].text(machine: machine)) → fails")
            }
            let same = failure.signature == saved.failure.signature
            print(
                same
                    ? "reproduced at step \(failure.step): \(failure.message)"
                    : "fails differently at step \(failure.step): \(failure.message)\n  (saved: \(saved.failure.message))")
            if let location = failure.location, location.line != nil {
                print("  at \(location) (\(location.pointerText))".controlCharactersEscaped)
            }
            throw ExitStatus.findings
        }
        switch saved.failure.kind {
        case .property, .divergence:
            let source =
                saved.failure.kind == .property
                ? "the property '\(saved.failure.signature.dropFirst("property:".count))'"
                : "the implementation" + (saved.implementation.map { " \($0)" } ?? "")
            print(
                "cannot replay the rest here: the saved failure (\(saved.failure.message)) came from \(source), Swift code "
                    + "smcheck does not have; the trace runs to step \(step) without an engine error or a violated invariant. "
                    + "This test replays it in your tests:\n")
            let failure = FuzzFailure(
                run: saved.run, runSeed: saved.runSeed, failure: saved.failure, trace: saved.trace,
                choices: saved.choices, originalSteps: saved.originalSteps, shrinkReplays: 0)
            var spec = machine.spec.spec
            spec.file = specPath
            print(
                SwiftTestSource.fuzz(failure, machine: machine, spec: spec, implementation: saved.implementation, seed: saved.seed),
                terminator: "")
            throw ExitStatus.unusableInput
        case .engineError, .invariant:
            print("passes now: the saved failure (\(saved.failure.message)) no longer happens")
        }
    }

    /// The spec path as saved, relative to the working directory or else to the directory that holds the failures
    /// directory (where `smcheck fuzz` ran). Never the failure file itself: it has the spec's file name, so inside
    /// the failures directory the saved path can name it.
    private func locate(_ file: String?) -> String? {
        guard let file else { return nil }
        let ranIn = URL(fileURLWithPath: failureFile).deletingLastPathComponent().deletingLastPathComponent()
        return [file, ranIn.appendingPathComponent(file).path].first { candidate in
            FileManager.default.fileExists(atPath: candidate) && !WriteProblem.isSameFile(candidate, failureFile)
        }
    }

    /// Each problem of the failure file, as `file:line:column: error: message (at /pointer)`; `specDifference`: how
    /// the spec differs from the one the failure was saved for ("the spec changed"), which may be why.
    private func report(_ error: FailureFile.ReadError, specDifference: String?) {
        for problem in error.problems {
            reportError(
                problem.text(adding: problem.concernsSpec ? specDifference.map { " (\($0))" } ?? "" : ""),
                at: failureFile + (problem.position.map { ":\($0)" } ?? ""))
        }
    }

    /// What went wrong reading the failure file, and where in it when that is known.
    private func message(_ error: any Error) -> (text: String, position: TextPosition?) {
        if let error = error as? JSONSyntaxError { return (error.message, error.position) }
        if let error = error as? BoundedFile.Problem { return ("cannot read it: \(error.reason)", nil) }
        return ("cannot read it: \(ReadProblem.systemReason(error))", nil)
    }
}
