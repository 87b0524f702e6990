import Foundation
import SMAnalyzer
import SMSpec
import SMTestSupport
import Testing

/// The checklists of Docs/Architecture.md, kept true where a test can tell: what a new finding code, action kind or
/// command must come with.
@Suite("The checklists of Docs/Architecture.md")
struct ArchitectureChecklistTests {
    @Test(
        "every finding code has a defect spec named for it and a row in the README's table of codes",
        arguments: FindingCode.allCases)
    func findingCode(code: FindingCode) throws {
        let prefix = code.rawValue.lowercased() + "-"
        let defects = try Fixtures.defectSpecPaths.map { URL(fileURLWithPath: $0).lastPathComponent }
        #expect(defects.contains { $0.hasPrefix(prefix) }, "no Specs/defects/\(prefix)*.json")
        #expect(try Fixtures.text("README.md").contains("| \(code.rawValue) | "), "the README's table has no row for \(code.rawValue)")
    }

    /// One action of each kind. `jsonKey(of:)` switches over the kinds without a default, so a new kind does not
    /// compile here until it is given its key, and then needs an entry here too (the count below says so).
    static let actions: [Spec.Action] = [
        .assign("x", "1"), .raise("e"), .send("e"), Spec.Action(.ifThen(condition: "x > 1", then: [], else: [])), .call("f"),
    ]

    static func jsonKey(of kind: Spec.Action.Kind) -> String {
        switch kind {
        case .assign: "assign"
        case .raise: "raise"
        case .send: "send"
        case .ifThen: "if"
        case .call: "call"
        }
    }

    @Test("every action kind is in the schema and Docs/SpecFormat.md, and a fixture every suite runs uses it")
    func actionKinds() throws {
        let keys = Self.actions.map { Self.jsonKey(of: $0.kind) }
        #expect(Set(keys).count == 5, "one action of each kind: \(keys)")
        let schema = try Fixtures.text("Specs/smcheck.schema.json")
        let format = try Fixtures.text("Docs/SpecFormat.md")
        let fixtures = try Fixtures.jsonFiles(in: Fixtures.fixturesDirectory.appendingPathComponent("semantics"))
            .map { try String(contentsOfFile: $0, encoding: .utf8) }
        for key in keys {
            #expect(schema.contains("\"\(key)\""), "the schema has no \"\(key)\"")
            #expect(format.contains("`{ \"\(key)\""), "Docs/SpecFormat.md's table of actions has no row for \"\(key)\"")
            #expect(fixtures.contains { $0.contains("\"\(key)\":") }, "no fixture in Tests/Fixtures/semantics uses \"\(key)\"")
        }
    }

    @Test("every command of smcheck --help has a row in the README's command table")
    func commands() throws {
        let help = try SMCheckCommand.run(["--help"]).standardOutput
        let section = try #require(help.components(separatedBy: "SUBCOMMANDS:").last?.components(separatedBy: "\n\n").first)
        let commands = section.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            // A command starts its line after two spaces; its description's continuation lines are indented further.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), let first = words.first else { return nil }
            return String(first)
        }
        #expect(commands.count >= 10 && commands.first == "check", "\(commands)")
        let readme = try Fixtures.text("README.md")
        for command in commands where command != "help" {
            #expect(
                readme.contains("| `smcheck \(command) ") || readme.contains("| `smcheck \(command)`"),
                "the README's command table has no row for \(command)")
        }
    }
}
