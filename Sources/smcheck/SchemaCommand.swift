import ArgumentParser
import SMSpec

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of the spec format.")

    func run() throws {
        print(SpecSchema.text, terminator: "")
    }
}
