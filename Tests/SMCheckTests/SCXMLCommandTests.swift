import Foundation
import SMSCXML
import SMSpec
import SMTestSupport
import Testing

@Suite("smcheck on SCXML files")
struct SCXMLCommandTests {
    @Test("check: findings at the .scxml file's line:column with the element path, in text and JSON")
    func check() throws {
        let output = try SMCheckCommand.run(["check", "Tests/Fixtures/scxml/history-shallow.scxml"])
        #expect(output.status == 0)
        #expect(
            output.standardOutput.hasPrefix(
                """
                Tests/Fixtures/scxml/history-shallow.scxml — history-shallow
                  warning SM001 state 'fail' is unreachable: no sequence of events enters it, not even for a moment
                    at Tests/Fixtures/scxml/history-shallow.scxml:26:3 (//final[@id='fail'])
                """))
        let json = try SMCheckCommand.run(["check", "--format", "json", "Tests/Fixtures/scxml/history-shallow.scxml"])
        let finding = try #require(try JSONParser.parse(json.standardOutput)["specs"]?.arrayValue?.first?["findings"]?.arrayValue?.first)
        #expect(finding["pointer"]?.stringValue == "//final[@id='fail']")
        #expect(finding["line"]?.integerValue == 26)
    }

    @Test("an SCXML file that cannot be used: exit 2 and its errors with line, column and element")
    func unusable() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path("bad.scxml")
        try #"""
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
          <state id="a"><script>go()</script><transition event="go" target="b"/></state>
        </scxml>
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        let output = try SMCheckCommand.run(["check", path])
        #expect(output.status == 2)
        #expect(
            output.standardError == """
                \(path):2:17: error: <script> is not supported: smcheck evaluates conditions and values in its expression subset, not scripts (at //state[@id='a']/script)
                \(path):2:69: error: unknown state "b"; did you mean "a"? (at //state[@id='a']/transition/@target)

                """)
    }

    @Test("a directory's specs are found whatever the case of their extension, and named without it")
    func upperCaseExtensions() throws {
        let scratch = try ScratchDirectory()
        try #"""
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"><state id="a"><transition event="go" target="a"/></state></scxml>
        """#.write(toFile: scratch.path("Upper.SCXML"), atomically: true, encoding: .utf8)
        try #"{"format": "smcheck/1", "name": "Lower", "events": {"go": {}}, "states": {"a": {"on": {"go": "a"}}}}"#
            .write(toFile: scratch.path("Lower.JSON"), atomically: true, encoding: .utf8)
        let output = try SMCheckCommand.run(["check", scratch.url.path])
        #expect(output.status == 0, "\(output.standardError)")
        #expect(output.standardOutput.contains("Upper.SCXML — Upper\n"), "\(output.standardOutput)")
        #expect(output.standardOutput.contains("Lower.JSON — Lower\n"), "\(output.standardOutput)")
    }

    @Test("every command reads SCXML: run, explore, fuzz, report")
    func everyCommand() throws {
        let file = "Tests/Fixtures/scxml/event-descriptors.scxml"
        #expect(try SMCheckCommand.run(["run", file]).standardOutput == "pass\n")
        #expect(try SMCheckCommand.run(["explore", "--stats", file]).standardOutput.contains("configurations  1\n"))
        let fuzz = try SMCheckCommand.run(["fuzz", "--runs", "3", "--seed", "1", file])
        #expect(fuzz.status == 0, "\(fuzz.standardOutput)\(fuzz.standardError)")
        let report = try SMCheckCommand.run(["report", "--runs", "0", file])
        #expect(report.standardOutput.hasPrefix("# event-descriptors — smcheck report\n"), "\(report.standardError)")
    }

    @Test("export: a JSON spec as SCXML reads back as the same spec and checks the same; SCXML as JSON too")
    func export() throws {
        let scratch = try ScratchDirectory()
        let scxml = scratch.path("rocket.scxml")
        let exported = try SMCheckCommand.run(["export", "Specs/rocket.json", "--format", "scxml", "-o", scxml])
        #expect(exported.status == 0, "\(exported.standardError)")
        #expect(try SpecFile.load(path: scxml) == (try Fixtures.spec("rocket")))
        let check = try SMCheckCommand.run(["check", scxml])
        #expect(check.standardOutput.hasPrefix("\(scxml) — Rocket\n  ok ("))

        let json = try SMCheckCommand.run(["export", scxml])
        #expect(json.status == 0)
        #expect(try Spec.load(json: json.standardOutput) == (try Fixtures.spec("rocket")))
        #expect(try SMCheckCommand.run(["export", "Specs/rocket.json"]).standardOutput == (try Fixtures.spec("rocket").scxmlText))
    }

    @Test("export says when other interpreters cannot read the document, and refuses JSON that would change priorities")
    func exportLimits() throws {
        let duplicate = try SMCheckCommand.run(["export", "Specs/defects/sm003-duplicate-name.json"])
        #expect(duplicate.status == 0)
        #expect(
            duplicate.standardError
                == "note: state names occur more than once (idle); smcheck reads the document back, but other SCXML interpreters need every id once (and targets by id, not smcheck's paths)\n"
        )

        let scratch = try ScratchDirectory()
        let path = scratch.path("split.scxml")
        try #"""
        <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
          <state id="a"><transition event="go" cond="false" target="b"/><transition event="stop" target="b"/><transition event="go" target="b"/></state>
          <state id="b"/>
        </scxml>
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try SMCheckCommand.run(["export", path, "--format", "json"])
        #expect(refused.status == 2)
        #expect(
            refused.standardError
                == "\(path):2:102: error: state \"a\" has transitions on \"go\" separated by other transitions (the first at line 2, column 17); the JSON format groups the transitions of one trigger under one key, so their priority cannot be kept. Put them next to each other (at //state[@id='a']/transition[3])\n"
        )

        // A final state can be a parallel state's region in JSON; SCXML's <parallel> holds no <final>.
        let finalRegion = try scratch.write(
            "final-region.json",
            #"{"format": "smcheck/1", "name": "x", "states": {"p": {"type": "parallel", "states": {"r": {"states": {"a": {}}}, "done": {"type": "final"}}}}}"#
        )
        let noFinalRegion = try SMCheckCommand.run(["export", finalRegion])
        #expect(noFinalRegion.status == 2)
        #expect(noFinalRegion.standardOutput.isEmpty)
        #expect(
            noFinalRegion.standardError
                == "\(finalRegion):1:114: error: final state \"p/done\" is a region of the parallel state \"p\", which SCXML cannot say: <parallel> holds <state>, <parallel> and <history>, not <final>. Put the final state inside a compound state that is the region (at /states/p/states/done)\n"
        )

        // A variable named `null` is fine in smcheck's expressions, not in ECMAScript's: refused at the variable.
        let control = scratch.path("control.json")
        try #"{"format": "smcheck/1", "name": "x", "variables": {"null": {"type": "bool"}}, "states": {"a": {}}}"#.write(
            toFile: control, atomically: true, encoding: .utf8)
        let unwritable = try SMCheckCommand.run(["export", control])
        #expect(unwritable.status == 2)
        #expect(unwritable.standardOutput.isEmpty)
        #expect(
            unwritable.standardError.hasPrefix(
                #"\#(control):1:52: error: the variable "null" would be a <data> id, and that is a word ECMAScript keeps"#),
            "\(unwritable.standardError)")
        #expect(unwritable.standardError.hasSuffix("rename it to export as SCXML (at /variables/null)\n"))
        // XML 1.0 cannot hold U+FFFE (a noncharacter, which JSON can write): the spec is refused when it is read.
        let noncharacter = try scratch.write(
            "noncharacter.json", #"{"format": "smcheck/1", "name": "x", "description": "a\uFFFEb", "states": {"a": {}}}"#)
        let refusedSpec = try SMCheckCommand.run(["export", noncharacter])
        #expect(refusedSpec.status == 2)
        #expect(
            refusedSpec.standardError.contains("contains the noncharacter U+FFFE, which XML cannot hold"), "\(refusedSpec.standardError)")
    }
}

@Suite("The README's SCXML example")
struct ReadmeSCXMLTests {
    @Test("checking the README's machine.scxml prints what the README shows")
    func example() throws {
        let readme = try Fixtures.text("README.md")
        let section = try #require(readme.range(of: "## SCXML\n")).upperBound
        let xml = try #require(Self.block("```xml\n", in: readme[section...]))
        let shown = try #require(Self.block("```text\n", in: readme[section...]))
        let scratch = try ScratchDirectory()
        try xml.write(toFile: scratch.path("machine.scxml"), atomically: true, encoding: .utf8)
        let output = try SMCheckCommand.run(["check", scratch.path("machine.scxml")])
        let expected = shown.split(separator: "\n").dropFirst().prefix { !$0.hasPrefix("$") }.filter { !$0.isEmpty }
        let actual = output.standardOutput.replacingOccurrences(of: scratch.path("machine.scxml"), with: "machine.scxml")
            .split(separator: "\n").filter { !$0.isEmpty }
        // The last line ends with the time the run took.
        #expect(Array(actual.dropLast()) == Array(expected.dropLast()))
        #expect(actual.last?.hasPrefix("  1 warning (20 configurations, 30 transitions, depth 10, ") == true)
    }

    static func block(_ fence: String, in text: Substring) -> String? {
        guard let start = text.range(of: fence)?.upperBound, let end = text[start...].range(of: "```")?.lowerBound else { return nil }
        return String(text[start..<end])
    }
}
