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
    func diagnostic(_ input: BadInput) throws {
        let diagnostics = input.diagnostics()
        try #require(diagnostics.count == 1, "expected one diagnostic, got:\n\(diagnostics.map(\.description).joined(separator: "\n"))")
        let diagnostic = diagnostics[0]
        #expect(diagnostic.fullMessage == input.message)
        #expect(diagnostic.location.documentPath == input.pointer)
        #expect(diagnostic.location.line == input.line)
        #expect(diagnostic.location.column == input.column)
        #expect(diagnostic.description.hasPrefix("bad.scxml:\(input.line):\(input.column): error: "))
        #expect(diagnostic.description.hasSuffix("(at \(input.pointer))"))
    }
}
