import Foundation
import SMSpec
import SMTestSupport
import Testing

@Suite("smcheck generate")
struct GenerateCommandTests {
    @Test("writes the machine and its conformance; only the conformance when no -o is given")
    func writesFiles() throws {
        let scratch = try ScratchDirectory()
        let output = try SMCheckCommand.run([
            "generate", "Specs/rocket.json", "-o", scratch.path("Rocket.swift"),
            "--conformance", scratch.path("Rocket+Conformance.swift"),
        ])
        #expect(output.status == 0 && output.standardOutput.isEmpty && output.standardError.isEmpty)
        #expect(
            try String(contentsOfFile: scratch.path("Rocket.swift"), encoding: .utf8).contains("public struct Rocket: Hashable, Sendable {")
        )
        #expect(
            try String(contentsOfFile: scratch.path("Rocket+Conformance.swift"), encoding: .utf8).contains(
                "extension Rocket: StateMachineImplementation {"))

        let only = try SMCheckCommand.run([
            "generate", "Specs/rocket.json", "--conformance", scratch.path("Only.swift"),
            "--conformance-import", "App", "--type-name", "Launcher",
        ])
        #expect(only.status == 0 && only.standardOutput.isEmpty)
        #expect(
            try String(contentsOfFile: scratch.path("Only.swift"), encoding: .utf8).contains(
                "import App\n\nextension Launcher: StateMachineImplementation {"))
    }

    @Test("--check prints findings as compiler diagnostics at the spec's line and column; errors fail")
    func diagnostics() throws {
        let scratch = try ScratchDirectory()
        let error = try SMCheckCommand.run([
            "generate", "Specs/defects/sm009-range-violation.json", "-o", scratch.path("Cart.swift"), "--check",
        ])
        #expect(error.status == 1)
        #expect(
            error.standardOutput == """
                Specs/defects/sm009-range-violation.json:10:45: error: SM009 range violation: 'items' cannot be 4; its type is int 0...3 — on add in cart
                Specs/defects/sm009-range-violation.json:10:45: note: trace: add, add, add, add

                """)
        #expect(FileManager.default.fileExists(atPath: scratch.path("Cart.swift")), "the machine is written before the check fails")

        let warning = try SMCheckCommand.run([
            "generate", "Specs/defects/sm001-unreachable-state.json", "-o", scratch.path("Archive.swift"), "--check",
        ])
        #expect(warning.status == 0)
        #expect(
            warning.standardOutput.hasPrefix(
                "Specs/defects/sm001-unreachable-state.json:9:5: warning: SM001 state 'archived' is unreachable"))
    }

    @Test("smcheck-config.json raises, lowers or turns off findings")
    func configuration() throws {
        let scratch = try ScratchDirectory()
        let raise = try scratch.write("raise.json", #"{ "severities": { "SM001": "error" } }"#)
        let off = try scratch.write(
            "off.json", #"{ "severities": { "SM001": "off" }, "solver": "enumerate", "maxStates": 1000, "maxMemory": "64M" }"#)
        let spec = "Specs/defects/sm001-unreachable-state.json"
        let raised = try SMCheckCommand.run(["generate", spec, "-o", scratch.path("A.swift"), "--check", "--config", raise])
        #expect(raised.status == 1)
        #expect(raised.standardOutput.hasPrefix("\(spec):9:5: error: SM001 "))
        let silenced = try SMCheckCommand.run(["generate", spec, "-o", scratch.path("A.swift"), "--check", "--config", off])
        #expect(silenced.status == 0 && silenced.standardOutput.isEmpty)
    }

    @Test("a bad configuration is reported with file:line:column and what was meant, and nothing is generated")
    func badConfiguration() throws {
        let scratch = try ScratchDirectory()
        let config = try scratch.write(
            "smcheck-config.json",
            """
            { "severity": "warnings",
              "maxStatse": 10,
              "severities": { "SM01": "error", "SM001": "loud" } }
            """)
        let output = try SMCheckCommand.run(["generate", "Specs/rocket.json", "-o", scratch.path("R.swift"), "--check", "--config", config])
        #expect(output.status == 2)
        #expect(
            output.standardError == """
                \(config):1:15: error: "severity" must be "info", "warning" or "error"; did you mean "warning"? (at /severity)
                \(config):2:3: error: unknown key "maxStatse" in the configuration; did you mean "maxStates"? (at /maxStatse)
                \(config):3:19: error: unknown finding code "SM01"; did you mean "SM001"? (at /severities/SM01)
                \(config):3:45: error: "SM001" must be "info", "warning", "error" or "off" (at /severities/SM001)

                """)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("R.swift")))
    }

    @Test("without a spec, generate checks the configuration alone (the plugin's check of a test target's)")
    func configurationAlone() throws {
        let scratch = try ScratchDirectory()
        let bad = try scratch.write("smcheck-config.json", "{ \"conformance\": \"yes\",\n  \"severty\": \"error\" }")
        let refused = try SMCheckCommand.run(["generate", "--config", bad, "-o", scratch.path("checked.swift")])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("\(bad):1:18: error: "), "\(refused.standardError)")
        #expect(
            refused.standardError.contains("\(bad):2:3: error: unknown key \"severty\" in the configuration; did you mean \"severity\"?"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("checked.swift")))
        let good = try scratch.write("good.json", #"{ "conformance": true }"#)
        let checked = try SMCheckCommand.run(["generate", "--config", good, "-o", scratch.path("checked.swift")])
        #expect(checked.status == 0)
        #expect(try String(contentsOfFile: scratch.path("checked.swift"), encoding: .utf8).hasPrefix("// good.json is checked by smcheck"))
        // Anything else without a spec is a wrong command line.
        #expect(try SMCheckCommand.run(["generate", "--config", good]).status == 64)
        #expect(try SMCheckCommand.run(["generate", "--config", good, "-o", scratch.path("x.swift"), "--check"]).status == 64)
        #expect(try SMCheckCommand.run(["generate", "-o", scratch.path("x.swift")]).status == 64)
    }

    @Test("--conformance-if writes the conformance only when that configuration asks for it, else a comment in its place")
    func conformanceIf() throws {
        let scratch = try ScratchDirectory()
        let asks = try scratch.write("asks.json", #"{ "conformance": true }"#)
        let silent = try scratch.write("silent.json", #"{ "severity": "error" }"#)
        let file = scratch.path("Rocket+Conformance.swift")
        func conformance(if config: String) throws -> (SMCheckCommand.Output, String?) {
            let output = try SMCheckCommand.run(["generate", "Specs/rocket.json", "--conformance", file, "--conformance-if", config])
            return (output, try? String(contentsOfFile: file, encoding: .utf8))
        }
        let (written, text) = try conformance(if: asks)
        #expect(written.status == 0)
        #expect(text?.contains("StateMachineImplementation") == true)
        let (left, comment) = try conformance(if: silent)
        #expect(left.status == 0)
        #expect(comment == "// No conformance of Rocket: silent.json does not say \"conformance\": true.\n")
        let bad = try scratch.write("bad.json", #"{ "conformance": "yes" }"#)
        let (refused, _) = try conformance(if: bad)
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("\(bad):1:18: error: "), "\(refused.standardError)")
        #expect(try SMCheckCommand.run(["generate", "Specs/rocket.json", "--conformance-if", asks]).status == 64)
    }

    @Test(
        "a type name that is not a Swift type name, or that hides one the code uses, is refused",
        arguments: [
            ("my-rocket", "'my-rocket' is not an UpperCamelCase Swift identifier"),
            ("String", "'String' would hide the Swift type of that name from the generated code and the code around it"),
            ("Self", "'Self' is a Swift keyword"),
            (
                "Event",
                "'Event' is the name of a type the generated code declares inside the machine's type; add a word, like EventMachine"
            ),
        ])
    func badTypeName(name: String, reason: String) throws {
        let output = try SMCheckCommand.run(["generate", "Specs/rocket.json", "--type-name", name])
        #expect(output.status == 64)
        #expect(output.standardError.hasPrefix("error: --type-name: \(reason)\n"))
    }

    @Test(
        "a path that cannot be written: exit 2 (64 for one path given twice), why, and no file written or changed, the other path's neither"
    )
    func unwritablePath() throws {
        let scratch = try ScratchDirectory()
        let machine = scratch.path("Rocket.swift")
        for (output, conformance, problem) in [
            (machine, scratch.path("missing/Conformance.swift"), "the folder \(scratch.path("missing")) does not exist; create it first"),
            (scratch.path("missing/Rocket.swift"), machine, "the folder \(scratch.path("missing")) does not exist; create it first"),
            ("d", machine, "it is a directory; give a file name inside it"),
            (machine, "d", "it is a directory; give a file name inside it"),
            (machine, "./Rocket.swift", "-o and --conformance both name ./Rocket.swift; give each its own file"),
        ] {
            try FileManager.default.createDirectory(atPath: scratch.path("d"), withIntermediateDirectories: true)
            // In the scratch directory, so that `d` is a path of one letter, relative.
            let spec = Fixtures.repositoryRoot.appendingPathComponent("Specs/rocket.json").path
            let run = try runProcess(
                SMCheckCommand.executable, ["generate", spec, "-o", output, "--conformance", conformance], in: scratch.url)
            // One file named twice is a wrong command line, refused before the spec is read.
            #expect(run.status == (problem.hasPrefix("-o and --conformance") ? 64 : 2))
            #expect(run.standardError.contains(problem), "\(run.standardError)")
            #expect(!FileManager.default.fileExists(atPath: machine))
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["d"])
        }
    }

    @Test("a spec that cannot be used: exit 2 and its load errors")
    func unusableSpec() throws {
        let output = try SMCheckCommand.run(["generate", "Specs/smcheck.schema.json"])
        #expect(output.status == 2)
        #expect(output.standardError.hasPrefix("Specs/smcheck.schema.json:1:1: error: this is a JSON Schema, not a spec"))
    }
}
