import SMSCXML
import SMSpec
import SMTestSupport
import Testing

@Suite("Bad SCXML: every malformed document gets one exact diagnostic, at its line and column")
struct SCXMLBadInputTests {
    @Test("the cases are many, with unique titles")
    func enoughCases() {
        #expect(SCXMLBadInputCases.all.count >= 60)
        #expect(Set(SCXMLBadInputCases.all.map(\.title)).count == SCXMLBadInputCases.all.count, "titles are unique")
    }

    @Test("the diagnostic names the message, the element path and the line:column", arguments: SCXMLBadInputCases.all)
    func diagnostic(_ input: BadInput) {
        #expect(input.mismatches() == [])
    }
}
