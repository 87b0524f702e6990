import Foundation
import SMTestSupport
import Testing

/// `smcheck check --config`: the command gives the verdicts the build plugin gives with the same
/// `smcheck-config.json` (the command plugin passes each target's), and an option given on the command line wins.
@Suite("smcheck check --config")
struct CheckConfigurationTests {
    static let unreachable = "Specs/defects/sm001-unreachable-state.json"

    @Test("severities raise, lower or turn off findings, in every format, and decide the exit status")
    func severities() throws {
        let scratch = try ScratchDirectory()
        let raise = try scratch.write("raise.json", #"{ "severities": { "SM001": "error" } }"#)
        let raised = try SMCheckCommand.run(["check", "--config", raise, Self.unreachable])
        #expect(raised.status == 1)
        #expect(raised.standardOutput.contains("error SM001 state 'archived' is unreachable"), "\(raised.standardOutput)")
        let sarif = try SMCheckCommand.run(["check", "--format", "sarif", "--config", raise, Self.unreachable])
        #expect(sarif.status == 1)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
        let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        let levels = results.filter { $0["ruleId"] as? String == "SM001" }.map { $0["level"] as? String }
        #expect(levels == ["error"], "the SM001 result's level: \(levels)")

        let off = try scratch.write("off.json", #"{ "severities": { "SM001": "off" } }"#)
        let silenced = try SMCheckCommand.run(["check", "--config", off, Self.unreachable])
        #expect(silenced.status == 0)
        #expect(!silenced.standardOutput.contains("SM001 state"), "\(silenced.standardOutput)")
        // "ok" is not a word about SM001 there: the output says it was turned off.
        #expect(
            silenced.standardOutput.contains("\n  note: SM001 is off in the configuration (1 finding not reported)\n"),
            "\(silenced.standardOutput)")
        // And through merge, which keeps what every job it merges said of the spec.
        let saved = try scratch.write(
            "silenced.json", try SMCheckCommand.run(["check", "--format", "json", "--config", off, Self.unreachable]).standardOutput)
        let merged = try SMCheckCommand.run(["merge", saved])
        #expect(
            merged.standardOutput.contains("\n  note: SM001 is off in the configuration (1 finding not reported)\n"),
            "\(merged.standardOutput)")

        let without = try SMCheckCommand.run(["check", Self.unreachable])
        #expect(without.status == 0 && without.standardOutput.contains("warning SM001"), "\(without.standardOutput)")
    }

    @Test("a severity the file raised stays raised through smcheck merge")
    func raisedThroughMerge() throws {
        let scratch = try ScratchDirectory()
        let raise = try scratch.write("raise.json", #"{ "severities": { "SM001": "error" } }"#)
        let result = try SMCheckCommand.run(["check", "--format", "json", "--config", raise, Self.unreachable])
        #expect(result.status == 1)
        let saved = try scratch.write("result.json", result.standardOutput)
        let merged = try SMCheckCommand.run(["merge", saved])
        #expect(merged.status == 1)
        #expect(merged.standardOutput.contains("error SM001 state 'archived' is unreachable"), "\(merged.standardOutput)")
    }

    @Test("the file's minimum severity and limits apply unless the command line gives its own")
    func limitsAndSeverity() throws {
        let scratch = try ScratchDirectory()
        let config = try scratch.write(
            "smcheck-config.json", #"{ "severity": "error", "method": "explore", "maxStates": 3, "solver": "off" }"#)
        let limited = try SMCheckCommand.run(["check", "--config", config, "Specs/rocket.json"])
        #expect(limited.status == 3, "the file's maxStates of 3 stops the exploration: \(limited.standardOutput)")
        #expect(limited.standardOutput.contains("incomplete"))
        #expect(
            limited.standardOutput.contains("(smcheck-config.json's maxStates limit of 3)"),
            "the stop names the file, not a flag: \(limited.standardOutput)")
        let overridden = try SMCheckCommand.run(["check", "--config", config, "--max-states", "1000", "Specs/rocket.json"])
        #expect(overridden.status == 0, "\(overridden.standardOutput)")

        let hidden = try SMCheckCommand.run(["check", "--config", config, "--max-states", "1000", Self.unreachable])
        #expect(hidden.status == 0 && !hidden.standardOutput.contains("SM001 state"), "below the file's minimum: \(hidden.standardOutput)")
        #expect(hidden.standardOutput.contains("\n  note: 1 warning below the error severity is not shown\n"), "\(hidden.standardOutput)")
        let shown = try SMCheckCommand.run(["check", "--config", config, "--max-states", "1000", "--severity", "info", Self.unreachable])
        #expect(shown.standardOutput.contains("warning SM001"), "\(shown.standardOutput)")
        #expect(!shown.standardOutput.contains("not shown"), "\(shown.standardOutput)")
    }

    @Test("a configuration that cannot be used: exit 2, its errors at line:column, nothing checked")
    func badConfiguration() throws {
        let scratch = try ScratchDirectory()
        let config = try scratch.write("smcheck-config.json", "{ \"maxStates\": 0,\n  \"severities\": { \"SM01\": \"off\" } }")
        let output = try SMCheckCommand.run(["check", "--config", config, "Specs/rocket.json"])
        #expect(output.status == 2)
        #expect(output.standardOutput.isEmpty)
        #expect(
            output.standardError == """
                \(config):1:16: error: "maxStates" must be a positive integer (at /maxStates)
                \(config):2:19: error: unknown finding code "SM01"; did you mean "SM001"? (at /severities/SM01)

                """)
    }

    @Test("a directory of specs with its configuration: the configuration is not taken for a spec")
    func configurationBesideSpecs() throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.copyItem(atPath: "Specs/rocket.json", toPath: scratch.path("rocket.json"))
        let config = try scratch.write("smcheck-config.json", #"{ "solver": "off" }"#)
        let output = try SMCheckCommand.run(["check", "--config", config, scratch.url.path])
        #expect(output.status == 0, "\(output.standardOutput)\(output.standardError)")
        #expect(output.standardError.isEmpty, "no note about a skipped file: \(output.standardError)")
    }
}
