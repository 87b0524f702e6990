// Regenerates Tests/SMDocumentationTests/Snippets from the Swift blocks of README.md and Docs/*.md.
// Run through scripts/update-snippets; a separate executable, so it works while the snippets do not compile.
import Foundation
import SMTestSupport

let root = Fixtures.repositoryRoot
let (snippets, files) = try SnippetExtractor.expectedFiles(root: root)
try SnippetExtractor.write(files, to: root.appendingPathComponent("Tests/SMDocumentationTests/Snippets"))
print("\(snippets.count) snippets, \(files.count) files in Tests/SMDocumentationTests/Snippets")
