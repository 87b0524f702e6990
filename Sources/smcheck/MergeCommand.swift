import ArgumentParser
import Foundation
import SMEngine
import SMReport
import SMSCXML
import SMSpec

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the JSON results of several jobs (the shards of a swarm) into one result.",
        discussion: """
            Takes the outputs of `smcheck check --format json` (for example of `--shard k/n` jobs) or of `smcheck fuzz \
            --format json`, not both. Check results: every finding any job reported, once, with the shortest trace \
            any job found, replayed on the spec files they name (run it where those files are; a trace that does not \
            lead to its finding is refused); what no job \
            decided stays undecided, and for bitstate shards the expected coverage of their union is given. Fuzz \
            results: per spec, the shortest failure any shard found, with all shards' runs and seeds.

            Exit status as for `smcheck check` (fuzz results as for `smcheck fuzz`: 1 when a shard found a failure, \
            2 when one could not use a spec, 3 when one was interrupted); 3 as well when the \
            results of some shards of a `--shard k/n` swarm are missing (it names them, on standard error and in \
            the merged JSON, SARIF and JUnit; merging the merged result with the missing ones completes it); 2 when \
            a file cannot be merged (a shard given twice, results of another swarm, a spec changed since it was \
            checked, a trace that does not lead to its finding, one result given twice).
            """)

    @Argument(help: "Result files (JSON) to merge.", completion: .file(extensions: ["json"]))
    var files: [String]

    @Option(help: "Output format: \(CheckCommand.Format.names) (fuzz results: text or json).")
    var format: CheckCommand.Format = .text

    @Option(help: "Leave out findings below this severity: info, warning or error.")
    var severity = CaseArgument<Severity>(.info)

    @Flag(
        name: .customLong("allow-incomplete"),
        help: "Exit with 0, not 3, when some checks were not decided and nothing at error level was found.")
    var allowIncomplete = false

    func run() throws {
        var documents: [(file: String, node: JSONNode)] = []
        for file in files {
            do {
                documents.append((file, try JSONParser.parse(BoundedFile.read(file, maximumBytes: BoundedFile.resultLimit))))
            } catch let error as JSONSyntaxError {
                reportError(error.message, at: "\(file):\(error.position)")
                throw ExitStatus.unusableInput
            } catch let error as BoundedFile.Problem {
                reportError("cannot read it: \(error.reason)", at: file)
                throw ExitStatus.unusableInput
            } catch {
                reportError("cannot read it: \(ReadProblem.systemReason(error))", at: file)
                throw ExitStatus.unusableInput
            }
        }
        do {
            if documents.first?.node["format"]?.stringValue == "smcheck-fuzz/1" {
                try mergeFuzzResults(documents)
            } else {
                try mergeCheckResults(documents)
            }
        } catch let error as MergeError {
            reportError(error.message, at: error.place)
            throw ExitStatus.unusableInput
        }
    }

    /// One job's result twice would count as two jobs that agree. After the shards' own checks, which say more of a
    /// shard given twice.
    private func refuseRepeatedFiles() throws(MergeError) {
        for (index, file) in files.enumerated() {
            if let earlier = files[..<index].first(where: { WriteProblem.isSameFile($0, file) }) {
                throw MergeError(file, "given twice (as \(earlier)); give each job's result once")
            }
        }
    }

    private func mergeCheckResults(_ documents: [(file: String, node: JSONNode)]) throws {
        var merge = CheckResultMerge { path throws(SpecError) in try Machine(try SpecFile.load(path: path)) }
        for document in documents { try merge.add(document.node, source: document.file) }
        let shards = try merge.shards()
        try refuseRepeatedFiles()
        let missing = shards?.missing ?? []
        let outcomes = try merge.outcomes()
        let filter = ReportFilter(minimumSeverity: severity.value, allowsIncomplete: allowIncomplete)
        for outcome in outcomes { CheckCommand.write(outcome, as: format, filter: filter) }
        CheckCommand.write(outcomes, as: format, filter: filter, mergedShards: shards)
        let verdict = filter.verdict(outcomes)
        if !missing.isEmpty {
            // What those shards checked is not here: the merge is incomplete whatever --allow-incomplete says.
            printError("smcheck merge: " + ShardRoster.incompleteness(missing))
            if case .passed = verdict { throw ExitStatus.incomplete }
        }
        throw CheckCommand.exitStatus(verdict)
    }

    private func mergeFuzzResults(_ documents: [(file: String, node: JSONNode)]) throws {
        guard format == .json || format == .text else {
            // A wrong option: 64, as ArgumentParser exits for one, though only the files tell it.
            printError("error: fuzz results merge to text or JSON (--format text or json), not \(format.rawValue)")
            throw ExitCode.validationFailure
        }
        var merge = FuzzResultMerge()
        for document in documents { try merge.add(document.node, source: document.file) }
        let shards = try merge.shards()
        try refuseRepeatedFiles()
        let document = merge.document(shards: shards)
        if format == .json {
            print(JSONWriter.string(document))
        } else {
            print(FuzzMergeTextRenderer(colors: FileHandleOutput.standardOutputIsTerminal).render(document), terminator: "")
        }
        if let missing = shards?.missing, !missing.isEmpty {
            // Fewer runs than the swarm was meant to make: not a pass, and said even when a shard found a failure.
            printError("smcheck merge: " + ShardRoster.incompleteness(missing))
            if !merge.foundFailure && !merge.foundUnusable { throw ExitStatus.incomplete }
        }
        // As smcheck fuzz exits: a spec some shard could not use, then a failure, then a campaign cut short.
        if merge.foundUnusable { throw ExitStatus.unusableInput }
        throw merge.foundFailure ? ExitStatus.findings : merge.wasInterrupted ? ExitStatus.incomplete : ExitStatus.clean
    }
}
