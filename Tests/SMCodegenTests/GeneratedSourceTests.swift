import SMCodegen
import SMEngine
import SMSCXML
import SMSpec
import SMTestSupport
import Testing

@Suite("The Swift a spec generates")
struct GeneratedSourceTests {
    static func source(_ json: String, typeName: String? = nil, access: SwiftGenerator.Access = .public) throws -> String {
        SwiftGenerator(machine: try Machine(try Spec.load(json: json)), options: .init(typeName: typeName, access: access)).source()
    }

    @Test("a flat spec is a switch over the active state per event, with no queue, counter or kernel")
    func flat() throws {
        let source = try Self.source(
            """
            { "format": "smcheck/1", "name": "turnstile", "events": { "coin": {}, "push": {} },
              "states": { "locked": { "on": { "coin": "unlocked" } }, "unlocked": { "on": { "push": "locked" } } } }
            """)
        #expect(source.contains("public struct Turnstile: Hashable, Sendable {"))
        // Nothing can fail: `send` does not throw; the active state is a plain switch (the configuration is complete).
        #expect(
            source.contains(
                """
                    fileprivate mutating func handleCoin() -> Bool {
                        switch current.configuration.topLevel.unsafelyUnwrapped {
                        case .locked:
                            // locked --coin--> unlocked
                            exitLocked()
                            enterTargets0()
                            return true
                        default:
                            break
                        }
                        return false
                    }
                """))
        #expect(source.contains("public mutating func send(_ event: Event) -> Bool {"))
        for absent in [
            "struct Scratch: Sendable {\n        var", "StateBits", "beginMicrostep", "Selection", "protocol TurnstileHooks", "let saved",
        ] {
            #expect(!source.contains(absent), "\(absent)")
        }
    }

    @Test(
        "a state, region or event whose name makes a helper's function name gets another one: no member is declared twice",
        arguments: [
            // A state named targets0 beside transition 0's enterTargets0.
            """
            { "format": "smcheck/1", "name": "M", "events": { "go": {} }, "states": { "p": { "type": "parallel", "states": {
              "r1": { "states": { "targets0": { "on": { "go": "b" } }, "b": {} } },
              "r2": { "states": { "c": { "on": { "go": "d" } }, "d": {} } } } } } }
            """,
            // A region named selection beside the kernel's exitSelection and enterSelection.
            """
            { "format": "smcheck/1", "name": "M", "events": { "go": {} }, "states": { "p": { "type": "parallel", "states": {
              "r1": { "states": { "targets0": { "on": { "go": "b" } }, "b": {} } },
              "selection": { "states": { "c": { "on": { "go": "d" } }, "d": {} } } } } } }
            """,
            // An event named doneStateP beside the handler of done.state.p.
            """
            { "format": "smcheck/1", "name": "M", "events": { "go": {}, "doneStateP": {} }, "states": {
              "p": { "states": { "a": { "on": { "go": "f" } }, "f": { "type": "final" } }, "on": { "done.state.p": "q", "doneStateP": "q" } },
              "q": {} } }
            """,
        ])
    func helperNameClashes(json: String) throws {
        let members = Self.members(in: try Self.source(json))
        #expect(members["M"]?.contains("handleGo") == true)
        let twice = members.flatMap { type, names in Self.repeated(names).map { "\(type).\($0)" } }
        #expect(twice.isEmpty, "declared twice: \(twice.sorted())")
    }

    @Test("no type of the code generated for a spec of the repository declares a member twice")
    func noMemberTwice() throws {
        let paths = try Fixtures.everySpecPath
        #expect(paths.contains { $0.hasSuffix("codegen/helper-name-clashes.json") })
        for path in paths {
            let members = Self.members(in: SwiftGenerator(machine: try Machine(try SpecFile.load(path: path))).source())
            for (type, names) in members {
                let twice = Self.repeated(names)
                #expect(twice.isEmpty, "\(Fixtures.relative(path)): \(type) declares \(twice) twice")
            }
        }
    }

    /// The names that occur more than once, sorted.
    static func repeated(_ names: [String]) -> [String] {
        Dictionary(grouping: names, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
    }

    /// The functions and properties each top-level type of generated code declares (`extension Rocket` adds to
    /// `struct Rocket`), by their base names (`exitBelow` for `exitBelow(domain:)`).
    static func members(in source: String) -> [String: [String]] {
        let declarations: Set<Substring> = ["struct", "extension", "enum", "class", "protocol"]
        let modifiers: Set<Substring> = [
            "public", "package", "internal", "fileprivate", "private", "fileprivate(set)", "private(set)", "static", "mutating",
            "final", "nonisolated",
        ]
        func identifier(_ word: Substring) -> String { String(word.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`" }) }
        var members: [String: [String]] = [:]
        var type: String?
        for line in source.split(separator: "\n") where !line.hasPrefix("/") && !line.hasPrefix("     ") {
            let words = line.split(separator: " ")
            if !line.hasPrefix(" ") {
                if let keyword = words.firstIndex(where: declarations.contains), keyword + 1 < words.count {
                    type = identifier(words[keyword + 1])
                }
            } else if line.hasPrefix("    "), let type,
                let keyword = words.firstIndex(where: { $0 == "func" || $0 == "var" || $0 == "let" }),
                keyword + 1 < words.count, words[..<keyword].allSatisfy({ $0.hasPrefix("@") || modifiers.contains($0) })
            {
                let name = identifier(words[keyword + 1])
                if !name.isEmpty { members[type, default: []].append(name) }
            }
        }
        return members
    }

    @Test("a name holding backticks stays one code span in the doc comments")
    func backticksInDocumentation() throws {
        let source = try Self.source(
            #"{ "format": "smcheck/1", "name": "ticks", "events": { "go`": {} }, "states": { "a`b": { "on": { "go`": { "target": "``c", "guard": "?ok`" } } }, "``c": {} } }"#
        )
        #expect(source.contains("/// Enters ``a`b``."))
        #expect(source.contains("/// Enters ``` ``c ```."))
        #expect(source.contains("/// Selects and takes the transitions for `` go` ``; false when none is enabled."))
        #expect(source.contains("/// The opaque guard `` ?ok` ``: whether the transitions it guards are enabled."))
    }

    @Test("assignments check only what can leave the variable's domain")
    func rangeChecks() throws {
        let source = try Self.source(
            """
            { "format": "smcheck/1", "name": "counter",
              "variables": { "n": { "type": "int", "min": 0, "max": 9 }, "d": { "type": "int", "min": 0, "max": 3 } },
              "events": { "up": {}, "wrap": {}, "split": {} },
              "states": { "s": { "on": {
                "up": { "actions": [ { "assign": { "n": "n + 1" } } ] },
                "wrap": { "actions": [ { "assign": { "n": "(n + 1) % 10" } } ] },
                "split": { "actions": [ { "assign": { "n": "n / d" } } ] } } } } }
            """)
        // n + 1 can reach 10: checked. (n + 1) % 10 stays within 0...9: stored as is.
        #expect(
            source.contains(
                """
                        let value1 = current.variables.n + 1
                        guard (0...9).contains(value1) else { throw rangeViolation("n", cannotBe: String(value1), type: "int 0...9") }
                        current.variables.n = value1
                """))
        #expect(source.contains("current.variables.n = (current.variables.n + 1) % 10"))
        // d can be 0: the division is checked and throws the engine's range violation.
        #expect(
            source.contains(
                """
                        if current.variables.d == 0 { throw evaluationFailure("division by zero", in: "assignment") }
                """))
    }

    @Test("a condition made of constants is written as its value: Swift warns beside `if 1 > 2`, not beside `if false`")
    func constantConditions() throws {
        let source = try Self.source(try Fixtures.text("Tests/Fixtures/semantics/constant-conditions.json"))
        // The guards' text stays in comments and in the strings that describe transitions; the code has none of them.
        let code: [String] = source.split(separator: "\n").map { line -> String in
            let uncommented: Substring = line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line
            let pieces = uncommented.split(separator: "\"", omittingEmptySubsequences: false)
            return pieces.enumerated().filter { $0.offset % 2 == 0 }.map { String($0.element) }.joined()
        }
        for folded in ["1 > 2", "2 * 2 == 4", "1 + 1 == 3", "2 < 1", "-1 < 0", "0 > 1"] {
            #expect(!code.contains { $0.contains(folded) }, "\(folded)")
        }
        #expect(source.contains("            if false {\n                // a --e [1 > 2]--> b\n"))
        #expect(source.contains("            if true {\n                // a --e [2 * 2 == 4]--> (no target)\n"))
        #expect(source.contains("        if false {\n            current.variables.n = 3\n        } else {"))
        // Mixed with a variable, only the constant part is written as its value; && and || keep their order.
        #expect(source.contains("if (current.variables.n > 1) && true {"))
        #expect(source.contains("if false || (current.variables.n == 0) {"))
    }

    @Test("hooks are a protocol; the thread-safe wrapper is generic over them; access follows the option")
    func hooksAndAccess() throws {
        let source = try Self.source(
            """
            { "format": "smcheck/1", "name": "door", "events": { "open": {} },
              "states": { "shut": { "on": { "open": { "target": { "oneOf": ["ajar", "wide"] }, "guard": "?unlocked" } } },
                          "ajar": { "entry": [ { "call": "creak" } ] }, "wide": {} } }
            """, typeName: "Door", access: .internal)
        #expect(
            source.contains(
                """
                protocol DoorHooks {
                    /// The callback `{"call": "creak"}`.
                    func creak(_ event: Door.Event?)
                    /// The opaque guard `?unlocked`: whether the transitions it guards are enabled.
                    func unlocked(_ event: Door.Event?) -> Bool
                    /// Picks the target of a `oneOf` transition: an index into `choice.options` (kept within them).
                    func chooseTarget(_ choice: Door.OneOf, _ event: Door.Event?) -> Int
                }
                """))
        #expect(source.contains("final class Shared<Hooks: DoorHooks & Sendable>: @unchecked Sendable {"))
        #expect(source.contains("let option = min(max(hooks.chooseTarget(.shutOnOpen, scratch.event), 0), 1)"))
        #expect(!source.contains("public "))
    }

    @Test("the conformance file imports SMFuzz (and the machine's module when asked) and replays the fuzzer's draws")
    func conformance() throws {
        let machine = try Machine(try Fixtures.fixture("semantics/opaque-guard"))
        let source = SwiftGenerator(machine: machine, options: .init(typeName: "Gate")).conformanceSource(importing: "App")
        #expect(source.contains("public import SMFuzz\npublic import SMSpec\npublic import App\n"))
        #expect(source.contains("extension Gate: StateMachineImplementation {"))
        #expect(source.contains("func canPlay(_ event: Gate.Event?) -> Bool { next(arity: 2) == 1 }"))
        let internalAccess = SwiftGenerator(machine: machine, options: .init(typeName: "Gate", access: .internal)).conformanceSource(
            importing: "App")
        #expect(internalAccess.contains("@testable import App"))
    }
}
