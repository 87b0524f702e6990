import Foundation
import SMAnalyzer
import SMSpec
import SMTestSupport
import Testing

/// The whole specs the README and Docs/ show (JSON blocks with `"format": "smcheck/1"`) are what a reader copies
/// first: each must load and check without an error-level finding.
@Suite("Specs in the documentation")
struct DocumentationSpecTests {
    struct Block: CustomTestStringConvertible, Sendable {
        let document: String
        let line: Int
        let text: String
        var testDescription: String { "\(document):\(line)" }
    }

    static let documents =
        ["README.md"]
        + ((try? FileManager.default.contentsOfDirectory(atPath: Fixtures.repositoryRoot.appendingPathComponent("Docs").path)) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/\($0)" }

    /// The JSON blocks of every document that are whole specs, with the line each starts on.
    static let blocks: [Block] = documents.flatMap { document -> [Block] in
        guard let text = try? Fixtures.text(document) else { return [] }
        var blocks: [Block] = []
        var current: (line: Int, lines: [Substring])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if current == nil, line == "```json" {
                current = (index + 2, [])
            } else if let open = current {
                if line == "```" {
                    let body = open.lines.joined(separator: "\n")
                    if body.contains(#""format": "smcheck/1""#) { blocks.append(Block(document: document, line: open.line, text: body)) }
                    current = nil
                } else {
                    current?.lines.append(line)
                }
            }
        }
        return blocks
    }

    @Test("the documents show whole specs (the list below is not empty)")
    func found() {
        #expect(Self.documents.contains("Docs/SpecFormat.md"))
        #expect(Self.blocks.contains { $0.document == "Docs/SpecFormat.md" }, "Docs/SpecFormat.md opens with a small example")
    }

    @Test("each loads and has no error-level finding", arguments: blocks)
    func checksWithoutErrors(block: Block) throws {
        let spec = try Spec.load(json: Array(block.text.utf8), file: block.testDescription)
        let errors = try Analyzer.analyze(spec).findings.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(block.testDescription): \(errors.map(\.message))")
    }
}
