import Foundation
import SMTestSupport
import Testing

/// The Swift in the README and in Docs/ is compiled as part of this target (see `SnippetExtractor`); these tests
/// keep the generated files in step with the documents and run the snippets' statements.
@Suite("Swift snippets of the documentation")
struct DocumentationSnippetTests {
    static let root = Fixtures.repositoryRoot
    static let snippetsDirectory = root.appendingPathComponent("Tests/SMDocumentationTests/Snippets")

    @Test("the compiled snippets are the documents' snippets (scripts/update-snippets rewrites them)")
    func inStep() throws {
        let expected = try SnippetExtractor.expectedFiles(root: Self.root).files
        #expect(expected.count >= 5, "the README and Docs/ have Swift snippets")
        let committed = Set(try FileManager.default.contentsOfDirectory(atPath: Self.snippetsDirectory.path))
        #expect(committed == Set(expected.keys), "snippet files differ from the documents' blocks; run scripts/update-snippets")
        for (name, text) in expected.sorted(by: { $0.key < $1.key }) {
            let actual = try? String(contentsOf: Self.snippetsDirectory.appendingPathComponent(name), encoding: .utf8)
            #expect(actual == text, "\(name) is out of date; run scripts/update-snippets")
        }
    }

    @Test("every snippet's statements run", arguments: documentationSnippets.map(\.place))
    func runs(place: String) throws {
        // Snippets name files relative to the repository, as a reader running them from a clone would.
        #expect(FileManager.default.changeCurrentDirectoryPath(Self.root.path))
        let snippet = try #require(documentationSnippets.first { $0.place == place })
        try snippet.run()
    }

    @Test("package manifests in the documentation are valid manifests")
    func manifests() throws {
        let manifests = try SnippetExtractor.expectedFiles(root: Self.root).snippets.filter(\.isManifest)
        #expect(!manifests.isEmpty, "the README shows how to depend on smcheck")
        for manifest in manifests {
            let scratch = try ScratchDirectory("manifest")
            try scratch.write("Package.swift", manifest.code)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "package", "--package-path", scratch.url.path, "dump-package"]
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(manifest.document):\(manifest.line): \(message)")
        }
    }
}
