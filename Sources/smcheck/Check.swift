import ArgumentParser
import SMSpec

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load specs and report what is wrong with them.")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Spec files (JSON).", completion: .file(extensions: ["json"]))
    var files: [String]

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .text

    func run() throws {
        var worst = ExitStatus.clean
        var results: [(String, Result<Spec, SpecError>)] = []
        for file in files {
            do {
                results.append((file, .success(try Spec.load(path: file))))
            } catch {
                results.append((file, .failure(error)))
                worst = ExitStatus.unusableInput
            }
        }
        switch format {
        case .text:
            for (file, result) in results {
                switch result {
                case .success: print("\(file): ok")
                case .failure(let error): printError(error.description)
                }
            }
        case .json:
            print(JSONWriter.string(ResultDocument.json(results)))
        }
        if worst != ExitStatus.clean { throw worst }
    }
}

/// The machine-readable result document, `smcheck-result/1`.
enum ResultDocument {
    static func json(_ results: [(String, Result<Spec, SpecError>)]) -> JSONNode {
        .object([
            ("format", "smcheck-result/1"),
            ("specs", .array(results.map { file, result in
                switch result {
                case .success(let spec):
                    return .object([("file", .string(file)), ("name", .string(spec.name)), ("findings", .array([]))])
                case .failure(let error):
                    return .object([("file", .string(file)), ("errors", .array(error.diagnostics.map(diagnosticJSON)))])
                }
            })),
        ])
    }

    static func diagnosticJSON(_ diagnostic: Diagnostic) -> JSONNode {
        var members: [(String, JSONNode)] = [("message", .string(diagnostic.fullMessage)), ("pointer", .string(diagnostic.location.pointer.description))]
        members.append(("line", diagnostic.location.line.map { .int($0) } ?? .null))
        members.append(("column", diagnostic.location.column.map { .int($0) } ?? .null))
        return .object(members)
    }
}

func printError(_ text: String) {
    var standardError = StandardError()
    print(text, to: &standardError)
}

struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandleOutput.standardError(string)
    }
}
