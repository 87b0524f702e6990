// Regenerates Tests/SMDocumentationTests/Snippets from the Swift blocks of README.md and Docs/*.md, and
// Tests/SMDocumentationTests/Generated from the seed specs the documents' generated types come from.
// Run through scripts/update-snippets; a separate executable, so it works while the snippets do not compile.
import Foundation
import SMCodegen
import SMEngine
import SMSpec
import SMTestSupport

let root = Fixtures.repositoryRoot
let (snippets, files) = try SnippetExtractor.expectedFiles(root: root)
try SnippetExtractor.write(files, to: root.appendingPathComponent("Tests/SMDocumentationTests/Snippets"))
var generated: [String: String] = [:]
for name in SnippetExtractor.generatedSpecs {
    let generator = SwiftGenerator(machine: try Machine(try Fixtures.spec(name)), options: .init(access: .internal))
    generated["\(generator.typeName).swift"] = generator.source()
    generated["\(generator.typeName)+Conformance.swift"] = generator.conformanceSource()
}
try SnippetExtractor.write(generated, to: root.appendingPathComponent("Tests/SMDocumentationTests/Generated"))
print("\(snippets.count) snippets, \(files.count) files in Tests/SMDocumentationTests/Snippets; \(generated.count) in Generated")
