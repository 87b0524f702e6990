import Foundation
import SMSpec
import SMTestSupport
import Testing

@Suite("The specs in Specs/")
struct SpecsTests {
    @Test("there is a spec for every seed system and for every finding code")
    func inventory() throws {
        let seeds = try Fixtures.seedSpecPaths.map { URL(fileURLWithPath: $0).lastPathComponent }
        for name in [
            "rocket.json", "statekit-bubbling.json", "tbstatemachine.json", "transitionkit-player.json", "efstatemachine-loader.json",
        ] {
            #expect(seeds.contains(name), "Specs/\(name)")
        }
        let defects = try Fixtures.defectSpecPaths.map { URL(fileURLWithPath: $0).lastPathComponent }
        for code in 1...14 {
            let prefix = String(format: "sm%03d-", code)
            #expect(defects.contains { $0.hasPrefix(prefix) }, "Specs/defects/\(prefix)*.json")
        }
    }

    @Test("every spec loads and resolves", arguments: try Fixtures.allSpecPaths)
    func loads(path: String) throws {
        let spec = try Spec.load(path: path, displayName: Fixtures.relative(path))
        #expect(!spec.name.isEmpty)
        #expect(try spec.resolve().states.count > 1)
    }

    @Test("every spec round-trips through the model unchanged in meaning", arguments: try Fixtures.allSpecPaths)
    func roundTrip(path: String) throws {
        let spec = try Spec.load(path: path)
        let again = try Spec.load(json: try spec.jsonText)
        #expect(again == spec)
        // And the text is a fixed point: writing the reloaded spec gives the same text.
        #expect(try again.jsonText == spec.jsonText)
    }

    @Test("a loaded spec that is changed afterwards resolves as changed, not as loaded")
    func changedAfterLoading() throws {
        var spec = try Fixtures.spec("rocket")
        #expect(try spec.resolve().state(named: "extra") == nil)
        spec.states.append(Spec.State("extra"))
        spec.states[0].description = "waiting"
        let resolved = try spec.resolve()
        #expect(resolved.state(named: "extra") != nil)
        #expect(resolved.states[1].description == "waiting")
        spec.name = "Other rocket"
        #expect(try spec.resolve().name == "Other rocket")
        spec.events.removeAll()
        #expect(throws: SpecError.self) { try spec.resolve() }
    }

    @Test("a top-level state's name is its path, so it names that state even where an inner state shares it")
    func topLevelNameIsItsPath() throws {
        let spec = try Spec.load(
            json: """
                { "format": "smcheck/1", "name": "p", "events": { "go": {} },
                  "states": { "a": { "on": { "go": { "target": "b", "guard": "!in(b)" } } }, "b": { "states": { "b": {} } } } }
                """
        ).resolve()
        let transition = try #require(spec.transitions.first)
        #expect(transition.targets.map { spec.states[$0].path } == ["b"])
        // An inner name shared by two inner states is still ambiguous: nothing says which is meant.
        #expect(throws: SpecError.self) {
            try Spec.load(
                json: """
                    { "format": "smcheck/1", "name": "p", "events": { "go": {} },
                      "states": { "a": { "on": { "go": "x" } }, "p": { "states": { "x": {} } }, "q": { "states": { "x": {} } } } }
                    """)
        }
    }

    @Test("a folder of specs that is missing or holds none fails the test over it instead of passing on nothing")
    func missingOrEmptyFolder() throws {
        let missing = Fixtures.fixturesDirectory.appendingPathComponent("no-such-folder")
        let error = #expect(throws: FixtureError.self) { try Fixtures.jsonFiles(in: missing) }
        #expect(error?.description.hasPrefix("Tests/Fixtures/no-such-folder: cannot be listed: ") == true, "\(String(describing: error))")
        // Tests/Fixtures/scxml holds SCXML only: no JSON spec.
        let scxmlOnly = Fixtures.fixturesDirectory.appendingPathComponent("scxml")
        let empty = #expect(throws: FixtureError.self) { try Fixtures.jsonFiles(in: scxmlOnly) }
        #expect(empty?.description == "Tests/Fixtures/scxml: holds no spec files")
        #expect(try Fixtures.specFiles(in: scxmlOnly).allSatisfy { $0.hasSuffix(".scxml") })
    }
}
