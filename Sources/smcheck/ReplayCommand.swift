import ArgumentParser
import Foundation
import SMEngine
import SMFuzz
import SMSpec

struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Run a failure saved by `smcheck fuzz` again, step by step.",
        discussion: """
            Loads the spec the failure was found on (the file named in the failure file, or --spec), says so when \
            the spec changed since, replays the saved trace with its choices and prints the state after each step.

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
            node = try JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: failureFile))))
            reference = try FailureFile.specReference(in: node)
        } catch {
            printError("error: \(failureFile): \(Self.message(error))")
            throw ExitStatus.unusableInput
        }
        guard let specPath = spec ?? locate(reference.file) else {
            printError("error: cannot find the spec '\(reference.name)' the failure was found on"
                + (reference.file.map { " (\($0))" } ?? "") + "; pass it with --spec")
            throw ExitStatus.unusableInput
        }
        let machine = try loadMachine(specPath)
        let currentHash = FailureFile.hash(ofFile: specPath) ?? ""
        if currentHash != reference.hash {
            printError("warning: \(specPath) changed since the failure was saved (\(reference.hash) then, \(currentHash) now); replaying on the spec as it is now")
        }
        let saved: FailureFile
        do {
            saved = try FailureFile.read(node, machine: machine)
        } catch {
            printError("error: \(failureFile): \(error.description)" + (currentHash != reference.hash ? " (the spec changed)" : ""))
            throw ExitStatus.unusableInput
        }
        print("replaying \(failureFile) on \(specPath) (\(saved.trace.count) events)")
        var step = 0
        let failure = Fuzzer(machine: machine).replay(saved.trace) { state in
            let label = state.steps == 0 ? "start" : "\(state.steps). \(machine.describe(saved.trace[state.steps - 1].event))"
            print("  \(label) → \(state.statusLine)")
            step = state.steps
        }
        if let failure {
            if failure.step > step, failure.step <= saved.trace.count {
                print("  \(failure.step). \(machine.describe(saved.trace[failure.step - 1].event)) → fails")
            }
            let same = failure.signature == saved.failure.signature
            print(same ? "reproduced at step \(failure.step): \(failure.message)"
                       : "fails differently at step \(failure.step): \(failure.message)\n  (saved: \(saved.failure.message))")
            throw ExitStatus.findings
        }
        switch saved.failure.kind {
        case .property, .divergence:
            print("the trace runs to step \(step) without an engine error or a violated invariant; the saved failure "
                + "(\(saved.failure.message)) came from Swift code: replay it in your tests with FailureFile.read and Fuzzer.replay")
            throw ExitStatus.unusableInput
        case .engineError, .invariant:
            print("passes now: the saved failure (\(saved.failure.message)) no longer happens")
        }
    }

    /// The spec path as saved, relative to the working directory or else to the directory that holds the failures
    /// directory (where `smcheck fuzz` ran).
    private func locate(_ file: String?) -> String? {
        guard let file else { return nil }
        if FileManager.default.fileExists(atPath: file) { return file }
        let ranIn = URL(fileURLWithPath: failureFile).deletingLastPathComponent().deletingLastPathComponent()
        let candidate = ranIn.appendingPathComponent(file).path
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    private static func message(_ error: any Error) -> String {
        if let error = error as? JSONSyntaxError { return error.description }
        if let error = error as? FailureFile.ReadError { return error.description }
        return (error as NSError).localizedDescription
    }
}
