import SMAnalyzer
import SMTestSupport
import Testing

@Suite("Docs/Findings.md")
struct FindingsDocumentationTests {
    @Test("every finding code has a section with its title and severity", arguments: FindingCode.allCases)
    func documented(code: FindingCode) throws {
        let text = try Fixtures.text("Docs/Findings.md")
        let heading = "## \(code.rawValue) \(code.title)\n\n**\(code.severity.rawValue).**"
        #expect(text.contains(heading), "Docs/Findings.md has no section starting \"\(heading)\"")
    }

    @Test("the sections are in code order and there is none for a code that does not exist")
    func noStrays() throws {
        let text = try Fixtures.text("Docs/Findings.md")
        let documented = text.split(separator: "\n").filter { $0.hasPrefix("## SM") }.map { String($0.dropFirst(3).prefix(5)) }
        #expect(documented == FindingCode.allCases.map(\.rawValue))
    }
}
