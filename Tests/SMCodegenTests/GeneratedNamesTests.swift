import SMEngine
import SMSpec
import SMTestSupport
import Testing

@testable import SMCodegen

@Suite("Swift names for a spec's names")
struct GeneratedNamesTests {
    @Test("names become camel-case identifiers; leading digits and keywords are handled")
    func identifiers() {
        #expect(SwiftIdentifier.upperCamel("flat ring", fallback: "M") == "FlatRing")
        #expect(SwiftIdentifier.upperCamel("TransitionKit player", fallback: "M") == "TransitionKitPlayer")
        #expect(SwiftIdentifier.lowerCamel("off-by-one", fallback: "x") == "offByOne")
        #expect(SwiftIdentifier.lowerCamel("URLLoader", fallback: "x") == "urlLoader")
        #expect(SwiftIdentifier.lowerCamel("SM004", fallback: "x") == "sm004")
        #expect(SwiftIdentifier.lowerCamel("2fast", fallback: "state") == "state2fast")
        #expect(SwiftIdentifier.lowerCamel("_", fallback: "state") == "state")
        #expect(SwiftIdentifier.escaped("default") == "`default`")
        #expect(SwiftIdentifier.declarable("self") == "self_")
        #expect(SwiftIdentifier.stringLiteral("a \"b\"\\\n") == #""a \"b\"\\\n""#)
    }

    @Test("a spec named like a type the generated code uses gets a type name that does not hide it")
    func shadowing() throws {
        let spec = try Spec.load(json: #"{ "format": "smcheck/1", "name": "string", "states": { "a": {} } }"#)
        #expect(GeneratedNames(machine: try Machine(spec), typeName: nil).typeName == "StringMachine")
    }

    @Test("clashing names get a number; repeated state names use their paths")
    func collisions() throws {
        let spec = try Spec.load(
            json: """
                { "format": "smcheck/1", "name": "clashes",
                  "variables": { "kind": { "type": "enum", "values": ["a_b", "aB", "default"] } },
                  "events": { "go": {}, "Go": {} },
                  "states": {
                    "p": { "states": { "idle": {}, "Event": {} } },
                    "q": { "states": { "idle": {} } } } }
                """)
        let names = GeneratedNames(machine: try Machine(spec), typeName: nil)
        #expect(names.typeName == "Clashes")
        #expect(names.eventCase.prefix(2) == ["go", "go2"])
        #expect(names.stateStem == ["topLevel", "p", "pIdle", "event", "q", "qIdle"])
        #expect(names.enumCases[["a_b", "aB", "default"]] == ["aB", "aB2", "default"])
        #expect(names.enumTypes[["a_b", "aB", "default"]] == "Kind2")
        #expect(names.regionEnum[3] == nil && names.regionEnum[0] == "TopLevel" && names.regionEnum[1] == "P")
    }
}
