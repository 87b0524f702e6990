import SMSCXML
import SMSpec
import Testing

/// A library caller gets the same refusal `smcheck export` prints, never a text that says another spec.
@Suite("Writing a spec refuses what the format cannot say")
struct WritingTests {
    @Test("SCXML: a final state that is a region of a parallel state is refused at the final state")
    func finalRegion() throws {
        let spec = try Spec.load(
            json:
                #"{"format": "smcheck/1", "name": "x", "states": {"p": {"type": "parallel", "states": {"r": {"states": {"a": {}}}, "done": {"type": "final"}}}}}"#,
            file: "final-region.json")
        #expect(throws: SpecError.self) { try spec.scxmlText }
        do {
            _ = try spec.scxmlText
        } catch {
            #expect(error.diagnostics.map(\.location.pointer.description) == ["/states/p/states/done"])
            #expect(error.description.hasPrefix("final-region.json:1:114: error: final state \"p/done\" is a region of the parallel state"))
        }
    }

    @Test("JSON: transitions on one trigger separated by others are refused at the later one")
    func separatedTransitions() throws {
        let spec = try Spec.load(
            scxml: """
                <scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0">
                  <state id="a"><transition event="go" cond="false" target="b"/><transition event="stop" target="b"/><transition event="go" target="b"/></state>
                  <state id="b"/>
                </scxml>
                """, file: "split.scxml")
        do {
            _ = try spec.jsonText
            Issue.record("the JSON text was written")
        } catch {
            #expect(error.description.hasPrefix("split.scxml:2:102: error: state \"a\" has transitions on \"go\" separated by other"))
        }
        // The same spec as SCXML is fine.
        #expect(try Spec.load(scxml: try spec.scxmlText) == spec)
    }
}
