import Foundation
import SMSpec
import SMTestSupport
import Testing

/// The version and the repository are written once (`Release`); the documents' package dependency lines follow.
@Suite("The release the documents name")
struct ReleaseTests {
    @Test("every `.package(url:from:)` in the README and Docs/ names this repository and version")
    func dependencyLines() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repositoryRoot.appendingPathComponent("Docs").path)
        let documents = ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
        let expected = ".package(url: \"\(Release.repository).git\", from: \"\(Release.version)\")"
        var checked = 0
        for document in documents {
            for line in try Fixtures.text(document).split(separator: "\n") where line.contains(".package(url:") {
                #expect(line.contains(expected), "\(document): \(line)")
                checked += 1
            }
        }
        #expect(checked >= 2, "the README and Docs/CodeGeneration.md show how to depend on smcheck")
    }
}
