import SMEngine
import SMSCXML
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

    @Test(
        "a spec named like a type the machine nests, or like a keyword, gets Machine added; --type-name refuses those names",
        arguments: [
            ("event", "EventMachine"), ("Storage", "StorageMachine"), ("self", "SelfMachine"), ("Any", "AnyMachine"),
            ("Task", "TaskMachine"), ("Timer", "TimerMachine"), ("UInt8", "UInt8Machine"), ("Collection", "CollectionMachine"),
        ])
    func nestedAndKeywordNames(name: String, typeName: String) throws {
        let spec = try Spec.load(json: #"{ "format": "smcheck/1", "name": "\#(name)", "states": { "a": {} } }"#)
        #expect(GeneratedNames(machine: try Machine(spec), typeName: nil).typeName == typeName)
        let derived = SwiftIdentifier.upperCamel(name, fallback: "")
        #expect(GeneratedNames.problem(withTypeName: derived) != nil)
    }

    @Test("cases named none or some, which Optional's own would shadow, and hooks named like chooseTarget get a suffix")
    func optionalCasesAndHooks() throws {
        let machine = try Machine(try Spec.load(path: Fixtures.fixturesDirectory.appendingPathComponent("codegen/awkward-names.json").path))
        let names = GeneratedNames(machine: machine, typeName: nil)
        let none = try #require(machine.spec.states.firstIndex { $0.name == "none" })
        #expect(names.regionCase[none] == "none_")
        #expect(names.enumCases[["none", "some", "all"]] == ["none_", "some_", "all"])
        #expect(names.eventCase.contains("none_"))
        #expect(names.opaqueGuardHook == ["chooseTarget2"] && names.chooseTargetHook == "chooseTarget")
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

    @Test("a state or an enum named like a type declared beside the machine's (MError, MHooks) does not hide it inside")
    func typesBesideTheMachine() throws {
        let spec = try Spec.load(
            json: """
                { "format": "smcheck/1", "name": "M",
                  "variables": { "mHooks": { "type": "enum", "values": ["a", "b"] } },
                  "states": { "MError": { "states": { "inner": {} } }, "MChoiceHooks": { "states": { "inner": {} } },
                              "MConformanceError": { "states": { "inner": {} } } } }
                """)
        let names = GeneratedNames(machine: try Machine(spec), typeName: nil)
        let beside: Set = [names.errorType, names.hooksProtocol, names.choiceHooksType, "MConformanceError"]
        #expect(beside == ["MError", "MHooks", "MChoiceHooks", "MConformanceError"])
        let nested = Set(names.regionEnum.values).union(names.enumTypes.values)
        #expect(nested.isDisjoint(with: beside), "\(nested)")
        #expect(names.enumTypes[["a", "b"]] == "MHooks2")
    }
}

@Suite("Swift names of the machine's members")
struct MemberNamesTests {
    @Test("a helper keeps its name when a state, region or event makes the same one; theirs gets a number")
    func helperClashes() throws {
        let machine = try Machine(try Fixtures.fixture("codegen/helper-name-clashes"))
        let spec = machine.spec
        let names = GeneratedNames(machine: machine, typeName: nil)
        func state(_ name: String) throws -> Int { try #require(spec.states.firstIndex { $0.name == name }) }
        #expect(names.members.targetEntry[0] == ["enterTargets0"])
        #expect(names.helper(.enter, try state("targets0")) == "enterTargets02")
        #expect(names.helper(.exit, try state("selection")) == "exitSelection2")
        #expect(names.helper(.enter, try state("selection")) == "enterSelection2")
        #expect(names.helper(.exit, try state("belowR1")) == "exitBelowR1")
        #expect(names.helper(.exitBelow, try state("r1")) == "exitBelowR12")
        let declared = try #require(spec.events.firstIndex { $0.name == "doneStateP" && !$0.isImplicit })
        let p = try state("p")
        let done = try #require(spec.events.firstIndex { $0.doneStateOf == p })
        #expect(names.eventCase[declared] == "doneStateP" && names.eventCase[done] == "doneStateP")
        #expect(names.members.handler[declared] == "handleDoneStateP" && names.members.handler[done] == "handleDoneStateP2")
        #expect(names.members.takeSelection[done] == "takeHandleDoneStateP2Selection")
    }

    @Test("every member the generated machine declares has its name from the scope: the fixed ones are reserved")
    func everyMemberIsInTheScope() throws {
        for path in try Fixtures.everySpecPath {
            let machine = try Machine(try SpecFile.load(path: path))
            let generator = SwiftGenerator(machine: machine)
            let names = GeneratedNames(machine: machine, typeName: nil)
            let declared = [generator.source(), generator.conformanceSource()].flatMap {
                GeneratedSourceTests.members(in: $0)[names.typeName] ?? []
            }
            #expect(!declared.isEmpty, "\(Fixtures.relative(path)): no member of \(names.typeName) found")
            let outside = Set(declared).subtracting(names.members.all).sorted()
            #expect(outside.isEmpty, "\(Fixtures.relative(path)): \(outside) are named outside MemberNames")
        }
    }
}
