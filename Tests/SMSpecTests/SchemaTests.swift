import Foundation
import SMTestSupport
import Testing

@testable import SMSpec

@Suite("JSON Schema")
struct SchemaTests {
    static let committed = "Specs/smcheck.schema.json"

    @Test("the committed schema is what `smcheck schema` prints")
    func committedSchemaIsCurrent() throws {
        #expect(
            try Fixtures.text(Self.committed) == SpecSchema.text,
            "regenerate it: swift run smcheck schema > \(Self.committed)")
    }

    @Test("every spec in Specs/ is valid against the schema", arguments: try Fixtures.allSpecPaths)
    func specsAreValid(path: String) throws {
        let schema = try JSONParser.parse(try Fixtures.text(Self.committed))
        let instance = try JSONParser.parse([UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
        let failures = SchemaValidator(schema: schema).validate(instance)
        #expect(failures.isEmpty, "\(failures.map(\.description).joined(separator: "\n"))")
    }

    @Test(
        "the schema rejects what the loader rejects for its shape",
        arguments: [
            (#"{"format": "smcheck/1", "name": "x"}"#, "/"),
            (#"{"format": "smcheck/2", "name": "x", "states": {"a": {}}}"#, "/format"),
            (#"{"format": "smcheck/1", "name": "x", "states": {"a": {"entyr": []}}}"#, "/states/a/entyr"),
            (#"{"format": "smcheck/1", "name": "x", "states": {"a": {"on": {"go": 5}}}}"#, "/states/a/on/go"),
            (#"{"format": "smcheck/1", "name": "x", "variables": {"v": {"type": "int", "min": 0}}, "states": {"a": {}}}"#, "/variables/v"),
            (#"{"format": "smcheck/1", "name": "x", "states": {"a": {"entry": [{"assign": {}, "call": "f"}]}}}"#, "/states/a/entry/0"),
            (#"{"format": "smcheck/1", "name": "x", "states": {"a/b": {}}}"#, "/states/a~1b"),
            (#"{"format": "smcheck/1", "name": "x", "events": {"a..b": {}}, "states": {"a": {}}}"#, "/events/a..b"),
            (#"{"format": "smcheck/1", "name": "x", "states": {"a\u001b[2J": {}}}"#, "/states/a\u{1B}[2J"),
            (#"{"format": "smcheck/1", "name": "x", "events": {"go\u202e": {}}, "states": {"a": {}}}"#, "/events/go\u{202E}"),
            (#"{"format": "smcheck/1", "name": "x", "options": {"maxMicrosteps": 0}, "states": {"a": {}}}"#, "/options/maxMicrosteps"),
            (#"{"format": "smcheck/1", "name": "two\nlines", "states": {"a": {}}}"#, "/name"),
            (#"{"format": "smcheck/1", "name": "", "states": {"a": {}}}"#, "/name"),
            (#"{"format": "smcheck/1", "name": "x", "variables": {"true": {"type": "bool"}}, "states": {"a": {}}}"#, "/variables/true"),
            (
                #"{"format": "smcheck/1", "name": "x", "events": {"go": {"params": {"event": {"type": "bool"}}}}, "states": {"a": {}}}"#,
                "/events/go/params/event"
            ),
        ])
    func rejects(text: String, pointer: String) throws {
        let failures = SchemaValidator(schema: SpecSchema.document).validate(try JSONParser.parse(text))
        #expect(failures.contains { $0.pointer.description == (pointer == "/" ? "" : pointer) }, "\(failures)")
        #expect(!Spec.decode(json: Array(text.utf8)).1.isEmpty, "the loader rejects it too")
    }

    @Test("the schema's key lists are the loader's")
    func keyListsMatch() throws {
        let schema = SpecSchema.document
        func properties(_ node: JSONNode?) -> [String] { node?["properties"]?.objectValue?.map(\.key) ?? [] }
        let definitions = try #require(schema["$defs"])
        #expect(properties(schema) == SpecKeys.topLevel)
        #expect(properties(definitions["state"]) == SpecKeys.state)
        #expect(properties(definitions["transition"]) == SpecKeys.transition)
        #expect(properties(definitions["invariant"]) == SpecKeys.invariant)
        #expect(properties(definitions["options"]) == SpecKeys.options)
        #expect(properties(definitions["event"]) == SpecKeys.event)
        let variants = try #require(definitions["variable"]?["oneOf"]?.arrayValue)
        #expect(Set(variants.flatMap { properties($0) }) == Set(SpecKeys.variable))
        let actionKinds = try #require(definitions["action"]?["oneOf"]?.arrayValue).map { properties($0)[0] }
        #expect(actionKinds == SpecKeys.actionKinds)
    }
}
